package ringlab.sim.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.Board;

/** Every in-tree board's README states the status its descriptor's calibration says, and whether it has published rows. */
class BoardStatusTest {
    @Test
    void everyBoardReadmeStatesItsDescriptorsStatus() {
        List<String> wrong = new ArrayList<>();
        int boards = 0;
        for (Path p : Descriptors.inTree()) {
            Path dir = p.getParent().getParent().getParent().getParent().getParent().getParent(); // .../<id>/src/main/resources/META-INF/ringlab
            if (!dir.getParent().equals(Descriptors.ROOT.resolve("bundles/hardware")) || dir.endsWith("template-kit")) continue;
            boards++;
            Board b = BoardLoader.parse(Descriptors.read(p), p.toString());
            String readme = Descriptors.read(dir.resolve("README.md"));
            if (!readme.contains("**Status: " + b.calibration().descriptorName + "**")) wrong.add(b.id() + ": not " + b.calibration().descriptorName);
            if (b.published().isEmpty() != readme.contains("Published rows: none.")) wrong.add(b.id() + ": published rows");
        }
        assertTrue(boards >= 11, "boards: " + boards);
        assertEquals(List.of(), wrong);
    }
}
