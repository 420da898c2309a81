package ringlab.experiment.profile;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The rounding of derived cycles (their spelling: {@link ringlab.experiment.PlainNumbers}). */
final class Numbers {
    private Numbers() { }

    /**
     * Derived cycles as board files hold them: whole from 20 up, one decimal from 2 (whole when within 0.05 of
     * it), three decimals below (per-byte costs such as 0.22).
     */
    static double round(double x) {
        if (x >= 20) return Math.round(x);
        if (x >= 2) return Math.abs(x - Math.round(x)) > 0.05 ? scale(x, 1) : Math.round(x);
        return scale(x, 3);
    }

    private static double scale(double x, int places) {
        return BigDecimal.valueOf(x).setScale(places, RoundingMode.HALF_UP).doubleValue();
    }
}
