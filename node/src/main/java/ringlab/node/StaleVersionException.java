package ringlab.node;

/** A change made with a version that is no longer the current one: someone else changed it first. */
public final class StaleVersionException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long current;

    public StaleVersionException(String what, long expected, long current) {
        super(what + " changed since version " + expected + " (now " + current + "): read it again and retry");
        this.current = current;
    }

    /** The current version. */
    public long current() { return current; }
}
