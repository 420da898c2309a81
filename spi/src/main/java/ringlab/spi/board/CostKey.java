package ringlab.spi.board;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Every cost parameter a board's profile must give, in CPU cycles, with what it models. The engine charges
 * only these; a feature changes which of them are incurred and how often, never their values.
 * Per-line and per-byte keys are multiplied by the lines or bytes actually touched.
 */
// ringlab's list of cost keys: a new key is compatible for plug-ins
@ProviderType
public enum CostKey {
    // --- interrupts, softirq, scheduler
    IRQ_ENTRY("irq.entry", Category.IRQ, "hard IRQ entry and exit: vector, register save/restore, irq_enter/irq_exit, handle_irq (per interrupt)"),
    MMIO_READ("mmio.read", Category.MMIO, "uncached device register read; the core stalls for the bus round trip"),
    MMIO_WRITE("mmio.write", Category.MMIO, "posted device register write including the write barrier before it"),
    SOFTIRQ_ENTRY("softirq.entry", Category.SOFTIRQ, "__do_softirq entry/exit and pending-mask handling (per invocation)"),
    NAPI_POLL("napi.poll", Category.SOFTIRQ, "net_rx_action bookkeeping per NAPI poll (list handling, budget and time checks)"),
    CONTEXT_SWITCH("sched.switch", Category.SCHED, "schedule() + switch_to, including the TLB/cache refill that follows"),
    WAKEUP("sched.wakeup", Category.SCHED, "try_to_wake_up of a sleeping task (enqueue, preemption check)"),
    SCHED_TICK("sched.tick", Category.SCHED, "the periodic tick's work on a busy CPU: tick_sched_timer, scheduler_tick, run_local_timers (entry is irq.entry)"),
    SYSCALL("syscall", Category.SYSCALL, "system call entry and exit (per call)"),
    SELECT("sys.select", Category.SYSCALL, "select()'s work inside the call: fd_set copies, the timeout, one poll per descriptor in the set, the wait-queue setup (per call; entry and exit are syscall)"),
    // --- descriptors, DMA and cache maintenance
    DESC_READ("desc.read", Category.MMIO, "read of a DMA descriptor word block in coherent (uncached) memory"),
    DESC_WRITE("desc.write", Category.MMIO, "write of a DMA descriptor in coherent memory"),
    DMA_MAP_CALL("dma.call", Category.DMA, "dma_map/unmap/sync call overhead, barriers included (per call)"),
    DMA_SYNC_LINE_MAP("dma.line.map", Category.DMA, "cache maintenance per line at map for device-to-CPU buffers (0 on coherent SoCs)"),
    DMA_SYNC_LINE_UNMAP("dma.line.unmap", Category.DMA, "cache maintenance per line at unmap / sync_for_cpu (0 where unmap is free)"),
    DMA_SYNC_LINE_TODEV("dma.line.todev", Category.DMA, "cache clean per line for CPU-to-device (transmit) buffers"),
    DRAM_MISS("dram.miss", Category.MEMORY, "a data cache miss served from DRAM (first CPU touch of a DMA-invalidated or cold line)"),
    DRAM_STREAM("dram.stream", Category.MEMORY, "each further line of a sequential run from DRAM (a copy, a checksum pass, a write-back of a dirty buffer) after its first, which is a dram.miss: the core's prefetcher keeps several fills in flight"),
    UNALIGNED_TRAP("unaligned.trap", Category.TRAP, "one misaligned load/store trapped and emulated by the kernel (0 where hardware handles it)"),
    // --- allocation
    SKB_ALLOC("skb.alloc", Category.ALLOC, "kmem_cache_alloc of an sk_buff head from the slab"),
    SKB_INIT("skb.init", Category.ALLOC, "zeroing and initialising an sk_buff head (about 4 cache lines dirtied)"),
    SKB_FREE("skb.free", Category.ALLOC, "kfree_skb: release of an sk_buff head to the slab, destructor and accounting"),
    SKB_COLD_TOUCH("skb.cold", Category.MEMORY, "first touches of an skb head prepared long before use (its lines evicted meanwhile)"),
    BUF_ALLOC("buf.alloc", Category.ALLOC, "data buffer allocation for an skb (netdev_alloc_frag / kmalloc, irq-safe path)"),
    BUF_FREE("buf.free", Category.ALLOC, "data buffer release (skb_free_frag / put_page)"),
    NAPI_FRAG_ALLOC("alloc.napi_frag", Category.ALLOC, "napi_alloc_frag: a fragment from the per-CPU page_frag cache in NAPI context (no irq toggling)"),
    NAPI_SKB_CACHE("skb.napi_cache", Category.ALLOC, "napi_build_skb / napi_skb_cache_get: an skb head from the per-CPU NAPI cache (bulk-refilled from the slab)"),
    SKB_CACHE_PUT("skb.napi_cache_put", Category.ALLOC, "napi_consume_skb / napi_skb_cache_put: an skb head back to the per-CPU cache"),
    PAGE_ALLOC("page.alloc", Category.ALLOC, "alloc_pages of one order-0 page (a bulk refill amortised per page)"),
    PAGE_FREE("page.free", Category.ALLOC, "a page back to the page allocator (put_page reaching zero)"),
    PP_CACHE("pp.cache", Category.ALLOC, "page_pool: the per-NAPI lockless cache, one get or one direct recycle"),
    PP_RING("pp.ring", Category.ALLOC, "page_pool: one ptr_ring produce or consume, its spinlock included"),
    DQL("bql.dql", Category.DRIVER, "BQL: one dql_queued or dql_completed bookkeeping call"),
    HRTIMER("hrtimer", Category.SCHED, "hrtimer_start or hrtimer_cancel (rbtree insert/erase, clockevent reprogram)"),
    // --- stack, per packet (warm) and the extra when the layer's code is cold in the I-cache
    L2_RX("stack.l2.rx", Category.STACK, "eth_type_trans + __netif_receive_skb_core: taps, ptype dispatch (warm I-cache)"),
    L2_RX_COLD("stack.l2.rx.cold", Category.STACK, "extra for L2 rx when its code is cold in the I-cache (first packet of a batch)"),
    L3_RX("stack.l3.rx", Category.STACK, "ip_rcv, ip_rcv_finish, route lookup, ip_local_deliver (warm)"),
    L3_RX_COLD("stack.l3.rx.cold", Category.STACK, "extra for L3 rx when cold"),
    TCP_RX("stack.tcp.rx", Category.STACK, "tcp_v4_rcv, socket lookup, tcp_rcv_established, ack processing, queueing (warm)"),
    TCP_RX_COLD("stack.tcp.rx.cold", Category.STACK, "extra for TCP rx when cold"),
    UDP_RX("stack.udp.rx", Category.STACK, "udp_rcv, socket lookup, __udp_queue_rcv_skb (warm)"),
    UDP_RX_COLD("stack.udp.rx.cold", Category.STACK, "extra for UDP rx when cold"),
    ICMP_RX("stack.icmp", Category.STACK, "icmp_rcv and icmp_reply (echo), including building the reply"),
    NETFILTER("netfilter.hook", Category.STACK, "one netfilter hook traversal with conntrack and the firewall ruleset (PRE_ROUTING, LOCAL_IN, FORWARD, LOCAL_OUT, POST_ROUTING); 0 without a firewall"),
    FORWARD("stack.forward", Category.STACK, "ip_forward, ip_forward_finish, TTL and neighbour output per forwarded packet"),
    GRO_RX("stack.gro", Category.STACK, "dev_gro_receive per packet: flow hash, bucket walk, header compare, merge or hold"),
    GSO_SEGMENT("stack.gso.segment", Category.STACK, "skb_segment per segment produced when a merged packet leaves again (forwarding)"),
    TCP_TX("stack.tcp.tx", Category.STACK, "tcp_transmit_skb: build the header, clone, ip_queue_xmit and ip_output (per segment)"),
    UDP_TX("stack.udp.tx", Category.STACK, "udp_sendmsg to ip_output for one datagram (header, route, fragments none)"),
    DEV_XMIT("stack.dev.xmit", Category.STACK, "dev_queue_xmit: qdisc enqueue, dequeue, sch_direct_xmit, locks (per packet)"),
    TCP_SENDMSG("sock.tcp.sendmsg", Category.SOCKET, "tcp_sendmsg per skb filled (skb alloc included)"),
    TCP_RECVMSG("sock.tcp.recvmsg", Category.SOCKET, "tcp_recvmsg per skb consumed (unlink, accounting, cleanup_rbuf)"),
    UDP_RECVMSG("sock.udp.recvmsg", Category.SOCKET, "udp_recvmsg per datagram (dequeue, address copy-out)"),
    SOCK_DATA_READY("sock.data_ready", Category.SOCKET, "sk_data_ready: wait-queue walk when data is queued (wakeup itself separate)"),
    CSUM_BYTE("csum.byte", Category.CSUM, "software Internet checksum per byte over cached data"),
    COPY_BYTE("copy.byte", Category.COPY, "copy_to_user/copy_from_user per byte over cached data"),
    // --- driver per-packet bookkeeping
    DRV_RX_PKT("drv.rx", Category.DRIVER, "driver rx path per packet: status checks, length, skb_put, protocol"),
    DRV_TX_PKT("drv.tx", Category.DRIVER, "driver ndo_start_xmit per packet besides descriptor and DMA work"),
    DRV_TX_DONE("drv.txdone", Category.DRIVER, "driver tx reclaim per completed packet besides unmap and free"),
    APP_WORK("app.work", Category.USER, "iperf3's own user-space work per read/write call (loop, bookkeeping)");

    /** Where a cost goes in the per-category breakdown. */
    @ProviderType
    public enum Category { IRQ, MMIO, SOFTIRQ, SCHED, SYSCALL, DMA, MEMORY, TRAP, ALLOC, STACK, SOCKET, CSUM, COPY, DRIVER, USER }

    public final String key;
    public final Category category;
    public final String doc;

    CostKey(String key, Category category, String doc) {
        this.key = key;
        this.category = category;
        this.doc = doc;
    }

    public static CostKey byKey(String key) {
        for (CostKey k : values()) if (k.key.equals(key)) return k;
        return null;
    }
}
