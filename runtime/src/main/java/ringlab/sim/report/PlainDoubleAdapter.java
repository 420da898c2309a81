package ringlab.sim.report;

import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;

/**
 * Writes doubles by {@link ReportJson#number}'s rule (Gson's own would write "1.0" and "1.0E-7", and refuse
 * NaN); reads them back, null as NaN.
 */
final class PlainDoubleAdapter extends TypeAdapter<Double> {
    static final PlainDoubleAdapter INSTANCE = new PlainDoubleAdapter();

    private PlainDoubleAdapter() {
    }

    @Override
    public void write(JsonWriter out, Double value) throws IOException {
        if (value == null) {
            out.nullValue(); // an absent value: left out of an object under ReportJson's rules
            return;
        }
        double d = value;
        if (!Double.isFinite(d)) {
            // a figure without a finite value is still there: null even where absent values are left out
            boolean serializeNulls = out.getSerializeNulls();
            out.setSerializeNulls(true);
            out.nullValue();
            out.setSerializeNulls(serializeNulls);
        } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            out.value((long) d);
        } else {
            // a Number whose text is the plain form: JsonWriter.jsonValue would do for text, but not for trees
            out.value(new PlainDecimal(ReportJson.number(d)));
        }
    }

    @Override
    public Double read(JsonReader in) throws IOException {
        if (in.peek() == JsonToken.NULL) {
            in.nextNull();
            return Double.NaN;
        }
        return in.nextDouble();
    }

    /** A finite double carried with its plain decimal text, which JsonWriter writes as it is. */
    static final class PlainDecimal extends Number {
        private final String text;

        PlainDecimal(String text) {
            this.text = text;
        }

        @Override public int intValue() { return (int) doubleValue(); }

        @Override public long longValue() { return (long) doubleValue(); }

        @Override public float floatValue() { return (float) doubleValue(); }

        @Override public double doubleValue() { return Double.parseDouble(text); }

        @Override public String toString() { return text; }
    }
}
