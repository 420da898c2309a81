package ringlab.experiment.report;

import com.google.gson.Gson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import ringlab.experiment.Refusal;
import ringlab.experiment.RunResult;

/**
 * A sweep's report.html: one self-contained page that opens offline (file://, no network). uPlot (the
 * console's charting library, read from its WebJar on the class path), the page's script and style are
 * inlined; the data is a JSON island ({@link ReportModel}) the script draws from: per workload heat maps of
 * throughput and CPU per bit, bars with 95 % intervals when there are several seeds, lines over a swept
 * tunable, the sortable table of runs and the refusals.
 */
public final class SweepReport {
    static final String UPLOT = "META-INF/resources/webjars/uplot/1.6.30/dist/";

    private SweepReport() { }

    /** The whole page for a sweep's results and refusals. */
    public static String html(String title, List<RunResult> results, List<Refusal> refused) {
        // Gson's default HTML-safe escaping writes <, >, &, = and ' as \\u003c etc.: no "</script>" or
        // "<!--" can end the island early, whatever a title or feature list holds
        String data = new Gson().toJson(ReportModel.of(title, results, refused));
        return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + escape(title) + " · ringlab sweep</title>\n"
                + "<style>\n" + inlineSafe(resource(UPLOT + "uPlot.min.css")) + "\n" + inlineSafe(own("report.css")) + "</style>\n"
                + "<script type=\"application/json\" id=\"sweep-data\">" + data.replace("</", "<\\/") + "</script>\n"
                + "<script>\n" + inlineSafe(resource(UPLOT + "uPlot.iife.min.js")) + "\n</script>\n"
                + "</head><body>\n<header><h1>" + escape(title) + "</h1><p id=\"summary\"></p></header>\n<main id=\"report\"></main>\n"
                + "<noscript><p>This report draws its charts and tables with JavaScript.</p></noscript>\n"
                + "<script>\n" + inlineSafe(own("report.js")) + "\n</script>\n</body></html>\n";
    }

    /** Text for an HTML element's content or a quoted attribute. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }

    /** Inlined code must not close its own element early; none of ours does, and a library update that did would fail here. */
    private static String inlineSafe(String code) {
        if (code.toLowerCase(java.util.Locale.ROOT).contains("</script") || code.toLowerCase(java.util.Locale.ROOT).contains("</style")) {
            throw new IllegalStateException("inlined code contains a closing </script> or </style>");
        }
        return code;
    }

    /** The page's own script and style, beside this class: Class.getResource reads its own module's package. */
    private static String own(String name) {
        try (InputStream in = SweepReport.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("report asset missing: " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Through the class loader: META-INF/... is no package, so it is found in this jar (where bnd.bnd copies
     * uPlot's files) on the module path as on a class path, and in the WebJar itself where that is on the class path (tests).
     */
    private static String resource(String path) {
        try (InputStream in = SweepReport.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException("report asset missing from the class path: " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
