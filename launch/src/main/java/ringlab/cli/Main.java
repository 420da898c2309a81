package ringlab.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Entry point of the ringlab CLI: ringlab's own commands and options parsed by picocli; iperf3's arguments
 * (after run's --) keep their iperf3-compatible parser (IperfArgs). "node" is started by ./ringlab itself.
 */
@Command(name = "ringlab", description = "Simulates a board's NIC driver under iperf3-like traffic, in virtual time.",
        footer = {"", "./ringlab node (or ./ringlab alone) starts the OSGi node; see ./ringlab node --help."})
public final class Main implements Callable<Integer> {
    /** The streams and environment of one invocation (tests run several in one JVM). */
    record Io(PrintStream out, PrintStream err, Map<String, String> env) { }

    @Mixin
    HelpOption help;

    /** -h, --help on every command (a picocli mixin). */
    static final class HelpOption {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
        boolean help;
    }

    private final Io io;
    private CommandLine self;

    Main(Io io) { this.io = io; }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Returns the process exit status: 0 ok, 1 a refusal (deploy, reproduce), 2 bad input or usage. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, System.getenv());
    }

    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
        Io io = new Io(out, err, env);
        RunCommand plain = args.length > 0 && args[0].equals("run") ? RunArgs.parse(args, io) : null;
        if (plain != null) {
            int rc = callPlain(plain, err);
            if (Boolean.getBoolean(LIST_PICOCLI)) listPicocli(io);
            return rc;
        }
        Main main = new Main(io);
        CommandLine cl = commandLine(main, io, args.length > 0 ? args[0] : null);
        main.self = cl;
        int rc = cl.execute(args);
        cl.getOut().flush();
        cl.getErr().flush();
        return rc;
    }

    /**
     * Set by ./ringlab for the run whose loaded classes become the class-data archive: a plain run loads no
     * picocli class, but help, list and the other commands use them, so that run builds (and renders the usage
     * of) every command too, without output, and the archive keeps them.
     */
    static final String LIST_PICOCLI = "ringlab.cds.picocli";

    private static void listPicocli(Io io) {
        CommandLine cl = commandLine(new Main(io), io, null);
        cl.getUsageMessage();
        for (CommandLine sub : cl.getSubcommands().values()) sub.getUsageMessage();
        cl.parseArgs("list");
    }

    /** A command {@link RunArgs} parsed, run as picocli's execute runs it: an exception's trace on stderr, status 1. */
    private static int callPlain(RunCommand c, PrintStream err) {
        try {
            return c.call();
        } catch (Exception e) {
            e.printStackTrace(err);
            return 1;
        }
    }

    /** The subcommands' names, in the order the usage lists them. */
    private static final List<String> COMMANDS = List.of("run", "list", "compare", "reproduce", "calibrate", "bench", "deploy", "node", "sweep", "help");

    /** A new instance of the named subcommand (a switch, not a map of lambdas: nothing to bootstrap at start-up). */
    private static Object subcommand(String name, Io io) {
        return switch (name) {
            case "run" -> new RunCommand(io);
            case "list" -> new ListCommand(io);
            case "compare" -> new CompareCommand(io);
            case "reproduce" -> new ReproduceCommand(io);
            case "calibrate" -> new CalibrateCommand(io);
            case "bench" -> new BenchCommand(io);
            case "deploy" -> new DeployCommand(io);
            case "node" -> new NodeCommand(io);
            case "sweep" -> new SweepCommand(io);
            case "help" -> new CommandLine.HelpCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    static CommandLine commandLine(Object command, Io io) { return commandLine(command, io, null); }

    /**
     * The command line for {@code command}; for Main, with its subcommands. When the first argument names one
     * (not help), only that one is built: picocli reflects over every command it is given, and building all
     * of them was a large part of a short run's start-up.
     */
    static CommandLine commandLine(Object command, Io io, String first) {
        CommandLine cl = new CommandLine(command);
        if (command instanceof Main) {
            if (first != null && !"help".equals(first) && COMMANDS.contains(first)) {
                cl.addSubcommand(subcommand(first, io));
            } else {
                for (String c : COMMANDS) cl.addSubcommand(subcommand(c, io));
            }
        }
        Charset utf8 = java.nio.charset.StandardCharsets.UTF_8;
        cl.setOut(new PrintWriter(new java.io.OutputStreamWriter(io.out(), utf8), true));
        cl.setErr(new PrintWriter(new java.io.OutputStreamWriter(io.err(), utf8), true));
        cl.setColorScheme(Help.defaultColorScheme(Help.Ansi.OFF)); // plain text on a terminal too
        cl.setExpandAtFiles(false); // an argument starting with @ is data, never a file to expand
        // a single-value option given twice (--seed 1 --seed 2) is a mistake picocli names, not "the last one wins"
        cl.setOverwrittenOptionsAllowed(false);
        cl.setParameterExceptionHandler(Main::badInput);
        return cl;
    }

    /**
     * Bad input: one line naming it and where help is, exit 2; `run` asked for JSON (see {@link JsonMode}) prints
     * the error as iperf3's JSON on stdout instead.
     */
    private static int badInput(CommandLine.ParameterException e, String[] args) {
        CommandLine c = e.getCommandLine();
        JsonMode mode = c.getCommand() instanceof RunCommand ? JsonMode.of(java.util.List.of(args)) : JsonMode.NONE;
        String name = c.getCommandSpec().qualifiedName(" ");
        // picocli ends some messages with a full stop ("Unknown subcommand 'x'."), which "; see" would follow
        String why = e.getMessage().lines().findFirst().orElse("bad arguments").replaceFirst("\\.$", "");
        if (c.getParent() == null && e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
                && !u.getUnmatched().get(0).startsWith("-")) {
            why = "unknown command '" + u.getUnmatched().get(0) + "'";
        } else if ((c.getCommand() instanceof RunCommand || c.getCommand() instanceof CompareCommand) && e instanceof CommandLine.UnmatchedArgumentException) {
            why += " (iperf3 arguments go after --)";
        }
        if (mode != JsonMode.NONE) {
            c.getOut().print(mode.error(why));
            c.getOut().flush();
            return 2;
        }
        c.getErr().println(name + ": " + why + "; see " + name + " --help");
        return 2;
    }

    @Override
    public Integer call() {
        self.usage(self.getOut()); // no command: the usage, as --help
        return 0;
    }

    /**
     * Commands the ./ringlab script starts in a JVM of their own: they answer --help here too, and say where
     * they run when called through this JVM.
     */
    abstract static class ScriptCommand implements Callable<Integer> {
        @Mixin
        HelpOption help;
        private final Io io;
        private final String where;

        ScriptCommand(Io io, String where) {
            this.io = io;
            this.where = where;
        }

        @Override
        public Integer call() {
            io.err().println(where);
            return 2;
        }
    }

    @Command(name = "node", description = "Start the OSGi node: ./ringlab node [--port N] [--bind ADDR] [--data DIR] "
            + "(the launcher script starts it; see ./ringlab node --help).")
    static final class NodeCommand extends ScriptCommand {
        NodeCommand(Io io) { super(io, "ringlab node: the OSGi node is launched by ./ringlab node (java -jar launch/target/ringlab.jar)"); }
    }

    @Command(name = "sweep", description = "Run every combination of a sweep spec on Apache Spark and write results, "
            + "Parquet and report.html: ./ringlab sweep SPEC [--out DIR] [--master URL] (the launcher script runs it on "
            + "the sweep module's class path, built on first use; see ./ringlab sweep --help and README \"Sweeps\").")
    static final class SweepCommand extends ScriptCommand {
        SweepCommand(Io io) { super(io, "ringlab sweep: the sweep engine runs in its own JVM, started by ./ringlab sweep SPEC (sweep/ module)"); }
    }
}
