package ringlab.node.internal;

/**
 * How fast virtual time runs against the wall clock: paused, a speed factor (virtual seconds per wall
 * second, e.g. 1 or 10), or as fast as the host can simulate ("max"). Only the rate; where virtual time
 * stands is the runner's business.
 */
record Pace(double factor) {
    static final Pace PAUSE = new Pace(0), MAX = new Pace(Double.POSITIVE_INFINITY);

    boolean paused() { return factor == 0; }

    boolean max() { return Double.isInfinite(factor); }

    /** The pace of an accepted scenario (validated when accepted); 1 if there is none or it no longer parses. */
    static Pace of(ringlab.node.ScenarioSpec s) {
        if (s == null) return new Pace(1);
        try {
            return parse(s.pace());
        } catch (IllegalArgumentException e) {
            return new Pace(1);
        }
    }

    /** "pause", "max", or a factor such as "1", "10", "0.5" (a trailing "x" is allowed: "10x"). */
    static Pace parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(java.util.Locale.ROOT);
        if (t.equals("pause") || t.equals("paused")) return PAUSE;
        if (t.equals("max")) return MAX;
        if (t.endsWith("x")) t = t.substring(0, t.length() - 1);
        double f;
        try {
            f = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("pace '" + text + "' is not pause, max or a speed factor such as 1 or 10");
        }
        if (!(f >= 0) || Double.isInfinite(f) || f > 1_000_000) {
            throw new IllegalArgumentException("pace '" + text + "' is out of range (0 to 1000000, or pause, max)");
        }
        return f == 0 ? PAUSE : new Pace(f);
    }

    @Override
    public String toString() {
        if (paused()) return "pause";
        if (max()) return "max";
        return factor == Math.rint(factor) ? Long.toString((long) factor) : Double.toString(factor);
    }
}
