package ringlab.feature.faultinjection;

import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxDelivery;
import ringlab.spi.driver.RxStack;
import ringlab.spi.net.Packet;

/** Delivers as the strategy it wraps, and throws at the configured received packet. */
final class FailingRxDelivery implements RxDelivery {
    private final RxDelivery next;
    private final long failAt;
    private long packets;

    FailingRxDelivery(RxDelivery next, long failAt) {
        this.next = next;
        this.failAt = failAt;
    }

    @Override
    public void deliver(Exec x, Packet p, RxStack stack) {
        if (++packets == failAt) throw new IllegalStateException("fault-injection: fail_rx_after=" + failAt + " reached");
        next.deliver(x, p, stack);
    }

    @Override
    public void flush(Exec x, RxStack stack) {
        next.flush(x, stack);
    }

    @Override
    public void flushOld(Exec x, RxStack stack) {
        next.flushOld(x, stack);
    }

    @Override
    public int held() {
        return next.held();
    }
}
