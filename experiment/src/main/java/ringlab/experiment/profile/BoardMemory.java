package ringlab.experiment.profile;

import ringlab.experiment.PlainNumbers;

/**
 * What a board contributes to its costs besides its core type: the clock that turns nanoseconds into cycles and
 * its memory system. Read from the board's board.json: the SoC and NIC fields, and the "derivation" object for
 * the latencies (each {"value": V, "note": "..."}).
 *
 * @param dramNs          a data line filled from DRAM (dram.miss)
 * @param mmioReadNs      an uncached device register read, the bus round trip (mmio.read)
 * @param mmioWriteNs     a posted register write with the barrier before it (mmio.write)
 * @param descReadNs      a descriptor read in coherent DMA memory (desc.read)
 * @param descWriteNs     a descriptor write (desc.write)
 * @param icacheRefillNs  an I-cache line refilled from the next level (scales the reference's cold extras)
 * @param skbHeadLines    the lines of an skb head touched cold (skb.cold)
 * @param skbHeadNs       the cost of each such line, from wherever the head sits when it is used
 */
public record BoardMemory(String boardId, String coreType, long clockHz, int lineBytes, boolean dmaCoherent,
        Quantity dramNs, Quantity mmioReadNs, Quantity mmioWriteNs, Quantity descReadNs,
        Quantity descWriteNs, Quantity icacheRefillNs, Quantity skbHeadLines, Quantity skbHeadNs, Firewall firewall) {

    /** nanoseconds in this board's cycles. */
    double cycles(double ns) {
        return ns * clockHz / 1e9;
    }

    /** The clock in GHz for notes, as short as it goes (1, 1.2, 0.32). */
    String ghz() {
        return PlainNumbers.plain(clockHz / 1e9);
    }
}
