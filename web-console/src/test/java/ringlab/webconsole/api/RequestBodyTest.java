package ringlab.webconsole.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Bodies admitted and read within the route's bounds: 413 before reading, 415, 408, and cut echoes. */
class RequestBodyTest {
    static final Route JSON = new Route("PUT", "/scenario", "", Map.class, Map.class, Map.of(), c -> null);
    static final Route JAR = new Route("POST", "/bundles", "", Route.JAR, Map.class, Map.of(), c -> null);

    /** A request with these headers whose body is {@code body}; counts the bytes the servlet reads. */
    static HttpServletRequest request(String contentType, long contentLength, InputStream body, AtomicLong read) {
        ServletInputStream in = new ServletInputStream() {
            @Override public int read() throws IOException {
                int b = body.read();
                if (b >= 0) read.incrementAndGet();
                return b;
            }
            @Override public int read(byte[] buf, int off, int len) throws IOException {
                int n = body.read(buf, off, len);
                if (n > 0) read.addAndGet(n);
                return n;
            }
            @Override public boolean isFinished() { return false; }
            @Override public boolean isReady() { return true; }
            @Override public void setReadListener(ReadListener l) { }
        };
        return (HttpServletRequest) Proxy.newProxyInstance(RequestBodyTest.class.getClassLoader(), new Class<?>[] {HttpServletRequest.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getContentType" -> contentType;
                    case "getContentLengthLong" -> contentLength;
                    case "getContentLength" -> (int) Math.min(Integer.MAX_VALUE, contentLength);
                    case "getInputStream" -> in;
                    case "getMethod" -> "PUT";
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    /** An endless body: what a client announcing 2 GB or sending chunks without end would offer. */
    static InputStream endless() {
        return new InputStream() {
            @Override public int read() { return 'x'; }
            @Override public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'x');
                return len;
            }
        };
    }

    @Test
    void aDeclaredLengthAboveTheRoutesLimitIsRefusedBeforeAnyByteIsRead() {
        AtomicLong read = new AtomicLong();
        ApiError e = assertThrows(ApiError.class, () -> RequestBody.admit(request("application/json", 2L << 30, endless(), read), JSON));
        assertEquals(413, e.status);
        assertEquals(0, read.get(), "nothing read");
        assertTrue(e.getMessage().contains(Long.toString(Route.JSON_LIMIT)), e.getMessage());
        // a JSON route's limit is small; a jar route takes 64 MiB
        assertEquals(413, assertThrows(ApiError.class, () -> RequestBody.admit(request("application/json", Route.JSON_LIMIT + 1, endless(), read), JSON)).status);
        assertThrowsNothing(() -> RequestBody.admit(request("application/java-archive", 10L << 20, endless(), read), JAR));
        assertEquals(413, assertThrows(ApiError.class, () -> RequestBody.admit(request("application/java-archive", Route.JAR_LIMIT + 1, endless(), read), JAR)).status);
        assertEquals(0, read.get());
    }

    @Test
    void aBodyWithoutLengthIsReadOnlyUntilItPassesTheLimit() {
        AtomicLong read = new AtomicLong();
        ApiError e = assertThrows(ApiError.class, () -> RequestBody.read(request("application/json", -1, endless(), read), Route.JSON_LIMIT));
        assertEquals(413, e.status);
        assertTrue(read.get() <= Route.JSON_LIMIT + 16384, "read " + read.get() + " bytes, stopped just past the limit");
    }

    @Test
    void aBodyWithinTheLimitIsReadWhole() throws Exception {
        byte[] body = "{\"seed\": 1}".getBytes();
        assertArrayEquals(body, RequestBody.read(request("application/json", -1, new java.io.ByteArrayInputStream(body), new AtomicLong()), Route.JSON_LIMIT));
    }

    @Test
    void aBodyThatStopsArrivingIs408() {
        InputStream stalled = new InputStream() {
            @Override public int read() throws IOException { throw new IOException(new TimeoutException("Idle timeout expired: 30000/30000 ms")); }
        };
        ApiError e = assertThrows(ApiError.class, () -> RequestBody.read(request("application/json", 100, stalled, new AtomicLong()), Route.JSON_LIMIT));
        assertEquals(408, e.status);
    }

    @Test
    void theContentTypeMustBeOneTheRouteTakes() {
        AtomicLong read = new AtomicLong();
        for (String wrong : new String[] {"text/plain", "application/x-www-form-urlencoded", "application/java-archive", "multipart/form-data; boundary=x"}) {
            ApiError e = assertThrows(ApiError.class, () -> RequestBody.admit(request(wrong, 10, endless(), read), JSON), wrong);
            assertEquals(415, e.status, wrong);
            assertTrue(e.getMessage().contains("application/json"), e.getMessage());
        }
        assertEquals(415, assertThrows(ApiError.class, () -> RequestBody.admit(request(null, 10, endless(), read), JSON)).status, "missing");
        assertEquals(415, assertThrows(ApiError.class, () -> RequestBody.admit(request("application/json", 10, endless(), read), JAR)).status);
        assertThrowsNothing(() -> RequestBody.admit(request("Application/JSON; charset=utf-8", 10, endless(), read), JSON));
        assertThrowsNothing(() -> RequestBody.admit(request("application/octet-stream", 10, endless(), read), JAR));
        assertThrowsNothing(() -> RequestBody.admit(request(null, 0, endless(), read), JSON)); // no body: the handler says it is empty
        String huge = "text/" + "x".repeat(100_000);
        assertTrue(assertThrows(ApiError.class, () -> RequestBody.admit(request(huge, 10, endless(), read), JSON)).getMessage().length() < 500);
        assertEquals(0, read.get());
    }

    @Test
    void onlyAFewLargeBodiesAreReadAtOnce() throws Exception {
        UploadGate gate = new UploadGate(2, java.time.Duration.ZERO);
        UploadGate.Pass a = gate.enter();
        try (UploadGate.Pass b = gate.enter()) {
            assertEquals(503, assertThrows(ApiError.class, gate::enter).status);
        }
        gate.enter().close(); // a place freed is taken again
        a.close();
        // one more waits for a place rather than being turned away at once
        UploadGate waiting = new UploadGate(1, java.time.Duration.ofSeconds(60));
        UploadGate.Pass only = waiting.enter();
        java.util.concurrent.CompletableFuture<UploadGate.Pass> next = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return waiting.enter();
            } catch (ApiError e) {
                throw new AssertionError(e);
            }
        });
        only.close();
        next.get(60, java.util.concurrent.TimeUnit.SECONDS).close();
        // a JSON body does not take a place, a jar upload does and gives it back
        for (int i = 0; i < UploadGate.PARALLEL + 2; i++) {
            RequestBody.read(request("application/java-archive", 3, new java.io.ByteArrayInputStream(new byte[3]), new AtomicLong()), Route.JAR_LIMIT);
        }
        UploadGate.Pass[] held = new UploadGate.Pass[UploadGate.PARALLEL];
        for (int i = 0; i < held.length; i++) held[i] = RequestBody.LARGE.enter();
        try {
            // every place taken: a JSON body is still read (it would wait and then get 503 if it took a place)
            assertEquals(2, RequestBody.read(request("application/json", 2, new java.io.ByteArrayInputStream(new byte[2]), new AtomicLong()), Route.JSON_LIMIT).length);
        } finally {
            for (UploadGate.Pass p : held) p.close();
        }
    }

    @Test
    void echoesAreCut() {
        String v = "y".repeat(1 << 20);
        String cut = Echo.cut(v);
        assertTrue(cut.length() < Echo.VALUE + 40, cut.length() + "");
        assertTrue(cut.endsWith("(cut, 1048576 characters)"), cut.substring(Echo.VALUE));
        assertEquals("short", Echo.cut("short"));
        String pairs = Echo.cut("a" + "\uD83D\uDE00".repeat(Echo.VALUE)); // the cut falls inside a pair
        assertTrue(Character.isLowSurrogate(pairs.charAt(pairs.indexOf("... (cut") - 1)), "never half a pair");
        // the validators' texts quote values through it
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.string("board", new com.google.gson.JsonPrimitive(1)));
        assertTrue(e.getMessage().length() < 100);
        String bigArray = "{\"seed\": [" + "1,".repeat(200_000) + "1]}";
        IllegalArgumentException w = assertThrows(IllegalArgumentException.class, () -> Json.whole("seed", Json.object(bigArray).get("seed")));
        assertTrue(w.getMessage().length() < Echo.VALUE + 100, "cut: " + w.getMessage().length());
    }

    interface Action { void run() throws Exception; }

    static void assertThrowsNothing(Action a) {
        try {
            a.run();
        } catch (Exception e) {
            throw new AssertionError("unexpected " + e, e);
        }
    }
}
