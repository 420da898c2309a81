package ringlab.cli;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * Entry point of the ringlab CLI: dispatches the first argument to a subcommand.
 * Skeleton: the subcommands are filled in by the CLI work; "node" is started by ./ringlab itself.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Returns the process exit status: 0 ok, 2 usage error, 3 not implemented. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
            usage(out);
            return 0;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "run":
                return RunCommand.run(rest, out, err);
            case "list":
                return ListCommand.run(rest, out, err);
            case "reproduce":
                return ReproduceCommand.run(rest, out, err);
            case "bench":
                return BenchCommand.run(rest, out, err);
            case "deploy":
                return DeployCommand.run(rest, out, err);
            case "node":
                err.println("ringlab node: the OSGi node is launched by ./ringlab node (java -jar launch/target/ringlab.jar)");
                return 2;
            default:
                err.println("ringlab: unknown command '" + args[0] + "'");
                usage(err);
                return 2;
        }
    }

    private static void usage(PrintStream out) {
        out.println("usage: ringlab <command> [args]");
        out.println("  run        run one iperf3-like scenario in virtual time and print the result");
        out.println("  list       list the boards and driver features on the class path");
        out.println("  node       start the OSGi node (web status on 127.0.0.1:8080)");
        out.println("  deploy     FILE.jar [--node URL] [--data DIR | --token-file FILE]: install and start a bundle on a running node");
        out.println("  bench      [--json]: the performance scenarios: realtime factor, frames and events per wall second, heap");
        out.println("  reproduce  ID [--seed N]: run the board's published measurements, side by side");
    }
}
