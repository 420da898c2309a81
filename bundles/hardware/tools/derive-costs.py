#!/usr/bin/env python3
"""Derives the cost profiles of the non-calibrated boards from bcm6328's calibrated MIPS profile.

Run from the repository root: python3 bundles/hardware/tools/derive-costs.py
It (re)writes bundles/hardware/<id>/src/main/resources/META-INF/ringlab/board.json for every board
below. The JSON it writes is the source of truth (the notes carry each number's reasoning); this
script only keeps the derivation consistent across boards. Rules (mechanisms.md s1, s10, s13):
  - instruction-bound kernel work (stack, allocators, scheduler, driver bookkeeping, iperf3):
    bcm6328 cycles / IPC of the core relative to BMIPS4350 (single-issue, in-order);
  - latencies fixed in nanoseconds (DRAM, MMIO on the SoC bus or PCIe, uncached descriptor reads)
    are converted to the board's cycles at its clock;
  - I-cache refill extras (*.cold) = bcm6328's extra x (16 / line bytes: fewer, larger lines for
    the same code) x (refill latency of the board's next level / bcm6328's 140 ns DRAM);
  - DMA maintenance per line from s10 for the ISA; checksum and copy per byte per ISA.
"""
import json, math, os, collections

ROOT = os.path.join(os.path.dirname(__file__), '..')
BASE = json.load(open(os.path.join(ROOT, 'bcm6328/src/main/resources/META-INF/ringlab/board.json')),
                 object_pairs_hook=collections.OrderedDict)
B = {k: v['cycles'] for k, v in BASE['costs'].items()}
BASE_CLK = 0.32  # GHz
BASE_DRAM_NS = 140.0

IPC_SCALED = {
    'irq.entry': 'hard IRQ entry/exit (vector, register save/restore, irq_enter/irq_exit, interrupt-controller acknowledge)',
    'softirq.entry': '__do_softirq entry/exit', 'napi.poll': 'net_rx_action per poll',
    'sched.switch': 'schedule() + switch_to and the refill behind it', 'sched.wakeup': 'try_to_wake_up',
    'sched.tick': 'tick_sched_timer work', 'syscall': 'syscall entry/exit',
    'skb.alloc': 'kmem_cache_alloc(skbuff_head_cache)', 'skb.init': '__alloc_skb init + memset',
    'skb.free': 'kfree_skb', 'alloc.napi_frag': 'page_frag_alloc from the NAPI cache',
    'skb.napi_cache': 'napi_skb_cache_get', 'skb.napi_cache_put': 'napi_skb_cache_put',
    'page.alloc': '__alloc_pages order 0', 'page.free': 'free_unref_page', 'pp.cache': 'page_pool cache op',
    'pp.ring': 'ptr_ring op with spin_lock_bh', 'bql.dql': 'dql arithmetic', 'hrtimer': 'hrtimer_start/cancel',
    'stack.l2.rx': 'eth_type_trans + __netif_receive_skb_core', 'stack.l3.rx': 'ip_rcv..ip_local_deliver',
    'stack.tcp.rx': 'tcp_v4_rcv..tcp_rcv_established', 'stack.udp.rx': 'udp_rcv..__udp_queue_rcv_skb',
    'stack.icmp': 'icmp_rcv + icmp_reply', 'stack.forward': 'ip_forward', 'stack.gro': 'dev_gro_receive + tcp4_gro_receive',
    'stack.gso.segment': 'skb_segment per segment', 'stack.tcp.tx': 'tcp_transmit_skb..ip_output',
    'stack.udp.tx': 'udp_sendmsg..ip_output', 'stack.dev.xmit': '__dev_queue_xmit + qdisc',
    'sock.tcp.sendmsg': 'tcp_sendmsg per skb', 'sock.tcp.recvmsg': 'tcp_recvmsg per skb',
    'sock.udp.recvmsg': 'udp_recvmsg', 'sock.data_ready': 'sock_def_readable',
    'drv.rx': 'driver rx bookkeeping per packet', 'drv.tx': 'ndo_start_xmit bookkeeping', 'drv.txdone': 'tx reclaim bookkeeping',
    'app.work': "iperf3's loop per call",
}
COLD = ['stack.l2.rx.cold', 'stack.l3.rx.cold', 'stack.tcp.rx.cold', 'stack.udp.rx.cold']


def r(x):
    if x >= 20: return int(round(x))
    if x >= 2: return round(x, 1) if abs(x - round(x)) > 0.05 else int(round(x))
    return round(x, 3)


def derive(p):
    """p: the board's parameters; returns an ordered costs map with notes."""
    clk = p['clk']; ipc = p['ipc']; core = p['core']
    out = collections.OrderedDict()
    ns = lambda v: v * clk
    for k in B:
        if k in IPC_SCALED:
            c = B[k] / ipc
            note = f"{IPC_SCALED[k]}: bcm6328 {B[k]:g} / IPC {ipc:g} ({core} vs BMIPS4350)"
            out[k] = [c, note]
    for k in COLD:
        c = B[k] * (16.0 / p['line']) * (p['refill_ns'] * clk) / (BASE_DRAM_NS * BASE_CLK)
        out[k] = [c, f"I-cache refill extra: bcm6328 {B[k]:g} x 16/{p['line']} (lines of {p['line']} B) x {p['refill_ns']:g} ns ({p['refill_src']}) at {clk:g} GHz / (140 ns at 0.32 GHz)"]
    # latencies in ns
    out['mmio.read'] = [ns(p['mmio_r_ns']), f"uncached register read, ~{p['mmio_r_ns']:g} ns {p['mmio_src']} at {clk:g} GHz"]
    out['mmio.write'] = [ns(p['mmio_w_ns']), f"posted write + barrier, ~{p['mmio_w_ns']:g} ns ({p['wmb']})"]
    out['desc.read'] = [ns(p['desc_r_ns']), f"descriptor read, ~{p['desc_r_ns']:g} ns ({p['desc_src']})"]
    out['desc.write'] = [ns(p['desc_w_ns']), f"descriptor write, ~{p['desc_w_ns']:g} ns ({p['desc_w_src']})"]
    out['dram.miss'] = [ns(p['dram_ns']), f"line fill from memory, ~{p['dram_ns']:g} ns at {clk:g} GHz ({p['dram_src']})"]
    out['skb.cold'] = [p['head_lines'] * ns(p['head_ns']),
                       f"{p['head_lines']} head lines ({p['head_why']}) x {p['head_ns']:g} ns ({p['head_src']})"]
    if p.get('kmalloc16k'):
        why = p['kmalloc16k']
        out['buf.alloc'] = [(B['skb.alloc'] + 0.75 * B['page.alloc']) / ipc,
            f"{why}: __alloc_skb's kmalloc-16k slab (SLUB fast path like skb.alloc {B['skb.alloc']:g}, plus an order-3 slab page, ~1.5 x page.alloc {B['page.alloc']:g}, per 2 objects), / IPC {ipc:g}"]
        out['buf.free'] = [(B['skb.free'] + 0.75 * B['page.free']) / ipc,
            f"kfree of the kmalloc-16k buffer: like skb.free {B['skb.free']:g} plus half an order-3 slab page release (~1.5 x page.free {B['page.free']:g} / 2), / IPC {ipc:g}"]
    else:
        out['buf.alloc'] = [B['buf.alloc'] / ipc, f"netdev_alloc_frag with local_irq_save/restore (page_frag path, buffer <= 4 KB): bcm6328 {B['buf.alloc']:g} / IPC {ipc:g}"]
        out['buf.free'] = [B['buf.free'] / ipc, f"skb_free_frag / put_page: bcm6328 {B['buf.free']:g} / IPC {ipc:g}"]
    for k, (c, note) in p['fixed'].items():
        out[k] = [c, note]
    missing = [k for k in B if k not in out]
    assert not missing, missing
    res = collections.OrderedDict()
    for k in B:  # bcm6328's key order
        c, note = out[k]
        res[k] = {'cycles': r(c), 'note': note}
    return res


def dump(board, path):
    lines = ['{']
    lines.append('  "schemaVersion": 1,')
    lines.append(f'  "id": {json.dumps(board["id"])},')
    lines.append(f'  "name": {json.dumps(board["name"])},')
    for part in ('soc', 'nic'):
        lines.append(f'  "{part}": {json.dumps(board[part])},')
    lines.append(f'  "stockFeatures": {json.dumps(board["stockFeatures"])},')
    lines.append(f'  "fieldNotes": {json.dumps(board["fieldNotes"])},')
    lines.append('  "costs": {')
    items = list(board['costs'].items())
    for i, (k, v) in enumerate(items):
        sep = ',' if i < len(items) - 1 else ''
        lines.append(f'    {json.dumps(k) + ":":<22}{{"cycles": {json.dumps(v["cycles"])}, "note": {json.dumps(v["note"])}}}{sep}')
    lines.append('  }')
    lines.append('}')
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    from boards import BOARDS
    for b in BOARDS:
        b['costs'] = derive(b.pop('params'))
        dump(b, os.path.join(ROOT, b['id'], 'src/main/resources/META-INF/ringlab/board.json'))
        print('wrote', b['id'])
