package ringlab.cli;

/**
 * One benchmark scenario's measurement, a row of {@code ringlab bench --json}. Wall-clock figures: they vary
 * from run to run. A skipped scenario has only its name and {@link #skipped}; the figures are null. The
 * single figures (wall seconds, frames and events per wall second, realtime factor) are the medians of the
 * measured iterations, taken after the warm-up; the spreads beside them give min / median / max.
 *
 * @param scenario                  the case's name, e.g. "bcm6328 stock TCP receive -M 512"
 * @param skipped                   why the scenario did not run (its board is not installed); null when it ran
 * @param simulatedSeconds          virtual time simulated, the iperf3 -t (seconds)
 * @param wallSeconds               median wall-clock time of a measured iteration, in the warm JVM (seconds)
 * @param realtimeFactor            simulated seconds per median wall second (ratio)
 * @param framesPerWallSecond       median of the measured iterations' frames that crossed a wire (both
 *                                  directions, all ports) per wall second
 * @param eventsPerWallSecond       median of the measured iterations' discrete events per wall second
 * @param peakHeapMb                peak used heap of all heap pools during the measured iterations (MiB)
 * @param targetFramesPerWallSecond the case's target for framesPerWallSecond
 * @param meetsTarget               the median framesPerWallSecond reached the target
 * @param warmUpIterations          iterations run before measuring (not measured)
 * @param warmUpStable              the warm-up ended by its stability rule (false: by its cap)
 * @param measuredIterations        iterations measured after the warm-up
 * @param wallSecondsSpread         the measured iterations' wall seconds, min / median / max
 * @param framesPerWallSecondSpread the measured iterations' frames per wall second, min / median / max
 * @param cold                      the whole-process time of the scenario run as `./ringlab run ...`
 */
record BenchResult(String scenario, String skipped, Double simulatedSeconds, Double wallSeconds,
                   Double realtimeFactor, Double framesPerWallSecond, Double eventsPerWallSecond, Double peakHeapMb,
                   Double targetFramesPerWallSecond, Boolean meetsTarget,
                   Integer warmUpIterations, Boolean warmUpStable, Integer measuredIterations,
                   Spread wallSecondsSpread, Spread framesPerWallSecondSpread, ColdRun.Result cold) {

    static BenchResult skipped(String scenario, String why) {
        return new BenchResult(scenario, why, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null);
    }
}
