package ringlab.sim.report.format;

import static ringlab.sim.report.format.IperfJsonStart.map;

import com.google.gson.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.sim.report.Cpu;
import ringlab.sim.report.EndStream;
import ringlab.sim.report.Interval;
import ringlab.sim.report.IntervalStream;
import ringlab.sim.report.ReportJson;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.Totals;
import ringlab.sim.workload.IperfOptions;

/**
 * Prints a {@link RunReport} as iperf3 3.12's client prints {@code -J}: the same keys in the same order, for
 * TCP and UDP, either direction, -P, --bidir, -O, -n/-k and --get-server-output (the key trees are tested
 * against real iperf3's output kept in src/test/resources/iperf3). What ringlab adds stays out of iperf3's
 * objects: the run's identity and the device detail under one top-level "ringlab" key, and "wall_clock" (real
 * time, only when the report has any) kept apart so everything else is byte-identical for equal reports.
 *
 * <p>A pure function of the report and the test's start time: the caller passes the timestamp (the real clock,
 * or a pinned one for byte-identical output), nothing here reads the clock. Numbers follow {@link ReportJson}.
 */
public final class IperfJsonFormatter {

    private IperfJsonFormatter() {
    }

    /** The JSON document, pretty-printed with two-space indents, ending with a newline. */
    public static String format(RunReport r, Instant timestamp) {
        return ReportJson.toJson(document(r, timestamp)) + "\n";
    }

    /**
     * The document as a JSON tree, before writing (--json-stream cuts it in events). A tree, so the device
     * detail's non-finite figures stay null (see {@link ReportJson#toJson}).
     */
    static JsonObject document(RunReport r, Instant timestamp) {
        IperfOptions o = options(r);
        Map<String, Object> top = new LinkedHashMap<>();
        top.put("start", IperfJsonStart.start(r, o, timestamp));
        List<Object> intervals = new ArrayList<>();
        for (Interval iv : r.intervals) {
            intervals.add(interval(iv, o));
        }
        top.put("intervals", intervals);
        top.put("end", end(r, o));
        if (o.title() != null) {
            top.put("title", o.title()); // iperf3 adds it after "end"
        }
        if (o.getServerOutput()) {
            // what the device's `iperf3 -s` (not -J) printed, as iperf3's client embeds a text server's output
            top.put("server_output_text", ServerOutput.text(r));
        }
        JsonObject tree = ReportJson.toJsonTree(top).getAsJsonObject();
        tree.add("ringlab", ringlab(r));
        if (r.wallClock != null && !r.wallClock.isEmpty()) {
            tree.add("wall_clock", ReportJson.toJsonTree(r.wallClock));
        }
        return tree;
    }

    static IperfOptions options(RunReport r) {
        return r.options != null ? r.options : IperfOptions.defaults();
    }

    /**
     * ringlab's own part: "run" (board, features, seed, the --set values given, the iperf3 release imitated), then the device detail's
     * keys. Everything ringlab adds to iperf3's document is here, so iperf3's objects keep iperf3's keys only.
     */
    private static JsonObject ringlab(RunReport r) {
        JsonObject m = new JsonObject();
        m.add("run", ReportJson.toJsonTree(map("board", r.boardId, "features", r.features, "seed", r.seed,
                "settings", r.settings, "imitates", IperfJsonStart.IPERF_VERSION)));
        if (r.ringlab != null) {
            ReportJson.toJsonTree(r.ringlab).getAsJsonObject().entrySet().forEach(e -> m.add(e.getKey(), e.getValue()));
        }
        return m;
    }

    /** The sender flag of a stream as iperf3 prints it: true where the client (peer) sends. */
    private static boolean sends(boolean streamSender, IperfOptions o) {
        return o.bidir() ? streamSender : !o.reverse();
    }

    static Map<String, Object> interval(Interval iv, IperfOptions o) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> streams = new ArrayList<>();
        for (IntervalStream s : iv.streams) {
            streams.add(intervalStream(s, iv, o, sends(s.sender, o), false));
        }
        m.put("streams", streams);
        m.put("sum", intervalStream(iv.sum, iv, o, o.bidir() || !o.reverse(), true));
        if (o.bidir() && iv.sumBidirReverse != null) {
            m.put("sum_bidir_reverse", intervalStream(iv.sumBidirReverse, iv, o, false, true));
        }
        return m;
    }

    /** Sending side: TCP's tcp_info figures or UDP's datagram count; receiving side: UDP's loss figures. */
    private static Map<String, Object> intervalStream(IntervalStream s, Interval iv, IperfOptions o,
                                                      boolean sender, boolean sum) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (!sum) {
            m.put("socket", s.id);
        }
        m.put("start", iv.start);
        m.put("end", iv.end);
        m.put("seconds", iv.seconds());
        m.put("bytes", s.bytes);
        m.put("bits_per_second", s.bitsPerSecond);
        if (o.udp() && sender) {
            m.put("packets", s.packets);
        } else if (o.udp()) {
            m.put("jitter_ms", s.jitterMs);
            m.put("lost_packets", s.lostPackets);
            m.put("packets", s.packets);
            m.put("lost_percent", s.lostPercent());
        } else if (sender) {
            m.put("retransmits", s.retransmits);
            if (!sum) {
                m.put("snd_cwnd", s.sndCwndBytes);
                m.put("snd_wnd", s.sndWndBytes);
                m.put("rtt", s.rttUs);
                m.put("rttvar", s.rttvarUs);
                m.put("pmtu", s.pmtu);
            }
        }
        m.put("omitted", iv.omitted);
        m.put("sender", sender);
        return m;
    }

    static Map<String, Object> end(RunReport r, IperfOptions o) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> streams = new ArrayList<>();
        for (EndStream s : r.end.streams) {
            boolean sender = sends(s.sender, o);
            if (o.udp()) {
                streams.add(map("udp", udpStream(s, sender)));
            } else {
                streams.add(map("sender", tcpSender(s.id, s.sent, sender, true),
                        "receiver", flagged(times(s.id, s.received), sender)));
            }
        }
        m.put("streams", streams);
        boolean forward = o.bidir() || !o.reverse();
        if (o.udp()) {
            udpSums(m, "", r.end.sumSent, r.end.sumReceived, forward);
            if (o.bidir()) {
                udpSums(m, "_bidir_reverse", nonNull(r.end.sumSentBidirReverse),
                        nonNull(r.end.sumReceivedBidirReverse), false);
            }
        } else {
            m.put("sum_sent", tcpSender(null, r.end.sumSent, forward, false));
            m.put("sum_received", flagged(times(null, r.end.sumReceived), forward));
            if (o.bidir()) {
                m.put("sum_sent_bidir_reverse", tcpSender(null, nonNull(r.end.sumSentBidirReverse), false, false));
                m.put("sum_received_bidir_reverse", flagged(times(null, nonNull(r.end.sumReceivedBidirReverse)), false));
            }
        }
        m.put("cpu_utilization_percent", cpu(r.end.cpu));
        if (!o.udp()) {
            m.put("sender_tcp_congestion", congestion(r.end.senderTcpCongestion, o));
            m.put("receiver_tcp_congestion", congestion(r.end.receiverTcpCongestion, o));
        }
        return m;
    }

    /**
     * A report that does not name the algorithm (built by hand, or by a simulation before it recorded it) gets
     * -C's or Linux's default, cubic, which is also the simulated stack's default.
     */
    static String congestion(String reported, IperfOptions o) {
        return reported != null ? reported : o.congestion() != null ? o.congestion() : "cubic";
    }

    private static Totals nonNull(Totals t) {
        return t != null ? t : new Totals();
    }

    private static Map<String, Object> cpu(Cpu c) {
        return map("host_total", c.hostTotal, "host_user", c.hostUser, "host_system", c.hostSystem,
                "remote_total", c.remoteTotal, "remote_user", c.remoteUser, "remote_system", c.remoteSystem);
    }

    /** A sending side's totals: retransmits, and per stream tcp_info's maxima and RTT statistics. */
    private static Map<String, Object> tcpSender(Integer socket, Totals t, boolean sender, boolean perStream) {
        Map<String, Object> m = times(socket, t);
        m.put("retransmits", t.retransmits);
        if (perStream) {
            m.put("max_snd_cwnd", t.maxSndCwnd);
            m.put("max_snd_wnd", t.maxSndWnd);
            m.put("max_rtt", t.maxRttUs);
            m.put("min_rtt", t.minRttUs);
            m.put("mean_rtt", t.meanRttUs);
        }
        return flagged(m, sender);
    }

    /**
     * A UDP stream's end: bytes of the client's own side, loss figures of the receiving side (as iperf3), and
     * as "packets" the sender's count when there is one (iperf3 3.12 prints one packet count here and prefers
     * the sender's: a real loopback run had packets 682140 = sent, beside sum_received's 682097).
     */
    private static Map<String, Object> udpStream(EndStream s, boolean sender) {
        Map<String, Object> m = times(s.id, sender ? s.sent : s.received);
        loss(m, s.received);
        m.put("packets", sentOrReceived(s.sent, s.received));
        m.put("out_of_order", s.received.outOfOrder);
        return flagged(m, sender);
    }

    private static long sentOrReceived(Totals sent, Totals received) {
        return sent.packets > 0 ? sent.packets : received.packets;
    }

    /**
     * UDP's three sums as iperf3 3.12 prints them: "sum" is the client's side with the receiver's loss figures
     * and the streams' sender flag; "sum_sent" is the sending side (no jitter or loss, the sender's datagram
     * count, sender true); "sum_received" the receiving side (its own packet count, the highest sequence number
     * seen; sender false), whichever way the data went. "sum" and each stream's "packets" are the sender's count.
     */
    private static void udpSums(Map<String, Object> m, String suffix, Totals sent, Totals received, boolean clientSends) {
        Map<String, Object> sum = times(null, clientSends ? sent : received);
        loss(sum, received);
        sum.put("packets", sentOrReceived(sent, received)); // the sender's count, as per stream
        m.put("sum" + suffix, flagged(sum, clientSends));
        Map<String, Object> s = times(null, sent);
        Totals none = new Totals();
        none.packets = sent.packets;
        loss(s, none);
        m.put("sum_sent" + suffix, flagged(s, true));
        Map<String, Object> rc = times(null, received);
        loss(rc, received);
        m.put("sum_received" + suffix, flagged(rc, false));
    }

    /** The receiving side's jitter, loss and datagram count. */
    private static void loss(Map<String, Object> m, Totals t) {
        m.put("jitter_ms", t.jitterMs);
        m.put("lost_packets", t.lostPackets);
        m.put("packets", t.packets);
        m.put("lost_percent", t.lostPercent);
    }

    private static Map<String, Object> flagged(Map<String, Object> m, boolean sender) {
        m.put("sender", sender);
        return m;
    }

    private static Map<String, Object> times(Integer socket, Totals t) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (socket != null) {
            m.put("socket", socket);
        }
        m.put("start", t.start);
        m.put("end", t.end);
        m.put("seconds", t.seconds);
        m.put("bytes", t.bytes);
        m.put("bits_per_second", t.bitsPerSecond);
        return m;
    }
}
