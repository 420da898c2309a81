package ringlab.sweep;

import java.io.Serializable;

/**
 * What a run's task sends back to the driver (Java-serialized, hence strings): the RunResult and the full
 * iperf3 JSON document; or the refusal's one line when the run refused at start (a feature refusing its
 * tunables at ndo_open); or the failure's one line when the run threw (a defect: the run is not written and
 * the sweep ends with status 1; started again, it runs again).
 *
 * @param key       the run's key
 * @param result    the RunResult as one line of JSON, null when refused or failed
 * @param document  the run's `ringlab run --json` document (start time pinned to the epoch), null when refused or failed
 * @param refusal   the refusal's reason, null unless refused
 * @param failure   the exception's class and first line, null unless failed
 * @param runWallNs the wall time of the run on its task thread, for the overhead figures (ns)
 * @param runCpuNs  the CPU time of the run on its task thread (ThreadMXBean), for the overhead figures (ns)
 */
record TaskOutput(String key, String result, String document, String refusal, String failure, long runWallNs, long runCpuNs)
        implements Serializable {
    static TaskOutput failed(String key, Throwable e, long wallNs, long cpuNs) {
        String m = e.getMessage() == null ? "" : e.getMessage().strip().lines().findFirst().orElse("");
        return new TaskOutput(key, null, null, null, e.getClass().getSimpleName() + (m.isEmpty() ? "" : ": " + m), wallNs, cpuNs);
    }
}
