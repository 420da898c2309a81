package ringlab.sim.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.sim.workload.IperfOptions;

/**
 * Models one finished simulated iperf3 run, as the iperf3 client (the peer) would report it.
 *
 * <p>The peer runs the iperf3 client and the device the server: without {@code -R} the peer sends and the
 * device receives; with {@code -R} the device sends. {@link #ringlab} holds the device detail built by the
 * simulation; {@link #wallClock} holds anything that depends on real time (insertion-ordered) and is kept
 * apart so the rest stays deterministic.
 */
public final class RunReport {
    public IperfOptions options;
    public String boardId;
    public List<String> features = new ArrayList<>();
    public long seed;
    /** The run's --set values (stack settings and feature tunables) as given, in their order; defaults are not listed. */
    public Map<String, String> settings = new LinkedHashMap<>();
    public List<StreamInfo> streams = new ArrayList<>();
    public List<Interval> intervals = new ArrayList<>();
    public End end = new End();
    /** The client's (peer's) socket as iperf3 reports it in "start": -w's value, the buffers Linux gave. */
    public SocketInfo socket = new SocketInfo();
    /** The device's side of the run; null until the simulation has built the report. */
    public DeviceDetail ringlab;
    public Map<String, Object> wallClock = new LinkedHashMap<>();

    /** True when the device (iperf3 server) is the sender, i.e. {@code -R}. */
    public boolean deviceSends() {
        return options != null && options.reverse();
    }
}
