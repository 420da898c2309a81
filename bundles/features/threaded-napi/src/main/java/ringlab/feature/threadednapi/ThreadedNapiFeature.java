package ringlab.feature.threadednapi;

import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** threaded NAPI: the poll runs in a kernel thread scheduled like other tasks, one poll per bh-disabled section. */
@Component(service = DriverFeature.class)
public final class ThreadedNapiFeature implements DriverFeature {
    @Override public String id() { return "threaded-napi"; }

    @Override public String summary() { return "threaded NAPI: the poll runs in a kernel thread scheduled like other tasks, one poll per bh-disabled section"; }

    @Override
    public void install(DriverHooks hooks) {
        throw new UnsupportedOperationException("threaded-napi: mechanism not implemented yet");
    }
}
