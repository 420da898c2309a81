package com.mycompany.ringlab.myfeature;

import java.util.List;
import java.util.Map;
import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxDelivery;
import ringlab.spi.driver.RxStack;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;
import ringlab.spi.net.Packet;

/**
 * TEMPLATE: the shape of a driver feature. It wraps the driver's rx delivery (whatever the features before it
 * installed) and counts the packets it hands up, changing nothing else. Replace the body of
 * {@link #install} with your mechanism: replace or wrap the strategies it models (rx buffers, rx delivery,
 * tx limit, tx doorbell, NAPI completion or runner), charging the modelled work through {@link Exec}.
 * The class must be stateless: per-driver state lives in the objects install() creates, because the node
 * installs the feature again on every reconfiguration and on every port.
 */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class MyFeature implements DriverFeature {
    public static final String ID = "my-feature";

    @Override
    public String id() { return ID; }

    @Override
    public String summary() { return "TEMPLATE: counts the packets the driver hands to the stack"; }

    /** Tunables are named as in the kernel (sysfs, ethtool, module parameter), with unit, range and default. */
    @Override
    public List<Tunable> tunables() {
        return List.of(new Tunable("my_feature_every", "packets", 1, 1, 1_000_000, "TEMPLATE: count one packet in this many"));
    }

    /** Counters are declared like tunables (ethtool -S style name, unit, doc); events are kept across reinstalls. */
    @Override
    public List<Counter> counters() {
        return List.of(Counter.count("my_feature_counted", "packets", "TEMPLATE: packets handed to the stack, one in my_feature_every"));
    }

    @Override
    public void install(DriverHooks hooks) {
        long every = hooks.tunable("my_feature_every");
        RxDelivery inner = hooks.rxDelivery();
        long[] seen = new long[1];
        hooks.rxDelivery(new RxDelivery() {
            @Override
            public void deliver(Exec x, Packet p, RxStack stack) {
                seen[0]++;
                inner.deliver(x, p, stack);
            }

            @Override
            public void flush(Exec x, RxStack stack) { inner.flush(x, stack); }

            @Override
            public int held() { return inner.held(); }
        });
        // only declared names may be reported (lower case with the feature's prefix, like ethtool -S)
        hooks.counters(ID, () -> Map.of("my_feature_counted", seen[0] / every));
    }
}
