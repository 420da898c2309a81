package ringlab.sim.report;

import java.util.ArrayList;
import java.util.List;

/** Models iperf3's end-of-test block: per-stream totals, their sums, and CPU use. */
public final class End {
    public List<EndStream> streams = new ArrayList<>();
    public Totals sumSent = new Totals();
    public Totals sumReceived = new Totals();
    public Cpu cpu = new Cpu();
}
