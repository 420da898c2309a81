package ringlab.feature.threadednapi;

import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/**
 * Threaded NAPI (echo 1 > /sys/class/net/DEV/threaded, dev_set_threaded): the driver's NAPI instance is
 * polled by its own nice-0 kernel thread (napi/DEV-ID) instead of the NET_RX softirq. Leaves out the
 * sysfs toggle at run time taking effect mid-poll (features change at a poll boundary).
 */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class ThreadedNapiFeature implements DriverFeature {
    @Override public String id() { return "threaded-napi"; }

    @Override public String summary() { return "threaded NAPI: the poll runs in a kernel thread scheduled like other tasks, one poll per bh-disabled section"; }

    @Override
    public void install(DriverHooks hooks) {
        NapiThread t = new NapiThread(hooks.napi());
        t.start(hooks.kthreads(), "napi/" + hooks.board().nic().model());
        hooks.napiRunner(t);
        hooks.counters(id(), t::counters);
    }
}
