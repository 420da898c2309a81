package ringlab.experiment.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ringlab.experiment.profile.BoardFiles;
import ringlab.experiment.profile.DeriveBoards;

/** A fit written back: into the core type's profile and the board's memory system, every board re-derived. */
class FitWriterTest {
    static final Path REPO = Path.of("..");

    /** The repository's pom.xml, profiles and board files, copied: what the writer reads and writes. */
    static Path copyOfTheBoards(Path dir) throws IOException {
        Files.copy(REPO.resolve("pom.xml"), dir.resolve("pom.xml"));
        Path profiles = DeriveBoards.profilesDir(dir);
        Files.createDirectories(profiles);
        try (var s = Files.list(DeriveBoards.profilesDir(REPO))) {
            for (Path p : s.toList()) Files.copy(p, profiles.resolve(p.getFileName()));
        }
        for (Path b : BoardFiles.inTree(REPO)) {
            Path to = dir.resolve(REPO.relativize(b));
            Files.createDirectories(to.getParent());
            Files.copy(b, to);
        }
        return dir;
    }

    static JsonObject costs(Path root, String board) throws IOException {
        Path f = root.resolve("bundles/hardware/" + board + "/" + BoardFiles.DESCRIPTOR);
        return JsonParser.parseString(Files.readString(f)).getAsJsonObject();
    }

    static double cycles(JsonObject board, String key) { return board.getAsJsonObject("costs").getAsJsonObject(key).get("cycles").getAsDouble(); }

    @Test
    void theFilesKeepTheirLayout(@TempDir Path dir) throws IOException {
        Path root = copyOfTheBoards(dir);
        Path profile = DeriveBoards.profilesDir(root).resolve("BMIPS4350.json");
        // an earlier fit's tag is replaced by the new one; apart from the tags not a byte moves
        String tags = " \\[fitted x[0-9.]+ by ringlab calibrate on [^\\]]*\\]";
        String before = Files.readString(profile).replaceAll(tags, "");
        FitWriter.write(root, "bcm6328", FreeParameters.named(FreeParameters.DEFAULT), new double[] {1, 1, 1}, "t");
        assertEquals(before, Files.readString(profile).replaceAll(tags, ""));
    }

    @Test
    void aSecondFitStatesTheProductOfBothFactorsAndItsOwnShare() {
        FitWriter.Tag second = new FitWriter.Tag(0.5, "rows B");
        String once = new FitWriter.Tag(1.2, "rows A").on("an estimate");
        assertEquals("an estimate [fitted x1.2 by ringlab calibrate on rows A]", once);
        assertEquals("an estimate [fitted x0.6 by ringlab calibrate on rows B (x0.5 on an earlier fit's x1.2)]", second.on(once));
        assertEquals("an estimate [fitted x0.3 by ringlab calibrate on rows B (x0.5 on an earlier fit's x0.6)]", second.on(second.on(once)));
    }

    @Test
    void aFitGoesIntoTheCoreTypesProfileAndTheBoardsMemoryAndEveryBoardOfThatCoreIsDerivedAgain(@TempDir Path dir) throws IOException {
        Path root = copyOfTheBoards(dir);
        JsonObject ul = costs(root, "rzg2ul"), l = costs(root, "rzg2l"), bcm = costs(root, "bcm6328");
        List<FreeParameter> free = FreeParameters.named(List.of("instruction", "cache-maintenance", "dram"));
        List<Path> written = FitWriter.write(root, "rzg2ul", free, new double[] {1.25, 0.8, 1.1}, "rzg2ul's 17 published rows");
        assertTrue(written.get(0).endsWith("bundles/hardware/profiles/Cortex-A55.json"), written.toString());

        JsonObject ul2 = costs(root, "rzg2ul"), l2 = costs(root, "rzg2l");
        // the board's costs moved by the factors (the written IPC has three significant digits, the derivation
        // rounds to whole cycles)
        assertEquals(cycles(ul, "stack.tcp.rx") * 1.25, cycles(ul2, "stack.tcp.rx"), cycles(ul, "stack.tcp.rx") * 1.25 * 0.005 + 1);
        assertEquals(cycles(ul, "dma.line.map") * 0.8, cycles(ul2, "dma.line.map"), 0.6);
        assertEquals(cycles(ul, "dram.miss") * 1.1, cycles(ul2, "dram.miss"), 1);
        assertEquals("fitted", ul2.get("calibration").getAsString());
        assertTrue(ul2.getAsJsonObject("derivation").getAsJsonObject("dramNs").get("note").getAsString()
                .endsWith(" [fitted x1.1 by ringlab calibrate on rzg2ul's 17 published rows]"));
        // the other A55 board shares the profile's part of the fit, not rzg2ul's memory system
        assertEquals(cycles(l, "stack.tcp.rx") * 1.25, cycles(l2, "stack.tcp.rx"), cycles(l, "stack.tcp.rx") * 1.25 * 0.005 + 1);
        assertEquals(cycles(l, "dram.miss"), cycles(l2, "dram.miss"));
        assertEquals(costs(root, "bcm6328"), bcm, "another core type is untouched");
        // the files agree with their derivation (BoardDerivationTest's check) and a second fit replaces the tag, the product
        // of both factors and its own share in it
        for (var e : DeriveBoards.deriveAll(root).entrySet()) assertEquals(e.getValue(), Files.readString(e.getKey()), e.getKey().toString());
        FitWriter.write(root, "rzg2ul", free, new double[] {1, 1, 1}, "again");
        String note = costs(root, "rzg2ul").getAsJsonObject("derivation").getAsJsonObject("dramNs").get("note").getAsString();
        assertTrue(note.endsWith(" [fitted x1.1 by ringlab calibrate on again (x1 on an earlier fit's x1.1)]")
                && !note.contains("17 published"), note);
    }

    @Test
    void aSwitchFitIsTheProfilesContextSwitchFactorOrTheReferencesOwnCycles(@TempDir Path dir) throws IOException {
        Path root = copyOfTheBoards(dir);
        JsonObject ul = costs(root, "rzg2ul"), bcm = costs(root, "bcm6328");
        List<FreeParameter> free = FreeParameters.named(List.of("switch"));
        FitWriter.write(root, "rzg2ul", free, new double[] {0.5}, "t");
        JsonObject a55 = JsonParser.parseString(Files.readString(DeriveBoards.profilesDir(root).resolve("Cortex-A55.json"))).getAsJsonObject();
        double before = ul.getAsJsonObject("costs").getAsJsonObject("sched.switch").get("cycles").getAsDouble();
        JsonObject ul2 = costs(root, "rzg2ul");
        assertEquals(before * 0.5, cycles(ul2, "sched.switch"), 1);
        assertEquals(cycles(ul, "sched.wakeup") * 0.5, cycles(ul2, "sched.wakeup"), 1);
        assertEquals(cycles(ul, "sched.tick"), cycles(ul2, "sched.tick"), "the tick is not a switch");
        assertEquals(cycles(ul, "stack.tcp.rx"), cycles(ul2, "stack.tcp.rx"));
        double factor = a55.has("contextSwitch") ? a55.getAsJsonObject("contextSwitch").get("value").getAsDouble() : 0;
        assertTrue(factor > 0 && factor <= 0.5 * 1.01, "the profile's contextSwitch: " + a55);
        // on the reference the fit goes into its own cycles: bcm6328's board moves, the A55's derived ones with it
        FitWriter.write(root, "bcm6328", free, new double[] {2}, "t");
        assertEquals(cycles(bcm, "sched.switch") * 2, cycles(costs(root, "bcm6328"), "sched.switch"), 1);
        assertEquals(cycles(ul2, "sched.switch") * 2, cycles(costs(root, "rzg2ul"), "sched.switch"), 2);
    }

    @Test
    void aFitOfAFigureBorrowedFromAnotherCoreTypeIsRefusedAndNothingIsWritten(@TempDir Path dir) throws IOException {
        Path root = copyOfTheBoards(dir);
        Path profile = DeriveBoards.profilesDir(root).resolve("Cortex-A53.json");
        JsonObject a53 = JsonParser.parseString(Files.readString(profile)).getAsJsonObject();
        JsonObject borrowed = new JsonObject();
        borrowed.addProperty("sameAs", "Cortex-A55");
        borrowed.addProperty("note", "the A55's");
        a53.add("ipc", borrowed);
        Files.writeString(profile, a53.toString());
        Path board = root.resolve("bundles/hardware/imx8mq-lan7430/" + BoardFiles.DESCRIPTOR);
        String profileBefore = Files.readString(profile), boardBefore = Files.readString(board);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FitWriter.write(root, "imx8mq-lan7430",
                FreeParameters.named(List.of("dram", "instruction")), new double[] {1.1, 1.2}, "t"));
        assertEquals("--write: " + profile + ": ipc is the Cortex-A55's (sameAs): fit that core type, or state a number here first", e.getMessage());
        assertEquals(profileBefore, Files.readString(profile));
        assertEquals(boardBefore, Files.readString(board), "the dram part of the fit was not written either");
    }
}
