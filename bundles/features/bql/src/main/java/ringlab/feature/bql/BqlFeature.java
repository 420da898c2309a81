package ringlab.feature.bql;

import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** Byte Queue Limits: lib/dynamic_queue_limits.c between qdisc and ring; stops the queue at the limit and enables bulk dequeue. */
@Component(service = DriverFeature.class)
public final class BqlFeature implements DriverFeature {
    @Override public String id() { return "bql"; }

    @Override public String summary() { return "Byte Queue Limits: lib/dynamic_queue_limits.c between qdisc and ring; stops the queue at the limit and enables bulk dequeue"; }

    @Override
    public void install(DriverHooks hooks) {
        throw new UnsupportedOperationException("bql: mechanism not implemented yet");
    }
}
