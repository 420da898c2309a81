package ringlab.testkit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * One simulated iperf3 run as a plug-in's test writes it, read the way the CLI reads {@code ./ringlab run}:
 * <pre>
 *   TestResult r = TestRun.on("bcm6328").with(new MyFeature()).features("stock,my-feature")
 *           .iperf("-M 512 -t 5").run().assertLedgerHolds();
 * </pre>
 * Boards come from the test's class path (board bundles carry {@code META-INF/ringlab/board.json}); feature
 * ids in a list are the features on the class path ({@code META-INF/services}) plus the instances given
 * with {@link #with}, which win over a class-path feature of the same id (the one under test). The list
 * grammar is the CLI's: {@code stock} for the board's stock set, {@code -id} removes one. Runs are
 * deterministic: the same run with the same seed gives the same figures.
 */
public final class TestRun {
    private final Board board;
    private final Map<String, DriverFeature> extra = new LinkedHashMap<>();
    private String list;
    private List<DriverFeature> explicit;
    private List<String> iperf = List.of();
    private long seed = 1;
    private long pingIntervalNs;
    private Scenario.Topology topology = Scenario.Topology.DIRECT;
    private final Map<String, String> settings = new LinkedHashMap<>();

    private TestRun(Board board) { this.board = board; }

    /** A board of the test's class path by id; an IllegalArgumentException names the ones there are. */
    public static TestRun on(String boardId) {
        Map<String, Board> boards = ClasspathBoards.load(Thread.currentThread().getContextClassLoader());
        Board b = boards.get(boardId);
        if (b == null) {
            throw new IllegalArgumentException("board '" + boardId + "' is not on the class path (there: "
                    + (boards.isEmpty() ? "none; add a board bundle as a test dependency" : String.join(", ", boards.keySet())) + ")");
        }
        return new TestRun(b);
    }

    /** A board built by the test (e.g. a variant of a calibrated one). */
    public static TestRun on(Board board) { return new TestRun(board); }

    /** The board this run is on (its SoC, NIC and costs, for a test's own arithmetic). */
    public Board board() { return board; }

    /** Makes a feature instance known to {@link #features(String)} (the feature under test). */
    public TestRun with(DriverFeature feature) {
        extra.put(feature.id(), feature);
        return this;
    }

    /** The active features as a list in the CLI's grammar ("stock", "stock,bql", "stock,-gro"); resolved at {@link #run}. */
    public TestRun features(String list) {
        this.list = list;
        this.explicit = null;
        return this;
    }

    /** Exactly these feature instances, in this order, with no resolution (no requirement or conflict checks). */
    public TestRun features(DriverFeature... features) {
        this.explicit = List.of(features);
        this.list = null;
        return this;
    }

    /** iperf3 client arguments, as after {@code --} on the CLI: separate words, or one string split at spaces. */
    public TestRun iperf(String... args) {
        this.iperf = args.length == 1 ? List.of(args[0].trim().split("\\s+")) : List.of(args);
        return this;
    }

    public TestRun seed(long seed) {
        this.seed = seed;
        return this;
    }

    /** A setting as {@code --set key=value} gives it (stack settings and feature tunables). */
    public TestRun set(String key, String value) {
        settings.put(key, value);
        return this;
    }

    /** A ping flow beside the iperf3 traffic (the CLI's --ping), one echo request per interval. */
    public TestRun ping(long intervalNs) {
        this.pingIntervalNs = intervalNs;
        return this;
    }

    /** The device forwards between two ports instead of terminating the traffic (the CLI's --topology forward). */
    public TestRun forward() {
        this.topology = Scenario.Topology.FORWARD;
        return this;
    }

    /** The scenario as the simulation gets it; a bad feature list or iperf3 argument is an IllegalArgumentException. */
    public Scenario scenario() {
        List<DriverFeature> features = explicit != null ? explicit : FeatureResolver.resolve(list == null ? "stock" : list, board, catalog());
        Scenario.Builder b = Scenario.builder(board).features(features).iperf(IperfArgs.parse(iperf)).seed(seed)
                .topology(topology).pingIntervalNs(pingIntervalNs);
        settings.forEach(b::set);
        return b.build();
    }

    /** Runs to the end of the iperf3 test in virtual time. */
    public TestResult run() { return new TestResult(new Simulation(scenario()).run()); }

    /** Features on the class path, then the instances given with {@link #with}. */
    private Map<String, DriverFeature> catalog() {
        Map<String, DriverFeature> m = new TreeMap<>();
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class, Thread.currentThread().getContextClassLoader())) m.put(f.id(), f);
        m.putAll(extra);
        return m;
    }

    @Override
    public String toString() {
        return board.id() + " [" + (explicit != null ? explicit.stream().map(DriverFeature::id).toList() : list == null ? "stock" : list) + "] -- "
                + String.join(" ", iperf) + " (seed " + seed + (settings.isEmpty() ? "" : ", " + settings) + ")";
    }

}
