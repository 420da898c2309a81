package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import ringlab.launch.NodeClient.Answer;

/**
 * What a careless or hostile client sends the API, on a live node: a huge declared body is refused from its
 * Content-Length before it is read (413 at once), a chunked body as soon as it passes the limit, a stalled
 * body is 408 (not 500 after a minute), lenient JSON is 400, a wrong Content-Type 415, echoes are cut, and
 * every answer (API, /metrics, console) carries the security headers.
 */
@Timeout(120)
class NodeHttpLimitsIT {
    private NodeHarness node;

    @AfterEach
    void stop() throws Exception {
        if (node != null) node.close();
    }

    /** A raw HTTP/1.1 exchange: the head and the start of a body are sent; the answer is read as it comes. */
    record Raw(int status, Map<String, String> headers, String body) { }

    Raw raw(String method, String path, Map<String, String> headers, byte[] bodyStart) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), node.port)) {
            s.setSoTimeout((int) NodeHarness.WAIT.toMillis()); // a bound, not an assertion: the answer comes at once
            StringBuilder head = new StringBuilder(method + " /api/v1" + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + node.port + "\r\n");
            head.append("Authorization: Bearer ").append(node.token()).append("\r\n");
            headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            OutputStream out = s.getOutputStream();
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
            out.write(bodyStart);
            out.flush();
            return read(s.getInputStream());
        }
    }

    static Raw read(InputStream in) throws IOException {
        ByteArrayOutputStream h = new ByteArrayOutputStream();
        while (!h.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) throw new IOException("connection closed in the answer's head: " + h);
            h.write(b);
        }
        String[] lines = h.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 1; i < lines.length; i++) {
            int c = lines[i].indexOf(':');
            if (c > 0) headers.put(lines[i].substring(0, c).trim(), lines[i].substring(c + 1).trim());
        }
        String length = headers.get("Content-Length");
        byte[] body = length != null ? in.readNBytes(Integer.parseInt(length)) : new byte[0];
        return new Raw(Integer.parseInt(lines[0].split(" ")[1]), headers, new String(body, StandardCharsets.UTF_8));
    }

    static String error(String body) { return JsonParser.parseString(body).getAsJsonObject().get("error").getAsString(); }

    @Test
    void aHugeDeclaredBodyIsRefusedFromItsLengthBeforeItIsRead() throws Exception {
        node = new NodeHarness().start();
        // 2 GB announced, 4 bytes sent: the answer comes without the server waiting for the rest
        Raw json = raw("PUT", "/scenario", Map.of("Content-Type", "application/json", "Content-Length", Long.toString(2L << 30)),
                "{\"se".getBytes(StandardCharsets.US_ASCII));
        assertEquals(413, json.status(), json.body());
        assertTrue(error(json.body()).contains("2147483648 bytes"), json.body());
        Raw jar = raw("POST", "/bundles", Map.of("Content-Type", "application/java-archive", "Content-Length", Long.toString(2L << 30)), new byte[] {'P', 'K'});
        assertEquals(413, jar.status(), jar.body());
        // a JSON route's limit is small: 2 MiB of JSON is refused though a jar of that size is not
        Raw two = raw("POST", "/experiments", Map.of("Content-Type", "application/json", "Content-Length", Integer.toString(2 << 20)), new byte[0]);
        assertEquals(413, two.status(), two.body());
        assertEquals(200, node.get("/status").status(), "the node is fine");
    }

    @Test
    void aChunkedBodyIsRefusedOnceItPassesTheLimit() throws Exception {
        node = new NodeHarness().start();
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), node.port)) {
            s.setSoTimeout((int) NodeHarness.WAIT.toMillis());
            OutputStream out = s.getOutputStream();
            out.write(("PUT /api/v1/scenario HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + node.token()
                    + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = ("10000\r\n" + " ".repeat(0x10000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
            try {
                for (int i = 0; i < 24; i++) out.write(chunk); // 1.5 MiB of JSON whitespace, no end
                out.flush();
            } catch (IOException refusedMidway) {
                // the server answered and stopped reading: the answer is there to read
            }
            Raw r = read(s.getInputStream());
            assertEquals(413, r.status(), r.body());
            assertTrue(error(r.body()).contains("more than 1048576 bytes"), r.body());
        }
    }

    @Test
    void aBodyThatStopsArrivingIs408() throws Exception {
        node = new NodeHarness();
        node.properties.put("org.apache.felix.http.timeout", "1500"); // the node's own is 30 s
        node.start();
        Raw r = raw("PUT", "/scenario", Map.of("Content-Type", "application/json", "Content-Length", "100"), "{\"seed\":".getBytes(StandardCharsets.US_ASCII));
        assertEquals(408, r.status(), r.body());
        assertTrue(error(r.body()).contains("stopped arriving"), r.body());
    }

    @Test
    void lenientJsonAndWrongContentTypesAreRefusedAndChangeNothing() throws Exception {
        node = new NodeHarness().start();
        String before = node.get("/scenario").body();
        for (String lenient : List.of("{'seed': 7}", "{\"seed\": 7 /* c */}", "{\"seed\": 7, \"seed\": 8}", "{\"seed\": 7} trailing", "{seed: 7}")) {
            Answer a = node.put("/scenario", lenient);
            assertEquals(400, a.status(), lenient + " -> " + a.body());
            assertTrue(a.error().startsWith("malformed JSON"), a.body());
        }
        assertTrue(node.put("/scenario", "{\"seed\": 7, \"seed\": 8}").error().contains("duplicate key 'seed'"));
        Answer text = node.send("PUT", "/scenario", "{\"seed\": 7}".getBytes(StandardCharsets.UTF_8), "text/plain", node.token());
        assertEquals(415, text.status(), text.body());
        assertTrue(text.error().contains("application/json"), text.body());
        assertEquals(415, node.send("PUT", "/features/gro", "{}".getBytes(StandardCharsets.UTF_8), "application/x-www-form-urlencoded", node.token()).status());
        assertEquals(415, node.send("POST", "/bundles", TestBundles.plainJar(), "application/json", node.token()).status());
        assertEquals(before, node.get("/scenario").body(), "nothing applied");
        // what the console and ./ringlab deploy send still works; a generic client's octet-stream too
        assertEquals(200, node.send("PUT", "/scenario", "{\"seed\": 7}".getBytes(StandardCharsets.UTF_8), "application/json; charset=UTF-8", node.token()).status());
        Answer octet = node.send("POST", "/bundles", TestBundles.featureBundle("octet.features", false), "application/octet-stream", node.token());
        assertEquals(200, octet.status(), octet.body());
    }

    @Test
    void echoesOfClientInputAreCut() throws Exception {
        node = new NodeHarness().start();
        String big = "b".repeat(500_000);
        Answer a = node.put("/scenario", "{\"board\": \"" + big + "\"}");
        assertEquals(400, a.status());
        assertTrue(a.error().length() < 1100, "a " + a.error().length() + "-character message");
        Answer q = node.get("/events?since=" + "9".repeat(5000));
        assertEquals(400, q.status(), q.body());
        assertTrue(q.error().length() < 400, q.error());
    }

    /**
     * What does not decode is the client's 400, named, as JSON on the API (Jetty's own exception for a bad
     * %-escape was a 500, a sequence number of '.' an ArrayIndexOutOfBoundsException, a number beyond
     * BigDecimal's exponent "Exponent overflow."); the console's login answers its page; a folder of the
     * bundle is no file; HEAD is GET without the body.
     */
    @Test
    void whatDoesNotDecodeIsA400NamingItAndHeadIsGetWithoutTheBody() throws Exception {
        node = new NodeHarness().start();
        for (String path : List.of("/events?since=%zz", "/metrics?since=%zz", "/stream?since=%zz")) {
            Raw a = raw("GET", path, Map.of(), new byte[0]); // java.net.URI refuses to send it
            assertEquals(400, a.status(), path + " -> " + a.body());
            assertTrue(error(a.body()).startsWith("the query string cannot be read"), a.body());
        }
        for (String since : List.of(".", "..", "1.2.3", "-1", "x")) {
            Answer a = node.get("/stream?since=" + since);
            assertEquals(400, a.status(), since + " -> " + a.body());
            assertTrue(a.error().startsWith("since must be SAMPLE_SEQ.EVENT_SEQ"), a.body());
        }
        Answer big = node.put("/scenario", "{\"seed\": 1e2147483648}");
        assertEquals(400, big.status(), big.body());
        assertTrue(big.error().contains("field 'seed'"), big.body());
        Answer tunable = node.put("/features/gro", "{\"gro_normal_batch\": 1e20000}");
        assertEquals(400, tunable.status(), tunable.body());
        assertTrue(tunable.error().contains("gro_normal_batch"), tunable.body());

        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + node.port;
        HttpResponse<String> head = http.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/status")).header("Authorization", "Bearer " + node.token())
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        assertEquals("application/json", head.headers().firstValue("Content-Type").orElse("").split(";")[0]);
        HttpResponse<String> folder = http.send(HttpRequest.newBuilder(URI.create(base + "/assets")).header("Authorization", "Bearer " + node.token()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(404, folder.statusCode(), "a folder of the console bundle is not an empty file");
        HttpResponse<String> login = http.send(HttpRequest.newBuilder(URI.create(base + "/login")).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("token=%zz")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, login.statusCode(), login.body());
        assertTrue(login.body().contains("That request could not be read") && login.body().contains("<form"), "the login page again: " + login.body());
    }

    /**
     * A client of the node's previous run (a console tab left open while the node restarted) resumes with
     * sequence numbers the new run has not reached: it is told to start over and gets the history, instead
     * of nothing until the new numbers pass the old ones.
     */
    @Test
    void aStreamResumedBeyondTheNewestStartsOverWithAReset() throws Exception {
        node = new NodeHarness().start();
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<java.util.stream.Stream<String>> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port + "/api/v1/stream"))
                .header("Authorization", "Bearer " + node.token()).header("Last-Event-ID", "999999.999999").build(), HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, r.statusCode());
        try (java.util.stream.Stream<String> lines = r.body()) {
            List<String> first = lines.limit(8).toList();
            assertEquals("event: reset", first.get(2), first.toString());
            assertTrue(first.stream().anyMatch(l -> l.startsWith("id: ")), "history follows: " + first);
        }
    }

    @Test
    void everyAnswerCarriesTheSecurityHeaders() throws Exception {
        node = new NodeHarness().start();
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + node.port;
        Map<String, HttpRequest> requests = Map.of(
                "API 200", HttpRequest.newBuilder(URI.create(base + "/api/v1/status")).header("Authorization", "Bearer " + node.token()).build(),
                "API 401", HttpRequest.newBuilder(URI.create(base + "/api/v1/status")).build(),
                "API 415", HttpRequest.newBuilder(URI.create(base + "/api/v1/scenario")).header("Authorization", "Bearer " + node.token())
                        .header("Content-Type", "text/plain").PUT(HttpRequest.BodyPublishers.ofString("x")).build(),
                "metrics", HttpRequest.newBuilder(URI.create(base + "/metrics")).header("Authorization", "Bearer " + node.token()).build(),
                "metrics 401", HttpRequest.newBuilder(URI.create(base + "/metrics")).build(),
                "console login", HttpRequest.newBuilder(URI.create(base + "/login")).build(),
                "console 401", HttpRequest.newBuilder(URI.create(base + "/assets/app.js")).build());
        for (Map.Entry<String, HttpRequest> e : requests.entrySet()) {
            HttpResponse<String> r = http.send(e.getValue(), HttpResponse.BodyHandlers.ofString());
            String what = e.getKey() + " (" + r.statusCode() + ")";
            assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(null), what);
            assertEquals("DENY", r.headers().firstValue("X-Frame-Options").orElse(null), what);
            assertEquals("no-referrer", r.headers().firstValue("Referrer-Policy").orElse(null), what);
            String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
            assertNotEquals("", csp, what);
            if (!what.startsWith("console")) assertTrue(csp.startsWith("default-src 'none'"), what + ": data answers load nothing: " + csp);
        }
        JsonObject doc = node.get("/openapi.json").json().getAsJsonObject();
        JsonObject put = doc.getAsJsonObject("paths").getAsJsonObject("/scenario").getAsJsonObject("put").getAsJsonObject("responses");
        for (String status : List.of("408", "413", "415")) assertTrue(put.has(status), "PUT /scenario documents " + status);
        assertTrue(doc.getAsJsonObject("paths").getAsJsonObject("/bundles").getAsJsonObject("post").getAsJsonObject("requestBody")
                .getAsJsonObject("content").has("application/octet-stream".toLowerCase(Locale.ROOT)));
    }
}
