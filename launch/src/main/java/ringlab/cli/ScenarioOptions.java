package ringlab.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What a scenario takes besides its board and features: --set, --topology, --ping and iperf3's arguments after
 * --; shared by the commands that run scenarios (run, compare; a picocli mixin).
 */
final class ScenarioOptions {
    @Option(names = "--set", paramLabel = "KEY=VALUE", showDefaultValue = Help.Visibility.NEVER,
            description = "A stack setting (qdisc, txqueuelen, tcp_congestion_control, tx_pause, peer_rx_usecs, tcp_timestamps) or an active feature's tunable; repeatable.")
    List<String> sets = new ArrayList<>();
    @Option(names = "--topology", paramLabel = "direct|forward", defaultValue = "direct",
            description = "direct: the peer is wired to the device; forward: the device routes between two peers.")
    String topology = "direct";
    @Option(names = "--ping", paramLabel = "MS", defaultValue = "0", description = "An ICMP echo from the peer every MS ms beside the load (0: none).")
    long pingMs;
    @Parameters(paramLabel = "-- IPERF3_CLIENT_ARGS", showDefaultValue = Help.Visibility.NEVER, description = "The ideal peer's iperf3 client arguments (-t -i -M -u -b -l -R -P -w ...).")
    List<String> iperfArgs = new ArrayList<>();

    /** --set's pairs; a key given twice is refused (which value was meant is not ours to guess). */
    Map<String, String> setMap() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String kv : sets) {
            int eq = kv.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("--set expects key=value, got '" + kv + "'");
            String key = kv.substring(0, eq);
            if (m.containsKey(key)) {
                throw new IllegalArgumentException("--set " + key + " is given twice (" + key + "=" + m.get(key) + ", " + kv + ")");
            }
            m.put(key, kv.substring(eq + 1));
        }
        return m;
    }

    /** iperf3's arguments, which come only after --: a stray word before it is a mistake, not an iperf3 argument. */
    List<String> iperfArgs(CommandSpec spec) { return iperfArgs(spec.commandLine().getParseResult().originalArgs()); }

    /** As {@link #iperfArgs(CommandSpec)}, given the command line as typed. */
    List<String> iperfArgs(List<String> original) {
        int dashes = original.indexOf("--");
        List<String> afterDashes = dashes < 0 ? List.of() : original.subList(dashes + 1, original.size());
        if (!afterDashes.equals(iperfArgs)) {
            String stray = iperfArgs.isEmpty() ? "" : iperfArgs.get(0);
            throw new IllegalArgumentException("unknown option '" + stray + "' (iperf3 arguments go after --)");
        }
        return iperfArgs;
    }
}
