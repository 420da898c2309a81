package ringlab.sim.report.format;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.StreamInfo;
import ringlab.sim.workload.IperfOptions;

/**
 * The "start" object of iperf3 3.12's client JSON, key for key (checked against real iperf3's output in
 * src/test/resources/iperf3). Values ringlab cannot take from a real host are chosen so consumers read them as
 * they read iperf3's: the version is iperf3's own shape, the cookie iperf3's alphabet and length.
 */
final class IperfJsonStart {

    /**
     * iperf3's "version" as the release whose JSON ringlab reproduces. Consumers parse this string (piperf3's
     * model expects "iperf 3.x"); ringlab's own identity is in system_info and under the top-level "ringlab" key.
     */
    static final String IPERF_VERSION = "iperf 3.12";
    /** iperf3's make_cookie alphabet (base32 lower case) and its cookie length without the NUL. */
    private static final String COOKIE_CHARS = "abcdefghijklmnopqrstuvwxyz234567";
    private static final int COOKIE_LENGTH = 36;
    /** iperf3 prints start.timestamp.time with strftime("%a, %d %b %Y %H:%M:%S %Z") on gmtime. */
    static final DateTimeFormatter TIME = DateTimeFormatter
            .ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private IperfJsonStart() {
    }

    static Map<String, Object> start(RunReport r, IperfOptions o, Instant timestamp) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> connected = new ArrayList<>();
        for (StreamInfo s : r.streams) {
            connected.add(map("socket", s.id, "local_host", s.localHost, "local_port", s.localPort,
                    "remote_host", s.remoteHost, "remote_port", s.remotePort));
        }
        m.put("connected", connected);
        m.put("version", IPERF_VERSION);
        m.put("system_info", systemInfo(r.boardId));
        m.put("timestamp", timestamp(timestamp));
        StreamInfo first = r.streams.isEmpty() ? null : r.streams.get(0);
        m.put("connecting_to", map("host", first != null ? first.remoteHost : o.host(),
                "port", first != null ? first.remotePort : o.port()));
        m.put("cookie", cookie(r.seed));
        if (!o.udp()) {
            // iperf3 prints the MSS it set with -M as tcp_mss, else the connection's as tcp_mss_default
            if (o.mss() > 0) {
                m.put("tcp_mss", o.mss());
            } else {
                m.put("tcp_mss_default", r.socket.tcpMssDefault);
            }
        }
        m.put("target_bitrate", o.bitrate());
        m.put("sock_bufsize", r.socket.sockBufsize);
        m.put("sndbuf_actual", r.socket.sndbufActual);
        m.put("rcvbuf_actual", r.socket.rcvbufActual);
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("protocol", o.protocol().name());
        t.put("num_streams", o.parallel());
        t.put("blksize", o.length());
        t.put("omit", o.omitSec());
        t.put("duration", o.endsByData() ? 0 : o.durationSec()); // iperf3 zeroes -t when -n/-k end the test
        t.put("bytes", o.bytes());
        t.put("blocks", o.blocks());
        t.put("reverse", o.reverse() ? 1 : 0);
        t.put("tos", o.tos());
        t.put("target_bitrate", o.bitrate());
        m.put("test_start", t);
        return m;
    }

    /** What iperf3 prints as uname's line; the peer is simulated, so it names ringlab and the board instead. */
    static String systemInfo(String boardId) {
        return "ringlab simulated peer (iperf3 client)" + (boardId != null ? " of board " + boardId : "");
    }

    /** iperf3's {"time": RFC 1123 in GMT, "timesecs": epoch seconds}. */
    static Map<String, Object> timestamp(Instant t) {
        return map("time", TIME.format(t), "timesecs", t.getEpochSecond());
    }

    /** 36 characters of iperf3's cookie alphabet, from the run's seed: equal seeds, equal cookies. */
    static String cookie(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x636f6f6b6965L); // "cookie": apart from the run's streams
        StringBuilder sb = new StringBuilder(COOKIE_LENGTH);
        for (int i = 0; i < COOKIE_LENGTH; i++) {
            sb.append(COOKIE_CHARS.charAt(rnd.nextInt(COOKIE_CHARS.length())));
        }
        return sb.toString();
    }

    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
