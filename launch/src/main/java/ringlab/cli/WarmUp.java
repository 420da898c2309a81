package ringlab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * The benchmark's warm-up, as JMH's but ended by a rule instead of a count: iterations run until the last
 * {@code window} figures agree within {@code tolerance}, at most {@code max} iterations. The JIT compiles the
 * simulation's hot path over several runs (bcm6328 TCP needed about 7 to reach its steady figure), so one
 * warm-up run measured a half-compiled simulation under load.
 *
 * @param window    how many consecutive figures must agree (iterations)
 * @param tolerance how far they may spread: largest / smallest - 1 (a ratio; 0.05 is 5 %)
 * @param max       the cap: the warm-up ends here, stable or not (iterations)
 */
record WarmUp(int window, double tolerance, int max) {
    /**
     * 3 within 5 %: the run-to-run noise of a steady simulation on a quiet machine is 1-3 %, a JIT tier change
     * moves the figure by 20 % or more. The cap of 25 bounds a bench on a loaded machine to a few minutes.
     */
    static final WarmUp DEFAULT = new WarmUp(3, 0.05, 25);

    /**
     * How the warm-up ended.
     *
     * @param iterations iterations run (all of them warm-up, none measured)
     * @param stable     the last {@code window} figures agreed; false when the cap ended it
     */
    record Outcome(int iterations, boolean stable) { }

    WarmUp {
        if (window < 1 || max < window || !(tolerance >= 0)) {
            throw new IllegalArgumentException("warm-up: window " + window + ", max " + max + ", tolerance " + tolerance);
        }
    }

    /** True when the last {@code window} figures (e.g. frames per wall second) agree within the tolerance. */
    boolean stable(List<Double> figures) {
        if (figures.size() < window) return false;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double f : figures.subList(figures.size() - window, figures.size())) {
            lo = Math.min(lo, f);
            hi = Math.max(hi, f);
        }
        return lo > 0 && hi / lo - 1 <= tolerance;
    }

    /** Runs iterations, each giving its figure, until they are stable or the cap is reached. */
    Outcome run(DoubleSupplier iteration) {
        List<Double> figures = new ArrayList<>();
        while (figures.size() < max) {
            figures.add(iteration.getAsDouble());
            if (stable(figures)) return new Outcome(figures.size(), true);
        }
        return new Outcome(figures.size(), false);
    }

    /** The rule in words, for the bench's output. */
    String describe() {
        return "until the last " + window + " agree within " + Math.round(tolerance * 100) + " % (frames per wall second), at most " + max;
    }
}
