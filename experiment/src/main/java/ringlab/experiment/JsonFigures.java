package ringlab.experiment;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;

/**
 * The JSON documents' rule for a figure that is not there (`ringlab compare --json`, `ringlab reproduce --json`):
 * null, never NaN, Infinity or a -1 that a script would read as a value.
 */
public final class JsonFigures {
    private JsonFigures() { }

    /** A number, or null where there is none (NaN: not published, a failed run, no relative change from 0). */
    public static void number(JsonWriter w, double v) throws IOException {
        if (Double.isNaN(v) || Double.isInfinite(v)) w.nullValue();
        else w.value(v);
    }

    /** A count, or null where it is not given (negative: the descriptors' and iperf3's "none", as retransmits of UDP). */
    public static void count(JsonWriter w, long n) throws IOException {
        if (n < 0) w.nullValue();
        else w.value(n);
    }
}
