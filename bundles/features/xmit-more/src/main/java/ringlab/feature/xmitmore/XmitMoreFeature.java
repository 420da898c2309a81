package ringlab.feature.xmitmore;

import aQute.bnd.annotation.spi.ServiceProvider;
import java.util.List;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** netdev_xmit_more: the tx doorbell is written only for the last packet of a bulk (or a full ring). */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class XmitMoreFeature implements DriverFeature {
    @Override public String id() { return "xmit-more"; }

    @Override public String summary() { return "netdev_xmit_more: the tx doorbell is written only for the last packet of a bulk (or a full ring)"; }

    @Override
    public List<Counter> counters() {
        return List.of(
                Counter.count("xmit_more_deferred", "doorbells", "doorbells skipped because more packets were coming (netdev_xmit_more)"),
                Counter.count("xmit_more_doorbells", "doorbells", "doorbells written"),
                Counter.count("xmit_more_ring_full_kicks", "doorbells", "doorbells written although more was coming, because the ring was full"));
    }

    @Override
    public void install(DriverHooks hooks) {
        XmitMoreDoorbell d = new XmitMoreDoorbell();
        hooks.txDoorbell(d);
        hooks.counters(id(), d::counters);
    }
}
