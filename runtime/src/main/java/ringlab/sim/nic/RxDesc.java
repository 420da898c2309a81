package ringlab.sim.nic;

import ringlab.spi.net.Packet;

/** An rx descriptor and the buffer the driver attached to it. */
public final class RxDesc {
    /** True while the NIC owns it (a buffer is posted and no frame has landed). */
    public boolean nicOwned;
    /** The frame DMA'd into this descriptor's buffer, once the NIC handed it back. */
    public Packet frame;
    /** Bytes mapped for DMA in the posted buffer. */
    public int bufBytes;
    /** Bytes before the frame start inside the buffer (NET_SKB_PAD + NET_IP_ALIGN). */
    public int headroom;
    /** Whatever the driver's buffer policy hangs on the descriptor (a prepared skb, a page fragment). */
    public Object cookie;
    /** When the buffer was posted (how long its skb head waited). */
    public long postedNs;
}
