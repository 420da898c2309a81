package ringlab.sim.driver;

import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxBuffers;
import ringlab.spi.net.Packet;

/**
 * kfree_skb / napi_consume_skb: the head goes back to the slab, and each data buffer (one per segment
 * of a GRO-merged skb) to the rx buffer scheme it came from, or to the page allocator.
 */
public final class SkbFree {
    private SkbFree() { }

    public static void free(Exec x, Packet p, boolean inNapi) { free(x, p.owner, p, inNapi); }

    /** p may be null (a transmitted skb whose packet object has moved on): one buffer. */
    public static void free(Exec x, Object rxOwner, Packet p, boolean inNapi) {
        int buffers = p == null ? 1 : p.segs;
        if (rxOwner instanceof RxBuffers b) {
            for (int i = 0; i < buffers; i++) b.release(x, p, inNapi);
        } else {
            x.charge(CostKey.SKB_FREE);
            x.charge(CostKey.BUF_FREE, buffers);
        }
    }
}
