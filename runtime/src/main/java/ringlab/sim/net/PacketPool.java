package ringlab.sim.net;

import ringlab.spi.net.Packet;

/** A free list of packets, so the hot path allocates nothing in steady state. */
public final class PacketPool {
    private Packet free;
    private long serial;
    private long live;

    public Packet get(long now) {
        Packet p = free;
        if (p != null) free = p.next; else p = new Packet();
        p.reset();
        p.inUse = true;
        p.serial = ++serial;
        p.bornNs = now;
        live++;
        return p;
    }

    public void free(Packet p) {
        if (!p.inUse) throw new IllegalStateException("double free of " + p);
        p.inUse = false;
        p.owner = null;
        p.sndOwner = null;
        p.next = free;
        free = p;
        live--;
    }

    /** Packets obtained and not yet freed. */
    public long live() { return live; }
}
