package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ringlab deploy against a stand-in node: exit status and what is printed when the node refuses the jar. */
class DeployCommandTest {

    record Run(int rc, String out, String err) { }

    static Run deploy(int status, String answer, Path dir) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/v1/bundles", x -> {
            x.getRequestBody().readAllBytes();
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(status, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
        try {
            Path jar = Files.write(dir.resolve("board.jar"), new byte[] {1});
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            int rc = Main.run(new String[] {"deploy", jar.toString(), "--token", "t", "--node", "http://127.0.0.1:" + server.getAddress().getPort()},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            return new Run(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aRefusedBundleExitsOneWithOneLineNamingTheJarAndTheReason(@TempDir Path dir) throws Exception {
        Run r = deploy(400, "{\"error\": \"bundle test.board refused (uninstalled again): board test.board/META-INF/ringlab/board.json refused: soc missing\"}", dir);
        assertEquals(1, r.rc());
        assertEquals("ringlab deploy: board.jar refused (HTTP 400): bundle test.board refused (uninstalled again): "
                + "board test.board/META-INF/ringlab/board.json refused: soc missing", r.err().strip());
        assertEquals("", r.out());
    }

    @Test
    void anAcceptedBundleExitsZeroAndPrintsTheNodesAnswer(@TempDir Path dir) throws Exception {
        Run r = deploy(200, "{\"id\": 60, \"state\": \"ACTIVE\"}", dir);
        assertEquals(0, r.rc(), r.err());
        assertTrue(r.out().contains("\"ACTIVE\""), r.out());
    }

    @Test
    void aJarThatIsNotThereOrABadNodeUrlGetsOneLine(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"deploy", dir.resolve("nosuch.jar").toString(), "--token", "t"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, rc);
        assertEquals("ringlab deploy: no such file: " + dir.resolve("nosuch.jar") + "; see ringlab deploy --help", err.toString(StandardCharsets.UTF_8).strip());
        Path jar = Files.write(dir.resolve("board.jar"), new byte[] {1});
        err.reset();
        rc = Main.run(new String[] {"deploy", jar.toString(), "--token", "t", "--node", "http://bad host:1"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, rc);
        String line = err.toString(StandardCharsets.UTF_8).strip();
        assertTrue(line.startsWith("ringlab deploy: bad node URL 'http://bad host:1'") && !line.contains("\n"), line);
    }

    private static Run deployArgs(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc = DeployCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void noJarNoTokenADirectoryAndANodeNotListeningAreOneLineEachNamingWhy(@TempDir Path dir) throws Exception {
        Path jar = Files.write(dir.resolve("board.jar"), new byte[] {1});
        String see = "; see ringlab deploy --help\n";
        // were three lines: the reason, then two of usage
        assertEquals(new Run(2, "", "ringlab deploy: which jar? ringlab deploy FILE.jar" + see), deployArgs());
        Run noToken = deployArgs(jar.toString(), "--data", dir.resolve("nodata").toString());
        assertEquals(2, noToken.rc());
        assertEquals(1, noToken.err().lines().count(), noToken.err());
        assertTrue(noToken.err().startsWith("ringlab deploy: no token at " + dir.resolve("nodata").resolve("token")), noToken.err());
        // was "no such file"
        assertEquals(new Run(2, "", "ringlab deploy: " + dir + " is a directory, not a jar" + see), deployArgs(dir.toString(), "--token", "t"));
        // was "cannot reach ...: java.net.ConnectException"
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        Run refused = deployArgs(jar.toString(), "--token", "t", "--node", "http://127.0.0.1:" + closed);
        assertEquals(new Run(2, "", "ringlab deploy: cannot reach http://127.0.0.1:" + closed + ": connection refused\n"), refused);
    }
}
