package ringlab.cli;

import java.nio.file.Path;
import java.util.List;
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
    Plugins plugins(Map<String, String> env) { return plugins(env, false); }

    /** {@link #plugins} for one run: the in-tree board descriptors parsed only when asked for. */
    Plugins pluginsForOneRun(Map<String, String> env) { return plugins(env, true); }

    private Plugins plugins(Map<String, String> env, boolean lazily) {
        List<Path> sources = bundles != null ? Plugins.parse(bundles) : List.of(deployFolder(env));
        boolean optional = bundles == null; // the default folder may not exist yet
        return lazily ? Plugins.loadLazily(sources, optional) : Plugins.load(sources, optional);
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
