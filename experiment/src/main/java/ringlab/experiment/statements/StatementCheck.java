package ringlab.experiment.statements;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import ringlab.experiment.Experiments;
import ringlab.experiment.RunSpec;
import ringlab.experiment.compare.ParallelRuns;
import ringlab.sim.report.RunReport;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Runs statements and judges each by its {@link Expected} change. Every side is prepared first (a statement
 * naming an unknown board or feature, or bad iperf3 arguments, refuses the whole check, naming it); the
 * distinct runs then go in parallel on the cores through {@link Experiments}, the path `ringlab run` takes,
 * so results do not depend on the scheduling.
 */
public final class StatementCheck {
    private StatementCheck() { }

    /** @throws IllegalArgumentException a statement that cannot be prepared, or two with one id */
    public static List<StatementResult> run(List<Statement> statements, Map<String, Board> boards,
                                            Map<String, DriverFeature> installed, long seed) {
        Set<String> ids = new HashSet<>();
        Map<RunSpec, Statement> specs = new LinkedHashMap<>(); // each distinct run once
        for (Statement s : statements) {
            if (!ids.add(s.id())) throw new IllegalArgumentException("statement '" + s.id() + "' is listed twice");
            if (s.metric().needsPing() && s.pingMs() <= 0) throw new IllegalArgumentException("statement '" + s.id() + "' compares " + s.metric().label + " without a ping flow");
            for (Side side : List.of(s.a(), s.b())) {
                RunSpec rs = spec(s, side, seed);
                try {
                    Experiments.prepare(rs, boards, installed);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("statement '" + s.id() + "' (" + side.features() + ", iperf3 " + side.iperfLine()
                            + "): " + e.getMessage(), e);
                }
                specs.putIfAbsent(rs, s);
            }
        }
        List<RunSpec> order = new ArrayList<>(specs.keySet());
        List<Outcome> figures = ParallelRuns.map(order, rs -> figure(rs, specs.get(rs).metric(), boards, installed));
        Map<RunSpec, Outcome> bySpec = new LinkedHashMap<>();
        for (int i = 0; i < order.size(); i++) bySpec.put(order.get(i), figures.get(i));
        List<StatementResult> out = new ArrayList<>();
        for (Statement s : statements) {
            Outcome a = bySpec.get(spec(s, s.a(), seed)), b = bySpec.get(spec(s, s.b(), seed));
            String why = a.failure() != null ? a.failure() : b.failure();
            out.add(why != null ? StatementResult.failed(s, why) : StatementResult.of(s, a.value(), b.value()));
        }
        return out;
    }

    static RunSpec spec(Statement s, Side side, long seed) {
        return new RunSpec(s.metric().name(), s.board(), side.features(), seed, s.sets(), s.topology(), s.pingMs(), side.iperf());
    }

    /** A run's figure, or why it could not run. */
    private record Outcome(double value, String failure) { }

    private static Outcome figure(RunSpec rs, Metric m, Map<String, Board> boards, Map<String, DriverFeature> installed) {
        try {
            Experiments.Prepared p = Experiments.prepare(rs, boards, installed);
            RunReport r = Experiments.run(p);
            return new Outcome(m.of(r, p.board()), null);
        } catch (IllegalArgumentException e) {
            return new Outcome(Double.NaN, e.getMessage());
        }
    }
}
