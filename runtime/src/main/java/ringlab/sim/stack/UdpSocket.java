package ringlab.sim.stack;

import ringlab.sim.cpu.Task;
import ringlab.spi.net.Packet;

/**
 * A UDP socket's receive queue with Linux's memory check: a datagram is dropped (UdpRcvbufErrors) when
 * sk_rmem_alloc already exceeds sk_rcvbuf, so the queue may overshoot by one skb, as in the kernel.
 */
public final class UdpSocket {
    public final int port;
    private final int rcvbuf;
    private Packet head, tail;
    private int count;
    private long rmem;
    /** The task blocked in recvmsg on this socket, if any. */
    public Task reader;
    long rcvbufErrors, queued;

    public UdpSocket(int port, int rcvbuf) {
        this.port = port;
        this.rcvbuf = rcvbuf;
    }

    /** Queues p, or returns false if the receive buffer is full (caller drops). */
    boolean enqueue(Packet p) {
        if (rmem > rcvbuf) { rcvbufErrors++; return false; }
        p.next = null;
        if (tail == null) head = p; else tail.next = p;
        tail = p;
        count++;
        queued++;
        rmem += p.truesize;
        return true;
    }

    /** Takes the oldest datagram, or null. */
    public Packet dequeue() {
        Packet p = head;
        if (p == null) return null;
        head = p.next;
        if (head == null) tail = null;
        p.next = null;
        count--;
        rmem -= p.truesize;
        return p;
    }

    public int queuedPackets() { return count; }

    public long rmemAlloc() { return rmem; }

    public int rcvbuf() { return rcvbuf; }

    public long rcvbufErrors() { return rcvbufErrors; }
}
