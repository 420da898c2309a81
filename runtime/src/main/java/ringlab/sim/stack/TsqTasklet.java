package ringlab.sim.stack;

import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.QueuedSoftirq;
import ringlab.sim.driver.TxOwner;
import ringlab.sim.tcp.TcpConnection;

/**
 * TCP small queues on the device (net/ipv4/tcp_output.c), for one core: each connection's sk_wmem_alloc (its
 * data skbs handed below TCP and not yet freed), the TSQ_THROTTLED / TSQ_QUEUED flags, and the tsq tasklet.
 * tcp_write_xmit stops at a connection over {@link TcpSmallQueues#limit} (tcp_small_queue_check; it sends
 * anyway while at most one segment is out, tcp_rtx_queue_empty_or_single_skb); the transmit completion that
 * frees one of its skbs (tcp_wfree) queues a throttled connection on this core's tasklet list and raises
 * TASKLET_SOFTIRQ, and tcp_tasklet_func runs tcp_tsq_handler for each queued connection: tcp_write_xmit again.
 * So the completions a poll reaps send one batch after it, not one segment each. tcp_wfree in ksoftirqd
 * leaves the tasklet alone until the queues have drained, as the kernel does ("we are likely under stress").
 * Faked: every data skb is charged a full-sized skb's truesize ({@link TcpSmallQueues#fullSkbTruesize}), also a
 * short last segment; pure ACKs are not charged (the kernel charges them 2 bytes). Not modelled: the socket
 * lock (a connection owned by the user would get TCP_TSQ_DEFERRED and send at release_sock; the model runs
 * TCP input at once, so the handler always finds the socket free), a cost for the tasklet's own bookkeeping.
 */
final class TsqTasklet extends QueuedSoftirq<TsqTasklet.Wmem> {
    private final Core core;

    TsqTasklet(Core core) {
        super(core, Core.TASKLET);
        this.core = core;
    }

    /** One connection's transmit memory: the skb owner its data packets carry to the driver. */
    static final class Wmem implements TxOwner {
        final TcpConnection conn;
        private final TsqTasklet[] tasklets;
        private final long skbTruesize;
        private final TcpSmallQueues.Limit limit;
        long bytes;
        private boolean throttled, queued;

        /** @param tasklets each core's tasklet, by core id: tcp_wfree schedules on the core that frees */
        Wmem(TcpConnection conn, TsqTasklet[] tasklets) {
            this.conn = conn;
            this.tasklets = tasklets;
            this.skbTruesize = TcpSmallQueues.fullSkbTruesize(conn);
            this.limit = new TcpSmallQueues.Limit(conn.config().mss);
        }

        /** tcp_small_queue_check before the next skb: true (and TSQ_THROTTLED) when over the limit. */
        boolean full() {
            if (bytes <= limit.get(conn)) return false;
            if (conn.packetsOut() <= 1) return false; // tcp_rtx_queue_empty_or_single_skb
            throttled = true;
            return true;
        }

        /** skb_set_owner_w in __tcp_transmit_skb. */
        void charge() { bytes += skbTruesize; }

        /** tcp_wfree (the driver's truesize argument is the packet's receive-side field, not this charge). */
        @Override
        public void txFreed(Core c, int ignored) {
            bytes -= skbTruesize;
            if (c == null) c = tasklets[0].core; // freed outside a CPU step: no such path today
            if (c.current() == c.ksoftirqd() && bytes >= skbTruesize) return; // under stress: wait for the drain
            if (!throttled || queued) return;
            throttled = false;
            queued = true;
            tasklets[c.id].queue(c, this); // tasklet_schedule on the core that frees
        }
    }

    /** tcp_tasklet_func: tcp_tsq_handler for one queued connection. */
    @Override
    protected void run(Core c, Wmem w) {
        w.queued = false;
        w.conn.txCompleted();
    }
}
