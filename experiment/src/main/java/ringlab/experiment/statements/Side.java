package ringlab.experiment.statements;

import java.util.List;

/**
 * One side of a statement's experiment: a driver state (a feature list as the CLI takes it) under a load (the
 * peer's iperf3 arguments). The two sides of most statements share the load; a statement about load itself
 * (livelock) shares the driver state instead.
 */
public record Side(String features, List<String> iperf) {
    public Side {
        if (features == null || features.isBlank()) throw new IllegalArgumentException("a side needs a feature list ('stock' for the board's)");
        if (iperf == null || iperf.isEmpty()) throw new IllegalArgumentException("a side needs iperf3 arguments");
        iperf = List.copyOf(iperf);
    }

    /** The features under space-separated iperf3 arguments. */
    public static Side of(String features, String iperf) { return new Side(features, List.of(iperf.strip().split("\\s+"))); }

    public String iperfLine() { return String.join(" ", iperf); }
}
