// Test harness: two hosts joined by two one-way links (serializer at a bit rate, propagation delay, tail-drop FIFO, optional loss) on the real engine.
package ringlab.sim.tcp;

import java.util.Map;
import java.util.TreeMap;

import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.spi.net.Packet;
import ringlab.sim.net.PacketPool;

/** Endpoint a (addr 1) writes {@code toWrite} bytes to endpoint b (addr 2), which reads and verifies them. */
final class TestNet {
    final Sim sim;
    final PacketPool pool = new PacketPool();
    long created, freed, dropped, linkDropped;
    final Map<String, long[]> dropReasons = new TreeMap<>();
    final Link ab, ba;
    final Endpoint a, b;

    TestNet(long seed, long rateBps, long delayNs, int queueLimit, TcpConfig cfgA, TcpConfig cfgB) {
        sim = new Sim(seed);
        a = new Endpoint(this, "a");
        b = new Endpoint(this, "b");
        ab = new Link(this, rateBps, delayNs, queueLimit, b);
        ba = new Link(this, rateBps, delayNs, queueLimit, a);
        a.out = ab;
        b.out = ba;
        a.conn = new TcpConnection(a, cfgA, 1, 5001, 2, 40000);
        b.conn = new TcpConnection(b, cfgB, 2, 40000, 1, 5001);
    }

    /** Starts the writer on a. */
    void start(long bytes) {
        a.toWrite = bytes;
        a.total = bytes;
        a.pump();
    }

    /** Runs until b has read everything a was asked to write, or the limit; returns the completion time or -1. */
    long runToCompletion(long limitNs) {
        long step = Sim.MS;
        while (sim.now() < limitNs) {
            sim.runUntil(sim.now() + step);
            if (b.readBytes == a.total && a.toWrite == 0) return b.lastReadAt;
        }
        return -1;
    }

    long held() {
        return a.conn.queuedPackets() + b.conn.queuedPackets() + ab.held() + ba.held();
    }

    /** The packet ledger: created == freed + dropped (TCP) + lost on links + still held somewhere. */
    String accountingError() {
        long h = held();
        if (created != freed + dropped + linkDropped + h) {
            return "created " + created + " != freed " + freed + " + dropped " + dropped + " + linkDropped "
                    + linkDropped + " + held " + h;
        }
        if (pool.live() != h) return "pool.live " + pool.live() + " != held " + h;
        return null;
    }

    long dropCount(String reason) {
        long[] c = dropReasons.get(reason);
        return c == null ? 0 : c[0];
    }

    /** One host: a TcpHost for its connection plus a trivial iperf3-like application. */
    static final class Endpoint implements TcpHost, EventHandler {
        final TestNet net;
        final String name;
        TcpConnection conn;
        Link out;
        int truesize = 2304;
        long armCalls;
        // application
        long total, toWrite;
        int writeChunk = 131072;
        boolean readEnabled = true;
        int readChunk = 131072;
        long readBytes, lastReadAt, readableCalls, writableCalls;
        private long expected = 0;
        final ReadSink sink = this::verify;

        private void verify(long seq, int len, Packet p) {
            if (seq != expected) throw new AssertionError(name + ": read seq " + seq + " expected " + expected);
            if (len <= 0 || p == null || p.payload <= 0) throw new AssertionError("bad chunk " + len);
            expected += len;
        }

        Endpoint(TestNet net, String name) {
            this.net = net;
            this.name = name;
        }

        void pump() {
            while (toWrite > 0) {
                long n = conn.write(Math.min(toWrite, writeChunk));
                if (n == 0) break;
                toWrite -= n;
            }
        }

        void drain() {
            int n;
            while ((n = conn.read(readChunk, sink)) > 0) {
                readBytes += n;
                lastReadAt = net.sim.now();
            }
        }

        void deliver(Packet p) {
            p.next = null;
            p.truesize = truesize;
            conn.input(p);
        }

        @Override public long now() { return net.sim.now(); }

        @Override public Packet newPacket() {
            net.created++;
            return net.pool.get(net.sim.now());
        }

        @Override public void output(TcpConnection c, Packet p) { out.send(p); }

        @Override public void armTimer(TcpConnection c, int timer, long at) {
            armCalls++;
            net.sim.at(at, this, timer, c);
        }

        @Override public void onEvent(int kind, Object arg, long now) { ((TcpConnection) arg).onTimer(kind); }

        @Override public void readable(TcpConnection c) {
            readableCalls++;
            if (readEnabled) drain();
        }

        @Override public void writable(TcpConnection c) {
            writableCalls++;
            pump();
        }

        @Override public void free(Packet p) {
            net.freed++;
            net.pool.free(p);
        }

        @Override public void drop(Packet p, String reason) {
            net.dropped++;
            net.dropReasons.computeIfAbsent(reason, k -> new long[1])[0]++;
            net.pool.free(p);
        }
    }

    /** Decides deterministic drops on a link (in addition to random loss). */
    interface Filter {
        boolean drop(Packet p, long now);
    }

    /** One direction: a FIFO (tail drop beyond {@code limit} waiting packets), a serializer and a delay line. */
    static final class Link implements EventHandler {
        static final int TX_DONE = 0, ARRIVE = 1;
        final TestNet net;
        final long rateBps, delayNs;
        final int limit;
        final Endpoint dst;
        double lossRate;
        Filter filter;
        private Packet qHead, qTail;
        private int qLen, inFlight;
        private boolean busy;
        long sent, tailDrops, randomDrops, filterDrops, dataSegs;

        Link(TestNet net, long rateBps, long delayNs, int limit, Endpoint dst) {
            this.net = net;
            this.rateBps = rateBps;
            this.delayNs = delayNs;
            this.limit = limit;
            this.dst = dst;
        }

        int held() { return qLen + inFlight + (busy ? 1 : 0); }

        void send(Packet p) {
            long now = net.sim.now();
            if (p.payload > 0) dataSegs++;
            if (filter != null && filter.drop(p, now)) {
                filterDrops++;
                lose(p);
                return;
            }
            if (lossRate > 0 && net.sim.rng().nextDouble() < lossRate) {
                randomDrops++;
                lose(p);
                return;
            }
            if (!busy) {
                startTx(p);
                return;
            }
            if (qLen >= limit) {
                tailDrops++;
                lose(p);
                return;
            }
            p.next = null;
            if (qTail == null) qHead = p; else qTail.next = p;
            qTail = p;
            qLen++;
        }

        private void lose(Packet p) {
            net.linkDropped++;
            net.pool.free(p);
        }

        private void startTx(Packet p) {
            busy = true;
            long bits = 8L * p.wireBytes();
            long t = (bits * 1_000_000_000L + rateBps - 1) / rateBps;
            net.sim.after(t, this, TX_DONE, p);
        }

        @Override public void onEvent(int kind, Object arg, long now) {
            Packet p = (Packet) arg;
            if (kind == TX_DONE) {
                busy = false;
                inFlight++;
                sent++;
                net.sim.after(delayNs, this, ARRIVE, p);
                Packet n = qHead;
                if (n != null) {
                    qHead = n.next;
                    if (qHead == null) qTail = null;
                    n.next = null;
                    qLen--;
                    startTx(n);
                }
            } else {
                inFlight--;
                dst.deliver(p);
            }
        }
    }
}
