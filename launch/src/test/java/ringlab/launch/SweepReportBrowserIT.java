package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.Browser.screenshot;
import static ringlab.launch.Browser.waitFor;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import ringlab.experiment.Experiments;
import ringlab.experiment.Figures;
import ringlab.experiment.Refusal;
import ringlab.experiment.RunResult;
import ringlab.experiment.RunSpec;
import ringlab.experiment.report.SweepReport;
import ringlab.sim.board.ClasspathBoards;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * A sweep's report.html from real runs (2 boards x 2 feature sets x 2 workloads x 2 seeds, where the resolver
 * refuses batched-rx on rzg2ul, whose stock set has gro; and a txqueuelen sweep), opened from a file:// URL in headless chromium with no network:
 * heat map cells coloured and refused cells marked, bars with their interval whiskers, the tunable's line
 * charts drawn on their canvases, the table sorted by a click, and a clean browser console. The screenshot
 * goes to target/screenshots/sweep-report.png.
 */
@Timeout(300)
class SweepReportBrowserIT {
    static final List<String> BOARDS = List.of("bcm6328", "rzg2ul");
    static ChromeDriver browser;
    @TempDir
    static Path reportDir;
    static Path page;
    static List<RunResult> results = new ArrayList<>();
    static List<Refusal> refused = new ArrayList<>();

    @BeforeAll
    static void writeTheReport() throws Exception {
        browser = Browser.start(); // skips (or fails under CI) before the runs are done for nothing
        Map<String, Board> boards = ClasspathBoards.load(SweepReportBrowserIT.class.getClassLoader());
        Map<String, DriverFeature> features = new TreeMap<>();
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class)) features.put(f.id(), f);
        Map<String, List<String>> workloads = Map.of("tcp-rx", List.of("-M", "512", "-t", "1"), "udp-rx", List.of("-u", "-b", "200M", "-t", "1"));
        for (String w : List.of("tcp-rx", "udp-rx")) {
            for (String b : BOARDS) {
                for (String f : List.of("stock", "stock,batched-rx")) {
                    for (long seed = 1; seed <= 2; seed++) run(new RunSpec(w, b, f, seed, Map.of(), null, 0, workloads.get(w)), boards, features);
                }
            }
        }
        for (String q : List.of("10", "100", "1000")) {
            for (String f : List.of("stock", "stock,batched-rx")) {
                run(new RunSpec("tcp-rx-txqueuelen", "bcm6328", f, 1, Map.of("txqueuelen", q), null, 0, workloads.get("tcp-rx")), boards, features);
            }
        }
        page = reportDir.resolve("report.html");
        Files.writeString(page, SweepReport.html("boards-by-features", results, refused), StandardCharsets.UTF_8);
    }

    static void run(RunSpec s, Map<String, Board> boards, Map<String, DriverFeature> features) {
        try {
            results.add(result(s, boards, features));
        } catch (IllegalArgumentException e) {
            refused.add(new Refusal(s, e.getMessage()));
        }
    }

    /** A real run's result with the boards and features on the test class path (a refusal throws). */
    static RunResult result(RunSpec s) {
        Map<String, DriverFeature> features = new TreeMap<>();
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class)) features.put(f.id(), f);
        return result(s, ClasspathBoards.load(SweepReportBrowserIT.class.getClassLoader()), features);
    }

    static RunResult result(RunSpec s, Map<String, Board> boards, Map<String, DriverFeature> features) {
        Experiments.Prepared p = Experiments.prepare(s, boards, features);
        return new RunResult(Integer.toHexString(s.hashCode()), s, Figures.of(Experiments.run(p), p.board()));
    }

    @AfterAll
    static void stop() {
        if (browser != null) browser.quit();
    }

    static String attr(String css, String name) { return browser.findElement(By.cssSelector(css)).getAttribute(name); }

    /** Pixels a canvas inside the element has painted (alpha above zero). */
    static long painted(WebElement fig) {
        Object n = ((JavascriptExecutor) browser).executeScript("const c = arguments[0].querySelector('canvas');"
                + "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;"
                + "for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n;", fig);
        return ((Number) n).longValue();
    }

    @Test
    void theReportDrawsHeatMapsBarsWithWhiskersAndLinesOfflineWithoutErrors() {
        assertEquals(3 * 2 * 2 + 6, results.size(), "all but rzg2ul's batched-rx ran: " + refused);
        assertEquals(2 * 2, refused.size(), "batched-rx refused on rzg2ul (gro in its stock set) for both workloads and seeds: " + refused);
        browser.manage().window().setSize(new Dimension(1440, 1000));
        browser.get(page.toUri().toString());
        waitFor(browser, "the report's script ran", d -> "true".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")));

        // heat maps: per workload throughput and CPU per bit, 3 cells drawn, rzg2ul's batched-rx marked refused
        for (String w : List.of("tcp-rx", "udp-rx")) {
            for (String metric : List.of("mbps", "cyclesPerBit")) {
                String css = "figure.heatmap[data-heatmap='" + w + "||" + metric + "']";
                assertEquals("3", attr(css, "data-cells"), css);
                assertEquals("1", attr(css, "data-refused"), css);
                List<WebElement> cells = browser.findElements(By.cssSelector(css + " td[data-value]"));
                assertEquals(3, cells.size());
                for (WebElement c : cells) {
                    assertTrue(c.getCssValue("background-color").startsWith("rgba(") && !c.getCssValue("background-color").equals("rgba(0, 0, 0, 0)"), "coloured");
                    assertTrue(Double.parseDouble(c.getAttribute("data-value")) > 0, "a value");
                }
                WebElement r = browser.findElement(By.cssSelector(css + " td.refused"));
                assertTrue(r.getAttribute("title").contains("conflicts"), r.getAttribute("title"));
                assertTrue(browser.findElement(By.cssSelector(css + " .legend .ramp")).isDisplayed(), "a colour legend");
            }
        }
        // the tunable's workload: one heat map pair per txqueuelen value
        assertEquals(3 * 2, browser.findElements(By.cssSelector("section[data-workload='tcp-rx-txqueuelen'] figure.heatmap")).size());

        // bars: one per board and feature set that ran, each with the whisker of its 2-seed interval
        for (String id : List.of("bars-tcp-rx-mbps", "bars-tcp-rx-cpb", "bars-udp-rx-mbps", "bars-udp-rx-cpb")) {
            String css = "figure[data-chart='" + id + "']";
            waitFor(browser, id + " drawn", d -> "3".equals(attr(css, "data-points")));
            assertEquals("3", attr(css, "data-whiskers"), id);
            assertTrue(painted(browser.findElement(By.cssSelector(css))) > 2000, id + " canvas painted");
        }
        assertTrue(browser.findElements(By.cssSelector("figure[data-chart^='bars-tcp-rx-txqueuelen']")).isEmpty(), "one seed: no bars");
        // lines over txqueuelen: two lines (stock, batched-rx) of three points each
        for (String id : List.of("line-tcp-rx-txqueuelen-txqueuelen-mbps", "line-tcp-rx-txqueuelen-txqueuelen-cpu")) {
            String css = "figure[data-chart='" + id + "']";
            waitFor(browser, id + " drawn", d -> "6".equals(attr(css, "data-points")));
            assertEquals("2", attr(css, "data-series"));
            assertTrue(painted(browser.findElement(By.cssSelector(css))) > 500, id + " canvas painted");
        }

        // the table: every run, sorted by receiver throughput with a click (twice: descending)
        assertEquals(String.valueOf(results.size()), attr("#runs", "data-rows"));
        WebElement th = browser.findElement(By.cssSelector("#runs th[data-key='receiver_mbps']"));
        th.click();
        th.click();
        assertEquals("descending", th.getAttribute("aria-sort"));
        List<WebElement> col = browser.findElements(By.cssSelector("#runs tbody tr td:nth-child(6)"));
        double first = Double.parseDouble(col.get(0).getText().replace(",", "")), last = Double.parseDouble(col.get(col.size() - 1).getText().replace(",", ""));
        double max = results.stream().mapToDouble(r -> r.figure("receiver_mbps")).max().orElseThrow();
        assertTrue(first >= last && Math.abs(first - max) <= 0.51, first + " then " + last + ", max " + max);
        assertEquals(String.valueOf(refused.size()), attr("#refusals", "data-rows"));

        List<LogEntry> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream().filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
        assertTrue(errors.isEmpty(), "browser console: " + errors);

        ((JavascriptExecutor) browser).executeScript("window.scrollTo(0, 0)");
        browser.manage().window().setSize(new Dimension(1440, pageHeight()));
        screenshot(browser, "sweep-report");
    }

    static int pageHeight() {
        return Math.min(6000, ((Number) ((JavascriptExecutor) browser).executeScript("return document.documentElement.scrollHeight")).intValue());
    }
}
