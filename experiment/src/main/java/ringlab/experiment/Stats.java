package ringlab.experiment;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.TTest;

/** Means, 95 % confidence intervals (Student's t) and Welch's two-sample t-test over a figure's values across seeds. */
public final class Stats {
    /** The two-sided significance level of the intervals and the test. */
    public static final double ALPHA = 0.05;

    private Stats() { }

    /**
     * A figure over n seeds.
     *
     * @param n          number of values (runs)
     * @param mean       their mean
     * @param halfWidth  half the width of the 95 % confidence interval of the mean, Student's t with n-1 degrees
     *                   of freedom; 0 when n is 1 or all values are equal (no interval can be estimated then)
     */
    public record Summary(int n, double mean, double halfWidth) {
        public double low() { return mean - halfWidth; }
        public double high() { return mean + halfWidth; }
    }

    public static Summary summary(double[] values) {
        if (values.length == 0) throw new IllegalArgumentException("no values");
        SummaryStatistics s = new SummaryStatistics();
        for (double v : values) s.addValue(v);
        if (values.length < 2 || s.getStandardDeviation() == 0) return new Summary(values.length, s.getMean(), 0);
        double t = new TDistribution(values.length - 1).inverseCumulativeProbability(1 - ALPHA / 2);
        return new Summary(values.length, s.getMean(), t * s.getStandardDeviation() / Math.sqrt(values.length));
    }

    /**
     * Whether a and b differ at the 5 % level (Welch's t-test, two-sided). With fewer than two values on a
     * side no test is possible: false. Two constant samples differ exactly when their values do.
     */
    public static boolean significant(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2) return false;
        SummaryStatistics sa = new SummaryStatistics(), sb = new SummaryStatistics();
        for (double v : a) sa.addValue(v);
        for (double v : b) sb.addValue(v);
        if (sa.getVariance() == 0 && sb.getVariance() == 0) return sa.getMean() != sb.getMean();
        return new TTest().tTest(a, b, ALPHA);
    }
}
