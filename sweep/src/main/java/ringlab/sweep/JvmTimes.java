package ringlab.sweep;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * This JVM's CPU time (ns): every thread's, and its Java threads' (ThreadMXBean sees those only; the rest is
 * the JVM's own threads: the JIT's compilers, the garbage collector). A Java thread that ends between two
 * readings takes its CPU time to the JVM's share. Zero where the JVM cannot tell.
 */
record JvmTimes(long cpuNs, long javaThreadsNs) {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    static JvmTimes now() {
        long cpu = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? Math.max(0, os.getProcessCpuTime()) : 0;
        long java = 0;
        if (THREADS.isThreadCpuTimeSupported()) {
            for (long id : THREADS.getAllThreadIds()) java += Math.max(0, THREADS.getThreadCpuTime(id));
        }
        return new JvmTimes(cpu, java);
    }

    /** This thread's CPU time so far (ns), 0 where the JVM cannot tell. */
    static long threadCpuNs() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
    }

    /** What was spent since an earlier reading. */
    JvmTimes since(JvmTimes earlier) {
        return new JvmTimes(cpuNs - earlier.cpuNs, javaThreadsNs - earlier.javaThreadsNs);
    }

    /** The JVM's own threads' part (JIT, GC) (ns). */
    long jvmThreadsNs() { return Math.max(0, cpuNs - javaThreadsNs); }
}
