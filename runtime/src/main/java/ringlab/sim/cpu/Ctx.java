package ringlab.sim.cpu;

/** CPU time buckets, like mpstat's columns (ksoftirqd and kernel threads kept apart from %soft and %sys). */
public enum Ctx {
    HARDIRQ("irq"), SOFTIRQ("soft"), KSOFTIRQD("ksoftirqd"), KTHREAD("kthread"), USER("usr"), SYS("sys"), IDLE("idle");

    public final String label;

    Ctx(String label) { this.label = label; }
}
