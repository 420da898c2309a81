package ringlab.cli;

import java.util.List;
import ringlab.sim.report.format.JsonStream;

/**
 * Whether `ringlab run` was asked for JSON (--json or -J before --, -J or --json-stream after it), read from the
 * raw arguments so that even input that fails to parse gets its error as iperf3 reports one in JSON modes: on
 * stdout as JSON, nothing on stderr (iperf3 -J prints only the JSON), the exit status unchanged.
 */
enum JsonMode {
    NONE, DOCUMENT, STREAM;

    static JsonMode of(List<String> args) {
        if (args.contains("--json-stream")) {
            return STREAM;
        }
        for (String a : args) {
            if (a.equals("--json") || a.matches("-[A-Za-z0-9]*J[A-Za-z0-9]*")) {
                return DOCUMENT; // -J alone or in a cluster of iperf3's short flags such as -uJ
            }
        }
        return NONE;
    }

    /** The error in this mode's form, ending with a newline; null in text mode. */
    String error(String message) {
        return this == NONE ? null : JsonStream.error(message, this == STREAM);
    }
}
