package ringlab.sim.driver;

import ringlab.spi.driver.Exec;
import ringlab.spi.driver.TxLimit;

/** Stock: no byte queue limit; only the ring stops the queue, and the qdisc dequeues one packet at a time. */
public final class NoTxLimit implements TxLimit {
    @Override public boolean sent(Exec x, int bytes) { return true; }

    @Override public boolean completed(Exec x, int packets, int bytes) { return true; }

    @Override public int avail() { return 0; }

    @Override public void reset() { }
}
