package ringlab.sim.cpu;

/** An interrupt line routed to one core. Raising a line that is already pending does nothing (level-triggered). */
public final class IrqLine {
    /** The interrupt handler: runs in hard IRQ context, charging its register accesses. */
    public interface Handler { void hardirq(Core core); }

    public final String name;
    final Handler handler;
    boolean pending;
    long count;

    public IrqLine(String name, Handler handler) {
        this.name = name;
        this.handler = handler;
    }

    /** Interrupts taken on this line. */
    public long count() { return count; }
}
