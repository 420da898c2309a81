package ringlab.launch;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's chromium driven headless by its chromedriver (given explicitly, so Selenium Manager neither
 * downloads nor phones home). Under CI=true a missing browser fails the tests (they are required there);
 * elsewhere they are skipped with one line saying why. Screenshots go to target/screenshots/.
 */
final class Browser {
    static final Path CHROMIUM = Path.of(System.getProperty("ringlab.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("ringlab.chromedriver", "/usr/bin/chromedriver"));
    static final Path SHOTS = Path.of("target", "screenshots");

    private Browser() { }

    /** A headless chromium, or a skipped test (a failed one under CI=true) when there is none. */
    static ChromeDriver start() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            String why = "browser tests need " + CHROMIUM + " and " + CHROMEDRIVER + " (apt-get install chromium chromium-driver)";
            if ("true".equals(System.getenv("CI"))) fail(why + ": required under CI=true");
            Assumptions.abort(why + "; skipped");
        }
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toFile());
        // as root chromium needs --no-sandbox; the machine's network is closed: no background requests
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1440,1000", "--force-device-scale-factor=1");
        // the page's console (errors included) for tests that check a page ran clean (SweepReportBrowserIT)
        o.setCapability("goog:loggingPrefs", java.util.Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
        return new ChromeDriver(service, o);
    }

    /**
     * Polls condition until it answers (non-null, not false) or 20 s pass. A condition re-finds its elements at each
     * poll, so one the page replaced between the find and the read (a form submit reloading the page: seen once in
     * CI on the login page's message) is polled again, like one not there yet.
     */
    static <T> T waitFor(WebDriver d, String what, Function<WebDriver, T> condition) {
        try {
            return new WebDriverWait(d, Duration.ofSeconds(20)).withMessage(what)
                    .ignoring(org.openqa.selenium.StaleElementReferenceException.class).until(condition);
        } catch (org.openqa.selenium.TimeoutException e) {
            screenshot(d, "failed-" + what.replaceAll("[^A-Za-z0-9]+", "-"));
            throw e;
        }
    }

    static void screenshot(WebDriver d, String name) {
        try {
            Files.createDirectories(SHOTS);
            Files.write(SHOTS.resolve(name + ".png"), ((TakesScreenshot) d).getScreenshotAs(OutputType.BYTES));
        } catch (IOException | RuntimeException e) {
            System.err.println("screenshot " + name + " not saved: " + e);
        }
    }
}
