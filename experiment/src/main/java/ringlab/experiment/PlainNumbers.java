package ringlab.experiment;

import java.math.BigDecimal;
import java.math.MathContext;

/** Numbers as files, notes and tables spell them: no exponent, no trailing zeros (1, 0.22, 156.25, 33.7). */
public final class PlainNumbers {
    private PlainNumbers() { }

    /** x without exponent or trailing zeros. */
    public static String plain(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) return Long.toString((long) x);
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    /** x to three significant digits, as a fit writes a figure and a borrowed one is scaled: a whole number as a long. */
    public static Number threeDigits(double x) {
        BigDecimal d = new BigDecimal(x, new MathContext(3)).stripTrailingZeros();
        return d.scale() <= 0 ? (Number) d.longValueExact() : (Number) d.doubleValue();
    }

    /** A published figure as the descriptor gives it (33.7, not 33.70); "-" where it was not published (-1). */
    public static String published(double v) {
        return v < 0 ? "-" : plain(v);
    }
}
