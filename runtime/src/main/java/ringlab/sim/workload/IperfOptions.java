package ringlab.sim.workload;

import java.util.List;
import java.util.Objects;

/**
 * Models one iperf3 command line as the simulated run uses it (immutable; sizes in bytes, rates in bits/s).
 *
 * <p>Values are resolved: {@code length} and {@code bitrate} already hold the protocol defaults when the
 * user gave none (TCP: 128 KiB blocks, unlimited rate 0; UDP: 1 Mbit/s), except a UDP length without -l: 0
 * until the run knows its path, when {@link #withControlMss} sets iperf3's default, the control connection's
 * MSS (iperf_connect: a UDP test without -l takes ctrl_sck_mss, TCP_MAXSEG of the control socket; 1448 on a
 * 1500-byte MTU with TCP timestamps; iperf3 -V prints "Setting UDP block size to N"). {@code mss} and
 * {@code window} are 0 when not given (kernel default). {@code intervalSec} may be fractional like iperf3's
 * {@code -i 0.5}; 0 means no interval lines. {@code host} is the {@code -c} argument (stored, not used:
 * the client is always the peer). {@code format} is the {@code -f} letter, {@code 'a'} (adaptive) by default.
 *
 * <p>Added for iperf3 parity: {@code bidir} runs every stream pair both ways at once (the client's streams
 * first, then as many device-to-peer streams); {@code bytes}/{@code blocks} end the test after that much data
 * per test instead of {@code -t} (0 when not given); {@code congestion} is -C (null: the stack's setting);
 * {@code tos} the TOS byte from -S or --dscp; {@code cport} the client's first data port (0: ephemeral);
 * {@code serverAffinity} the device core of -A n,m (-1: the scheduler's choice). {@code logfile},
 * {@code jsonStream}, {@code timestampFormat} (null: no --timestamps) and {@code forceFlush} only change how
 * the output is written, not the run.
 */
public record IperfOptions(
        Protocol protocol,
        int durationSec,
        double intervalSec,
        int mss,
        long bitrate,
        int length,
        boolean reverse,
        int parallel,
        long window,
        int port,
        String host,
        char format,
        int omitSec,
        boolean getServerOutput,
        boolean zeroCopy,
        boolean noDelay,
        String title,
        boolean verbose,
        boolean ipv4Only,
        boolean json,
        boolean bidir,
        long bytes,
        long blocks,
        String congestion,
        int tos,
        int cport,
        int serverAffinity,
        String logfile,
        boolean jsonStream,
        String timestampFormat,
        boolean forceFlush) {

    /** Transport used by the test streams. */
    public enum Protocol { TCP, UDP }

    public static final int DEFAULT_PORT = 5201;
    public static final int DEFAULT_DURATION_SEC = 10;
    public static final double DEFAULT_INTERVAL_SEC = 1.0;
    public static final int DEFAULT_TCP_LENGTH = 128 * 1024;
    /** iperf3's DEFAULT_UDP_BLKSIZE: the UDP length when the control connection's MSS is not known. */
    public static final int DEFAULT_UDP_LENGTH = 1460;
    public static final long DEFAULT_UDP_BITRATE = 1_000_000L;
    /** --timestamps without a format: strftime's "%c " as iperf3 uses it. */
    public static final String DEFAULT_TIMESTAMP_FORMAT = "%c ";

    public IperfOptions {
        Objects.requireNonNull(protocol, "protocol");
    }

    /** True for {@code -u}. */
    public boolean udp() {
        return protocol == Protocol.UDP;
    }

    /** True when -n or -k, not -t, ends the test. */
    public boolean endsByData() {
        return bytes > 0 || blocks > 0;
    }

    /** JSON output in either form (-J or --json-stream, which implies it). */
    public boolean anyJson() {
        return json || jsonStream;
    }

    /** True when this is a UDP test whose length iperf3 picks (no -l): see {@link #withControlMss}. */
    public boolean udpLengthOpen() {
        return udp() && length == 0;
    }

    /**
     * These options with iperf3's own pick of a UDP length made, when -l did not give one: the control
     * connection's MSS ({@code controlMss}, or {@link #DEFAULT_UDP_LENGTH} when 0, unknown). Otherwise these.
     */
    public IperfOptions withControlMss(int controlMss) {
        if (!udpLengthOpen()) return this;
        return new IperfOptions(protocol, durationSec, intervalSec, mss, bitrate, controlMss > 0 ? controlMss : DEFAULT_UDP_LENGTH,
                reverse, parallel, window, port, host, format, omitSec, getServerOutput, zeroCopy, noDelay, title, verbose,
                ipv4Only, json, bidir, bytes, blocks, congestion, tos, cport, serverAffinity, logfile, jsonStream,
                timestampFormat, forceFlush);
    }

    /** The options of a bare {@code iperf3 -c HOST}: TCP, 10 s, 1 s intervals, one stream. */
    public static IperfOptions defaults() {
        return IperfArgs.parse(List.of());
    }
}
