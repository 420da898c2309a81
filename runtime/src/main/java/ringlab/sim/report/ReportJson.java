package ringlab.sim.report;

import com.google.gson.FieldNamingPolicy;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The one JSON configuration for reports, status and device detail (the CLI's --json and the node's answers),
 * so every JSON answer has the same casing and number format:
 * <ul>
 * <li>record components and fields in camelCase are written snake_case ({@code inFlight} -> "in_flight");
 *     map keys are data (port names, feature ids, drop reasons) and are written as they are;</li>
 * <li>keys in declaration order (records) or insertion order (maps): equal input, byte-identical output;</li>
 * <li>numbers plainly: whole numbers without ".0", others as the shortest decimal that reads back to the same
 *     double, never in exponent form;</li>
 * <li>a null component or map value is left out (an optional section such as {@link DeviceDetail#ping()});
 *     a NaN or infinite number is written as null (the figure exists but has no finite value);</li>
 * <li>a board's NIC enums as board.json spells them ({@code "rx_checksum": "none"});</li>
 * <li>pretty-printed with two-space indents, no HTML escaping.</li>
 * </ul>
 * The same rules read JSON back into the records ({@code GSON.fromJson(json, DeviceDetail.class)}).
 */
public final class ReportJson {

    public static final Gson GSON = new GsonBuilder()
            .setFieldNamingPolicy(FieldNamingPolicy.LOWER_CASE_WITH_UNDERSCORES)
            .registerTypeAdapter(double.class, PlainDoubleAdapter.INSTANCE)
            .registerTypeAdapter(Double.class, PlainDoubleAdapter.INSTANCE)
            .registerTypeAdapter(ringlab.spi.board.RxChecksum.class, DescriptorSpellingAdapter.RX_CHECKSUM.nullSafe())
            .registerTypeAdapter(ringlab.spi.board.IrqUnmask.class, DescriptorSpellingAdapter.IRQ_UNMASK.nullSafe())
            .registerTypeAdapter(ringlab.spi.board.Calibration.class, DescriptorSpellingAdapter.CALIBRATION.nullSafe())
            .disableHtmlEscaping()
            .setPrettyPrinting()
            .create();

    private ReportJson() {
    }

    /**
     * The value as a JSON tree under these rules, for embedding in another document (the node's status
     * embeds a {@link SimStatus}); {@link #toJson} writes such a tree exactly as it writes the value itself.
     */
    public static JsonElement toJsonTree(Object value) {
        return GSON.toJsonTree(value);
    }

    /** The value as pretty-printed JSON text under these rules, without a trailing newline. */
    public static String toJson(Object value) {
        if (!(value instanceof JsonElement tree)) {
            return GSON.toJson(value);
        }
        // Gson would drop a tree's JsonNull members with serializeNulls off; in a tree made by toJsonTree the
        // absent sections are already absent, so a JsonNull is a non-finite number and must stay null
        StringWriter sw = new StringWriter();
        try {
            JsonWriter w = GSON.newJsonWriter(sw);
            w.setSerializeNulls(true);
            GSON.getAdapter(JsonElement.class).write(w, tree);
            w.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sw.toString();
    }

    /**
     * A JSON number written plainly: integral values without ".0" (below 1e15), others as the shortest decimal
     * that reads back to the same double, never in exponent form; null for NaN and infinities.
     */
    public static String number(Number n) {
        if (n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte
                || n instanceof BigInteger) {
            return n.toString();
        }
        if (n instanceof BigDecimal b) {
            return b.toPlainString();
        }
        double d = n instanceof Float f ? Double.parseDouble(Float.toString(f)) : n.doubleValue();
        if (!Double.isFinite(d)) {
            return null;
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return new BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
    }
}
