package ringlab.experiment.statements;

/**
 * A statement beside its simulation: the figure on side A and on side B, the change in percent of A and
 * whether it is the predicted one; {@code failure} (and NaN figures) when a side could not run.
 */
public record StatementResult(Statement statement, double a, double b, double changePercent, boolean holds, String failure) {
    static StatementResult of(Statement s, double a, double b) {
        double change = 100 * (b - a) / a;
        return new StatementResult(s, a, b, change, s.expected().holds(change), null);
    }

    static StatementResult failed(Statement s, String why) {
        return new StatementResult(s, Double.NaN, Double.NaN, Double.NaN, false, why);
    }
}
