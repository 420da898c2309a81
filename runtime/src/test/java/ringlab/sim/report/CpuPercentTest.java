package ringlab.sim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import ringlab.sim.cpu.Ctx;

/** mpstat's %soft counts softirqs wherever they ran, ksoftirqd included; soft_ksoftirqd is the part of it. */
class CpuPercentTest {
    @Test
    void softIncludesKsoftirqdAndTheColumnsAddUpToAHundred() {
        double[] ns = new double[Ctx.values().length];
        ns[Ctx.HARDIRQ.ordinal()] = 5;
        ns[Ctx.SOFTIRQ.ordinal()] = 10;
        ns[Ctx.KSOFTIRQD.ordinal()] = 60;
        ns[Ctx.SYS.ordinal()] = 20;
        ns[Ctx.IDLE.ordinal()] = 5;
        CpuPercent c = CpuPercent.of(ns, null, 3);
        assertEquals(70, c.soft(), 1e-9, "irq exit and ksoftirqd");
        assertEquals(60, c.softKsoftirqd(), 1e-9);
        assertEquals(100, c.irq() + c.soft() + c.kthread() + c.usr() + c.sys() + c.idle(), 1e-9);
        assertEquals(3, c.contextSwitches());
    }

    @Test
    void noTimeGivesZeroShares() {
        CpuPercent c = CpuPercent.of(new double[Ctx.values().length], null, 0);
        assertEquals(0, c.soft());
        assertEquals(0, c.idle());
    }
}
