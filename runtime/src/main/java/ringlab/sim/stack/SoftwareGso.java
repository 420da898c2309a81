package ringlab.sim.stack;

import ringlab.sim.cpu.Core;
import ringlab.sim.net.Ledger;
import ringlab.spi.board.CostKey;
import ringlab.spi.board.Nic;
import ringlab.spi.board.Soc;
import ringlab.spi.net.Packet;

/**
 * skb_gso_segment as validate_xmit_skb calls it when a GRO-merged packet leaves by a device (forwarding),
 * after the qdisc handed it over: the packet is cut back into its gso_size segments, in sequence order.
 * What each segment costs depends on the egress device's features (net/core/skbuff.c skb_segment):
 * <ul>
 *   <li>every segment: {@code stack.gso.segment} (a new skb head, the headers copied and fixed up);</li>
 *   <li>with NETIF_F_SG the segment's payload stays in the merged packet's pages; without tx checksum offload
 *       its L4 header and payload are summed ({@code csum.byte});</li>
 *   <li>without NETIF_F_SG the payload is copied into a new linear buffer: {@code copy.byte} per byte, and
 *       without tx checksum offload the same pass sums it (skb_copy_and_csum_bits, {@code csum.byte} per byte
 *       too). The copy reads the merged payload: a line that was never read (the rx DMA invalidated it) or
 *       no longer sits in the L1 D-cache is a {@code dram.miss}. The new buffer's lines are all written,
 *       so the segment is {@link Packet#dirty} for the dma_map that cleans it.</li>
 * </ul>
 * Residency is LRU stack distance in a cache of soc.l1dBytes: after GRO summed the whole payload (in order),
 * the byte at offset k of a merged packet of P bytes is re-read by the copy after P - k later payload bytes,
 * k bytes of payload re-read before it and k bytes of copies written, so it still hits only while P + k fits.
 * Faked: associativity, the stack's own lines and outer caches (in-tree, only the L2-less bcm63xx sum the
 * payload in GRO; elsewhere the copy is the payload's first read and misses anyway). A board without
 * l1dBytes keeps what the stack marked as read as cached.
 * Not modelled: the merged skb's own frags being freed here rather than at tx completion (each segment
 * still releases one rx buffer when transmitted), and the kmalloc of the linear buffer beyond stack.gso.segment.
 */
final class SoftwareGso {
    private final Ledger ledger;
    private final boolean sg, txChecksum;
    private final int l1dBytes, lineBytes;
    private long segments;

    SoftwareGso(Ledger ledger, Nic nic, Soc soc) {
        this.ledger = ledger;
        this.sg = nic.sg();
        this.txChecksum = nic.txChecksum();
        this.l1dBytes = soc.l1dBytes();
        this.lineBytes = soc.cacheLineBytes();
    }

    /** Cuts merged packet p into its segments, charged on c; returns the first, the rest linked through next. */
    Packet segment(Core c, Packet p) {
        int n = p.segs, each = p.gsoSize > 0 ? p.gsoSize : p.payload / n, rest = p.payload - each * (n - 1);
        int total = p.payload;
        boolean read = p.payloadCached;
        int truesize = p.truesize / n; // each segment owns its own buffer again, not the merged sum
        Packet chain = null, last = null;
        for (int i = 1; i < n; i++) { // built before p's fields change
            Packet s = ledger.segmentOf(p, c.stepNow());
            s.payload = i == n - 1 ? rest : each;
            s.seq = p.seq + (long) each * i;
            s.truesize = truesize;
            if (last == null) chain = s; else last.next = s;
            last = s;
        }
        p.payload = each;
        p.segs = 1;
        p.gsoSize = 0;
        p.truesize = truesize;
        p.next = chain;
        int offset = 0;
        for (Packet q = p; q != null; q = q.next) {
            c.charge(CostKey.GSO_SEGMENT);
            segments++;
            if (sg) {
                if (!txChecksum) c.charge(CostKey.CSUM_BYTE, q.l4HeaderBytes() + q.payload);
            } else {
                copy(c, q, offset, total, read);
            }
            offset += q.payload;
        }
        return p;
    }

    /** skb_copy_bits or skb_copy_and_csum_bits of one segment's payload into its new linear buffer. */
    private void copy(Core c, Packet q, int offset, int total, boolean read) {
        c.charge(CostKey.COPY_BYTE, q.payload);
        if (!txChecksum) c.charge(CostKey.CSUM_BYTE, q.l4HeaderBytes() + q.payload);
        int missed = q.payload - (read ? cachedBytes(offset, q.payload, total) : 0);
        int lines = (missed + lineBytes - 1) / lineBytes;
        c.chargeDramRun(lines);
        q.dirty = true;
        q.payloadCached = true;
    }

    /** Bytes of [offset, offset + len) of a payload of total bytes, read once in order earlier, that still hit. */
    private int cachedBytes(int offset, int len, int total) {
        if (l1dBytes == 0) return len; // no cache size given: trust the earlier read
        long hitsBelow = (long) l1dBytes - total; // offsets k < l1dBytes - total hit
        return (int) Math.max(0, Math.min(len, hitsBelow - offset));
    }

    long segments() { return segments; }
}
