package ringlab.experiment.profile;

import java.util.LinkedHashMap;
import java.util.Map;
import ringlab.experiment.PlainNumbers;
import ringlab.spi.board.Board;
import ringlab.spi.board.CostKey;

/**
 * A board's costs from its core type's profile and its own memory system: the map a board.json's "costs" holds,
 * in {@link CostKey} order, each number rounded as board files hold it and with the note that says how it came
 * about. Rules (mechanisms.md s1, s10, s13):
 * <ul>
 * <li>instruction-bound work: the reference core's calibrated cycles / the core's IPC relative to it, unless the
 *     profile states the core's own figure; the context switch and the wakeup times the profile's contextSwitch
 *     factor where it states one (the reference's figures carry the cache refill of a core without an L2);</li>
 * <li>latencies of the memory system (DRAM, MMIO, descriptors, cold skb heads): the board's ns at its clock;
 *     dram.stream, a further line of a sequential run: the board's DRAM latency over the lines the profile's core
 *     keeps in flight (streamLinefills);</li>
 * <li>I-cache refill extras: the reference's x (its line bytes / the board's: fewer, larger lines for the same
 *     code) x (the board's refill latency in its cycles / the reference's);</li>
 * <li>per-line DMA maintenance: the profile's figure, 0 on a coherent SoC; checksum, copy and the trap: the profile's;</li>
 * <li>dma.call: the scaled call plus the profile's closing barrier or outer-cache sync;</li>
 * <li>netfilter.hook: the scaled firewall hook on a board with a firewall, else 0;</li>
 * <li>buf.alloc/buf.free: the small-buffer path (page_frag) whatever the NIC's rx buffer size: the engine
 *     charges larger rx buffers the page allocator's work itself (ringlab.sim.driver.RxBufferAlloc).</li>
 * </ul>
 */
public final class BoardDerivation {
    private BoardDerivation() { }

    /** The costs of a board of the profile's core type; refused when the board names another core type. */
    public static Map<String, Board.Cost> derive(CoreProfile profile, BoardMemory board) {
        if (!profile.coreType().equals(board.coreType())) {
            throw new IllegalArgumentException("board '" + board.boardId() + "' names core type " + board.coreType()
                    + ", not " + profile.coreType());
        }
        Map<String, Board.Cost> out = new LinkedHashMap<>();
        for (CostKey k : CostKey.values()) {
            Board.Cost c = cost(profile, board, k.key);
            out.put(k.key, new Board.Cost(Numbers.round(c.cycles()), c.note()));
        }
        return out;
    }

    private static Board.Cost cost(CoreProfile p, BoardMemory b, String key) {
        if (CoreProfile.MEMORY_KEYS.contains(key)) return memory(p, b, key);
        if (CoreProfile.ICACHE_KEYS.contains(key)) return cold(p.root().icacheCold(), b, key);
        if (CoreProfile.CORE_KEYS.contains(key)) return core(p.core().get(key), b, key);
        return switch (key) {
            case "dma.call" -> dmaCall(p, b);
            case "netfilter.hook" -> b.firewall().present() ? instruction(p, key)
                    : new Board.Cost(0, b.firewall().note());
            default -> instruction(p, key);
        };
    }

    /** Instruction-bound work on the profile's core, with the note saying whose cycles and which IPC. */
    static Board.Cost instruction(CoreProfile p, String key) {
        Work own = p.instructionBound().get(key);
        if (own != null) return new Board.Cost(own.cycles(), own.note());
        CoreProfile ref = p.root();
        Work w = ref.instructionBound().get(key);
        double ipc = p.ipc().value();
        String note = w.what() + ": " + ref.coreType() + " " + PlainNumbers.plain(w.cycles())
                + " / IPC " + PlainNumbers.plain(ipc) + " (" + p.coreType() + ")";
        double sw = CoreProfile.SWITCH_KEYS.contains(key) ? p.contextSwitch().value() : 1;
        if (sw != 1) note += " x " + PlainNumbers.plain(sw) + " (its context switch: " + p.contextSwitch().note() + ")";
        return new Board.Cost(w.cycles() / ipc * sw, note);
    }

    private static Board.Cost dmaCall(CoreProfile p, BoardMemory b) {
        Board.Cost call = instruction(p, "dma.call");
        double sync = p.dmaSync().cyclesAt(b.clockHz());
        if (sync == 0) return call;
        return new Board.Cost(call.cycles() + sync, call.note() + ", plus " + figure(p.dmaSync(), b));
    }

    private static Board.Cost cold(IcacheCold ic, BoardMemory b, String key) {
        Work w = ic.extra().get(key);
        double lines = (double) ic.lineBytes() / b.lineBytes();
        double refill = b.cycles(b.icacheRefillNs().value()) / ic.refillCycles();
        if (lines == 1 && refill == 1) return new Board.Cost(w.cycles(), w.note());
        return new Board.Cost(w.cycles() * lines * refill, "I-cache refill extra: reference " + PlainNumbers.plain(w.cycles())
                + " x " + ic.lineBytes() + "/" + b.lineBytes() + " (lines of " + b.lineBytes() + " B) x "
                + PlainNumbers.plain(b.icacheRefillNs().value()) + " ns (" + b.icacheRefillNs().note() + ") at " + b.ghz()
                + " GHz / (" + PlainNumbers.plain(ic.refillNs()) + " ns at " + PlainNumbers.plain(ic.clockHz() / 1e9) + " GHz)");
    }

    private static Board.Cost memory(CoreProfile p, BoardMemory b, String key) {
        return switch (key) {
            case "mmio.read" -> latency(b, b.mmioReadNs(), "uncached register read");
            case "mmio.write" -> latency(b, b.mmioWriteNs(), "posted register write with its barrier");
            case "desc.read" -> latency(b, b.descReadNs(), "descriptor read");
            case "desc.write" -> latency(b, b.descWriteNs(), "descriptor write");
            case "dram.miss" -> latency(b, b.dramNs(), "line fill from DRAM");
            case "dram.stream" -> stream(p, b);
            case "skb.cold" -> new Board.Cost(b.skbHeadLines().value() * b.cycles(b.skbHeadNs().value()),
                    PlainNumbers.plain(b.skbHeadLines().value()) + " head lines (" + b.skbHeadLines().note() + ") x "
                    + PlainNumbers.plain(b.skbHeadNs().value()) + " ns at " + b.ghz() + " GHz (" + b.skbHeadNs().note() + ")");
            default -> throw new IllegalStateException(key);
        };
    }

    private static Board.Cost stream(CoreProfile p, BoardMemory b) {
        double inFlight = p.streamLinefills().value();
        if (inFlight == 1) return latency(b, b.dramNs(), "a further line of a sequential run, a full fill (" + p.streamLinefills().note() + ")");
        return new Board.Cost(b.cycles(b.dramNs().value()) / inFlight, "a further line of a sequential run: "
                + PlainNumbers.plain(b.dramNs().value()) + " ns at " + b.ghz() + " GHz (" + b.dramNs().note() + ") / "
                + PlainNumbers.plain(inFlight) + " in flight (" + p.coreType() + ": " + p.streamLinefills().note() + ")");
    }

    private static Board.Cost latency(BoardMemory b, Quantity ns, String what) {
        return new Board.Cost(b.cycles(ns.value()), what + ": " + PlainNumbers.plain(ns.value()) + " ns at " + b.ghz()
                + " GHz (" + ns.note() + ")");
    }

    private static Board.Cost core(CoreFigure f, BoardMemory b, String key) {
        if (b.dmaCoherent() && key.startsWith("dma.line.")) {
            return new Board.Cost(0, "coherent DMA (soc.dmaCoherent): no cache maintenance");
        }
        return new Board.Cost(f.cyclesAt(b.clockHz()), f.ns() == 0 ? f.note() : figure(f, b));
    }

    /** A core figure with its ns shown at the board's clock: "8 cycles + 45 ns at 1 GHz (why)". */
    private static String figure(CoreFigure f, BoardMemory b) {
        String ns = PlainNumbers.plain(f.ns()) + " ns at " + b.ghz() + " GHz";
        String amount = f.ns() == 0 ? PlainNumbers.plain(f.cycles()) + " cycles" : f.cycles() == 0 ? ns : PlainNumbers.plain(f.cycles()) + " cycles + " + ns;
        return amount + " (" + f.note() + ")";
    }
}
