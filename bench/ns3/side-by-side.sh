#!/usr/bin/env bash
# ringlab against ns-3 (issue 14): frames on the wire (both directions) per wall second, for three matched
# scenarios, run alternately (ns-3, ringlab, ns-3, ringlab, ...) ROUNDS times (default 3), median of the rounds:
#   udp-1470  UDP 1470 B datagrams at 1 Gbit/s for 10 s   ringlab: x86-lan7430 -u -b 1G -l 1470 -t 10
#   udp-18    UDP 18 B datagrams (64 B frames), line rate, 2 s   ringlab: x86-lan7430 --set tx_pause=off -u -b 1G -l 18 -t 2
#             (ns-3's link has no 802.3x PAUSE; lan743x's would hold the peer to about a third of line rate)
#   tcp-512   TCP, MSS 512, 100 Mbit/s link, 30 s          ringlab: bcm6328 -M 512 -t 30
# Two figures per simulator: whole process (the process timed from outside: JVM start, class loading, JIT
# warm-up and launcher included for ringlab) and steady state (ns-3: Simulator::Run() alone, timed inside
# side-by-side.cc; ringlab: `./ringlab bench --json`, the same scenarios measured in one warm JVM, run once per
# round). Needs ns-3's Debian packages: apt-get install -y libns3-dev libgsl-dev (and g++, pkg-config).
# Takes about 15 minutes on 2 busy cores (load 10), most of it ns-3. Usage: bench/ns3/side-by-side.sh [WORKDIR]
set -euo pipefail
HERE="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
ROUNDS="${ROUNDS:-3}"
die() { echo "side-by-side: $*" >&2; exit 2; }
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive whole number, not '$ROUNDS'"
WORK="${1:-$(mktemp -d /tmp/ringlab-ns3-bench.XXXXXX)}"
mkdir -p "$WORK"

# --- build what is missing (not timed) ---
[ -f /usr/include/ns3/core-module.h ] || die "ns-3 headers not found: apt-get install -y libns3-dev libgsl-dev"
command -v g++ >/dev/null && command -v pkg-config >/dev/null || die "g++ and pkg-config are needed: apt-get install -y g++ pkg-config"
NS3="$HERE/build/side-by-side"
if [ ! -x "$NS3" ] || [ "$HERE/side-by-side.cc" -nt "$NS3" ]; then
    mkdir -p "$HERE/build"
    echo "side-by-side: building $NS3 against ns-3 $(pkg-config --modversion ns3-core) ..." >&2
    # Debian's .pc files carry a broken Cflags (-I/usr\;): the headers are in /usr/include/ns3, found without it
    g++ -std=c++17 -O2 -o "$NS3" "$HERE/side-by-side.cc" $(pkg-config --libs ns3-point-to-point ns3-applications ns3-internet)
fi
"$ROOT/ringlab" list > /dev/null # builds ringlab when stale
# The first `run` after a build also writes the launcher's class-data archive (about 2 s, once): do that
# here, untimed, so that every timed run starts as a user's second and later runs do.
"$ROOT/ringlab" run --hardware bcm6328 -- -t 1 > /dev/null

# --- the matched scenarios: name | ns-3 arguments | ringlab run arguments | ringlab bench scenario name ---
SCENARIOS=(
    "udp-1470|--scenario=udp --payload=1470 --rate=1Gbps --duration=10|--hardware x86-lan7430 -- -u -b 1G -l 1470 -t 10|x86-lan7430 UDP receive 1470 B at 1 Gbit/s"
    "udp-18|--scenario=udp --payload=18 --rate=1Gbps --duration=2|--hardware x86-lan7430 --set tx_pause=off -- -u -b 1G -l 18 -t 2|x86-lan7430 UDP receive minimum frames at line rate"
    "tcp-512|--scenario=tcp --payload=512 --rate=100Mbps --duration=30|--hardware bcm6328 -- -M 512 -t 30|bcm6328 stock TCP receive -M 512"
)

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
RAW="$WORK/raw.tsv" # round, scenario, simulator, figure (whole|steady), frames, wall seconds
: > "$RAW"
started=$(now)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for round in $(seq 1 "$ROUNDS"); do
    for s in "${SCENARIOS[@]}"; do
        IFS='|' read -r name ns3args rlargs _ <<< "$s"
        # A: ns-3
        t0=$(now)
        line=$("$NS3" $ns3args)
        t1=$(now)
        frames=$(sed -n 's/.*frames=\([0-9]*\).*/\1/p' <<< "$line")
        run=$(sed -n 's/.*run_wall_s=\([0-9.]*\).*/\1/p' <<< "$line")
        printf '%s\t%s\tns-3\twhole\t%s\t%s\n%s\t%s\tns-3\tsteady\t%s\t%s\n' "$round" "$name" "$frames" \
            "$(secs "$t0" "$t1")" "$round" "$name" "$frames" "$run" >> "$RAW"
        # B: ringlab, as a user runs it
        t0=$(now)
        # shellcheck disable=SC2086 # the arguments are words
        "$ROOT/ringlab" run --json --timestamp 0 $rlargs > "$WORK/$name-$round.json" 2> "$WORK/$name-$round.err"
        t1=$(now)
        # frames on the wire: received into the ring or missed for want of a descriptor, and transmitted
        frames=$(python3 -c 'import json,sys
p = json.load(open(sys.argv[1]))["ringlab"]["ports"]
print(sum(x["rx_packets"] + x["rx_missed_errors"] + x["tx_packets"] for x in p))' "$WORK/$name-$round.json")
        printf '%s\t%s\tringlab\twhole\t%s\t%s\n' "$round" "$name" "$frames" "$(secs "$t0" "$t1")" >> "$RAW"
        echo "round $round $name done" >&2
    done
    # ringlab's steady state: its bench runs the same scenarios in one JVM after warm-up
    "$ROOT/ringlab" bench --json > "$WORK/bench-$round.json"
    for s in "${SCENARIOS[@]}"; do
        IFS='|' read -r name _ _ benchname <<< "$s"
        python3 -c 'import json,sys
for r in json.load(open(sys.argv[1]))["bench"]:
    if r["scenario"] == sys.argv[2] and r.get("frames_per_wall_second"):
        print("\t".join([sys.argv[3], sys.argv[4], "ringlab", "steady", str(round(r["frames_per_wall_second"] * r["wall_seconds"])), str(r["wall_seconds"])]))' \
            "$WORK/bench-$round.json" "$benchname" "$round" "$name" >> "$RAW"
    done
    echo "round $round bench done" >&2
done
ended=$(now)

python3 - "$RAW" <<'PY'
import collections, statistics, sys
fps = collections.defaultdict(list)
for line in open(sys.argv[1]):
    rnd, name, sim, fig, frames, wall = line.rstrip("\n").split("\t")
    fps[(name, sim, fig)].append(int(frames) / float(wall))
def med(k):
    v = fps.get(k)
    return statistics.median(v) if v else None
def f(x): return "n/a" if x is None else f"{x/1e3:,.0f} k"
def r(a, b): return "n/a" if a is None or b is None else f"{a/b:.1f}x"
print("| scenario | ns-3 whole | ringlab whole | ratio | ns-3 steady | ringlab steady | ratio |")
print("|---|---|---|---|---|---|---|")
for name in dict.fromkeys(k[0] for k in fps):
    nw, rw = med((name, "ns-3", "whole")), med((name, "ringlab", "whole"))
    ns, rs = med((name, "ns-3", "steady")), med((name, "ringlab", "steady"))
    print(f"| {name} | {f(nw)} | {f(rw)} | {r(rw, nw)} | {f(ns)} | {f(rs)} | {r(rs, ns)} |")
print("(frames on the wire, both directions, per wall second; median of the rounds)")
PY
printf 'machine: %s cores, %s; load average %s before, %s after\n' "$(nproc)" \
    "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)" "$load_before" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'ns-3 %s, %s; %s rounds in %.0f s; raw figures in %s\n' "$(pkg-config --modversion ns3-core)" \
    "$(date -u +%Y-%m-%d)" "$ROUNDS" "$(secs "$started" "$ended")" "$RAW"
