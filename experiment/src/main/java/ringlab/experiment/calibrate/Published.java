package ringlab.experiment.calibrate;

import java.util.Arrays;
import java.util.List;
import ringlab.spi.board.Board;

/** A board's own published list ("published" in its descriptor) as measurements: ringlab's first users of calibrate. */
public final class Published {
    private Published() { }

    /** Every published row with a receiver figure, in the descriptor's order. */
    public static List<Measurement> measurements(Board b) {
        return b.published().stream().filter(p -> p.receiverMbps() > 0)
                .map(p -> new Measurement(p.features(), Arrays.stream(p.iperf().strip().split("\\s+")).toList(), p.receiverMbps(),
                        b.id() + " published: " + p.source()))
                .toList();
    }
}
