package ringlab.feature.threadednapi;

import aQute.bnd.annotation.spi.ServiceProvider;
import java.util.List;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.Counter;
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
    public List<Counter> counters() {
        return List.of(
                Counter.count("napi_thread_schedules", "schedules", "napi_schedule calls handed to the NAPI thread"),
                Counter.count("napi_thread_wakeups", "wakeups", "schedules that found the thread asleep and woke it"),
                Counter.count("napi_thread_polls", "polls", "polls run by the NAPI thread"),
                Counter.count("napi_thread_repolls", "polls", "polls without sleeping in between"),
                Counter.count("napi_thread_sleeps", "sleeps", "times the thread went to sleep"));
    }

    @Override
    public void install(DriverHooks hooks) {
        NapiThread t = new NapiThread(hooks.napi());
        t.start(hooks.kthreads(), "napi/" + hooks.board().nic().model());
        hooks.napiRunner(t);
        hooks.counters(id(), t::counters);
    }
}
