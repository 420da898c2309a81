package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.Browser.screenshot;
import static ringlab.launch.Browser.waitFor;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import ringlab.experiment.RunResult;
import ringlab.experiment.RunSpec;
import ringlab.experiment.report.SweepReport;

/**
 * The console's Sweeps page in headless chromium against a node (child JVM) whose `ringlab sweep` is the fake
 * of src/test/resources/fake-sweep.sh: a refused spec shows the API's message, a started sweep shows its
 * progress bar and ETA (refreshed every second), a second one while it runs is refused, Cancel stops it, and
 * a finished sweep links its report, and a real report.html served by the node draws under its policy. Screenshots: target/screenshots/sweeps-*.png.
 */
@Timeout(180)
class SweepsPageBrowserIT {
    static ChromeDriver browser;
    static ProcessNode node;
    static String base;

    @BeforeAll
    static void start() throws Exception {
        browser = Browser.start(); // skips (or fails under CI) before a node is started for nothing
        node = new ProcessNode();
        node.jvmOptions.add("-Dringlab.sweep.command=" + FakeSweep.install(node.root));
        node.start();
        base = "http://127.0.0.1:" + node.port;
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) browser.quit();
        if (node != null) node.close();
    }

    static WebElement $(String css) { return browser.findElement(By.cssSelector(css)); }

    static String note() { return $("#sweep-note").getText(); }

    static void submit(String name) {
        WebElement n = $("#sweep-name");
        n.clear();
        n.sendKeys(name);
        $("#sweep-start").click();
    }

    /**
     * A sweep's row as one snapshot taken in the page (state, text, progress value, report link): the list is
     * rebuilt every second, so element handles kept across calls would go stale.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> row(String name) {
        return (Map<String, Object>) ((JavascriptExecutor) browser).executeScript(
                "const r = [...document.querySelectorAll('#sweep-table tr[data-sweep]')].find(r => r.querySelector('strong').textContent === arguments[0]);"
                + "if (!r) return null; const a = r.querySelector('a.report');"
                + "return {state: r.dataset.state, text: r.innerText, progress: String(r.querySelector('progress').value),"
                + " report: a ? a.href : null, link: a ? a.textContent : null};", name);
    }

    static String rowState(String name) {
        Map<String, Object> r = row(name);
        return r == null ? null : (String) r.get("state");
    }

    @Test
    void startWatchCancelAndOpenAReport() throws Exception {
        browser.get(base + "/login");
        $("#token").sendKeys(node.token());
        $("button[type=submit]").click();
        waitFor(browser, "dashboard", d -> "dashboard".equals(d.findElement(By.id("page")).getAttribute("data-page")));
        browser.get(base + "/#sweeps");
        waitFor(browser, "sweeps page", d -> "sweeps".equals(d.findElement(By.id("page")).getAttribute("data-page")));
        List<WebElement> boxes = waitFor(browser, "board checkboxes", d -> {
            List<WebElement> b = d.findElements(By.cssSelector("#sweep-boards input[name=board]"));
            return b.size() >= 11 ? b : null;
        });
        assertTrue(browser.findElement(By.id("sweep-list")).getText().contains("No sweeps yet"));

        // a spec the API refuses: its message in the page
        $("#sweep-features").clear();
        submit("no-features");
        waitFor(browser, "refusal shown", d -> note().contains("field 'features' must be a non-empty list"));
        assertEquals("alert", $("#sweep-note").getAttribute("role"));
        screenshot(browser, "sweeps-01-refused");

        // two boards, two feature sets, 2 seeds of 5 s: a long one, to watch and cancel
        for (WebElement b : boxes) if (!List.of("bcm6328", "rzg2ul").contains(b.getAttribute("data-board"))) b.click();
        $("#sweep-features").sendKeys("stock\nstock,batched-rx");
        $("#sweep-seeds").clear();
        $("#sweep-seeds").sendKeys("2");
        $("#sweep-seconds").clear();
        $("#sweep-seconds").sendKeys("5");
        submit("slow-console");
        waitFor(browser, "started", d -> note().startsWith("started: "));
        String id = note().substring("started: ".length());
        JsonObject spec = JsonParser.parseString(Files.readString(node.data.resolve("sweeps").resolve(id).resolve("spec.json"))).getAsJsonObject();
        assertEquals("[\"bcm6328\",\"rzg2ul\"]", spec.get("boards").toString());
        assertEquals("[\"stock\",\"stock,batched-rx\"]", spec.get("features").toString());
        assertEquals("-M 512 -t 5", spec.getAsJsonArray("workloads").get(0).getAsJsonObject().get("iperf").getAsString());
        assertEquals("{\"count\":2}", spec.get("seeds").toString());

        waitFor(browser, "progress with an ETA", d -> {
            Map<String, Object> r = row("slow-console");
            return r != null && "running".equals(r.get("state")) && ((String) r.get("text")).contains("of 600 runs") && ((String) r.get("text")).contains("left");
        });
        String first = (String) row("slow-console").get("text");
        waitFor(browser, "refreshed every second", d -> !first.equals(row("slow-console").get("text")));
        screenshot(browser, "sweeps-02-running");

        submit("another");
        waitFor(browser, "one at a time", d -> note().contains(id + " is running"));

        ((JavascriptExecutor) browser).executeScript("[...document.querySelectorAll('#sweep-table tr[data-sweep]')]"
                + ".find(r => r.querySelector('strong').textContent === 'slow-console').querySelector('button[data-action=cancel]').click()");
        waitFor(browser, "cancelled", d -> "cancelled".equals(rowState("slow-console")));

        submit("quick-console");
        waitFor(browser, "done", d -> "done".equals(rowState("quick-console")));
        Map<String, Object> done = waitFor(browser, "report link", d -> row("quick-console").get("report") != null ? row("quick-console") : null);
        assertEquals("Open report", done.get("link"));
        assertTrue(((String) done.get("text")).contains("4 of 4 runs, 1 refused"), (String) done.get("text"));
        String href = (String) done.get("report");
        screenshot(browser, "sweeps-03-done");
        browser.get(href);
        waitFor(browser, "the report", d -> d.findElement(By.id("fake-report")).getText().equals("quick-console"));

        // a real report.html served by the node: its inline scripts run under the report's own policy (sandboxed),
        // the charts draw, and the browser logs no violation or error
        browser.manage().logs().get(LogType.BROWSER); // drop what came before
        RunSpec spec1 = new RunSpec("tcp-rx", "bcm6328", "stock", 1, Map.of(), null, 0, List.of("-M", "512", "-t", "1"));
        List<RunResult> results = List.of(SweepReportBrowserIT.result(spec1), SweepReportBrowserIT.result(spec1.withSeed(2)));
        Files.writeString(node.data.resolve("sweeps").resolve(href.substring(href.indexOf("/sweeps/") + 8, href.lastIndexOf("/report"))).resolve("report.html"),
                SweepReport.html("served", results, List.of()));
        browser.get(href);
        waitFor(browser, "the real report's script ran", d -> "true".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")));
        waitFor(browser, "its bars drawn", d -> "1".equals(d.findElement(By.cssSelector("figure[data-chart='bars-tcp-rx-mbps']")).getAttribute("data-whiskers")));
        assertEquals("1", $("figure.heatmap[data-heatmap='tcp-rx||mbps']").getAttribute("data-cells"));
        List<LogEntry> logged = browser.manage().logs().get(LogType.BROWSER).getAll();
        assertTrue(logged.stream().noneMatch(e -> e.getLevel().intValue() >= Level.WARNING.intValue()), "browser console: " + logged);
        screenshot(browser, "sweeps-04-served-report");
    }
}
