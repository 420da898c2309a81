package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ringlab.cli.PluginJars.Run;

/**
 * `ringlab compare` in-process: the Before/After as driver patches print it (iperf3's own summary lines, then
 * the figures side by side), the published measurements of the first bcm63xx patch beside the simulation,
 * seeds with intervals and significance, JSON, byte-identical output, and bad input as one line.
 */
class CompareCommandTest {
    static final Map<String, String> ENV = Map.of();
    static final String[] PATCH = {"compare", "--hardware", "bcm6328", "--a", "stock", "--b", "batched-rx", "--", "-M", "512", "-t", "30"};

    /** iperf3's summary block of `ringlab run`'s text: from the "- - -" line to the receiver line. */
    private static String runSummary(String features) {
        Run r = PluginJars.cli(ENV, "run", "--hardware", "bcm6328", "--features", features, "--timestamp", "0", "--", "-M", "512", "-t", "30");
        assertEquals(0, r.rc(), r.err());
        String out = r.out();
        int from = out.indexOf("- - - -");
        return out.substring(from, out.indexOf("receiver\n", from) + "receiver\n".length());
    }

    @Test
    void theFirstBcm63xxPatchPrintsBeforeAndAfterWithThePublishedFiguresAndIsByteIdenticalRunToRun() {
        Run r = PluginJars.cli(ENV, PATCH);
        assertEquals(0, r.rc(), r.err());
        assertEquals("", r.err());
        String out = r.out();
        // the two iperf3 summaries one above the other, exactly as `ringlab run` prints them
        String before = "Before: stock\n" + runSummary("stock")
                + "Published: 33.7 Mbits/sec sender, 33.5 Mbits/sec receiver, 277 Retr (mechanisms.md s12, stock)\n";
        String after = "After: batched-rx\n" + runSummary("batched-rx")
                + "Published: 37.9 Mbits/sec sender, 37.7 Mbits/sec receiver, 203 Retr (mechanisms.md s12, + list rx)\n";
        assertTrue(out.startsWith(before + "\n" + after + "\n"), out);
        assertTrue(out.contains("[ ID] Interval           Transfer     Bitrate         Retr\n"), out);
        // then the table: header, the figures in Figures' order, the published change last
        List<String> lines = out.lines().toList();
        int header = lines.indexOf("bcm6328, iperf3 -M 512 -t 30, seed 1") + 1;
        assertTrue(header > 0, out);
        assertEquals(List.of("figure", "unit", "Before", "After", "change", "%"), List.of(lines.get(header).trim().split(" +")));
        List<String> figures = lines.subList(header + 1, lines.size() - 1).stream().map(l -> l.split(" +")[0]).toList();
        assertEquals(List.of("sender_mbps", "receiver_mbps", "retransmits", "cpu.irq", "cpu.soft", "cpu.kthread", "cpu.sys", "cpu.usr",
                "cpu.idle", "interrupts.nic", "interrupts.nic_per_packet", "napi.packets_per_poll"), figures.subList(0, 12));
        assertTrue(figures.contains("drops.rx_missed_errors"), out);
        assertTrue(figures.contains("cycles_per_packet.stack"), out);
        assertTrue(figures.containsAll(List.of("cycles_per_packet", "cycles_per_bit")), out);
        // then the cost keys that moved: list rx pays the cold I-cache extras once per batch, not per packet
        int keys = lines.indexOf("cycles per packet by cost key (the keys that moved by 1 % of Before's total or more, largest move first):");
        assertTrue(keys > header && lines.get(keys - 1).isEmpty(), out);
        assertEquals(List.of("cost", "key", "unit", "Before", "After", "change", "%"), List.of(lines.get(keys + 1).trim().split(" +")));
        assertEquals(List.of("stack.l3.rx.cold", "stack.l2.rx.cold", "stack.tcp.rx.cold"),
                lines.subList(keys + 2, lines.size() - 1).stream().map(l -> l.split(" +")[0]).toList(), out);
        assertEquals("Published change: sender 33.7 -> 37.9 Mbit/s (+12.5 %), receiver 33.5 -> 37.7 Mbit/s (+12.5 %), Retr 277 -> 203 (-26.7 %)",
                lines.get(lines.size() - 1));
        // the simulated patch gains what the published one did, within a few points
        String[] receiver = lines.get(header + 2).trim().split(" +");
        assertEquals("receiver_mbps", receiver[0]);
        double change = Double.parseDouble(receiver[4]);
        assertTrue(change > 8 && change < 17, "receiver change " + change + " % (published +12.5 %)");
        assertEquals(out, PluginJars.cli(ENV, PATCH).out(), "the same comparison twice: the same bytes");
    }

    @Test
    void seedsGiveMeansWithIntervalsAndSignificanceAndJsonHasStableKeys() {
        String[] args = {"compare", "--hardware", "bcm6328", "--a", "stock", "--b", "stock,batched-rx", "--seeds", "3", "--seed", "5",
            "--json", "--", "-M", "512", "-t", "2"};
        Run r = PluginJars.cli(ENV, args);
        assertEquals(0, r.rc(), r.err());
        JsonObject doc = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(List.of("hardware", "a", "b", "seeds", "first_seed", "iperf", "sets", "topology", "ping_ms", "runs", "rows",
                "significance", "published"), List.copyOf(doc.keySet()));
        assertEquals("stock,batched-rx", doc.get("b").getAsString());
        assertTrue(doc.get("published").isJsonNull(), "-t 2 is not what the board published");
        JsonArray seeds = doc.getAsJsonObject("runs").getAsJsonObject("b").getAsJsonArray("seeds");
        assertEquals(3, seeds.size());
        assertEquals(7, seeds.get(2).getAsJsonObject().get("seed").getAsLong());
        assertEquals(List.of("run", "--hardware", "bcm6328", "--features", "stock,batched-rx", "--seed", "7", "--", "-M", "512", "-t", "2"),
                seeds.get(2).getAsJsonObject().getAsJsonArray("command").asList().stream().map(e -> e.getAsString()).toList());
        assertEquals(List.of("batched-rx"), doc.getAsJsonObject("runs").getAsJsonObject("b").getAsJsonArray("features").asList().stream()
                .map(e -> e.getAsString()).toList());
        JsonObject receiver = doc.getAsJsonArray("rows").get(1).getAsJsonObject();
        assertEquals(List.of("figure", "unit", "a", "b", "change_percent", "significant"), List.copyOf(receiver.keySet()));
        assertEquals("receiver_mbps", receiver.get("figure").getAsString());
        assertEquals(3, receiver.getAsJsonObject("a").get("n").getAsInt());
        double mean = 0;
        for (int i = 0; i < 3; i++) {
            mean += doc.getAsJsonObject("runs").getAsJsonObject("a").getAsJsonArray("seeds").get(i).getAsJsonObject()
                    .getAsJsonObject("figures").get("receiver_mbps").getAsDouble() / 3;
        }
        assertEquals(mean, receiver.getAsJsonObject("a").get("mean").getAsDouble(), 1e-9);
        assertTrue(receiver.get("significant").getAsBoolean(), r.out());
        assertEquals(r.out(), PluginJars.cli(ENV, args).out(), "byte-identical whatever the scheduling");

        Run text = PluginJars.cli(ENV, java.util.Arrays.stream(args).filter(a -> !a.equals("--json")).toArray(String[]::new));
        assertEquals(0, text.rc(), text.err());
        assertTrue(text.out().startsWith("Before: stock (seed 5 of 5-7)\n- - - -"), text.out());
        assertTrue(text.out().contains("\nAfter: stock,batched-rx (seed 5 of 5-7)\n"), text.out());
        assertTrue(text.out().contains("bcm6328, iperf3 -M 512 -t 2, seeds 5-7, mean ± 95 % half-width\n"), text.out());
        String row = text.out().lines().filter(l -> l.startsWith("receiver_mbps ")).findFirst().orElseThrow();
        assertTrue(row.matches("receiver_mbps +Mbit/s +[0-9.]+ ± [0-9.]+ +[0-9.]+ ± [0-9.]+ +\\+[0-9.]+ +yes"), row);
        assertTrue(text.out().contains("significant: Welch's t-test, two-sided, at the 5 % level\n"), text.out());
        assertFalse(text.out().contains("Published"), text.out());
    }

    @Test
    void aFeatureTunableGoesToTheStatesWithThatFeatureOnly() {
        Run r = PluginJars.cli(ENV, "compare", "--hardware", "rzg2ul", "--a", "stock,build-skb", "--b", "stock,build-skb,page-pool",
                "--set", "pool_size=512", "--set", "txqueuelen=500", "--json", "--", "-t", "1");
        assertEquals(0, r.rc(), r.err());
        JsonObject runs = JsonParser.parseString(r.out()).getAsJsonObject().getAsJsonObject("runs");
        String a = runs.getAsJsonObject("a").getAsJsonArray("seeds").get(0).getAsJsonObject().getAsJsonArray("command").toString();
        String b = runs.getAsJsonObject("b").getAsJsonArray("seeds").get(0).getAsJsonObject().getAsJsonArray("command").toString();
        assertTrue(a.contains("\"txqueuelen=500\"") && !a.contains("pool_size"), a);
        assertTrue(b.contains("\"txqueuelen=500\"") && b.contains("\"pool_size=512\""), b);
    }

    /** An empty list is the default, stock, and is labelled so rather than "Before: " with nothing after it. */
    @Test
    void anEmptyListIsLabelledStock() {
        Run r = PluginJars.cli(ENV, "compare", "--hardware", "bcm6328", "--a", "", "--b", "batched-rx", "--", "-t", "1");
        assertEquals(0, r.rc(), r.err());
        assertTrue(r.out().startsWith("Before: stock\n"), r.out());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "compare --hardware bcm6328 --a stock -- -t 1                          | ringlab compare: both states are required: --a LIST --b LIST",
        "compare --hardware nosuch --a stock --b stock -- -t 1                 | ringlab compare: unknown hardware 'nosuch' (known: ",
        "compare --hardware bcm6328 --a stock --b x -- -t 1                    | ringlab compare: --b: feature 'x' is not installed (installed: ",
        "compare --hardware bcm6328 --a batched-rx,y --b stock -- -t 1         | ringlab compare: --a: feature 'y' is not installed",
        // the list grammar (FeatureResolver): an empty item, an id twice, a removal of what is not in the set
        "compare --hardware bcm6328 --a stock --b , -- -t 1                    | ringlab compare: --b: feature list ',' has an empty item (ids are separated by single commas)",
        "compare --hardware bcm6328 --a batched-rx,batched-rx --b stock -- -t 1 | ringlab compare: --a: feature list 'batched-rx,batched-rx': 'batched-rx' is named twice",
        "compare --hardware bcm6328 --a stock --b -bql -- -t 1                 | ringlab compare: --b: feature list '-bql': '-bql' removes 'bql', which is not in the set before it (empty); a removal applies to what precedes it, as in stock,-bql",
        "compare --hardware bcm6328 --a stock --b stock --set nosuch=1 -- -t 1 | ringlab compare: --set nosuch: no stack setting",
        "compare --hardware bcm6328 --a stock --b stock --seeds 0 -- -t 1      | ringlab compare: --seeds must be at least 1",
        // a range past Long.MAX_VALUE would wrap round to negative seeds: refused, as reproduce refuses it
        "compare --hardware bcm6328 --a stock --b stock --seeds 2 --seed 9223372036854775807 -- -t 1 | ringlab compare: --seed 9223372036854775807 with --seeds 2 passes the largest seed, 9223372036854775807",
        "compare --hardware bcm6328 --a stock --b stock -- -t x                | ringlab compare: iperf3 argument -t",
        "compare --hardware bcm6328 --a stock --b stock stray -- -t 1          | ringlab compare: unknown option 'stray' (iperf3 arguments go after --)",
        "compare --hardware bcm6328 --a stock --b stock --nope -- -t 1         | ringlab compare: Unknown option: '--nope'",
        "compare --hardware bcm6328 --a x --b stock --set nosuch=1 -- -t 1     | ringlab compare: --a: feature 'x' is not installed",
        // refused inside the run (the feature refuses its tunable at ndo_open): the state is named, nothing printed
        "compare --hardware rzg2ul --a stock,build-skb --b stock,build-skb,page-pool --set pool_size=0 -- -t 1 | ringlab compare: --b: --set pool_size: 0 is out of range [1, 32768] pages (tunable page-pool/pool_size)",
    })
    void badInputIsOneLineNamingItStatusTwoAndNothingOnStdout(String args, String line) {
        Run r = PluginJars.cli(ENV, args.trim().split(" +"));
        assertEquals(2, r.rc(), r.out() + r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(line.trim()), r.err());
    }
}
