package ringlab.node;

import com.google.gson.annotations.SerializedName;
import java.util.List;
import ringlab.sim.report.CpuPercent;

/**
 * An A/B experiment as it stands: the request, where it is (queued, running, done or failed, with the
 * progress in virtual time) and, once done, the main figures of each side. Optional parts are null.
 *
 * @param id number of the experiment, from 1 since the node started
 * @param settings what the runs use besides the request: {@link #DEFAULT_SETTINGS}
 * @param state queued, running, done or failed
 * @param progress share of both runs' virtual time simulated so far, 0 to 1 (A is the first half)
 * @param error why it failed (which side, and the feature whose code threw when one can be named)
 * @param createdMillis wall-clock time it was accepted, milliseconds since the epoch
 * @param wallSeconds wall time both runs took, once done (s)
 * @param a side A's figures, once done
 * @param b side B's figures, once done
 */
public record Experiment(long id, String board, String featuresA, String featuresB, String workload, int seconds, long seed,
                         String settings, State state, double progress, String error, long createdMillis, Double wallSeconds,
                         Result a, Result b) {

    /** The runs use no --set: tunables at their defaults and the board's stock settings, as `ringlab run` does. */
    public static final String DEFAULT_SETTINGS = "defaults";

    public enum State {
        @SerializedName("queued") QUEUED,
        @SerializedName("running") RUNNING,
        @SerializedName("done") DONE,
        @SerializedName("failed") FAILED
    }

    /** Side A ("before") or B ("after"). */
    public enum Side {
        A, B;

        /** "a" or "b", as in the report's path; null for anything else. */
        public static Side of(String name) {
            return switch (name) {
                case "a", "A" -> A;
                case "b", "B" -> B;
                default -> null;
            };
        }
    }

    /**
     * One side's main figures, those of the Before/After tables of driver patches.
     *
     * @param features the active feature ids, in order
     * @param command the equivalent command line: {@code ringlab run ... --json} prints this side's report
     * @param iperfText the end section of the iperf3 client's text output (summary header, sender and
     *        receiver lines)
     * @param senderBitsPerSecond iperf3's sender bitrate, all streams (bit/s)
     * @param receiverBitsPerSecond iperf3's receiver bitrate, all streams (bit/s)
     * @param retransmits TCP retransmits of the sender, all streams (count; 0 for UDP)
     * @param lostPercent UDP datagrams lost at the receiver (percent); null for TCP
     * @param cpuPercent the device's CPU time per context, mpstat-like (percent)
     * @param interrupts NIC hard interrupts, all ports (count)
     * @param packetsPerPoll packets per NAPI poll (ratio)
     * @param drops packets dropped, all reasons (count)
     * @param cyclesPerPacket busy CPU cycles of all cores per frame the NIC received or sent (cycles)
     * @param cyclesPerPacketByKey the same cycles by cost key (the board's cost parameters, e.g.
     *        "dma.line.unmap"), every charged key, largest first (cycles)
     * @param wallSeconds wall time this side's simulation took (s)
     */
    public record Result(List<String> features, String command, String iperfText, double senderBitsPerSecond,
                         double receiverBitsPerSecond, long retransmits, Double lostPercent, CpuPercent cpuPercent,
                         long interrupts, double packetsPerPoll, long drops, double cyclesPerPacket,
                         java.util.Map<String, Double> cyclesPerPacketByKey, double wallSeconds) { }
}
