#!/usr/bin/env bash
# Byte-identity check for changes that must not change any result (engine and hot-path work, start-up work):
# runs about 40 varied `ringlab run` scenarios (boards, TCP/UDP, -R, -P, features, qdiscs, the forward
# topology, ping, error and help output), text and --json, fixed seed and timestamp, and writes each run's
# stdout, stderr and exit status plus a SHA256SUMS of them. Record a baseline from one build, then check
# another against it:
#   bench/identity.sh OUT [TARGET]            runs into OUT (TARGET: a launch/target copy; default this tree's)
#   bench/identity.sh --against BASE OUT [TARGET]   the same, then compares OUT with BASE (exit 1 on a difference)
# A TARGET copy (cp -r launch/target/{lib,ringlab-launch-*.jar} DIR) keeps a baseline's jars while the tree
# is rebuilt. The runs use C1 as ./ringlab run does; the JIT choice cannot change output.
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
BASE=""
if [ "${1:-}" = --against ]; then BASE="$2"; shift 2; fi
OUT="${1:?usage: bench/identity.sh [--against BASE] OUT [TARGET]}"
TARGET="${2:-$ROOT/launch/target}"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
launch_jars=("$TARGET"/ringlab-launch-*.jar)
lib_jars=("$TARGET"/lib/*.jar)
CP="$(IFS=:; echo "${lib_jars[*]}"):${launch_jars[0]}"
mkdir -p "$OUT"
rm -f "$OUT"/*.out "$OUT"/*.err "$OUT"/SHA256SUMS

# name | arguments after `run` (split on spaces)
SCENARIOS=(
    "bcm6328-tcp-M512|--hardware bcm6328 -- -M 512 -t 30"
    "bcm6328-tcp-R|--hardware bcm6328 -- -R -t 10"
    "bcm6328-udp|--hardware bcm6328 -- -u -b 100M -l 1470 -t 5"
    "bcm6328-tcp-P2-i|--hardware bcm6328 -- -P 2 -t 6 -i 0.5"
    "bcm6328-noalign-ping|--hardware bcm6328 --features stock,-ip-align --ping 10 -- -M 512 -t 8"
    "bcm6333-tcp|--hardware bcm6333 -- -t 8"
    "rzg2ul-udp|--hardware rzg2ul -- -u -b 1G -l 1470 -t 5"
    "rzg2ul-tcp|--hardware rzg2ul -- -t 5"
    "rzg2ul-threaded|--hardware rzg2ul --features stock,threaded-napi -- -t 5"
    "rzg2ul-tcp-R-bql|--hardware rzg2ul --features stock,bql,xmit-more -- -R -t 5"
    "rzg2l-udp-R|--hardware rzg2l -- -u -b 500M -R -t 3"
    "x86-udp-18|--hardware x86-lan7430 -- -u -b 1G -l 18 -t 1"
    "x86-tcp|--hardware x86-lan7430 -- -t 4"
    "x86-tcp-R-fqcodel|--hardware x86-lan7430 --set qdisc=fq_codel -- -R -P 4 -t 3"
    "x86-pagepool|--hardware x86-lan7430 --features stock,page-pool,build-skb -- -t 3"
    "x86-nogro-batched|--hardware x86-lan7430 --features stock,-gro,batched-rx -- -t 3"
    "imx6qp-tcp|--hardware imx6qp-lan7430 -- -t 4"
    "imx6qp-coalesce-hw|--hardware imx6qp-lan7430 --set rx-usecs=50 --set rx-frames=16 -- -u -b 1G -t 2"
    "imx8mq-mtu|--hardware imx8mq-lan7430 --features stock,mtu-rx-buffers -- -t 3"
    "rcar-m3n-tcp-R|--hardware rcar-m3n -- -R -t 3"
    "rzfive-swcoalesce|--hardware rzfive --features stock,irq-coalescing -- -t 3"
    "rzg3s-udp-small|--hardware rzg3s -- -u -b 200M -l 64 -t 2"
    "forward-rzg2h|--hardware rzg2h --topology forward -- -t 3"
    "forward-bcm6328-udp|--hardware bcm6328 --topology forward -- -u -b 50M -t 3"
    "seed-42|--hardware bcm6328 --seed 42 -- -M 512 -t 5 -w 64K"
    "bytes-n|--hardware rzg2ul -- -n 20M"
    "eq-forms|--hardware=bcm6328 --features=stock,-ip-align --seed=3 -J -- -t 2"
    "help|--help"
    "help-short|-h"
    "bad-set|--hardware bcm6328 --set nokey -- -t 1"
    "bad-stray|--hardware bcm6328 stray -- -t 1"
    "bad-seed|--hardware bcm6328 --seed abc -- -t 1"
    "bad-seed-hex-json|--hardware bcm6328 -J --seed 0x10 -- -t 1"
    "bad-option|--hardware bcm6328 --nosuch -- -t 1"
    "bad-missing-value|--hardware"
    "bad-iperf|--hardware bcm6328 -- -t 1 --nosuch"
    "bad-no-hardware|-- -t 1"
    "bad-topology|--hardware bcm6328 --topology ring -- -t 1"
    "bad-board|--hardware nosuch -- -t 1"
    "bad-arg-json|--hardware bcm6328 --json -- -t x"
)

run_one() { # name file-stem args...
    local stem="$1" rc=0
    shift
    "$JAVA" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$CP" ringlab.cli.Main run "$@" \
        >"$OUT/$stem.out" 2>"$OUT/$stem.err" || rc=$?
    echo "$rc" >>"$OUT/$stem.out"
    sed -i -e 's/ in [0-9.]* wall s$/ in - wall s/' "$OUT/$stem.err" # the one line that is not a result
}

for s in "${SCENARIOS[@]}"; do
    name="${s%%|*}"
    read -r -a args <<<"${s#*|}"
    common=(--seed 1 --timestamp 2026-12-01T00:00:00Z --bundles '')
    case "$name" in seed-*) common=(--timestamp 2026-12-01T00:00:00Z --bundles '') ;; esac
    run_one "$name.text" "${common[@]}" "${args[@]}"
    case "$name" in help*|bad-*) continue ;; esac
    run_one "$name.json" --json "${common[@]}" "${args[@]}"
done
(cd "$OUT" && sha256sum -- *.out *.err > SHA256SUMS)
echo "identity: $(wc -l < "$OUT/SHA256SUMS") files in $OUT"
if [ -n "$BASE" ]; then
    if diff -u "$BASE/SHA256SUMS" "$OUT/SHA256SUMS"; then
        echo "identity: identical to $BASE"
    else
        echo "identity: DIFFERENT from $BASE (diff the files named above)"
        exit 1
    fi
fi
