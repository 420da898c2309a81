package ringlab.sim.report.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 * Prints a {@link RunReport} in the structure of the iperf3 client's {@code -J} output, plus a top-level
 * "ringlab" object with the device detail (and "wall_clock" only when the report has any), all written by
 * {@link ReportJson}'s rules: byte-identical for equal reports, numbers written plainly (no exponents, no
 * ".0" on integers). The iperf3 part is built as ordered maps because its keys depend on the test (TCP or
 * UDP, which side sends); the device detail is its typed record.
 */
public final class IperfJsonFormatter {

    private IperfJsonFormatter() {
    }

    /** The JSON document, pretty-printed with two-space indents, ending with a newline. */
    public static String format(RunReport r) { return ReportJson.toJson(document(r)) + "\n"; }

    /** The document as insertion-ordered maps and lists holding the report's records, before writing. */
    private static Map<String, Object> document(RunReport r) {
        IperfOptions o = r.options != null ? r.options : IperfOptions.defaults();
        boolean peerSends = !o.reverse();
        Map<String, Object> top = new LinkedHashMap<>();
        if (o.title() != null) {
            top.put("title", o.title());
        }
        top.put("start", start(r, o));
        List<Object> intervals = new ArrayList<>();
        for (Interval iv : r.intervals) {
            Map<String, Object> m = new LinkedHashMap<>();
            List<Object> streams = new ArrayList<>();
            for (IntervalStream s : iv.streams) {
                streams.add(intervalStream(s, iv, o, peerSends, false));
            }
            m.put("streams", streams);
            m.put("sum", intervalStream(iv.sum, iv, o, peerSends, true));
            intervals.add(m);
        }
        top.put("intervals", intervals);
        top.put("end", end(r, o, peerSends));
        top.put("ringlab", r.ringlab);
        if (r.wallClock != null && !r.wallClock.isEmpty()) {
            top.put("wall_clock", r.wallClock);
        }
        return top;
    }

    private static Map<String, Object> start(RunReport r, IperfOptions o) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> connected = new ArrayList<>();
        for (StreamInfo s : r.streams) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("socket", s.id);
            c.put("local_host", s.localHost);
            c.put("local_port", s.localPort);
            c.put("remote_host", s.remoteHost);
            c.put("remote_port", s.remotePort);
            connected.add(c);
        }
        m.put("connected", connected);
        m.put("version", "ringlab (iperf3-compatible)");
        m.put("system_info", "ringlab virtual board " + r.boardId);
        m.put("timestamp", map("time", "virtual", "timesecs", 0));
        StreamInfo first = r.streams.isEmpty() ? null : r.streams.get(0);
        m.put("connecting_to", map("host", first != null ? first.remoteHost : o.host(),
                "port", first != null ? first.remotePort : o.port()));
        m.put("ringlab_run", map("board", r.boardId, "features", r.features, "seed", r.seed));
        if (!o.udp() && o.mss() > 0) {
            m.put("tcp_mss", o.mss());
        }
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("protocol", o.protocol().name());
        t.put("num_streams", o.parallel());
        t.put("blksize", o.length());
        t.put("omit", o.omitSec());
        t.put("duration", o.durationSec());
        t.put("bytes", 0);
        t.put("blocks", 0);
        t.put("reverse", o.reverse() ? 1 : 0);
        t.put("tos", 0);
        t.put("target_bitrate", o.bitrate());
        m.put("test_start", t);
        return m;
    }

    private static Map<String, Object> intervalStream(IntervalStream s, Interval iv, IperfOptions o,
                                                      boolean peerSends, boolean sum) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (!sum) {
            m.put("socket", s.id);
        }
        m.put("start", iv.start);
        m.put("end", iv.end);
        m.put("seconds", iv.seconds());
        m.put("bytes", s.bytes);
        m.put("bits_per_second", s.bitsPerSecond);
        if (o.udp() && peerSends) {
            m.put("packets", s.packets);
        } else if (o.udp()) {
            m.put("jitter_ms", s.jitterMs);
            m.put("lost_packets", s.lostPackets);
            m.put("packets", s.packets);
            m.put("lost_percent", s.lostPercent());
            if (!sum) {
                m.put("out_of_order", s.outOfOrder);
            }
        } else if (peerSends) {
            m.put("retransmits", s.retransmits);
            if (!sum) {
                m.put("snd_cwnd", s.sndCwndBytes);
                m.put("rtt", s.rttUs);
            }
        }
        m.put("omitted", iv.omitted);
        m.put("sender", peerSends);
        return m;
    }

    private static Map<String, Object> end(RunReport r, IperfOptions o, boolean peerSends) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> streams = new ArrayList<>();
        for (EndStream s : r.end.streams) {
            Map<String, Object> e = new LinkedHashMap<>();
            if (o.udp()) {
                e.put("udp", udp(s.id, peerSends ? s.sent : s.received, s.received, peerSends, true));
            } else {
                e.put("sender", tcp(s.id, s.sent, true, peerSends));
                e.put("receiver", tcp(s.id, s.received, false, peerSends));
            }
            streams.add(e);
        }
        m.put("streams", streams);
        if (o.udp()) {
            Totals local = peerSends ? r.end.sumSent : r.end.sumReceived;
            m.put("sum", udp(null, local, r.end.sumReceived, peerSends, false));
            m.put("sum_sent", udp(null, r.end.sumSent, r.end.sumSent, peerSends, false));
            m.put("sum_received", udp(null, r.end.sumReceived, r.end.sumReceived, peerSends, false));
        } else {
            m.put("sum_sent", tcp(null, r.end.sumSent, true, peerSends));
            m.put("sum_received", tcp(null, r.end.sumReceived, false, peerSends));
        }
        var c = r.end.cpu;
        Map<String, Object> cpu = new LinkedHashMap<>();
        cpu.put("host_total", c.hostTotal);
        cpu.put("host_user", c.hostUser);
        cpu.put("host_system", c.hostSystem);
        cpu.put("remote_total", c.remoteTotal);
        cpu.put("remote_user", c.remoteUser);
        cpu.put("remote_system", c.remoteSystem);
        m.put("cpu_utilization_percent", cpu);
        return m;
    }

    private static Map<String, Object> tcp(Integer socket, Totals t, boolean senderSide, boolean peerSends) {
        Map<String, Object> m = times(socket, t);
        if (senderSide) {
            m.put("retransmits", t.retransmits);
        }
        m.put("sender", peerSends);
        return m;
    }

    /** Byte figures from {@code local}, loss figures from {@code loss} (the receiving side's view). */
    private static Map<String, Object> udp(Integer socket, Totals local, Totals loss, boolean peerSends,
                                           boolean perStream) {
        Map<String, Object> m = times(socket, local);
        m.put("jitter_ms", loss.jitterMs);
        m.put("lost_packets", loss.lostPackets);
        m.put("packets", loss.packets);
        m.put("lost_percent", loss.lostPercent);
        if (perStream) {
            m.put("out_of_order", loss.outOfOrder);
        }
        m.put("sender", peerSends);
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

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
