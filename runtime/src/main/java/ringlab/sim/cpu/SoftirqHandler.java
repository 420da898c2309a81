package ringlab.sim.cpu;

/** A softirq action (NET_RX, TIMER): begun once per pass in which its bit was pending, then stepped. */
public interface SoftirqHandler extends Stepper {
    void begin(Core core);
}
