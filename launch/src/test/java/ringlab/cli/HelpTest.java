package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import ringlab.cli.PluginJars.Run;

/** Every command answers --help (and `ringlab help CMD`) with its options; a bad option is one line and status 2. */
class HelpTest {
    static final Map<String, String> ENV = Map.of();

    @ParameterizedTest
    @CsvSource({
        "run, --hardware --features --seed --set --json -J --timestamp --topology --ping --bundles IPERF3_CLIENT_ARGS",
        "list, --costs --bundles",
        "compare, --hardware --a --b --seeds --seed --set --topology --ping --json --bundles IPERF3_CLIENT_ARGS",
        "reproduce, ID --all --statements --markdown --seed --bundles",
        "calibrate, --hardware --published FILE --free --seed --no-leave-one-out --write --bundles",
        "bench, --json --cold",
        "deploy, FILE.jar --node --token-file --token --data",
        "node, --help",
        "sweep, --help",
    })
    void everyCommandAnswersHelpWithItsOptions(String command, String options) {
        Run r = PluginJars.cli(ENV, command, "--help");
        assertEquals(0, r.rc(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("Usage: ringlab " + command), r.out());
        for (String o : options.split(" ")) assertTrue(r.out().contains(o), o + " in: " + r.out());
        assertEquals(r.out(), PluginJars.cli(ENV, "help", command).out(), "ringlab help " + command);
        assertEquals(r.out(), PluginJars.cli(ENV, command, "-h").out());
    }

    /** Footer lines within 80 columns, so that picocli prints them as written (it re-wrapped run's mid-phrase). */
    @Test
    void runsFooterIsPrintedAsWritten() {
        Run r = PluginJars.cli(ENV, "run", "--help");
        assertTrue(r.out().endsWith("\nExample: ringlab run --hardware bcm6328 --features batched-rx --json -- -M 512\n"
                + "Bad input prints one line naming what was wrong and exits with status 2;\n"
                + "nothing runs. With --json, -J or --json-stream the error is iperf3's JSON\n"
                + "error on stdout instead (nothing on stderr), status 2 too.\n"), r.out());
        for (String command : new String[] {"run", "list", "compare", "reproduce", "calibrate", "bench", "deploy"}) {
            for (String line : PluginJars.cli(ENV, command, "--help").out().lines().toList()) assertTrue(line.length() <= 80, command + ": " + line);
        }
    }

    @Test
    void ringlabAloneAndHelpListEveryCommand() {
        for (String[] args : List.of(new String[0], new String[] {"--help"}, new String[] {"help"})) {
            Run r = PluginJars.cli(ENV, args);
            assertEquals(0, r.rc(), r.err());
            for (String c : List.of("run", "list", "compare", "reproduce", "calibrate", "bench", "deploy", "node", "sweep")) assertTrue(r.out().contains("\n  " + c + " "), c + " in: " + r.out());
        }
    }

    /**
     * ./ringlab --help is the node's (the launcher script answers it without a JVM) and points at the CLI: it
     * named run, list, reproduce, bench and deploy but not compare, calibrate and sweep.
     */
    @Test
    void theLaunchersHelpNamesEveryCliCommand() throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", java.nio.file.Path.of("..", "ringlab").toString(), "--help").redirectErrorStream(true);
        pb.environment().put("RINGLAB_NO_BUILD", "1"); // the script answers --help before it needs a build
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        String cli = out.lines().filter(l -> l.startsWith("the CLI: ")).findFirst().orElseThrow(() -> new AssertionError(out));
        for (String c : List.of("run", "list", "compare", "reproduce", "calibrate", "bench", "deploy", "sweep")) {
            assertTrue(cli.matches(".*[(, ]" + c + "[,;].*"), c + " in: " + cli);
        }
    }

    /** Start-up: picocli reflects over every command it is given, so a named command is the only one built. */
    @Test
    void aNamedCommandIsTheOnlyOneBuilt() {
        Main.Io io = new Main.Io(System.out, System.err, ENV);
        assertEquals(java.util.Set.of("run"), Main.commandLine(new Main(io), io, "run").getSubcommands().keySet());
        assertEquals(java.util.Set.of("bench"), Main.commandLine(new Main(io), io, "bench").getSubcommands().keySet());
        for (String first : new String[] {null, "help", "--help", "nosuch"}) {
            assertEquals(10, Main.commandLine(new Main(io), io, first).getSubcommands().size(), first);
        }
    }

    @ParameterizedTest
    @CsvSource({"run", "list", "compare", "reproduce", "calibrate", "bench", "deploy", "node", "sweep"})
    void aBadOptionIsOneLineNamingItAndStatusTwo(String command) {
        Run r = PluginJars.cli(ENV, command, "--nope");
        assertEquals(2, r.rc(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("'--nope'") && r.err().contains("ringlab " + command + " --help"), r.err());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "run --hardware bcm6328 --seed x -- -t 1 | 'x'",
        "run --hardware bcm6328 stray -- -t 1 | 'stray'",
        "run --hardware bcm6328 -- -t x | -t",
        "reproduce bcm6328 --seed x | 'x'",
        "frobnicate | unknown command 'frobnicate'",
        // 0 is accepted (no ping): the line said "must be between 1 and 60000 ms"
        "run --hardware bcm6328 --ping -1 -- -t 1 | ringlab run: --ping must be 0 (none) or 1 to 60000 ms, got -1",
        // a whole number, only too large: the line said "is not a positive whole number"
        "run --hardware bcm6328 --set txqueuelen=99999999999 -- -t 1 | ringlab run: --set txqueuelen: 99999999999 is out of range [1, 2147483647] packets",
        // picocli's full stop came before "; see": "Unknown subcommand 'nosuch'.; see ringlab --help"
        "help nosuch | ringlab: Unknown subcommand 'nosuch'; see ringlab --help",
    })
    void badValuesAndStrayArgumentsAreOneLine(String args, String named) {
        Run r = PluginJars.cli(ENV, args.split(" "));
        assertEquals(2, r.rc(), args + ": " + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains(named), r.err());
    }
}
