package ringlab.sim.driver;

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
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/**
 * The driver's current strategy per mechanism, reset to stock before each (re)configuration, and the
 * {@link DriverHooks} through which features replace them. Stock: per-packet delivery, preallocated
 * skbs, no tx limit, a doorbell per packet, napi_complete_done's plain answer, softirq polling.
 */
public final class DriverStrategies {
    /** Where the runtime gets a board, tunable values, kernel threads and moderation for the hooks. */
    public interface Host {
        Board board();

        /**
         * The value set for one feature's tunable (kernel name), or null for its default: each feature sees
         * only its own values, so two features may have tunables of the same name.
         */
        Long tunable(String featureId, String name);

        Kthreads kthreads();

        NicModeration moderation();
    }

    private final EthDriver driver;
    private final int stockHeadroom, stockBufferBytes;
    private final NapiRunner softirq;
    private final String kernelVersion;
    private final int lineBytes;
    private final boolean rxGfpDma;
    private Host host;
    private final FeatureCounters counters = new FeatureCounters();

    public final RxLayout layout;
    public RxBuffers buffers;
    public RxDelivery delivery;
    public TxLimit txLimit;
    public TxDoorbell doorbell;
    public NapiCompletion completion;

    DriverStrategies(EthDriver driver, RxLayout layout, NapiRunner softirq, String kernelVersion, int lineBytes,
            boolean rxGfpDma) {
        this.driver = driver;
        this.kernelVersion = kernelVersion;
        this.lineBytes = lineBytes;
        this.rxGfpDma = rxGfpDma;
        this.layout = layout;
        this.stockHeadroom = layout.headroom;
        this.stockBufferBytes = layout.bufferBytes;
        this.softirq = softirq;
        reset();
    }

    public void setHost(Host h) { this.host = h; }

    /** Back to the stock driver. */
    void reset() {
        layout.headroom = stockHeadroom;
        layout.bufferBytes = stockBufferBytes;
        layout.syncReceivedOnly = false;
        buffers = new PreallocatedSkbs(kernelVersion, lineBytes, rxGfpDma);
        delivery = new PerPacketDelivery();
        txLimit = new NoTxLimit();
        doorbell = (more, ringFull) -> true;
        completion = (x, napi, work) -> driver.napi.completeDone(work);
        driver.napi.setRunner(softirq);
        counters.retire();
        if (host != null && host.kthreads() instanceof ringlab.sim.cpu.KthreadTask.Factory k) k.parkAll();
        // the NIC's moderation registers keep what a feature programmed: the stock driver turns it off
        NicModeration m = host == null ? null : host.moderation();
        if (m != null) m.setRx(0, 0);
    }

    /** The active features' counters by feature id ({@link FeatureCounters}: kept across reinstalls). */
    public Map<String, Map<String, Long>> counters() { return counters.values(); }

    /** The feature set is installed: counts carried for features not in it are dropped. */
    void installed(java.util.List<DriverFeature> active) { counters.keepOnly(active); }

    DriverHooks hooks(DriverFeature f) {
        return new DriverHooks() {
            @Override public Board board() { return host.board(); }

            @Override public long tunable(String name) {
                for (Tunable t : f.tunables()) {
                    if (!t.name().equals(name)) continue;
                    Long v = host.tunable(f.id(), name);
                    return v == null ? t.defaultValue() : v;
                }
                throw new IllegalArgumentException("feature " + f.id() + " has no tunable " + name);
            }

            @Override public RxLayout rxLayout() { return layout; }

            @Override public RxBuffers rxBuffers() { return buffers; }

            @Override public void rxBuffers(RxBuffers b) { buffers = b; }

            @Override public RxDelivery rxDelivery() { return delivery; }

            @Override public void rxDelivery(RxDelivery d) { delivery = d; }

            @Override public void txLimit(TxLimit l) { txLimit = l; }

            @Override public void txDoorbell(TxDoorbell d) { doorbell = d; }

            @Override public void napiCompletion(NapiCompletion c) { completion = c; }

            @Override public NapiHandle napi() { return driver.napi; }

            @Override public void napiRunner(NapiRunner r) { driver.napi.setRunner(r); }

            @Override public Kthreads kthreads() { return host.kthreads(); }

            @Override public NicModeration nicModeration() { return host.moderation(); }

            @Override public void counters(String feature, Supplier<Map<String, Long>> c) { counters.register(f, feature, c); }
        };
    }
}
