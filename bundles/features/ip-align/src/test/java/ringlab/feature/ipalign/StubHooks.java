package ringlab.feature.ipalign;

import java.util.Map;
import java.util.function.Supplier;
import ringlab.spi.board.Board;
import ringlab.spi.driver.Kthreads;
import ringlab.spi.driver.NapiCompletion;
import ringlab.spi.driver.NapiHandle;
import ringlab.spi.driver.NapiRunner;
import ringlab.spi.driver.NicModeration;
import ringlab.spi.driver.RxBuffers;
import ringlab.spi.driver.RxDelivery;
import ringlab.spi.driver.RxLayout;
import ringlab.spi.driver.TxDoorbell;
import ringlab.spi.driver.TxLimit;
import ringlab.spi.feature.DriverHooks;

/** Test double of the driver hooks: a layout and a buffer scheme, nothing else. */
final class StubHooks implements DriverHooks {
    final RxLayout layout;
    RxBuffers buffers;

    StubHooks(int headroom, int bufferBytes) { this.layout = new RxLayout(headroom, bufferBytes); }

    @Override public Board board() { return null; }
    @Override public long tunable(String name) { throw new IllegalArgumentException(name); }
    @Override public RxLayout rxLayout() { return layout; }
    @Override public RxBuffers rxBuffers() { return buffers; }
    @Override public void rxBuffers(RxBuffers b) { buffers = b; }
    @Override public RxDelivery rxDelivery() { return null; }
    @Override public void rxDelivery(RxDelivery d) { }
    @Override public void txLimit(TxLimit l) { }
    @Override public void txDoorbell(TxDoorbell d) { }
    @Override public void napiCompletion(NapiCompletion c) { }
    @Override public NapiHandle napi() { return null; }
    @Override public void napiRunner(NapiRunner r) { }
    @Override public Kthreads kthreads() { return null; }
    @Override public NicModeration nicModeration() { return null; }
    @Override public void counters(String feature, Supplier<Map<String, Long>> c) { }
}
