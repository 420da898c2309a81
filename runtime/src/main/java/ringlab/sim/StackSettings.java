package ringlab.sim;

import java.util.Map;

/**
 * Stack-wide settings a run may override with --set, named as the sysctl or tc/ip setting they mirror.
 * Unknown keys are left for feature tunables; the caller reports what nobody claimed.
 */
public final class StackSettings {
    /** The root qdisc of each port: "pfifo_fast" (default) or "fq_codel". */
    public String qdisc = "pfifo_fast";
    /** ip link set txqueuelen (pfifo_fast limit), packets. */
    public int txqueuelen = 1000;
    /** net.ipv4.tcp_congestion_control on both hosts: "cubic" (default) or "reno". */
    public String tcpCongestionControl = "cubic";
    /**
     * ethtool -A DEV tx on|off: whether the device's MAC sends 802.3x PAUSE frames when its receive FIFO
     * fills; null keeps the board's own setting (nic.flowControl). "on" needs a MAC the board declares capable.
     */
    public Boolean txPause;
    /**
     * ethtool -C rx-usecs of each peer's NIC, us: its interrupt throttling interval, after which one poll takes
     * every frame landed and GRO merges each TCP flow's segments, so the peer's TCP acknowledges merged skbs.
     * 50: e1000e's default InterruptThrottleRate=3 (dynamic conservative; e1000_set_itr, e1000_update_itr in 6.1's
     * netdev.c): full-size frames at up to 1 Gbit/s bring at most about 6 KB per 50 us interval, short of the
     * 10,000 bytes that would move its low_latency class (20,000 interrupts/s) to bulk_latency, and conservative
     * mode never enters lowest_latency. 0: an interrupt per frame.
     */
    public int peerRxUsecs = 50;
    /**
     * net.ipv4.tcp_timestamps on both hosts: 1 (Linux's default; 2, on without random offsets, is the same here)
     * puts the 12-byte timestamp option on every segment, so a 1500-byte packet carries 1448 payload bytes; 0 none.
     */
    public boolean tcpTimestamps = true;

    public static final String[] KEYS = {"qdisc", "txqueuelen", "tcp_congestion_control", "tx_pause", "peer_rx_usecs",
            "tcp_timestamps"};

    /** Applies the stack keys of settings; returns true for each key it consumed via the predicate. */
    public static StackSettings from(Map<String, String> settings) {
        StackSettings s = new StackSettings();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String v = e.getValue();
            switch (e.getKey()) {
                case "qdisc" -> {
                    if (!v.equals("pfifo_fast") && !v.equals("fq_codel")) {
                        throw new IllegalArgumentException("--set qdisc: '" + v + "' is not pfifo_fast or fq_codel");
                    }
                    s.qdisc = v;
                }
                case "txqueuelen" -> s.txqueuelen = positive(e.getKey(), v);
                case "tcp_congestion_control" -> {
                    if (!v.equals("cubic") && !v.equals("reno")) {
                        throw new IllegalArgumentException("--set tcp_congestion_control: '" + v + "' is not cubic or reno");
                    }
                    s.tcpCongestionControl = v;
                }
                case "tx_pause" -> {
                    if (!v.equals("on") && !v.equals("off")) {
                        throw new IllegalArgumentException("--set tx_pause: '" + v + "' is not on or off");
                    }
                    s.txPause = v.equals("on");
                }
                case "peer_rx_usecs" -> s.peerRxUsecs = nonNegative(e.getKey(), v);
                case "tcp_timestamps" -> {
                    if (!v.equals("0") && !v.equals("1") && !v.equals("2")) {
                        throw new IllegalArgumentException("--set tcp_timestamps: '" + v + "' is not 0, 1 or 2");
                    }
                    s.tcpTimestamps = !v.equals("0");
                }
                default -> { }
            }
        }
        return s;
    }

    /** Whether the NIC sends PAUSE frames in this run; refuses "on" for a MAC the board does not declare capable. */
    public boolean txPause(ringlab.spi.board.Board board) {
        if (txPause == null) return board.nic().flowControl();
        if (txPause && !board.nic().flowControl()) {
            throw new IllegalArgumentException("--set tx_pause=on: board " + board.id()
                    + "'s NIC does not send PAUSE frames (its descriptor's nic.flowControl is false)");
        }
        return txPause;
    }

    public static boolean isStackKey(String k) {
        for (String s : KEYS) if (s.equals(k)) return true;
        return false;
    }

    private static int nonNegative(String k, String v) {
        try {
            int n = Integer.parseInt(v);
            if (n >= 0 && n <= 1_000_000) return n;
        } catch (NumberFormatException ignored) {
            // fall through to the message
        }
        throw new IllegalArgumentException("--set " + k + ": '" + v + "' is not a whole number from 0 to 1000000");
    }

    private static int positive(String k, String v) {
        try {
            int n = Integer.parseInt(v);
            if (n > 0) return n;
        } catch (NumberFormatException ignored) {
            // fall through to the message
        }
        throw new IllegalArgumentException("--set " + k + ": '" + v + "' is not a positive whole number");
    }
}
