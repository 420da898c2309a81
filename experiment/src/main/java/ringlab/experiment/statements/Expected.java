package ringlab.experiment.statements;

import java.util.Locale;

/**
 * What a statement predicts for the change from side A to side B of its figure: it RISES or FALLS by at least
 * {@code percent}, or STAYS within {@code percent} either way (a mechanism that does nothing there).
 */
public record Expected(Direction direction, double percent) {
    public enum Direction { RISES, FALLS, STAYS }

    public Expected {
        if (direction == null) throw new IllegalArgumentException("an expectation needs a direction");
        if (!(percent > 0) || percent > 1000) throw new IllegalArgumentException("threshold must be in (0, 1000] %, not " + percent);
    }

    public static Expected rises(double percent) { return new Expected(Direction.RISES, percent); }

    public static Expected falls(double percent) { return new Expected(Direction.FALLS, percent); }

    public static Expected stays(double percent) { return new Expected(Direction.STAYS, percent); }

    /** Whether a change (in percent of A) fulfils it; a NaN change never does. */
    public boolean holds(double changePercent) {
        if (Double.isNaN(changePercent)) return false;
        return switch (direction) {
            case RISES -> changePercent >= percent;
            case FALLS -> changePercent <= -percent;
            case STAYS -> Math.abs(changePercent) < percent;
        };
    }

    /** "rises >= 5 %", "stays within 2 %". */
    @Override
    public String toString() {
        String p = String.format(Locale.ROOT, "%s %%", ringlab.experiment.PlainNumbers.plain(percent));
        return switch (direction) {
            case RISES -> "rises >= " + p;
            case FALLS -> "falls >= " + p;
            case STAYS -> "stays within " + p;
        };
    }
}
