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
        s.append(String.format(Locale.ROOT, "%n%-44s %9s | %9s %7s | %9s %7s | %13s%n", "measurement (features, iperf3)", "measured",
                "start", "error", "fitted", "error", "leave-one-out"));
        for (int i = 0; i < r.measurements().size(); i++) {
            Measurement m = r.measurements().get(i);
            double start = r.start().simulatedMbps().get(i), fit = r.fit().simulatedMbps().get(i);
            double loo = r.leaveOneOut().get(i);
            s.append(String.format(Locale.ROOT, "%-44s %9.1f | %9.1f %+6.1f%% | %9.1f %+6.1f%% | %13s%n", m.label(), m.receiverMbps(),
                    start, 100 * (start / m.receiverMbps() - 1), fit, 100 * r.error(i),
                    Double.isNaN(loo) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * loo)));
        }
        s.append(String.format(Locale.ROOT, "%nrms error %.1f %% (start %.1f %%); %d evaluations of the fit, %d simulation runs in all%n",
                100 * r.rms(r.fit()), 100 * r.rms(r.start()), r.fit().evaluations(), r.runs()));
        s.append("receiver throughput in Mbit/s; the fit minimises the squared log ratios of simulated to measured\n");
        return s.toString();
    }
}
