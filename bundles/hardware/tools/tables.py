#!/usr/bin/env python3
"""Prints a board's README table, simulated by the CLI (ringlab run --json), 10 s per row.

    mvn -B -o -q -DskipTests package
    python3 bundles/hardware/tools/tables.py BOARD [FEATURES]    # FEATURES default: stock

Rows: TCP receive/transmit at the default MSS, UDP receive/transmit with 1470-byte datagrams offered at
the link rate. CPU columns are mpstat-like percentages of core 0, where the NIC's IRQ, NET_RX and (in
the model) the iperf3 thread run; 'all' is the idle share of all cores. 'bound by' is read off the run.
"""
import json, subprocess, sys

board = sys.argv[1]
features = sys.argv[2] if len(sys.argv) > 2 else "stock"
desc = json.load(open(f"bundles/hardware/{board}/src/main/resources/META-INF/ringlab/board.json"))
link = desc["nic"]["linkBitsPerSecond"]
mtu = desc["nic"]["mtu"]
rows = [("TCP receive", ["-t", "10"]), ("TCP transmit", ["-t", "10", "-R"]),
        ("UDP receive", ["-u", "-b", str(link), "-l", "1470", "-t", "10"]),
        ("UDP transmit", ["-u", "-b", str(link), "-l", "1470", "-t", "10", "-R"])]
print(f"`python3 bundles/hardware/tools/tables.py {board} {features}` "
      f"(= `ringlab run --hardware {board} --features {features} --json -- ARGS`, seed 1):\n")
print("| traffic | iperf3 args | Mbit/s (receiver) | core 0 irq / soft at irq exit or a bh enable / soft in ksoftirqd / sys / usr / idle % | idle all cores % | drops | bound by |")
print("|---|---|---|---|---|---|---|")
for name, args in rows:
    out = subprocess.run(["java", "-cp", "launch/target/classes:launch/target/lib/*", "ringlab.cli.Main", "run",
                          "--hardware", board, "--features", features, "--json", "--"] + args,
                         capture_output=True, text=True, check=True).stdout
    d = json.loads(out)
    R = d["ringlab"]; cpu = R["cpu_percent"]
    c0 = cpu["per_core"][0] if "per_core" in cpu else cpu
    mbps = d["end"]["sum_received"]["bits_per_second"] / 1e6
    drops = R.get("drops", {})
    udp = name.startswith("UDP")
    payload = 1470 if udp else mtu - 52   # TCP: MSS less the 12-byte timestamp option (tcp_timestamps=1)
    hdr = 28 if udp else 52
    wire_max = link * payload / (payload + hdr + 38) / 1e6   # Ethernet header + FCS + preamble + IFG = 38
    busy = [(i, pc) for i, pc in enumerate(cpu.get("per_core", [])) if i > 0 and pc["idle"] <= 3]
    ring = drops.get("rx_missed_errors", 0); sock = drops.get("UdpRcvbufErrors", 0) + drops.get("TcpExtTCPRcvQDrop", 0)
    if mbps >= 0.97 * wire_max and c0["idle"] > 3:
        bound = f"wire ({wire_max:.0f} Mbit/s max), CPU idle left"
    elif c0["idle"] <= 3:
        where = []
        if ring: where.append(f"{ring} rx ring drops")
        if sock: where.append(f"{sock} socket drops")
        pause = sum(p.get("tx_pause_frames", 0) for p in R.get("ports", []))
        if pause: where.append(f"the peer paused by {pause} PAUSE frames")
        bound = "CPU (core 0 saturated)" + (": " + ", ".join(where) if where else "")
    elif mbps >= 0.97 * wire_max:
        bound = f"wire ({wire_max:.0f} Mbit/s)"
    elif busy:  # core 0 keeps up, but the core the iperf3 thread runs on does not
        i, pc = busy[0]
        bound = f"CPU (core {i} saturated: sys {pc['sys']:.1f} / usr {pc['usr']:.1f} %, where iperf3 runs)"
    else:
        bound = "neither CPU nor wire: TCP window / socket buffer"
    dtxt = ", ".join(f"{k} {v}" for k, v in drops.items()) or "none"
    c = lambda k: f"{c0.get(k, 0):.1f}"
    print(f"| {name} | `{' '.join(args)}` | {mbps:.1f} | {c('irq')} / {c0.get('soft', 0) - c0.get('soft_ksoftirqd', 0):.1f} / {c('soft_ksoftirqd')} / {c('sys')} / {c('usr')} / {c('idle')} | {cpu['idle']:.1f} | {dtxt} | {bound} |")
