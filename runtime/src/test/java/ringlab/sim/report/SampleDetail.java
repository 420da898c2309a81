package ringlab.sim.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small hand-made device detail (a forwarding device with two ports) for the report and formatter tests. */
public final class SampleDetail {

    private SampleDetail() {
    }

    /** Every section filled in, every optional one present except the per-core CPU (a single core). */
    public static DeviceDetail forward() {
        return new DeviceDetail("sim-a", "forward", 2.0,
                new CpuPercent(3.2, 25.456, 0, 0, 0.123456, 0.5, 70.720544, null, 1234),
                new Interrupts(ordered("eth0", 1234L, "eth1", 56L), 2000, 0.0123),
                new NapiStats(100, 1234, 12.34, 1200, 3, 90, 10),
                ordered("rx_missed_errors", 3L, "TcpExtTCPRcvQDrop", 1L),
                new Accounting(1300, 1290, 4, 6),
                new Occupancy(12.5, 64, 0.5, 32, 0, 35.25),
                List.of(port("eth0", 1250, 50), port("eth1", 50, 1250)),
                ordered("eth0", new PortFeatures(List.of("napi", "gro"),
                                ordered("gro", ordered("gro_receive", 10L, "gro_merged", 4L)),
                                ordered("pages", 64L)),
                        "eth1", new PortFeatures(List.of(), Map.of(), null)),
                List.of(new TcpCounters(52926, nstat(1240, 45, 0, 0, 0, 1, 12, 2), 5_629_017, 40_960, 1.0, 71_400, 530_000)),
                ordered("stack", 60.5, "copy", 39.5),
                ordered("copy.byte", 39.5, "stack.tcp.rx", 35.25, "stack.l3.rx", 25.25),
                new PingSummary(200, 199, 0.25, 0.5, 1.75, 2.0),
                0);
    }

    static PortCounters port(String name, long rx, long tx) {
        return new PortCounters(name, "pfifo_fast", rx, tx, 1514 * rx, 66 * tx, 0, 0, 0, 0, 0, 0, rx, tx, 1.0, 0, 0, 0, 0, 0,
                100 * rx, 100 * rx, 24 * tx, 0, 0, 0, null);
    }

    /** TcpCounters' nstat map: the values in the order of TcpCounters.NAMES. */
    static Map<String, Long> nstat(long... v) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < v.length; i++) m.put(TcpCounters.NAMES[i], v[i]);
        return m;
    }

    /** An insertion-ordered map of key, value pairs. */
    @SuppressWarnings("unchecked")
    static <V> Map<String, V> ordered(Object... kv) {
        Map<String, V> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], (V) kv[i + 1]);
        }
        return m;
    }
}
