package ringlab.experiment.profile;

/**
 * A per-core cost that is not instruction-bound work: core cycles plus a latency in nanoseconds that becomes
 * cycles at the board's clock (a per-line clean to the point of coherency waits on the memory system; a CP15
 * op costs core cycles; the Cortex-A9's per-line maintenance is both, an L1 op and a PL310 MMIO write).
 */
public record CoreFigure(double cycles, double ns, String note) {
    /** The cost in cycles of a core clocked at clockHz. */
    public double cyclesAt(long clockHz) {
        return cycles + ns * clockHz / 1e9;
    }
}
