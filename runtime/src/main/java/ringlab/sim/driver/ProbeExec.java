package ringlab.sim.driver;

import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;

/** Work done at probe/open time, before the measured run: nothing is charged. */
final class ProbeExec implements Exec {
    static final ProbeExec INSTANCE = new ProbeExec();

    @Override public void charge(CostKey k) { }

    @Override public void charge(CostKey k, double units) { }

    @Override public long now() { return 0; }

    @Override public boolean inSoftirq() { return false; }
}
