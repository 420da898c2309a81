package ringlab.sim.tcp;

/**
 * tcp_init's per-socket buffer limits from the RAM (net/ipv4/tcp.c): limit = nr_free_buffer_pages() * PAGE_SIZE /
 * 128, tcp_wmem[2] = max(64 KB, min(4 MB, limit)), tcp_rmem[2] = max(128 KB, min(6 MB, limit)). They bind on
 * boards with less than about 800 MB free, the small routers; a board that does not state its RAM keeps the
 * 6 MB and 4 MB. Faked: nr_free_buffer_pages taken as 7/8 of the RAM (the kernel image, the memmap, reserved
 * regions and the zones' high watermarks take about an eighth of a small board's memory: 448 KB for 64 MB);
 * tcp_mem, the memory-pressure thresholds from the same pages, is not modelled (one socket never reaches them).
 */
public final class TcpInitLimits {
    static final long RMEM_CAP = 6L << 20, WMEM_CAP = 4L << 20;
    static final long RMEM_FLOOR = 128L << 10, WMEM_FLOOR = 64L << 10;

    private TcpInitLimits() { }

    /** The free bytes tcp_init divides: 7/8 of the RAM. */
    static long freeBufferBytes(long ramBytes) { return ramBytes / 8 * 7; }

    /** Sets c's tcp_rmem[2] and tcp_wmem[2] for a board with ramBytes of RAM; 0 (not given) leaves them. */
    public static void apply(TcpConfig c, long ramBytes) {
        if (ramBytes <= 0) return;
        long limit = freeBufferBytes(ramBytes) / 128;
        c.rmemMax = (int) Math.max(RMEM_FLOOR, Math.min(RMEM_CAP, limit));
        c.wmemMax = (int) Math.max(WMEM_FLOOR, Math.min(WMEM_CAP, limit));
    }
}
