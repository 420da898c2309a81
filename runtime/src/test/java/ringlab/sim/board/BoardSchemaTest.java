package ringlab.sim.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.Calibration;
import ringlab.sim.cost.LateCostKeys;
import ringlab.spi.board.CostKey;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.RxChecksum;

/** board.schema.json describes what BoardLoader reads: every in-tree descriptor passes both, and both refuse the same mistakes. */
class BoardSchemaTest {
    static String schemaText() throws IOException {
        try (InputStream in = BoardLoader.class.getResourceAsStream(BoardLoader.SCHEMA_RESOURCE)) {
            assertTrue(in != null, "the schema ships as " + BoardLoader.SCHEMA_RESOURCE);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Schema schema() throws IOException {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schemaText(), InputFormat.JSON);
    }

    static List<String> errors(Schema s, String json) {
        return s.validate(json, InputFormat.JSON).stream().map(Object::toString).toList();
    }

    @Test
    void everyInTreeDescriptorFollowsTheSchemaAndLoads() throws IOException {
        Schema s = schema();
        List<Path> all = Descriptors.inTree();
        assertTrue(all.contains(Descriptors.ROOT.resolve("bundles/hardware/template-kit/src/main/resources/META-INF/ringlab/board.json")), all.toString());
        assertTrue(all.contains(Descriptors.ROOT.resolve("examples/thirdparty-board/src/main/resources/META-INF/ringlab/board.json")), all.toString());
        assertTrue(all.size() >= 13, all.toString());
        for (Path p : all) {
            String json = Descriptors.read(p);
            assertEquals(List.of(), errors(s, json), p.toString());
            BoardLoader.parse(json, p.toString());
            int version = JsonParser.parseString(json).getAsJsonObject().get("schemaVersion").getAsInt();
            assertTrue(version >= 1 && version <= BoardLoader.SCHEMA_VERSION, p + " says which format it is written in: " + version);
        }
    }

    @Test
    void theSchemaDeclaresTheFieldsTheLoaderReads() throws IOException {
        JsonObject props = JsonParser.parseString(schemaText()).getAsJsonObject().getAsJsonObject("properties");
        assertEquals(new TreeSet<>(BoardLoader.TOP), new TreeSet<>(props.keySet()));
        JsonObject soc = props.getAsJsonObject("soc"), nic = props.getAsJsonObject("nic");
        assertEquals(new TreeSet<>(BoardLoader.SOC), new TreeSet<>(soc.getAsJsonObject("properties").keySet()));
        Set<String> socRequired = new TreeSet<>(BoardLoader.SOC);
        socRequired.remove("l1dBytes"); // optional: 0, not given
        socRequired.remove("irqTimeAccounting"); // optional: false
        socRequired.remove("ramBytes"); // optional: 0, not given
        assertEquals(socRequired, strings(soc.getAsJsonArray("required")));
        assertEquals(new TreeSet<>(BoardLoader.NIC), new TreeSet<>(nic.getAsJsonObject("properties").keySet()));
        Set<String> nicRequired = new TreeSet<>(BoardLoader.NIC);
        nicRequired.remove("irqUnmask"); // optional: napi_complete_done when absent
        nicRequired.remove("sg"); // optional: false when absent
        nicRequired.remove("flowControl"); // optional: off when absent
        nicRequired.remove("swiotlb"); // optional: no bounce buffering when absent
        nicRequired.remove("rxGfpDma"); // optional: the page_frag path when absent
        nicRequired.remove("rxRingFullIrq"); // optional: no interrupt for a frame lost at a full ring when absent
        nicRequired.remove("isrStatusReads"); // optional: one read when absent
        nicRequired.remove("irqUnmaskRmw"); // optional: plain writes when absent
        nicRequired.remove("rxTimestampDesc"); // optional: one descriptor per frame when absent
        nicRequired.remove("rxHeadWriteback"); // optional: no head index read when absent
        nicRequired.remove("rxDescReads"); // optional: one read of the frame's descriptor when absent
        assertEquals(nicRequired, strings(nic.getAsJsonArray("required")));
        JsonObject nicProps = nic.getAsJsonObject("properties");
        assertEquals(new TreeSet<>(Arrays.stream(RxChecksum.values()).map(c -> c.descriptorName).toList()),
                strings(nicProps.getAsJsonObject("rxChecksum").getAsJsonArray("enum")));
        assertEquals(new TreeSet<>(Arrays.stream(IrqUnmask.values()).map(u -> u.descriptorName).toList()),
                strings(nicProps.getAsJsonObject("irqUnmask").getAsJsonArray("enum")));
        assertEquals(new TreeSet<>(Arrays.stream(CostKey.values()).map(k -> k.key).filter(k -> !LateCostKeys.KEYS.contains(k)).toList()),
                strings(props.getAsJsonObject("costs").getAsJsonArray("required")), "every CostKey but the late ones, as CostProfile needs");
        assertEquals(new TreeSet<>(Arrays.stream(CostKey.values()).map(k -> k.key).toList()),
                strings(props.getAsJsonObject("costs").getAsJsonObject("propertyNames").getAsJsonArray("enum")), "every CostKey may be given");
        assertEquals(BoardLoader.SCHEMA_VERSION, props.getAsJsonObject("schemaVersion").get("maximum").getAsInt());
        assertEquals(new TreeSet<>(PublishedRows.KEYS),
                new TreeSet<>(props.getAsJsonObject("published").getAsJsonObject("items").getAsJsonObject("properties").keySet()));
        assertEquals(new TreeSet<>(Arrays.stream(Calibration.values()).map(c -> c.descriptorName).toList()),
                strings(props.getAsJsonObject("calibration").getAsJsonArray("enum")));
    }

    @Test
    void schemaAndLoaderRefuseTheSameMistakes() throws IOException {
        Schema s = schema();
        Map<String, Consumer<JsonObject>> mistakes = new LinkedHashMap<>();
        mistakes.put("missing soc.cores", d -> soc(d).remove("cores"));
        mistakes.put("missing name", d -> d.remove("name"));
        mistakes.put("empty id", d -> d.addProperty("id", " "));
        mistakes.put("soc.cores as a string", d -> soc(d).addProperty("cores", "1"));
        mistakes.put("soc.cores 0", d -> soc(d).addProperty("cores", 0));
        mistakes.put("soc.kernelVersion not major.minor", d -> soc(d).addProperty("kernelVersion", "five"));
        mistakes.put("soc.dmaCoherent as a string", d -> soc(d).addProperty("dmaCoherent", "false"));
        mistakes.put("nic.rxChecksum full", d -> nic(d).addProperty("rxChecksum", "full"));
        mistakes.put("nic.irqUnmask sometimes", d -> nic(d).addProperty("irqUnmask", "sometimes"));
        mistakes.put("nic.flowControl \"yes\"", d -> nic(d).addProperty("flowControl", "yes"));
        mistakes.put("nic.txRing -4", d -> nic(d).addProperty("txRing", -4));
        mistakes.put("nic.rxRing 1.5", d -> nic(d).addProperty("rxRing", 1.5));
        mistakes.put("nic.mtu 40", d -> nic(d).addProperty("mtu", 40));
        mistakes.put("misspelt nic field", d -> nic(d).addProperty("rxCheksum", "none"));
        mistakes.put("unknown top-level field", d -> d.addProperty("comment", "x"));
        mistakes.put("missing cost key", d -> d.getAsJsonObject("costs").remove("irq.entry"));
        mistakes.put("unknown cost key", d -> d.getAsJsonObject("costs").add("irq.exit", cost(1)));
        mistakes.put("negative cycles", d -> d.getAsJsonObject("costs").add("irq.entry", cost(-1)));
        mistakes.put("unaligned.trap charged without traps", d -> soc(d).addProperty("unalignedTraps", false));
        mistakes.put("stockFeatures not strings", d -> { JsonArray a = new JsonArray(); a.add(3); d.add("stockFeatures", a); });
        mistakes.put("schemaVersion 3", d -> d.addProperty("schemaVersion", 3));
        mistakes.put("calibration in format 1", d -> d.addProperty("schemaVersion", 1));
        mistakes.put("calibration guessed", d -> d.addProperty("calibration", "tuned"));
        mistakes.put("published row with neither figure", d -> row(d).remove("receiverMbps"));
        mistakes.put("published row without source", d -> row(d).remove("source"));
        mistakes.put("change row with an absolute figure", d -> row(d).addProperty("baseline", "stock"));
        mistakes.put("change row without its change", d -> {
            JsonObject r = row(d);
            for (String k : List.of("senderMbps", "receiverMbps", "retransmits")) r.remove(k);
            r.addProperty("baseline", "stock");
        });
        mistakes.put("change below -100 %", d -> {
            JsonObject r = row(d);
            for (String k : List.of("senderMbps", "receiverMbps", "retransmits")) r.remove(k);
            r.addProperty("baseline", "stock");
            r.addProperty("receiverChangePercent", -101);
        });
        mistakes.put("format 1 row without the sender figure", d -> {
            d.addProperty("schemaVersion", 1);
            d.remove("calibration");
            row(d).remove("senderMbps");
        });
        mistakes.put("schemaVersion 0", d -> d.addProperty("schemaVersion", 0));
        List<String> disagreements = new ArrayList<>();
        for (Map.Entry<String, Consumer<JsonObject>> m : mistakes.entrySet()) {
            JsonObject d = Descriptors.bcm6328();
            m.getValue().accept(d);
            String json = d.toString();
            boolean schemaRefuses = !errors(s, json).isEmpty();
            boolean loaderRefuses;
            try {
                BoardLoader.parse(json, "test");
                loaderRefuses = false;
            } catch (BoardDescriptorException e) {
                loaderRefuses = true;
            }
            if (!schemaRefuses || !loaderRefuses) disagreements.add(m.getKey() + ": schema " + schemaRefuses + ", loader " + loaderRefuses);
        }
        assertEquals(List.of(), disagreements);
        assertFalse(errors(s, Descriptors.bcm6328().toString()).size() > 0);
        assertThrows(BoardDescriptorException.class, () -> BoardLoader.parse("[]", "test"));
    }

    static JsonObject soc(JsonObject d) { return d.getAsJsonObject("soc"); }

    static JsonObject row(JsonObject d) { return d.getAsJsonArray("published").get(0).getAsJsonObject(); }

    static JsonObject nic(JsonObject d) { return d.getAsJsonObject("nic"); }

    static JsonObject cost(double cycles) {
        JsonObject c = new JsonObject();
        c.addProperty("cycles", cycles);
        c.addProperty("note", "test");
        return c;
    }

    static Set<String> strings(JsonArray a) {
        Set<String> out = new TreeSet<>();
        for (JsonElement e : a) out.add(e.getAsString());
        return out;
    }
}
