package ringlab.sim.report.format;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.sim.report.ReportJson;
import ringlab.sim.report.RunReport;

/**
 * iperf3's --json-stream (3.17) and the one-line JSON of errors. --json-stream writes one compact JSON object per
 * line: {"event":"start","data":{...}}, one {"event":"interval","data":{...}} per interval, then
 * {"event":"end","data":{...}} with iperf3's objects exactly as -J prints them; what follows "end" in -J's
 * document gets its own event after it, named by its key: "title", "server_output_text", then "ringlab" (and
 * "wall_clock"), so a consumer that stops at "end" sees iperf3's stream only. The start event's "version" stays
 * "iperf 3.12" (a real 3.17 writes "iperf 3.17" there): the objects are -J's, checked against 3.12's recordings
 * only, and the version names the release whose objects they are (README, "iperf3 output compatibility").
 */
public final class JsonStream {

    private JsonStream() {
    }

    /** The events, one per line, each line ending with a newline. */
    public static List<String> events(RunReport r, Instant timestamp) {
        JsonObject doc = IperfJsonFormatter.document(r, timestamp);
        List<String> lines = new ArrayList<>();
        lines.add(event("start", doc.remove("start")));
        for (JsonElement iv : doc.remove("intervals").getAsJsonArray()) {
            lines.add(event("interval", iv));
        }
        lines.add(event("end", doc.remove("end")));
        doc.entrySet().forEach(e -> lines.add(event(e.getKey(), e.getValue())));
        return lines;
    }

    /**
     * An error as iperf3 reports it in JSON modes, on one line: with -J the document iperf3 3.12 prints when a
     * test fails (start with the version, empty intervals and end, then "error"); with --json-stream its
     * {"event":"error","data":"..."}.
     */
    public static String error(String message, boolean stream) {
        if (stream) {
            return event("error", new JsonPrimitive(message));
        }
        Map<String, Object> start = new LinkedHashMap<>();
        start.put("connected", List.of());
        start.put("version", IperfJsonStart.IPERF_VERSION);
        start.put("system_info", IperfJsonStart.systemInfo(null));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("start", start);
        doc.put("intervals", List.of());
        doc.put("end", Map.of());
        doc.put("error", message);
        return compact(doc) + "\n";
    }

    private static String event(String name, JsonElement data) {
        JsonObject e = new JsonObject();
        e.addProperty("event", name);
        e.add("data", data);
        return compact(e) + "\n";
    }

    /** One line of JSON under {@link ReportJson}'s rules (plain numbers, nulls for NaN), without indents. */
    static String compact(Object value) {
        JsonElement tree = value instanceof JsonElement t ? t : ReportJson.toJsonTree(value);
        StringWriter sw = new StringWriter();
        try {
            JsonWriter w = new JsonWriter(sw); // compact, no HTML escaping
            w.setSerializeNulls(true);
            ReportJson.GSON.getAdapter(JsonElement.class).write(w, tree);
            w.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sw.toString();
    }
}
