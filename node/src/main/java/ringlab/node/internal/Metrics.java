package ringlab.node.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The main figures of the running simulation and a short history of them (the last {@code keep}
 * samples), for GET /api/v1/metrics. Written by the runner thread, read by request threads.
 */
final class Metrics {
    static final String[] FIGURES = {
        "virtual_ns", "receiver_bits_per_second", "cpu_busy_percent", "sent", "delivered", "dropped", "in_flight",
    };

    private final int keep;
    private final ArrayDeque<double[]> samples = new ArrayDeque<>();
    private final ArrayDeque<Long> wallMillis = new ArrayDeque<>();

    Metrics(int keep) { this.keep = keep; }

    /** Pulls the main figures out of a Simulation.status() map; missing ones are NaN. */
    static double[] figures(Map<String, Object> status) {
        double[] v = new double[FIGURES.length];
        v[0] = num(status.get("virtual_ns"));
        v[1] = num(status.get("receiver_bits_per_second"));
        Object cpu = status.get("cpu_percent");
        v[2] = cpu instanceof Map<?, ?> m ? 100.0 - num(m.get("idle")) : Double.NaN;
        Object acc = status.get("accounting");
        if (acc instanceof Map<?, ?> a) {
            v[3] = num(a.get("sent"));
            v[4] = num(a.get("delivered"));
            v[5] = num(a.get("dropped"));
            v[6] = num(a.get("in_flight"));
        } else {
            for (int i = 3; i < 7; i++) v[i] = Double.NaN;
        }
        return v;
    }

    private static double num(Object o) { return o instanceof Number n ? n.doubleValue() : Double.NaN; }

    synchronized void add(long wall, double[] figures) {
        samples.addLast(figures);
        wallMillis.addLast(wall);
        while (samples.size() > keep) {
            samples.removeFirst();
            wallMillis.removeFirst();
        }
    }

    synchronized void clear() {
        samples.clear();
        wallMillis.clear();
    }

    synchronized Map<String, Object> toJson() {
        Map<String, Object> current = new LinkedHashMap<>();
        Map<String, Object> history = new LinkedHashMap<>();
        history.put("uptime_ms", new ArrayList<>(wallMillis));
        for (int i = 0; i < FIGURES.length; i++) {
            List<Double> series = new ArrayList<>(samples.size());
            for (double[] s : samples) series.add(s[i]);
            history.put(FIGURES[i], series);
            current.put(FIGURES[i], samples.isEmpty() ? null : samples.peekLast()[i]);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("current", current);
        m.put("samples", samples.size());
        m.put("keep", keep);
        m.put("history", history);
        return m;
    }
}
