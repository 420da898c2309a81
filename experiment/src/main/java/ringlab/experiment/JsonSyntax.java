package ringlab.experiment;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What is wrong with a JSON text that Gson refused, as one line: where (line and column) and what, without
 * Gson's class names ("com.google.gson.stream.MalformedJsonException", "java.io.EOFException") or its advice
 * to read the text leniently, which is the API's, not the user's.
 */
public final class JsonSyntax {
    private JsonSyntax() { }

    private static final Pattern WHERE = Pattern.compile("(?:[\\w.$]+(?:Exception|Error): )?(.*?) at line (\\d+) column (\\d+)(?: path \\S*)?.*", Pattern.DOTALL);

    /**
     * "at line L, column C: WHAT" for Gson's exception. {@code linesBefore}: the lines of the file before the
     * JSON text (a header), so that the line is the file's.
     */
    public static String describe(RuntimeException e, int linesBefore) {
        String m = e.getMessage() == null ? "" : e.getMessage().strip();
        Matcher w = WHERE.matcher(m);
        if (!w.matches()) return m.lines().findFirst().orElse("not JSON").replaceFirst("^[\\w.$]+(Exception|Error): ", "");
        return "at line " + (Long.parseLong(w.group(2)) + linesBefore) + ", column " + w.group(3) + ": " + what(w.group(1));
    }

    private static String what(String gson) {
        if (gson.startsWith("Use JsonReader.setStrictness")) {
            return "something JSON does not allow (NaN or Infinity, a word without quotes, a comment, single quotes)";
        }
        if (gson.equals("End of input")) return "the text ends before the JSON does (is the file cut short?)";
        return gson.isEmpty() ? "not valid JSON" : Character.toLowerCase(gson.charAt(0)) + gson.substring(1);
    }
}
