package ringlab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ringlab.experiment.RunSpec;
import ringlab.experiment.sweep.RunKey;
import ringlab.experiment.sweep.SweepExpansion;
import ringlab.experiment.sweep.SweepSpecReader;

/** Slices: how runs are cut into them, and a run that throws inside one, on a local Spark. */
class RunSliceTest {
    @TempDir
    Path tmp;

    private static List<TaskInput> fake(int n) {
        List<TaskInput> runs = new ArrayList<>();
        for (int i = 0; i < n; i++) runs.add(new TaskInput("k" + i, "{}"));
        return runs;
    }

    @Test
    void slicesKeepTheRunsInOrderWithOneToFourRunsAndAtLeastFourSlicesPerCoreWhileTheyCanShrink() {
        List<TaskInput> runs = fake(70);
        List<List<TaskInput>> slices = RunSlice.of(runs, 2);
        assertEquals(18, slices.size(), "70 runs in slices of at most 4");
        assertEquals(runs, slices.stream().flatMap(List::stream).toList(), "every run once, in order");
        assertTrue(slices.stream().allMatch(s -> s.size() == 3 || s.size() == 4), "balanced: " + slices);
        assertEquals(6, RunSlice.of(fake(6), 2).size(), "a small sweep: one run per slice");
        assertEquals(8, RunSlice.of(fake(24), 2).size(), "24 runs on 2 cores: 8 slices of 3, four per core");
        assertEquals(12, RunSlice.of(fake(23), 2).size(), "23 runs: slices of 1 or 2, as 3 would give fewer than four per core");
        assertEquals(250, RunSlice.of(fake(1000), 2).size(), "never more than 4 runs per slice");
        assertTrue(RunSlice.of(List.of(), 2).isEmpty());
    }

    @Test
    void aRunThatThrowsIsThatRunsFailureLineAndTheSliceKeepsItsOtherRuns() throws Exception {
        String spec = """
                {"name": "three", "boards": ["bcm6328"], "features": ["stock"],
                 "workloads": [{"name": "tcp-rx", "iperf": "-M 512 -t 1"}], "seeds": {"count": 3}}
                """;
        SweepCatalog cat = SweepCatalog.of(SweepCatalog.withJars(List.of()));
        List<TaskInput> runs = new ArrayList<>();
        for (SweepExpansion.Planned p : SweepExpansion.plan(SweepSpecReader.fromJson(spec, "three"), cat.boards(), cat.features(), new RunKey()).runs()) {
            runs.add(new TaskInput(p.key(), Json.GSON.toJson(p.spec())));
        }
        assertEquals(3, runs.size());
        String broken = runs.get(1).key();
        RunSlice.Runner runner = in -> {
            if (in.key().equals(broken)) throw new IllegalStateException("boom\nsecond line");
            return RunTask.apply(in);
        };
        List<SparkEngine.SliceOutcome> got = new ArrayList<>();
        try (SparkEngine engine = new SparkEngine(SparkSetup.conf("local[2]", "three", null, List.of()))) {
            engine.run(List.of(runs), runner, got::add);
        }
        assertEquals(1, got.size(), "one slice, one outcome");
        SparkEngine.SliceOutcome slice = got.get(0);
        assertNull(slice.error());
        assertEquals(runs.stream().map(TaskInput::key).toList(), slice.outputs().stream().map(TaskOutput::key).toList());
        TaskOutput failed = slice.outputs().get(1);
        assertEquals("IllegalStateException: boom", failed.failure());
        assertNull(failed.result());
        assertNotNull(slice.outputs().get(0).result());
        assertNotNull(slice.outputs().get(2).result(), "the runs after the failing one ran");

        // the driver writes the two runs and prints the third's failure
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        SweepFolder folder = SweepFolder.open(tmp.resolve("out"));
        Progress progress = new Progress(folder.dir(), "three", 3, err, false);
        progress.start(0, 0);
        new SliceWriter(folder, progress, err, new ArrayList<>()).accept(slice);
        RunSpec brokenSpec = Json.GSON.fromJson(runs.get(1).spec(), RunSpec.class);
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("sweep: run failed " + Sweep.describe(brokenSpec) + ": IllegalStateException: boom\n"),
                bytes.toString(StandardCharsets.UTF_8));
        assertEquals(Stream.of(runs.get(0).key(), runs.get(2).key()).sorted().toList(), folder.results().stream().map(r -> r.key()).toList());
        assertEquals(2, Files.readAllLines(folder.resultsFile()).size());
        assertFalse(Files.exists(folder.document(broken)));
        assertEquals(1, progress.failedCount());
        JsonObject json = JsonParser.parseString(Files.readString(folder.dir().resolve("progress.json"))).getAsJsonObject();
        assertEquals(2, json.get("done").getAsInt());
        assertEquals(1, json.get("failed").getAsInt());
    }

    @Test
    void aFailedJobGivesItsSlicesWithoutAResultTheJobsError() {
        // an Error other than a stack overflow (an AssertionError here; an out-of-memory would end a local
        // Spark's JVM) is not a run's failure: the task fails, and in local mode (one attempt per task) the job
        RunSlice.Runner runner = in -> {
            if (in.key().equals("k0")) throw new AssertionError("simulated");
            return new TaskOutput(in.key(), null, null, "fake refusal", null, 0, 0);
        };
        List<SparkEngine.SliceOutcome> got = new ArrayList<>();
        try (SparkEngine engine = new SparkEngine(SparkSetup.conf("local[1]", "job", null, List.of()))) {
            engine.run(List.of(fake(1), List.of(new TaskInput("k1", "{}"))), runner, got::add);
        }
        assertEquals(2, got.size(), "every slice comes back once");
        SparkEngine.SliceOutcome first = got.stream().filter(s -> s.inputs().get(0).key().equals("k0")).findFirst().orElseThrow();
        assertNotNull(first.error());
        assertTrue(first.error().contains("simulated"), first.error());
        assertTrue(first.outputs().isEmpty());
    }
}
