package com.example.ringlab.rxsynclen;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.board.Board;
import ringlab.spi.driver.RxLayout;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/**
 * Sync only the received length of an rx buffer: the driver maps its rx buffers with DMA_ATTR_SKIP_CPU_SYNC
 * and, when a frame lands, calls dma_sync_single_for_cpu() over the frame's length only, instead of letting
 * dma_unmap_single() invalidate the whole buffer (as lan743x, stmmac and fec do). On a SoC without coherent
 * DMA that saves the cache maintenance of the buffer's unused lines: a 64-byte frame in a 2 KB buffer then
 * costs one or two lines instead of 32. On a coherent SoC there is nothing to save, so it is refused there.
 */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class RxSyncLenFeature implements DriverFeature {
    public static final String ID = "rx-sync-len";

    @Override
    public String id() { return ID; }

    @Override
    public String summary() {
        return "rx buffers mapped with DMA_ATTR_SKIP_CPU_SYNC; dma_sync_single_for_cpu over the received length only";
    }

    /** ringlab's mtu-rx-buffers already syncs only the received length (with MTU-sized buffers): one of the two. */
    @Override
    public List<String> conflicts() { return List.of("mtu-rx-buffers"); }

    @Override
    public List<Counter> counters() {
        return List.of(Counter.gauge("rx_sync_len_buffer_lines", "cache lines", "lines a full unmap of one rx buffer would walk; now only the received ones are"));
    }

    @Override
    public String unsupportedReason(Board board) {
        return board.soc().dmaCoherent() ? "DMA is cache-coherent on this SoC: there is no cache maintenance to save" : null;
    }

    @Override
    public void install(DriverHooks hooks) {
        // The layout is the driver's: it re-initialises the ring when the sync mode changes, and its Dma
        // syncs the received length and unmaps without maintenance (Dma.unmapReceived).
        RxLayout layout = hooks.rxLayout();
        layout.syncReceivedOnly = true;
        int lines = Math.max(1, layout.bufferBytes / hooks.board().soc().cacheLineBytes());
        hooks.counters(ID, () -> {
            Map<String, Long> c = new LinkedHashMap<>();
            c.put("rx_sync_len_buffer_lines", (long) lines); // what a full unmap would walk per frame
            return c;
        });
    }
}
