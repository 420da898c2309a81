package ringlab.sim.workload;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses an iperf3 client command line (getopt style) into {@link IperfOptions}.
 *
 * <p>Accepts short options, clustered flags ({@code -uR}), attached values ({@code -t5}), long options with
 * a separate or {@code =} value, and an optional leading {@code iperf3} word. The last occurrence of an
 * option wins. Every error is an {@link IllegalArgumentException} whose message is one line naming the
 * argument as the user spelled it.
 */
public final class IperfArgs {

    private IperfArgs() {
    }

    private enum Opt {
        PORT('p', "port", true), CLIENT('c', "client", true), FORMAT('f', "format", true),
        OMIT('O', "omit", true), TIME('t', "time", true), INTERVAL('i', "interval", true),
        MSS('M', "set-mss", true), UDP('u', "udp", false), BITRATE('b', "bitrate", true),
        LENGTH('l', "length", true), REVERSE('R', "reverse", false), PARALLEL('P', "parallel", true),
        WINDOW('w', "window", true), ZEROCOPY('Z', "zerocopy", false), NODELAY('N', "no-delay", false),
        TITLE('T', "title", true), VERBOSE('V', "verbose", false), IPV4('4', "version4", false),
        JSON('J', "json", false), SERVER_OUTPUT('\0', "get-server-output", false),
        BYTES('n', "bytes", true), BLOCKS('k', "blockcount", true), CONGESTION('C', "congestion", true),
        BIDIR('\0', "bidir", false), TOS('S', "tos", true), DSCP('\0', "dscp", true), CPORT('\0', "cport", true),
        AFFINITY('A', "affinity", true), LOGFILE('\0', "logfile", true), JSON_STREAM('\0', "json-stream", false),
        TIMESTAMPS('\0', "timestamps", false), FORCEFLUSH('\0', "forceflush", false),
        IPV6('6', "version6", false), DEBUG('d', "debug", false);

        final char shortName;
        final String longName;
        final boolean takesValue;

        Opt(char shortName, String longName, boolean takesValue) {
            this.shortName = shortName;
            this.longName = longName;
            this.takesValue = takesValue;
        }
    }

    private static final Map<Character, Opt> SHORT = new HashMap<>();
    private static final Map<String, Opt> LONG = new HashMap<>();

    static {
        for (Opt o : Opt.values()) {
            if (o.shortName != '\0') {
                SHORT.put(o.shortName, o);
            }
            LONG.put(o.longName, o);
        }
        LONG.put("bandwidth", Opt.BITRATE);
    }

    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern SUFFIXED = Pattern.compile("([+-]?(?:\\d+\\.?\\d*|\\.\\d+))([kKmMgGtT]?)");

    static final int MAX_TCP_LENGTH = 1024 * 1024;
    static final int MIN_UDP_LENGTH = 16;
    static final int MAX_UDP_LENGTH = 65507;
    static final long MAX_WINDOW = 512L * 1024 * 1024;

    /** Parses {@code args} (without the program name, though a leading "iperf3" is tolerated). */
    public static IperfOptions parse(List<String> args) {
        Objects.requireNonNull(args, "args");
        State s = new State();
        int i = (!args.isEmpty() && "iperf3".equals(args.get(0))) ? 1 : 0;
        for (; i < args.size(); i++) {
            String a = element(args, i);
            if (a.equals("--")) {
                if (i + 1 < args.size()) {
                    throw bad("unexpected iperf3 argument '" + args.get(i + 1) + "'");
                }
                break;
            }
            if (a.startsWith("--")) {
                String name = a.substring(2);
                String value = null;
                int eq = name.indexOf('=');
                if (eq >= 0) {
                    value = name.substring(eq + 1);
                    name = name.substring(0, eq);
                }
                String spelled = "--" + name;
                Opt o = LONG.get(name);
                if (o == null) {
                    throw unknown(spelled, name.equals("server"));
                }
                if (o.takesValue) {
                    if (value == null) {
                        if (i + 1 >= args.size()) {
                            throw missing(spelled);
                        }
                        value = element(args, ++i);
                    }
                } else if (value != null && o != Opt.TIMESTAMPS) {
                    throw bad("iperf3 option " + spelled + " does not take a value");
                }
                s.apply(o, spelled, value);
            } else if (a.startsWith("-") && a.length() > 1) {
                for (int k = 1; k < a.length(); k++) {
                    char c = a.charAt(k);
                    String spelled = "-" + c;
                    Opt o = SHORT.get(c);
                    if (o == null) {
                        throw unknown(spelled, c == 's');
                    }
                    if (!o.takesValue) {
                        s.apply(o, spelled, null);
                        continue;
                    }
                    String value = a.substring(k + 1);
                    if (value.isEmpty()) {
                        if (i + 1 >= args.size()) {
                            throw missing(spelled);
                        }
                        value = element(args, ++i);
                    }
                    s.apply(o, spelled, value);
                    break;
                }
            } else {
                throw bad("unexpected iperf3 argument '" + a + "'");
            }
        }
        return s.build();
    }

    /** Mutable parse state; {@link #build()} resolves protocol defaults and cross-checks -l. */
    private static final class State {
        boolean udp;
        int durationSec = IperfOptions.DEFAULT_DURATION_SEC;
        double intervalSec = IperfOptions.DEFAULT_INTERVAL_SEC;
        int mss;
        Long bitrate;
        Integer length;
        String lengthSpelled;
        boolean reverse;
        int parallel = 1;
        long window;
        int port = IperfOptions.DEFAULT_PORT;
        String host;
        char format = 'a';
        int omitSec;
        boolean getServerOutput;
        boolean zeroCopy;
        boolean noDelay;
        String title;
        boolean verbose;
        boolean ipv4Only;
        boolean json;
        long bytes;
        long blocks;
        String bytesSpelled;
        String congestion;
        boolean bidir;
        int tos;
        int cport;
        int serverAffinity = -1;
        String logfile;
        boolean jsonStream;
        String timestampFormat;
        boolean forceFlush;
        boolean timeGiven;

        void apply(Opt o, String name, String v) {
            switch (o) {
                case PORT -> port = (int) wholeIn(name, v, 1, 65535, "");
                case CLIENT -> host = nonEmpty(name, v);
                case FORMAT -> {
                    if (v.length() != 1 || "kmgtKMGT".indexOf(v.charAt(0)) < 0) {
                        throw bad("iperf3 argument " + name + ": '" + v + "' is not one of k m g t K M G T");
                    }
                    format = v.charAt(0);
                }
                case OMIT -> omitSec = (int) wholeIn(name, v, 0, 600, " seconds");
                case TIME -> {
                    durationSec = (int) wholeIn(name, v, 1, 86400, " seconds");
                    timeGiven = true;
                }
                case INTERVAL -> {
                    double d = decimal(name, v);
                    if (d != 0 && (d < 0.1 || d > 60)) {
                        throw bad(name + " must be 0 or between 0.1 and 60 seconds");
                    }
                    intervalSec = d;
                }
                case MSS -> mss = (int) wholeIn(name, v, 88, 9216, " bytes");
                case UDP -> udp = true;
                case BITRATE -> {
                    double d = suffixed(name, v, 1000);
                    if (d < 0) {
                        throw bad(name + " must not be negative");
                    }
                    if (d >= Long.MAX_VALUE) {
                        throw bad("iperf3 argument " + name + ": '" + v + "' is out of range");
                    }
                    bitrate = (long) d;
                }
                case LENGTH -> {
                    double d = suffixed(name, v, 1024);
                    if (d < 1) {
                        throw bad(name + " must be greater than 0");
                    }
                    length = (int) Math.min(d, Integer.MAX_VALUE);
                    lengthSpelled = name;
                }
                case REVERSE -> reverse = true;
                case PARALLEL -> parallel = (int) wholeIn(name, v, 1, 128, "");
                case WINDOW -> {
                    double d = suffixed(name, v, 1024);
                    if (d < 0 || d > MAX_WINDOW) {
                        throw bad(name + " must be between 0 (default) and " + MAX_WINDOW + " bytes (512M)");
                    }
                    window = (long) d;
                }
                case ZEROCOPY -> zeroCopy = true;
                case NODELAY -> noDelay = true;
                case TITLE -> title = v;
                case VERBOSE -> verbose = true;
                case IPV4 -> ipv4Only = true;
                case JSON -> json = true;
                case SERVER_OUTPUT -> getServerOutput = true;
                case BYTES, BLOCKS -> {
                    double d = suffixed(name, v, 1024);
                    if (d < 1 || d >= Long.MAX_VALUE) {
                        throw bad(name + " must be a positive count" + (o == Opt.BYTES ? " of bytes" : " of blocks"));
                    }
                    if (o == Opt.BYTES) bytes = (long) d; else blocks = (long) d;
                    bytesSpelled = name;
                }
                case CONGESTION -> {
                    if (!v.equals("reno") && !v.equals("cubic")) {
                        throw bad("iperf3 argument " + name + ": '" + v + "' is not modelled; ringlab's TCP has reno and cubic");
                    }
                    congestion = v;
                }
                case BIDIR -> bidir = true;
                case TOS -> tos = Tos.parseTos(name, v);
                case DSCP -> tos = Tos.parseDscp(name, v) << 2;
                case CPORT -> cport = (int) wholeIn(name, v, 1, 65535, "");
                case AFFINITY -> serverAffinity = affinity(name, v);
                case LOGFILE -> logfile = nonEmpty(name, v);
                case JSON_STREAM -> jsonStream = true;
                case TIMESTAMPS -> timestampFormat = v != null ? v : IperfOptions.DEFAULT_TIMESTAMP_FORMAT;
                case FORCEFLUSH -> forceFlush = true;
                case IPV6 -> throw bad("iperf3 option " + name + " does not apply: ringlab's simulated network and "
                        + "stack are IPv4 only");
                case DEBUG -> throw bad("iperf3 option " + name + " does not apply: it traces the real iperf3 "
                        + "program's internals, which a simulated run does not have (--json gives the device detail)");
                default -> throw new AssertionError(o);
            }
        }

        IperfOptions build() {
            int len;
            if (length == null) {
                len = udp ? 0 : IperfOptions.DEFAULT_TCP_LENGTH; // UDP: the control connection's MSS, once known (IperfOptions.withControlMss)
            } else if (udp && length < MIN_UDP_LENGTH) {
                throw bad(lengthSpelled + " must be at least " + MIN_UDP_LENGTH + " bytes for UDP");
            } else if (udp && length > MAX_UDP_LENGTH) {
                throw bad(lengthSpelled + " must be at most " + MAX_UDP_LENGTH + " bytes for UDP");
            } else if (!udp && length > MAX_TCP_LENGTH) {
                throw bad(lengthSpelled + " must be at most " + MAX_TCP_LENGTH + " bytes for TCP");
            } else {
                len = length;
            }
            long rate = bitrate != null ? bitrate : (udp ? IperfOptions.DEFAULT_UDP_BITRATE : 0L);
            if (bytes > 0 && blocks > 0 || (bytes > 0 || blocks > 0) && timeGiven) {
                throw bad("only one test end condition (-t, -n, -k) may be specified");
            }
            if (bidir && reverse) {
                throw bad("cannot be both reverse and bidirectional (-R and --bidir)");
            }
            return new IperfOptions(udp ? IperfOptions.Protocol.UDP : IperfOptions.Protocol.TCP,
                    durationSec, intervalSec, mss, rate, len, reverse, parallel, window, port, host, format,
                    omitSec, getServerOutput, zeroCopy, noDelay, title, verbose, ipv4Only, json,
                    bidir, bytes, blocks, congestion, tos, cport, serverAffinity, logfile, jsonStream,
                    timestampFormat, forceFlush);
        }
    }

    /**
     * {@code -A n[,m]}: n pins the iperf3 client (the ideal peer, where it changes nothing), m the server: the
     * device's iperf3 threads all run on core m. Returns m, or -1 when only n is given.
     */
    private static int affinity(String name, String v) {
        String[] parts = v.split(",", -1);
        if (parts.length > 2) {
            throw bad("iperf3 argument " + name + ": '" + v + "' is not n or n,m");
        }
        wholeIn(name, parts[0], 0, 1023, "");
        return parts.length == 2 ? (int) wholeIn(name, parts[1], 0, 1023, "") : -1;
    }

    private static String element(List<String> args, int i) {
        String a = args.get(i);
        if (a == null) {
            throw bad("iperf3 argument #" + (i + 1) + " is null");
        }
        return a;
    }

    private static String nonEmpty(String name, String v) {
        if (v.isEmpty()) {
            throw missing(name);
        }
        return v;
    }

    private static long wholeIn(String name, String v, long min, long max, String unit) {
        long n;
        if (INTEGER.matcher(v).matches()) {
            try {
                n = Long.parseLong(v);
            } catch (NumberFormatException e) {
                n = v.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
        } else if (DECIMAL.matcher(v).matches()) {
            throw bad("iperf3 argument " + name + ": '" + v + "' is not a whole number");
        } else {
            throw notANumber(name, v);
        }
        if (n < min || n > max) {
            throw bad(name + " must be between " + min + " and " + max + unit);
        }
        return n;
    }

    private static double decimal(String name, String v) {
        if (!DECIMAL.matcher(v).matches()) {
            throw notANumber(name, v);
        }
        return Double.parseDouble(v);
    }

    private static double suffixed(String name, String v, int base) {
        Matcher m = SUFFIXED.matcher(v);
        if (!m.matches()) {
            throw bad("iperf3 argument " + name + ": '" + v + "' is not a number (optional suffix K, M, G, T)");
        }
        double d = Double.parseDouble(m.group(1));
        String suffix = m.group(2).toLowerCase();
        int power = suffix.isEmpty() ? 0 : "kmgt".indexOf(suffix.charAt(0)) + 1;
        return d * Math.pow(base, power);
    }

    private static IllegalArgumentException notANumber(String name, String v) {
        return bad("iperf3 argument " + name + ": '" + v + "' is not a number");
    }

    private static IllegalArgumentException missing(String name) {
        return bad("iperf3 option " + name + " requires a value");
    }

    private static IllegalArgumentException unknown(String spelled, boolean isServer) {
        if (isServer) {
            return bad("iperf3 option '" + spelled + "' is not accepted: the device is always the server");
        }
        return bad("unknown iperf3 option '" + spelled + "'");
    }

    private static IllegalArgumentException bad(String message) {
        return new IllegalArgumentException(message);
    }
}
