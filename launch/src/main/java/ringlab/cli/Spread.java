package ringlab.cli;

import java.util.Arrays;

/**
 * The spread of a benchmark figure over its measured iterations. The median is the figure to quote (one
 * disturbed iteration on a shared machine moves it little); min and max show how noisy the machine was.
 *
 * @param min    the smallest
 * @param median the middle one (the mean of the two middle ones for an even count)
 * @param max    the largest
 */
record Spread(double min, double median, double max) {

    static Spread of(double... values) {
        if (values.length == 0) throw new IllegalArgumentException("a spread of no values");
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        return new Spread(v[0], median, v[n - 1]);
    }
}
