package ringlab.experiment.profile;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The rounding of derived cycles and the plain form of numbers in files and notes. */
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

    /** A number without exponent or trailing zeros: 1, 0.22, 156.25. */
    static String plain(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) return Long.toString((long) x);
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    private static double scale(double x, int places) {
        return BigDecimal.valueOf(x).setScale(places, RoundingMode.HALF_UP).doubleValue();
    }
}
