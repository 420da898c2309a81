package ringlab.feature.xmitmore;

import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** netdev_xmit_more: the tx doorbell is written only for the last packet of a bulk (or a full ring). */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class XmitMoreFeature implements DriverFeature {
    @Override public String id() { return "xmit-more"; }

    @Override public String summary() { return "netdev_xmit_more: the tx doorbell is written only for the last packet of a bulk (or a full ring)"; }

    @Override
    public void install(DriverHooks hooks) {
        XmitMoreDoorbell d = new XmitMoreDoorbell();
        hooks.txDoorbell(d);
        hooks.counters(id(), d::counters);
    }
}
