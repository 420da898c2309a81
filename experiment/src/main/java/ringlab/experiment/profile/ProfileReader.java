package ringlab.experiment.profile;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads the core-type profiles of a directory (bundles/hardware/profiles/&lt;core-type&gt;.json). A reference
 * profile (no "reference") states every instruction-bound key and the I-cache extras; another names its
 * reference and states only the keys it measures itself, and may state a factor on its context switch and
 * wakeup ("contextSwitch"). Every profile states every per-core key. Its ipc, contextSwitch and core figures may
 * be another core type's ({@link SameAs}).
 */
public final class ProfileReader {
    private static final Set<String> TOP = Set.of("coreType", "name", "isa", "reference", "ipc", "instructionBound",
            "icacheCold", "dmaSync", "core", "contextSwitch", "streamLinefills");

    private ProfileReader() { }

    /** Every profile in dir by core type; refused with one line naming the file and field at the first problem. */
    public static Map<String, CoreProfile> readAll(Path dir) {
        Map<String, JsonObject> raw = new TreeMap<>();
        Map<String, JsonReading> readers = new LinkedHashMap<>();
        for (Path f : files(dir)) {
            JsonReading r = new JsonReading(f.toString());
            JsonObject o = r.parse(read(f));
            String type = r.str(o, "", "coreType");
            String expected = f.getFileName().toString().replaceFirst("\\.json$", "");
            if (!type.equals(expected)) throw r.refuse("coreType", "is " + type + " but the file is named " + expected + ".json");
            raw.put(type, o);
            readers.put(type, r);
        }
        SameAs.resolve(raw, readers); // a figure borrowed from another core type becomes that core type's numbers
        Map<String, CoreProfile> out = new TreeMap<>();
        // references first: another profile's instruction-bound cycles are its reference's scaled
        for (String type : raw.keySet()) if (!raw.get(type).has("reference")) out.put(type, profile(readers.get(type), raw.get(type), null));
        for (String type : raw.keySet()) {
            if (out.containsKey(type)) continue;
            JsonReading r = readers.get(type);
            String refType = r.str(raw.get(type), "", "reference");
            CoreProfile ref = out.get(refType);
            if (ref == null) throw r.refuse("reference", "names " + refType + ", which is not a reference profile in " + dir);
            out.put(type, profile(r, raw.get(type), ref));
        }
        return out;
    }

    private static CoreProfile profile(JsonReading r, JsonObject o, CoreProfile ref) {
        r.only(o, "", TOP);
        Map<String, Work> work = r.entries(r.obj(o, "", "instructionBound"), "instructionBound",
                (w, p) -> new Work(r.num(w, p, "cycles", 0), w.has("what") ? r.str(w, p, "what") : null, r.str(w, p, "note")));
        for (String k : work.keySet()) {
            if (!CoreProfile.INSTRUCTION_KEYS.contains(k)) throw r.refuse("instructionBound." + k, "is not an instruction-bound cost key");
        }
        IcacheCold cold = null;
        if (ref == null) {
            List<String> missing = new ArrayList<>(CoreProfile.INSTRUCTION_KEYS);
            missing.removeAll(work.keySet());
            if (!missing.isEmpty()) throw r.refuse("instructionBound", "of a reference profile is missing " + String.join(", ", missing));
            for (Map.Entry<String, Work> w : work.entrySet()) {
                if (w.getValue().what() == null) throw r.refuse("instructionBound." + w.getKey() + ".what", "is missing (a derived note starts with it)");
            }
            cold = icacheCold(r, r.obj(o, "", "icacheCold"));
        } else if (o.has("icacheCold")) {
            throw r.refuse("icacheCold", "belongs to the reference profile only (" + ref.coreType() + ")");
        }
        Map<String, CoreFigure> core = r.entries(r.obj(o, "", "core"), "core", (f, p) -> figure(r, f, p));
        if (!core.keySet().equals(CoreProfile.CORE_KEYS)) {
            throw r.refuse("core", "must state exactly " + String.join(", ", CoreProfile.CORE_KEYS) + ", not " + String.join(", ", core.keySet()));
        }
        Quantity contextSwitch = null;
        if (o.has("contextSwitch")) {
            if (ref == null) throw r.refuse("contextSwitch", "belongs to a profile with a reference: the reference's own figures are its context switch");
            contextSwitch = r.quantity(o, "", "contextSwitch", 0.01);
        }
        return new CoreProfile(r.str(o, "", "coreType"), r.str(o, "", "name"), r.str(o, "", "isa"), ref,
                r.quantity(o, "", "ipc", ref == null ? 1 : 0.1), work,
                cold, figure(r, r.obj(o, "", "dmaSync"), "dmaSync"), core, contextSwitch,
                o.has("streamLinefills") ? r.quantity(o, "", "streamLinefills", 1) : null);
    }

    private static IcacheCold icacheCold(JsonReading r, JsonObject o) {
        r.only(o, "icacheCold", Set.of("lineBytes", "refillNs", "clockHz", "note", "extra"));
        Map<String, Work> extra = r.entries(r.obj(o, "icacheCold", "extra"), "icacheCold.extra",
                (w, p) -> new Work(r.num(w, p, "cycles", 0), null, r.str(w, p, "note")));
        if (!extra.keySet().equals(CoreProfile.ICACHE_KEYS)) {
            throw r.refuse("icacheCold.extra", "must state exactly " + String.join(", ", CoreProfile.ICACHE_KEYS));
        }
        return new IcacheCold((int) r.num(o, "icacheCold", "lineBytes", 1), r.num(o, "icacheCold", "refillNs", 1e-3),
                (long) r.num(o, "icacheCold", "clockHz", 1), r.str(o, "icacheCold", "note"), extra);
    }

    /** {"cycles": C, "ns": N, "note": "..."}: at least one of cycles and ns. */
    private static CoreFigure figure(JsonReading r, JsonObject f, String path) {
        r.only(f, path, Set.of("cycles", "ns", "note"));
        if (!f.has("cycles") && !f.has("ns")) throw r.refuse(path, "must state cycles, ns or both");
        return new CoreFigure(r.optNum(f, path, "cycles"), r.optNum(f, path, "ns"), r.str(f, path, "note"));
    }

    private static List<Path> files(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the profiles in " + dir, e);
        }
    }

    static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f, e);
        }
    }
}
