package ringlab.sim;

import java.util.ArrayList;
import java.util.List;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Ctx;
import ringlab.sim.report.Accounting;
import ringlab.sim.report.LiveCounters;
import ringlab.sim.workload.StreamStats;

/** Reads a simulation's running totals into {@link LiveCounters} (no sorting, no per-packet work). */
final class LiveCountersReader {
    private LiveCountersReader() { }

    static LiveCounters read(Simulation s) {
        List<Long> bytes = new ArrayList<>(s.streams.size());
        for (StreamStats st : s.streams) bytes.add(st.bytesReceived);
        long[] cpuNs = new long[Ctx.values().length];
        long switches = 0;
        for (int i = 0; i < s.cpu.cores(); i++) {
            Core c = s.cpu.core(i);
            c.sync();
            for (Ctx x : Ctx.values()) cpuNs[x.ordinal()] += c.ctxNs(x);
            switches += c.contextSwitches();
        }
        long irqs = 0, polls = 0, packets = 0;
        for (DevicePort p : s.ports) {
            irqs += p.driver.interrupts();
            polls += p.driver.napi.polls();
            packets += p.driver.napi.workTotal();
        }
        Accounting ledger = new Accounting(s.ledger.sentCount(), s.ledger.deliveredCount(), s.ledger.droppedCount(), s.ledger.inFlight());
        Sampler g = s.sampler;
        return new LiveCounters(s.sim.now(), bytes, cpuNs, switches, irqs, polls, packets, s.ledger.dropsByReason(), ledger,
                g.gaugeSamples, g.gauges[0], g.gauges[2], g.gauges[3], s.ping == null ? 0 : s.ping.received(), s.cpu.keyCycles());
    }
}
