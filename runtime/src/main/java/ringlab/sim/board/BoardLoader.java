package ringlab.sim.board;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.Soc;

/**
 * Parses a board descriptor (the JSON a board bundle carries at META-INF/ringlab/board.json) into a
 * {@link Board}. Every field is required; an error names the field and the descriptor's origin.
 */
public final class BoardLoader {
    private BoardLoader() { }

    public static Board parse(String json, String origin) {
        JsonObject o;
        try {
            o = JsonParser.parseString(json).getAsJsonObject();
        } catch (JsonParseException | IllegalStateException e) {
            throw new IllegalArgumentException("board descriptor " + origin + " is not a JSON object: " + e.getMessage());
        }
        Reader r = new Reader(origin);
        String id = r.str(o, "id");
        r.where = "board " + id + " (" + origin + ")";
        JsonObject s = r.obj(o, "soc");
        Soc soc = new Soc(r.integer(s, "cores"), r.lng(s, "clockHz"), r.str(s, "isa"), r.integer(s, "cacheLineBytes"),
                r.integer(s, "cacheLevels"), r.bool(s, "dmaCoherent"), r.bool(s, "unalignedTraps"),
                r.str(s, "kernelVersion"), r.integer(s, "hz"));
        JsonObject n = r.obj(o, "nic");
        Nic nic = new Nic(r.str(n, "model"), r.lng(n, "linkBitsPerSecond"), r.integer(n, "rxRing"),
                r.integer(n, "txRing"), r.integer(n, "napiWeight"), r.str(n, "rxChecksum"), r.bool(n, "txChecksum"),
                r.bool(n, "unalignedRxDma"), r.bool(n, "irqModeration"), r.integer(n, "refillDoorbellEvery"),
                r.integer(n, "txDescPerPacket"), r.bool(n, "txDoorbellRmw"), r.integer(n, "rxBufferBytes"),
                r.integer(n, "copybreak"), r.integer(n, "mtu"));
        if (soc.cores() < 1 || soc.clockHz() <= 0 || soc.cacheLineBytes() <= 0 || soc.hz() <= 0) {
            throw new IllegalArgumentException(r.where + ": soc cores, clockHz, cacheLineBytes and hz must be positive");
        }
        if (nic.rxRing() < 2 || nic.txRing() < 2 || nic.napiWeight() < 1 || nic.refillDoorbellEvery() < 1
                || nic.txDescPerPacket() < 1 || nic.linkBitsPerSecond() <= 0) {
            throw new IllegalArgumentException(r.where + ": nic rings, napiWeight, refillDoorbellEvery, txDescPerPacket and link speed must be positive");
        }
        List<String> stock = new ArrayList<>();
        JsonArray a = r.arr(o, "stockFeatures");
        for (JsonElement e : a) stock.add(e.getAsString());
        Map<String, Board.Cost> costs = new LinkedHashMap<>();
        JsonObject c = r.obj(o, "costs");
        for (Map.Entry<String, JsonElement> e : c.entrySet()) {
            if (!e.getValue().isJsonObject()) {
                throw new IllegalArgumentException(r.where + ": cost '" + e.getKey() + "' must be {\"cycles\": N, \"note\": \"...\"}");
            }
            JsonObject co = e.getValue().getAsJsonObject();
            costs.put(e.getKey(), new Board.Cost(r.dbl(co, "cycles"), co.has("note") ? co.get("note").getAsString() : ""));
        }
        List<Board.Published> published = new ArrayList<>();
        if (o.has("published")) {
            for (JsonElement e : r.arr(o, "published")) {
                JsonObject po = e.getAsJsonObject();
                published.add(new Board.Published(r.str(po, "features"), r.str(po, "iperf"), r.dbl(po, "senderMbps"),
                        r.dbl(po, "receiverMbps"), (long) r.dbl(po, "retransmits"), r.str(po, "source")));
            }
        }
        Map<String, String> stockSettings = new LinkedHashMap<>();
        if (o.has("stockSettings")) {
            for (Map.Entry<String, JsonElement> e : r.obj(o, "stockSettings").entrySet()) {
                stockSettings.put(e.getKey(), e.getValue().getAsString());
            }
        }
        Board b = new Board(id, r.str(o, "name"), soc, nic, List.copyOf(stock), costs, origin, List.copyOf(published),
                java.util.Collections.unmodifiableMap(stockSettings));
        ringlab.sim.cost.CostProfile.of(b); // validates the cost keys
        return b;
    }

    /** Field access with errors that name the field. */
    private static final class Reader {
        String where;

        Reader(String origin) { this.where = "board descriptor " + origin; }

        private JsonElement get(JsonObject o, String k) {
            JsonElement e = o.get(k);
            if (e == null || e.isJsonNull()) throw new IllegalArgumentException(where + ": missing field '" + k + "'");
            return e;
        }

        String str(JsonObject o, String k) { return get(o, k).getAsString(); }

        JsonObject obj(JsonObject o, String k) {
            JsonElement e = get(o, k);
            if (!e.isJsonObject()) throw new IllegalArgumentException(where + ": field '" + k + "' must be an object");
            return e.getAsJsonObject();
        }

        JsonArray arr(JsonObject o, String k) {
            JsonElement e = get(o, k);
            if (!e.isJsonArray()) throw new IllegalArgumentException(where + ": field '" + k + "' must be an array");
            return e.getAsJsonArray();
        }

        int integer(JsonObject o, String k) { return (int) num(o, k); }

        long lng(JsonObject o, String k) { return (long) num(o, k); }

        double dbl(JsonObject o, String k) { return num(o, k); }

        private double num(JsonObject o, String k) {
            JsonElement e = get(o, k);
            try {
                return e.getAsDouble();
            } catch (NumberFormatException | UnsupportedOperationException | IllegalStateException x) {
                throw new IllegalArgumentException(where + ": field '" + k + "' must be a number");
            }
        }

        boolean bool(JsonObject o, String k) {
            JsonElement e = get(o, k);
            if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isBoolean()) {
                throw new IllegalArgumentException(where + ": field '" + k + "' must be true or false");
            }
            return e.getAsBoolean();
        }
    }
}
