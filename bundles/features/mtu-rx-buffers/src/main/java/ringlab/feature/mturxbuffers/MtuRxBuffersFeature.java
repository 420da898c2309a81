package ringlab.feature.mturxbuffers;

import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.board.Board;
import ringlab.spi.driver.RxLayout;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/**
 * MTU-sized rx buffers with received-length syncs (lan743x, 2021: "boost performance on cpu archs w/o dma
 * cache snooping" and "sync only the received area of an rx ring buffer"): the rx buffer is sized to the
 * MTU's frame instead of the NIC's maximum frame (9 KB on lan743x), and the CPU-side sync covers only the
 * received length, the unmap being done with DMA_ATTR_SKIP_CPU_SYNC. A fresh buffer is still mapped with
 * maintenance over its (now smaller) size. Leaves out jumbo MTUs spanning several descriptors.
 */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class MtuRxBuffersFeature implements DriverFeature {
    public static final int ETH_HLEN = 14, VLAN_HLEN = 4, ETH_FCS_LEN = 4;

    @Override public String id() { return "mtu-rx-buffers"; }

    @Override public String summary() { return "rx buffers sized to the MTU, mapped with skip-cpu-sync and synced only for the received length"; }

    /** The largest frame at this MTU (one VLAN tag, FCS included), rounded up to whole cache lines. */
    public static int bufferBytes(int mtu, int cacheLineBytes) {
        int frame = mtu + ETH_HLEN + VLAN_HLEN + ETH_FCS_LEN;
        return (frame + cacheLineBytes - 1) / cacheLineBytes * cacheLineBytes;
    }

    @Override
    public void install(DriverHooks hooks) {
        Board b = hooks.board();
        RxLayout l = hooks.rxLayout();
        l.bufferBytes = bufferBytes(b.nic().mtu(), b.soc().cacheLineBytes());
        l.syncReceivedOnly = true;
    }
}
