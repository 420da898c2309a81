package ringlab.sim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.TestBoards;
import ringlab.spi.board.CostKey;
import ringlab.sim.cost.CostProfile;
import ringlab.sim.engine.Sim;
import ringlab.spi.board.Board;

/** Precedence, softirq limits, fairness and accounting of the CPU model, on a 1 GHz core (1 cycle = 1 ns). */
class CoreTest {
    static final long US = 1000;

    /** A task doing n steps of `cycles` each (as APP_WORK units), recording when each step ends. */
    static class Worker extends Task {
        final List<Long> stepStarts = new ArrayList<>();
        int left;
        final double units;

        Worker(String name, Core core, int steps, double units) {
            super(name, core, Ctx.USER);
            this.left = steps;
            this.units = units;
        }

        @Override
        public boolean step(Core c) {
            stepStarts.add(c.stepNow());
            c.charge(CostKey.APP_WORK, units);
            return --left > 0;
        }
    }

    private static Cpu cpu(Sim sim, String kernel) {
        // every cost 1 cycle, except the switch and wakeup, so step times are easy to follow
        Board b = TestBoards.board(TestBoards.soc(1, 1_000_000_000L, kernel), TestBoards.nic(100_000_000L, 64),
                TestBoards.costs(1, java.util.Map.of(CostKey.CONTEXT_SWITCH, 0.0, CostKey.WAKEUP, 0.0)));
        return new Cpu(sim, b.soc(), CostProfile.of(b));
    }

    @Test
    void hardIrqFreezesTheTaskAndCostsOnlyItsOwnTime() {
        Sim sim = new Sim(1);
        Cpu cpu = cpu(sim, "5.15");
        Core core = cpu.core(0);
        Worker w = new Worker("w", core, 10, 1000); // 10 x 1 us
        cpu.start(w);
        IrqLine line = new IrqLine("dev", c -> c.charge(CostKey.MMIO_READ, 499)); // + irq.entry 1 = 500 ns
        sim.at(2500, (k, a, n) -> core.raise(line), 0, null);
        sim.runUntil(20 * US);
        assertEquals(10, w.stepStarts.size());
        // steps 0..2 start at 0,1,2 us; the IRQ at 2.5 us pushes the rest back by 500 ns
        assertEquals(3 * US + 500, (long) w.stepStarts.get(3));
        assertEquals(9 * US + 500, (long) w.stepStarts.get(9));
        core.sync();
        assertEquals(500, core.ctxNs(Ctx.HARDIRQ));
        assertEquals(10 * US, core.ctxNs(Ctx.USER));
        assertEquals(1, line.count());
    }

    @Test
    void softirqRaisedByAnIrqRunsAtIrqExitBeforeTheTaskResumes() {
        Sim sim = new Sim(1);
        Cpu cpu = cpu(sim, "5.15");
        Core core = cpu.core(0);
        List<String> order = new ArrayList<>();
        core.setSoftirqHandler(Core.NET_RX, new SoftirqHandler() {
            @Override public void begin(Core c) { }
            @Override public boolean step(Core c) {
                order.add("soft@" + c.stepNow());
                c.charge(CostKey.APP_WORK, 2000);
                return false;
            }
        });
        Worker w = new Worker("w", core, 3, 1000) {
            @Override public boolean step(Core c) {
                order.add("task@" + c.stepNow());
                return super.step(c);
            }
        };
        cpu.start(w);
        IrqLine line = new IrqLine("dev", c -> c.raiseSoftirqIrqoff(Core.NET_RX));
        sim.at(1500, (k, a, n) -> core.raise(line), 0, null);
        sim.runUntil(10 * US);
        // irq 1500..1501 (entry 1 cycle), softirq entry 1 cycle then its 2000-cycle step (to 3502), then the
        // task's frozen 500 ns, so its next step starts at 4002
        assertEquals(List.of("task@0", "task@1000", "soft@1502", "task@4002"), order);
        core.sync();
        assertEquals(2001, core.ctxNs(Ctx.SOFTIRQ));
    }

    @Test
    void aSoftirqPassStopsAfterTwoMillisecondsAndHandsOverToKsoftirqd() {
        Sim sim = new Sim(1);
        Cpu cpu = cpu(sim, "5.15");
        Core core = cpu.core(0);
        final int[] runs = {0};
        core.setSoftirqHandler(Core.NET_RX, new SoftirqHandler() {
            @Override public void begin(Core c) { runs[0]++; }
            @Override public boolean step(Core c) {
                c.charge(CostKey.APP_WORK, 300 * US);  // 0.3 ms per handler run
                c.raiseSoftirqIrqoff(Core.NET_RX);      // always more work, like an overloaded NAPI
                return false;
            }
        });
        IrqLine line = new IrqLine("dev", c -> c.raiseSoftirqIrqoff(Core.NET_RX));
        sim.at(0, (k, a, n) -> core.raise(line), 0, null);
        sim.runUntil(2100 * US);
        core.sync();
        // 2 ms is checked between restarts: 7 runs of 0.3 ms (2.1 ms) in the pass at IRQ exit
        assertEquals(7, runs[0]);
        assertTrue(core.ksoftirqd().isRunnable(), "ksoftirqd woken for the rest");
        sim.runUntil(10_000 * US);
        core.sync();
        assertTrue(core.ctxNs(Ctx.KSOFTIRQD) > 7000 * US, "ksoftirqd carries on: " + core.ctxNs(Ctx.KSOFTIRQD));
        assertTrue(core.ctxNs(Ctx.SOFTIRQ) < 2200 * US, "no more softirq at IRQ exit while ksoftirqd runs (5.15)");
    }

    @Test
    void tenRestartsAtMostPerPass() {
        Sim sim = new Sim(1);
        Cpu cpu = cpu(sim, "6.6");
        Core core = cpu.core(0);
        final int[] runs = {0};
        core.setSoftirqHandler(Core.NET_RX, new SoftirqHandler() {
            @Override public void begin(Core c) { runs[0]++; }
            @Override public boolean step(Core c) {
                c.charge(CostKey.APP_WORK, 10 * US);
                c.raiseSoftirqIrqoff(Core.NET_RX);
                return false;
            }
        });
        IrqLine line = new IrqLine("dev", c -> c.raiseSoftirqIrqoff(Core.NET_RX));
        sim.at(0, (k, a, n) -> core.raise(line), 0, null);
        sim.runUntil(150 * US);
        core.sync();
        // the pass at IRQ exit: entry plus 10 runs (MAX_SOFTIRQ_RESTART), then ksoftirqd takes over
        assertEquals(1 + 10 * 10 * US, core.ctxNs(Ctx.SOFTIRQ));
        assertTrue(core.ctxNs(Ctx.KSOFTIRQD) > 0);
        assertTrue(runs[0] > 10);
    }

    @Test
    void twoBusyTasksShareTheCoreFairly() {
        Sim sim = new Sim(1);
        Cpu cpu = cpu(sim, "5.15");
        Core core = cpu.core(0);
        Worker a = new Worker("a", core, Integer.MAX_VALUE, 100 * US);
        Worker b = new Worker("b", core, Integer.MAX_VALUE, 100 * US);
        cpu.start(a);
        cpu.start(b);
        sim.runUntil(1_000_000 * US);
        double share = (double) a.runNs() / (a.runNs() + b.runNs());
        assertEquals(0.5, share, 0.01);
        assertTrue(core.contextSwitches() > 100, "time slices of a few ms: " + core.contextSwitches());
    }

    @Test
    void cpuTimeAddsUpToVirtualTime() {
        Sim sim = new Sim(1);
        Cpu cpu = cpu(sim, "5.15");
        Core core = cpu.core(0);
        Worker w = new Worker("w", core, 50, 7 * US);
        cpu.start(w);
        IrqLine line = new IrqLine("dev", c -> c.raiseSoftirqIrqoff(Core.NET_RX));
        core.setSoftirqHandler(Core.NET_RX, new SoftirqHandler() {
            @Override public void begin(Core c) { }
            @Override public boolean step(Core c) { c.charge(CostKey.APP_WORK, 3 * US); return false; }
        });
        for (int i = 0; i < 40; i++) sim.at(i * 13 * US, (k, a, n) -> core.raise(line), 0, null);
        sim.runUntil(2000 * US);
        core.sync();
        long sum = 0;
        for (Ctx c : Ctx.values()) sum += core.ctxNs(c);
        assertEquals(sim.now(), sum);
        assertTrue(core.ctxNs(Ctx.IDLE) > 0 && core.ctxNs(Ctx.SOFTIRQ) > 0 && core.ctxNs(Ctx.USER) > 0);
    }
}
