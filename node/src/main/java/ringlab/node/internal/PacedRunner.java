package ringlab.node.internal;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.osgi.service.cm.ConfigurationAdmin;
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
import ringlab.node.NodeEvent.Kind;
import ringlab.node.NodeData;
import ringlab.node.NodeRunner;
import ringlab.node.NodeStatus;
import ringlab.node.Sample;
import ringlab.node.ScenarioSpec;
import ringlab.node.Telemetry;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.feature.TunableSettings;
import ringlab.sim.report.SimStatus;
import ringlab.sim.workload.IperfArgs;
import ringlab.sim.workload.IperfOptions;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Runs the node's scenario continuously on its own thread, paced to the wall clock ({@link Pacer}).
 * Configuration (PID ringlab.scenario) is validated as a whole and a refused one changes nothing, now or
 * at a later start ({@link StartChoice}, the last accepted one kept by {@link LastAccepted}); the
 * configuration callbacks never throw, so a bad file cannot take the component (and the API) down. An
 * accepted one applies at the next safe point in virtual time: the feature set and tunables at the
 * driver's next NAPI poll (Simulation.setFeatures/setTunables), a board, workload or seed change by
 * tearing the device down and building a new Simulation (flows restart; counted in status.restarts).
 * Every change is logged ({@link NodeEvents}) when requested, applied or refused.
 *
 * <p>Fault isolation ({@link QuarantineBook}): a feature whose install() throws is left out by the driver
 * and quarantined here; the same run goes on. An exception out of the event loop (a feature's strategy on
 * the hot path, or a removed bundle's classes) is caught around the advance, not per call (that would cost
 * on every packet): the culprit is the innermost stack frame in a feature bundle ({@link Culprit}); it is
 * quarantined and, since a half-run event can leave the device inconsistent, the Simulation is rebuilt
 * without it (a "fault" restart; a fault right after one quarantines the culprit's whole bundle, and
 * rebuilds in a row back off). A Simulation that cannot be built for a board with no feature to blame
 * quarantines the board.
 */
@Component(service = {NodeRunner.class, Telemetry.class, ScenarioControl.class}, immediate = true, configurationPid = ScenarioSpec.PID)
@Designate(ocd = PacedRunner.Config.class)
public final class PacedRunner implements NodeRunner, Telemetry, ScenarioControl {

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

    @Reference
    private BoardCatalog boards;
    @Reference
    private FeatureCatalog features;
    @Reference
    private NodeEvents events;
    @Reference
    private ConfigurationAdmin configAdmin;
    @Reference
    private NodeData data;

    private volatile ScenarioSpec wanted;
    private ConfigBook book; // the configuration side's lock, change counts and last accepted files
    private volatile long tickMillis;
    private final Map<String, Map<String, Long>> tunables = new ConcurrentSkipListMap<>();
    private volatile boolean tunablesDirty;
    private volatile NodeStatus.Refusal refused;
    private QuarantineBook quarantine;
    private final TelemetrySampler telemetry = new TelemetrySampler();
    private final Pacer pacer = new Pacer();
    private long activatedWall;
    private Thread thread;
    private volatile boolean running;
    private volatile NodeStatus snapshot;

    // owned by the runner thread
    private Simulation sim;
    private ScenarioSpec simSpec;
    private Board simBoard;
    private List<DriverFeature> active = List.of();
    private Map<String, String> unavailable = Map.of();
    private String pendingChange; // handed to the driver, logged as applied once it is installed
    private String state = "starting";
    private String lastError;
    /** The last failure to make the status or a live sample (loop thread only), so it is said once. */
    private String statusFault;
    private long errorUntil;
    private long lastAdvanceNanos;
    private long timelineOffset; // virtual ns of the simulations torn down before this one
    private final StatusSnapshot status = new StatusSnapshot();
    private final RebuildBackoff backoff = new RebuildBackoff();

    @Activate
    void activate() {
        activatedWall = System.nanoTime();
        quarantine = new QuarantineBook(events);
        book = new ConfigBook(new LastAccepted(data.dir().resolve("accepted")));
        synchronized (book) {
            wanted = startScenario();
        }
        running = true;
        snapshot = snapshot(null);
        thread = new Thread(this::loop, "ringlab-node-runner");
        thread.setDaemon(true); // never keeps a stopping framework's JVM alive
        // nothing runs the simulation after this thread: if something the loop does not catch ends it, the event
        // log (and so the console) says so, rather than stderr alone while /status stands still
        thread.setUncaughtExceptionHandler((t, e) -> events.record(Kind.WARNING, "runner",
                "the simulation thread ended on " + e + "; nothing runs until the node is restarted"));
        thread.start();
    }

    /**
     * The scenario to start with ({@link StartChoice}); never throws, since a component whose activation
     * fails takes the whole API down with it.
     */
    private ScenarioSpec startScenario() {
        StartChoice c;
        StoredConfig stored = new StoredConfig(null, 0, ScenarioSpec.PID);
        try {
            stored = StoredConfig.of(configAdmin, ScenarioSpec.PID);
            c = StartChoice.choose(stored, book.saved().scenario(), this::validate);
        } catch (RuntimeException e) {
            c = new StartChoice(ScenarioProperties.DEFAULTS, false, null, List.of("started with the defaults: " + e));
        }
        book.decided(ScenarioSpec.PID, stored.changeCount());
        try {
            tickMillis = ScenarioProperties.tickMillis(stored.props());
        } catch (IllegalArgumentException e) {
            tickMillis = ScenarioProperties.DEFAULT_TICK_MILLIS;
        }
        if (c.refusal() != null) refused = new NodeStatus.Refusal(ScenarioSpec.PID, c.refusal(), 0);
        for (String note : c.notes()) {
            events.record(note.startsWith("refused") ? Kind.CHANGE_REFUSED : Kind.CHANGE_APPLIED, ScenarioSpec.PID, note);
            System.out.println("ringlab: " + ScenarioSpec.PID + ": " + note);
        }
        if (c.accepted()) save(c.spec());
        return c.spec();
    }

    /**
     * ConfigAdmin has news for ringlab.scenario (a .cfg file, or the API's own write). The delivered
     * properties may be late: what ConfigAdmin holds now is decided on, once per change count.
     */
    @Modified
    void modified() {
        catchUp();
    }

    @Override
    public ConfigBook book() { return book; }

    @Override
    public void catchUp() {
        synchronized (book) {
            StoredConfig now;
            try {
                now = StoredConfig.of(configAdmin, ScenarioSpec.PID);
            } catch (IllegalStateException e) {
                refused(ScenarioSpec.PID, e.getMessage());
                return;
            }
            if (now.props() == null) {
                if (book.forget(ScenarioSpec.PID)) {
                    events.record(Kind.CHANGE_APPLIED, ScenarioSpec.PID, ScenarioSpec.PID + " was deleted; the accepted scenario goes on");
                }
                return;
            }
            if (!book.news(ScenarioSpec.PID, now.changeCount())) return; // the API's write, decided already
            if (DeployFile.staleCopy(now)) { // an older or partial copy of a deploy file, or another client's write to it
                note(ScenarioSpec.PID, DeployFile.staleNote(now));
                return;
            }
            ScenarioSpec next;
            long tick;
            try {
                next = ScenarioProperties.merge(ScenarioProperties.DEFAULTS, now.props(), true);
                tick = ScenarioProperties.tickMillis(now.props());
                if (!next.equals(wanted)) {
                    events.record(Kind.CHANGE_REQUESTED, "scenario", "configuration (" + now.source() + "): " + describe(next));
                }
                validate(next);
            } catch (IllegalArgumentException e) {
                String why = now.source() + ": " + e.getMessage();
                refused(ScenarioSpec.PID, why + "; the accepted scenario goes on");
                System.out.println("ringlab: refused " + why);
                return;
            }
            tickMillis = tick;
            accept(next);
        }
    }

    @Override
    public void accept(ScenarioSpec spec) {
        wanted = spec;
        refused = null;
        save(spec);
        LockSupport.unpark(thread);
    }

    private void save(ScenarioSpec spec) {
        try {
            book.saved().saveScenario(spec);
        } catch (java.io.IOException | RuntimeException e) {
            events.record(Kind.CHANGE_REFUSED, ScenarioSpec.PID, "cannot save the accepted scenario in " + book.saved().scenarioFile() + ": " + e);
        }
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(TimeUnit.SECONDS.toMillis(5));
    }

    // ------------------------------------------------------------------ NodeRunner, Telemetry, ScenarioControl

    @Override
    public NodeStatus status() { return snapshot; }

    @Override
    public List<Sample> since(long after) { return telemetry.since(after); }

    @Override
    public int capacity() { return telemetry.capacity(); }

    @Override
    public long lastSeq() { return telemetry.lastSeq(); }

    @Override
    public AutoCloseable subscribe(Consumer<Sample> listener) { return telemetry.subscribe(listener); }

    @Override
    public ScenarioSpec wanted() { return wanted; }

    @Override
    public ScenarioValidator.Plan validate(ScenarioSpec spec) {
        Board board = boards.boards().get(spec.board());
        List<String> named = null;
        try {
            if (board != null) named = ringlab.sim.feature.FeatureResolver.ids(spec.features(), board);
        } catch (IllegalArgumentException e) {
            // a list the grammar refuses: validate() says why, a typo in a "-id" first ("'nope' is not installed")
        }
        if (named != null) quarantine.checkNone(named, features.byId());
        return ScenarioValidator.validate(spec, boards.boards(), quarantine.usable(features.byId()));
    }

    @Override
    public Map<String, Long> validateTunables(String featureId, Map<String, ?> raw) {
        DriverFeature f = features.byId().get(featureId);
        if (f == null) throw new IllegalArgumentException("feature '" + featureId + "' is not installed");
        return validateTunables(f, raw);
    }

    @Override
    public Map<String, Long> validateTunables(DriverFeature f, Map<String, ?> raw) {
        String featureId = FeatureIds.safeId(f);
        Map<String, Long> valid = TunableValues.validate(f, raw);
        ScenarioSpec w = wanted;
        Board board = w == null ? null : boards.boards().get(w.board());
        if (board != null) {
            String why = f.unsupportedReason(board, name -> valid.containsKey(name) ? valid.get(name) : TunableValues.defaultOf(f, name));
            if (why != null) throw new IllegalArgumentException("feature '" + featureId + "' cannot run on board " + board.id() + ": " + why);
        }
        return valid;
    }

    @Override
    public void tunablesChanged(String featureId, Map<String, Long> values) {
        if (values.equals(tunables.getOrDefault(featureId, Map.of()))) return; // e.g. the same file read again
        if (values.isEmpty()) tunables.remove(featureId);
        else tunables.put(featureId, Map.copyOf(values));
        events.record(Kind.CHANGE_REQUESTED, featureId, "tunables of " + featureId + ": " + (values.isEmpty() ? "defaults" : new TreeMap<>(values)));
        tunablesDirty = true;
        LockSupport.unpark(thread);
    }

    @Override
    public void refused(String pid, String message) {
        refused = new NodeStatus.Refusal(pid, message, uptimeMillis());
        events.record(Kind.CHANGE_REFUSED, pid, message);
    }

    @Override
    public void note(String pid, String message) { events.record(Kind.CHANGE_APPLIED, pid, message); }

    @Override
    public Map<String, Map<String, Long>> tunables() { return new TreeMap<>(tunables); }

    // ------------------------------------------------------------------ the loop

    private void loop() {
        while (running) {
            long start = System.nanoTime();
            SimStatus simStatus = null;
            try {
                simStatus = tick();
            } catch (RuntimeException | LinkageError e) {
                // a node bug or something no one could be blamed for: keep the node up, start afresh
                lastError = e.toString();
                teardown("error");
                errorUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            }
            try {
                snapshot = snapshot(simStatus);
                if (simStatus != null) telemetry.afterAdvance(sim, timelineOffset);
                statusFault = null;
            } catch (RuntimeException | LinkageError e) {
                // this thread must not end on it: /status would stay at its last snapshot while the API went on
                // accepting changes that nothing applies. Said once per distinct fault; the next tick tries again.
                if (!e.toString().equals(statusFault)) events.record(Kind.WARNING, "runner", "the status or a live sample failed: " + e);
                statusFault = e.toString();
            }
            boolean busy = simStatus != null && "running".equals(state) && Pace.of(simSpec).max();
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
    private SimStatus tick() {
        if (System.nanoTime() < errorUntil) return null;
        ScenarioSpec w = wanted;
        Map<String, Board> boardMap = boards.boards();
        Map<String, DriverFeature> installed = features.byId();
        // a feature bundle updated or restarted registers a new service object: its quarantine ends
        quarantine.liftReplaced(installed, boardMap);

        if (sim != null) {
            if (boardMap.get(simSpec.board()) != simBoard) teardown("board-removed");
            else if (!simSpec.board().equals(w.board())) teardown("board-change");
            else if (simSpec.needsRebuild(w)) teardown("workload-change");
        }
        if (sim == null && !build(w, boardMap, installed)) return null;

        EffectiveFeatures.Result eff = EffectiveFeatures.of(w.features(), simBoard, installed, quarantine, sim.now());
        unavailable = eff.unavailable();
        if (!sameInstances(eff.features(), active)) {
            pendingChange = "features " + FeatureDiff.of(active, eff.features());
            sim.setFeatures(eff.features()); // installed by the driver at its next poll boundary
            active = eff.features();
        }
        if (tunablesDirty) {
            tunablesDirty = false;
            sim.setTunables(settings());
            pendingChange = pendingChange == null ? "tunables " + settings() : pendingChange + ", tunables " + settings();
        }
        if (!Pace.of(w).equals(Pace.of(simSpec))) {
            pacer.anchor(sim.now());
            events.record(Kind.CHANGE_APPLIED, "pace", "pace " + Pace.of(w));
        }
        simSpec = w;
        try {
            lastAdvanceNanos = pacer.advance(sim, Pace.of(w), tickMillis, () -> wanted != w || tunablesDirty);
            state = Pace.of(w).paused() ? "paused" : "running";
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            fault(e, installed);
            return null;
        }
        events.clock(timelineOffset + sim.now());
        backoff.ran(sim.now());
        for (Map.Entry<DriverFeature, Throwable> f : sim.takeInstallFailures().entrySet()) {
            quarantine.quarantine(f.getKey(), f.getValue(), sim.now()); // the driver already runs without it
        }
        if (pendingChange != null && !sim.featureChangePending()) {
            events.record(Kind.CHANGE_APPLIED, "driver", pendingChange);
            pendingChange = null;
        }
        lastError = null;
        return sim.status();
    }

    private boolean build(ScenarioSpec w, Map<String, Board> boardMap, Map<String, DriverFeature> installed) {
        Board board = boardMap.get(w.board());
        if (board == null) {
            state = "waiting-for-board";
            return false;
        }
        if (quarantine.boardHeld(board)) {
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
        EffectiveFeatures.Result eff = EffectiveFeatures.of(w.features(), board, installed, quarantine, 0);
        tunablesDirty = false; // before settings() is read: a change from now on is applied after the build
        Scenario.Builder b = Scenario.builder(board).features(eff.features()).iperf(iperf).seed(w.seed()).continuous(true);
        settings().byFeature().forEach(b::tunables);
        try {
            sim = new Simulation(b.build());
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            List<DriverFeature> culprits = Culprit.find(e, eff.features());
            if (!culprits.isEmpty()) {
                for (DriverFeature c : culprits) quarantine.quarantine(c, e, 0); // built again without it next tick
            } else {
                quarantine.quarantineBoard(board, e);
            }
            state = "error";
            lastError = e.toString();
            return false;
        }
        for (Map.Entry<DriverFeature, Throwable> f : sim.takeInstallFailures().entrySet()) quarantine.quarantine(f.getKey(), f.getValue(), 0);
        events.clock(timelineOffset);
        if (status.builds() > 0) events.record(Kind.CHANGE_APPLIED, "scenario", describe(w));
        simSpec = w;
        simBoard = board;
        active = eff.features();
        unavailable = eff.unavailable();
        pendingChange = null;
        status.built();
        pacer.anchor(0);
        return true;
    }

    /**
     * An exception escaped the event loop: quarantine its feature and rebuild without it. Only features in
     * this simulation are candidates (an inactive bundle's code cannot have run). A fault right after a
     * fault rebuild means taking out the features that threw was not enough: the culprits' whole bundles
     * go (every feature they register, active or not). Repeated fault rebuilds back off ({@link RebuildBackoff}).
     */
    private void fault(Throwable e, Map<String, DriverFeature> installed) {
        Set<DriverFeature> candidates = Collections.newSetFromMap(new IdentityHashMap<>());
        candidates.addAll(active);
        candidates.addAll(sim.features());
        List<DriverFeature> culprits = Culprit.find(e, candidates);
        if (backoff.justRebuilt() && !culprits.isEmpty()) {
            quarantine.quarantineBundles(culprits, installed, e, sim.now());
        } else {
            for (DriverFeature culprit : culprits) {
                // the stack names code, not the feature that installed it: every active feature of the
                // culprit's bundle goes (feature bundles hold one feature each in this project)
                for (DriverFeature f : active) {
                    if (f != culprit && Culprit.sameBundle(f, culprit)) quarantine.quarantine(f, e, sim.now());
                }
                quarantine.quarantine(culprit, e, sim.now());
            }
        }
        long wait = backoff.fault();
        if (culprits.isEmpty()) {
            lastError = e.toString();
            wait = Math.max(wait, TimeUnit.SECONDS.toNanos(1));
        }
        errorUntil = System.nanoTime() + wait;
        teardown("fault", wait == 0 ? "" : "; fault " + backoff.streak() + " in a row, next build in "
                + TimeUnit.NANOSECONDS.toMillis(wait) + " ms");
        state = "restarting";
    }

    private void teardown(String reason) {
        teardown(reason, "");
    }

    private void teardown(String reason, String detail) {
        if (sim == null) return;
        timelineOffset += sim.now();
        events.clock(timelineOffset);
        sim = null;
        active = List.of();
        pendingChange = null;
        status.restarted(reason);
        events.record(Kind.RESTART, reason, "simulation torn down: " + reason + detail);
    }

    private static String describe(ScenarioSpec s) {
        return "board " + s.board() + ", features " + s.features() + ", workload '" + s.workload() + "', seed " + s.seed() + ", pace " + s.pace();
    }

    private static boolean sameInstances(List<DriverFeature> a, List<DriverFeature> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (a.get(i) != b.get(i)) return false;
        return true;
    }

    /** Every configured tunable, per feature: a feature's values reach only that feature. */
    private TunableSettings settings() {
        return TunableSettings.of(tunables);
    }

    // ------------------------------------------------------------------ status

    private long uptimeMillis() { return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - activatedWall); }

    private NodeStatus snapshot(SimStatus simStatus) {
        StatusSnapshot.RunState r = new StatusSnapshot.RunState(uptimeMillis(), state, wanted, active, unavailable, tunables(),
                sim == null ? 0 : sim.now(), timelineOffset, lastAdvanceNanos, lastError, refused);
        return status.of(r, quarantine, List.copyOf(boards.boards().keySet()),
                features.features().stream().map(f -> f.id()).toList(), simStatus);
    }
}
