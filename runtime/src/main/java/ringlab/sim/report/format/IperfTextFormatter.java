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
import java.util.Locale;
import java.util.Map;
import ringlab.sim.report.EndStream;
import ringlab.sim.report.Interval;
import ringlab.sim.report.IntervalStream;
import ringlab.sim.report.ReportJson;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.StreamInfo;
import ringlab.sim.report.Totals;
import ringlab.sim.workload.IperfOptions;

/**
 * Prints a {@link RunReport} the way the iperf3 client (the peer) prints a test, followed by a readable
 * rendering of the device detail. Numbers follow iperf3's C formatting (round half even on the exact
 * binary value, unit_snprintf units) so output is byte-stable; wall-clock data is never printed here.
 */
public final class IperfTextFormatter {

    static final String SEPARATOR = "- - - - - - - - - - - - - - - - - - - - - - - - -";
    static final String HEADER = "[ ID] Interval           Transfer     Bitrate";
    static final String HEADER_RETR = HEADER + "         Retr";
    static final String HEADER_RETR_CWND = HEADER_RETR + "  Cwnd";
    static final String HEADER_UDP = HEADER + "         Jitter    Lost/Total Datagrams";
    static final String HEADER_UDP_SENDER = HEADER + "         Total Datagrams";

    private IperfTextFormatter() {
    }

    /** The iperf3 client text, a blank line, then the ringlab device section. */
    public static String format(RunReport r) {
        return formatIperf(r) + "\n" + formatRinglab(r);
    }

    /** Only the iperf3 client text, ending with "iperf Done.". */
    public static String formatIperf(RunReport r) {
        IperfOptions o = r.options != null ? r.options : IperfOptions.defaults();
        boolean udp = o.udp();
        boolean peerSends = !o.reverse();
        boolean multi = o.parallel() > 1 || r.streams.size() > 1;
        char fmt = o.format();
        Out out = new Out(o.title());

        StreamInfo first = r.streams.isEmpty() ? null : r.streams.get(0);
        String host = first != null ? first.remoteHost : (o.host() != null ? o.host() : "device");
        int port = first != null ? first.remotePort : o.port();
        out.line("Connecting to host " + host + ", port " + port);
        if (!peerSends) {
            out.line("Reverse mode, remote host " + host + " is sending");
        }
        for (StreamInfo s : r.streams) {
            out.line(String.format(Locale.ROOT, "[%3d] local %s port %d connected to %s port %d",
                    s.id, s.localHost, s.localPort, s.remoteHost, s.remotePort));
        }
        if (o.verbose()) {
            out.line(String.format(Locale.ROOT,
                    "Starting Test: protocol: %s, %d streams, %d byte blocks, omitting %d seconds, %d second test, tos 0",
                    o.protocol(), o.parallel(), o.length(), o.omitSec(), o.durationSec()));
        }

        if (o.intervalSec() > 0 && !r.intervals.isEmpty()) {
            out.line(udp ? (peerSends ? HEADER_UDP_SENDER : HEADER_UDP) : (peerSends ? HEADER_RETR_CWND : HEADER));
            for (int k = 0; k < r.intervals.size(); k++) {
                Interval iv = r.intervals.get(k);
                if (k > 0 && multi) {
                    out.line(SEPARATOR);
                }
                String tag = iv.omitted ? "(omitted)" : "";
                for (IntervalStream s : iv.streams) {
                    out.line(intervalLine(id(s.id), iv, s, udp, peerSends, false, fmt, tag));
                }
                if (multi) {
                    out.line(intervalLine("SUM", iv, iv.sum, udp, peerSends, true, fmt, tag));
                }
            }
        }

        out.line(SEPARATOR);
        summary(r, o, out);
        out.sb.append('\n');
        out.line("iperf Done.");
        return out.sb.toString();
    }

    /**
     * Only the end section of the iperf3 client text: the summary header and the sender and receiver lines
     * (with -V also "Test Complete" and the CPU line), as the Before/After tables of driver patches quote it.
     */
    public static String formatSummary(RunReport r) {
        IperfOptions o = r.options != null ? r.options : IperfOptions.defaults();
        Out out = new Out(o.title());
        summary(r, o, out);
        return out.sb.toString();
    }

    private static void summary(RunReport r, IperfOptions o, Out out) {
        boolean udp = o.udp();
        boolean peerSends = !o.reverse();
        boolean multi = o.parallel() > 1 || r.streams.size() > 1;
        char fmt = o.format();
        if (o.verbose()) {
            out.line("Test Complete. Summary Results:");
        }
        out.line(udp ? HEADER_UDP : HEADER_RETR);
        for (EndStream s : r.end.streams) {
            out.line(endLine(id(s.id), s.sent, udp, true, fmt));
            out.line(endLine(id(s.id), s.received, udp, false, fmt));
        }
        if (multi) {
            out.line(endLine("SUM", r.end.sumSent, udp, true, fmt));
            out.line(endLine("SUM", r.end.sumReceived, udp, false, fmt));
        }
        if (o.verbose()) {
            var c = r.end.cpu;
            out.line(String.format(Locale.ROOT,
                    "CPU Utilization: local/%s %s%% (%s%%u/%s%%s), remote/%s %s%% (%s%%u/%s%%s)",
                    peerSends ? "sender" : "receiver", fixed(c.hostTotal, 1), fixed(c.hostUser, 1),
                    fixed(c.hostSystem, 1), peerSends ? "receiver" : "sender", fixed(c.remoteTotal, 1),
                    fixed(c.remoteUser, 1), fixed(c.remoteSystem, 1)));
        }
    }

    /**
     * The ringlab section: run identity, then the device detail as indented {@code key: value} lines, from
     * its JSON tree under {@link ReportJson}'s rules (the same keys as the JSON output).
     */
    public static String formatRinglab(RunReport r) {
        StringBuilder sb = new StringBuilder();
        sb.append("ringlab: board ").append(r.boardId).append(", seed ").append(r.seed)
                .append(", features: ").append(r.features.isEmpty() ? "none" : String.join(", ", r.features))
                .append('\n');
        if (r.ringlab != null) {
            for (String line : renderObject(ReportJson.toJsonTree(r.ringlab).getAsJsonObject(), 2)) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    /** One line {@code wall: k=v, ...} of the report's wall-clock data, or "" when there is none. */
    public static String wallClockLine(RunReport r) {
        if (r.wallClock == null || r.wallClock.isEmpty()) {
            return "";
        }
        return "wall: " + compact(ReportJson.toJsonTree(r.wallClock), false);
    }

    private static String intervalLine(String id, Interval iv, IntervalStream s, boolean udp, boolean peerSends,
                                       boolean sum, char fmt, String tag) {
        String head = prefix(id, iv.start, iv.end, s.bytes, s.bitsPerSecond, fmt);
        if (udp) {
            return peerSends ? head + "  " + s.packets + "  " + tag
                    : head + udpLoss(s.jitterMs, s.lostPackets, s.packets, s.lostPercent()) + "  " + tag;
        }
        if (!peerSends) {
            return head + "                  " + tag;
        }
        String retr = String.format(Locale.ROOT, "  %3d", s.retransmits);
        return sum ? head + retr + "             " + tag
                : head + retr + "   " + unit(s.sndCwndBytes, 'A') + "s       " + tag;
    }

    private static String endLine(String id, Totals t, boolean udp, boolean senderSide, char fmt) {
        String head = prefix(id, t.start, t.end, t.bytes, t.bitsPerSecond, fmt);
        String role = senderSide ? "sender" : "receiver";
        if (udp) {
            return head + udpLoss(t.jitterMs, t.lostPackets, t.packets, t.lostPercent) + "  " + role;
        }
        return senderSide ? head + String.format(Locale.ROOT, "  %3d             ", t.retransmits) + role
                : head + "                  " + role;
    }

    private static String prefix(String id, double start, double end, long bytes, double bps, char fmt) {
        return String.format(Locale.ROOT, "[%s] %6s-%-6s sec  %ss  %ss/sec", id, fixed(start, 2), fixed(end, 2),
                unit(bytes, 'A'), unit(bps / 8.0, fmt));
    }

    private static String udpLoss(double jitterMs, long lost, long packets, double lostPercent) {
        return String.format(Locale.ROOT, "  %5s ms  %d/%d (%s%%)", fixed(jitterMs, 3), lost, packets,
                percentG2(lostPercent));
    }

    private static String id(int id) {
        return String.format(Locale.ROOT, "%3d", id);
    }

    private static final String[] BYTE_LABELS = {"Byte", "KByte", "MByte", "GByte", "TByte"};
    private static final String[] BIT_LABELS = {"bit", "Kbit", "Mbit", "Gbit", "Tbit"};

    /**
     * iperf3's unit_snprintf: {@code bytes} scaled by format letter (upper case = bytes, 1024-based; lower
     * case = bits, 1000-based; 'a'/'A' adaptive), printed in 4 places, e.g. "4.00 MByte", "33.5 Mbit".
     */
    public static String unit(double bytes, char format) {
        boolean asBytes = Character.isUpperCase(format);
        double n = asBytes ? bytes : bytes * 8;
        double base = asBytes ? 1024.0 : 1000.0;
        int conv;
        switch (Character.toUpperCase(format)) {
            case 'B' -> conv = 0;
            case 'K' -> conv = 1;
            case 'M' -> conv = 2;
            case 'G' -> conv = 3;
            case 'T' -> conv = 4;
            default -> {
                conv = 0;
                for (double tmp = n; tmp >= base && conv < 4; tmp /= base) {
                    conv++;
                }
            }
        }
        n /= Math.pow(base, conv);
        String label = asBytes ? BYTE_LABELS[conv] : BIT_LABELS[conv];
        int decimals = n < 9.995 ? 2 : n < 99.95 ? 1 : 0;
        return String.format(Locale.ROOT, "%4s %s", fixed(n, decimals), label);
    }

    /** C's {@code %.Nf}: exact binary value rounded half-even, plain digits. */
    public static String fixed(double v, int decimals) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        String s = new BigDecimal(v).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
        return (v < 0 || (v == 0 && 1 / v < 0)) && !s.startsWith("-") ? "-" + s : s;
    }

    /** C's {@code %.2g} as iperf3 uses it for loss percentages: "0", "1.5", "12", "1e+02". */
    public static String percentG2(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return v == 0 ? "0" : fixed(v, 0);
        }
        BigDecimal r = new BigDecimal(v).round(new MathContext(2, RoundingMode.HALF_EVEN));
        int exp = r.precision() - r.scale() - 1;
        if (exp < -4 || exp >= 2) {
            BigDecimal mant = r.movePointLeft(exp).stripTrailingZeros();
            String m = mant.scale() <= 0 ? mant.toBigInteger().toString() : mant.toPlainString();
            return String.format(Locale.ROOT, "%se%s%02d", m, exp < 0 ? "-" : "+", Math.abs(exp));
        }
        BigDecimal plain = r.stripTrailingZeros();
        return plain.scale() <= 0 ? plain.toBigInteger().toString() : plain.toPlainString();
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
            } else {
                lines.add(key + " " + compact(v, true));
            }
        }
        return lines;
    }

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

    /** Collects lines, each prefixed with the -T title like iperf3 does. */
    private static final class Out {
        final StringBuilder sb = new StringBuilder();
        final String prefix;

        Out(String title) {
            prefix = title == null ? "" : title + ":  ";
        }

        void line(String s) {
            sb.append(prefix).append(s).append('\n');
        }
    }
}
