package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.Browser.screenshot;
import static ringlab.launch.Browser.waitFor;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import ringlab.launch.NodeClient.Answer;

/**
 * The OpenAPI document against the live node: swagger-parser finds nothing to say about the served
 * document; every documented operation is served (called with real ids: not 404, not 405, a status it
 * documents, and a JSON answer that matches its documented schema, key by key down the whole tree: this
 * is where the generator and Gson's naming would drift apart); undocumented paths and methods give 404
 * and 405. Swagger UI at /api/docs/: served from the bundle to a session only, no inline script, and in
 * a browser it renders the operations and "Try it out" of a PUT passes the CSRF check.
 */
@Timeout(120)
class OpenApiIT {
    static NodeHarness node;
    static JsonObject doc;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @BeforeAll
    static void start() throws Exception {
        node = new NodeHarness().start();
        Answer a = node.get("/openapi.json");
        assertEquals(200, a.status(), a.body());
        doc = a.json().getAsJsonObject();
    }

    @AfterAll
    static void stop() throws Exception {
        if (node != null) node.close();
    }

    @Test
    void theServedDocumentIsValidAndNeedsTheTokenLikeTheRest() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(node.get("/openapi.json").body(), null, options);
        assertEquals(List.of(), result.getMessages());
        assertNotNull(result.getOpenAPI().getPaths().get("/status"));
        assertEquals(401, node.send("GET", "/openapi.json", null, null, null).status());
    }

    /** Every documented operation, called on the live node with real ids, is served as documented. */
    @Test
    void everyDocumentedOperationIsServedAndAnswersItsSchema() throws Exception {
        String feature = node.get("/features").json().getAsJsonArray().get(0).getAsJsonObject().get("id").getAsString();
        // a finished experiment, for its id and its reports
        Answer queued = node.send("POST", "/experiments", "{\"board\": \"bcm6328\", \"seconds\": 1}".getBytes(StandardCharsets.UTF_8),
                "application/json", node.token());
        assertEquals(200, queued.status(), queued.body());
        String experiment = queued.json().getAsJsonObject().get("id").getAsString();
        NodeHarness.await("experiment done", () -> "done".equals(node.get("/experiments/" + experiment).json().getAsJsonObject().get("state").getAsString()));
        // a finished sweep as its folder records it (this in-process node starts no sweep processes: no ringlab.home)
        String sweep = "20260101-000000-1";
        java.nio.file.Path folder = java.nio.file.Files.createDirectories(node.data.resolve("sweeps").resolve(sweep));
        java.nio.file.Files.writeString(folder.resolve("progress.json"),
                "{\"name\":\"s\",\"state\":\"done\",\"total\":1,\"done\":1,\"refused\":0,\"failed\":0,\"eta_seconds\":0,\"error\":null}");
        java.nio.file.Files.writeString(folder.resolve("report.html"), "<!doctype html><title>s</title>");
        List<String> called = new ArrayList<>();
        for (Map.Entry<String, JsonElement> p : doc.getAsJsonObject("paths").entrySet()) {
            String path = p.getKey()
                    .replace("/features/{id}", "/features/" + feature)
                    .replace("/bundles/{id}", "/bundles/0") // the system bundle: never stopped, updated or removed through the API
                    .replace("{pid}", "ringlab.scenario")
                    .replace("/experiments/{id}", "/experiments/" + experiment)
                    .replace("{side}", "a")
                    .replace("/sweeps/{id}", "/sweeps/" + sweep);
            assertFalse(path.contains("{"), "a path parameter without a value: " + p.getKey());
            for (Map.Entry<String, JsonElement> o : p.getValue().getAsJsonObject().entrySet()) {
                String method = o.getKey().toUpperCase();
                JsonObject op = o.getValue().getAsJsonObject();
                String what = method + " " + path;
                called.add(what);
                JsonObject responses = op.getAsJsonObject("responses");
                if (path.equals("/stream")) {
                    HttpResponse<InputStream> r = HTTP.send(api(path).header("Authorization", "Bearer " + node.token()).GET().build(),
                            HttpResponse.BodyHandlers.ofInputStream());
                    try (InputStream in = r.body()) {
                        assertEquals(200, r.statusCode(), what);
                        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"), what);
                        assertTrue(responses.getAsJsonObject("200").getAsJsonObject("content").has("text/event-stream"));
                    }
                    continue;
                }
                String ok = responses.keySet().stream().filter(k -> k.startsWith("2")).findFirst().orElseThrow(); // 200, or 202 for work started
                if (responses.getAsJsonObject(ok).getAsJsonObject("content").has("text/html")) {
                    HttpResponse<String> r = HTTP.send(api(path).header("Authorization", "Bearer " + node.token()).GET().build(), HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, r.statusCode(), what);
                    assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/html"), what);
                    continue;
                }
                Answer a = call(method, path, op);
                assertNotEquals(404, a.status(), what + " -> " + a.body());
                assertNotEquals(405, a.status(), what + " -> " + a.body());
                assertTrue(responses.has(Integer.toString(a.status())) || a.status() != 200 && responses.has("default"),
                        what + " answered " + a.status() + ", which it does not document: " + a.body());
                if (a.status() / 100 == 2) {
                    assertEquals(ok, Integer.toString(a.status()), what + " answers the success it documents");
                    JsonObject schema = responses.getAsJsonObject(ok).getAsJsonObject("content").getAsJsonObject("application/json").getAsJsonObject("schema");
                    List<String> problems = new ArrayList<>();
                    conforms(a.json(), schema, "", problems);
                    assertEquals(List.of(), problems, what + " answers what its schema says");
                } else {
                    assertNotNull(a.error(), what + " -> " + a.status() + " without {\"error\"}: " + a.body());
                }
                System.out.println("openapi: " + what + " -> " + a.status());
            }
        }
        assertTrue(called.containsAll(List.of("GET /status", "GET /features", "GET /features/" + feature, "PUT /scenario", "POST /bundles",
                "DELETE /bundles/0", "GET /stream", "GET /openapi.json", "GET /experiments/" + experiment + "/report/a",
                "GET /sweeps/" + sweep + "/report", "DELETE /sweeps/" + sweep)), called.toString());
    }

    /** A request for the operation: the token, and a harmless body (empty JSON object, or a jar that is no bundle). */
    static Answer call(String method, String path, JsonObject op) throws IOException {
        if (!op.has("requestBody")) return node.send(method, path, null, null, node.token());
        JsonObject content = op.getAsJsonObject("requestBody").getAsJsonObject("content");
        if (content.has("application/java-archive")) return node.send(method, path, TestBundles.plainJar(), "application/java-archive", node.token());
        return node.send(method, path, "{}".getBytes(StandardCharsets.UTF_8), "application/json", node.token());
    }

    @Test
    void theLiveStatusAndFeaturesUseTheDocumentedKeys() {
        JsonObject paths = doc.getAsJsonObject("paths");
        for (String path : List.of("/status", "/features")) {
            JsonObject schema = paths.getAsJsonObject(path).getAsJsonObject("get").getAsJsonObject("responses").getAsJsonObject("200")
                    .getAsJsonObject("content").getAsJsonObject("application/json").getAsJsonObject("schema");
            List<String> problems = new ArrayList<>();
            JsonElement live = node.get(path).json();
            conforms(live, schema, path, problems);
            assertEquals(List.of(), problems);
            JsonObject top = resolve(path.equals("/status") ? schema : schema.getAsJsonObject("items"));
            JsonObject sample = live.isJsonArray() ? live.getAsJsonArray().get(0).getAsJsonObject() : live.getAsJsonObject();
            assertTrue(top.getAsJsonObject("properties").keySet().containsAll(sample.keySet()), path + ": " + sample.keySet());
        }
        // the deep parts exist in the live status, so the recursive check above reached them
        JsonObject status = node.get("/status").json().getAsJsonObject();
        assertTrue(status.getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("accounting").has("in_flight"));
    }

    @Test
    void undocumentedPathsAndMethodsAreNotServed() {
        Set<String> documented = doc.getAsJsonObject("paths").keySet();
        for (String path : List.of("/nothing-here", "/status/extra", "/features/gro/counters", "/api", "/openapi.yaml")) {
            assertFalse(documented.contains(path));
            Answer a = node.get(path);
            assertEquals(404, a.status(), path + " -> " + a.body());
            assertTrue(a.error().startsWith("no such resource"), a.body());
        }
        String[][] wrongMethods = {{"DELETE", "/status", "/status"}, {"POST", "/scenario", "/scenario"}, {"PATCH", "/scenario", "/scenario"},
            {"PUT", "/openapi.json", "/openapi.json"}, {"GET", "/bundles/{id}/start", "/bundles/0/start"}};
        for (String[] m : wrongMethods) {
            assertFalse(doc.getAsJsonObject("paths").getAsJsonObject(m[1]).has(m[0].toLowerCase()), m[0] + " " + m[1] + " is documented");
            Answer a = node.send(m[0], m[2], "{}".getBytes(StandardCharsets.UTF_8), "application/json", node.token());
            assertEquals(405, a.status(), m[0] + " " + m[1] + " -> " + a.body());
        }
    }

    @Test
    void swaggerUiIsServedFromTheBundleToASessionOnly() throws Exception {
        String cookie = login();
        HttpResponse<String> page = page("/api/docs/", cookie);
        assertEquals(200, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        String csp = page.headers().firstValue("Content-Security-Policy").orElse("");
        assertTrue(csp.contains("script-src 'self';"), csp);
        Matcher scripts = Pattern.compile("<script([^>]*)>([^<]*)</script>").matcher(page.body());
        int n = 0;
        while (scripts.find()) {
            n++;
            assertTrue(scripts.group(1).contains("src=\"/api/docs/"), "scripts from this node: " + scripts.group());
            assertTrue(scripts.group(2).isBlank(), "no inline script: " + scripts.group());
        }
        assertEquals(2, n, page.body());
        assertFalse(page.body().contains("petstore"), "our page, not the WebJar's demo");
        long total = 0;
        for (String asset : List.of("/api/docs/init.js", "/api/docs/vendor/swagger-ui-bundle.js", "/api/docs/vendor/swagger-ui.css",
                "/api/docs/vendor/index.css", "/api/docs/vendor/favicon-32x32.png", "/api/docs/vendor/swagger-ui-bundle.js.LICENSE.txt")) {
            HttpResponse<String> r = page(asset, cookie);
            assertEquals(200, r.statusCode(), asset);
            total += r.body().getBytes(StandardCharsets.ISO_8859_1).length;
            assertEquals(401, page(asset, null).statusCode(), asset + " without a session");
        }
        System.out.printf("openapi: Swagger UI page and assets %.0f KB%n", total / 1024.0);
        assertTrue(page("/api/docs/init.js", cookie).body().contains("/api/v1/openapi.json"));
        assertEquals(404, page("/api/docs/vendor/swagger-initializer.js", cookie).statusCode(), "the WebJar's demo initializer is left out");
        HttpResponse<String> anonymous = page("/api/docs/", null);
        assertEquals(302, anonymous.statusCode());
        assertEquals("/login", anonymous.headers().firstValue("Location").map(l -> l.replaceFirst("^http://[^/]+", "")).orElse(""));
        HttpResponse<String> noSlash = page("/api/docs", cookie);
        assertEquals(302, noSlash.statusCode());
        assertTrue(noSlash.headers().firstValue("Location").orElse("").endsWith("/api/docs/"));

        // what the page's request interceptor does: a session's PUT needs the CSRF token of GET /session
        HttpResponse<String> without = HTTP.send(api("/scenario").header("Cookie", cookie).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, without.statusCode(), without.body());
        String csrf = JsonParser.parseString(HTTP.send(api("/session").header("Cookie", cookie).build(), HttpResponse.BodyHandlers.ofString()).body())
                .getAsJsonObject().get("csrf_token").getAsString();
        HttpResponse<String> with = HTTP.send(api("/scenario").header("Cookie", cookie).header("Content-Type", "application/json")
                .header("X-CSRF-Token", csrf).PUT(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, with.statusCode(), with.body());
    }

    /** In chromium: no Content-Security-Policy violation, every operation drawn, and "Try it out" of PUT /scenario accepted. */
    @Test
    void swaggerUiTriesAChangeWithTheSessionsCsrfToken() throws Exception {
        ChromeDriver browser = Browser.start(); // skipped without chromium (failed under CI=true)
        try {
            String base = "http://127.0.0.1:" + node.port;
            browser.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source",
                    "window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"));
            // the session of a login with the token (as the login form makes it), without loading the dashboard first
            String[] cookie = login().split("=", 2);
            browser.get(base + "/login.css");
            browser.manage().addCookie(new Cookie.Builder(cookie[0], cookie[1]).path("/").isHttpOnly(true).sameSite("Strict").build());
            browser.get(base + "/api/docs/");
            int operations = doc.getAsJsonObject("paths").entrySet().stream().mapToInt(e -> e.getValue().getAsJsonObject().size()).sum();
            waitFor(browser, "every operation drawn", d -> d.findElements(By.cssSelector(".opblock")).size() == operations);
            screenshot(browser, "openapi-01-swagger-ui");

            WebElement put = browser.findElement(By.id("operations-scenario-putScenario"));
            put.findElement(By.cssSelector(".opblock-summary-control")).click();
            waitFor(browser, "try it out", d -> put.findElement(By.cssSelector("button.try-out__btn"))).click();
            WebElement body = waitFor(browser, "body editor", d -> put.findElement(By.cssSelector("textarea.body-param__text")));
            body.sendKeys(Keys.chord(Keys.CONTROL, "a"), "{\"pace\": \"1\"}"); // replaces the example Swagger UI fills in
            put.findElement(By.cssSelector("button.execute")).click();
            String status = waitFor(browser, "an answer", d -> {
                List<WebElement> s = put.findElements(By.cssSelector(".live-responses-table tbody .response-col_status"));
                return s.isEmpty() || s.get(0).getText().isBlank() ? null : s.get(0).getText().trim();
            });
            browser.executeScript("arguments[0].scrollIntoView()", put.findElement(By.cssSelector(".live-responses-table")));
            screenshot(browser, "openapi-02-try-put-scenario");
            assertEquals("200", status, put.findElement(By.cssSelector(".live-responses-table")).getText());
            assertEquals("[]", String.valueOf(browser.executeScript("return JSON.stringify(window.__csp)")), "Content-Security-Policy violations");
        } finally {
            browser.quit();
        }
    }

    /** Logs in with the token as the login form does; the session cookie ("name=value"). */
    static String login() throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port + "/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("token=" + URLEncoder.encode(node.token(), StandardCharsets.UTF_8))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(302, r.statusCode());
        return r.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("ringlab_session=")).map(c -> c.split(";")[0])
                .findFirst().orElseThrow(() -> new AssertionError("no session cookie: " + r.headers().map()));
    }

    static HttpResponse<String> page(String path, String cookie) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port + path)).timeout(Duration.ofSeconds(10));
        if (cookie != null) b.header("Cookie", cookie);
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.ISO_8859_1)); // byte for byte
    }

    static HttpRequest.Builder api(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port + "/api/v1" + path)).timeout(Duration.ofSeconds(10));
    }

    static JsonObject resolve(JsonObject schema) {
        while (schema.has("$ref")) {
            String ref = schema.get("$ref").getAsString();
            schema = doc.getAsJsonObject("components").getAsJsonObject("schemas").getAsJsonObject(ref.substring(ref.lastIndexOf('/') + 1));
        }
        return schema;
    }

    /**
     * Whether a JSON value is what the schema says, as far as the generator writes schemas: objects with
     * documented properties (no other key; the required ones present) or additionalProperties, arrays,
     * enums, integers, numbers (null when nullable), strings, booleans. Problems are added with their path.
     */
    static void conforms(JsonElement v, JsonObject schema, String at, List<String> problems) {
        schema = resolve(schema);
        if (v.isJsonNull()) {
            if (!schema.has("nullable")) problems.add(at + ": null, not nullable");
            return;
        }
        String type = schema.has("type") ? schema.get("type").getAsString() : "";
        switch (type) {
            case "object" -> {
                if (!v.isJsonObject()) {
                    problems.add(at + ": not an object");
                    return;
                }
                JsonObject o = v.getAsJsonObject();
                if (schema.has("properties")) {
                    JsonObject props = schema.getAsJsonObject("properties");
                    for (String k : o.keySet()) {
                        if (props.has(k)) conforms(o.get(k), props.getAsJsonObject(k), at + "." + k, problems);
                        else problems.add(at + "." + k + ": not documented (documented: " + props.keySet() + ")");
                    }
                    if (schema.has("required")) {
                        schema.getAsJsonArray("required").forEach(r -> {
                            if (!o.has(r.getAsString())) problems.add(at + "." + r.getAsString() + ": required but missing");
                        });
                    }
                } else if (schema.has("additionalProperties")) {
                    for (String k : o.keySet()) conforms(o.get(k), schema.getAsJsonObject("additionalProperties"), at + "[" + k + "]", problems);
                }
            }
            case "array" -> {
                if (!v.isJsonArray()) {
                    problems.add(at + ": not an array");
                    return;
                }
                int i = 0;
                for (JsonElement e : v.getAsJsonArray()) conforms(e, schema.getAsJsonObject("items"), at + "[" + i++ + "]", problems);
            }
            case "string" -> {
                if (!v.isJsonPrimitive() || !v.getAsJsonPrimitive().isString()) problems.add(at + ": not a string: " + v);
                else if (schema.has("enum") && !schema.getAsJsonArray("enum").contains(v)) problems.add(at + ": " + v + " not in " + schema.get("enum"));
            }
            case "integer" -> {
                if (!isNumber(v) || v.getAsBigDecimal().stripTrailingZeros().scale() > 0) problems.add(at + ": not an integer: " + v);
            }
            case "number" -> {
                if (!isNumber(v)) problems.add(at + ": not a number: " + v);
            }
            case "boolean" -> {
                if (!v.isJsonPrimitive() || !v.getAsJsonPrimitive().isBoolean()) problems.add(at + ": not a boolean: " + v);
            }
            default -> { } // free-form
        }
    }

    static boolean isNumber(JsonElement v) {
        return v.isJsonPrimitive() && ((JsonPrimitive) v).isNumber();
    }
}
