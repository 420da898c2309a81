package ringlab.node;

import com.google.gson.annotations.SerializedName;

/**
 * One entry of the node's event log: something that changed what the node runs or what is installed.
 *
 * @param seq position in the log, from 1, growing by one per event
 * @param kind what happened
 * @param subject what it happened to: "scenario", a feature id, a board id, a bundle's symbolic name
 * @param message one line for people
 * @param wallMillis wall-clock time, milliseconds since the epoch
 * @param virtualSeconds the node's virtual time (continuous across rebuilds of the simulation, the x axis
 *        of the console's charts), in seconds
 */
public record NodeEvent(long seq, Kind kind, String subject, String message, long wallMillis, double virtualSeconds) {

    /** The kinds of events; the JSON names are the snake_case ones. */
    public enum Kind {
        /** A scenario or tunable change was asked for (through the API or a configuration file). */
        @SerializedName("change_requested") CHANGE_REQUESTED,
        /** A requested change took effect in the running simulation. */
        @SerializedName("change_applied") CHANGE_APPLIED,
        /** A requested change was refused; nothing of it was applied. */
        @SerializedName("change_refused") CHANGE_REFUSED,
        @SerializedName("bundle_installed") BUNDLE_INSTALLED,
        @SerializedName("bundle_updated") BUNDLE_UPDATED,
        @SerializedName("bundle_started") BUNDLE_STARTED,
        @SerializedName("bundle_stopped") BUNDLE_STOPPED,
        @SerializedName("bundle_uninstalled") BUNDLE_UNINSTALLED,
        /** A jar in the deploy folder was refused (name already installed otherwise, forbidden exports, manifest too large). */
        @SerializedName("bundle_refused") BUNDLE_REFUSED,
        /** A board bundle's descriptor could not be read or parsed; the board is not offered. */
        @SerializedName("board_rejected") BOARD_REJECTED,
        /** A feature service could not be used (its metadata threw); it is not offered. */
        @SerializedName("feature_rejected") FEATURE_REJECTED,
        /** A feature (or a board) was taken out of the run because its code threw. */
        @SerializedName("quarantine") QUARANTINE,
        /** The simulation was torn down and built again (board, workload or seed change, fault). */
        @SerializedName("restart") RESTART,
        /** An A/B experiment started, finished or failed (subject "experiment N"); the live run is not involved. */
        @SerializedName("experiment") EXPERIMENT,
        /** Something about how the node runs that needs attention, said at start (plain HTTP on a non-loopback address). */
        @SerializedName("warning") WARNING;

        /** The JSON name, e.g. "change_applied" (the constant's name in lower case). */
        public String jsonName() { return name().toLowerCase(java.util.Locale.ROOT); }
    }
}
