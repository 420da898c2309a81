package ringlab.experiment.statements;

import ringlab.experiment.Figure;
import ringlab.experiment.Figures;
import ringlab.sim.report.PingSummary;
import ringlab.sim.report.RunReport;
import ringlab.spi.board.Board;

/** The figure a statement compares, read from a run's report. */
public enum Metric {
    /** iperf3's receiver bitrate. */
    RECEIVER_MBPS("receiver", "Mbit/s"),
    /** Busy cycles of the board's cores per bit received ({@link Figures}' cycles_per_bit): CPU cost, whatever the throughput. */
    CYCLES_PER_BIT("CPU per bit", "cycles"),
    /** The median round-trip time of the --ping flow beside the load. */
    PING_P50("ping p50", "ms"),
    /** The longest round-trip time of the --ping flow: what a mechanism adds "up to" shows here first. */
    PING_MAX("ping max", "ms");

    public final String label, unit;

    Metric(String label, String unit) {
        this.label = label;
        this.unit = unit;
    }

    public boolean needsPing() { return this == PING_P50 || this == PING_MAX; }

    /** The figure of a run; NaN when the run has none (no bit received, no ping reply). */
    public double of(RunReport r, Board board) {
        return switch (this) {
            case RECEIVER_MBPS -> r.end.sumReceived.bitsPerSecond / 1e6;
            case CYCLES_PER_BIT -> Figures.of(r, board).stream().filter(f -> f.name().equals("cycles_per_bit"))
                    .mapToDouble(Figure::value).findFirst().orElse(Double.NaN);
            case PING_P50, PING_MAX -> {
                PingSummary p = r.ringlab == null ? null : r.ringlab.ping();
                yield p == null || p.received() == 0 ? Double.NaN : this == PING_P50 ? p.p50Ms() : p.maxMs();
            }
        };
    }
}
