package ringlab.experiment;

import java.math.BigDecimal;

/** Numbers as files, notes and tables spell them: no exponent, no trailing zeros (1, 0.22, 156.25, 33.7). */
public final class PlainNumbers {
    private PlainNumbers() { }

    /** x without exponent or trailing zeros. */
    public static String plain(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) return Long.toString((long) x);
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    /** A published figure as the descriptor gives it (33.7, not 33.70); "-" where it was not published (-1). */
    public static String published(double v) {
        return v < 0 ? "-" : plain(v);
    }
}
