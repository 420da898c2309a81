package ringlab.experiment;

import java.util.List;

/**
 * A finished run as a sweep stores it (one line of results.jsonl): its key, its spec and its main figures.
 *
 * @param key     the run's key: a hash of its spec and of the versions of the board and features it ran with,
 *                so a sweep started again knows which runs it already has
 * @param spec    what ran
 * @param figures the main figures ({@link Figures#of})
 */
public record RunResult(String key, RunSpec spec, List<Figure> figures) {
    public RunResult {
        figures = List.copyOf(figures);
    }

    /** The value of the named figure, NaN when the run has none (e.g. a drop reason that did not occur). */
    public double figure(String name) {
        for (Figure f : figures) if (f.name().equals(name)) return f.value();
        return Double.NaN;
    }
}
