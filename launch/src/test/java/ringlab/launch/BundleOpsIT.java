package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.NodeApiIT.obj;
import static ringlab.launch.NodeHarness.await;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import ringlab.cli.Main;
import ringlab.launch.NodeClient.Answer;

/**
 * Bundle operations through the API and the deploy folder (issue 10, items 6 to 8 and the risky bundle
 * items): serialised installs, failed updates rolled back (also across a restart), broken board bundles
 * refused by the API and `ringlab deploy`, the deploy folder leaving API-installed bundles alone, exports
 * of ringlab.* or infrastructure packages refused, infrastructure protected, a bounded manifest, and a
 * deadline for activators.
 */
@Timeout(180)
class BundleOpsIT {
    private NodeHarness node;

    @AfterEach
    void stop() throws Exception {
        if (node != null) node.close();
    }

    private NodeHarness start() throws Exception {
        node = new NodeHarness();
        node.properties.put("ringlab.bundle.start.timeout", "3");
        return node.start();
    }

    private List<JsonObject> bundles(String bsn) {
        List<JsonObject> out = new ArrayList<>();
        for (JsonElement e : node.get("/bundles").json().getAsJsonArray()) {
            if (bsn.equals(e.getAsJsonObject().get("symbolic_name").getAsString())) out.add(e.getAsJsonObject());
        }
        return out;
    }

    private long idOf(String bsn) {
        List<JsonObject> b = bundles(bsn);
        assertEquals(1, b.size(), bsn + ": " + b);
        return b.get(0).get("id").getAsLong();
    }

    private List<JsonObject> events(String kind) {
        List<JsonObject> out = new ArrayList<>();
        for (JsonElement e : obj(node.get("/events")).getAsJsonArray("events")) {
            if (kind.equals(e.getAsJsonObject().get("kind").getAsString())) out.add(e.getAsJsonObject());
        }
        return out;
    }

    /** Drops a jar of {@code bsn} into the deploy folder and waits until its bundle is ACTIVE. */
    private Path dropped(String file, String bsn, String version) throws Exception {
        Path jar = node.data.resolve("deploy/" + file);
        Files.write(jar, TestBundles.activatorBundle(bsn, version, "", Map.of()));
        await("installed from the folder", () -> bundles(bsn).size() == 1 && "ACTIVE".equals(bundles(bsn).get(0).get("state").getAsString()));
        return jar;
    }

    @Test
    void parallelUploadsOfOneNameInstallItOnceAndTheOthersGet409() throws Exception {
        start();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            for (int round = 0; round < 3; round++) {
                // a few MiB of content widen the window between the check for the name and the install
                String bsn = "test.race" + round;
                byte[] jar = TestBundles.dataBundle(bsn, Map.of(), Map.of("padding.txt", randomText(4 << 20, round)));
                List<Future<Answer>> answers = new ArrayList<>();
                for (int i = 0; i < 8; i++) answers.add(pool.submit((Callable<Answer>) () -> node.post("/bundles", jar)));
                int ok = 0, conflict = 0;
                for (Future<Answer> f : answers) {
                    Answer a = f.get();
                    if (a.status() == 200) ok++;
                    else if (a.status() == 409) conflict++;
                    else throw new AssertionError("unexpected answer " + a.status() + " " + a.body());
                }
                assertEquals(1, ok, bsn + ": one upload installs it");
                assertEquals(7, conflict, bsn + ": the others find it installed");
                assertEquals("ACTIVE", bundles(bsn).get(0).get("state").getAsString());
                idOf(bsn);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    static String randomText(int length, long seed) {
        java.util.Random r = new java.util.Random(seed);
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) s.append((char) ('a' + r.nextInt(26)));
        return s.toString();
    }

    @Test
    void anUpdateThatDoesNotStartIsRolledBackToThePreviousJarAlsoAfterARestart() throws Exception {
        start();
        long id = obj(node.post("/bundles", TestBundles.featureBundle("test.features", false))).get("id").getAsLong();
        await("registered", () -> node.get("/features").body().contains("\"test-knob\""));
        byte[] broken = TestBundles.activatorBundle("test.features", "2.0.0", "throw new IllegalStateException(\"test: activator fails\");", Map.of());
        Answer a = node.send("PUT", "/bundles/" + id, broken, "application/java-archive", node.token());
        assertEquals(400, a.status(), a.body());
        assertTrue(a.error().contains("test: activator fails") && a.error().contains("rolled back to version 1.0.0 (ACTIVE)"), a.error());
        JsonObject b = obj(node.get("/bundles/" + id));
        assertEquals("ACTIVE", b.get("state").getAsString());
        assertEquals("1.0.0", b.get("version").getAsString());
        await("the previous version's features are back", () -> node.get("/features").body().contains("\"test-knob\""));

        node.stop();
        node.start();
        JsonObject after = obj(node.get("/bundles/" + id));
        assertEquals("ACTIVE", after.get("state").getAsString(), after.toString());
        assertEquals("1.0.0", after.get("version").getAsString());
        await("its features after the restart", () -> node.get("/features").body().contains("\"test-knob\""));
    }

    @Test
    void aBoardBundleWithABrokenDescriptorIsRefusedOnceByTheApiAndByRinglabDeploy() throws Exception {
        start();
        byte[] board = TestBundles.dataBundle("test.board.broken", Map.of("Ringlab-Board", "META-INF/ringlab/board.json"),
                Map.of("META-INF/ringlab/board.json", "{\"id\": \"broken\", \"soc\": {}, \"nic\": {\"rxChecksum\": \"full\"}}"));
        Answer a = node.post("/bundles", board);
        assertEquals(400, a.status(), a.body());
        assertTrue(a.error().contains("test.board.broken") && a.error().contains("META-INF/ringlab/board.json"), a.error());
        assertTrue(bundles("test.board.broken").isEmpty(), "uninstalled again");
        assertEquals(1, events("board_rejected").size(), "one rejection, recorded once: " + events("board_rejected"));
        // every problem of the descriptor, with its id, in the answer and in the one-line event
        String event = events("board_rejected").get(0).get("message").getAsString();
        for (String said : List.of(a.error(), event)) {
            assertTrue(said.contains("board 'broken' (test.board.broken/META-INF/ringlab/board.json)") && said.contains("soc.cores is missing")
                    && said.contains("nic.rxChecksum must be one of none, unnecessary, complete, not \"full\"") && said.contains("costs is missing"), said);
            assertFalse(said.contains("\n"), said);
        }

        Path jar = node.root.resolve("broken-board.jar");
        Files.write(jar, board);
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc = Main.run(new String[] {"deploy", jar.toString(), "--node", "http://127.0.0.1:" + node.port, "--data", node.data.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String printed = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, rc, printed);
        assertEquals(1, printed.lines().count(), "one line: " + printed);
        assertTrue(printed.contains("broken-board.jar") && printed.contains("test.board.broken/META-INF/ringlab/board.json"), printed);
        assertTrue(bundles("test.board.broken").isEmpty());
    }

    @Test
    void theDeployFolderLeavesAnApiInstalledBundleAlone() throws Exception {
        start();
        long id = obj(node.post("/bundles", TestBundles.featureBundle("test.features", false))).get("id").getAsLong();
        Path dropped = node.data.resolve("deploy/same-name.jar");
        Files.write(dropped, TestBundles.featureBundle("test.features", false));
        JsonObject refused = await("refused with an event", () -> events("bundle_refused").stream().findFirst().orElse(null));
        assertTrue(refused.get("message").getAsString().contains("already installed as bundle " + id + " through the API"), refused.toString());
        assertFalse(Files.exists(dropped), "moved out of the deploy folder");
        assertTrue(Files.exists(node.data.resolve("deploy-refused/same-name.jar")));
        JsonObject b = obj(node.get("/bundles/" + id));
        assertEquals("ringlab-api:test.features", b.get("location").getAsString());
        assertEquals("ACTIVE", b.get("state").getAsString());

        // a jar exporting a ringlab package is refused from the folder too
        Files.write(node.data.resolve("deploy/fake-spi.jar"), TestBundles.dataBundle("test.fake.spi", Map.of("Export-Package", "ringlab.spi.feature"), Map.of("a.txt", "x")));
        await("refused from the folder", () -> events("bundle_refused").size() == 2);
        assertTrue(bundles("test.fake.spi").isEmpty());
    }

    /**
     * What the deploy folder cannot take is said in the event log, not only in the OSGi log: a file that is no
     * jar and a jar with two manifests are moved out with a bundle_refused event (FileInstall failed on the
     * first at every scan, silently, and installed the second with the manifest the framework reads, not the one
     * checked); a bundle whose activator throws is FileInstall's warning, recorded as a warning event.
     */
    @Test
    void whatTheDeployFolderCannotTakeIsSaidInTheEventLog() throws Exception {
        start();
        Files.writeString(node.data.resolve("deploy/notes.jar"), "not a zip");
        JsonObject notJar = await("the non-jar refused", () -> events("bundle_refused").stream().findFirst().orElse(null));
        assertTrue(notJar.get("message").getAsString().contains("deploy/notes.jar refused: not a jar"), notJar.toString());
        assertTrue(Files.exists(node.data.resolve("deploy-refused/notes.jar")));

        ByteArrayOutputStream two = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(two)) {
            zip.putNextEntry(new ZipEntry("meta-inf/manifest.mf"));
            zip.write("Manifest-Version: 1.0\r\nBundle-ManifestVersion: 2\r\nBundle-SymbolicName: test.two\r\n\r\n".getBytes(StandardCharsets.UTF_8));
            zip.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
            zip.write(("Manifest-Version: 1.0\r\nBundle-ManifestVersion: 2\r\nBundle-SymbolicName: test.two\r\n"
                    + "Export-Package: ringlab.spi.feature;version=1.99\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        }
        Files.write(node.data.resolve("deploy/two.jar"), two.toByteArray());
        await("the jar with two manifests refused", () -> events("bundle_refused").size() == 2);
        assertTrue(events("bundle_refused").get(1).get("message").getAsString().contains("2 manifests"), events("bundle_refused").toString());
        assertTrue(bundles("test.two").isEmpty());
        Answer api = node.post("/bundles", two.toByteArray());
        assertEquals(400, api.status(), api.body());
        assertTrue(api.error().contains("2 manifests"), api.body());

        Files.write(node.data.resolve("deploy/throws.jar"), TestBundles.activatorBundle("test.throws", "1.0.0", "throw new IllegalStateException(\"boom at start\");", Map.of()));
        JsonObject warned = await("the failed start said", () -> events("warning").stream()
                .filter(e -> e.get("message").getAsString().contains("throws.jar")).findFirst().orElse(null));
        assertTrue(warned.get("message").getAsString().startsWith("deploy folder: ") && warned.get("message").getAsString().contains("boom at start"), warned.toString());
    }

    /**
     * A jar the deploy folder installed is the folder's to update, also when FileInstall offers it again after a
     * restart (it changed while the node was down; a kill -9 mid-update does the same): until 2026-12-06 the
     * guard compared FileInstall's locations (file:/...) as text with the folder's URI (file:///...), took the
     * folder's bundle for the node's own and moved the jar away while its bundle stayed.
     */
    @Test
    void aFolderJarIsTheFoldersToUpdateAfterARestartAndNotTheApis() throws Exception {
        start();
        Path jar = dropped("mine.jar", "test.mine", "1.0.0");
        node.stop();
        Files.write(jar, TestBundles.activatorBundle("test.mine", "1.0.1", "", Map.of()));
        node.start();
        await("updated from the folder", () -> {
            List<JsonObject> b = bundles("test.mine");
            return b.size() == 1 && "1.0.1".equals(b.get(0).get("version").getAsString()) && "ACTIVE".equals(b.get(0).get("state").getAsString());
        });
        assertTrue(Files.exists(jar), "the jar stays in the deploy folder");
        assertTrue(events("bundle_refused").isEmpty(), events("bundle_refused").toString());

        // the file manages it: the API neither updates nor uninstalls it (the folder would undo either)
        long id = idOf("test.mine");
        Answer del = node.delete("/bundles/" + id);
        assertEquals(409, del.status(), del.body());
        assertTrue(del.error().contains("installed from deploy/mine.jar"), del.body());
        Answer put = node.send("PUT", "/bundles/" + id, TestBundles.activatorBundle("test.mine", "1.0.3", "", Map.of()), "application/java-archive", node.token());
        assertEquals(409, put.status(), put.body());
        assertEquals("1.0.1", bundles("test.mine").get(0).get("version").getAsString());

        Files.write(node.data.resolve("deploy/mine-copy.jar"), TestBundles.activatorBundle("test.mine", "1.0.2", "", Map.of()));
        JsonObject refused = await("the second copy refused", () -> events("bundle_refused").stream().findFirst().orElse(null));
        assertTrue(refused.get("message").getAsString().contains("from deploy/mine.jar"), refused.toString());
        assertEquals("1.0.1", bundles("test.mine").get(0).get("version").getAsString());
        assertTrue(Files.exists(node.data.resolve("deploy-refused/mine-copy.jar")));
    }

    /**
     * A node stopped between FileInstall's install of a folder jar and its start (kill -9) leaves a bundle that
     * is not persistently started, which FileInstall never starts while the file stays unchanged (the chaos
     * soak's test.dropped, stuck RESOLVED): shortly after the next start the node starts it and says so.
     */
    @Test
    void afterARestartAFolderBundleLeftInstalledButNotStartedIsStarted() throws Exception {
        start();
        dropped("left.jar", "test.left", "1.0.0");
        for (org.osgi.framework.Bundle b : node.framework.getBundleContext().getBundles()) {
            if (b.getSymbolicName().equals("test.left")) b.stop(); // persistently: as if FileInstall had not started it yet
        }
        node.stop();
        node.start();
        String left = bundles("test.left").get(0).get("state").getAsString();
        assertTrue(left.equals("INSTALLED") || left.equals("RESOLVED"), "FileInstall leaves it as it is: " + left);
        await("started by the node", () -> "ACTIVE".equals(bundles("test.left").get(0).get("state").getAsString()));
        assertTrue(events("warning").toString().contains("deploy/left.jar: its bundle test.left"), events("warning").toString());
    }

    /** FileInstall leaves the bundle of a jar removed while the node was down installed; the node uninstalls it. */
    @Test
    void afterARestartAFolderBundleWhoseJarWentWhileTheNodeWasDownIsGone() throws Exception {
        start();
        Path jar = dropped("went.jar", "test.went", "1.0.0");
        node.stop();
        Files.delete(jar);
        node.start();
        await("uninstalled", () -> bundles("test.went").isEmpty());
        assertTrue(events("warning").toString().contains("deploy/went.jar is gone"), events("warning").toString());
    }

    @Test
    void exportsOfNodePackagesAHugeManifestAndInfrastructureChangesAreRefused() throws Exception {
        start();
        int before = node.get("/bundles").json().getAsJsonArray().size();
        Answer spi = node.post("/bundles", TestBundles.dataBundle("test.fake.spi", Map.of("Export-Package", "ringlab.spi.feature;version=\"1.0\""), Map.of("a.txt", "x")));
        assertEquals(400, spi.status(), spi.body());
        assertTrue(spi.error().contains("exports package ringlab.spi.feature"), spi.error());
        Answer gson = node.post("/bundles", TestBundles.dataBundle("test.fake.gson", Map.of("Export-Package", "com.google.gson"), Map.of("a.txt", "x")));
        assertEquals(400, gson.status(), gson.body());
        assertTrue(gson.error().contains("com.google.gson") && gson.error().contains("infrastructure"), gson.error());

        Answer huge = node.post("/bundles", TestBundles.dataBundle("test.huge", Map.of("X-Padding", "a".repeat(2 << 20)), Map.of("a.txt", "x")));
        assertEquals(400, huge.status(), huge.body().substring(0, Math.min(300, huge.body().length())));
        assertTrue(huge.error().contains("manifest is larger than 1048576 bytes"), huge.error());
        assertEquals(before, node.get("/bundles").json().getAsJsonArray().size(), "nothing installed");

        long scr = idOf("org.apache.felix.scr");
        for (String[] op : new String[][] {{"POST", "/bundles/" + scr + "/stop"}, {"DELETE", "/bundles/" + scr}}) {
            Answer a = node.send(op[0], op[1], null, null, node.token());
            assertEquals(400, a.status(), a.body());
            assertTrue(a.error().contains("infrastructure"), a.error());
        }
        Answer upd = node.send("PUT", "/bundles/" + scr, TestBundles.dataBundle("org.apache.felix.scr", Map.of(), Map.of("a.txt", "x")),
                "application/java-archive", node.token());
        assertEquals(400, upd.status(), upd.body());
        assertEquals("ACTIVE", obj(node.get("/bundles/" + scr)).get("state").getAsString());
        assertEquals(400, node.send("POST", "/bundles/" + idOf("com.google.gson") + "/stop", null, null, node.token()).status());

        // the node's content stays manageable: an in-tree feature bundle stops and starts
        long gro = idOf("ringlab.feature.gro");
        assertEquals("RESOLVED", obj(node.send("POST", "/bundles/" + gro + "/stop", null, null, node.token())).get("state").getAsString());
        assertEquals("ACTIVE", obj(node.send("POST", "/bundles/" + gro + "/start", null, null, node.token())).get("state").getAsString());
    }

    @Test
    void anActivatorThatBlocksGetsADeadlineAndTheBundleGoesWhenItReturns() throws Exception {
        start();
        byte[] slow = TestBundles.activatorBundle("test.blocks", "1.0.0", "Thread.sleep(Long.MAX_VALUE);", Map.of());
        Answer a = node.post("/bundles", slow);
        assertEquals(400, a.status(), a.body());
        assertTrue(a.error().contains("did not start within 3 s") && a.error().contains("STARTING"), a.error());
        assertEquals(200, node.get("/status").status(), "the API answers meanwhile");
        // the deadline interrupted the activator: its start failed, and the bundle was uninstalled
        await("uninstalled once its activator returned", () -> bundles("test.blocks").isEmpty());
    }
}
