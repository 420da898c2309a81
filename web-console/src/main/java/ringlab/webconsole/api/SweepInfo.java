package ringlab.webconsole.api;

/**
 * A sweep the node started, as its progress.json and its process tell: the answer of the /sweeps routes.
 *
 * @param id          the sweep's id, also its folder under DATA/sweeps/
 * @param name        the spec's name
 * @param state       "starting" (no progress written yet), "running", "done", "failed" or "cancelled"
 * @param total       runs in the sweep (expanded product)
 * @param done        runs finished
 * @param refused     runs the resolver or the board refused (listed in the report)
 * @param failed      runs that failed
 * @param etaSeconds  estimated wall time left (seconds); null when unknown
 * @param error       why it failed or was cancelled (one line); null otherwise
 * @param started     when the node started it (ISO-8601, UTC)
 * @param report      whether report.html exists (GET /sweeps/{id}/report)
 */
record SweepInfo(String id, String name, String state, long total, long done, long refused, long failed, Double etaSeconds,
                 String error, String started, boolean report) { }
