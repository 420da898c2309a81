package ringlab.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.EventQueue;

/** The event queue in steady state: pop the earliest event and schedule one new event, at a given depth. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EventQueueBench {
    @Param({"8", "64", "1024", "16384"})
    int depth;

    EventQueue q;
    long now;
    final SplittableRandom rng = new SplittableRandom(1);
    final EventHandler h = (kind, arg, t) -> now = t;

    @Setup
    public void setup() {
        q = new EventQueue();
        for (int i = 0; i < depth; i++) q.add(rng.nextLong(1_000_000), h, 0, null);
    }

    @Benchmark
    public long popAndPush() {
        q.dispatchNext();
        q.add(now + 1 + rng.nextLong(1_000_000), h, 0, null);
        return now;
    }
}
