package ringlab.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.cost.CostProfile;
import ringlab.sim.cpu.Cpu;
import ringlab.sim.driver.EthDriver;
import ringlab.sim.driver.NetRxAction;
import ringlab.sim.engine.Sim;
import ringlab.sim.net.Ledger;
import ringlab.sim.nic.Link;
import ringlab.sim.nic.NicDevice;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxStack;
import ringlab.spi.net.Packet;

/**
 * One NAPI poll of 64 packets on the stock driver (bcm6328's costs, weight raised to 64): 64 frames land
 * in the ring, the IRQ fires, NET_RX polls, refills and completes; the stack is a sink that frees the
 * packets. Reported per poll.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PollBench {
    Sim sim;
    Ledger ledger;
    NicDevice nic;
    long t;

    @Setup
    public void setup() {
        Board b = ClasspathBoards.load(PollBench.class.getClassLoader()).get("bcm6328");
        Nic n = b.nic();
        Nic wide = new Nic(n.model(), n.linkBitsPerSecond(), 128, n.txRing(), 64, n.rxChecksum(), n.txChecksum(),
                n.unalignedRxDma(), n.irqModeration(), n.refillDoorbellEvery(), n.txDescPerPacket(), n.txDoorbellRmw(),
                n.rxBufferBytes(), n.copybreak(), n.mtu(), n.irqUnmask());
        sim = new Sim(1);
        ledger = new Ledger();
        Cpu cpu = new Cpu(sim, b.soc(), CostProfile.of(b));
        NetRxAction netRx = new NetRxAction(cpu.core(0), cpu.timers().jiffyNs());
        RxStack sink = (Exec x, Packet p, boolean cold) -> {
            ledger.delivered(p);
            ledger.release(p);
        };
        nic = new NicDevice("eth0", wide, sim, ledger);
        EthDriver drv = new EthDriver(nic, b.soc(), ledger, sink, cpu.core(0), netRx);
        nic.attach(new Link(sim, wide.linkBitsPerSecond(), 500), cpu.core(0), drv.irqLine());
        drv.setTxQueue(new ringlab.sim.driver.TxQueue() {
            @Override public void stop(int reason) { }
            @Override public void wake(ringlab.sim.cpu.Core core, int reason) { }
            @Override public boolean stopped(int reason) { return false; }
        });
        drv.open();
    }

    @Benchmark
    public long pollOf64() {
        for (int i = 0; i < 64; i++) {
            Packet p = ledger.create(t);
            p.proto = Packet.UDP;
            p.payload = 512;
            nic.frameArrived(p);
        }
        t += 10_000_000L; // 10 ms of virtual time: the poll, the refill and the tick are done by then
        sim.runUntil(t);
        return ledger.deliveredCount();
    }
}
