package ringlab.sim.board;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The board descriptors of this repository, read from the source tree (tests run in runtime/). */
final class Descriptors {
    static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    static final Path BCM6328 = ROOT.resolve("bundles/hardware/bcm6328/src/main/resources/META-INF/ringlab/board.json");

    private Descriptors() { }

    /** Every board.json under bundles/hardware (template kit included) and examples/. */
    static List<Path> inTree() {
        try (Stream<Path> hw = Files.walk(ROOT.resolve("bundles/hardware")); Stream<Path> ex = Files.walk(ROOT.resolve("examples"))) {
            return Stream.concat(hw, ex)
                    .filter(p -> p.endsWith(Path.of("src/main/resources/META-INF/ringlab/board.json")))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** bcm6328's descriptor as a tree to break. */
    static JsonObject bcm6328() { return JsonParser.parseString(read(BCM6328)).getAsJsonObject(); }
}
