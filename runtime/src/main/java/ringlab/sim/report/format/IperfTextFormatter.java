package ringlab.sim.report.format;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Locale;
import java.util.function.IntUnaryOperator;
import ringlab.sim.report.EndStream;
import ringlab.sim.report.Interval;
import ringlab.sim.report.IntervalStream;
import ringlab.sim.report.ReportJson;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.StreamInfo;
import ringlab.sim.report.Totals;
import ringlab.sim.workload.IperfOptions;

/**
 * Prints a {@link RunReport} the way the iperf3 3.12 client (the peer) prints a test, followed by a readable
 * rendering of the device detail: --bidir's [TX-C]/[RX-C] roles, -O's "(omitted)" intervals, -T's title,
 * --timestamps' strftime prefix and --get-server-output's "Server output:" block as iperf3 prints them (compared
 * with real iperf3's text in src/test/resources/iperf3). Numbers follow iperf3's C formatting (round half even
 * on the exact binary value, unit_snprintf units) so output is byte-stable; wall-clock data is never printed
 * here, and the --timestamps times are the given start time plus each line's virtual offset.
 */
public final class IperfTextFormatter {

    /** The line iperf3 prints between the intervals and the summary. */
    public static final String SEPARATOR = "- - - - - - - - - - - - - - - - - - - - - - - - -";
    static final String HEADER = "[ ID] Interval           Transfer     Bitrate";
    static final String HEADER_RETR = HEADER + "         Retr";
    static final String HEADER_RETR_CWND = HEADER_RETR + "  Cwnd";
    static final String HEADER_UDP = HEADER + "         Jitter    Lost/Total Datagrams";
    static final String HEADER_UDP_SENDER = HEADER + "         Total Datagrams";
    /** The empty jitter column of a --bidir UDP sender's interval line (iperf3's ten-space zbuf). */
    private static final String UDP_BIDIR_PAD = "          ";

    private IperfTextFormatter() {
    }

    /** The iperf3 client text, a blank line, then the ringlab device section; --timestamps from 1970 (tests). */
    public static String format(RunReport r) {
        return format(r, Instant.EPOCH);
    }

    /** The iperf3 client text, a blank line, then the ringlab device section; {@code start}: the test's start. */
    public static String format(RunReport r, Instant start) {
        return formatIperf(r, start) + "\n" + formatRinglab(r);
    }

    /** Only the iperf3 client text, ending with "iperf Done."; --timestamps from 1970 (tests). */
    public static String formatIperf(RunReport r) {
        return formatIperf(r, Instant.EPOCH);
    }

    /** Only the iperf3 client text, ending with "iperf Done."; --timestamps count from {@code start}. */
    public static String formatIperf(RunReport r, Instant start) {
        IperfOptions o = IperfJsonFormatter.options(r);
        Out out = new Out(o, start);
        StreamInfo first = r.streams.isEmpty() ? null : r.streams.get(0);
        String host = first != null ? first.remoteHost : (o.host() != null ? o.host() : "device");
        int port = first != null ? first.remotePort : o.port();
        if (o.verbose()) {
            // iperf_run_client: the version, then the system info after an iperf_printf of "" (so -T and
            // --timestamps prefix that line twice); iperf_connect: the control MSS with plain printf (no prefix)
            out.line(IperfJsonStart.IPERF_VERSION);
            out.linePrefixedTwice(IperfJsonStart.systemInfo(r.boardId));
            int ctrlMss = controlMss(r);
            if (ctrlMss > 0) {
                out.raw("Control connection MSS " + ctrlMss + "\n");
            }
            out.line("Time: " + IperfJsonStart.TIME.format(start != null ? start : Instant.EPOCH));
        }
        out.line("Connecting to host " + host + ", port " + port);
        if (o.reverse()) {
            out.line("Reverse mode, remote host " + host + " is sending");
        }
        if (o.verbose()) {
            // iperf_on_connect: the cookie, the data streams' MSS (TCP: -M's, else the control connection's) and
            // the target rate when there is one
            out.line("      Cookie: " + IperfJsonStart.cookie(r.seed));
            if (!o.udp() && (o.mss() > 0 || controlMss(r) > 0)) {
                out.line("      TCP MSS: " + (o.mss() > 0 ? o.mss() : controlMss(r) + " (default)"));
            }
            if (o.bitrate() > 0) {
                out.line("      Target Bitrate: " + o.bitrate());
            }
        }
        for (StreamInfo s : r.streams) {
            out.line(String.format(Locale.ROOT, "[%3d] local %s port %d connected to %s port %d",
                    s.id, s.localHost, s.localPort, s.remoteHost, s.remotePort));
        }
        if (o.verbose()) {
            out.line(String.format(Locale.ROOT,
                    "Starting Test: protocol: %s, %d streams, %d byte blocks, omitting %d seconds, %d second test, tos %d",
                    o.protocol(), o.parallel(), o.length(), o.omitSec(), o.durationSec(), o.tos()));
        }
        intervals(r, o, out, !o.reverse(), 'C');
        out.line(SEPARATOR);
        summary(r, o, out);
        if (o.getServerOutput()) {
            // iperf3 prints this block with one iperf_printf("\nServer output:\n%s\n"): the --timestamps and -T
            // prefix go on its first (empty) line only
            out.blank();
            out.raw("Server output:\n");
            out.raw(ServerOutput.text(r));
            out.raw("\n");
        }
        out.blank();
        out.line("iperf Done.");
        return out.text();
    }

    /**
     * Only the end section of the iperf3 client text: the summary header and the sender and receiver lines
     * (with -V also "Test Complete", the CPU line and, for TCP, the congestion control lines), as the
     * Before/After tables of driver patches quote it.
     */
    public static String formatSummary(RunReport r) {
        IperfOptions o = IperfJsonFormatter.options(r);
        Out out = new Out(o, null);
        summary(r, o, out);
        return out.text();
    }

    /**
     * The interval lines of the side that prints them ({@code localSends}: the printing host sends, without
     * --bidir) and {@code side} ('C' client, 'S' server, for --bidir's role tags); shared with the server's
     * output of --get-server-output.
     */
    static void intervals(RunReport r, IperfOptions o, Out out, boolean localSends, char side) {
        intervals(r, o, out, localSends, side, id -> id);
    }

    /** As above, with {@code socket} turning the report's (client's) socket numbers into the printing side's. */
    static void intervals(RunReport r, IperfOptions o, Out out, boolean localSends, char side, IntUnaryOperator socket) {
        if (o.intervalSec() <= 0 || r.intervals.isEmpty()) {
            return;
        }
        boolean udp = o.udp();
        boolean multi = o.parallel() > 1;
        boolean bidir = o.bidir();
        // iperf3 3.12 prints the sender's "Total Datagrams" header only without --bidir; --bidir's UDP header is
        // the receiver's, and its TX lines pad the jitter column (see intervalLine)
        out.line(role(bidir, udp ? (localSends && !bidir ? HEADER_UDP_SENDER : HEADER_UDP)
                : (localSends || bidir ? HEADER_RETR_CWND : HEADER)));
        for (int k = 0; k < r.intervals.size(); k++) {
            Interval iv = r.intervals.get(k);
            out.at(iv.end + (iv.omitted ? 0 : o.omitSec()));
            if (k > 0 && multi) {
                out.line(SEPARATOR);
            }
            String tag = iv.omitted ? "(omitted)" : "";
            if (!bidir) {
                for (IntervalStream s : iv.streams) {
                    out.line(intervalLine(id(socket.applyAsInt(s.id)), iv, s, udp, localSends, false, false, o.format(), tag));
                }
                if (multi) {
                    out.line(intervalLine("SUM", iv, iv.sum, udp, localSends, true, false, o.format(), tag));
                }
                continue;
            }
            // --bidir: iperf3 prints each direction's streams and then its [SUM], the client-sending ones first
            // (real iperf3 3.12 -P 2 --bidir: [5][TX-C], [7][TX-C], [SUM][TX-C], [9][RX-C], [11][RX-C], [SUM][RX-C])
            for (boolean clientSends : new boolean[] {true, false}) {
                boolean sends = clientSends == (side == 'C'); // the server's direction is the other one
                for (IntervalStream s : iv.streams) {
                    if (s.sender == clientSends) {
                        out.line(intervalLine(id(socket.applyAsInt(s.id)) + tag(true, sends, side), iv, s, udp, sends, false,
                                true, o.format(), tag));
                    }
                }
                IntervalStream sum = clientSends ? iv.sum : iv.sumBidirReverse; // iv.sum: the client-sending streams
                if (multi && sum != null) {
                    out.line(intervalLine("SUM" + tag(true, sends, side), iv, sum, udp, sends, true, true, o.format(), tag));
                }
            }
        }
    }

    /** --bidir's role tag: TX on the streams the printing side sends, RX on the others; C client, S server. */
    static String tag(boolean bidir, boolean sends, char side) {
        return !bidir ? "" : (sends ? "][TX-" : "][RX-") + side;
    }

    /** --bidir's headers have a [Role] column. */
    private static String role(boolean bidir, String header) {
        return bidir ? "[ ID][Role]" + header.substring("[ ID]".length()) : header;
    }

    private static void summary(RunReport r, IperfOptions o, Out out) {
        boolean udp = o.udp();
        boolean peerSends = !o.reverse();
        boolean multi = o.parallel() > 1;
        boolean bidir = o.bidir();
        char fmt = o.format();
        out.at(endOffset(r, o));
        if (o.verbose()) {
            out.line("Test Complete. Summary Results:");
        }
        out.line(role(bidir, udp ? HEADER_UDP : HEADER_RETR));
        // --bidir: each direction's streams, then its [SUM] lines, the client-sending direction first (as iperf3)
        for (boolean clientSends : bidir ? new boolean[] {true, false} : new boolean[] {true}) {
            for (EndStream s : r.end.streams) {
                if (bidir && s.sender != clientSends) {
                    continue;
                }
                String id = id(s.id) + tag(bidir, s.sender, 'C');
                out.line(endLine(id, s.sent, udp, true, fmt));
                out.line(endLine(id, s.received, udp, false, fmt));
            }
            if (!multi) {
                continue;
            }
            Totals sent = clientSends ? r.end.sumSent : r.end.sumSentBidirReverse;
            Totals received = clientSends ? r.end.sumReceived : r.end.sumReceivedBidirReverse;
            if (sent != null && received != null) {
                out.line(endLine("SUM" + tag(bidir, clientSends, 'C'), sent, udp, true, fmt));
                out.line(endLine("SUM" + tag(bidir, clientSends, 'C'), received, udp, false, fmt));
            }
        }
        if (o.verbose()) {
            var c = r.end.cpu;
            out.line(String.format(Locale.ROOT,
                    "CPU Utilization: local/%s %s%% (%s%%u/%s%%s), remote/%s %s%% (%s%%u/%s%%s)",
                    peerSends ? "sender" : "receiver", fixed(c.hostTotal, 1), fixed(c.hostUser, 1),
                    fixed(c.hostSystem, 1), peerSends ? "receiver" : "sender", fixed(c.remoteTotal, 1),
                    fixed(c.remoteUser, 1), fixed(c.remoteSystem, 1)));
            if (!udp) {
                out.line("snd_tcp_congestion " + IperfJsonFormatter.congestion(r.end.senderTcpCongestion, o));
                out.line("rcv_tcp_congestion " + IperfJsonFormatter.congestion(r.end.receiverTcpCongestion, o));
            }
        }
    }

    /** The control connection's MSS; reports without it (built by hand) fall back to the data streams'. */
    private static int controlMss(RunReport r) {
        return r.socket.controlMss > 0 ? r.socket.controlMss : r.socket.tcpMssDefault;
    }

    /** Seconds from the test's start to its end (omit period included), for --timestamps. */
    static double endOffset(RunReport r, IperfOptions o) {
        return Math.max(r.end.sumSent.end, r.end.sumReceived.end) + o.omitSec();
    }

    /**
     * The ringlab section: run identity, then the device detail as indented {@code key: value} lines, from
     * its JSON tree under {@link ReportJson}'s rules (the same keys as the JSON output).
     */
    public static String formatRinglab(RunReport r) {
        return RinglabText.format(r);
    }

    /** One line {@code wall: k=v, ...} of the report's wall-clock data, or "" when there is none. */
    public static String wallClockLine(RunReport r) {
        return RinglabText.wallClockLine(r);
    }

    /**
     * One interval line of a stream or sum; {@code sends}: the printing host sends on it. A UDP sender's line is
     * iperf3's report_bw_udp_sender_format, "%ss/sec %s %d  %s", whose first %s is empty except with --bidir,
     * where it is ten spaces so the datagram count stands under the header's Lost/Total column.
     */
    static String intervalLine(String id, Interval iv, IntervalStream s, boolean udp, boolean sends,
                               boolean sum, boolean bidir, char fmt, String tag) {
        String head = prefix(id, iv.start, iv.end, s.bytes, s.bitsPerSecond, fmt);
        if (udp) {
            return sends ? head + " " + (bidir ? UDP_BIDIR_PAD : "") + " " + s.packets + "  " + tag
                    : head + udpLoss(s.jitterMs, s.lostPackets, s.packets, s.lostPercent()) + "  " + tag;
        }
        if (!sends) {
            return head + "                  " + tag;
        }
        String retr = String.format(Locale.ROOT, "  %3d", s.retransmits);
        return sum ? head + retr + "             " + tag
                : head + retr + "   " + unit(s.sndCwndBytes, 'A') + "s       " + tag;
    }

    /**
     * One end line of a side: the sender's with TCP retransmits, the receiver's plain (UDP: loss figures). A UDP
     * sender has no jitter or loss of its own: iperf3 3.12 prints its line with 0.0 ms, 0 lost and 0% and only
     * the datagrams it sent (iperf_print_results passes 0.0, 0, the sender's packet count, 0.0), in either
     * direction (-R: the server's sending side) and for the sums.
     */
    static String endLine(String id, Totals t, boolean udp, boolean senderSide, char fmt) {
        String head = prefix(id, t.start, t.end, t.bytes, t.bitsPerSecond, fmt);
        String role = senderSide ? "sender" : "receiver";
        if (udp) {
            return head + (senderSide ? udpLoss(0.0, 0, t.packets, 0.0)
                    : udpLoss(t.jitterMs, t.lostPackets, t.packets, t.lostPercent)) + "  " + role;
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

    static String id(int id) {
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

    /**
     * Collects lines as iperf3's iprintf writes them: each prefixed with --timestamps' strftime time (the start
     * plus the current line's virtual offset), then with -T's title.
     */
    static final class Out {
        private final StringBuilder sb = new StringBuilder();
        private final String title;
        private final Strftime stamp;
        private final Instant start;
        private double offsetSec;

        /** {@code start} null: no --timestamps prefix (the summary quoted alone). */
        Out(IperfOptions o, Instant start) {
            this(o.title(), start != null ? o.timestampFormat() : null, start);
        }

        /** {@code title} -T's or null; {@code timestampFormat} --timestamps' or null (then start is unused). */
        Out(String title, String timestampFormat, Instant start) {
            this.title = title == null ? "" : title + ":  ";
            this.stamp = timestampFormat != null ? new Strftime(timestampFormat) : null;
            this.start = start;
        }

        /** The virtual time of the next lines, in seconds since the test's start. */
        void at(double seconds) {
            offsetSec = seconds;
        }

        void line(String s) {
            sb.append(stamp()).append(title).append(s).append('\n');
        }

        /** A line after an iperf_printf of "": the --timestamps and -T prefix twice (iperf3 -V's system info). */
        void linePrefixedTwice(String s) {
            sb.append(stamp()).append(title);
            line(s);
        }

        /** An empty line: iperf3 prints it with the timestamp and the title ("mytitle:  "), like any other. */
        void blank() {
            sb.append(stamp()).append(title).append('\n');
        }

        /** Text printed as one block (the server's output), without prefixes. */
        void raw(String text) {
            sb.append(text);
        }

        private String stamp() {
            return stamp == null ? "" : stamp.format(start.plusNanos(Math.round(offsetSec * 1e9)));
        }

        String text() {
            return sb.toString();
        }
    }
}
