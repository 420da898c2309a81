package ringlab.experiment.report;

import java.util.List;
import ringlab.experiment.Refusal;
import ringlab.experiment.RunResult;

/**
 * A sweep's report.html: one self-contained page that opens offline. STUB: the charts come with issue 13's
 * report work; for now the page is a title and a count.
 */
public final class SweepReport {
    private SweepReport() { }

    /** The whole page for a sweep's results and refusals. */
    public static String html(String title, List<RunResult> results, List<Refusal> refused) {
        return "<!doctype html><html><head><meta charset=\"utf-8\"><title>" + title + "</title></head><body><h1>" + title
                + "</h1><p>" + results.size() + " runs, " + refused.size() + " refused</p></body></html>\n";
    }
}
