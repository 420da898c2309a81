package ringlab.experiment.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class MeasurementFileTest {
    static final String HEADER = "# board: rzg2ul\n# features: stock,threaded-napi\n# iperf3: -u  -b 1G -t 10\n# source: bench board 3, 6.10\n";

    @Test
    void theHeaderNamesTheRunAndTheReceiverFigureComesFromSumReceived() {
        MeasurementFile.Read r = MeasurementFile.parse(HEADER + "{\"start\": {}, \"end\": {\"sum_sent\": {\"bits_per_second\": 9.5e8},"
                + " \"sum_received\": {\"bits_per_second\": 1.09e8}}}\n", "m.json");
        assertEquals("rzg2ul", r.board());
        assertEquals(Measurement.absolute("stock,threaded-napi", List.of("-u", "-b", "1G", "-t", "10"), 109.0, "m.json (bench board 3, 6.10)"), r.measurement());
    }

    @Test
    void olderUdpOutputHasOnlyEndSum() {
        assertEquals(1.06, MeasurementFile.parse(HEADER + "{\"end\": {\"sum\": {\"bits_per_second\": 1.06e6}}}", "m").measurement().value(), 1e-9);
    }

    @Test
    void badFilesAreRefusedWithOneLineNamingTheFileAndWhat() {
        assertEquals("m: the header has no '# iperf3: ...' line",
                message("# board: x\n# features: stock\n{\"end\": {\"sum\": {\"bits_per_second\": 1}}}"));
        assertEquals("m: no iperf3 -J output after the header", message(HEADER));
        assertEquals("m: iperf3 -J output without an \"end\" object (an interrupted run?)", message(HEADER + "{\"start\": {}}"));
        assertEquals("m: expected '# key: value' header lines, then iperf3 -J output; got 'Connecting to host'", message("Connecting to host\n" + HEADER));
        assertEquals("m (bench board 3, 6.10): the receiver's throughput must be above 0 Mbit/s, got 0.0", message(HEADER + "{\"end\": {\"sum\": {\"bits_per_second\": 0}}}"));
        // a truncated file said "not iperf3 -J output (java.io.EOFException: End of input at line 1 column 9 path $.end)":
        // the line is the file's (after the 4 header lines), and no class names
        assertEquals("m: not iperf3 -J output, at line 5, column 9: the text ends before the JSON does (is the file cut short?)",
                message(HEADER + "{\"end\": "));
        assertEquals("m: iperf3 -J output whose \"end\" is not an object", message(HEADER + "{\"end\": 1}"));
    }

    @Test
    void aFileThatIsNotThereOrCannotBeReadSaysWhy(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // was "/nonexistent: cannot read (/nonexistent)"
        java.nio.file.Path none = dir.resolve("none.json");
        assertEquals(none + ": no such file", assertThrows(IllegalArgumentException.class, () -> MeasurementFile.read(none)).getMessage());
        assertEquals(dir + ": it is a directory", assertThrows(IllegalArgumentException.class, () -> MeasurementFile.read(dir)).getMessage());
        // a file this user may not read (the build runs as root, who reads every file: the reason is checked on the exception)
        assertEquals("permission denied", ringlab.experiment.ReadFailure.reason(new java.nio.file.AccessDeniedException(dir + "/locked.json")));
    }

    private static String message(String text) {
        return assertThrows(IllegalArgumentException.class, () -> MeasurementFile.parse(text, "m")).getMessage();
    }
}
