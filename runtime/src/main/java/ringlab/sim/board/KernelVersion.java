package ringlab.sim.board;

/** A board's soc.kernelVersion ("major.minor", checked by the loader) against the release a mechanism came with. */
public final class KernelVersion {
    private KernelVersion() { }

    /** True when version is major.minor or later. */
    public static boolean atLeast(String version, int major, int minor) {
        String[] p = version.split("\\.");
        int ma = Integer.parseInt(p[0]), mi = p.length > 1 ? Integer.parseInt(p[1]) : 0;
        return ma > major || (ma == major && mi >= minor);
    }
}
