package ringlab.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * `ringlab run`'s options in their plain forms (--name VALUE, --name=VALUE, --json, -J, then -- and iperf3's
 * arguments), read without picocli: building picocli's model of the command, reflection over its
 * annotations, was about a fifth of a short run's whole-process CPU time. Anything else (help, a clustered,
 * repeated or unknown option, a value picocli would convert differently or take for an option, a word
 * before --) gets null, and picocli parses the line as before: help and every error message stay picocli's.
 * The command then runs exactly as after picocli's parse (the same fields, defaults and typed line).
 */
final class RunArgs {
    private RunArgs() { }

    /** A plain decimal picocli's Long converter reads the same way (no sign, no leading zero, no overflow). */
    private static boolean plainLong(String v) { return v.matches("0|[1-9][0-9]{0,17}"); }

    /** The run command for {@code args} (args[0] is "run"), or null when picocli must parse them. */
    static RunCommand parse(String[] args, Main.Io io) {
        RunCommand c = new RunCommand(io);
        c.features = "stock"; // the @Option defaults
        c.seed = 1;
        c.settings.topology = "direct";
        c.settings.pingMs = 0;
        java.util.Set<String> seen = new java.util.HashSet<>(); // a single-value option twice: picocli's refusal
        int i = 1;
        for (; i < args.length && !args[i].equals("--"); i++) {
            String a = args[i];
            if (a.equals("--json") || a.equals("-J")) {
                if (c.json) return null;
                c.json = true;
                continue;
            }
            if (!a.startsWith("--")) return null;
            int eq = a.indexOf('=');
            String name = eq > 0 ? a.substring(0, eq) : a;
            String value;
            if (eq > 0) value = a.substring(eq + 1);
            else if (i + 1 < args.length && !args[i + 1].startsWith("-")) value = args[++i];
            else return null;
            if (!name.equals("--set") && !seen.add(name)) return null;
            switch (name) {
                case "--hardware" -> c.hardware = value;
                case "--features" -> c.features = value;
                case "--seed" -> {
                    if (!plainLong(value)) return null;
                    c.seed = Long.parseLong(value);
                }
                case "--set" -> c.settings.sets.add(value);
                case "--topology" -> c.settings.topology = value;
                case "--ping" -> {
                    if (!plainLong(value)) return null;
                    c.settings.pingMs = Long.parseLong(value);
                }
                case "--timestamp" -> c.timestamp = value;
                case "--bundles" -> c.bundles.bundles = value;
                default -> {
                    return null;
                }
            }
        }
        c.settings.iperfArgs = i < args.length ? new ArrayList<>(List.of(args).subList(i + 1, args.length)) : new ArrayList<>();
        c.typed = List.of(args);
        return c;
    }
}
