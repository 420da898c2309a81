package ringlab.spi.driver;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Where a scheduled NAPI instance is polled. Stock: the core's NET_RX softirq poll list. threaded-napi
 * wakes a kernel thread instead; {@link Kthreads} gives it one.
 */
@ConsumerType
public interface NapiRunner {
    /** Called by napi_schedule when the instance becomes scheduled. */
    void scheduled(NapiHandle napi);
}
