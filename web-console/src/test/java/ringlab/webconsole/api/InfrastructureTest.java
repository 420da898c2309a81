package ringlab.webconsole.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Bundle locations as FileInstall, the API and the launcher write them. */
class InfrastructureTest {
    @Test
    void fileInstallsLocationsAreFilesWhateverTheUriForm() {
        Path folder = Path.of("/data/deploy");
        String fileInstall = new File("/data/deploy/x.jar").toURI().toString(); // "file:/data/deploy/x.jar"
        assertTrue(!fileInstall.startsWith(folder.toUri().toString()), "as text the two forms differ: " + fileInstall);
        assertEquals(Path.of("/data/deploy/x.jar"), Infrastructure.fileOf(fileInstall));
        assertEquals(Path.of("/data/deploy/x.jar"), Infrastructure.fileOf("file:///data/deploy/x.jar"));
        assertEquals(Path.of("/data/deploy/x.jar"), Infrastructure.fileOf("file:/data/deploy/sub/../x.jar"));
        assertTrue(Infrastructure.fileOf(fileInstall).startsWith(folder));
        assertTrue(!Infrastructure.fileOf("file:/data/deployed/x.jar").startsWith(folder), "a sibling folder is not the folder");
    }

    @Test
    void otherLocationsNameNoFile() {
        assertNull(Infrastructure.fileOf(Infrastructure.API_LOCATION + "test.features"));
        assertNull(Infrastructure.fileOf("inputstream:x.jar"));
        assertNull(Infrastructure.fileOf(null));
        assertNull(Infrastructure.fileOf("file:relative%zz"));
    }
}
