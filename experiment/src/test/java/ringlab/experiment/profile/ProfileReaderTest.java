package ringlab.experiment.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bad profile is refused with one line naming its file and field. */
class ProfileReaderTest {
    @TempDir
    Path dir;

    @Test
    void aProfileWithoutAPerCoreKeyIsRefused() throws IOException {
        String a55 = Files.readString(BoardDerivationTest.ROOT.resolve("bundles/hardware/profiles/Cortex-A55.json"));
        Files.copy(BoardDerivationTest.ROOT.resolve("bundles/hardware/profiles/BMIPS4350.json"), dir.resolve("BMIPS4350.json"));
        Files.writeString(dir.resolve("Cortex-A55.json"), a55.replaceFirst("\"csum.byte\"", "\"csum.bytes\""));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfileReader.readAll(dir));
        assertEquals(dir.resolve("Cortex-A55.json") + ": core must state exactly dma.line.map, dma.line.unmap, dma.line.todev,"
                + " unaligned.trap, csum.byte, copy.byte, not dma.line.map, dma.line.unmap, dma.line.todev, unaligned.trap,"
                + " csum.bytes, copy.byte", e.getMessage());
    }

    @Test
    void aProfileWhoseReferenceIsMissingIsRefused() throws IOException {
        Files.copy(BoardDerivationTest.ROOT.resolve("bundles/hardware/profiles/Cortex-A55.json"), dir.resolve("Cortex-A55.json"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfileReader.readAll(dir));
        assertEquals(dir.resolve("Cortex-A55.json") + ": reference names BMIPS4350, which is not a reference profile in " + dir,
                e.getMessage());
    }

    @Test
    void aContextSwitchFactorOnTheReferenceIsRefused() throws IOException {
        String mips = Files.readString(BoardDerivationTest.ROOT.resolve("bundles/hardware/profiles/BMIPS4350.json"));
        Files.writeString(dir.resolve("BMIPS4350.json"), mips.replaceFirst("\\{", "{\"contextSwitch\": {\"value\": 0.5, \"note\": \"x\"}, "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfileReader.readAll(dir));
        assertEquals(dir.resolve("BMIPS4350.json") + ": contextSwitch belongs to a profile with a reference: the reference's own"
                + " figures are its context switch", e.getMessage());
    }

    /** The repository's reference and A55 profiles, and a copy of the A55 as core type {@code type} with edits. */
    private JsonObject borrower(String type) throws IOException {
        for (String f : new String[] {"BMIPS4350.json", "Cortex-A55.json"}) {
            if (!Files.exists(dir.resolve(f))) Files.copy(BoardDerivationTest.ROOT.resolve("bundles/hardware/profiles/" + f), dir.resolve(f));
        }
        JsonObject p = JsonParser.parseString(Files.readString(dir.resolve("Cortex-A55.json"))).getAsJsonObject();
        p.addProperty("coreType", type);
        return p;
    }

    private static JsonObject sameAs(String lender, double times, String note) {
        JsonObject o = new JsonObject();
        o.addProperty("sameAs", lender);
        if (times != 1) o.addProperty("times", times);
        o.addProperty("note", note);
        return o;
    }

    @Test
    void aBorrowedFigureIsTheLendersTimesItsFactorWithBothNotes() throws IOException {
        JsonObject p = borrower("Test-Core");
        p.add("ipc", sameAs("Cortex-A55", 0.5, "half the A55's"));
        p.getAsJsonObject("core").add("dma.line.map", sameAs("Cortex-A55", 1, "the same walk to the point of coherency"));
        Files.writeString(dir.resolve("Test-Core.json"), p.toString());
        var all = ProfileReader.readAll(dir);
        CoreProfile a55 = all.get("Cortex-A55"), t = all.get("Test-Core");
        assertEquals(new java.math.BigDecimal(a55.ipc().value() * 0.5, new java.math.MathContext(3)).doubleValue(), t.ipc().value(), 1e-12);
        assertTrue(t.ipc().note().startsWith("half the A55's (the Cortex-A55's x 0.5: " + a55.ipc().note()), t.ipc().note());
        assertEquals(a55.core().get("dma.line.map").ns(), t.core().get("dma.line.map").ns());
        assertTrue(t.core().get("dma.line.map").note().startsWith("the same walk to the point of coherency (the Cortex-A55's: "),
                t.core().get("dma.line.map").note());
    }

    @Test
    void aBorrowingThatComesBackToItselfIsRefused() throws IOException {
        JsonObject a = borrower("Test-A"), b = borrower("Test-B");
        a.add("ipc", sameAs("Test-B", 1, "b's"));
        b.add("ipc", sameAs("Test-A", 1, "a's"));
        Files.writeString(dir.resolve("Test-A.json"), a.toString());
        Files.writeString(dir.resolve("Test-B.json"), b.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfileReader.readAll(dir));
        assertEquals(dir.resolve("Test-A.json") + ": ipc.sameAs comes back to itself: Test-A ipc -> Test-B ipc -> Test-A ipc", e.getMessage());
    }

    @Test
    void aLenderThatIsNotAProfileOrNotOnTheSameReferenceIsRefused() throws IOException {
        JsonObject p = borrower("Test-Core");
        p.add("contextSwitch", sameAs("Cortex-A56", 1, "a typo"));
        Files.writeString(dir.resolve("Test-Core.json"), p.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfileReader.readAll(dir));
        assertEquals(dir.resolve("Test-Core.json") + ": contextSwitch.sameAs names Cortex-A56, which is not a profile beside it", e.getMessage());
        p.add("contextSwitch", sameAs("BMIPS4350", 1, "the reference's own"));
        Files.writeString(dir.resolve("Test-Core.json"), p.toString());
        e = assertThrows(IllegalArgumentException.class, () -> ProfileReader.readAll(dir));
        assertEquals(dir.resolve("Test-Core.json") + ": contextSwitch.sameAs names BMIPS4350, which is not on the same reference as Test-Core", e.getMessage());
    }
}
