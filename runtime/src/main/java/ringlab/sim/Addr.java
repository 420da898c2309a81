package ringlab.sim;

/** Dotted-quad formatting of the simulation's IPv4 addresses. */
final class Addr {
    private Addr() { }

    static String str(int a) {
        return ((a >>> 24) & 255) + "." + ((a >>> 16) & 255) + "." + ((a >>> 8) & 255) + "." + (a & 255);
    }
}
