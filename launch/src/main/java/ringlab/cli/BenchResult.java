package ringlab.cli;

/**
 * One benchmark scenario's measurement, a row of {@code ringlab bench --json}. Wall-clock figures: they vary
 * from run to run. A skipped scenario has only its name and {@link #skipped}; the figures are null.
 *
 * @param scenario                  the case's name, e.g. "bcm6328 stock TCP receive -M 512"
 * @param skipped                   why the scenario did not run (its board is not installed); null when it ran
 * @param simulatedSeconds          virtual time simulated, the iperf3 -t (seconds)
 * @param wallSeconds               wall-clock time of the measured run, after a JIT warm-up run (seconds)
 * @param realtimeFactor            simulated seconds per wall second (ratio)
 * @param framesPerWallSecond       frames that crossed a wire (both directions, all ports) per wall second
 * @param eventsPerWallSecond       discrete events processed per wall second
 * @param peakHeapMb                peak used heap of all heap pools during the measured run (MiB)
 * @param targetFramesPerWallSecond the case's target for framesPerWallSecond
 * @param meetsTarget               framesPerWallSecond reached the target
 */
record BenchResult(String scenario, String skipped, Double simulatedSeconds, Double wallSeconds,
                   Double realtimeFactor, Double framesPerWallSecond, Double eventsPerWallSecond, Double peakHeapMb,
                   Double targetFramesPerWallSecond, Boolean meetsTarget) {

    static BenchResult skipped(String scenario, String why) {
        return new BenchResult(scenario, why, null, null, null, null, null, null, null, null);
    }
}

