package ringlab.sim.report;

/** Models one stream's end-of-test totals on the sending and on the receiving side. */
public final class EndStream {
    /** Stream id as in {@link StreamInfo#id}. */
    public int id;
    public Totals sent = new Totals();
    public Totals received = new Totals();
    /** True when the client (peer) sends on this stream; false for -R and --bidir's reverse streams. */
    public boolean sender;

    public EndStream() {
    }

    public EndStream(int id, Totals sent, Totals received) {
        this.id = id;
        this.sent = sent;
        this.received = received;
    }
}
