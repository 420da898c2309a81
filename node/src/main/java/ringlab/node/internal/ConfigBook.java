package ringlab.node.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * The configuration side's one lock and its bookkeeping: every change (an API write, a configuration
 * delivered by ConfigAdmin for a .cfg file) is decided while holding this object's monitor, so two changes
 * never interleave their read-merge-write; and per PID, the ConfigAdmin change count last decided on, so a
 * late or repeated delivery of something already decided is recognised and ignored.
 */
final class ConfigBook {
    private final LastAccepted saved;
    private final Map<String, Long> decided = new HashMap<>();

    ConfigBook(LastAccepted saved) { this.saved = saved; }

    LastAccepted saved() { return saved; }

    /** Whether ConfigAdmin's {@code count} for {@code pid} is news (not decided on yet); records it. Hold the monitor. */
    boolean news(String pid, long count) {
        Long d = decided.get(pid);
        if (d != null && count <= d) return false;
        decided.put(pid, count);
        return true;
    }

    /**
     * ConfigAdmin holds no configuration for {@code pid} (deleted): a new one counts from 1 again. Returns
     * whether there was one before. Hold the monitor.
     */
    boolean forget(String pid) { return decided.remove(pid) != null; }

    /** Records a change count decided on by a writer. Hold the monitor. */
    void decided(String pid, long count) { decided.merge(pid, count, Math::max); }
}
