package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ringlab deploy's token without putting it on the command line: a file, RINGLAB_TOKEN, or the data folder. */
class TokenSourceTest {
    @TempDir
    Path dir;

    @Test
    void theTokenComesFromAFileTheEnvironmentOrTheDataFolder() throws Exception {
        Files.writeString(dir.resolve("token"), "from-data\n");
        Path file = Files.writeString(dir.resolve("my-token"), "  from-file \n");
        assertEquals("from-data", TokenSource.resolve(null, null, null, dir.toString()));
        assertEquals("from-env", TokenSource.resolve(null, null, "from-env\n", dir.toString()), "RINGLAB_TOKEN before the data folder");
        assertEquals("from-file", TokenSource.resolve(null, file.toString(), "from-env", dir.toString()));
        assertEquals("flag", TokenSource.resolve("flag", null, "from-env", dir.toString()), "still accepted");
        assertEquals("from-data", TokenSource.resolve(null, null, " ", dir.toString()), "a blank variable is no token");
    }

    @Test
    void aMissingOrEmptyTokenIsOneLineNamingWhere() throws Exception {
        Path none = dir.resolve("none");
        assertTrue(assertThrows(TokenSource.Missing.class, () -> TokenSource.resolve(null, null, null, none.toString()))
                .getMessage().contains(TokenSource.ENV));
        assertTrue(assertThrows(TokenSource.Missing.class, () -> TokenSource.resolve(null, none.toString(), null, dir.toString()))
                .getMessage().startsWith("no such token file"));
        Files.writeString(dir.resolve("empty"), "\n");
        assertTrue(assertThrows(TokenSource.Missing.class, () -> TokenSource.resolve(null, dir.resolve("empty").toString(), null, dir.toString()))
                .getMessage().contains("empty"));
    }

    @Test
    void deployTakesATokenFileAndSaysWhereNoTokenWasFound() throws Exception {
        Path jar = Files.write(dir.resolve("x.jar"), new byte[] {1});
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = DeployCommand.run(new String[] {jar.toString(), "--token-file", dir.resolve("nope").toString()}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true));
        assertEquals(2, rc);
        // one line, as every command's bad input (it was followed by two usage lines)
        assertEquals("ringlab deploy: no such token file: --token-file " + dir.resolve("nope") + "; see ringlab deploy --help\n", err.toString());
    }
}
