package ringlab.experiment.calibrate;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonParseException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.experiment.JsonSyntax;
import ringlab.experiment.ReadFailure;

/**
 * A measurement file: iperf3's own -J output from the peer (the client) on real hardware, after a small
 * header that says what was measured, one "# key: value" line each:
 * <pre>
 * # board: rzg2ul
 * # features: stock,irq-coalescing,threaded-napi
 * # iperf3: -u -b 1G -t 10
 * # source: optional free text (who measured, kernel version)
 * {"start": ..., "end": {"sum_received": {"bits_per_second": ...}}}
 * </pre>
 * The receiver's throughput is end.sum_received.bits_per_second (TCP, and UDP from iperf3 3.?), else
 * end.sum.bits_per_second (UDP from older iperf3).
 */
public final class MeasurementFile {
    private MeasurementFile() { }

    /**
     * The board the file names and its measurement, with what else the file holds for `reproduce --measured`'s
     * table: the sender's Mbit/s (end.sum_sent.bits_per_second) and its retransmits (end.sum_sent.retransmits,
     * TCP only), -1 where the output has none; and the header's "# features:" and "# iperf3:" lines (1-based),
     * so that a refusal of either names the file and the line.
     */
    public record Read(String board, Measurement measurement, double senderMbps, long retransmits, String file, int featuresLine,
                       int iperfLine) {
        /** "FILE:2: # features: nosuch": where a refusal of the header's features points. */
        public String featuresWhere() { return file + ":" + featuresLine + ": # features: " + measurement.features(); }

        /** "FILE:3: # iperf3: -t x": where a refusal of the header's iperf3 arguments points. */
        public String iperfWhere() { return file + ":" + iperfLine + ": # iperf3: " + String.join(" ", measurement.iperf()); }
    }

    public static Read read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": " + ReadFailure.reason(e));
        }
        return parse(text, file.toString());
    }

    static Read parse(String text, String name) {
        Map<String, String> header = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        int json = 0, number = 0;
        for (String line : text.split("\n", -1)) {
            String l = line.strip();
            if (l.startsWith("{")) break;
            json += line.length() + 1;
            number++;
            if (l.isEmpty()) continue;
            if (!l.startsWith("#")) throw new IllegalArgumentException(name + ": expected '# key: value' header lines, then iperf3 -J output; got '" + l + "'");
            int colon = l.indexOf(':');
            if (colon < 0) throw new IllegalArgumentException(name + ": header line without 'key: value': '" + l + "'");
            String key = l.substring(1, colon).strip();
            header.put(key, l.substring(colon + 1).strip());
            lineOf.put(key, number);
        }
        for (String k : List.of("board", "features", "iperf3")) {
            if (header.getOrDefault(k, "").isEmpty()) throw new IllegalArgumentException(name + ": the header has no '# " + k + ": ...' line");
        }
        if (json >= text.length()) throw new IllegalArgumentException(name + ": no iperf3 -J output after the header");
        JsonObject end = end(text.substring(json), number, name); // number: the header's lines, before the JSON
        double bps = receiverBitsPerSecond(end, name);
        List<String> iperf = Arrays.stream(header.get("iperf3").split("\\s+")).filter(s -> !s.isEmpty()).toList();
        String source = header.containsKey("source") ? name + " (" + header.get("source") + ")" : name;
        JsonObject sent = end.has("sum_sent") && end.get("sum_sent").isJsonObject() ? end.getAsJsonObject("sum_sent") : null;
        double senderMbps = sent != null && sent.has("bits_per_second") ? sent.get("bits_per_second").getAsDouble() / 1e6 : -1;
        long retransmits = sent != null && sent.has("retransmits") ? sent.get("retransmits").getAsLong() : -1; // UDP has none
        return new Read(header.get("board"), Measurement.absolute(header.get("features"), iperf, bps / 1e6, source), senderMbps, retransmits,
                name, lineOf.get("features"), lineOf.get("iperf3"));
    }

    /** {@code headerLines}: the lines before the JSON, so that an error's line is the file's. */
    private static JsonObject end(String json, int headerLines, String name) {
        JsonObject end;
        try {
            JsonElement root = JsonParser.parseString(json);
            JsonElement e = root.isJsonObject() ? root.getAsJsonObject().get("end") : null;
            if (e != null && !e.isJsonObject()) throw new IllegalArgumentException(name + ": iperf3 -J output whose \"end\" is not an object");
            end = e == null ? null : e.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(name + ": not iperf3 -J output, " + JsonSyntax.describe(e, headerLines));
        }
        if (end == null) throw new IllegalArgumentException(name + ": iperf3 -J output without an \"end\" object (an interrupted run?)");
        return end;
    }

    private static double receiverBitsPerSecond(JsonObject end, String name) {
        for (String sum : List.of("sum_received", "sum")) {
            if (end.has(sum) && end.getAsJsonObject(sum).has("bits_per_second")) return end.getAsJsonObject(sum).get("bits_per_second").getAsDouble();
        }
        throw new IllegalArgumentException(name + ": iperf3 -J output without end.sum_received.bits_per_second or end.sum.bits_per_second");
    }
}
