package ringlab.sim.stack;

import ringlab.spi.net.Packet;

/** A deterministic 5-tuple hash (skb_get_hash stand-in) for fq_codel and GRO buckets. */
public final class FlowHash {
    private FlowHash() { }

    public static int of(Packet p) {
        int h = p.proto * 0x9E3779B1;
        h ^= p.src * 0x85EBCA77;
        h ^= p.dst * 0xC2B2AE3D;
        h ^= (p.sport << 16 | p.dport) * 0x27D4EB2F;
        h ^= h >>> 15;
        h *= 0x2C1B3C6D;
        h ^= h >>> 12;
        return h & 0x7fffffff;
    }
}
