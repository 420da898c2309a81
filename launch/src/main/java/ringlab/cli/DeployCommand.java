package ringlab.cli;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * ringlab deploy FILE.jar [--node URL] [--data DIR | --token-file FILE]: uploads a bundle to a running node
 * (POST /api/v1/bundles, which installs and starts it) with the token from {@link TokenSource}: a token file,
 * RINGLAB_TOKEN, or the node's data folder (--token T still works but shows the token in ps).
 * Prints the node's JSON answer; exit 0 when the node accepted the bundle (installed and started, boards
 * and features accepted), 1 when it refused it (one line on standard error: the jar and the node's reason;
 * the node has uninstalled it again), 2 on bad usage or when the node cannot be reached.
 */
@Command(name = "deploy", sortOptions = false, showDefaultValues = true,
        description = "Uploads a bundle to a running node, which installs and starts it. Exit status 0 when the node accepted it, "
                + "1 when it refused it (one line: the jar and the node's reason), 2 on bad usage or when the node cannot be reached.")
final class DeployCommand implements Callable<Integer> {
    // optional here, checked in call(): a missing one would hide an unknown option
    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE.jar", description = "The bundle jar.")
    String file;
    @Option(names = "--node", paramLabel = "URL", defaultValue = "http://127.0.0.1:8080", description = "The node.")
    String node;
    @Option(names = "--token-file", paramLabel = "FILE", description = "A file holding the API token.")
    String tokenFile;
    @Option(names = "--token", paramLabel = "T", description = "The API token (visible in ps to every user: prefer --token-file or $" + TokenSource.ENV + ").")
    String token;
    @Option(names = "--data", paramLabel = "DIR", description = "The node's data folder, whose token file is read last "
            + "(default: $RINGLAB_DATA, else ringlab-data).")
    String data;
    @Mixin
    Main.HelpOption help;

    private final Main.Io io;

    DeployCommand(Main.Io io) { this.io = io; }

    /** ringlab deploy ARGS (for tests). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        String[] all = new String[args.length + 1];
        all[0] = "deploy";
        System.arraycopy(args, 0, all, 1, args.length);
        return Main.run(all, out, err);
    }

    @Override
    public Integer call() {
        PrintStream out = io.out(), err = io.err();
        String token = this.token;
        String data = this.data != null ? this.data : io.env().getOrDefault("RINGLAB_DATA", "ringlab-data");
        if (file == null) return fail(err, "which jar? ringlab deploy FILE.jar");
        Path jar = Path.of(file);
        if (Files.isDirectory(jar)) return fail(err, file + " is a directory, not a jar");
        if (!Files.isRegularFile(jar)) return fail(err, "no such file: " + file);
        try {
            try {
                token = TokenSource.resolve(token, tokenFile, io.env().get(TokenSource.ENV), data);
            } catch (TokenSource.Missing e) {
                return fail(err, e.getMessage());
            }
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpRequest req = HttpRequest.newBuilder(URI.create(node.replaceAll("/+$", "") + "/api/v1/bundles"))
                    .timeout(Duration.ofSeconds(60))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/java-archive")
                    .POST(HttpRequest.BodyPublishers.ofFile(jar)).build();
            HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 == 2) {
                out.println(r.body());
                return 0;
            }
            err.println("ringlab deploy: " + jar.getFileName() + " refused (HTTP " + r.statusCode() + "): " + errorOf(r.body()));
            return 1;
        } catch (IllegalArgumentException e) {
            return fail(err, "bad node URL '" + node + "': " + e.getMessage());
        } catch (IOException e) {
            err.println("ringlab deploy: cannot reach " + node + ": " + reason(e));
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 2;
        }
    }

    /** The node's {"error": "..."} message, or the body as it came when it is not one. */
    static String errorOf(String body) {
        try {
            JsonElement e = JsonParser.parseString(body);
            if (e.isJsonObject() && e.getAsJsonObject().has("error")) return e.getAsJsonObject().get("error").getAsString();
        } catch (RuntimeException notJson) {
            // shown as it came
        }
        return body.strip();
    }

    /** Bad input or a missing jar or token: one line, as every command's, and where the usage is. */
    private static int fail(PrintStream err, String why) {
        err.println("ringlab deploy: " + why + "; see ringlab deploy --help");
        return 2;
    }

    /**
     * Why the node could not be reached, in words: Java's HTTP client throws a ConnectException without a
     * message for a refused connection, whose class name says nothing to a user.
     */
    static String reason(IOException e) {
        boolean connect = false;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.http.HttpConnectTimeoutException) return "no connection within 5 s";
            if (t instanceof java.net.http.HttpTimeoutException) return "no answer within 60 s";
            if (t instanceof java.net.UnknownHostException) return "unknown host " + t.getMessage();
            if (t instanceof java.net.ConnectException) {
                if (t.getMessage() != null) return t.getMessage().toLowerCase(java.util.Locale.ROOT); // "no route to host"
                connect = true;
            }
        }
        if (connect) return "connection refused";
        return e.getMessage() != null ? e.getMessage() : "the connection failed";
    }
}
