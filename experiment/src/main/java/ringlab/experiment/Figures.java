package ringlab.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ringlab.sim.report.CpuPercent;
import ringlab.sim.report.DeviceDetail;
import ringlab.sim.report.PortCounters;
import ringlab.sim.report.RunReport;
import ringlab.spi.board.Board;

/**
 * The main figures of a run, in a fixed order: iperf3's summary (sender, receiver, retransmits), then the
 * device: CPU per context (mpstat), NIC interrupts, packets per NAPI poll, drops by reason and cycles per
 * packet by cost category, then busy cycles per bit received, then cycles per packet by cost key (largest
 * first, {@link #BY_KEY}). Drops, cycle categories and keys appear only where the run had them; cycles_per_bit
 * only when the receiver received something.
 */
public final class Figures {
    /** The prefix of the per-cost-key figures: cycles_per_packet_by_key.dma.line.unmap and so on. */
    public static final String BY_KEY = "cycles_per_packet_by_key.";

    private Figures() { }

    public static List<Figure> of(RunReport r, Board board) {
        List<Figure> f = new ArrayList<>();
        f.add(new Figure("sender_mbps", "Mbit/s", r.end.sumSent.bitsPerSecond / 1e6));
        f.add(new Figure("receiver_mbps", "Mbit/s", r.end.sumReceived.bitsPerSecond / 1e6));
        f.add(new Figure("retransmits", "count", r.end.sumSent.retransmits));
        DeviceDetail d = r.ringlab;
        if (d == null) return f;
        CpuPercent c = d.cpuPercent();
        f.add(new Figure("cpu.irq", "%", c.irq()));
        f.add(new Figure("cpu.soft", "%", c.soft()));
        f.add(new Figure("cpu.kthread", "%", c.kthread()));
        f.add(new Figure("cpu.sys", "%", c.sys()));
        f.add(new Figure("cpu.usr", "%", c.usr()));
        f.add(new Figure("cpu.idle", "%", c.idle()));
        long nicIrqs = d.interrupts().nic().values().stream().mapToLong(Long::longValue).sum();
        f.add(new Figure("interrupts.nic", "count", nicIrqs));
        f.add(new Figure("interrupts.nic_per_packet", "per packet", d.interrupts().nicPerPacket()));
        f.add(new Figure("napi.packets_per_poll", "per poll", d.napi().packetsPerPoll()));
        for (Map.Entry<String, Long> e : d.drops().entrySet()) f.add(new Figure("drops." + e.getKey(), "count", e.getValue()));
        long packets = 0;
        for (PortCounters p : d.ports()) packets += p.rxPackets() + p.txPackets();
        // busy cycles of all cores: cycles_percent shares them out by category
        double busy = (100 - c.idle()) / 100 * board.soc().cores() * board.soc().clockHz() * d.virtualSeconds();
        double total = 0;
        for (Map.Entry<String, Double> e : d.cyclesPercent().entrySet()) {
            double perPacket = packets == 0 ? 0 : busy * e.getValue() / 100 / packets;
            total += perPacket;
            f.add(new Figure("cycles_per_packet." + e.getKey(), "cycles", perPacket));
        }
        f.add(new Figure("cycles_per_packet", "cycles", total));
        // CPU per bit: what a board's cores spend on each bit the receiver got, whichever side the device is;
        // comparable across boards and feature sets where throughput or CPU % alone are not
        long bitsReceived = r.end.sumReceived.bytes * 8;
        if (bitsReceived > 0) f.add(new Figure("cycles_per_bit", "cycles", busy / bitsReceived));
        // the same cycles by cost key, largest first: which modelled work a feature removes or adds
        if (packets > 0) {
            for (Map.Entry<String, Double> e : d.cyclesPercentByKey().entrySet()) {
                f.add(new Figure(BY_KEY + e.getKey(), "cycles", busy * e.getValue() / 100 / packets));
            }
        }
        return f;
    }
}
