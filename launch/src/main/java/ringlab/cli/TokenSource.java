package ringlab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a CLI command that calls the node finds the API token, first given wins: --token-file FILE, --token T
 * (accepted, but visible to every user in {@code ps}), the environment variable RINGLAB_TOKEN, and the node's
 * data folder (DATA/token, written by the node at its first start).
 */
final class TokenSource {
    private TokenSource() { }

    /** The environment variable a token may come in. */
    static final String ENV = "RINGLAB_TOKEN";

    /** Thrown with one line saying where no token was found. */
    static final class Missing extends Exception {
        private static final long serialVersionUID = 1L;

        Missing(String message) { super(message); }
    }

    /**
     * The token from the first source given.
     *
     * @param flag --token's value or null
     * @param file --token-file's value or null
     * @param env RINGLAB_TOKEN's value or null
     * @param data the node's data folder
     */
    static String resolve(String flag, String file, String env, String data) throws Missing, IOException {
        if (file != null) return read(Path.of(file), "--token-file " + file);
        if (flag != null) return flag;
        if (env != null && !env.isBlank()) return env.trim();
        Path t = Path.of(data, "token");
        if (!Files.isRegularFile(t)) {
            throw new Missing("no token at " + t + " (start the node first, or pass --data DIR, --token-file FILE or " + ENV + ")");
        }
        return read(t, t.toString());
    }

    private static String read(Path p, String what) throws Missing, IOException {
        if (!Files.isRegularFile(p)) throw new Missing("no such token file: " + what);
        String t = Files.readString(p, StandardCharsets.UTF_8).trim();
        if (t.isEmpty()) throw new Missing("the token file is empty: " + what);
        return t;
    }
}
