package ringlab.node.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import ringlab.node.BoardCatalog;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeRunner;
import ringlab.node.ScenarioSpec;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.workload.IperfArgs;
import ringlab.sim.workload.IperfOptions;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Runs the node's scenario continuously on its own thread, paced to the wall clock (pause, a speed
 * factor, or as fast as possible). Configuration (PID ringlab.scenario) is validated as a whole and a
 * refused one changes nothing; an accepted one applies at the next safe point in virtual time: the
 * feature set and tunables at the driver's next NAPI poll (Simulation.setFeatures/setTunables), a
 * board, workload or seed change by tearing the device down and building a new Simulation (flows
 * restart; counted in status.restarts).
 *
 * <p>Fault isolation: a feature whose install() throws is left out by the driver and quarantined
 * here; the same run goes on. An exception out of the event loop (a feature's strategy on the hot
 * path, or a removed bundle's classes) is caught around advanceTo, not per call (that would cost on
 * every packet): the culprit is the innermost stack frame in a feature bundle; it is quarantined and,
 * since a half-run event can leave the device inconsistent, the Simulation is rebuilt without it
 * (counted as a "fault" restart). A Simulation that cannot be built for a board with no feature to
 * blame quarantines the board.
 */
@Component(service = {NodeRunner.class, ScenarioControl.class}, immediate = true, configurationPid = ScenarioSpec.PID)
@Designate(ocd = PacedRunner.Config.class)
public final class PacedRunner implements NodeRunner, ScenarioControl {

    @ObjectClassDefinition(id = ScenarioSpec.PID, name = "ringlab scenario",
            description = "The scenario the node runs continuously. A change is validated as a whole and applies at the next safe point in virtual time.")
    @interface Config {
        @AttributeDefinition(description = "Board id (a started board bundle)")
        String board() default "bcm6328";

        @AttributeDefinition(description = "Active features: comma-separated ids; 'stock' is the board's stock set, '-id' removes one")
        String features() default "stock";

        @AttributeDefinition(description = "iperf3 client arguments of the peer (the device runs the server); -t is ignored, the run is continuous")
        String workload() default "-M 512";

        @AttributeDefinition(description = "pause, max (as fast as possible) or a speed factor: virtual seconds per wall second, e.g. 1 or 10")
        String pace() default "1";

        @AttributeDefinition(description = "Seed of the run's PRNG")
        long seed() default 1;

        @AttributeDefinition(description = "Wall milliseconds between advances")
        long tickMillis() default 20;
    }

    private static final long MAX_STEP_NS = 5_000_000L;       // virtual step in "max" pace
    private static final long MAX_LAG_NS = 1_000_000_000L;    // wall lag after which the pace re-anchors
    private static final long SAMPLE_NS = 500_000_000L;       // metrics history: one sample per half wall second

    @Reference
    private BoardCatalog boards;
    @Reference
    private FeatureCatalog features;

    private volatile ScenarioSpec wanted;
    private volatile long tickMillis;
    private final Map<String, Map<String, Long>> tunables = new ConcurrentSkipListMap<>();
    private volatile boolean tunablesDirty;
    private final Map<String, Quarantine> quarantine = new ConcurrentSkipListMap<>();
    private volatile Map<String, Object> refused; // the last refused configuration, for status
    private final Metrics metrics = new Metrics(120);
    private long activatedWall;
    private Thread thread;
    private volatile boolean running;
    private volatile Map<String, Object> snapshot = Map.of();

    /** A feature taken out of the run because its code threw; lifted when its service is replaced. */
    record Quarantine(String id, DriverFeature feature, String bundle, String error, String where, long virtualNanos) { }

    private record BoardFault(Board board, String error) { }

    // owned by the runner thread
    private Simulation sim;
    private ScenarioSpec simSpec;
    private Board simBoard;
    private List<DriverFeature> active = List.of();
    private Map<String, String> unavailable = Map.of();
    private BoardFault boardFault;
    private String state = "starting";
    private String lastError;
    private long errorUntil;
    private long anchorWall, anchorVirtual;
    private long lastAdvanceNanos;
    private long lastSampleWall;
    private long restarts;
    private final Map<String, Long> restartsByReason = new TreeMap<>();
    private String lastRestart;
    private long builds;

    @Activate
    void activate(Config config) {
        activatedWall = System.nanoTime();
        wanted = spec(config);
        tickMillis = Math.max(1, config.tickMillis());
        running = true;
        snapshot = snapshot(null);
        thread = new Thread(this::loop, "ringlab-node-runner");
        thread.setDaemon(true); // never keeps a stopping framework's JVM alive
        thread.start();
    }

    /** A new configuration: validated as a whole; refused (nothing applied) or taken at the next safe point. */
    private static ScenarioSpec spec(Config c) {
        return new ScenarioSpec(c.board(), c.features(), c.workload(), c.pace(), c.seed());
    }

    @Modified
    void modified(Config config) {
        ScenarioSpec next = spec(config);
        try {
            validate(next);
        } catch (IllegalArgumentException e) {
            refused(ScenarioSpec.PID, e.getMessage());
            return;
        }
        tickMillis = Math.max(1, config.tickMillis());
        wanted = next;
        refused = null;
        LockSupport.unpark(thread);
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(TimeUnit.SECONDS.toMillis(5));
    }

    // ------------------------------------------------------------------ ScenarioControl

    @Override
    public Map<String, Object> status() { return snapshot; }

    @Override
    public Map<String, Object> metrics() { return metrics.toJson(); }

    @Override
    public ScenarioSpec wanted() { return wanted; }

    @Override
    public ScenarioValidator.Plan validate(ScenarioSpec spec) {
        Board board = boards.boards().get(spec.board());
        if (board != null) {
            for (String id : ids(spec.features(), board)) {
                Quarantine q = quarantine.get(id);
                if (q != null && installed().get(id) == q.feature()) {
                    throw new IllegalArgumentException("feature '" + id + "' is quarantined (" + q.error()
                            + "); update or restart its bundle " + q.bundle());
                }
            }
        }
        return ScenarioValidator.validate(spec, boards.boards(), usable());
    }

    @Override
    public Map<String, Long> validateTunables(String featureId, Map<String, ?> raw) {
        DriverFeature f = installed().get(featureId);
        if (f == null) throw new IllegalArgumentException("feature '" + featureId + "' is not installed");
        Map<String, Long> valid = TunableValues.validate(f, raw);
        ScenarioSpec w = wanted;
        Board board = w == null ? null : boards.boards().get(w.board());
        if (board != null) {
            String why = f.unsupportedReason(board, name -> valid.containsKey(name) ? valid.get(name) : defaultOf(f, name));
            if (why != null) throw new IllegalArgumentException("feature '" + featureId + "' cannot run on board " + board.id() + ": " + why);
        }
        return valid;
    }

    private static long defaultOf(DriverFeature f, String name) {
        for (ringlab.spi.feature.Tunable t : f.tunables()) if (t.name().equals(name)) return t.defaultValue();
        return 0;
    }

    @Override
    public void tunablesChanged(String featureId, Map<String, Long> values) {
        if (values.isEmpty()) tunables.remove(featureId);
        else tunables.put(featureId, Map.copyOf(values));
        tunablesDirty = true;
        LockSupport.unpark(thread);
    }

    @Override
    public void refused(String pid, String message) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("pid", pid);
        r.put("error", message);
        r.put("uptimeMillis", uptimeMillis());
        refused = Collections.unmodifiableMap(r);
    }

    @Override
    public Map<String, Map<String, Long>> tunables() { return new TreeMap<>(tunables); }

    @Override
    public Map<String, String> quarantined() {
        Map<String, String> m = new TreeMap<>();
        quarantine.values().forEach(q -> m.put(q.id(), q.error()));
        return m;
    }

    // ------------------------------------------------------------------ the loop

    private void loop() {
        while (running) {
            long start = System.nanoTime();
            Map<String, Object> simStatus = null;
            try {
                simStatus = tick();
            } catch (RuntimeException | LinkageError e) {
                // a node bug or something no one could be blamed for: keep the node up, start afresh
                lastError = e.toString();
                teardown("error");
                errorUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            }
            snapshot = snapshot(simStatus);
            if (simStatus != null && !"paused".equals(state) && start - lastSampleWall >= SAMPLE_NS) {
                lastSampleWall = start;
                metrics.add(uptimeMillis(), Metrics.figures(simStatus));
            }
            boolean busy = simStatus != null && "running".equals(state) && paceOf(simSpec).max();
            // a change handed to the simulation waits for the driver's next poll boundary: tick again in 1 ms
            // rather than a whole tick, so its effect (and the status showing it) follows within a poll or two
            long period = sim != null && sim.featureChangePending() ? 1 : tickMillis;
            long sleep = start + TimeUnit.MILLISECONDS.toNanos(period) - System.nanoTime();
            if (!busy && sleep > 0) {
                LockSupport.parkNanos(this, sleep); // a configuration change unparks: it applies at once
            }
            if (Thread.interrupted() && !running) {
                return;
            }
        }
    }

    /** One tick: (re)build the simulation if needed, apply changes, advance. Null: nothing is running. */
    private Map<String, Object> tick() {
        if (System.nanoTime() < errorUntil) return null;
        ScenarioSpec w = wanted;
        Map<String, Board> boardMap = boards.boards();
        Map<String, DriverFeature> installed = installed();
        // a feature bundle updated or restarted registers a new service object: its quarantine ends
        quarantine.values().removeIf(q -> installed.get(q.id()) != q.feature());
        if (boardFault != null && boardMap.get(boardFault.board().id()) != boardFault.board()) boardFault = null;

        if (sim != null) {
            if (boardMap.get(simSpec.board()) != simBoard) teardown("board-removed");
            else if (!simSpec.board().equals(w.board())) teardown("board-change");
            else if (simSpec.needsRebuild(w)) teardown("workload-change");
        }
        if (sim == null && !build(w, boardMap, installed)) return null;

        List<DriverFeature> eff = effective(w, simBoard, installed);
        if (!sameInstances(eff, active)) {
            sim.setFeatures(eff); // installed by the driver at its next poll boundary
            active = eff;
        }
        if (tunablesDirty) {
            tunablesDirty = false;
            sim.setTunables(settings());
        }
        if (!paceOf(w).equals(paceOf(simSpec))) anchor();
        simSpec = w;
        try {
            advance(paceOf(w));
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            fault(e, installed);
            return null;
        }
        for (Map.Entry<DriverFeature, Throwable> f : sim.takeInstallFailures().entrySet()) {
            quarantine(f.getKey(), f.getValue()); // the driver already runs without it
        }
        lastError = null;
        return FlatSimStatus.of(sim.status());
    }

    private boolean build(ScenarioSpec w, Map<String, Board> boardMap, Map<String, DriverFeature> installed) {
        Board board = boardMap.get(w.board());
        if (board == null) {
            state = "waiting-for-board";
            return false;
        }
        if (boardFault != null && boardFault.board() == board) {
            state = "board-quarantined";
            return false;
        }
        IperfOptions iperf;
        try {
            iperf = IperfArgs.parse(w.workloadArgs());
        } catch (IllegalArgumentException e) {
            state = "error";
            lastError = "workload: " + e.getMessage();
            return false;
        }
        List<DriverFeature> eff = effective(w, board, installed);
        tunablesDirty = false; // before settings() is read: a change from now on is applied after the build
        Scenario.Builder b = Scenario.builder(board).features(eff).iperf(iperf).seed(w.seed()).continuous(true);
        settings().forEach(b::set);
        try {
            sim = new Simulation(b.build());
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            DriverFeature culprit = Culprit.find(e, eff);
            if (culprit != null) {
                quarantine(culprit, e); // built again without it next tick
            } else {
                boardFault = new BoardFault(board, e.toString());
            }
            state = "error";
            lastError = e.toString();
            return false;
        }
        for (Map.Entry<DriverFeature, Throwable> f : sim.takeInstallFailures().entrySet()) quarantine(f.getKey(), f.getValue());
        simSpec = w;
        simBoard = board;
        active = eff;
        builds++;
        metrics.clear();
        anchor();
        return true;
    }

    /** An exception escaped the event loop: quarantine its feature and rebuild without it. */
    private void fault(Throwable e, Map<String, DriverFeature> installed) {
        Set<DriverFeature> candidates = Collections.newSetFromMap(new IdentityHashMap<>());
        candidates.addAll(active);
        candidates.addAll(sim.features());
        candidates.addAll(installed.values());
        DriverFeature culprit = Culprit.find(e, candidates);
        if (culprit != null) {
            // the stack names code, not the feature that installed it: every active feature of the
            // culprit's bundle goes (feature bundles hold one feature each in this project)
            for (DriverFeature f : active) {
                if (f != culprit && Culprit.sameBundle(f, culprit)) quarantine(f, e);
            }
            quarantine(culprit, e);
        } else {
            lastError = e.toString();
            errorUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        }
        teardown("fault");
        state = "restarting";
    }

    private void teardown(String reason) {
        if (sim == null) return;
        sim = null;
        active = List.of();
        restarts++;
        restartsByReason.merge(reason, 1L, Long::sum);
        lastRestart = reason;
    }

    private void quarantine(DriverFeature f, Throwable e) {
        Bundle b = FrameworkUtil.getBundle(f.getClass());
        String bundle = b == null ? null : b.getSymbolicName() + " [" + b.getBundleId() + "]";
        String id = safeId(f);
        quarantine.put(id, new Quarantine(id, f, bundle, e.toString(), Culprit.where(e, f), sim == null ? 0 : sim.now()));
        System.err.println("ringlab: feature '" + id + "' quarantined: " + e);
    }

    private static String safeId(DriverFeature f) {
        try {
            return f.id();
        } catch (RuntimeException e) {
            return f.getClass().getName();
        }
    }

    private void advance(Pace pace) {
        long t0 = System.nanoTime();
        if (pace.paused()) {
            state = "paused";
            anchor(); // resuming starts from here, not with a jump
            lastAdvanceNanos = 0;
            return;
        }
        state = "running";
        if (pace.max()) {
            long budget = TimeUnit.MILLISECONDS.toNanos(tickMillis);
            ScenarioSpec w = wanted;
            do {
                sim.advanceTo(sim.now() + MAX_STEP_NS);
            } while (System.nanoTime() - t0 < budget && wanted == w && !tunablesDirty);
            anchor();
        } else {
            if (t0 - anchorWall > MAX_LAG_NS && sim.now() < anchorVirtual + (long) ((t0 - anchorWall) * pace.factor()) - (long) (MAX_LAG_NS * pace.factor())) {
                // the host cannot keep this pace: do not pile up a backlog to catch up in a burst
                anchorVirtual = sim.now();
                anchorWall = t0 - TimeUnit.MILLISECONDS.toNanos(tickMillis);
            }
            sim.advanceTo(anchorVirtual + (long) ((t0 - anchorWall) * pace.factor()));
        }
        lastAdvanceNanos = System.nanoTime() - t0;
    }

    private void anchor() {
        anchorWall = System.nanoTime();
        anchorVirtual = sim == null ? 0 : sim.now();
    }

    private static Pace paceOf(ScenarioSpec s) {
        if (s == null) return new Pace(1);
        try {
            return Pace.parse(s.pace());
        } catch (IllegalArgumentException e) {
            return new Pace(1);
        }
    }

    // ------------------------------------------------------------------ features

    /** Registered features by id (the first of a duplicate id wins). */
    private Map<String, DriverFeature> installed() {
        Map<String, DriverFeature> m = new LinkedHashMap<>();
        for (DriverFeature f : features.features()) {
            try {
                m.putIfAbsent(f.id(), f);
            } catch (RuntimeException e) {
                // a feature whose id() throws cannot be named: not offered
            }
        }
        return m;
    }

    /** Installed and not quarantined: what a new configuration may use. */
    private Map<String, DriverFeature> usable() {
        Map<String, DriverFeature> m = installed();
        quarantine.values().forEach(q -> { if (m.get(q.id()) == q.feature()) m.remove(q.id()); });
        return m;
    }

    /**
     * The wanted features that can run now, in the wanted order: a feature whose bundle is gone or that
     * is quarantined falls back to stock behaviour (noted in status.unavailable), and so do features
     * that require it. The configuration was validated strictly when accepted; this only follows
     * bundles coming and going.
     */
    private List<DriverFeature> effective(ScenarioSpec w, Board board, Map<String, DriverFeature> installed) {
        Map<String, String> why = new LinkedHashMap<>();
        Map<String, DriverFeature> ok = new LinkedHashMap<>();
        for (String id : ids(w.features(), board)) {
            DriverFeature f = installed.get(id);
            Quarantine q = quarantine.get(id);
            if (f == null) {
                why.put(id, "not installed (bundle missing or stopped)");
            } else if (q != null && q.feature() == f) {
                why.put(id, "quarantined: " + q.error());
            } else {
                try {
                    String reason = f.unsupportedReason(board);
                    if (reason != null) why.put(id, "cannot run on board " + board.id() + ": " + reason);
                    else ok.put(id, f);
                } catch (RuntimeException | LinkageError e) {
                    quarantine(f, e);
                    why.put(id, "quarantined: " + e);
                }
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (DriverFeature f : List.copyOf(ok.values())) {
                try {
                    for (String r : f.requires()) {
                        if (!ok.containsKey(r)) {
                            ok.remove(f.id());
                            why.put(f.id(), "requires '" + r + "', which is unavailable");
                            changed = true;
                            break;
                        }
                    }
                } catch (RuntimeException | LinkageError e) {
                    quarantine(f, e);
                    ok.remove(safeId(f));
                    why.put(safeId(f), "quarantined: " + e);
                    changed = true;
                }
            }
        }
        unavailable = Collections.unmodifiableMap(why);
        return List.copyOf(ok.values());
    }

    /** Feature ids of a list as the CLI takes it: "stock" is the board's stock set, "-id" removes one. */
    static List<String> ids(String spec, Board board) {
        Set<String> ids = new LinkedHashSet<>();
        String s = spec == null || spec.isBlank() ? "stock" : spec;
        for (String raw : s.split(",")) {
            String t = raw.trim();
            if (t.isEmpty()) continue;
            if (t.equals("stock")) ids.addAll(board.stockFeatures());
            else if (t.startsWith("-")) ids.remove(t.substring(1));
            else ids.add(t);
        }
        return List.copyOf(ids);
    }

    private static boolean sameInstances(List<DriverFeature> a, List<DriverFeature> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (a.get(i) != b.get(i)) return false;
        return true;
    }

    /** Every configured tunable as a --set value (kernel names). */
    private Map<String, String> settings() {
        Map<String, String> m = new TreeMap<>();
        tunables.values().forEach(t -> t.forEach((k, v) -> m.put(k, Long.toString(v))));
        return m;
    }

    // ------------------------------------------------------------------ status

    private long uptimeMillis() { return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - activatedWall); }

    private Map<String, Object> snapshot(Map<String, Object> simStatus) {
        ScenarioSpec w = wanted;
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("board", w.board());
        scenario.put("features", w.features());
        scenario.put("workload", w.workload());
        scenario.put("pace", w.pace());
        scenario.put("seed", w.seed());
        scenario.put("activeFeatures", active.stream().map(PacedRunner::safeId).toList());
        scenario.put("unavailableFeatures", unavailable);
        scenario.put("tunables", tunables());

        Map<String, Object> s = new LinkedHashMap<>();
        s.put("uptimeMillis", uptimeMillis());
        s.put("state", lastError != null && simStatus == null ? "error" : state);
        s.put("scenario", scenario);
        s.put("virtualNanos", sim == null ? 0 : sim.now());
        s.put("lastAdvanceMillis", lastAdvanceNanos / 1e6);
        if (lastError != null) s.put("error", lastError);
        if (refused != null) s.put("refused", refused);
        List<Map<String, Object>> q = new ArrayList<>();
        for (Quarantine x : quarantine.values()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", x.id());
            m.put("bundle", x.bundle());
            m.put("error", x.error());
            m.put("at", x.where());
            m.put("virtualNanos", x.virtualNanos());
            q.add(m);
        }
        s.put("quarantined", q);
        if (boardFault != null) s.put("quarantinedBoard", Map.of("id", boardFault.board().id(), "error", boardFault.error()));
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("count", restarts);
        r.put("byReason", new TreeMap<>(restartsByReason));
        r.put("last", lastRestart);
        r.put("builds", builds);
        s.put("restarts", r);
        // copies keep insertion order for readable JSON and tolerate null values, unlike Map.copyOf
        s.put("simulation", simStatus != null ? Collections.unmodifiableMap(new LinkedHashMap<>(simStatus)) : Map.of());
        return Collections.unmodifiableMap(s);
    }
}
