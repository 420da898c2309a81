/** Scenario tests of gro: CPU per byte with rx checksum offload, forwarding without offload, the accounting invariant and stream integrity. */
package ringlab.feature.gro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.feature.batchedrx.BatchedRxFeature;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.report.PortCounters;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.RxChecksum;
import ringlab.spi.board.Soc;
import ringlab.spi.feature.DriverFeature;
import ringlab.testkit.Ledger;
import ringlab.testkit.NicVariant;
import ringlab.testkit.TestResult;

class GroScenarioTest {
    static final Board BCM6328 = ClasspathBoards.load(GroScenarioTest.class.getClassLoader()).get("bcm6328");

    /** bcm6328's SoC and costs with a NIC that verifies TCP/UDP checksums (CHECKSUM_UNNECESSARY), like GbEth. */
    static Board withRxChecksumOffload() {
        Nic n = BCM6328.nic();
        Nic off = NicVariant.of(n).rxChecksum(RxChecksum.UNNECESSARY).build();
        return new Board("bcm6328-rxcsum", "bcm6328 with rx checksum offload (test)", BCM6328.soc(), off,
                List.of(), BCM6328.costs(), "test", List.of());
    }

    /** bcm6328 with another SoC or NIC (test variants of one mechanism at a time). */
    static Board variant(String id, Soc soc, Nic nic) {
        return new Board(id, "bcm6328 variant (test)", soc, nic, List.of(), BCM6328.costs(), "test", List.of());
    }

    /** bcm6328's NIC with scatter-gather and tx checksum offload, as lan743x advertises them. */
    static Nic sgAndTxChecksum() {
        Nic n = BCM6328.nic();
        return NicVariant.of(n).txChecksum(true).sg(true).build();
    }

    static Soc soc(long clockHz, int l1dBytes) {
        Soc s = BCM6328.soc();
        return new Soc(s.cores(), clockHz, s.isa(), s.cacheLineBytes(), s.cacheLevels(), s.dmaCoherent(),
                s.unalignedTraps(), s.kernelVersion(), s.hz(), l1dBytes);
    }

    static double receiverMbps(RunReport r) { return r.end.sumReceived.bitsPerSecond / 1e6; }

    static RunReport run(Board b, List<DriverFeature> f, Scenario.Topology t, String... iperf) {
        return new Simulation(Scenario.builder(b).features(f).topology(t).iperf(IperfArgs.parse(List.of(iperf))).build()).run();
    }

    /**
     * The same without TCP timestamps: at 100 Mbit/s a sender's TSval changes every 8 full segments (its ms clock),
     * and GRO never merges segments whose options differ, so the tests of what long merged lists do take them away.
     */
    static RunReport runNoTimestamps(Board b, List<DriverFeature> f, Scenario.Topology t, String... iperf) {
        return new Simulation(Scenario.builder(b).features(f).topology(t).set("tcp_timestamps", "0")
                .iperf(IperfArgs.parse(List.of(iperf))).build()).run();
    }

    /** A counter, which must exist. */
    static double num(Map<String, Long> counters, String k) { return counters.get(k); }

    static double busyCycles(Board b, RunReport r) {
        double busy = 1 - r.ringlab.cpuPercent().idle() / 100;
        return busy * r.ringlab.virtualSeconds() * b.soc().clockHz();
    }

    /** The test kit's ledger (sent == delivered + dropped + in_flight, drops by reason add up, streams intact), and few packets left in flight. */
    static void invariants(RunReport r) {
        Ledger ledger = TestResult.of(r).assertLedgerHolds().ledger();
        assertTrue(ledger.inFlight() < 200, "in flight " + ledger.inFlight());
    }

    static Map<String, Long> groCounters(RunReport r, String port) {
        return r.ringlab.features().get(port).counters().get("gro");
    }

    @Test
    void withRxChecksumOffloadTcpReceiveCpuPerByteFalls() {
        Board b = withRxChecksumOffload();
        RunReport stock = run(b, List.of(), Scenario.Topology.DIRECT, "-M", "512", "-t", "10");
        RunReport gro = run(b, List.of(new GroFeature()), Scenario.Topology.DIRECT, "-M", "512", "-t", "10");
        invariants(gro);
        double perByteStock = busyCycles(b, stock) / stock.end.sumReceived.bytes;
        double perByteGro = busyCycles(b, gro) / gro.end.sumReceived.bytes;
        assertTrue(perByteGro < 0.75 * perByteStock, "cycles/byte " + perByteGro + " vs " + perByteStock);
        Map<String, Long> g = groCounters(gro, "eth0");
        // Measured (seed 1, -t 30): about 14 segments per merged packet, most of a poll (bcm63xx's weight is 16), as
        // the peer marks PSH only where tcp_push does, at the end of each 128 KB write; while it set PSH on every
        // segment that caught its sender up with the data written (until 2026-12-06), GRO, which flushes a flow at
        // PSH, merged about 4. Before tcp_clamp_window the socket dropped in slow start, the RTO stall made DRS's
        // first sample grow rcvbuf to 4.8 MB, and the unpaced peer overran the ring (ksoftirqd, full polls).
        assertTrue(num(g, "gro_merged") > 2 * num(g, "gro_complete"), "several segments per merged packet: " + g);
        assertEquals(0.0, num(g, "gro_csum_sw"), "the NIC verified every checksum");
        // softnet_stat processed counts skbs entering __netif_receive_skb_core: a merged one once
        // (napi packets counts a poll when it returns: the one running at the end may have delivered a budget more)
        long extra = stock.ringlab.napi().processed() - stock.ringlab.napi().packets();
        assertTrue(extra >= 0 && extra <= 64, "without GRO one skb per frame: " + stock.ringlab.napi());
        assertTrue(gro.ringlab.napi().processed() < gro.ringlab.napi().packets() / 3, gro.ringlab.napi().toString());
    }

    /**
     * Under software coalescing, napi_complete_done keeps the packets GRO held since the current jiffy
     * (napi_gro_flush(n, true)), so a flow merges across the timer's polls: far more segments per merged skb
     * than a poll brings. Without a timeout every poll's end flushes them.
     */
    @Test
    void underGroFlushTimeoutAFlowMergesAcrossPolls() {
        Nic n = withRxChecksumOffload().nic();
        Nic honours = NicVariant.of(n).irqUnmask(ringlab.spi.board.IrqUnmask.NAPI_COMPLETE_DONE).build();
        Board b = variant("bcm6328-rxcsum-honours", BCM6328.soc(), honours);
        List<DriverFeature> f = List.of(new GroFeature(), new ringlab.feature.irqcoalescing.IrqCoalescingFeature());
        Scenario held = Scenario.builder(b).features(f).set("gro_flush_timeout", "500000").set("tcp_timestamps", "0")
                .iperf(IperfArgs.parse(List.of("-t", "5"))).build();
        RunReport r = new Simulation(held).run();
        invariants(r);
        Map<String, Long> g = groCounters(r, "eth0");
        double segsPerSkb = num(g, "gro_receive") / num(g, "gro_delivered_skbs");
        double perPoll = r.ringlab.napi().packetsPerPoll();
        assertTrue(perPoll < 8, "the 500 us timer's polls bring a few packets each: " + perPoll);
        assertTrue(segsPerSkb > 3 * perPoll, "merged over several polls: " + segsPerSkb + " segments per skb, "
                + perPoll + " packets per poll");

        RunReport flushed = runNoTimestamps(b, List.of(new GroFeature()), Scenario.Topology.DIRECT, "-t", "5");
        Map<String, Long> gf = groCounters(flushed, "eth0");
        double flushedPerSkb = num(gf, "gro_receive") / num(gf, "gro_delivered_skbs");
        assertTrue(flushedPerSkb < segsPerSkb / 3, "no timeout: every poll's end flushes, " + flushedPerSkb
                + " segments per skb against " + segsPerSkb);
    }

    @Test
    void withoutOffloadGroVerifiesEveryByteInSoftirq() {
        RunReport gro = run(BCM6328, List.of(new GroFeature()), Scenario.Topology.DIRECT, "-M", "512", "-t", "10");
        invariants(gro);
        Map<String, Long> g = groCounters(gro, "eth0");
        assertEquals(num(g, "gro_receive"), num(g, "gro_csum_sw"), "every packet summed by GRO");
    }

    @Test
    void forwardingWithoutOffloadAtOnePacketPerPollCostsMoreWithGro() {
        // a 2 KB window keeps about one segment per poll: nothing to merge, only GRO's work and sums are added
        String[] light = {"-M", "512", "-w", "2K", "-t", "10"};
        RunReport stock = run(BCM6328, List.of(), Scenario.Topology.FORWARD, light);
        RunReport gro = run(BCM6328, List.of(new GroFeature()), Scenario.Topology.FORWARD, light);
        invariants(stock);
        invariants(gro);
        double perPktStock = busyCycles(BCM6328, stock) / stock.ringlab.napi().packets();
        double perPktGro = busyCycles(BCM6328, gro) / gro.ringlab.napi().packets();
        assertTrue(perPktGro > 1.08 * perPktStock, "cycles per forwarded packet " + perPktGro + " vs " + perPktStock);
    }

    @Test
    void mergedPacketsAreSegmentedAgainWhenForwarded() {
        RunReport gro = run(BCM6328, List.of(new GroFeature()), Scenario.Topology.FORWARD, "-M", "512", "-t", "10");
        invariants(gro);
        Map<String, Long> g = groCounters(gro, "eth0");
        PortCounters wan = gro.ringlab.ports().get(1);
        assertTrue(num(g, "gro_merged") > 1000, "merges at saturation: " + g);
        // every segment of a merged packet leaves as its own frame: merged-away objects plus their heads
        assertTrue(wan.gsoSegments() > num(g, "gro_merged"), "gso " + wan.gsoSegments());
        double dropped = gro.ringlab.accounting().dropped();
        assertTrue(gro.end.sumSent.retransmits <= dropped + 20,
                "segments leave in order: retransmits " + gro.end.sumSent.retransmits + " for " + dropped + " drops");
    }

    @Test
    void forwardingFullFramesWithoutScatterGatherCostsThroughput() {
        RunReport gro = run(BCM6328, List.of(new GroFeature()), Scenario.Topology.FORWARD, "-t", "5");
        RunReport list = run(BCM6328, List.of(new BatchedRxFeature()), Scenario.Topology.FORWARD, "-t", "5");
        invariants(gro);
        PortCounters wan = gro.ringlab.ports().get(1), lan = gro.ringlab.ports().get(0);
        assertTrue(receiverMbps(gro) < 0.97 * receiverMbps(list), "gro " + receiverMbps(gro) + " vs batched-rx " + receiverMbps(list));
        // every line of every copied segment (1514-byte frames: 95 lines of 16 B) is written back at the tx map
        assertTrue(wan.gsoSegments() > 1000, "segments " + wan.gsoSegments());
        assertTrue(wan.dmaLinesWrittenBack() >= 90 * wan.gsoSegments() && wan.dmaLinesWrittenBack() <= wan.dmaLinesToDevice(),
                wan.dmaLinesWrittenBack() + " written back of " + wan.dmaLinesToDevice() + " for " + wan.gsoSegments() + " segments");
        assertEquals(0, lan.dmaLinesWrittenBack(), "ACKs are forwarded as received: nothing copied, nothing dirty");
        assertEquals(0, list.ringlab.ports().get(1).dmaLinesWrittenBack(), "without GRO nothing is segmented or copied");
    }

    @Test
    void withScatterGatherAndTxChecksumTheSegmentsAreNotCopied() {
        // at 200 MHz, where both are CPU-bound (at 320 MHz the SG board reaches the wire since bcm6328's refit of the
        // evening of 2026-12-07, so the difference would be capped there)
        Soc slow = soc(200_000_000L, BCM6328.soc().l1dBytes());
        Board sg = variant("bcm6328-sg", slow, sgAndTxChecksum());
        RunReport gro = run(sg, List.of(new GroFeature()), Scenario.Topology.FORWARD, "-t", "5");
        RunReport copied = run(variant("bcm6328-200mhz", slow, BCM6328.nic()), List.of(new GroFeature()), Scenario.Topology.FORWARD, "-t", "5");
        invariants(gro);
        PortCounters wan = gro.ringlab.ports().get(1);
        assertTrue(wan.gsoSegments() > 1000, "segments " + wan.gsoSegments());
        assertEquals(0, wan.dmaLinesWrittenBack(), "segments point into the merged packet's pages");
        assertTrue(receiverMbps(gro) > 1.05 * receiverMbps(copied), "sg " + receiverMbps(gro) + " vs copied " + receiverMbps(copied));
    }

    @Test
    void onACoherentSocTheCopiesAreNotWrittenBack() {
        Soc s = BCM6328.soc();
        Soc coherent = new Soc(s.cores(), s.clockHz(), s.isa(), s.cacheLineBytes(), s.cacheLevels(), true,
                s.unalignedTraps(), s.kernelVersion(), s.hz(), s.l1dBytes());
        RunReport gro = run(variant("bcm6328-coherent", coherent, BCM6328.nic()), List.of(new GroFeature()), Scenario.Topology.FORWARD, "-t", "5");
        invariants(gro);
        PortCounters wan = gro.ringlab.ports().get(1);
        assertTrue(wan.gsoSegments() > 1000, "segments " + wan.gsoSegments());
        assertEquals(0, wan.dmaLinesWrittenBack(), "the device snoops the dirty lines");
    }

    /**
     * tcp_gro_receive flushes when any option byte differs: with timestamps a sender's TSval moves on every ms,
     * and its TSecr whenever an ACK with a newer TSval arrived, so at 100 Mbit/s (8.3 full frames a ms) a merged
     * skb holds a few segments, where without the option it holds a poll's 16.
     */
    @Test
    void timestampsThatMoveOnEveryMillisecondBoundMergesAtAHundredMegabits() {
        RunReport ts = run(BCM6328, List.of(new GroFeature()), Scenario.Topology.FORWARD, "-t", "5");
        RunReport none = runNoTimestamps(BCM6328, List.of(new GroFeature()), Scenario.Topology.FORWARD, "-t", "5");
        invariants(ts);
        Map<String, Long> g = groCounters(ts, "eth0"), gn = groCounters(none, "eth0");
        double withTs = num(g, "gro_receive") / num(g, "gro_delivered_skbs");
        double without = num(gn, "gro_receive") / num(gn, "gro_delivered_skbs");
        assertTrue(withTs < 8.3, "at most a millisecond's segments per merged skb: " + withTs);
        assertTrue(without > 1.5 * withTs, "segments per merged skb " + without + " without timestamps vs " + withTs);
    }

    @Test
    void aMergedPacketStillInTheDataCacheIsCopiedWithoutMisses() {
        // the same board with a D-cache that holds every merged payload: the copy re-reads what GRO summed. Both at
        // 200 MHz, so that the CPU is saturated and a poll merges its full 16 segments (23 KB, more than the 32 KB
        // cache holds next to its copy): at 320 MHz bcm6328 forwards near the wire since its refit of the evening of
        // 2026-12-07, polls gather fewer frames and the smaller merges mostly hit anyway. Compared per forwarded
        // segment (GRO's first touch and the write-backs are the same in both)
        long clock = 200_000_000L;
        Board big = variant("bcm6328-bigcache", soc(clock, 1 << 20), BCM6328.nic());
        Board small = variant("bcm6328-200mhz", soc(clock, BCM6328.soc().l1dBytes()), BCM6328.nic());
        RunReport hot = runNoTimestamps(big, List.of(new GroFeature()), Scenario.Topology.FORWARD, "-t", "5");
        RunReport cold = runNoTimestamps(small, List.of(new GroFeature()), Scenario.Topology.FORWARD, "-t", "5");
        invariants(hot);
        double memHot = memoryPerSegment(big, hot), memCold = memoryPerSegment(small, cold);
        assertTrue(memHot < 0.9 * memCold, "memory cycles per forwarded segment " + memHot + " with 1 MB vs " + memCold + " with 32 KB");
        assertTrue(receiverMbps(hot) > receiverMbps(cold), receiverMbps(hot) + " vs " + receiverMbps(cold));
    }

    static double memoryPerSegment(Board b, RunReport r) {
        return r.ringlab.cyclesPercent().get("memory") / 100 * busyCycles(b, r) / r.ringlab.ports().get(1).gsoSegments();
    }

    @Test
    void segmentsTheStoppedQueueDoesNotTakeAreRequeuedInOrder() {
        // a poll merges up to 16 full segments (weight 16); a tx ring of 8 often cannot take such a list whole
        Nic n = BCM6328.nic();
        Nic ring8 = NicVariant.of(n).txRing(8).build();
        Board ring8board = variant("bcm6328-ring8", BCM6328.soc(), ring8);
        RunReport gro = runNoTimestamps(ring8board, List.of(new GroFeature()), Scenario.Topology.FORWARD, "-t", "5");
        // the ledger holds; the qdisc (1000 packets, merged ones counted once) holds more than invariants() allows in flight
        TestResult.of(gro).assertLedgerHolds();
        PortCounters wan = gro.ringlab.ports().get(1);
        assertTrue(wan.txQueueStops() > 100, "ring full " + wan.txQueueStops());
        Map<String, Long> g = groCounters(gro, "eth0");
        assertTrue(num(g, "gro_merged") > 2 * num(g, "gro_complete"), "lists of several segments: " + g);
        assertTrue(wan.qdiscRequeues() > 100, "requeues " + wan.qdiscRequeues());
        double dropped = gro.ringlab.accounting().dropped();
        assertTrue(gro.end.sumSent.retransmits <= dropped + 20,
                "requeued segments leave in order: retransmits " + gro.end.sumSent.retransmits + " for " + dropped + " drops");
    }

    @Test
    void udpAndPingThroughGroKeepTheLedger() {
        RunReport udp = run(BCM6328, List.of(new GroFeature()), Scenario.Topology.DIRECT, "-u", "-b", "30M", "-l", "1470", "-t", "5");
        invariants(udp);
        Map<String, Long> g = groCounters(udp, "eth0");
        assertEquals(0.0, num(g, "gro_merged"));
        assertEquals(num(g, "gro_receive"), num(g, "gro_normal"), "UDP is never held");
        RunReport ping = new Simulation(Scenario.builder(BCM6328).features(List.of(new GroFeature()))
                .pingIntervalNs(10_000_000L).iperf(IperfArgs.parse(List.of("-M", "512", "-t", "5"))).build()).run();
        invariants(ping);
    }
}
