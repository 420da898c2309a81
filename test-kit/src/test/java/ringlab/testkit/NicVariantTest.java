package ringlab.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.RecordComponent;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.Nic;
import ringlab.spi.board.RxChecksum;

class NicVariantTest {
    /**
     * A Nic whose every component differs from the shorter constructors' defaults (each boolean true, each
     * number distinct, each enum its last constant), built through the canonical constructor by reflection: a
     * component added to Nic later is set here too, so a NicVariant that drops it fails the copy below.
     */
    static Nic everyFieldSet() throws ReflectiveOperationException {
        RecordComponent[] rc = Nic.class.getRecordComponents();
        Class<?>[] types = new Class<?>[rc.length];
        Object[] args = new Object[rc.length];
        for (int i = 0; i < rc.length; i++) {
            Class<?> t = rc[i].getType();
            types[i] = t;
            if (t == boolean.class) args[i] = true;
            else if (t == int.class) args[i] = 100 + i;
            else if (t == long.class) args[i] = 1_000_000_000L + i;
            else if (t == String.class) args[i] = "nic-" + i;
            else if (t.isEnum()) args[i] = t.getEnumConstants()[t.getEnumConstants().length - 1];
            else throw new AssertionError("a Nic component of a type this test does not fill: " + rc[i]);
        }
        return Nic.class.getDeclaredConstructor(types).newInstance(args);
    }

    @Test
    void aCopyWithoutChangesIsEqualInEveryComponent() throws ReflectiveOperationException {
        Nic n = everyFieldSet();
        assertEquals(n, NicVariant.of(n).build());
    }

    @Test
    void aChangedFieldChangesOnlyThatField() throws ReflectiveOperationException {
        Nic n = everyFieldSet();
        Nic v = NicVariant.of(n).irqUnmask(IrqUnmask.NAPI_COMPLETE_DONE).rxChecksum(RxChecksum.NONE).txRing(8).build();
        assertEquals(IrqUnmask.NAPI_COMPLETE_DONE, v.irqUnmask());
        assertEquals(RxChecksum.NONE, v.rxChecksum());
        assertEquals(8, v.txRing());
        Nic back = NicVariant.of(v).irqUnmask(n.irqUnmask()).rxChecksum(n.rxChecksum()).txRing(n.txRing()).build();
        assertEquals(n, back);
    }
}
