package ringlab.sim.board;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import ringlab.spi.board.Board;
import ringlab.spi.board.Calibration;
import ringlab.sim.cost.LateCostKeys;
import ringlab.spi.board.CostKey;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.Nic;
import ringlab.spi.board.RxChecksum;
import ringlab.spi.board.Soc;

/**
 * Parses a board descriptor (the JSON a board bundle carries at META-INF/ringlab/board.json) into a
 * {@link Board}. The format is the JSON Schema {@link #SCHEMA_RESOURCE}; a descriptor that breaks it is
 * refused with one {@link BoardDescriptorException} naming every problem, the board id and the origin.
 */
public final class BoardLoader {
    /**
     * The newest descriptor format this ringlab reads; 1 is read too. A descriptor without schemaVersion is read as 1,
     * the format before it was versioned. 2 adds {@code calibration}, absolute published rows without some figures
     * and change rows; a descriptor using them says 2, so that a ringlab reading only 1 refuses it by its version.
     */
    public static final int SCHEMA_VERSION = 2;
    /** The JSON Schema of board.json, a class-path resource of the runtime. */
    public static final String SCHEMA_RESOURCE = "/ringlab/sim/board/board.schema.json";

    static final Set<String> TOP = ordered("$schema", "$comment", "schemaVersion", "id", "name", "soc", "nic",
            "stockFeatures", "stockSettings", "calibration", "costs", "published", "fieldNotes", "derivation");
    static final Set<String> SOC = ordered("cores", "clockHz", "isa", "cacheLineBytes", "cacheLevels", "dmaCoherent",
            "unalignedTraps", "kernelVersion", "hz", "l1dBytes", "irqTimeAccounting", "ramBytes");
    static final Set<String> NIC = ordered("model", "linkBitsPerSecond", "rxRing", "txRing", "napiWeight", "rxChecksum",
            "txChecksum", "unalignedRxDma", "irqModeration", "refillDoorbellEvery", "txDescPerPacket", "txDoorbellRmw",
            "rxBufferBytes", "copybreak", "mtu", "irqUnmask", "sg", "flowControl", "swiotlb", "rxGfpDma",
            "rxRingFullIrq", "isrStatusReads", "irqUnmaskRmw", "rxTimestampDesc", "rxHeadWriteback", "rxDescReads");
    private static final Set<String> COST = ordered("cycles", "note");

    private BoardLoader() { }

    public static Board parse(String json, String origin) {
        JsonObject o;
        try {
            JsonElement e = JsonParser.parseString(json);
            if (!e.isJsonObject()) throw new BoardDescriptorException(null, origin, List.of("it must be a JSON object, not " + Fields.shown(e)));
            o = e.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new BoardDescriptorException(null, origin, List.of("it is not valid JSON: " + e.getMessage()));
        }
        Fields f = new Fields();
        String id = f.str(o, "", "id");
        if (id != null && id.isBlank()) {
            f.problem("id must not be empty");
            id = null;
        }
        // a newer format is not read further: its fields may mean something this version does not know
        long version = 1;
        if (o.has("schemaVersion")) {
            version = f.whole(o, "", "schemaVersion", 1, Integer.MAX_VALUE);
            if (version > SCHEMA_VERSION) {
                throw new BoardDescriptorException(id, origin, List.of("schemaVersion " + version
                        + " is newer than this ringlab reads (" + SCHEMA_VERSION + "): use a newer ringlab"));
            }
        }
        f.onlyKnown(o, "", TOP);
        f.str(o, "", "$schema", false);
        f.str(o, "", "$comment", false);
        String name = f.str(o, "", "name");
        JsonObject so = f.obj(o, "", "soc", true);
        Soc soc = so == null ? null : soc(f, so);
        JsonObject no = f.obj(o, "", "nic", true);
        Nic nic = no == null ? null : nic(f, no);
        List<String> stock = strings(f, f.arr(o, "", "stockFeatures", true), "stockFeatures");
        Map<String, String> stockSettings = stringMap(f, f.obj(o, "", "stockSettings", false), "stockSettings");
        Calibration calibration = f.oneOf(o, "", "calibration", Calibration.class, c -> c.descriptorName, Calibration.PREDICTED);
        if (version < 2 && o.has("calibration")) f.problem("calibration needs \"schemaVersion\": 2");
        Map<String, Board.Cost> costs = costs(f, f.obj(o, "", "costs", true), soc);
        List<Board.Published> published = PublishedRows.parse(f, f.arr(o, "", "published", false), version);
        Map<String, String> fieldNotes = stringMap(f, f.obj(o, "", "fieldNotes", false), "fieldNotes");
        // what the costs were derived from (core type, memory system): the derivation tool reads it, the simulation reads costs
        f.obj(o, "", "derivation", false);
        if (!f.problems().isEmpty()) throw new BoardDescriptorException(id, origin, f.problems());
        return new Board(id, name, soc, nic, List.copyOf(stock), Collections.unmodifiableMap(costs), origin,
                List.copyOf(published), Collections.unmodifiableMap(stockSettings), calibration,
                Collections.unmodifiableMap(fieldNotes));
    }

    private static Soc soc(Fields f, JsonObject s) {
        f.onlyKnown(s, "soc", SOC);
        Soc soc = new Soc(f.integer(s, "soc", "cores", 1), f.lng(s, "soc", "clockHz", 1), f.str(s, "soc", "isa"),
                f.integer(s, "soc", "cacheLineBytes", 1), f.integer(s, "soc", "cacheLevels", 1),
                f.bool(s, "soc", "dmaCoherent"), f.bool(s, "soc", "unalignedTraps"), f.str(s, "soc", "kernelVersion"),
                f.integer(s, "soc", "hz", 1), f.integerOr(s, "soc", "l1dBytes", 1, 0),
                f.bool(s, "soc", "irqTimeAccounting", false),
                f.get(s, "soc", "ramBytes", false) == null ? 0 : f.lng(s, "soc", "ramBytes", 1L << 20));
        if (soc.kernelVersion() != null && !soc.kernelVersion().matches("[0-9]+(\\.[0-9]+)*")) {
            f.problem("soc.kernelVersion must be major.minor such as \"5.15\", not " + Fields.shown(s.get("kernelVersion")));
        }
        return soc;
    }

    private static Nic nic(Fields f, JsonObject n) {
        f.onlyKnown(n, "nic", NIC);
        return new Nic(f.str(n, "nic", "model"), f.lng(n, "nic", "linkBitsPerSecond", 1), f.integer(n, "nic", "rxRing", 2),
                f.integer(n, "nic", "txRing", 2), f.integer(n, "nic", "napiWeight", 1),
                f.oneOf(n, "nic", "rxChecksum", RxChecksum.class, c -> c.descriptorName, null),
                f.bool(n, "nic", "txChecksum"), f.bool(n, "nic", "unalignedRxDma"), f.bool(n, "nic", "irqModeration"),
                f.integer(n, "nic", "refillDoorbellEvery", 1), f.integer(n, "nic", "txDescPerPacket", 1),
                f.bool(n, "nic", "txDoorbellRmw"), f.integer(n, "nic", "rxBufferBytes", 1), f.integer(n, "nic", "copybreak", 0),
                f.integer(n, "nic", "mtu", 68),
                f.oneOf(n, "nic", "irqUnmask", IrqUnmask.class, u -> u.descriptorName, IrqUnmask.NAPI_COMPLETE_DONE),
                f.bool(n, "nic", "sg", false), f.bool(n, "nic", "flowControl", false),
                f.bool(n, "nic", "swiotlb", false), f.bool(n, "nic", "rxGfpDma", false),
                f.bool(n, "nic", "rxRingFullIrq", false), f.integerOr(n, "nic", "isrStatusReads", 0, 1),
                f.bool(n, "nic", "irqUnmaskRmw", false), f.bool(n, "nic", "rxTimestampDesc", false),
                f.bool(n, "nic", "rxHeadWriteback", false), f.integerOr(n, "nic", "rxDescReads", 1, 1));
    }

    /** Every CostKey, each {"cycles": N >= 0, "note": "..."}; unaligned.trap is 0 on a SoC without traps. */
    private static Map<String, Board.Cost> costs(Fields f, JsonObject c, Soc soc) {
        Map<String, Board.Cost> costs = new LinkedHashMap<>();
        if (c == null) return costs;
        List<String> missing = new ArrayList<>();
        for (CostKey k : CostKey.values()) if (!c.has(k.key) && !LateCostKeys.KEYS.contains(k.key)) missing.add(k.key);
        if (!missing.isEmpty()) f.problem("costs is missing " + String.join(", ", missing));
        for (Map.Entry<String, JsonElement> e : c.entrySet()) {
            String path = "costs." + e.getKey();
            if (CostKey.byKey(e.getKey()) == null) {
                f.problem(path + " is not a cost parameter (see ringlab.spi.board.CostKey)");
                continue;
            }
            if (!e.getValue().isJsonObject()) {
                f.problem(path + " must be {\"cycles\": N, \"note\": \"...\"}, not " + Fields.shown(e.getValue()));
                continue;
            }
            JsonObject co = e.getValue().getAsJsonObject();
            f.onlyKnown(co, path, COST);
            String note = f.str(co, path, "note", false);
            costs.put(e.getKey(), new Board.Cost(f.dbl(co, path, "cycles", 0), note == null ? "" : note));
        }
        costs = LateCostKeys.withFallbacks(costs);
        Board.Cost trap = costs.get(CostKey.UNALIGNED_TRAP.key);
        // the stack charges a trap per misaligned header access; where the hardware handles them there is none
        if (soc != null && !soc.unalignedTraps() && trap != null && trap.cycles() != 0) {
            f.problem("costs.unaligned.trap.cycles must be 0 when soc.unalignedTraps is false");
        }
        return costs;
    }

    private static List<String> strings(Fields f, JsonArray a, String path) {
        List<String> out = new ArrayList<>();
        if (a == null) return out;
        for (int i = 0; i < a.size(); i++) {
            String s = f.str(a.get(i), path + "[" + i + "]");
            if (s != null) out.add(s);
        }
        return out;
    }

    private static Map<String, String> stringMap(Fields f, JsonObject o, String path) {
        Map<String, String> out = new LinkedHashMap<>();
        if (o == null) return out;
        for (Map.Entry<String, JsonElement> e : o.entrySet()) {
            String s = f.str(e.getValue(), Fields.at(path, e.getKey()));
            if (s != null) out.put(e.getKey(), s);
        }
        return out;
    }

    static Set<String> ordered(String... keys) { return Collections.unmodifiableSet(new LinkedHashSet<>(List.of(keys))); }
}
