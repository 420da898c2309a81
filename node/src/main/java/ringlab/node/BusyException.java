package ringlab.node;

/**
 * A request refused for want of room, not for what it asked: a queue at its bound, or the node stopping.
 * The same request may succeed later (the API answers 503 with Retry-After), unlike bad input.
 */
public final class BusyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BusyException(String message) { super(message); }
}
