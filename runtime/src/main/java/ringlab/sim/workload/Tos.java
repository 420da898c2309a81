package ringlab.sim.workload;

import java.util.Locale;
import java.util.Map;

/**
 * iperf3's {@code -S/--tos} and {@code --dscp} values: the IPv4 TOS byte the data and ping flows carry.
 * -S takes a number as C's strtol(..., 0) reads it (decimal, 0x hex, 0 octal), 0-255; --dscp takes 0-63 or
 * a per-hop behaviour name (RFC 2474/2597/3246/5865 as iperf3's iptos.c knows them), placed in TOS bits 7-2.
 */
final class Tos {

    private Tos() {
    }

    private static final Map<String, Integer> DSCP_NAMES = Map.ofEntries(
            Map.entry("cs0", 0), Map.entry("cs1", 8), Map.entry("cs2", 16), Map.entry("cs3", 24),
            Map.entry("cs4", 32), Map.entry("cs5", 40), Map.entry("cs6", 48), Map.entry("cs7", 56),
            Map.entry("af11", 10), Map.entry("af12", 12), Map.entry("af13", 14),
            Map.entry("af21", 18), Map.entry("af22", 20), Map.entry("af23", 22),
            Map.entry("af31", 26), Map.entry("af32", 28), Map.entry("af33", 30),
            Map.entry("af41", 34), Map.entry("af42", 36), Map.entry("af43", 38),
            Map.entry("ef", 46), Map.entry("va", 44), Map.entry("le", 1));

    static int parseTos(String name, String v) {
        long n = cNumber(v);
        if (n < 0 || n > 255) {
            throw new IllegalArgumentException("bad TOS value for " + name + ": '" + v + "' (must be between 0 and 255 inclusive)");
        }
        return (int) n;
    }

    static int parseDscp(String name, String v) {
        Integer named = DSCP_NAMES.get(v.toLowerCase(Locale.ROOT));
        if (named != null) {
            return named;
        }
        long n = cNumber(v);
        if (n < 0 || n > 63) {
            throw new IllegalArgumentException("bad DSCP value for " + name + ": '" + v
                    + "' (0-63, or a name such as ef, af11 ... af43, cs0 ... cs7, va, le)");
        }
        return (int) n;
    }

    /** strtol(v, &end, 0) with the whole string consumed; -1 when it is not such a number. */
    private static long cNumber(String v) {
        try {
            if (v.matches("0[xX][0-9a-fA-F]{1,8}")) return Long.parseLong(v.substring(2), 16);
            if (v.matches("0[0-7]{1,11}")) return Long.parseLong(v, 8);
            if (v.matches("\\d{1,10}")) return Long.parseLong(v);
        } catch (NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
