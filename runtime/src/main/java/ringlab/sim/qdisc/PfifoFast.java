package ringlab.sim.qdisc;

import ringlab.spi.net.Packet;

/** pfifo_fast with one band in use (all traffic has TOS 0): a tail-drop FIFO of txqueuelen packets. */
public final class PfifoFast implements Qdisc {
    private final int limit;
    private Packet head, tail;
    private int count;
    private long bytes;

    public PfifoFast(int txqueuelen) { this.limit = txqueuelen; }

    @Override
    public boolean enqueue(Packet p, long now) {
        if (count >= limit) return false;
        p.next = null;
        p.enqueuedNs = now;
        if (tail == null) head = p; else tail.next = p;
        tail = p;
        count++;
        bytes += p.frameBytes();
        return true;
    }

    @Override
    public Packet dequeue(long now) {
        Packet p = head;
        if (p == null) return null;
        head = p.next;
        if (head == null) tail = null;
        p.next = null;
        count--;
        bytes -= p.frameBytes();
        return p;
    }

    @Override public int backlog() { return count; }

    @Override public long backlogBytes() { return bytes; }

    @Override public String kind() { return "pfifo_fast"; }
}
