package ringlab.experiment.calibrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import ringlab.experiment.profile.CoreProfile;
import ringlab.spi.board.CostKey;
import ringlab.spi.board.CostKey.Category;

/**
 * The free parameters `ringlab calibrate` may fit, declared in one place with their bounds. Each is one
 * physical quantity of a core type and its memory system; the cost keys it scales follow from their
 * categories ({@link CostKey.Category}), so a new key joins its group without a change here.
 */
public final class FreeParameters {
    private FreeParameters() { }

    /** Cost keys for the extra when a layer's code is cold in the I-cache. */
    private static boolean icache(CostKey k) { return k.key.endsWith(".cold") && k.category == Category.STACK; }

    private static final List<Category> INSTRUCTION_BOUND = List.of(Category.IRQ, Category.SOFTIRQ, Category.SCHED,
            Category.SYSCALL, Category.ALLOC, Category.STACK, Category.SOCKET, Category.DRIVER, Category.USER);

    /** By name, in the order they are documented and printed. */
    public static final Map<String, FreeParameter> ALL = declare(
            new FreeParameter("instruction", "instruction-bound kernel and iperf3 work: the core's IPC on that code",
                    0.5, 2.0, "an estimate of in-order IPC on kernel code from a neighbouring core is good to a factor of 2 either way",
                    keys(k -> (INSTRUCTION_BOUND.contains(k.category) && !icache(k)) || k == CostKey.DMA_MAP_CALL)),
            new FreeParameter("switch", "a context switch and a wakeup: schedule(), switch_to and the cache refill behind them, on top of the IPC",
                    0.25, 2.0, "the reference's figures (about 8 us at 320 MHz) carry the refill of a core without an L2; on a core with "
                            + "32 KB L1s and an L2 or L3 most of it hits: up to 4 times less, or twice more where the refill misses to DRAM",
                    keys(k -> CoreProfile.SWITCH_KEYS.contains(k.key))),
            new FreeParameter("icache", "the extra of a layer's code cold in the I-cache: refill latency x lines of code",
                    0.5, 2.0, "refill latency and the code's footprint in lines are each known to about 40 %",
                    keys(FreeParameters::icache)),
            new FreeParameter("dram", "a data miss served from DRAM (dram.miss, dram.stream, skb.cold)",
                    0.6, 1.6, "DRAM latency under load is 60-200 ns on these SoCs; the estimate is within 60 % of it",
                    keys(k -> k.category == Category.MEMORY)),
            new FreeParameter("mmio", "uncached device register and descriptor accesses: the bus round trip",
                    0.5, 2.0, "50-200 ns per uncached read on SoC buses and PCIe (mechanisms.md s1): a factor of 2 around the estimate",
                    keys(k -> k.category == Category.MMIO)),
            new FreeParameter("cache-maintenance", "per-line cache maintenance for DMA (map, unmap, to device)",
                    0.5, 3.0, "10-40 cycles per line, more for dirty lines and outer caches (mechanisms.md s10)",
                    keys(k -> k.category == Category.DMA && k != CostKey.DMA_MAP_CALL)),
            new FreeParameter("trap", "one misaligned access trapped and emulated",
                    0.5, 2.0, "an exception round trip plus emulation: 200-800 cycles on in-order cores",
                    keys(k -> k.category == Category.TRAP)),
            new FreeParameter("bytes", "checksum and copy per byte over cached data",
                    0.6, 1.6, "per-byte loops run within 60 % of the ISA's published bytes per cycle",
                    keys(k -> k.category == Category.CSUM || k.category == Category.COPY)));

    /** What `ringlab calibrate` fits when --free is not given. */
    public static final List<String> DEFAULT = List.of("instruction", "icache", "trap");

    /** The named parameters, in the order given; an unknown name is refused with the known ones. */
    public static List<FreeParameter> named(List<String> names) {
        List<FreeParameter> out = new ArrayList<>();
        for (String n : names) {
            FreeParameter p = ALL.get(n.strip());
            if (p == null) throw new IllegalArgumentException("--free: unknown parameter '" + n.strip() + "' (known: " + String.join(", ", ALL.keySet()) + ")");
            if (out.contains(p)) throw new IllegalArgumentException("--free: '" + p.name() + "' is named twice");
            out.add(p);
        }
        if (out.isEmpty()) throw new IllegalArgumentException("--free: no parameter named");
        return out;
    }

    private static List<String> keys(Predicate<CostKey> which) {
        return Arrays.stream(CostKey.values()).filter(which).map(k -> k.key).toList();
    }

    private static Map<String, FreeParameter> declare(FreeParameter... ps) {
        Map<String, FreeParameter> m = new LinkedHashMap<>();
        for (FreeParameter p : ps) m.put(p.name(), p);
        return java.util.Collections.unmodifiableMap(m);
    }
}
