package ringlab.node.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import ringlab.node.BoardCatalog;
import ringlab.node.BusyException;
import ringlab.node.Experiment;
import ringlab.node.Experiment.State;
import ringlab.node.ExperimentRequest;
import ringlab.node.Experiments;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeEvent.Kind;

/**
 * Runs A/B experiments one at a time on a single daemon thread of minimum priority, beside the live
 * simulation (which has its own thread and is never touched: an experiment builds its own Simulations
 * from the catalogs). One thread, not two: the node's machines have two cores and the live runner needs
 * one. The queue is bounded ({@link Experiments#MAX_QUEUED}); history is in memory only. Deactivation
 * interrupts the running experiment between two steps of virtual time and fails the queued ones.
 */
@Component(service = Experiments.class)
public final class ExperimentRunner implements Experiments {
    @Reference
    private BoardCatalog boards;
    @Reference
    private FeatureCatalog features;
    @Reference
    private NodeEvents events;

    private final Map<Long, ExperimentJob> jobs = new LinkedHashMap<>(); // by id, oldest first; guarded by itself
    private long lastId;
    private ExecutorService worker;
    private volatile boolean closing;

    @Activate
    void activate() {
        worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "ringlab-experiment");
            t.setDaemon(true); // never keeps a stopping framework's JVM alive
            // a hint only: Linux ignores Java priorities unless the JVM runs with -XX:ThreadPriorityPolicy=1
            t.setPriority(Thread.MIN_PRIORITY);
            // not the submitting HTTP thread's loader, which would stay reachable from this thread
            t.setContextClassLoader(ExperimentRunner.class.getClassLoader());
            return t;
        });
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        closing = true;
        worker.shutdownNow(); // interrupts the running one; queued ones never start
        worker.awaitTermination(5, TimeUnit.SECONDS);
        synchronized (jobs) {
            for (ExperimentJob j : jobs.values()) j.fail("cancelled: the node stopped");
        }
    }

    @Override
    public Experiment submit(ExperimentRequest request) {
        ExperimentPlan plan = ExperimentPlan.of(request, boards.boards(), features.byId());
        ExperimentJob job;
        synchronized (jobs) {
            long queued = jobs.values().stream().filter(j -> j.state() == State.QUEUED).count();
            if (queued >= MAX_QUEUED) {
                throw new BusyException("too many experiments waiting (" + queued + " queued, at most " + MAX_QUEUED
                        + "); submit again when one has finished");
            }
            if (closing) throw new BusyException("the node is stopping; no experiment can start");
            job = new ExperimentJob(++lastId, request, plan);
            jobs.put(job.id, job);
            forgetOld();
        }
        try {
            worker.execute(() -> run(job));
        } catch (RejectedExecutionException e) {
            job.fail("cancelled: the node is stopping");
        }
        return job.snapshot();
    }

    @Override
    public List<Experiment> list() {
        List<Experiment> out = new ArrayList<>();
        synchronized (jobs) {
            for (ExperimentJob j : jobs.values()) out.add(0, j.snapshot());
        }
        return out;
    }

    @Override
    public Optional<Experiment> find(long id) {
        return job(id).map(ExperimentJob::snapshot);
    }

    @Override
    public Optional<String> report(long id, Experiment.Side side) {
        return job(id).map(j -> j.report(side));
    }

    private Optional<ExperimentJob> job(long id) {
        synchronized (jobs) {
            return Optional.ofNullable(jobs.get(id));
        }
    }

    /** Drops the oldest finished experiments beyond HISTORY; queued and running ones stay. */
    private void forgetOld() {
        long finished = jobs.values().stream().filter(ExperimentJob::finished).count();
        var it = jobs.values().iterator();
        while (finished > HISTORY && it.hasNext()) {
            if (it.next().finished()) {
                it.remove();
                finished--;
            }
        }
    }

    private void run(ExperimentJob job) {
        if (!job.start()) return; // failed while queued (the node stopping)
        String subject = "experiment " + job.id;
        events.record(Kind.EXPERIMENT, subject, subject + " started: " + job.describe());
        try {
            job.runSides(() -> closing || Thread.currentThread().isInterrupted());
            if (job.state() == State.DONE) events.record(Kind.EXPERIMENT, subject, subject + " done: " + job.verdict());
        } catch (CancellationException e) {
            job.fail("cancelled: the node stopped");
        } catch (ExperimentJob.SideFailed e) {
            // a feature's code threw, or the simulation could not be built: this experiment fails, nothing else
            job.fail(e.getMessage());
            events.record(Kind.EXPERIMENT, subject, subject + " failed: " + e.getMessage());
        } finally {
            job.fail("failed: an internal error ended it"); // only if nothing above finished it (an Error)
            synchronized (jobs) {
                forgetOld();
            }
        }
    }
}
