package ringlab.cli;

import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/** --bundles, shared by the commands that read boards and features (a picocli mixin). */
final class BundlesOption {
    @Option(names = "--bundles", paramLabel = "DIR|JAR,...",
            description = {"Out-of-tree plug-in jars: board and feature bundles, the same jars the node takes; "
                    + "a folder stands for the jars in it. Default: the node's deploy folder "
                    + "$RINGLAB_DATA/deploy (./ringlab: ringlab-data/deploy) if it exists; --bundles '' for none."})
    String bundles;

    /** The in-tree boards and features plus those of the jars; one clear line (IllegalArgumentException) if a jar is refused. */
    Plugins plugins(Map<String, String> env) {
        if (bundles != null) return Plugins.load(Plugins.parse(bundles), false);
        return Plugins.load(java.util.List.of(deployFolder(env)), true);
    }

    /** {@link #plugins}, or null after one line on standard error ("ringlab COMMAND: why"). */
    Plugins pluginsOrSay(Main.Io io, String command) {
        try {
            return plugins(io.env());
        } catch (IllegalArgumentException e) {
            io.err().println("ringlab " + command + ": " + e.getMessage());
            return null;
        }
    }

    /** The node's deploy folder: DATA/deploy, DATA from RINGLAB_DATA (./ringlab sets it) or ringlab-data. */
    static Path deployFolder(Map<String, String> env) {
        String data = env.get("RINGLAB_DATA");
        return Path.of(data == null || data.isEmpty() ? "ringlab-data" : data, "deploy");
    }
}
