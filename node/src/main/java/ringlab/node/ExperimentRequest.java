package ringlab.node;

/**
 * What an A/B experiment runs: one board, two feature lists, one iperf3 workload, a duration and a seed.
 * Each side is the batch run {@code ringlab run --hardware BOARD --features LIST --seed SEED -- WORKLOAD -t
 * SECONDS}. Unvalidated until {@link Experiments#submit} accepts it.
 *
 * @param board board id (an installed board)
 * @param featuresA feature list of side A ("before"), as --features takes it: ids, "stock", "-id"
 * @param featuresB feature list of side B ("after")
 * @param workload iperf3 client arguments of the peer, without -t (a -t here is overridden by seconds)
 * @param seconds the test's duration, iperf3's -t (virtual seconds, 1 to {@link Experiments#MAX_SECONDS})
 * @param seed seed of both runs' PRNG
 */
public record ExperimentRequest(String board, String featuresA, String featuresB, String workload, int seconds, long seed) {
}
