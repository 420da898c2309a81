package ringlab.experiment.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
