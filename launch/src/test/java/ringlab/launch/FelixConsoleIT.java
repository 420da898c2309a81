package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.Browser.screenshot;
import static ringlab.launch.Browser.waitFor;
import static ringlab.launch.NodeHarness.await;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.osgi.framework.Bundle;

/**
 * The Apache Felix Web Console at /system/console behind ringlab's login (FelixConsoleSecurity), on the
 * exported node in this JVM: nothing of it answers anonymously or to HTTP Basic admin:admin; a ringlab
 * session (POST /login, which returns to ?next=) or the API token gets the bundles, services, configuration
 * (ringlab's Metatype forms) and logs pages; the console's logout ends the ringlab session; a session's
 * change from another origin is refused; and with ringlab's provider gone the console is not there at all.
 * One node for the class, the steps in order (the last one stops and restarts ringlab's console bundle).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(180)
class FelixConsoleIT {
    static final String ADMIN_ADMIN = "Basic " + Base64.getEncoder().encodeToString("admin:admin".getBytes(StandardCharsets.US_ASCII));
    /** Paths of the console: its pages, their JSON, a resource, its logout. */
    static final List<String> CONSOLE_PATHS = List.of("/system/console", "/system/console/", "/system/console/bundles",
            "/system/console/bundles.json", "/system/console/services", "/system/console/configMgr",
            "/system/console/configMgr/ringlab.scenario", "/system/console/logs", "/system/console/res/ui/webconsole.css",
            "/system/console/vmstat", "/system/console/logout");

    static NodeHarness node;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build(); // follows no redirect

    @BeforeAll
    static void start() throws Exception {
        node = new NodeHarness().start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (node != null) node.close();
    }

    /** A request to the node (not under /api/v1); headers as name, value pairs. */
    static HttpResponse<String> send(String method, String path, String form, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port + path)).timeout(Duration.ofSeconds(10))
                .method(method, form == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(form));
        if (form != null) b.header("Content-Type", "application/x-www-form-urlencoded");
        for (int i = 0; i < headers.length; i += 2) b.header(headers[i], headers[i + 1]);
        try {
            return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(method + " " + path + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static HttpResponse<String> get(String path, String... headers) { return send("GET", path, null, headers); }

    /** Logs in with the API token as the login form does; returns the ringlab_session cookie's value. */
    static String login(String next, String expectedLocation) {
        HttpResponse<String> r = send("POST", "/login" + (next == null ? "" : "?next=" + URLEncoder.encode(next, StandardCharsets.UTF_8)),
                "token=" + node.token());
        assertEquals(302, r.statusCode(), r.body());
        assertEquals(expectedLocation, r.headers().firstValue("Location").orElse(null));
        String cookie = r.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("ringlab_session=")).findFirst()
                .orElseThrow(() -> new AssertionError("no session cookie: " + r.headers().map()));
        return cookie.substring("ringlab_session=".length(), cookie.indexOf(';'));
    }

    static String cookie(String session) { return "ringlab_session=" + session; }

    /** Refused without showing anything of the framework: no bundle, no PID, no Basic challenge. */
    static void assertRefused(String what, HttpResponse<String> r) {
        assertNotEquals(200, r.statusCode(), what + " answered: " + r.body());
        assertTrue(r.statusCode() == 302 || r.statusCode() == 401, what + " -> " + r.statusCode());
        for (String secret : List.of("org.apache.felix.framework", "ringlab.web.console", "ringlab.scenario", "symbolicName")) {
            assertFalse(r.body().contains(secret), what + " shows " + secret + ": " + r.body());
        }
        r.headers().allValues("WWW-Authenticate").forEach(h -> assertFalse(h.regionMatches(true, 0, "Basic", 0, 5), what + ": " + h));
    }

    @Test
    @Order(1)
    void nothingOfTheConsoleAnswersAnonymouslyOrToAdminAdmin() {
        for (String path : CONSOLE_PATHS) {
            for (String method : List.of("GET", "POST")) {
                HttpResponse<String> anonymous = send(method, path, null);
                assertRefused(method + " " + path + " anonymously", anonymous);
                assertEquals(401, anonymous.statusCode(), method + " " + path);
                HttpResponse<String> admin = send(method, path, null, "Authorization", ADMIN_ADMIN);
                assertRefused(method + " " + path + " with admin:admin", admin);
                assertEquals(401, admin.statusCode(), method + " " + path + " with admin:admin");
            }
            assertRefused(path + " with a wrong token", get(path, "Authorization", "Bearer " + "0".repeat(64)));
            assertRefused(path + " with an unknown session", get(path, "Cookie", cookie("f".repeat(64))));
        }
        // a browser asking for a page (anonymous or admin:admin alike) is sent to ringlab's login, which comes back
        for (String[] auth : List.of(new String[] {"X-None", "-"}, new String[] {"Authorization", ADMIN_ADMIN})) {
            HttpResponse<String> page = get("/system/console/bundles?x=1", "Accept", "text/html,application/xhtml+xml", auth[0], auth[1]);
            assertRefused("a browser's page request", page);
            assertEquals(302, page.statusCode());
            assertEquals("/login?next=" + URLEncoder.encode("/system/console/bundles?x=1", StandardCharsets.UTF_8),
                    page.headers().firstValue("Location").orElse(null));
        }
    }

    @Test
    @Order(2)
    void aRinglabSessionOrTheTokenOpensIt() {
        String session = login("/system/console/bundles", "/system/console/bundles");
        HttpResponse<String> page = get("/system/console/bundles", "Cookie", cookie(session), "Accept", "text/html");
        assertEquals(200, page.statusCode(), page.body());
        assertTrue(page.body().contains("org.apache.felix.framework"), "the bundles page lists the framework");
        assertEquals("SAMEORIGIN", page.headers().firstValue("X-Frame-Options").orElse(null));

        for (String[] auth : List.of(new String[] {"Cookie", cookie(session)}, new String[] {"Authorization", "Bearer " + node.token()})) {
            HttpResponse<String> json = get("/system/console/bundles.json", auth);
            assertEquals(200, json.statusCode(), json.body());
            JsonObject o = JsonParser.parseString(json.body()).getAsJsonObject();
            List<String> names = o.getAsJsonArray("data").asList().stream()
                    .map(e -> e.getAsJsonObject().get("symbolicName").getAsString()).toList();
            for (String b : List.of("org.apache.felix.framework", "org.apache.felix.webconsole", "ringlab.node", "ringlab.web.console")) {
                assertTrue(names.contains(b), auth[0] + ": " + b + " in " + names);
            }
        }
        for (String p : List.of("/system/console/services", "/system/console/configMgr", "/system/console/logs")) {
            HttpResponse<String> r = get(p, "Cookie", cookie(session));
            assertEquals(200, r.statusCode(), p + ": " + r.body());
        }
        // the configuration page lists ringlab's PIDs, and the Metatype form of the scenario comes with its fields
        assertTrue(get("/system/console/configMgr", "Cookie", cookie(session)).body().contains("ringlab.scenario"));
        HttpResponse<String> form = send("POST", "/system/console/configMgr/ringlab.scenario?post=true", "", "Cookie", cookie(session),
                "Origin", "http://127.0.0.1:" + node.port); // as the console's page in a browser sends it
        assertEquals(200, form.statusCode(), form.body());
        JsonObject scenario = JsonParser.parseString(form.body()).getAsJsonObject();
        assertEquals("ringlab.scenario", scenario.get("pid").getAsString());
        assertTrue(scenario.getAsJsonObject("properties").keySet().containsAll(List.of("board", "features", "workload", "pace", "seed")),
                scenario.toString());
    }

    @Test
    @Order(3)
    void loginReturnsOnlyToLocalPathsAndAnAlreadyLoggedInBrowserGoesStraightThere() {
        for (String evil : List.of("//evil.example/x", "https://evil.example/", "/\\evil.example", "/\t/evil.example", "evil", "")) {
            login(evil, "/");
        }
        String session = login(null, "/");
        HttpResponse<String> again = get("/login?next=" + URLEncoder.encode("/system/console/services", StandardCharsets.UTF_8), "Cookie", cookie(session));
        assertEquals(302, again.statusCode());
        assertEquals("/system/console/services", again.headers().firstValue("Location").orElse(null));
        // a wrong token keeps next for the next try
        HttpResponse<String> wrong = send("POST", "/login?next=%2Fsystem%2Fconsole%2Flogs", "token=nope");
        assertEquals(302, wrong.statusCode());
        assertEquals("/login?failed=token&next=%2Fsystem%2Fconsole%2Flogs", wrong.headers().firstValue("Location").orElse(null));
    }

    @Test
    @Order(4)
    void aSessionsChangeFromAnotherOriginOrWithoutOneIsRefused() {
        String session = login(null, "/");
        HttpResponse<String> r = send("POST", "/system/console/configMgr/ringlab.scenario?post=true", "", "Cookie", cookie(session),
                "Origin", "http://evil.example");
        assertEquals(403, r.statusCode(), r.body());
        assertFalse(r.body().contains("\"pid\""), r.body());
        // a script holding only the cookie sends no Origin: refused too (the API token is for scripts)
        HttpResponse<String> bare = send("POST", "/system/console/bundles/0", "action=refreshPackages", "Cookie", cookie(session));
        assertEquals(403, bare.statusCode(), bare.body());
        assertEquals(200, send("POST", "/system/console/configMgr/ringlab.scenario?post=true", "", "Authorization", "Bearer " + node.token()).statusCode());
    }

    @Test
    @Order(5)
    void theConsolesLogoutEndsTheRinglabSession() {
        String session = login(null, "/");
        assertEquals(200, get("/system/console/bundles.json", "Cookie", cookie(session)).statusCode());
        HttpResponse<String> out = get("/system/console/logout", "Cookie", cookie(session));
        assertEquals(302, out.statusCode(), out.body());
        assertEquals("/login?bye", out.headers().firstValue("Location").orElse(null));
        assertTrue(out.headers().allValues("Set-Cookie").stream().anyMatch(c -> c.startsWith("ringlab_session=;")), out.headers().map().toString());
        assertRefused("after logout", get("/system/console/bundles.json", "Cookie", cookie(session)));
        assertEquals(401, get("/api/v1/session", "Cookie", cookie(session)).statusCode(), "the console's session is gone too");
    }

    @Test
    @Order(6)
    void inABrowserTheLoginLeadsToTheRenderedConsole() {
        ChromeDriver browser = Browser.start(); // skipped (failed under CI=true) without a browser
        try {
            String base = "http://127.0.0.1:" + node.port;
            browser.get(base + "/system/console/bundles");
            waitFor(browser, "ringlab's login", ExpectedConditions.urlContains("/login?next="));
            browser.findElement(By.id("token")).sendKeys(node.token());
            browser.findElement(By.cssSelector("button[type=submit]")).click();
            waitFor(browser, "back on the bundles page", ExpectedConditions.urlToBe(base + "/system/console/bundles"));
            // its script filled the table from the JSON, its style sheet is applied
            waitFor(browser, "the bundle table", d -> d.findElements(By.cssSelector("#plugin_table tbody tr")).size() > 10);
            assertTrue(browser.findElement(By.id("plugin_table")).getText().contains("ringlab web console"),
                    browser.findElement(By.id("plugin_table")).getText());
            Object sheets = browser.executeScript("return Array.from(document.styleSheets).filter(s => s.href && s.href.includes('/system/console/res/')).length");
            assertTrue(((Number) sheets).intValue() > 0, "the console's style sheets loaded");
            screenshot(browser, "felix-console-bundles");
            browser.get(base + "/system/console/configMgr");
            waitFor(browser, "the configuration list", d -> d.getPageSource().contains("ringlab.scenario"));
            screenshot(browser, "felix-console-configuration");
            // the scenario's Metatype form in the console's editor (its data comes from a same-origin POST)
            browser.get(base + "/system/console/configMgr/ringlab.scenario");
            waitFor(browser, "the scenario's form", d -> !d.findElements(By.cssSelector("#editor [name='features']")).isEmpty()
                    && d.findElement(By.cssSelector("#editor [name='features']")).isDisplayed());
            assertEquals("stock", browser.findElement(By.cssSelector("#editor [name='features']")).getAttribute("value"));
            screenshot(browser, "felix-console-scenario-form");
        } finally {
            browser.quit();
        }
    }

    @Test
    @Order(7)
    void withoutRinglabsProviderTheConsoleIsNotThereAtAll() throws Exception {
        Bundle ours = Arrays.stream(node.framework.getBundleContext().getBundles())
                .filter(b -> "ringlab.web.console".equals(b.getSymbolicName())).findFirst().orElseThrow();
        ours.stop();
        try {
            // the console unregisters with its required provider: admin/admin reaches nothing, not even a login
            HttpResponse<String> admin = await("console unregistered", () -> {
                HttpResponse<String> r = get("/system/console/bundles.json", "Authorization", ADMIN_ADMIN);
                return r.statusCode() == 404 ? r : null;
            });
            assertFalse(admin.body().contains("org.apache.felix.framework"), admin.body());
            assertEquals(404, get("/system/console/bundles", "Authorization", ADMIN_ADMIN).statusCode());
        } finally {
            ours.start();
        }
        await("console back behind ringlab's login", () -> get("/system/console/bundles.json", "Authorization", "Bearer " + node.token()).statusCode() == 200);
        assertRefused("admin:admin after the restart", get("/system/console/bundles.json", "Authorization", ADMIN_ADMIN));
        assertRefused("anonymous after the restart", get("/system/console/bundles.json"));
    }
}
