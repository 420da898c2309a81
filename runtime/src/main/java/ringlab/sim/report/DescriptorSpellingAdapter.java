package ringlab.sim.report;

import com.google.gson.JsonParseException;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.util.function.Function;
import ringlab.spi.board.Calibration;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.RxChecksum;

/**
 * Writes a board enum as board.json spells it ("none", "napi_complete_done"), not as its Java name, so the
 * node's answers show a board's NIC in the descriptor's own words; reads it back the same way. Null is
 * handled by {@link #nullSafe()}.
 */
final class DescriptorSpellingAdapter<E extends Enum<E>> extends TypeAdapter<E> {
    static final DescriptorSpellingAdapter<RxChecksum> RX_CHECKSUM =
            new DescriptorSpellingAdapter<>(RxChecksum.class, c -> c.descriptorName);
    static final DescriptorSpellingAdapter<IrqUnmask> IRQ_UNMASK =
            new DescriptorSpellingAdapter<>(IrqUnmask.class, u -> u.descriptorName);
    static final DescriptorSpellingAdapter<Calibration> CALIBRATION =
            new DescriptorSpellingAdapter<>(Calibration.class, c -> c.descriptorName);

    private final Class<E> type;
    private final Function<E, String> spelling;

    private DescriptorSpellingAdapter(Class<E> type, Function<E, String> spelling) {
        this.type = type;
        this.spelling = spelling;
    }

    @Override
    public void write(JsonWriter out, E value) throws IOException {
        out.value(spelling.apply(value));
    }

    @Override
    public E read(JsonReader in) throws IOException {
        String s = in.nextString();
        for (E e : type.getEnumConstants()) if (spelling.apply(e).equals(s)) return e;
        throw new JsonParseException(type.getSimpleName() + " has no value spelled '" + s + "'");
    }
}
