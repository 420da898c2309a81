package ringlab.testkit;

import java.util.Map;
import ringlab.sim.report.PortFeatures;
import ringlab.sim.report.RunReport;

/**
 * A finished run, read as typed figures. The iperf3 side is the client's (the peer's) view, as iperf3
 * prints it; the device side is ringlab's detail. {@link #report()} has everything else.
 */
public final class TestResult {
    private final RunReport report;

    TestResult(RunReport report) { this.report = report; }

    /** A report a test made itself (e.g. with its own Simulation), read with this kit. */
    public static TestResult of(RunReport report) { return new TestResult(report); }

    /** The whole report (the iperf3 JSON's records and ringlab's device detail). */
    public RunReport report() { return report; }

    /** The receiver's goodput, iperf3's end.sum_received (bit/s). */
    public double receiverBitsPerSecond() { return report.end.sumReceived.bitsPerSecond; }

    /** The sender's rate, iperf3's end.sum_sent (bit/s). */
    public double senderBitsPerSecond() { return report.end.sumSent.bitsPerSecond; }

    /** TCP retransmissions of the sender, iperf3's Retr (count). */
    public long retransmits() { return report.end.sumSent.retransmits; }

    /** Dropped packets by reason (count each); only reasons that occurred. */
    public Map<String, Long> drops() { return report.ringlab.drops(); }

    /** CPU busy percent per context (hardirq, softirq, ...), as mpstat splits it. */
    public ringlab.sim.report.CpuPercent cpuPercent() { return report.ringlab.cpuPercent(); }

    /** A feature's counters on the device's first port (ethtool -S names); an AssertionError if it is not active there. */
    public Map<String, Long> counters(String featureId) {
        Map.Entry<String, PortFeatures> first = report.ringlab.features().entrySet().iterator().next();
        return counters(first.getKey(), featureId);
    }

    /** A feature's counters on a port ("eth0", "eth1" in a forwarding run). */
    public Map<String, Long> counters(String port, String featureId) {
        PortFeatures p = report.ringlab.features().get(port);
        if (p == null) throw new AssertionError("no port '" + port + "' (ports: " + report.ringlab.features().keySet() + ")");
        Map<String, Long> c = p.counters().get(featureId);
        if (c == null) throw new AssertionError("feature '" + featureId + "' has no counters on " + port + " (active: " + p.active() + ")");
        return c;
    }

    /** The packet ledger. */
    public Ledger ledger() { return Ledger.of(report.ringlab); }

    /** Asserts the ledger holds ({@link Ledger#assertHolds()}) and returns this result, for chaining. */
    public TestResult assertLedgerHolds() {
        ledger().assertHolds();
        return this;
    }
}
