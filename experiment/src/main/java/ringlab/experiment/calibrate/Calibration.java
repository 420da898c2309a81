package ringlab.experiment.calibrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.SimpleBounds;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.BOBYQAOptimizer;
import org.apache.commons.math3.optim.univariate.BrentOptimizer;
import org.apache.commons.math3.optim.univariate.SearchInterval;
import org.apache.commons.math3.optim.univariate.UnivariateObjectiveFunction;
import ringlab.experiment.Experiments;
import ringlab.experiment.RunSpec;
import ringlab.experiment.compare.ParallelRuns;
import ringlab.sim.report.RunReport;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Fits free parameters of a board's cost profile to measurements: it minimises a robust loss ({@link
 * #objective}: squares for small errors, logarithmic for large ones) of the log ratios of simulated to measured
 * receiver throughput, or of simulated to measured throughput ratio for a published change (a factor of 2 too
 * high weighs as much as a factor 2 too low, and a 10 Mbit/s figure counts as much as a gigabit; a livelock,
 * measured below 5 Mbit/s, counts only when the simulation leaves it, {@link Measurement#logRatio}), with
 * BOBYQA, Powell's derivative-free bounded optimiser from Apache Commons Math (for a single parameter a scan of
 * its range, then Brent's line search: {@link #scanThenRefine}).
 *
 * <p>The optimiser sees each parameter on a log scale mapped to [0, 1] between its bounds, so a step means
 * the same relative change for every parameter. Each evaluation runs every measurement, in parallel on the
 * cores; equal factors are never simulated twice. Everything is deterministic for a seed.
 */
public final class Calibration {
    /** Evaluations a fit may take; with the trust region's end below that, it never binds in practice. */
    static final int MAX_EVALUATIONS = 150;
    /** BOBYQA's first and last trust-region radius on the [0, 1] scale (0.12 is ~18 % on a 0.5..2 range). */
    static final double START_RADIUS = 0.12, STOP_RADIUS = 0.004;
    /** A single parameter is first scanned at this many equal steps of its log range (13 points), then refined. */
    static final int GRID = 12;

    private final Board start;
    private final List<FreeParameter> free;
    private final Map<String, Board> boards;
    private final Map<String, DriverFeature> features;
    private final long seed;
    private final Map<List<Double>, Map<Measurement.Run, Double>> cache = new ConcurrentHashMap<>();
    private final AtomicInteger runs = new AtomicInteger();

    /** A fit: the factors found (1 = the start profile), the simulated figure per measurement (Mbit/s or %) and the effort. */
    public record Fit(double[] factors, List<Double> simulated, double objective, int evaluations) { }

    public Calibration(Board start, List<FreeParameter> free, Map<String, Board> boards, Map<String, DriverFeature> features, long seed) {
        this.start = start;
        this.free = List.copyOf(free);
        this.boards = boards;
        this.features = features;
        this.seed = seed;
    }

    /** The simulations run so far (every evaluation of every measurement, cached ones not counted). */
    public int runs() { return runs.get(); }

    public List<FreeParameter> free() { return free; }

    /** The board whose profile is fitted, as it starts (factors all 1). */
    public Board startBoard() { return start; }

    /** The start profile's figures: factors all 1. */
    public Fit unchanged(List<Measurement> ms) {
        double[] ones = new double[free.size()];
        Arrays.fill(ones, 1.0);
        return result(ones, ms, 1);
    }

    /** Fits the free parameters to {@code ms}, starting from {@code from} (factors). */
    public Fit fit(List<Measurement> ms, double[] from, double startRadius) {
        if (free.size() >= ms.size()) {
            throw new IllegalArgumentException("calibrate: " + free.size() + " free parameters need more measurements than that, got " + ms.size());
        }
        return search(ms, from, startRadius);
    }

    private Fit search(List<Measurement> ms, double[] from, double startRadius) {
        double[] u0 = new double[free.size()];
        for (int i = 0; i < u0.length; i++) u0[i] = toUnit(free.get(i), from[i]);
        int[] evaluations = {0};
        java.util.function.ToDoubleFunction<double[]> f = u -> {
            evaluations[0]++;
            return objective(simulate(factors(u), ms), ms);
        };
        double[] best;
        if (free.size() == 1) {
            best = new double[] {scanThenRefine(u -> f.applyAsDouble(new double[] {u}), u0[0])};
        } else {
            double[] lo = new double[free.size()], hi = new double[free.size()];
            Arrays.fill(hi, 1.0);
            best = new BOBYQAOptimizer(2 * free.size() + 1, startRadius, STOP_RADIUS).optimize(new MaxEval(MAX_EVALUATIONS),
                    new ObjectiveFunction(f::applyAsDouble), GoalType.MINIMIZE, new InitialGuess(u0), new SimpleBounds(lo, hi)).getPoint();
        }
        return result(factors(best), ms, evaluations[0]);
    }

    /**
     * One parameter on [0, 1]: the objective is rugged (a run's figures move in steps with the costs), so Brent
     * alone stops in the first dip near its start. Scans the range at {@link #GRID} + 1 points first (and u0), then
     * refines with Brent within a grid step of the best point; returns the better of the two.
     */
    static double scanThenRefine(DoubleUnaryOperator f, double u0) {
        double bestU = u0, bestValue = f.applyAsDouble(u0);
        for (int g = 0; g <= GRID; g++) {
            double u = (double) g / GRID, v = f.applyAsDouble(u);
            if (v < bestValue) { bestValue = v; bestU = u; }
        }
        double lo = Math.max(0, bestU - 1.0 / GRID), hi = Math.min(1, bestU + 1.0 / GRID);
        double refined = new BrentOptimizer(1e-10, STOP_RADIUS).optimize(new MaxEval(MAX_EVALUATIONS), GoalType.MINIMIZE,
                new UnivariateObjectiveFunction(f::applyAsDouble), new SearchInterval(lo, hi, bestU)).getPoint();
        return f.applyAsDouble(refined) <= bestValue ? refined : bestU;
    }

    /**
     * For each measurement, the error ({@link Measurement#error}) of its prediction by a fit to the others, started where the full fit
     * started ({@code from}, not from its result, which has seen the measurement left out): how well the
     * profile predicts what it was not fitted on. The others may be as many as the parameters
     * (the fit then can match them exactly, which is what the check needs); NaN where they are fewer.
     */
    public List<Double> leaveOneOut(List<Measurement> ms, double[] from) {
        List<Double> errors = new ArrayList<>();
        for (int i = 0; i < ms.size(); i++) {
            List<Measurement> others = new ArrayList<>(ms);
            Measurement out = others.remove(i);
            if (free.size() > others.size()) {
                errors.add(Double.NaN);
                continue;
            }
            Fit f = search(others, from, START_RADIUS);
            errors.add(out.error(simulate(f.factors(), List.of(out)).get(0)));
        }
        return errors;
    }

    /** The start board with the factors applied. */
    public Board board(double[] factors) {
        Board b = start;
        for (int i = 0; i < free.size(); i++) b = free.get(i).apply(b, factors[i]);
        return b;
    }

    private Fit result(double[] factors, List<Measurement> ms, int evaluations) {
        List<Double> sim = simulate(factors, ms);
        return new Fit(factors, sim, objective(sim, ms), evaluations);
    }

    /** Each measurement's simulated figure (Mbit/s or percent) with these factors; every distinct run once. */
    private List<Double> simulate(double[] factors, List<Measurement> ms) {
        Map<Measurement.Run, Double> known = cache.computeIfAbsent(key(factors), k -> new ConcurrentHashMap<>());
        List<Measurement.Run> missing = ms.stream().flatMap(m -> m.runs().stream()).distinct().filter(r -> !known.containsKey(r)).toList();
        if (!missing.isEmpty()) {
            Board b = board(factors);
            Map<String, Board> withFit = new HashMap<>(boards);
            withFit.put(b.id(), b);
            List<Double> mbps = ParallelRuns.map(missing, r -> receiverMbps(r, withFit));
            for (int i = 0; i < missing.size(); i++) known.put(missing.get(i), mbps.get(i));
        }
        return ms.stream().map(m -> m.simulated(m.runs().stream().map(known::get).toList())).toList();
    }

    private double receiverMbps(Measurement.Run run, Map<String, Board> withFit) {
        RunSpec spec = new RunSpec(null, start.id(), run.features(), seed, Map.of(), null, 0, run.iperf());
        RunReport r;
        try {
            r = Experiments.run(Experiments.prepare(spec, withFit, features));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(run.features() + " " + String.join(" ", run.iperf()) + ": " + e.getMessage(), e);
        }
        runs.incrementAndGet();
        return r.end.sumReceived.bitsPerSecond / 1e6;
    }

    /**
     * The scale of the fit's robust loss: a log ratio well below it weighs as its square, one far above it
     * only logarithmically (Cauchy, {@link #objective}). ln 1.2: errors up to about 20 % count in full.
     */
    static final double ROBUST_SCALE = Math.log(1.2);

    /**
     * What the fit minimises: the Cauchy loss c^2 ln(1 + (r / c)^2) of each log ratio r, summed. Near r = 0 it
     * is r^2, least squares; a measurement missed by far (a mechanism the model lacks, not a parameter) adds
     * only about 2 c^2 ln(r / c), so it cannot pull every parameter towards itself at the others' expense.
     */
    static double objective(List<Double> sim, List<Measurement> ms) {
        double c2 = ROBUST_SCALE * ROBUST_SCALE;
        return sumOver(sim, ms, lr -> c2 * Math.log1p(lr * lr / c2));
    }

    /** The sum of squared log ratios (what the report's rms error is made of). */
    static double sumOfSquares(List<Double> sim, List<Measurement> ms) { return sumOver(sim, ms, lr -> lr * lr); }

    private static double sumOver(List<Double> sim, List<Measurement> ms, DoubleUnaryOperator term) {
        double sum = 0;
        for (int i = 0; i < ms.size(); i++) sum += term.applyAsDouble(ms.get(i).logRatio(sim.get(i)));
        return sum;
    }

    private double[] factors(double[] u) {
        double[] f = new double[u.length];
        for (int i = 0; i < u.length; i++) {
            FreeParameter p = free.get(i);
            f[i] = p.lower() * Math.pow(p.upper() / p.lower(), Math.min(1, Math.max(0, u[i])));
        }
        return f;
    }

    private static double toUnit(FreeParameter p, double factor) {
        double x = Math.min(p.upper(), Math.max(p.lower(), factor));
        return Math.log(x / p.lower()) / Math.log(p.upper() / p.lower());
    }

    private static List<Double> key(double[] factors) {
        return Arrays.stream(factors).boxed().toList();
    }
}
