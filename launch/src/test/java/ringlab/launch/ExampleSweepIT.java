package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.Browser.screenshot;
import static ringlab.launch.Browser.waitFor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Issue 13's "Done when", as a user runs it: `./ringlab sweep examples/sweeps/boards-by-features.json` (Spark in
 * local mode, the sweep module built earlier in the reactor: it is declared before launch in the root pom and
 * RINGLAB_NO_BUILD keeps the script from building) writes its results and report.html, and the report's heat
 * maps and charts render in headless chromium from a file:// URL. Screenshot: target/screenshots/example-sweep-report.png.
 */
@Timeout(900)
class ExampleSweepIT {
    @Test
    void theExampleSweepWritesResultsAndAReportWhoseChartsRender() throws Exception {
        Path root = BundleListsTest.ROOT;
        assertTrue(Files.isDirectory(root.resolve("sweep/target/lib")),
                "sweep/target/lib is missing: the sweep module must be packaged before launch's integration tests (root pom order)");
        ChromeDriver browser = Browser.start();
        Path out = Path.of("target", "example-sweep").toAbsolutePath();
        try {
            // a fresh folder each time: a sweep resumes what a folder already holds
            if (Files.exists(out)) try (var s = Files.walk(out)) { s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete()); }
            ProcessBuilder pb = new ProcessBuilder(root.resolve("ringlab").toString(), "sweep",
                    root.resolve("examples/sweeps/boards-by-features.json").toString(), "--out", out.toString())
                    .redirectErrorStream(true).redirectOutput(Path.of("target", "example-sweep.log").toFile());
            pb.environment().put("RINGLAB_NO_BUILD", "1");
            Process p = pb.start();
            assertTrue(p.waitFor(600, TimeUnit.SECONDS), "the sweep finished within 10 minutes");
            assertEquals(0, p.exitValue(), "exit status; log: " + Files.readString(Path.of("target", "example-sweep.log")));

            List<String> results = Files.readAllLines(out.resolve("results.jsonl"));
            List<String> refused = Files.readAllLines(out.resolve("refused.jsonl"));
            // 11 boards x 4 feature sets x 2 workloads: every combination ran or was refused with its reason
            assertEquals(11 * 4 * 2, results.size() + refused.size(), "runs + refusals");
            assertTrue(results.size() > refused.size(), results.size() + " runs, " + refused.size() + " refused");
            assertEquals(results.size() + 1, Files.readAllLines(out.resolve("results.csv")).size(), "CSV: a header and a row per run");
            try (var docs = Files.list(out.resolve("runs"))) { assertEquals(results.size(), docs.count(), "a JSON document per run"); }
            assertTrue(Files.readString(out.resolve("progress.json")).contains("\"done\""), "progress.json says done");

            browser.manage().window().setSize(new Dimension(1440, 1000));
            browser.get(out.resolve("report.html").toUri().toString());
            waitFor(browser, "the report's script ran", d -> "true".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")));
            for (String w : List.of("tcp-rx", "udp-rx")) {
                String css = "figure.heatmap[data-heatmap='" + w + "||mbps']";
                WebElement map = browser.findElement(By.cssSelector(css));
                int cells = Integer.parseInt(map.getAttribute("data-cells")), refusedCells = Integer.parseInt(map.getAttribute("data-refused"));
                assertEquals(11 * 4, cells + refusedCells, css + ": every board x feature set is a cell");
                assertTrue(cells > 0 && browser.findElements(By.cssSelector(css + " td[data-value]")).size() == cells, css);
            }
            assertEquals(String.valueOf(results.size()), browser.findElement(By.cssSelector("#runs")).getAttribute("data-rows"));
            List<LogEntry> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
            assertTrue(errors.isEmpty(), "browser console: " + errors);
            ((JavascriptExecutor) browser).executeScript("window.scrollTo(0, 0)");
            int height = ((Number) ((JavascriptExecutor) browser).executeScript("return document.documentElement.scrollHeight")).intValue();
            browser.manage().window().setSize(new Dimension(1440, Math.min(6000, height)));
            screenshot(browser, "example-sweep-report");
        } finally {
            browser.quit();
        }
    }
}
