package ringlab.bench;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import ringlab.sim.net.Ledger;
import ringlab.sim.tcp.TcpConfig;
import ringlab.sim.tcp.TcpConnection;
import ringlab.sim.tcp.TcpHost;
import ringlab.spi.net.Packet;

/**
 * The TCP fast path without loss: a sender and a receiver connected by a zero-delay in-order queue;
 * each invocation writes 64 segments, delivers every segment and ACK, and reads everything.
 * Reported per data segment (its send, its receive, and half an ACK).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TcpFastPathBench {
    static final int SEGMENTS = 64, MSS = 1448;

    final Ledger ledger = new Ledger();
    final ArrayDeque<Packet> wire = new ArrayDeque<>();
    long now;
    TcpConnection snd, rcv;

    /** A host that queues output for the other end and ignores timers (no loss, so none fire). */
    final class Host implements TcpHost {
        @Override public long now() { return now; }
        @Override public Packet newPacket() { return ledger.create(now); }
        @Override public void output(TcpConnection c, Packet p) { wire.add(p); }
        @Override public void armTimer(TcpConnection c, int timer, long at) { }
        @Override public void readable(TcpConnection c) { }
        @Override public void writable(TcpConnection c) { }
        @Override public void free(Packet p) { ledger.release(p); }
        @Override public void drop(Packet p, String reason) { ledger.drop(p, reason); }
    }

    @Setup
    public void setup() {
        TcpConfig cfg = new TcpConfig();
        cfg.mss = MSS;
        Host h = new Host();
        snd = new TcpConnection(h, cfg.copy(), 1, 40000, 2, 5201);
        rcv = new TcpConnection(h, cfg.copy(), 2, 5201, 1, 40000);
    }

    @Benchmark
    @OperationsPerInvocation(SEGMENTS)
    public long segments() {
        snd.write((long) SEGMENTS * MSS);
        Packet p;
        while ((p = wire.poll()) != null) {
            now += 1000;
            p.truesize = p.payload + 768;
            if (p.dport == 5201) rcv.input(p); else snd.input(p);
            if (rcv.readableBytes() > 0) rcv.read(Integer.MAX_VALUE, null);
        }
        return rcv.bytesRead();
    }
}
