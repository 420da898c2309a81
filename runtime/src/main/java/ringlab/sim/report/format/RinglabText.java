package ringlab.sim.report.format;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ringlab.sim.report.ReportJson;
import ringlab.sim.report.RunReport;

/** The text output's ringlab section: the device detail as indented {@code key: value} lines, and the wall line. */
final class RinglabText {

    private RinglabText() {
    }

    /**
     * The ringlab section: run identity, then the device detail as indented {@code key: value} lines, from
     * its JSON tree under {@link ReportJson}'s rules (the same keys as the JSON output).
     */
    static String format(RunReport r) {
        StringBuilder sb = new StringBuilder();
        sb.append("ringlab: board ").append(r.boardId).append(", seed ").append(r.seed)
                .append(", features: ").append(r.features.isEmpty() ? "none" : String.join(", ", r.features));
        r.settings.forEach((k, v) -> sb.append(", ").append(k).append('=').append(v));
        sb.append('\n');
        if (r.ringlab != null) {
            for (String line : renderObject(ReportJson.toJsonTree(r.ringlab).getAsJsonObject(), 2)) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    /** One line {@code wall: k=v, ...} of the report's wall-clock data, or "" when there is none. */
    static String wallClockLine(RunReport r) {
        if (r.wallClock == null || r.wallClock.isEmpty()) {
            return "";
        }
        return "wall: " + compact(ReportJson.toJsonTree(r.wallClock), false);
    }

    /** A readable number: integers as is, decimals to about 3 significant places. */
    static String number(Number n) {
        if (n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte
                || n instanceof BigInteger) {
            return n.toString();
        }
        double d = n.doubleValue();
        if (!Double.isFinite(d)) {
            return Double.toString(d);
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        BigDecimal b = new BigDecimal(d);
        double a = Math.abs(d);
        b = a >= 100 ? b.setScale(1, RoundingMode.HALF_EVEN)
                : a >= 1 ? b.setScale(2, RoundingMode.HALF_EVEN)
                : b.round(new MathContext(3, RoundingMode.HALF_EVEN));
        return b.stripTrailingZeros().toPlainString();
    }

    private static List<String> renderObject(JsonObject object, int indent) {
        List<String> lines = new ArrayList<>();
        String pad = " ".repeat(indent);
        for (Map.Entry<String, JsonElement> e : object.entrySet()) {
            JsonElement v = e.getValue();
            String key = pad + e.getKey() + ":";
            if (v.isJsonObject() && !v.getAsJsonObject().isEmpty()) {
                lines.add(key);
                lines.addAll(renderObject(v.getAsJsonObject(), indent + 2));
            } else if (v.isJsonArray() && !isFlat(v.getAsJsonArray())) {
                lines.add(key);
                lines.addAll(renderArray(v.getAsJsonArray(), indent + 2));
            } else if (EXACT.contains(e.getKey()) && v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber()) {
                lines.add(key + " " + v.getAsJsonPrimitive().getAsString()); // as the JSON has it
            } else {
                lines.add(key + " " + compact(v, true));
            }
        }
        return lines;
    }

    /**
     * Keys printed as the JSON writes them rather than to about 3 significant places: a clock reading, not a
     * measured figure (virtual_seconds 2.001 read "2", which is not the run's length).
     */
    private static final java.util.Set<String> EXACT = java.util.Set.of("virtual_seconds");

    private static List<String> renderArray(JsonArray array, int indent) {
        List<String> lines = new ArrayList<>();
        String pad = " ".repeat(indent);
        for (JsonElement v : array) {
            List<String> inner;
            if (v.isJsonObject() && !v.getAsJsonObject().isEmpty()) {
                inner = renderObject(v.getAsJsonObject(), indent + 2);
            } else if (v.isJsonArray() && !isFlat(v.getAsJsonArray())) {
                inner = renderArray(v.getAsJsonArray(), indent + 2);
            } else {
                lines.add(pad + "- " + compact(v, true));
                continue;
            }
            lines.add(pad + "- " + inner.get(0).substring(indent + 2));
            lines.addAll(inner.subList(1, inner.size()));
        }
        return lines;
    }

    private static boolean isFlat(JsonArray array) {
        for (JsonElement v : array) {
            if (v.isJsonObject() || v.isJsonArray()) {
                return false;
            }
        }
        return true;
    }

    /** One-line rendering: scalars, [a, b], {k: v} (or k=v at the top level of the wall line). */
    private static String compact(JsonElement v, boolean colon) {
        if (v.isJsonPrimitive()) {
            JsonPrimitive p = v.getAsJsonPrimitive();
            return p.isNumber() ? number(p.getAsNumber()) : p.getAsString();
        }
        if (v.isJsonObject()) {
            List<String> parts = new ArrayList<>();
            v.getAsJsonObject().entrySet().forEach(e -> parts.add(e.getKey() + (colon ? ": " : "=") + compact(e.getValue(), true)));
            return colon ? "{" + String.join(", ", parts) + "}" : String.join(", ", parts);
        }
        if (v.isJsonArray()) {
            List<String> parts = new ArrayList<>();
            v.getAsJsonArray().forEach(x -> parts.add(compact(x, true)));
            return "[" + String.join(", ", parts) + "]";
        }
        return "null";
    }

}
