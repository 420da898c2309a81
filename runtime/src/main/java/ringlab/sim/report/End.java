package ringlab.sim.report;

import java.util.ArrayList;
import java.util.List;

/** Models iperf3's end-of-test block: per-stream totals, their sums, and CPU use. */
public final class End {
    public List<EndStream> streams = new ArrayList<>();
    public Totals sumSent = new Totals();
    public Totals sumReceived = new Totals();
    /** --bidir only: the sums of the reverse (device-sending) streams; null otherwise. */
    public Totals sumSentBidirReverse;
    public Totals sumReceivedBidirReverse;
    public Cpu cpu = new Cpu();
    /** TCP only: the congestion control algorithm of the sending and the receiving side ("cubic", "reno"). */
    public String senderTcpCongestion;
    public String receiverTcpCongestion;
}
