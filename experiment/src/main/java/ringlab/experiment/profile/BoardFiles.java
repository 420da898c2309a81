package ringlab.experiment.profile;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import ringlab.experiment.PlainNumbers;
import ringlab.spi.board.Board;

/**
 * The in-tree board files: which they are (the hardware modules of the repository's pom.xml), the memory system
 * a board.json states for the derivation, and its text with the "costs" object replaced by derived costs (the
 * rest of the file untouched).
 */
public final class BoardFiles {
    /** Where a board module keeps its descriptor. */
    public static final String DESCRIPTOR = "src/main/resources/META-INF/ringlab/board.json";
    private static final Pattern MODULE = Pattern.compile("<module>(bundles/hardware/[^<]+)</module>");
    private static final Set<String> DERIVATION = Set.of("coreType", "dramNs", "mmioReadNs", "mmioWriteNs", "descReadNs",
            "descWriteNs", "icacheRefillNs", "skbHeadLines", "skbHeadNs", "firewall");
    private static final String COSTS_START = "\n  \"costs\": {\n";
    private static final String COSTS_END = "\n  }";
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private BoardFiles() { }

    /** The descriptors of the board modules the repository at root builds, in pom.xml order. */
    public static List<Path> inTree(Path root) {
        List<Path> out = new ArrayList<>();
        Matcher m = MODULE.matcher(ProfileReader.read(root.resolve("pom.xml")));
        while (m.find()) out.add(root.resolve(m.group(1)).resolve(DESCRIPTOR));
        if (out.isEmpty()) throw new IllegalArgumentException(root.resolve("pom.xml") + " names no bundles/hardware module");
        return out;
    }

    /** The board's clock, lines, coherence and its "derivation" object. */
    public static BoardMemory memory(Path file, String text) {
        JsonReading r = new JsonReading(file.toString());
        JsonObject o = r.parse(text);
        JsonObject soc = r.obj(o, "", "soc"), d = r.obj(o, "", "derivation");
        r.only(d, "derivation", DERIVATION);
        JsonObject fw = r.obj(d, "derivation", "firewall");
        r.only(fw, "derivation.firewall", Set.of("value", "note"));
        return new BoardMemory(r.str(o, "", "id"), r.str(d, "derivation", "coreType"), (long) r.num(soc, "soc", "clockHz", 1),
                (int) r.num(soc, "soc", "cacheLineBytes", 1), r.bool(soc, "soc", "dmaCoherent"),
                r.quantity(d, "derivation", "dramNs", 0),
                r.quantity(d, "derivation", "mmioReadNs", 0), r.quantity(d, "derivation", "mmioWriteNs", 0),
                r.quantity(d, "derivation", "descReadNs", 0), r.quantity(d, "derivation", "descWriteNs", 0),
                r.quantity(d, "derivation", "icacheRefillNs", 0), r.quantity(d, "derivation", "skbHeadLines", 0),
                r.quantity(d, "derivation", "skbHeadNs", 0),
                new Firewall(r.bool(fw, "derivation.firewall", "value"), r.str(fw, "derivation.firewall", "note")));
    }

    /** The file's text with its "costs" object replaced by costs, one key per line. */
    public static String withCosts(Path file, String text, Map<String, Board.Cost> costs) {
        int start = text.indexOf(COSTS_START);
        int end = start < 0 ? -1 : text.indexOf(COSTS_END, start + COSTS_START.length() - 1);
        if (end < 0) throw new IllegalArgumentException(file + ": no \"costs\": { ... } object at two spaces' indent to replace");
        StringBuilder b = new StringBuilder(text.substring(0, start + COSTS_START.length()));
        int i = 0;
        for (Map.Entry<String, Board.Cost> e : costs.entrySet()) {
            b.append(String.format("    %-22s {\"cycles\": %s, \"note\": %s}", GSON.toJson(e.getKey()) + ":",
                    PlainNumbers.plain(e.getValue().cycles()), GSON.toJson(e.getValue().note())));
            b.append(++i < costs.size() ? ",\n" : "");
        }
        return b.append(text.substring(end)).toString();
    }
}
