package ringlab.sweep;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.Strictness;

/** The one Gson of the sweep: compact lines; NaN and infinities allowed (a figure may be undefined). */
final class Json {
    static final Gson GSON = new GsonBuilder().serializeSpecialFloatingPointValues().disableHtmlEscaping().setStrictness(Strictness.LENIENT).create();

    private Json() { }
}
