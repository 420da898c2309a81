package ringlab.sim.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.Board;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.RxChecksum;

/** A bad descriptor is refused with every problem named at once, with the board id and the file, on one line. */
class BoardLoaderProblemsTest {
    static final String FILE = "bundles/acme-x/src/main/resources/META-INF/ringlab/board.json";

    @Test
    void aBadDescriptorNamesEveryProblemWithTheIdAndTheFile() {
        JsonObject d = Descriptors.bcm6328();
        d.addProperty("id", "acme-x");
        d.getAsJsonObject("soc").remove("cores");
        JsonObject nic = d.getAsJsonObject("nic");
        nic.addProperty("rxChecksum", "full");
        nic.addProperty("txRing", -4);
        nic.addProperty("napiWeight", "16");
        d.getAsJsonObject("costs").remove("skb.alloc");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoardLoader.parse(d.toString(), FILE));
        String m = e.getMessage();
        assertTrue(m.startsWith("board 'acme-x' (" + FILE + "): 5 problems: "), m);
        assertTrue(m.contains("soc.cores is missing"), m);
        assertTrue(m.contains("nic.rxChecksum must be one of none, unnecessary, complete, not \"full\""), m);
        assertTrue(m.contains("nic.txRing must be a whole number >= 2, not -4"), m);
        assertTrue(m.contains("nic.napiWeight must be a whole number >= 1, not \"16\""), m);
        assertTrue(m.contains("costs is missing skb.alloc"), m);
        assertFalse(m.contains("\n"), "one line, for the event log");
    }

    /** A descriptor from before sys.select still loads (no problem), with 5 x its syscall and a note saying why. */
    @Test
    void aDescriptorWithoutALateCostKeyLoadsWithItsFallback() {
        JsonObject d = Descriptors.bcm6328();
        d.getAsJsonObject("costs").remove("sys.select");
        Board b = BoardLoader.parse(d.toString(), FILE);
        double syscall = b.costs().get("syscall").cycles();
        assertEquals(5 * syscall, b.costs().get("sys.select").cycles(), 1e-9);
        assertTrue(b.costs().get("sys.select").note().startsWith("not given (a board described before"), b.costs().get("sys.select").note());
        Board built = new Board(b.id(), b.name(), b.soc(), b.nic(), b.stockFeatures(),
                withoutSelect(b.costs()), b.origin(), b.published());
        assertEquals(5 * syscall, ringlab.sim.cost.CostProfile.of(built).cycles(ringlab.spi.board.CostKey.SELECT), 1e-9,
                "a Board built in Java without it too");
        d.getAsJsonObject("costs").remove("syscall");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoardLoader.parse(d.toString(), FILE));
        assertTrue(e.getMessage().endsWith("costs is missing syscall"), e.getMessage());
    }

    /** soc.ramBytes: optional (0 when absent), a whole number of at least a megabyte when given. */
    @Test
    void theRamIsOptionalAndAtLeastAMegabyte() {
        JsonObject d = Descriptors.bcm6328();
        assertEquals(64L << 20, BoardLoader.parse(d.toString(), FILE).soc().ramBytes());
        d.getAsJsonObject("soc").remove("ramBytes");
        d.remove("fieldNotes");
        assertEquals(0, BoardLoader.parse(d.toString(), FILE).soc().ramBytes(), "not given");
        d.getAsJsonObject("soc").addProperty("ramBytes", 4096);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoardLoader.parse(d.toString(), FILE));
        assertTrue(e.getMessage().contains("soc.ramBytes must be a whole number >= 1048576"), e.getMessage());
    }

    /** A descriptor from before dram.stream: each further line of a sequential run costs a full dram.miss, said in its note. */
    @Test
    void aDescriptorWithoutDramStreamPaysAFullMissPerLine() {
        JsonObject d = Descriptors.bcm6328();
        d.getAsJsonObject("costs").remove("dram.stream");
        Board b = BoardLoader.parse(d.toString(), FILE);
        assertEquals(b.costs().get("dram.miss").cycles(), b.costs().get("dram.stream").cycles(), 1e-9);
        assertTrue(b.costs().get("dram.stream").note().contains("without a prefetcher"), b.costs().get("dram.stream").note());
    }

    private static java.util.Map<String, Board.Cost> withoutSelect(java.util.Map<String, Board.Cost> costs) {
        java.util.Map<String, Board.Cost> m = new java.util.LinkedHashMap<>(costs);
        m.remove("sys.select");
        return m;
    }

    @Test
    void aMisspeltFieldIsAProblemNotASilentDefault() {
        JsonObject d = Descriptors.bcm6328();
        d.getAsJsonObject("nic").addProperty("irqUnmak", "always");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoardLoader.parse(d.toString(), FILE));
        assertTrue(e.getMessage().startsWith("board 'bcm6328' (" + FILE + "): nic.irqUnmak is not a known field (known: model, "), e.getMessage());
    }

    @Test
    void aNewerSchemaVersionIsRefusedAloneAndAMissingOneIsVersion1() {
        JsonObject d = Descriptors.bcm6328();
        d.addProperty("schemaVersion", 3);
        d.getAsJsonObject("nic").addProperty("futureField", true); // not reported: a newer format may have it
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoardLoader.parse(d.toString(), FILE));
        assertEquals("board 'bcm6328' (" + FILE + "): schemaVersion 3 is newer than this ringlab reads (2): use a newer ringlab", e.getMessage());

        // bcm6328's rows are all format 1 rows: without its calibration (format 2) it reads the same as format 1
        JsonObject v2 = Descriptors.bcm6328();
        v2.remove("calibration");
        JsonObject old = v2.deepCopy();
        old.remove("schemaVersion");
        assertEquals(BoardLoader.parse(v2.toString(), FILE), BoardLoader.parse(old.toString(), FILE));
    }

    @Test
    void aDescriptorThatIsNotJsonIsNamedByItsFile() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoardLoader.parse("{\"id\": \"x\", \"soc\": ", FILE));
        assertTrue(e.getMessage().startsWith("board descriptor " + FILE + ": it is not valid JSON: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void checksumAndUnmaskAreTypedWithTheirDescriptorSpelling() {
        for (RxChecksum c : RxChecksum.values()) {
            JsonObject d = Descriptors.bcm6328();
            d.getAsJsonObject("nic").addProperty("rxChecksum", c.descriptorName);
            assertEquals(c, BoardLoader.parse(d.toString(), FILE).nic().rxChecksum());
            assertEquals("CHECKSUM_" + c.name(), c.kernelName);
        }
        Board bcm = BoardLoader.parse(Descriptors.bcm6328().toString(), FILE);
        assertEquals(IrqUnmask.ALWAYS, bcm.nic().irqUnmask());
        JsonObject d = Descriptors.bcm6328();
        d.getAsJsonObject("nic").remove("irqUnmask");
        assertEquals(IrqUnmask.NAPI_COMPLETE_DONE, BoardLoader.parse(d.toString(), FILE).nic().irqUnmask(), "absent: the kernel's usual pattern");
    }

    @Test
    void dataCacheSizeAndScatterGatherAreOptional() {
        JsonObject d = Descriptors.bcm6328();
        d.getAsJsonObject("soc").addProperty("l1dBytes", 32768);
        d.getAsJsonObject("nic").addProperty("sg", true);
        Board b = BoardLoader.parse(d.toString(), FILE);
        assertEquals(32768, b.soc().l1dBytes());
        assertTrue(b.nic().sg());
        d.getAsJsonObject("soc").remove("l1dBytes");
        d.getAsJsonObject("nic").remove("sg");
        b = BoardLoader.parse(d.toString(), FILE);
        assertEquals(0, b.soc().l1dBytes(), "absent: not given");
        assertEquals(false, b.nic().sg(), "absent: NETIF_F_SG not advertised");
        d.getAsJsonObject("soc").addProperty("l1dBytes", 0);
        d.getAsJsonObject("nic").addProperty("sg", "yes");
        BoardDescriptorException e = assertThrows(BoardDescriptorException.class, () -> BoardLoader.parse(d.toString(), FILE));
        assertEquals(java.util.List.of("soc.l1dBytes must be a whole number >= 1, not 0", "nic.sg must be true or false, not \"yes\""),
                e.problems());
    }

    @Test
    void theExceptionCarriesTheProblemsOneByOne() {
        JsonObject d = Descriptors.bcm6328();
        d.remove("id");
        d.getAsJsonObject("soc").addProperty("kernelVersion", "five");
        BoardDescriptorException e = assertThrows(BoardDescriptorException.class, () -> BoardLoader.parse(d.toString(), FILE));
        assertEquals(null, e.boardId());
        assertEquals(FILE, e.origin());
        assertEquals(java.util.List.of("id is missing", "soc.kernelVersion must be major.minor such as \"5.15\", not \"five\""), e.problems());
        assertTrue(e.getMessage().startsWith("board descriptor " + FILE + ": 2 problems: id is missing; "), e.getMessage());
    }

    /** fieldNotes reach the board as written (the console shows them); a note that is not text is a problem. */
    @Test
    void fieldNotesAreKeptAndMustBeText() {
        JsonObject d = Descriptors.bcm6328();
        JsonObject notes = new JsonObject();
        notes.addProperty("rxRing/txRing", "the driver's ring sizes");
        notes.addProperty("soc", "one core");
        d.add("fieldNotes", notes);
        assertEquals(java.util.Map.of("rxRing/txRing", "the driver's ring sizes", "soc", "one core"),
                BoardLoader.parse(d.toString(), FILE).fieldNotes());
        notes.addProperty("hz", 250);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoardLoader.parse(d.toString(), FILE));
        assertTrue(e.getMessage().contains("fieldNotes.hz"), e.getMessage());
        d.remove("fieldNotes");
        assertEquals(java.util.Map.of(), BoardLoader.parse(d.toString(), FILE).fieldNotes(), "none given: empty");
    }
}
