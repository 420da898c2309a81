package ringlab.sim.cpu;

/**
 * CPU time buckets, a partition of each core's time. mpstat's %soft is SOFTIRQ plus KSOFTIRQD (the report's
 * CpuPercent adds them); kernel threads stay apart from %sys.
 */
public enum Ctx {
    HARDIRQ("irq"), SOFTIRQ("soft"), KSOFTIRQD("ksoftirqd"), KTHREAD("kthread"), USER("usr"), SYS("sys"), IDLE("idle");

    public final String label;

    Ctx(String label) { this.label = label; }
}
