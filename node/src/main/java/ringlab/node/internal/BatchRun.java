package ringlab.node.internal;

import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import ringlab.node.Experiment;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.report.DeviceDetail;
import ringlab.sim.report.PortCounters;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.format.IperfJsonFormatter;
import ringlab.sim.report.format.IperfTextFormatter;
import ringlab.spi.feature.DriverFeature;

/**
 * One side of an experiment: a batch Simulation advanced to its end in steps of virtual time rather than
 * by run(), so the caller sees progress and can stop it between steps; the report is run()'s all the same.
 * Only strings and numbers come out (no report objects, no feature classes), so a finished experiment
 * keeps no feature bundle's class loader alive.
 */
final class BatchRun {
    /** Virtual time per step: about a millisecond of wall time on bcm6328, 25 ms on the slowest scenario. */
    static final long STEP_NS = 100_000_000L;

    private BatchRun() { }

    /** A finished side: its figures and its iperf3 -J document. */
    record Outcome(Experiment.Result result, String json) { }

    /**
     * Runs {@code sc} to its end; {@code timestamp} is the report's iperf3 start time; {@code progress} gets
     * the share of virtual time done (0 to 1) after each step. Throws CancellationException when {@code stop} says so between steps; what the simulation
     * throws (a feature's code) propagates.
     */
    static Outcome run(Scenario sc, String command, Instant timestamp, DoubleConsumer progress, BooleanSupplier stop) {
        long t0 = System.nanoTime();
        Simulation sim = new Simulation(sc);
        long end = sim.endNanos();
        for (long t = Math.min(STEP_NS, end); ; t = Math.min(t + STEP_NS, end)) {
            if (stop.getAsBoolean()) throw new CancellationException("cancelled");
            sim.advanceTo(t);
            if (sim.finished()) { // the end, or for -n/-k the moment the data was sent (endNanos is its cap)
                progress.accept(1.0);
                break;
            }
            progress.accept((double) t / end);
        }
        RunReport r = sim.report();
        double wall = (System.nanoTime() - t0) / 1e9;
        return new Outcome(figures(r, sc, command, wall), IperfJsonFormatter.format(r, timestamp));
    }

    private static Experiment.Result figures(RunReport r, Scenario sc, String command, double wallSeconds) {
        DeviceDetail d = r.ringlab;
        long interrupts = d.interrupts().nic().values().stream().mapToLong(Long::longValue).sum();
        long frames = 0;
        for (PortCounters p : d.ports()) frames += p.rxPackets() + p.txPackets();
        // busy share of all cores' cycles over the run, per frame through the NIC
        double busyCycles = (100 - d.cpuPercent().idle()) / 100 * sc.board.soc().cores() * sc.board.soc().clockHz() * d.virtualSeconds();
        Double lost = r.options.udp() ? r.end.sumReceived.lostPercent : null;
        return new Experiment.Result(java.util.List.copyOf(r.features), command, IperfTextFormatter.formatSummary(r), r.end.sumSent.bitsPerSecond,
                r.end.sumReceived.bitsPerSecond, r.end.sumSent.retransmits, lost, d.cpuPercent(), interrupts,
                d.napi().packetsPerPoll(), d.accounting().dropped(), frames == 0 ? 0 : busyCycles / frames,
                byKey(d, busyCycles, frames), wallSeconds);
    }

    /** cycles_percent_by_key as cycles per frame, largest first, as the CLI's compare counts them. */
    private static java.util.Map<String, Double> byKey(DeviceDetail d, double busyCycles, long frames) {
        java.util.Map<String, Double> m = new java.util.LinkedHashMap<>();
        if (frames == 0) return m;
        d.cyclesPercentByKey().forEach((k, pct) -> m.put(k, busyCycles * pct / 100 / frames));
        return java.util.Collections.unmodifiableMap(m);
    }

    /** Why a side failed: the feature whose code threw and where, when one of {@code sc}'s features can be named. */
    static String blame(Throwable e, Scenario sc) {
        java.util.List<DriverFeature> culprits = Culprit.find(e, sc.features);
        if (culprits.isEmpty()) return "the simulation failed: " + e;
        DriverFeature f = culprits.get(0);
        return "feature '" + FeatureIds.safeId(f) + "' threw " + e + " (at " + Culprit.where(e, f) + ")";
    }
}
