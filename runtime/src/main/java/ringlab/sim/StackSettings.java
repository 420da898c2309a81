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

    /** Applies the stack keys of settings (each checked by {@link #refusal}); other keys are left for feature tunables. */
    public static StackSettings from(Map<String, String> settings) {
        StackSettings s = new StackSettings();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String v = e.getValue();
            String why = refusal(e.getKey(), v);
            if (why != null) throw new IllegalArgumentException("--set " + e.getKey() + ": " + why);
            switch (e.getKey()) {
                case "qdisc" -> s.qdisc = v;
                case "txqueuelen" -> s.txqueuelen = Integer.parseInt(v);
                case "tcp_congestion_control" -> s.tcpCongestionControl = v;
                case "tx_pause" -> s.txPause = v.equals("on");
                case "peer_rx_usecs" -> s.peerRxUsecs = Integer.parseInt(v);
                case "tcp_timestamps" -> s.tcpTimestamps = !v.equals("0");
                default -> { }
            }
        }
        return s;
    }

    /**
     * Why a stack setting's value is refused ("'x' is not cubic or reno"), or null when it is accepted (and for
     * a key that is no stack setting). Apart from {@link #from} so that a sweep spec can check its values before
     * any run; whether the board allows one (tx_pause=on) is {@link #txPause}'s to say, per board.
     */
    public static String refusal(String key, String v) {
        return switch (key) {
            case "qdisc" -> v.equals("pfifo_fast") || v.equals("fq_codel") ? null : "'" + v + "' is not pfifo_fast or fq_codel";
            case "txqueuelen" -> outOfRange(v, 1, Integer.MAX_VALUE, "packets");
            case "tcp_congestion_control" -> v.equals("cubic") || v.equals("reno") ? null : "'" + v + "' is not cubic or reno";
            case "tx_pause" -> v.equals("on") || v.equals("off") ? null : "'" + v + "' is not on or off";
            case "peer_rx_usecs" -> outOfRange(v, 0, 1_000_000, "us");
            case "tcp_timestamps" -> v.equals("0") || v.equals("1") || v.equals("2") ? null : "'" + v + "' is not 0, 1 or 2";
            default -> null;
        };
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

    /**
     * Null for a whole number from min to max; else whether it is no whole number or one out of range, with
     * the range (the same words as a feature tunable's, ringlab.sim.Scenario).
     */
    private static String outOfRange(String v, long min, long max, String unit) {
        if (!v.matches("[-+]?[0-9]+")) return "'" + v + "' is not a whole number";
        java.math.BigInteger n = new java.math.BigInteger(v);
        if (n.compareTo(java.math.BigInteger.valueOf(min)) >= 0 && n.compareTo(java.math.BigInteger.valueOf(max)) <= 0) return null;
        return n + " is out of range [" + min + ", " + max + "] " + unit;
    }
}
