package ringlab.node.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * A bounded history of numbered entries with subscribers (the event log and the telemetry): each new
 * entry gets the next sequence number, the oldest go first, and every subscriber is called on the
 * appending thread, a failing one without harm to the log or the others. Readers from any thread.
 */
final class SequencedLog<T> {
    private final int capacity;
    private final ArrayDeque<T> entries = new ArrayDeque<>();
    private final List<Consumer<T>> listeners = new CopyOnWriteArrayList<>();
    private final java.util.function.ToLongFunction<T> seqOf;
    private long seq;

    SequencedLog(int capacity, java.util.function.ToLongFunction<T> seqOf) {
        this.capacity = capacity;
        this.seqOf = seqOf;
    }

    /** Makes the entry numbered with the next sequence number, keeps it and hands it to the subscribers. */
    T append(LongFunction<T> entry) {
        T e;
        synchronized (entries) {
            e = entry.apply(++seq);
            entries.addLast(e);
            if (entries.size() > capacity) entries.removeFirst();
        }
        for (Consumer<T> l : listeners) {
            try {
                l.accept(e);
            } catch (RuntimeException ignored) {
                // a subscriber's failure is its own; the log and the others go on
            }
        }
        return e;
    }

    /** Entries with a sequence number above {@code after} still kept, oldest first. */
    List<T> since(long after) {
        synchronized (entries) {
            List<T> out = new ArrayList<>();
            for (T e : entries) if (seqOf.applyAsLong(e) > after) out.add(e);
            return out;
        }
    }

    long lastSeq() {
        synchronized (entries) {
            return seq;
        }
    }

    int capacity() { return capacity; }

    AutoCloseable subscribe(Consumer<T> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    void clearSubscribers() { listeners.clear(); }
}
