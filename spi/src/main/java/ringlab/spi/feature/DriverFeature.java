package ringlab.spi.feature;

import java.util.List;
import org.osgi.annotation.versioning.ConsumerType;
import ringlab.spi.board.Board;

/**
 * A driver feature (batched rx, BQL, ...). Registered as an OSGi service by its bundle (and listed in
 * META-INF/services for batch runs). Implementations must be stateless: per-driver state lives in the
 * objects the feature installs through {@link DriverHooks}.
 */
@ConsumerType
public interface DriverFeature {

    /** Fixed id, e.g. "batched-rx". */
    String id();

    /** One line: the mechanism it models. */
    String summary();

    /** Feature ids that must be active too. */
    default List<String> requires() { return List.of(); }

    /** Feature ids that cannot be active at the same time. */
    default List<String> conflicts() { return List.of(); }

    /** Its tunables, with kernel names, units and defaults. */
    default List<Tunable> tunables() { return List.of(); }

    /**
     * The counters it reports through {@link DriverHooks#counters}, with units and docs; only these names
     * appear. Empty (a feature written before counters were declared): whatever it reports is shown as is,
     * undeclared, and starts again from zero at each reinstall.
     */
    default List<Counter> counters() { return List.of(); }

    /** Null if the board can run the feature, else what the hardware lacks, in a few words. */
    default String unsupportedReason(Board board) { return null; }

    /**
     * As {@link #unsupportedReason(Board)}, for these tunable values (a mode chosen by a tunable may need
     * hardware the default does not): checked before a configuration is applied.
     */
    default String unsupportedReason(Board board, java.util.function.ToLongFunction<String> tunables) {
        return unsupportedReason(board);
    }

    /** Installs the mechanism on one driver instance. */
    void install(DriverHooks hooks);
}
