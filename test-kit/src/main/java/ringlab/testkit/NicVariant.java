package ringlab.testkit;

import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.Nic;
import ringlab.spi.board.RxChecksum;

/**
 * A board's NIC with a few fields changed and every other one kept: the test variant of one mechanism at a
 * time ("the same hardware, but its driver honours napi_complete_done"). Copying a Nic through one of its
 * shorter constructors silently resets the fields added later (sg, flowControl, swiotlb, rxGfpDma, rxRingFullIrq); this copies
 * all of them.
 */
public final class NicVariant {
    private final Nic n;
    private RxChecksum rxChecksum;
    private boolean txChecksum, unalignedRxDma, irqModeration, sg;
    private int rxRing, txRing, napiWeight;
    private IrqUnmask irqUnmask;

    private NicVariant(Nic n) {
        this.n = n;
        rxChecksum = n.rxChecksum();
        txChecksum = n.txChecksum();
        unalignedRxDma = n.unalignedRxDma();
        irqModeration = n.irqModeration();
        sg = n.sg();
        rxRing = n.rxRing();
        txRing = n.txRing();
        napiWeight = n.napiWeight();
        irqUnmask = n.irqUnmask();
    }

    /** Starts from n: build() alone gives an equal Nic. */
    public static NicVariant of(Nic n) { return new NicVariant(n); }

    public NicVariant rxChecksum(RxChecksum v) { rxChecksum = v; return this; }

    public NicVariant txChecksum(boolean v) { txChecksum = v; return this; }

    public NicVariant unalignedRxDma(boolean v) { unalignedRxDma = v; return this; }

    public NicVariant irqModeration(boolean v) { irqModeration = v; return this; }

    public NicVariant sg(boolean v) { sg = v; return this; }

    public NicVariant rxRing(int v) { rxRing = v; return this; }

    public NicVariant txRing(int v) { txRing = v; return this; }

    public NicVariant napiWeight(int v) { napiWeight = v; return this; }

    public NicVariant irqUnmask(IrqUnmask v) { irqUnmask = v; return this; }

    public Nic build() {
        return new Nic(n.model(), n.linkBitsPerSecond(), rxRing, txRing, napiWeight, rxChecksum, txChecksum,
                unalignedRxDma, irqModeration, n.refillDoorbellEvery(), n.txDescPerPacket(), n.txDoorbellRmw(),
                n.rxBufferBytes(), n.copybreak(), n.mtu(), irqUnmask, sg, n.flowControl(), n.swiotlb(), n.rxGfpDma(),
                n.rxRingFullIrq(), n.isrStatusReads(), n.irqUnmaskRmw(), n.rxTimestampDesc(), n.rxHeadWriteback(),
                n.rxDescReads());
    }
}
