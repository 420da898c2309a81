package ringlab.experiment.calibrate;

import java.util.Arrays;
import java.util.List;
import ringlab.spi.board.Board;

/** A board's own published list ("published" in its descriptor) as measurements: ringlab's first users of calibrate. */
public final class Published {
    private Published() { }

    /** Every published row with a receiver figure or a receiver change, in the descriptor's order. */
    public static List<Measurement> measurements(Board b) {
        return b.published().stream().filter(p -> p.isChange() || p.receiverMbps() > 0).map(p -> {
            List<String> iperf = Arrays.stream(p.iperf().strip().split("\\s+")).toList();
            String source = b.id() + " published: " + p.source();
            return p.isChange() ? new Measurement(p.features(), p.baseline(), iperf, p.receiverChangePercent(), source)
                    : Measurement.absolute(p.features(), iperf, p.receiverMbps(), source);
        }).toList();
    }
}
