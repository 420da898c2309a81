package ringlab.experiment;

/**
 * The seeds FIRST .. FIRST+N-1 of the commands that run each case at several seeds (--seed FIRST --seeds N:
 * reproduce, compare). One rule for all of them: the range must hold at least one seed and must not pass
 * Long.MAX_VALUE, since a range that wrapped round would run negative seeds nobody asked for (or none at all);
 * and one way to write it, which stays readable for negative seeds.
 */
public final class SeedRange {
    private SeedRange() { }

    /** @throws IllegalArgumentException one line naming --seed and --seeds when the range is empty or passes Long.MAX_VALUE */
    public static void check(long first, int seeds) {
        if (seeds < 1) throw new IllegalArgumentException("--seeds must be at least 1, got " + seeds);
        if (first > Long.MAX_VALUE - (seeds - 1)) {
            throw new IllegalArgumentException("--seed " + first + " with --seeds " + seeds + " passes the largest seed, " + Long.MAX_VALUE
                    + " (the last seed is --seed + --seeds - 1)");
        }
    }

    /** The last seed of a checked range. */
    public static long last(long first, int seeds) { return first + seeds - 1; }

    /**
     * "7" for one seed, "1-3" for several; "-5 to -4" when a seed is negative, where a hyphen between them
     * would read as "-5--4".
     */
    public static String text(long first, int seeds) {
        if (seeds == 1) return String.valueOf(first);
        long last = last(first, seeds);
        return first < 0 || last < 0 ? first + " to " + last : first + "-" + last;
    }
}
