"""Board definitions for derive-costs.py: SoC and NIC fields (mechanisms.md s11, driver sources) and
the per-board parameters of the cost derivation. Every value carries its reason."""

ALL_LINK = 1_000_000_000

# --- the NIC models: one per driver, parameterised per board only where the board differs
def lan743x(mtu=1500):
    return {"model": "lan743x", "linkBitsPerSecond": ALL_LINK, "rxRing": 128, "txRing": 128, "napiWeight": 64,
            "rxChecksum": "unnecessary", "txChecksum": True, "unalignedRxDma": True, "irqModeration": True,
            "refillDoorbellEvery": 8, "txDescPerPacket": 1, "txDoorbellRmw": False, "rxBufferBytes": 9216,
            "copybreak": 0, "mtu": mtu}

LAN743X_NOTES = {
    "rxRing/txRing": "LAN743X_RX_RING_SIZE / LAN743X_TX_RING_SIZE = 128 (lan743x_main.h)",
    "napiWeight": "netif_napi_add with the default weight NAPI_POLL_WEIGHT = 64",
    "rxChecksum": "RFE_CTL_TCP_UDP_COE_ with NETIF_F_RXCSUM on by default; rx sets CHECKSUM_UNNECESSARY unless ICE/TCE/ICSM flag an error (lan743x_main.c as of 6.1; whether the pre-5.12 driver already did could not be checked here)",
    "txChecksum": "NETIF_F_HW_CSUM in the default features",
    "unalignedRxDma": "the MAC inserts the 2-byte RX_HEAD_PADDING in hardware (mechanisms.md s6)",
    "irqModeration": "the MAC has interrupt moderation (INT_MOD_CFGx, programmed to LAN743X_INT_MOD = 400 at open); active through the stock irq-coalescing feature",
    "refillDoorbellEvery": "RX_TAIL written once per 8 refilled descriptors (mechanisms.md s1, s11)",
    "txDescPerPacket": "one data descriptor per linear skb (an extension descriptor only for timestamps/TSO)",
    "rxBufferBytes": "about 9 KB (LAN743X_MAX_FRAME_SIZE = 9 * 1024) mapped and unmapped in full per descriptor before the 5.12 MTU-sizing change (mtu-rx-buffers)",
    "copybreak": "lan743x has no copybreak",
}

def ravb_gbeth():
    return {"model": "ravb-gbeth", "linkBitsPerSecond": ALL_LINK, "rxRing": 1024, "txRing": 64, "napiWeight": 64,
            "rxChecksum": "unnecessary", "txChecksum": True, "unalignedRxDma": False, "irqModeration": False,
            "refillDoorbellEvery": 1024, "txDescPerPacket": 2, "txDoorbellRmw": True, "rxBufferBytes": 8192,
            "copybreak": 0, "mtu": 1500}

GBETH_NOTES = {
    "rxRing/txRing": "BE_RX_RING_SIZE = 1024, BE_TX_RING_SIZE = 64 (ravb.h)",
    "napiWeight": "netif_napi_add, default weight 64",
    "rxChecksum": "GbEth rx checksum offload for TCP/UDP: CHECKSUM_UNNECESSARY (ravb_main.c, 2024; 6.1 had none)",
    "txChecksum": "NETIF_F_HW_CSUM on GbEth (2024)",
    "unalignedRxDma": "rx buffers are aligned to RAVB_ALIGN (128); no NET_IP_ALIGN pad",
    "irqModeration": "no hardware moderation; the later software coalescing is the irq-coalescing feature",
    "refillDoorbellEvery": "1024 (the ring): ravb has no rx tail register; a refilled descriptor is handed back by its die_dt byte (a desc.write). The skeleton's one MMIO write per refill batch (per poll) stands for the dma_wmb before that",
    "txDescPerPacket": "aligned_tx: num_tx_desc = 2 (a 4-byte alignment bounce descriptor plus the data)",
    "txDoorbellRmw": "ravb_modify(ndev, TCCR, TCCR_TSRQ0, TCCR_TSRQ0) per transmit: an uncached read plus a write",
    "rxBufferBytes": "8192 (GBETH_RX_BUFF_MAX) mapped and unmapped per descriptor; the skb is allocated with 127 bytes more (RAVB_ALIGN - 1) only to align its start, those bytes are not mapped",
    "copybreak": "ravb has no copybreak",
}

def ravb_rcar():
    return {"model": "ravb-rcar", "linkBitsPerSecond": ALL_LINK, "rxRing": 1024, "txRing": 64, "napiWeight": 64,
            "rxChecksum": "complete", "txChecksum": False, "unalignedRxDma": False, "irqModeration": False,
            "refillDoorbellEvery": 1024, "txDescPerPacket": 1, "txDoorbellRmw": True, "rxBufferBytes": 2048,
            "copybreak": 0, "mtu": 1500}

RCAR_NOTES = {
    "rxRing/txRing": "BE_RX_RING_SIZE = 1024, BE_TX_RING_SIZE = 64 (ravb.h)",
    "napiWeight": "netif_napi_add, default weight 64",
    "rxChecksum": "ravb_rx_csum: the 16-bit sum the MAC appends becomes skb->csum, CHECKSUM_COMPLETE",
    "txChecksum": "EtherAVB has no tx checksum offload (no NETIF_F_HW_CSUM)",
    "unalignedRxDma": "rx buffers aligned to RAVB_ALIGN (128)",
    "irqModeration": "none",
    "refillDoorbellEvery": "1024 (the ring): no rx tail register, descriptor ownership by die_dt, as for GbEth",
    "txDescPerPacket": "R-Car Gen3 does not need the aligned_tx bounce: one descriptor per packet",
    "txDoorbellRmw": "ravb_modify of TCCR per transmit (read-modify-write)",
    "rxBufferBytes": "2 KB rx skbs (rx_max_buf_size SZ_2K, RX_BUF_SZ)",
    "copybreak": "none",
}

# --- shared ISA pieces of the cost profiles
def mips_fixed(clk):
    return {
        "dma.call": [80, "dma_map/unmap through MIPS dma-noncoherent ops: same code as bcm6328 (80), same ISA"],
        "dma.line.map": [4, "one 'cache Hit_Invalidate_D' per 16-byte line at map, as bcm6328 (s10: 2-5)"],
        "dma.line.unmap": [0, "BMIPS needs no invalidate at unmap (s10: almost free)"],
        "dma.line.todev": [4, "one 'cache Hit_Writeback_Inv_D' per line for tx buffers, as bcm6328"],
        "unaligned.trap": [400, "address-error exception + do_ade emulation: instruction-bound, same cycles as the calibrated bcm6328 value"],
        "csum.byte": [1.0, "csum_partial on MIPS32 (addu+sltu per word), as bcm6328"],
        "copy.byte": [0.5, "__copy_user word copy, as bcm6328"],
        "netfilter.hook": [3200, "OpenWrt firewall (fw4/nftables + nf_conntrack) per hook, as on bcm6328: an OpenWrt router has it"],
    }

NO_FIREWALL = [0, "the Linux dev board is measured without a firewall: no netfilter rules, no conntrack loaded (hooks empty, static-key disabled)"]

def armv8_fixed(clk, ipc, core, csum, copy, csum_why, copy_why):
    return {
        "dma.call": [80 / ipc + 100, f"dma_direct_map/unmap + arch_sync_dma: bcm6328 80 / IPC {ipc:g} plus the dsb at the end of a maintenance pass (s10: 50-200), 100"],
        "dma.line.map": [round(15 * clk), f"dc cvac (clean to PoC) per 64-byte line at map (arm64 always cleans at map), ~15 ns each at {clk:g} GHz (s10: 10-40 cycles per clean line)"],
        "dma.line.unmap": [round(15 * clk), f"dc ivac per 64-byte line at unmap / sync_for_cpu, ~15 ns each (s10)"],
        "dma.line.todev": [round(30 * clk), f"dc cvac of dirty lines (tx buffers the CPU just wrote): a writeback each, ~30 ns (s10: more for dirty lines)"],
        "unaligned.trap": [0, "ARMv8 handles misaligned loads/stores in hardware (no trap)"],
        "csum.byte": [csum, csum_why],
        "copy.byte": [copy, copy_why],
        "netfilter.hook": NO_FIREWALL,
    }

BOARDS = []

# ---------------------------------------------------------------- bcm6333
BOARDS.append({
    "id": "bcm6333",
    "name": "Broadcom BCM6333 (BMIPS3300-class 240 MHz, bcm63xx enet)",
    "soc": {"cores": 1, "clockHz": 240000000, "isa": "mips32", "cacheLineBytes": 16, "cacheLevels": 1,
            "dmaCoherent": False, "unalignedTraps": True, "kernelVersion": "5.10", "hz": 250},
    "nic": {"model": "bcm63xx-enet", "linkBitsPerSecond": 100000000, "rxRing": 64, "txRing": 32, "napiWeight": 16,
            "rxChecksum": "none", "txChecksum": False, "unalignedRxDma": False, "irqModeration": False,
            "refillDoorbellEvery": 1, "txDescPerPacket": 1, "txDoorbellRmw": False, "rxBufferBytes": 1536,
            "copybreak": 128, "mtu": 1500, "irqUnmask": "always"},
    "stockFeatures": [],
    "fieldNotes": {
        "irqUnmask": "always: bcm_enet_poll unmasks the rx/tx interrupts after napi_complete_done without looking at its answer",
        "soc": "1x BMIPS3300-class core at about 240 MHz, 16-byte lines, no L2, non-coherent DMA, MIPS traps misaligned accesses (mechanisms.md s11)",
        "kernelVersion": "5.10: the bcm63xx_enet driver before the 5.13 series (list rx, BQL, xmit_more, build_skb); 4.9-6.4 defer softirqs to a runnable ksoftirqd",
        "hz": "OpenWrt's CONFIG_HZ=250, as bcm6328",
        "nic": "bcm63xx non-switch enet (6338-class): BCMENET_DEF_RX_DESC 64, BCMENET_DEF_TX_DESC 32, weight 16, copybreak 128, a BUFALLOC write per refilled descriptor, rx_skb_size ALIGN(1500+18+4, 16*4) = 1536",
        "unalignedRxDma": "false: the non-switch enet cannot DMA to a padded start (s6), so ip-align cannot run on it",
        "link": "10/100 PHY",
    },
    "params": {
        "clk": 0.24, "ipc": 1.0, "core": "BMIPS3300, single-issue in-order MIPS32 like BMIPS4350", "line": 16,
        "refill_ns": 140, "refill_src": "DRAM, no L2, as bcm6328",
        "mmio_r_ns": 190, "mmio_src": "on the UBUS, as bcm6328 (60 cycles at 320 MHz); bus latency taken as fixed in ns",
        "mmio_w_ns": 94, "wmb": "bcm6328's 30 cycles at 320 MHz = 94 ns, MIPS 'sync' + posted write",
        "desc_r_ns": 187, "desc_src": "uncached KSEG1 read, bcm6328's 60 cycles at 320 MHz",
        "desc_w_ns": 62, "desc_w_src": "uncached posted write, bcm6328's 20 cycles",
        "dram_ns": 140, "dram_src": "bcm6328's 45 cycles at 320 MHz: DRAM latency in ns is roughly fixed, so fewer cycles at the lower clock",
        "head_lines": 16, "head_why": "a 256-byte head region in 16-byte lines, as bcm6328", "head_ns": 140, "head_src": "evicted meanwhile: DRAM",
        "fixed": mips_fixed(0.24),
    },
})

# ---------------------------------------------------------------- lan743x boards
def lan743x_board(id, name, soc, fieldnotes, params):
    n = dict(LAN743X_NOTES); n.update(fieldnotes)
    return {"id": id, "name": name, "soc": soc, "nic": lan743x(), "stockFeatures": ["gro", "irq-coalescing"],
            "fieldNotes": n, "params": params}

BOARDS.append(lan743x_board("imx6qp-lan7430", "NXP i.MX6QuadPlus (4x Cortex-A9 1.0 GHz, PL310 L2) + Microchip LAN7430 on PCIe",
    {"cores": 4, "clockHz": 1000000000, "isa": "armv7", "cacheLineBytes": 32, "cacheLevels": 2,
     "dmaCoherent": False, "unalignedTraps": False, "kernelVersion": "5.10", "hz": 100},
    {"soc": "4x Cortex-A9 at 1.0 GHz (the i.MX6QP's commercial grade; up to 1.2), 32+32 KB L1, 1 MB PL310 L2, 32-byte lines, PCIe not snooped",
     "cacheLevels": "2: L1 and the outer PL310, each maintained by its own pass (s10)",
     "unalignedTraps": "false: ARMv7 handles plain misaligned LDR/STR in hardware (LDM/STRD would trap, rare in the stack)",
     "kernelVersion": "5.10: lan743x before the 5.12 change that sized rx buffers to the MTU",
     "hz": "100: the ARM default (imx_v6_v7_defconfig does not set CONFIG_HZ)"},
    {"clk": 1.0, "ipc": 1.4, "core": "Cortex-A9, 2-wide partly out-of-order", "line": 32,
     "refill_ns": 30, "refill_src": "PL310 L2 hit",
     "mmio_r_ns": 1000, "mmio_src": "non-posted PCIe read round trip through the i.MX6 PCIe controller (estimate)",
     "mmio_w_ns": 150, "wmb": "writel's wmb() on i.MX6 is dsb + outer_sync (a PL310 cache sync) before the posted PCIe write",
     "desc_r_ns": 130, "desc_src": "coherent memory is mapped non-cacheable on ARMv7: a DRAM read",
     "desc_w_ns": 20, "desc_w_src": "buffered non-cacheable write",
     "dram_ns": 130, "dram_src": "DDR3 behind the PL310, estimate",
     "head_lines": 6, "head_why": "about 190 bytes of 32-bit sk_buff = 6 lines of 32 B", "head_ns": 30, "head_src": "128 heads fit in the 1 MB L2; L1 lost them",
     "kmalloc16k": "a 9 KB netdev_alloc_skb is above a page",
     "fixed": {
        "dma.call": [80 / 1.4 + 50, "arm_dma_map/unmap_page: bcm6328 80 / IPC 1.4 plus the closing PL310 cache sync (~50 ns)"],
        "dma.line.map": [53, "per 32-byte line at map: L1 invalidate CP15 op (~8, s10: 5-10) + PL310 invalidate-by-PA MMIO write (~45, s10: 30-60)"],
        "dma.line.unmap": [53, "per line at unmap: the same two-level invalidate again, against speculative prefetch (s10)"],
        "dma.line.todev": [53, "per line for tx: L1 clean + PL310 clean by PA (s10)"],
        "unaligned.trap": [0, "ARMv7 handles the stack's misaligned LDR/STR in hardware"],
        "csum.byte": [0.5, "ARM csum_partial (ldm + adcs, 4 bytes per ~2 cycles)"],
        "copy.byte": [0.25, "ARM copy_to_user with ldm/stm, 32 bytes per ~8 cycles on cached data"],
        "netfilter.hook": NO_FIREWALL,
     }}))

BOARDS.append(lan743x_board("imx8mq-lan7430", "NXP i.MX8M Quad (4x Cortex-A53 1.5 GHz) + Microchip LAN7430 on PCIe",
    {"cores": 4, "clockHz": 1500000000, "isa": "armv8", "cacheLineBytes": 64, "cacheLevels": 2,
     "dmaCoherent": False, "unalignedTraps": False, "kernelVersion": "5.10", "hz": 250},
    {"soc": "4x Cortex-A53 at 1.5 GHz, 32+32 KB L1, 1 MB L2, 64-byte lines, PCIe not snooped",
     "cacheLevels": "2 (L1 + L2); one dc op per line reaches the point of coherency",
     "unalignedTraps": "false: ARMv8",
     "kernelVersion": "5.10: lan743x before the 5.12 MTU-sized rx buffers",
     "hz": "250 (arm64 default)"},
    {"clk": 1.5, "ipc": 1.5, "core": "Cortex-A53, dual-issue in-order", "line": 64,
     "refill_ns": 12, "refill_src": "L2 hit, ~18 cycles",
     "mmio_r_ns": 800, "mmio_src": "non-posted PCIe read through the i.MX8MQ PCIe controller (estimate)",
     "mmio_w_ns": 40, "wmb": "writel's dmb/dsb st before the posted PCIe write",
     "desc_r_ns": 110, "desc_src": "coherent memory is non-cacheable: an LPDDR4 read",
     "desc_w_ns": 15, "desc_w_src": "buffered non-cacheable write",
     "dram_ns": 110, "dram_src": "LPDDR4, estimate",
     "head_lines": 5, "head_why": "a 232-byte 64-bit sk_buff (4 lines) + the skb_shared_info line", "head_ns": 12, "head_src": "128 heads stay in the 1 MB L2",
     "kmalloc16k": "a 9 KB netdev_alloc_skb is above a page",
     "fixed": armv8_fixed(1.5, 1.5, "A53", 0.25, 0.2,
        "arm64 do_csum (16 bytes per ~4 cycles on A53)", "arm64 copy_to_user, ldp/stp 16 bytes per ~3 cycles")}))

x86_fixed = {
    "dma.call": [30, "dma_direct_map_page with no IOMMU and no maintenance: bcm6328 80 / IPC 3, ~27"],
    "dma.line.map": [0, "x86 snoops: no cache maintenance (coherent DMA)"],
    "dma.line.unmap": [0, "coherent: none"],
    "dma.line.todev": [0, "coherent: none"],
    "unaligned.trap": [0, "x86 handles misaligned accesses in hardware"],
    "csum.byte": [0.12, "x86 csum_partial, adc over 8-byte words (~8 bytes per cycle)"],
    "copy.byte": [0.06, "copy_user_enhanced_fast_string (rep movsb) on cached data, ~16 bytes per cycle"],
    "netfilter.hook": NO_FIREWALL,
    "pp.ring": [64, "ptr_ring produce/consume: Brouer's x86 spinlock pair ~34 cycles + ~30 for the ring (s13)"],
    "alloc.napi_frag": [80, "page_frag_alloc from the NAPI cache: bcm6328 250 / IPC 3, no irq toggling"],
}
BOARDS.append(lan743x_board("x86-lan7430", "4-core x86-64 2.0 GHz + Microchip LAN7430 on PCIe",
    {"cores": 4, "clockHz": 2000000000, "isa": "x86_64", "cacheLineBytes": 64, "cacheLevels": 3,
     "dmaCoherent": True, "unalignedTraps": False, "kernelVersion": "5.10", "hz": 250},
    {"soc": "a 4-core x86-64 at 2.0 GHz (s11: 2+ GHz), large L2/L3, snooping PCIe (DDIO puts DMA writes in the LLC)",
     "cacheLevels": "3 (L1, L2, LLC); DMA needs no maintenance",
     "kernelVersion": "5.10: lan743x before the 5.12 MTU-sized rx buffers",
     "hz": "250 (the Kconfig default most distributions keep)"},
    {"clk": 2.0, "ipc": 3.0, "core": "a 4-wide out-of-order x86 core", "line": 64,
     "refill_ns": 12, "refill_src": "L2/LLC hit",
     "mmio_r_ns": 700, "mmio_src": "a non-posted PCIe read on x86 (estimate 0.5-1 us)",
     "mmio_w_ns": 50, "wmb": "uncached posted write; the UC write drains the write-combining buffers",
     "desc_r_ns": 32, "desc_src": "descriptors are in cacheable coherent memory; the device's writeback lands in the LLC (DDIO): Brouer's ~32 ns miss (s13)",
     "desc_w_ns": 5, "desc_w_src": "cached write; the device snoops it later",
     "dram_ns": 32, "dram_src": "DMA'd data lands in the LLC (DDIO); Brouer's cache miss ~32 ns (s13)",
     "head_lines": 5, "head_why": "232-byte sk_buff + shared info line", "head_ns": 5, "head_src": "L2 hit: 128 heads stay in L2",
     "kmalloc16k": "a 9 KB netdev_alloc_skb is above a page",
     "fixed": x86_fixed}))

# ---------------------------------------------------------------- ravb GbEth boards
def gbeth_board(id, name, soc, fieldnotes, params, stock=("gro",)):
    n = dict(GBETH_NOTES); n.update(fieldnotes)
    return {"id": id, "name": name, "soc": soc, "nic": ravb_gbeth(), "stockFeatures": list(stock),
            "fieldNotes": n, "params": params}

def a55_params(clk):
    return {"clk": clk, "ipc": 1.7, "core": "Cortex-A55, dual-issue in-order, ~15% above A53", "line": 64,
            "refill_ns": 30, "refill_src": "the DSU's 256 KB L3 (no L2 on these parts)",
            "mmio_r_ns": 150, "mmio_src": "GbEth register on the SoC's AXI/APB interconnect (s1: 50-200 ns)",
            "mmio_w_ns": 40, "wmb": "writel's dsb st before the posted write",
            "desc_r_ns": 120, "desc_src": "descriptors in non-cacheable coherent memory: a DDR4 read",
            "desc_w_ns": 15, "desc_w_src": "buffered non-cacheable write",
            "dram_ns": 120, "dram_src": "DDR4 (RZ/G2L-class), estimate",
            "head_lines": 5, "head_why": "232-byte sk_buff + shared info line", "head_ns": 120,
            "head_src": "a head waits 1024 packets (1.5 MB of traffic) in the ring: evicted from the 256 KB L3, DRAM",
            "kmalloc16k": "an 8 KB + 127 netdev_alloc_skb is above a page",
            "fixed": armv8_fixed(clk, 1.7, "A55", 0.22, 0.18,
                "arm64 do_csum on A55 (~4.5 bytes per cycle)", "arm64 copy_to_user ldp/stp on A55 (~5.5 bytes per cycle)")}

GBETH_SOC_NOTES = {
    "kernelVersion": "6.10: GbEth with rx/tx checksum offload and GRO, before page_pool, build_skb, software IRQ coalescing and threaded NAPI (2024); 6.5+ runs NET_RX at every IRQ exit",
    "hz": "250 (arm64 default)",
    "unalignedTraps": "false: ARMv8",
}
def soc_notes(extra):
    n = dict(GBETH_SOC_NOTES); n.update(extra); return n

BOARDS.append(gbeth_board("rzg2l", "Renesas RZ/G2L (2x Cortex-A55 1.2 GHz) + GbEth",
    {"cores": 2, "clockHz": 1200000000, "isa": "armv8", "cacheLineBytes": 64, "cacheLevels": 2,
     "dmaCoherent": False, "unalignedTraps": False, "kernelVersion": "6.10", "hz": 250},
    soc_notes({"soc": "2x Cortex-A55 at 1.2 GHz, 32+32 KB L1, 256 KB L3, 64-byte lines, non-coherent DMA",
               "cacheLevels": "2 (L1 + L3)"}), a55_params(1.2)))
BOARDS.append(gbeth_board("rzg2ul", "Renesas RZ/G2UL (1x Cortex-A55 1.0 GHz) + GbEth",
    {"cores": 1, "clockHz": 1000000000, "isa": "armv8", "cacheLineBytes": 64, "cacheLevels": 2,
     "dmaCoherent": False, "unalignedTraps": False, "kernelVersion": "6.10", "hz": 250},
    soc_notes({"soc": "1x Cortex-A55 at about 1.0 GHz, caches as RZ/G2L", "cacheLevels": "2 (L1 + L3)"}), a55_params(1.0)))
BOARDS.append(gbeth_board("rzg3s", "Renesas RZ/G3S (1x Cortex-A55 1.1 GHz + Cortex-M33) + GbEth",
    {"cores": 1, "clockHz": 1100000000, "isa": "armv8", "cacheLineBytes": 64, "cacheLevels": 2,
     "dmaCoherent": False, "unalignedTraps": False, "kernelVersion": "6.10", "hz": 250},
    soc_notes({"soc": "1x Cortex-A55 at about 1.1 GHz (the Cortex-M33s do not run Linux), caches as RZ/G2L", "cacheLevels": "2 (L1 + L3)"}), a55_params(1.1)))

rzfive = dict(a55_params(1.0))
rzfive.update({"ipc": 1.4, "core": "Andes AX45MP, dual-issue in-order RV64, a weaker memory pipeline than A55 (estimate)",
               "refill_ns": 25, "refill_src": "AX45MP L2 hit",
               "mmio_w_ns": 40, "wmb": "writel's fence w,o before the posted write",
               "fixed": {
                    "dma.call": [80 / 1.4 + 30, "dma_direct + arch_sync_dma through the AX45MP cache ops: bcm6328 80 / IPC 1.4 plus fences"],
                    "dma.line.map": [200, "per 64-byte line at map (clean): two CSR writes (L1 CCTL), two uncached MMIO writes to the L2 controller and a polled MMIO status read (s10: 100-300, the most expensive)"],
                    "dma.line.unmap": [200, "per line at sync_for_cpu (invalidate): the same CSR + L2C MMIO sequence"],
                    "dma.line.todev": [250, "per dirty line for tx (write back): the L2C sequence plus the writeback to DRAM"],
                    "unaligned.trap": [0, "AX45MP performs misaligned loads/stores in hardware (Andes mmisc_ctl.MSA; assumed enabled by the RZ/Five firmware, else OpenSBI would emulate at thousands of cycles)"],
                    "csum.byte": [0.35, "RISC-V csum_partial (6.8+ word-at-a-time C, no Zbb on AX45MP), ~3 bytes per cycle"],
                    "copy.byte": [0.25, "RISC-V __asm_copy_to_user, 8-byte ld/sd, ~4 bytes per cycle"],
                    "netfilter.hook": NO_FIREWALL,
               }})
BOARDS.append(gbeth_board("rzfive", "Renesas RZ/Five (1x Andes AX45MP RV64 1.0 GHz) + GbEth",
    {"cores": 1, "clockHz": 1000000000, "isa": "riscv64", "cacheLineBytes": 64, "cacheLevels": 2,
     "dmaCoherent": False, "unalignedTraps": False, "kernelVersion": "6.10", "hz": 250},
    soc_notes({"soc": "1x AX45MP at about 1.0 GHz, 64-byte lines, the AX45MP L2 controller, non-coherent: cache maintenance through L2C MMIO",
               "cacheLevels": "2 (L1 by CSR, L2 by L2C MMIO)",
               "unalignedTraps": "false: AX45MP handles misaligned accesses in hardware (see unaligned.trap)",
               "hz": "250 (RISC-V default)"}), rzfive))

# ---------------------------------------------------------------- R-Car EtherAVB boards
def a57_params(clk):
    return {"clk": clk, "ipc": 2.5, "core": "Cortex-A57, 3-wide out-of-order", "line": 64,
            "refill_ns": 12, "refill_src": "the A57 cluster's 2 MB L2 (~20 cycles)",
            "mmio_r_ns": 150, "mmio_src": "EtherAVB register on the SoC interconnect (s1: 50-200 ns)",
            "mmio_w_ns": 30, "wmb": "writel's dsb st before the posted write",
            "desc_r_ns": 110, "desc_src": "descriptors in non-cacheable coherent memory: an LPDDR4 read",
            "desc_w_ns": 10, "desc_w_src": "buffered non-cacheable write",
            "dram_ns": 110, "dram_src": "LPDDR4, estimate",
            "head_lines": 5, "head_why": "232-byte sk_buff + shared info line", "head_ns": 110,
            "head_src": "a head waits 1024 packets in the ring with 2 MB of buffers behind it: DRAM",
            "fixed": armv8_fixed(clk, 2.5, "A57", 0.15, 0.1,
                "arm64 do_csum on A57 (~7 bytes per cycle)", "arm64 copy_to_user on A57 (~10 bytes per cycle)")}

RCAR_SOC = {"kernelVersion": "6.10: EtherAVB with 2 KB preallocated skbs, before page_pool; 6.5+ runs NET_RX at every IRQ exit",
            "hz": "250 (arm64 default)", "unalignedTraps": "false: ARMv8", "cacheLevels": "2 (L1 + L2)"}
def rcar_board(id, name, soc, extra, params):
    n = dict(RCAR_NOTES); n.update(RCAR_SOC); n.update(extra)
    return {"id": id, "name": name, "soc": soc, "nic": ravb_rcar(), "stockFeatures": ["gro"], "fieldNotes": n, "params": params}

BOARDS.append(rcar_board("rzg2h", "Renesas RZ/G2H (4x Cortex-A57 1.5 GHz + 4x A53) + R-Car EtherAVB",
    {"cores": 4, "clockHz": 1500000000, "isa": "armv8", "cacheLineBytes": 64, "cacheLevels": 2,
     "dmaCoherent": False, "unalignedTraps": False, "kernelVersion": "6.10", "hz": 250},
    {"soc": "4x Cortex-A57 at 1.5 GHz (the 4x A53 at 1.2 GHz are not modelled: the IRQ, softirq and iperf3 run on the big cluster's CPUs), 64-byte lines, non-coherent DMA"},
    a57_params(1.5)))
BOARDS.append(rcar_board("rcar-m3n", "Renesas R-Car M3-N (2x Cortex-A57 1.8 GHz + A53s) + R-Car EtherAVB",
    {"cores": 2, "clockHz": 1800000000, "isa": "armv8", "cacheLineBytes": 64, "cacheLevels": 2,
     "dmaCoherent": False, "unalignedTraps": False, "kernelVersion": "6.10", "hz": 250},
    {"soc": "2x Cortex-A57 at 1.8 GHz (the A53s are not modelled), 64-byte lines, non-coherent DMA"},
    a57_params(1.8)))
