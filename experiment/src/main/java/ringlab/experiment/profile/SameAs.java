package ringlab.experiment.profile;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import ringlab.experiment.PlainNumbers;

/**
 * A profile figure that is another core type's: {"sameAs": "Cortex-A55", "times": 0.882, "note": "why"} in place of
 * {@code ipc}, {@code contextSwitch} or a {@code core} figure. A figure copied by hand goes stale when the core type
 * it came from is fitted again; a borrowed one follows it at the next derivation (and BoardDerivationTest fails
 * on a board derived before). Resolved in the raw JSON before the profiles are read: the borrowed figure becomes
 * the lender's numbers times {@code times} (three significant digits, as a fit writes them) with the borrower's
 * note followed by the lender's. Only between profiles on the same reference; a chain that comes back is refused.
 */
public final class SameAs {
    public static final String KEY = "sameAs";
    /** The top-level profile fields that may be borrowed; every {@code core} figure may be too. */
    private static final List<String> TOP = List.of("ipc", "contextSwitch");
    private static final List<String> NUMBERS = List.of("value", "cycles", "ns");

    private final Map<String, JsonObject> raw;
    private final Map<String, JsonReading> readers;

    private SameAs(Map<String, JsonObject> raw, Map<String, JsonReading> readers) {
        this.raw = raw;
        this.readers = readers;
    }

    /** Replaces every borrowed figure in {@code raw} (profile JSON by core type) by its resolved numbers. */
    static void resolve(Map<String, JsonObject> raw, Map<String, JsonReading> readers) {
        SameAs s = new SameAs(raw, readers);
        for (Map.Entry<String, JsonObject> p : raw.entrySet()) {
            for (String k : TOP) {
                if (borrowed(p.getValue().get(k))) p.getValue().add(k, s.figure(p.getKey(), null, k, new ArrayList<>()));
            }
            JsonElement core = p.getValue().get("core");
            if (core == null || !core.isJsonObject()) continue; // ProfileReader says what is wrong
            for (String k : new ArrayList<>(core.getAsJsonObject().keySet())) {
                if (borrowed(core.getAsJsonObject().get(k))) core.getAsJsonObject().add(k, s.figure(p.getKey(), "core", k, new ArrayList<>()));
            }
        }
    }

    /** Whether a figure names a lender instead of stating numbers. */
    public static boolean borrowed(JsonElement e) {
        return e != null && e.isJsonObject() && e.getAsJsonObject().has(KEY);
    }

    /** The figure section.key of a core type, its own or resolved from its lender (chain: the figures on the way). */
    private JsonObject figure(String type, String section, String key, List<String> chain) {
        JsonReading r = readers.get(type);
        JsonObject profile = raw.get(type);
        String path = section == null ? key : section + "." + key;
        JsonObject holder = section == null ? profile : r.obj(profile, "", section);
        JsonElement e = holder.get(key);
        if (e == null || !e.isJsonObject()) throw r.refuse(path, e == null ? "is missing" : "must be an object");
        JsonObject o = e.getAsJsonObject();
        if (!o.has(KEY)) return o;
        String here = type + " " + path;
        if (chain.contains(here)) throw r.refuse(JsonReading.at(path, KEY), "comes back to itself: " + String.join(" -> ", chain) + " -> " + here);
        chain.add(here);
        r.only(o, path, Set.of(KEY, "times", "note"));
        String lender = r.str(o, path, KEY);
        JsonObject lent = raw.get(lender);
        if (lent == null) throw r.refuse(JsonReading.at(path, KEY), "names " + lender + ", which is not a profile beside it");
        if (!lent.has("reference") || !Objects.equals(lent.get("reference"), profile.get("reference"))) {
            throw r.refuse(JsonReading.at(path, KEY), "names " + lender + ", which is not on the same reference as " + type);
        }
        double times = o.has("times") ? r.num(o, path, "times", 1e-6) : 1;
        JsonObject src = figure(lender, section, key, chain);
        JsonObject out = new JsonObject();
        for (String n : NUMBERS) {
            if (src.has(n)) out.addProperty(n, times == 1 ? src.get(n).getAsNumber() : PlainNumbers.threeDigits(src.get(n).getAsDouble() * times));
        }
        String from = "the " + lender + "'s" + (times == 1 ? "" : " x " + PlainNumbers.plain(times));
        out.addProperty("note", r.str(o, path, "note") + " (" + from + ": " + src.get("note").getAsString() + ")");
        return out;
    }
}
