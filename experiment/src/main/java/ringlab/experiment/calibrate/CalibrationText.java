package ringlab.experiment.calibrate;

import java.util.Locale;

/** `ringlab calibrate`'s output: the parameters found, then per measurement measured, simulated and the errors. */
public final class CalibrationText {
    private CalibrationText() { }

    public static String format(CalibrationReport r) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "calibrate %s: %d free parameters on %d measurements%n%n", r.board(), r.free().size(), r.measurements().size()));
        s.append(String.format(Locale.ROOT, "%-18s %7s  %-11s  %s%n", "parameter", "factor", "bounds", "what it scales"));
        for (int i = 0; i < r.free().size(); i++) {
            FreeParameter p = r.free().get(i);
            s.append(String.format(Locale.ROOT, "%-18s %7.3f  %4.2f..%-5.2f  %s (%d cost keys)%n", p.name(), r.fit().factors()[i],
                    p.lower(), p.upper(), p.doc(), p.keys().size()));
        }
        int w = Math.max(30, r.measurements().stream().mapToInt(m -> m.label().length()).max().orElse(0));
        s.append(String.format(Locale.ROOT, "%n%-" + w + "s %9s | %9s %8s | %9s %8s | %13s%n", "measurement (features, iperf3)", "measured",
                "start", "error", "fitted", "error", "leave-one-out"));
        for (int i = 0; i < r.measurements().size(); i++) {
            Measurement m = r.measurements().get(i);
            double start = r.start().simulated().get(i), fit = r.fit().simulated().get(i);
            double loo = r.leaveOneOut().get(i);
            s.append(String.format(Locale.ROOT, "%-" + w + "s %9s | %9s %8s | %9s %8s | %13s%n", m.label(), m.format(m.value()),
                    m.format(start), m.errorText(start), m.format(fit), m.errorText(fit),
                    Double.isNaN(loo) ? "-" : m.formatError(loo)));
        }
        s.append(String.format(Locale.ROOT, "%nrms error %.1f %% (start %.1f %%), as a ratio; %d evaluations of the fit, %d simulation runs in all%n",
                100 * r.rms(r.fit()), 100 * r.rms(r.start()), r.fit().evaluations(), r.runs()));
        s.append(String.format(Locale.ROOT, "within reproduce's tolerance (README \"Fidelity\"): %d of %d fitted, %d at the start%n",
                r.holding(r.fit()), r.measurements().size(), r.holding(r.start())));
        s.append("receiver throughput in Mbit/s, changes in % (their errors in points); the fit minimises a robust loss of\n"
                + "the log ratios of simulated to measured throughput (for a change: of the throughput ratios): their squares\n"
                + "up to about 20 %, growing only logarithmically beyond (Cauchy), so a row missed by far cannot pull the\n"
                + "others; the rms error above is of the plain log ratios; a livelock measured below 5 Mbit/s counts only\n"
                + "for a simulated figure above 5 Mbit/s, by its ratio to 5\n");
        return s.toString();
    }
}
