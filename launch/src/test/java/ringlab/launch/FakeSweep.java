package ringlab.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** The fake `ringlab sweep` (src/test/resources/fake-sweep.sh) as an executable file, for -Dringlab.sweep.command. */
final class FakeSweep {
    private FakeSweep() { }

    static Path install(Path dir) throws IOException {
        Path script = dir.resolve("fake-sweep.sh");
        try (InputStream in = FakeSweep.class.getResourceAsStream("/fake-sweep.sh")) {
            if (in == null) throw new IOException("fake-sweep.sh missing from the test class path");
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        // resources are copied without their mode: executable again
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }
}
