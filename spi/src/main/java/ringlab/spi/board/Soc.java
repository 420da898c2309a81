package ringlab.spi.board;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The SoC side of a board: cores, clock, caches and how DMA and unaligned accesses behave.
 *
 * @param cores          number of CPU cores that run the stack
 * @param clockHz        core clock in Hz
 * @param isa            ISA family name ("mips32", "armv7", "armv8", "riscv64", "x86_64"); informative
 * @param cacheLineBytes data cache line size, the unit of DMA cache maintenance
 * @param cacheLevels    levels of cache that DMA maintenance has to walk (1 = L1 only, 2 = L1 + outer L2)
 * @param dmaCoherent    true if the interconnect snoops caches (no maintenance needed)
 * @param unalignedTraps true if a misaligned load or store traps and is emulated by the kernel
 * @param kernelVersion  "major.minor" of the board's kernel; selects the softirq-at-IRQ-exit rule
 * @param hz             kernel tick rate CONFIG_HZ (jiffies per second)
 * @param l1dBytes       L1 data cache size in bytes: how much of what the CPU read recently it can read again
 *                       without a DRAM miss (descriptor field, optional; 0 = not given: data the stack marked as
 *                       read is taken to be still cached, as before the field existed)
 * @param irqTimeAccounting true if the kernel has CONFIG_IRQ_TIME_ACCOUNTING (and a sched_clock of 1 MHz or more,
 *                       which enables it at boot): hard IRQ time, and softirq time outside ksoftirqd, is kept out
 *                       of the interrupted or bottom-half-enabling task's scheduler clock and its CPU time
 *                       (descriptor field, optional; false: the task is billed, the tick-sampled accounting)
 * @param ramBytes       the board's RAM in bytes: the kernel sizes TCP's per-socket buffer limits from it at boot
 *                       (tcp_init: tcp_rmem[2] and tcp_wmem[2] at most 1/128 of the free pages), which binds on
 *                       small routers (descriptor field, optional; 0 = not given: enough RAM for the 6 MB and 4 MB
 *                       limits, as on any board with about a gigabyte)
 */
// data: plug-ins build and read it but cannot extend it, so additions are compatible for them
@ProviderType
public record Soc(int cores, long clockHz, String isa, int cacheLineBytes, int cacheLevels,
                  boolean dmaCoherent, boolean unalignedTraps, String kernelVersion, int hz, int l1dBytes,
                  boolean irqTimeAccounting, long ramBytes) {

    /** The 2.8 constructor, without the RAM size (0: not given). */
    public Soc(int cores, long clockHz, String isa, int cacheLineBytes, int cacheLevels,
               boolean dmaCoherent, boolean unalignedTraps, String kernelVersion, int hz, int l1dBytes,
               boolean irqTimeAccounting) {
        this(cores, clockHz, isa, cacheLineBytes, cacheLevels, dmaCoherent, unalignedTraps, kernelVersion, hz, l1dBytes,
                irqTimeAccounting, 0);
    }

    /** The 2.7 constructor, without IRQ time accounting (false: not configured). */
    public Soc(int cores, long clockHz, String isa, int cacheLineBytes, int cacheLevels,
               boolean dmaCoherent, boolean unalignedTraps, String kernelVersion, int hz, int l1dBytes) {
        this(cores, clockHz, isa, cacheLineBytes, cacheLevels, dmaCoherent, unalignedTraps, kernelVersion, hz, l1dBytes,
                false, 0);
    }

    /** The 2.0 constructor, without the L1 data cache size (0: not given). */
    public Soc(int cores, long clockHz, String isa, int cacheLineBytes, int cacheLevels,
               boolean dmaCoherent, boolean unalignedTraps, String kernelVersion, int hz) {
        this(cores, clockHz, isa, cacheLineBytes, cacheLevels, dmaCoherent, unalignedTraps, kernelVersion, hz, 0, false, 0);
    }

    /** Kernels 4.9 to 6.4 skip softirq processing at IRQ exit while ksoftirqd is runnable. */
    public boolean defersSoftirqToRunnableKsoftirqd() {
        String[] p = kernelVersion.split("\\.");
        int major = Integer.parseInt(p[0]);
        int minor = p.length > 1 ? Integer.parseInt(p[1]) : 0;
        int v = major * 100 + minor;
        return v >= 409 && v < 605;
    }
}
