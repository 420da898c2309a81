package ringlab.sim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.TestBoards;
import ringlab.sim.cost.CostProfile;
import ringlab.sim.engine.Sim;
import ringlab.spi.board.Board;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Kthreads;

/** A feature kernel thread's bottom-half sections: no softirq at IRQ exit inside, do_softirq at local_bh_enable. */
class KthreadTaskTest {

    @Test
    void softirqsRaisedInABhSectionRunAtLocalBhEnableInTheThread() {
        Sim sim = new Sim(1);
        Board b = TestBoards.board(TestBoards.soc(1, 1_000_000_000L, "6.6"), TestBoards.nic(100_000_000L, 64),
                TestBoards.costs(1, Map.of(CostKey.CONTEXT_SWITCH, 0.0, CostKey.WAKEUP, 0.0, CostKey.SOFTIRQ_ENTRY, 0.0)));
        Cpu cpu = new Cpu(sim, b.soc(), CostProfile.of(b));
        Core core = cpu.core(0);
        List<String> order = new ArrayList<>();
        core.setSoftirqHandler(Core.NET_TX, new SoftirqHandler() {
            @Override public void begin(Core c) { }

            @Override public boolean step(Core c) {
                order.add("net_tx@" + c.stepNow() + (c.inInterrupt() ? " in_softirq" : ""));
                c.charge(CostKey.APP_WORK, 3000);
                return false;
            }
        });
        IrqLine line = new IrqLine("dev", c -> { c.raiseSoftirqIrqoff(Core.NET_TX); order.add("irq@" + c.stepNow()); });
        int[] step = {0};
        Kthreads.Kthread t = KthreadTask.on(core).create("napi/test", (x, self) -> {
            switch (step[0]++) {
                case 0 -> { self.bhDisable(true); order.add("poll-start@" + x.now()); }
                case 1 -> x.charge(CostKey.APP_WORK, 5000); // the IRQ lands in here; its exit must not run NET_TX
                case 2 -> { order.add("poll-end@" + x.now()); self.bhDisable(false); }
                case 3 -> { order.add("after@" + x.now()); return Kthreads.Body.SLEEP; }
                default -> throw new AssertionError();
            }
            return Kthreads.Body.RUN;
        });
        sim.at(0, (k, a, n) -> t.wake(), 0, null);
        sim.at(2000, (k, a, n) -> core.raise(line), 0, null);
        sim.runUntil(100_000);
        assertEquals("poll-start@0", order.get(0));
        assertEquals("irq@2001", order.get(1), "the IRQ (1 ns entry) is taken inside the section");
        assertEquals("poll-end@5001", order.get(2), "the section resumes right after the IRQ: no softirq at its exit");
        assertTrue(order.get(3).startsWith("net_tx@") && order.get(3).endsWith("in_softirq"), "local_bh_enable runs it: " + order);
        assertEquals("after@8001", order.get(4), "the body continues after the pass");
        core.sync();
        assertEquals(3000, core.ctxNs(Ctx.SOFTIRQ), "the pass is softirq time");
        assertEquals(5000, core.ctxNs(Ctx.KTHREAD), "the body's own steps are kthread time");
        assertEquals(1, ((KthreadTask) t).softirqPasses());
        assertTrue(!t.runnable(), "asleep after SLEEP");
    }
}
