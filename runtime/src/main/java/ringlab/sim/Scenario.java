package ringlab.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.sim.feature.InstallOrder;
import ringlab.sim.feature.TunableSettings;
import ringlab.sim.workload.IperfOptions;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.Tunable;

/**
 * Everything a run depends on: board, active features, iperf3 options, seed, topology, ping flow and
 * --set overrides. Same scenario and seed, same result, byte for byte.
 */
public final class Scenario {
    public enum Topology { DIRECT, FORWARD }

    public final Board board;
    public final List<DriverFeature> features;
    public final IperfOptions iperf;
    public final long seed;
    public final Topology topology;
    /** ICMP echo interval in ns (0 = no ping flow). */
    public final long pingIntervalNs;
    /** --set k=v overrides (stack settings and feature tunables), insertion-ordered. */
    public final Map<String, String> settings;
    /**
     * The features' tunable values, per feature: those set with {@link Builder#tunable}, plus each flat
     * --set of a tunable name for every feature of the scenario that declares that name.
     */
    public final TunableSettings tunables;
    /** Run without an end (the node): senders never stop, history is bounded. */
    public final boolean continuous;
    /**
     * The MSS of iperf3's control connection (TCP_MAXSEG of a connected socket, tp->mss_cache): the link's MTU
     * less the IPv4 and TCP headers and, with net.ipv4.tcp_timestamps on (Linux's default), the aligned
     * timestamp option. iperf3 -V prints it; a UDP test without -l sends datagrams of this length.
     */
    public final int controlMss;

    private Scenario(Builder b) {
        this.board = b.board;
        this.features = InstallOrder.of(b.features); // as the drivers install them, so reports list them so
        this.seed = b.seed;
        this.topology = b.topology;
        this.pingIntervalNs = b.pingIntervalNs;
        this.settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.settings));
        this.tunables = tunables(b, features);
        this.continuous = b.continuous;
        // tcp_timestamps read as the run's stack reads it (StackSettings, which also refuses a bad stack value here)
        boolean timestamps = StackSettings.from(settings).tcpTimestamps;
        this.controlMss = board.nic().mtu() - 40 - (timestamps ? ringlab.sim.tcp.TcpConfig.TCPOLEN_TSTAMP_ALIGNED : 0);
        this.iperf = b.iperf.withControlMss(controlMss);
    }

    private static TunableSettings tunables(Builder b, List<DriverFeature> features) {
        Map<String, Map<String, Long>> m = new LinkedHashMap<>();
        b.tunables.byFeature().forEach((id, v) -> m.put(id, new LinkedHashMap<>(v)));
        for (Map.Entry<String, String> e : b.settings.entrySet()) {
            if (StackSettings.isStackKey(e.getKey())) continue;
            for (DriverFeature f : features) {
                for (Tunable t : f.tunables()) {
                    if (t.name().equals(e.getKey())) m.computeIfAbsent(f.id(), k -> new LinkedHashMap<>()).putIfAbsent(t.name(), inRange(f, t, whole(e)));
                }
            }
        }
        return TunableSettings.of(m);
    }

    /** The range the feature declares, as the API and the sysfs files it imitates refuse what lies outside. */
    private static long inRange(DriverFeature f, Tunable t, long v) {
        if (v < t.min() || v > t.max()) {
            throw new IllegalArgumentException("--set " + t.name() + ": " + v + " is out of range [" + t.min() + ", " + t.max()
                    + "] " + t.unit() + " (tunable " + f.id() + "/" + t.name() + ")");
        }
        return v;
    }

    private static long whole(Map.Entry<String, String> e) {
        try {
            return Long.parseLong(e.getValue().trim());
        } catch (NumberFormatException x) {
            throw new IllegalArgumentException("--set " + e.getKey() + ": '" + e.getValue() + "' is not a whole number");
        }
    }

    public static Builder builder(Board board) { return new Builder(board); }

    public Builder toBuilder() {
        Builder b = new Builder(board);
        b.features.addAll(features);
        b.iperf = iperf;
        b.seed = seed;
        b.topology = topology;
        b.pingIntervalNs = pingIntervalNs;
        b.settings.putAll(settings);
        b.tunables = tunables;
        b.continuous = continuous;
        return b;
    }

    public static final class Builder {
        private final Board board;
        private final List<DriverFeature> features = new ArrayList<>();
        private IperfOptions iperf = IperfOptions.defaults();
        private long seed = 1;
        private Topology topology = Topology.DIRECT;
        private long pingIntervalNs;
        private final Map<String, String> settings = new LinkedHashMap<>();
        private TunableSettings tunables = TunableSettings.NONE;
        private boolean continuous;

        private Builder(Board board) {
            if (board == null) throw new IllegalArgumentException("scenario needs a board");
            this.board = board;
        }

        public Builder features(List<DriverFeature> f) { features.clear(); features.addAll(f); return this; }

        public Builder iperf(IperfOptions o) { this.iperf = o; return this; }

        public Builder seed(long s) { this.seed = s; return this; }

        public Builder topology(Topology t) { this.topology = t; return this; }

        public Builder pingIntervalNs(long ns) { this.pingIntervalNs = ns; return this; }

        public Builder set(String k, String v) { settings.put(k, v); return this; }

        /** One feature's tunable values (kernel names), for that feature only; they win over a flat --set. */
        public Builder tunables(String featureId, Map<String, Long> values) {
            Map<String, Long> m = new LinkedHashMap<>(tunables.byFeature().getOrDefault(featureId, Map.of()));
            m.putAll(values);
            tunables = tunables.with(featureId, m);
            return this;
        }

        public Builder continuous(boolean c) { this.continuous = c; return this; }

        public Scenario build() { return new Scenario(this); }
    }
}
