package ringlab.webconsole.api;

/**
 * Client input quoted in an error message, cut to a few hundred characters: a 64 MiB value is never echoed
 * whole (it cost memory twice over, and a log or a terminal full of it). The servlet's error writer cuts
 * every message once more, so a validator that echoes a whole value is bounded too.
 */
final class Echo {
    private Echo() { }

    /** The most characters of one quoted value. */
    static final int VALUE = 200;
    /** The most characters of a whole error message. */
    static final int MESSAGE = 1000;

    /** {@code value} as text, cut to {@link #VALUE} characters with the full length said. */
    static String cut(Object value) { return cut(String.valueOf(value), VALUE); }

    /** {@code text} cut to {@code max} characters (never inside a surrogate pair) with the full length said. */
    static String cut(String text, int max) {
        if (text == null || text.length() <= max) return text;
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + "... (cut, " + text.length() + " characters)";
    }
}
