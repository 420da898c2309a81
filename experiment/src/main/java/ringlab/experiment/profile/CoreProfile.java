package ringlab.experiment.profile;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import ringlab.spi.board.CostKey;

/**
 * The costs that belong to a core type, shared by every board with that core: instruction-bound work (in the
 * core's cycles: the reference core's calibrated cycles divided by this core's IPC relative to it, or this
 * core's own figure where the profile overrides one), per-line DMA cache maintenance, checksum and copy per
 * byte, the misaligned-access trap, the closing barrier of a maintenance pass. What belongs to the board (its
 * clock and memory system) is in {@link BoardMemory}.
 *
 * @param reference        the core whose instruction-bound cycles and I-cache extras this one scales; null for the
 *                         reference core itself (BMIPS4350, bcm6328's calibrated figures)
 * @param ipc              instructions per cycle relative to the reference core (1 for the reference)
 * @param instructionBound on the reference: every instruction-bound key; on another core: the keys it states in
 *                         its own cycles instead of scaling the reference's (a measurement on that core)
 * @param icacheCold       on the reference: the I-cache refill extras and their conditions; null on another core
 * @param dmaSync          added to the scaled dma.call: the barrier or outer-cache sync closing a maintenance pass
 * @param core             per-core figures, keyed by the cost keys in {@link #CORE_KEYS}
 * @param contextSwitch    on another core: a factor on its IPC-scaled context switch and wakeup ({@link #SWITCH_KEYS}),
 *                         whose reference figures carry the cache refill of a core without an L2 (BMIPS4350's
 *                         "schedule() + resume(), ASID switch and the cache refill behind it"); 1 where the profile
 *                         does not state it, and always on the reference
 * @param streamLinefills  the lines a sequential run from DRAM keeps in flight on this core (its prefetcher and
 *                         linefill buffers, or its write buffer for write-backs): each line after a run's first
 *                         costs the board's DRAM latency over this (dram.stream); 1 where the profile does not
 *                         state it (no prefetcher: every line waits for its fill)
 */
public record CoreProfile(String coreType, String name, String isa, CoreProfile reference, Quantity ipc,
        Map<String, Work> instructionBound, IcacheCold icacheCold, CoreFigure dmaSync, Map<String, CoreFigure> core,
        Quantity contextSwitch, Quantity streamLinefills) {
    /** contextSwitch when a profile does not state it. */
    public static final Quantity NO_SWITCH_FACTOR = new Quantity(1, "not stated: the IPC-scaled figures");
    /** streamLinefills when a profile does not state it. */
    public static final Quantity NO_PREFETCH = new Quantity(1, "not stated: no prefetcher, each line of a run waits for its fill");
    /** Instruction-bound keys the contextSwitch factor scales on top of the IPC. */
    public static final Set<String> SWITCH_KEYS = keys(CostKey.CONTEXT_SWITCH, CostKey.WAKEUP);

    public CoreProfile {
        if (contextSwitch == null) contextSwitch = NO_SWITCH_FACTOR;
        if (streamLinefills == null) streamLinefills = NO_PREFETCH;
    }

    /** Keys a profile states per core, not scaled by IPC: per-line maintenance, per-byte work, the trap. */
    public static final Set<String> CORE_KEYS = keys(CostKey.DMA_SYNC_LINE_MAP, CostKey.DMA_SYNC_LINE_UNMAP, CostKey.DMA_SYNC_LINE_TODEV,
            CostKey.UNALIGNED_TRAP, CostKey.CSUM_BYTE, CostKey.COPY_BYTE);
    /** I-cache refill extras: the reference's, scaled by the board's line size and refill latency. */
    public static final Set<String> ICACHE_KEYS = keys(CostKey.L2_RX_COLD, CostKey.L3_RX_COLD,
            CostKey.TCP_RX_COLD, CostKey.UDP_RX_COLD);
    /** Keys that belong to the board's memory system ({@link BoardMemory}), not to the core. */
    public static final Set<String> MEMORY_KEYS = keys(CostKey.MMIO_READ, CostKey.MMIO_WRITE, CostKey.DESC_READ,
            CostKey.DESC_WRITE, CostKey.DRAM_MISS, CostKey.DRAM_STREAM, CostKey.SKB_COLD_TOUCH);
    /** Every other cost key: instruction-bound work, scaled by IPC. */
    public static final Set<String> INSTRUCTION_KEYS = Arrays.stream(CostKey.values()).map(k -> k.key)
            .filter(k -> !CORE_KEYS.contains(k) && !ICACHE_KEYS.contains(k) && !MEMORY_KEYS.contains(k))
            .collect(Collectors.toCollection(LinkedHashSet::new));

    /** The reference core at the root of this profile (itself for the reference). */
    public CoreProfile root() {
        return reference == null ? this : reference;
    }

    /** This profile with another IPC relative to its reference (what a fit of the instruction-bound scale varies). */
    public CoreProfile withIpc(Quantity ipc) {
        return new CoreProfile(coreType, name, isa, reference, ipc, instructionBound, icacheCold, dmaSync, core, contextSwitch,
                streamLinefills);
    }

    private static Set<String> keys(CostKey... keys) {
        return List.of(keys).stream().map(k -> k.key).collect(Collectors.toCollection(LinkedHashSet::new));
    }
}
