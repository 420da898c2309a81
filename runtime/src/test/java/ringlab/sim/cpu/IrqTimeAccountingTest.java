package ringlab.sim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ringlab.sim.TestBoards;
import ringlab.sim.cost.CostProfile;
import ringlab.sim.engine.Sim;
import ringlab.spi.board.Board;
import ringlab.spi.board.CostKey;
import ringlab.spi.board.Soc;

/**
 * CONFIG_IRQ_TIME_ACCOUNTING (soc.irqTimeAccounting): softirq work a task runs at its own local_bh_enable, and
 * interrupts on top of it, stay off its scheduler clock, so a task that keeps running the softirqs others raise
 * is not pushed back by the fair scheduler for them. 1 GHz core, every cost 1 cycle (1 ns) unless named.
 */
class IrqTimeAccountingTest {
    static final long US = 1000, MS = 1000 * US;

    /** Raises NET_RX and runs it at its own bh enable (50 us of softirq), then does 50 us of its own work. */
    static final class BhRunner extends Task {
        final BhEnable bh;
        BhRunner(Core core) {
            super("bh-runner", core, Ctx.USER);
            bh = new BhEnable(core);
        }

        @Override protected boolean preemptible() { return !bh.busy(); }

        @Override
        public boolean step(Core c) {
            if (bh.step(c, this)) return true;
            mode = Ctx.USER;
            c.charge(CostKey.APP_WORK, 50 * US);
            c.raiseSoftirq(Core.NET_RX);
            bh.enable();
            return true;
        }
    }

    /** Runs 100 us steps of its own work for as long as the test lasts. */
    static final class Busy extends Task {
        Busy(Core core) { super("busy", core, Ctx.USER); }

        @Override
        public boolean step(Core c) {
            c.charge(CostKey.APP_WORK, 100 * US);
            return true;
        }
    }

    static Task[] run(String kernel, boolean irqTime) {
        Soc soc = new Soc(1, 1_000_000_000L, "test", 16, 1, false, true, kernel, 250, 0, irqTime);
        Board b = TestBoards.board(soc, TestBoards.nic(100_000_000L, 64),
                TestBoards.costs(1, Map.of(CostKey.CONTEXT_SWITCH, 0.0, CostKey.WAKEUP, 0.0)));
        Sim sim = new Sim(1);
        Cpu cpu = new Cpu(sim, b.soc(), CostProfile.of(b));
        Core core = cpu.core(0);
        core.setSoftirqHandler(Core.NET_RX, new SoftirqHandler() {
            @Override public void begin(Core c) { }
            @Override public boolean step(Core c) { c.charge(CostKey.APP_WORK, 50 * US); return false; }
        });
        BhRunner runner = new BhRunner(core);
        Busy busy = new Busy(core);
        cpu.start(runner);
        cpu.start(busy);
        sim.runUntil(2000 * MS);
        core.sync();
        return new Task[] {runner, busy};
    }

    @ParameterizedTest(name = "kernel {0}")
    // CFS and EEVDF; 4.4, as 4.9 to 6.4 would leave the pending softirq to the ksoftirqd raising it woke
    @ValueSource(strings = {"4.4", "6.10"})
    void softirqRunAtATasksOwnBhEnableIsKeptOffItsSchedulerClock(String kernel) {
        Task[] billed = run(kernel, false), offClock = run(kernel, true);
        // billed: the two share the core's time, the runner's half being half softirq
        double billedShare = (double) billed[0].runNs() / (billed[0].runNs() + billed[1].runNs());
        assertEquals(0.5, billedShare, 0.02, "without IRQ time accounting the softirq counts as the runner's");
        // off the clock: the runner's own work matches the busy task's, its softirq comes on top
        long own = offClock[0].runNs() - offClock[0].ownSoftirqNs;
        assertTrue(offClock[0].ownSoftirqNs > 0.3 * offClock[0].runNs(), "the runner ran the softirq passes");
        assertEquals(1.0, (double) own / offClock[1].runNs(), 0.04, "own work " + own + " against " + offClock[1].runNs());
        assertTrue(offClock[0].runNs() > 1.25 * billed[0].runNs(), "the runner gets more of the core");
    }

    @ParameterizedTest(name = "kernel {0}")
    @ValueSource(strings = {"4.4", "6.10"})
    void getrusageLeavesOutTheSoftirqWithItAndBillsItWithout(String kernel) {
        Task billed = run(kernel, false)[0], offClock = run(kernel, true)[0];
        assertEquals(billed.runNs() - billed.userNs() + billed.interruptedNs(), billed.reportedSystemNs());
        assertTrue(billed.reportedSystemNs() > 0.3 * billed.runNs(), "the softirq passes are its system time");
        assertEquals(offClock.runNs() - offClock.userNs() - offClock.ownSoftirqNs, offClock.reportedSystemNs());
        assertTrue(offClock.reportedSystemNs() < 0.1 * offClock.runNs(), "its system time is the bh enables alone");
    }
}
