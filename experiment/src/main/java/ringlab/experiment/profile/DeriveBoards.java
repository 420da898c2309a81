package ringlab.experiment.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Rewrites the "costs" of every in-tree board from its core type's profile and its own memory system
 * (bundles/hardware/tools/derive-boards.sh). Prints one line per board: rewritten or unchanged. A profile or
 * board that cannot be read stops it before any file is written, with one line naming the file and field.
 */
public final class DeriveBoards {
    private DeriveBoards() { }

    public static void main(String[] args) {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        try {
            Map<Path, String> derived = deriveAll(root);
            for (Map.Entry<Path, String> e : derived.entrySet()) {
                boolean same = ProfileReader.read(e.getKey()).equals(e.getValue());
                if (!same) Files.writeString(e.getKey(), e.getValue(), StandardCharsets.UTF_8);
                System.out.println((same ? "unchanged " : "rewrote   ") + root.relativize(e.getKey()));
            }
        } catch (IllegalArgumentException | UncheckedIOException e) {
            System.err.println("derive-boards: " + e.getMessage());
            System.exit(2);
        } catch (IOException e) {
            System.err.println("derive-boards: cannot write: " + e.getMessage());
            System.exit(2);
        }
    }

    /** Every in-tree board file and its text with derived costs; nothing is written. */
    public static Map<Path, String> deriveAll(Path root) {
        Map<String, CoreProfile> profiles = ProfileReader.readAll(profilesDir(root));
        Map<Path, String> out = new LinkedHashMap<>();
        for (Path f : BoardFiles.inTree(root)) {
            String text = ProfileReader.read(f);
            BoardMemory board = BoardFiles.memory(f, text);
            CoreProfile profile = profiles.get(board.coreType());
            if (profile == null) {
                throw new IllegalArgumentException(f + ": derivation.coreType " + board.coreType() + " has no profile in "
                        + profilesDir(root) + " (known: " + String.join(", ", profiles.keySet()) + ")");
            }
            checkIsa(f, text, profile);
            out.put(f, BoardFiles.withCosts(f, text, BoardDerivation.derive(profile, board)));
        }
        return out;
    }

    /** A board's soc.isa must be its core type's: a profile's per-line and per-byte figures are the ISA's. */
    static void checkIsa(Path f, String text, CoreProfile profile) {
        JsonReading r = new JsonReading(f.toString());
        String isa = r.str(r.obj(r.parse(text), "", "soc"), "soc", "isa");
        if (!isa.equals(profile.isa())) {
            throw new IllegalArgumentException(f + ": soc.isa is " + isa + " but its core type " + profile.coreType() + " is " + profile.isa());
        }
    }

    /** bundles/hardware/profiles of the repository at root. */
    public static Path profilesDir(Path root) {
        return root.resolve("bundles/hardware/profiles");
    }
}
