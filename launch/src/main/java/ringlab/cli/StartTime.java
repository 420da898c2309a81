package ringlab.cli;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The test's start time printed as iperf3's start.timestamp (and --timestamps' base): run's --timestamp VALUE,
 * else the SOURCE_DATE_EPOCH environment variable (reproducible-builds.org's convention), else the real clock,
 * in whole seconds as iperf3's timesecs. A pinned time makes the output byte-identical between runs.
 */
final class StartTime {
    static final String ENV = "SOURCE_DATE_EPOCH";

    private StartTime() {
    }

    /** {@code option}: --timestamp's value or null; epoch seconds or an ISO-8601 time with an offset. */
    static Instant resolve(String option, Map<String, String> env, Supplier<Instant> clock) {
        if (option != null) {
            Instant t = parse(option);
            if (t == null) {
                throw new IllegalArgumentException("--timestamp expects epoch seconds or an ISO-8601 time such as "
                        + "2026-12-03T12:57:00Z, got '" + option + "'");
            }
            return t;
        }
        String epoch = env.get(ENV);
        if (epoch != null && !epoch.isEmpty()) {
            Instant t = epochSeconds(epoch);
            if (t == null) {
                throw new IllegalArgumentException(ENV + " must be whole epoch seconds, got '" + epoch + "'");
            }
            return t;
        }
        return clock.get().truncatedTo(ChronoUnit.SECONDS);
    }

    private static Instant parse(String v) {
        Instant t = epochSeconds(v);
        if (t != null) {
            return t;
        }
        try {
            return OffsetDateTime.parse(v).toInstant().truncatedTo(ChronoUnit.SECONDS);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Non-negative whole seconds (iperf3's timesecs is unsigned), up to year 9999. */
    private static Instant epochSeconds(String v) {
        if (!v.matches("[0-9]{1,12}")) {
            return null;
        }
        long s = Long.parseLong(v);
        return s <= 253402300799L ? Instant.ofEpochSecond(s) : null;
    }
}
