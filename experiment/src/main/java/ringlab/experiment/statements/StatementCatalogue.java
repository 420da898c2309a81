package ringlab.experiment.statements;

import static ringlab.experiment.statements.Expected.falls;
import static ringlab.experiment.statements.Expected.rises;
import static ringlab.experiment.statements.Expected.stays;

import java.util.List;
import java.util.Map;

/**
 * The qualitative statements of docs/mechanisms.md that ringlab checks, each quoted verbatim with the A/B
 * experiment that tests it. Runs are short (-t 3 to 5): a statement is about a direction, and the change it
 * predicts is far above what a few seconds more would move. Thresholds say how large a change must be to
 * count (a mechanism that "saves" must save at least that); they are the statement's, not tuned to what the
 * simulation gives: a statement that misses stays in the table as a miss.
 */
public final class StatementCatalogue {
    private StatementCatalogue() { }

    /** The bcm63xx series up to the BQL patch. */
    private static final String BCM63XX_BEFORE_BQL = "batched-rx,ip-align,build-skb";
    private static final String RZG2UL_POLL = "stock,irq-coalescing,threaded-napi,build-skb,mtu-rx-buffers";

    public static List<Statement> all() {
        return List.of(
                Statement.of("livelock-on-one-core", "2",
                        "delivered throughput falls toward zero as load rises",
                        "rzg2ul", Side.of("stock", "-u -b 100M -t 3"), Side.of("stock", "-u -b 1G -t 3"),
                        Metric.RECEIVER_MBPS, falls(90)),
                Statement.of("batched-rx-gains-under-load", "3",
                        "A batch is what one poll gathered, so the gain grows with load",
                        "bcm6328", Side.of("stock", "-M 512 -t 3"), Side.of("batched-rx", "-M 512 -t 3"),
                        Metric.RECEIVER_MBPS, rises(5)),
                Statement.of("batched-rx-vanishes-at-light-load", "3",
                        "the gain grows with load and vanishes at one packet/poll",
                        "bcm6328", Side.of("stock", "-u -b 1M -l 512 -t 3"), Side.of("batched-rx", "-u -b 1M -l 512 -t 3"),
                        Metric.CYCLES_PER_BIT, stays(2)),
                Statement.of("gro-helps-local-tcp-with-offload", "3",
                        "So GRO helps local TCP when the NIC verifies checksums",
                        "rzg2ul", Side.of("stock,-gro", "-t 3"), Side.of("stock", "-t 3"),
                        Metric.CYCLES_PER_BIT, falls(5)),
                Statement.of("gro-hurts-routing-without-offload", "3",
                        "can hurt a weak CPU without offload, above all when routing",
                        // GRO instead of list rx (the bcm63xx router's choice: the driver calls one or the other), full frames;
                        // 10 s, as the claim is about the steady state: in 3 s slow start is a third of the run (-4.8 % at
                        // 3 s, -5.7 % at 10 s once the peer marked PSH as tcp_push does, 2026-12-06)
                        "bcm6328", Side.of("batched-rx", "-t 10"), Side.of("gro", "-t 10"),
                        Metric.RECEIVER_MBPS, falls(5)).withTopology("forward"),
                Statement.of("bql-keeps-ping-fast-under-load", "4",
                        "with BQL only a few frames, so the backlog moves into the qdisc where fq_codel (per-flow queues, sparse flows "
                                + "first, CoDel target 5 ms, interval 100 ms, quantum 1514, limit 10240 packets) keeps a ping or ACK flow fast",
                        // on the series' state before BQL: the stock driver is CPU-bound on transmit, its completions come
                        // coalesced and DQL grows the limit (same section: "Coalesced tx completions make DQL grow the
                        // limit"), which is the statement's exception, not its case
                        "bcm6328", Side.of(BCM63XX_BEFORE_BQL, "-R -t 5"), Side.of(BCM63XX_BEFORE_BQL + ",bql", "-R -t 5"),
                        Metric.PING_P50, falls(50)).withSets(Map.of("qdisc", "fq_codel")).withPing(10),
                Statement.of("xmit-more-nothing-without-bql", "5",
                        "nothing at low load (batches of one) and nothing without BQL (no bulk dequeue)",
                        "bcm6328", Side.of("stock", "-R -t 3"), Side.of("xmit-more", "-R -t 3"),
                        Metric.CYCLES_PER_BIT, stays(1)),
                Statement.of("ip-align-stops-mips-traps", "6",
                        "MIPS (BMIPS in BCM63xx) has no hardware unaligned load/store: each misaligned access traps and the kernel "
                                + "emulates the instruction",
                        "bcm6328", Side.of("batched-rx", "-M 512 -t 3"), Side.of("batched-rx,ip-align", "-M 512 -t 3"),
                        Metric.RECEIVER_MBPS, rises(5)),
                Statement.of("build-skb-head-stays-hot", "7",
                        "The head is touched only when needed and stays hot.",
                        "bcm6328", Side.of("batched-rx,ip-align", "-M 512 -t 3"), Side.of("batched-rx,ip-align,build-skb", "-M 512 -t 3"),
                        Metric.RECEIVER_MBPS, rises(5)),
                Statement.of("page-pool-saves-allocation-and-mapping", "8",
                        "Saves per packet the page allocation and the map/unmap",
                        "rzg2ul", Side.of(RZG2UL_POLL, "-u -b 1G -t 3"), Side.of(RZG2UL_POLL + ",page-pool", "-u -b 1G -t 3"),
                        Metric.CYCLES_PER_BIT, falls(5)),
                Statement.of("threaded-napi-gives-fairness", "9",
                        "gives fairness: the receiving application competes on equal terms, excess input is dropped early at the ring",
                        "rzg2ul", Side.of("stock", "-u -b 1G -t 3"), Side.of("stock,threaded-napi", "-u -b 1G -t 3"),
                        Metric.RECEIVER_MBPS, rises(100)),
                Statement.of("threaded-napi-loses-on-transmit", "9",
                        "It can lose on transmit-heavy loads (completions and queue wakes need thread wakeups).",
                        "rzg2ul", Side.of("stock,irq-coalescing", "-u -b 1G -R -t 3"), Side.of("stock,irq-coalescing,threaded-napi", "-u -b 1G -R -t 3"),
                        Metric.RECEIVER_MBPS, falls(5)),
                Statement.of("irq-coalescing-adds-latency-at-light-load", "9",
                        "Adds up to the timeout of latency at light load.",
                        // "up to": a ping that lands in a deferral window waits for the timer; most do not, so the max shows it
                        "rzg2ul", Side.of("stock", "-u -b 1M -t 3"), Side.of("stock,irq-coalescing", "-u -b 1M -t 3"),
                        Metric.PING_MAX, rises(5)).withPing(1),
                Statement.of("oversized-buffers-multiply-sync-cost", "10",
                        "It scales with the length synced, not with the packet, so oversized buffers multiply it.",
                        "imx6qp-lan7430", Side.of("stock", "-t 3"), Side.of("stock,mtu-rx-buffers", "-t 3"),
                        Metric.CYCLES_PER_BIT, falls(30)));
    }
}
