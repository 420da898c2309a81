package ringlab.node.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import ringlab.node.BoardCatalog;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeRunner;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Runs the node's scenario (default: bcm6328, its stock features, TCP receive with MSS 512) on its
 * own thread, paced to the wall clock: every tick it advances virtual time to the wall time elapsed
 * since the simulation started (times speed). The simulation is confined to that thread; other
 * threads only read the last snapshot.
 */
@Component(service = NodeRunner.class, immediate = true, configurationPid = "ringlab.node.runner")
public final class PacedRunner implements NodeRunner {

    /** Configurable through ConfigAdmin (pid ringlab.node.runner, e.g. load/ringlab.node.runner.cfg). */
    @interface Config {
        String board() default "bcm6328";

        /** The device receives: the peer is the iperf3 client (iperf3 -c ... -M mss). */
        int mss() default 512;

        /** Active feature ids; empty means the board's stock feature set. */
        String[] features() default {};

        /** Virtual seconds per wall second. */
        double speed() default 1.0;

        long tickMillis() default 50;
    }

    @Reference
    private BoardCatalog boards;
    @Reference
    private FeatureCatalog features;

    private volatile Config config;
    private volatile boolean rebuild; // set when the scenario itself (board, mss, speed) changed
    private long activatedWall;
    private Thread thread;
    private volatile boolean running;
    private volatile Map<String, Object> snapshot = Map.of();

    // owned by the runner thread
    private Simulation sim;
    private Config simConfig;
    private long simStartWall;
    private List<String> activeFeatures = List.of();
    private List<String> missingFeatures = List.of();
    private String lastError;
    private long lastVirtual; // the virtual time last asked of the simulation
    private long lastAdvanceNanos; // wall time that advance took: above the tick, the node lags

    @Activate
    void activate(Config config) {
        this.config = config;
        activatedWall = System.nanoTime();
        running = true;
        snapshot = snapshot(null);
        thread = new Thread(this::loop, "ringlab-node-runner");
        thread.setDaemon(true); // never keeps a stopping framework's JVM alive
        thread.start();
    }

    /** A new feature list applies at the next poll boundary; anything else restarts the scenario. */
    @Modified
    void modified(Config config) {
        Config old = this.config;
        this.config = config;
        if (!old.board().equals(config.board()) || old.mss() != config.mss() || old.speed() != config.speed()) {
            rebuild = true;
        }
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(TimeUnit.SECONDS.toMillis(5));
    }

    @Override
    public Map<String, Object> status() {
        return snapshot;
    }

    private void loop() {
        long next = System.nanoTime();
        while (running) {
            Map<String, Object> simStatus = null;
            try {
                simStatus = tick();
                lastError = null;
            } catch (RuntimeException e) {
                // Keep the node up and the failure visible; start afresh after a pause.
                lastError = e.toString();
                sim = null;
                next += TimeUnit.SECONDS.toNanos(1);
            }
            snapshot = snapshot(simStatus);
            next += TimeUnit.MILLISECONDS.toNanos(Math.max(1, config.tickMillis()));
            long sleep = next - System.nanoTime();
            if (sleep < 0) {
                next = System.nanoTime(); // fell behind: do not try to catch up in a burst
            } else {
                try {
                    TimeUnit.NANOSECONDS.sleep(sleep);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** One tick: (re)build the simulation if needed, apply feature changes, advance. */
    private Map<String, Object> tick() {
        if (rebuild) {
            rebuild = false;
            sim = null;
        }
        if (sim == null) {
            Config c = config;
            Optional<Board> board = boards.find(c.board());
            if (board.isEmpty()) {
                return null; // board bundle not started (yet)
            }
            List<DriverFeature> active = select(board.get(), c);
            sim = new Simulation(Scenario.builder(board.get())
                    .features(active)
                    .iperf(IperfArgs.parse(List.of("-M", Integer.toString(c.mss()))))
                    .continuous(true)
                    .build());
            simConfig = c;
            activeFeatures = ids(active);
            simStartWall = System.nanoTime();
        } else {
            // features come and go with their bundles, or with the configuration
            List<DriverFeature> active = select(sim.scenario().board, config);
            if (!ids(active).equals(activeFeatures)) {
                sim.setFeatures(active); // the runtime applies it at its next poll boundary
                activeFeatures = ids(active);
            }
        }
        long virtual = (long) ((System.nanoTime() - simStartWall) * simConfig.speed());
        long t0 = System.nanoTime();
        sim.advanceTo(virtual);
        lastAdvanceNanos = System.nanoTime() - t0;
        lastVirtual = virtual;
        return sim.status();
    }

    /** The wanted features that are registered, in the wanted order; notes the missing ones. */
    private List<DriverFeature> select(Board board, Config c) {
        List<String> wanted = c.features().length > 0 ? Arrays.asList(c.features()) : board.stockFeatures();
        Map<String, DriverFeature> byId = new LinkedHashMap<>();
        features.features().forEach(f -> byId.putIfAbsent(f.id(), f));
        List<DriverFeature> active = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String id : wanted) {
            DriverFeature f = byId.get(id);
            if (f != null) {
                active.add(f);
            } else {
                missing.add(id);
            }
        }
        missingFeatures = List.copyOf(missing);
        return active;
    }

    private Map<String, Object> snapshot(Map<String, Object> simStatus) {
        Config c = config;
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("board", c.board());
        scenario.put("traffic", "tcp-receive");
        scenario.put("mss", c.mss());
        scenario.put("features", activeFeatures);
        scenario.put("missingFeatures", missingFeatures);
        scenario.put("speed", c.speed());

        Map<String, Object> s = new LinkedHashMap<>();
        s.put("uptimeMillis", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - activatedWall));
        s.put("state", lastError != null ? "error" : simStatus != null ? "running" : "waiting-for-board");
        s.put("scenario", scenario);
        s.put("virtualNanos", lastVirtual);
        s.put("lastAdvanceMillis", lastAdvanceNanos / 1e6);
        if (lastError != null) {
            s.put("error", lastError);
        }
        // copies keep insertion order for readable JSON and tolerate null values, unlike Map.copyOf
        s.put("simulation", simStatus != null ? Collections.unmodifiableMap(new LinkedHashMap<>(simStatus)) : Map.of());
        return Collections.unmodifiableMap(s);
    }

    private static List<String> ids(List<DriverFeature> features) {
        return features.stream().map(DriverFeature::id).toList();
    }
}
