package ringlab.sim;

import ringlab.sim.cpu.Core;
import ringlab.sim.driver.EthDriver;
import ringlab.sim.cpu.KthreadTask;
import ringlab.sim.driver.DriverStrategies;
import ringlab.sim.driver.NetRxAction;
import ringlab.spi.driver.Kthreads;
import ringlab.spi.driver.NicModeration;
import ringlab.sim.driver.TxOwner;
import ringlab.sim.engine.Sim;
import ringlab.sim.net.Ledger;
import ringlab.sim.nic.Link;
import ringlab.sim.nic.NicDevice;
import ringlab.sim.nic.Port;
import ringlab.sim.qdisc.FqCodel;
import ringlab.sim.qdisc.PfifoFast;
import ringlab.sim.qdisc.Qdisc;
import ringlab.sim.stack.DeviceStack;
import ringlab.sim.stack.NetDev;
import ringlab.sim.stack.NetTxAction;
import ringlab.spi.board.Board;

/** One Ethernet port of the device: NIC, driver, net_device with its qdisc, and the two link directions. */
final class DevicePort {
    static final long PROPAGATION_NS = 500; // about 100 m of cable

    final NicDevice nic;
    final EthDriver driver;
    final NetDev netdev;
    final Link out;
    final Link in;

    DevicePort(String name, Board board, Sim sim, Ledger ledger, DeviceStack stack, Core irqCore,
               NetRxAction netRx, NetTxAction netTx, StackSettings stackSettings,
               java.util.function.BiFunction<String, String, Long> tunables) {
        nic = new NicDevice(name, board.nic(), sim, ledger);
        driver = new EthDriver(nic, board.soc(), ledger, stack, irqCore, netRx);
        Qdisc q = stackSettings.qdisc.equals("fq_codel")
                ? new FqCodel(FqCodel.Config.defaults(), (p, reason) -> {
                    // kfree_skb runs the owning socket's destructor, as for any other drop
                    if (p.sndOwner instanceof TxOwner o) o.txFreed(irqCore.cpu().running(), p.truesize);
                    ledger.drop(p, reason);
                })
                : new PfifoFast(stackSettings.txqueuelen);
        netdev = new NetDev(name, driver, q, ledger, netTx, board.nic(), board.soc());
        out = new Link(sim, board.nic().linkBitsPerSecond(), PROPAGATION_NS);
        in = new Link(sim, board.nic().linkBitsPerSecond(), PROPAGATION_NS);
        in.connect(nic);
        if (stackSettings.txPause(board)) nic.attachRx(in, PROPAGATION_NS);
        nic.attach(out, irqCore, driver.irqLine());
        if (driver.ringFullIrqLine() != null) nic.attachRingFullIrq(driver.ringFullIrqLine());
        Kthreads kthreads = KthreadTask.on(irqCore);
        driver.strategies().setHost(new DriverStrategies.Host() {
            @Override public Board board() { return board; }

            @Override public Long tunable(String featureId, String name) {
                Long v = tunables.apply(featureId, name);
                if (v != null) return v;
                String stock = board.stockSettings().get(name); // the stock driver's own value
                return stock == null ? null : Long.parseLong(stock.trim());
            }

            @Override public Kthreads kthreads() { return kthreads; }

            @Override public NicModeration moderation() { return board.nic().irqModeration() ? nic : null; }
        });
    }

    /** Cables the port to a far end. */
    void cable(Port far) { out.connect(far); }
}
