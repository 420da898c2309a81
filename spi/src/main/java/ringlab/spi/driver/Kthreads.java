package ringlab.spi.driver;

import org.osgi.annotation.versioning.ConsumerType;
import org.osgi.annotation.versioning.ProviderType;

/** Kernel threads for features (a nice-0 task scheduled like any other, time accounted as kthread). */
@ProviderType
public interface Kthreads {
    /** The body of a kernel thread: one step per call. */
    @ConsumerType
    interface Body {
        /** RUN: more to do (a reschedule may happen between steps unless bottom halves are disabled); SLEEP: wait for wake(). */
        int RUN = 0, SLEEP = 1;

        int step(Exec x, Kthread self);
    }

    /** A created thread. */
    @ProviderType
    interface Kthread {
        void wake();

        /** local_bh_disable / local_bh_enable around a section (no preemption, no softirq at IRQ exit). */
        void bhDisable(boolean disabled);

        boolean runnable();
    }

    /**
     * Creates a thread asleep. Names are per driver: creating a name this driver created before (the same
     * feature installed again at a reconfiguration) returns that thread, which runs the new body from its
     * next step outside a bottom-half section; so a feature reinstalled any number of times keeps one thread.
     */
    Kthread create(String name, Body body);
}
