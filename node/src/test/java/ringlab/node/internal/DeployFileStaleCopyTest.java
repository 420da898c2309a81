package ringlab.node.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FileInstall's older copy of a deploy file: it read {limit_min} before the API wrote {limit_min, hold_time}
 * to the file and ConfigAdmin, then put what it had read back into ConfigAdmin. Deciding on that copy lost
 * hold_time in the chaos soak; the file's current content tells the copy apart.
 */
class DeployFileStaleCopyTest {
    @TempDir
    Path dir;

    private StoredConfig held(Path file, Map<String, Object> values) {
        Map<String, Object> props = new LinkedHashMap<>(values);
        props.put("service.pid", "ringlab.feature.bql");
        if (file != null) props.put(StoredConfig.FILE_KEY, file.toUri().toString());
        return new StoredConfig(props, 7, "ringlab.feature.bql");
    }

    @Test
    void anOlderCopyOfARewrittenFileIsStale() throws Exception {
        Path f = dir.resolve("ringlab.feature.bql.cfg");
        DeployFile.write(f, Map.of("limit_min", 5830L, "hold_time", 44870L)); // the API's newer write
        assertTrue(DeployFile.staleCopy(held(f, Map.of("limit_min", "5830"))));
    }

    @Test
    void theFilesOwnContentIsNotStaleWhateverTheTypes() throws Exception {
        Path f = dir.resolve("ringlab.feature.bql.cfg");
        DeployFile.write(f, Map.of("limit_min", 5830L, "hold_time", 44870L));
        assertFalse(DeployFile.staleCopy(held(f, Map.of("limit_min", 5830L, "hold_time", "44870"))));
        Files.writeString(f, "limit_min=-5\n"); // a user's (bad) edit, as FileInstall delivers it
        assertFalse(DeployFile.staleCopy(held(f, Map.of("limit_min", "-5"))), "decided on (and refused) as usual");
    }

    @Test
    void aCopyReadWhileAWriterHadTruncatedTheFileIsStale() throws Exception {
        Path f = dir.resolve("ringlab.feature.bql.cfg");
        Files.writeString(f, ""); // truncated: FileInstall read nothing (the defaults), the writer is not done
        Thread writer = new Thread(() -> {
            try {
                Thread.sleep(50);
                Files.writeString(f, "limit_min=-5\n");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();
        try {
            assertTrue(DeployFile.staleCopy(held(f, Map.of())), "the empty copy of a file being written");
        } finally {
            writer.join();
        }
        Files.writeString(dir.resolve("empty.cfg"), "");
        Files.setLastModifiedTime(dir.resolve("empty.cfg"), java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 10_000));
        assertFalse(DeployFile.staleCopy(held(dir.resolve("empty.cfg"), Map.of())), "a file left empty on purpose: the defaults");
    }

    @Test
    void aCopyOfAFileThatIsGoneIsStaleItsDeletionFollows() {
        assertTrue(DeployFile.staleCopy(held(dir.resolve("gone.cfg"), Map.of("limit_min", "5830"))));
        // read while a writer had truncated it, then deleted: no values, and still not the file's word
        assertTrue(DeployFile.staleCopy(held(dir.resolve("gone.cfg"), Map.of())));
    }

    @Test
    void notFromAFileOrNotComparableIsNotStale() throws Exception {
        assertFalse(DeployFile.staleCopy(held(null, Map.of("limit_min", 1L))));
        assertFalse(DeployFile.staleCopy(new StoredConfig(null, 0, "ringlab.feature.bql")));
        Path f = dir.resolve("subst.cfg");
        Files.writeString(f, "limit_min=${env:LIMIT}\n");
        assertFalse(DeployFile.staleCopy(held(f, Map.of("limit_min", "5830"))));
    }
}
