#!/usr/bin/env bash
# The sweep benchmark of issue 13: about 200 runs (11 boards x 4 feature sets x 5 seeds, TCP receive, 10
# simulated seconds each; duplicates and refusals drop a few) with `./ringlab sweep` in local mode (all cores)
# against the same runs one by one with `./ringlab run`. Prints both wall times, their ratio (target <= 0.6)
# and Spark's overhead per run (target < 10 ms: the CPU time of Spark's tasks beyond the runs' own, per run;
# also all other Java threads' CPU and the cores' wall time not in a run, from the sweep's figures line).
# Takes 15-20 minutes on 2 cores. Usage: bench/sweep/sweep-vs-runs.sh [WORKDIR]
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
WORK="${1:-$(mktemp -d /tmp/ringlab-sweep-bench.XXXXXX)}"
mkdir -p "$WORK"
cat > "$WORK/bench-200.json" <<'SPEC'
{"name": "bench-200", "boards": "all",
 "features": ["stock", "stock,bql", "stock,xmit-more", "stock,-gro"],
 "workloads": [{"name": "tcp-rx", "iperf": "-t 10"}],
 "seeds": {"count": 5}}
SPEC
# build both first (not timed)
"$ROOT/ringlab" list >/dev/null
"$ROOT/ringlab" sweep --help >/dev/null
rm -rf "$WORK/out"

now() { date +%s.%N; }
t0=$(now)
"$ROOT/ringlab" sweep "$WORK/bench-200.json" --out "$WORK/out" 2> "$WORK/sweep.log"
t1=$(now)
sweep_s=$(echo "$t1 - $t0" | bc -l)
grep -E "runs on|results" "$WORK/sweep.log" || true

# the same runs, one JVM each, as a shell loop over `ringlab run` would do them
python3 - "$WORK/out/results.jsonl" > "$WORK/runs.txt" <<'PY'
import json, shlex, sys
for line in open(sys.argv[1]):
    s = json.loads(line)["spec"]
    a = ["run", "--hardware", s["hardware"], "--features", s["features"], "--seed", str(s["seed"])]
    for k, v in sorted(s["sets"].items()): a += ["--set", f"{k}={v}"]
    if s["topology"] != "direct": a += ["--topology", s["topology"]]
    if s["pingMs"]: a += ["--ping", str(s["pingMs"])]
    print(shlex.join(a + ["--json", "--timestamp", "0", "--"] + s["iperf"]))
PY
n=$(wc -l < "$WORK/runs.txt")
t2=$(now)
while read -r line; do
    eval "set -- $line"
    "$ROOT/ringlab" "$@" > /dev/null 2>> "$WORK/runs.log"
done < "$WORK/runs.txt"
t3=$(now)
runs_s=$(echo "$t3 - $t2" | bc -l)
overhead=$(sed -n "s/.*overhead per run: \([0-9.n/a-]*\)\( ms\)\? of Spark's tasks' CPU.*/\1/p" "$WORK/sweep.log")
threads=$(sed -n "s/.*, \([0-9.-]*\) ms of this JVM's other Java threads' CPU.*/\1/p" "$WORK/sweep.log")
idle=$(sed -n "s/.*, \([0-9.-]*\) ms of the cores' time not in a run.*/\1/p" "$WORK/sweep.log")
ratio=$(echo "$sweep_s / $runs_s" | bc -l)
printf 'runs: %d\nsweep (local mode, %d cores): %.1f s wall\none by one (./ringlab run): %.1f s wall\nratio: %.2f (target <= 0.6)\n' \
    "$n" "$(nproc)" "$sweep_s" "$runs_s" "$ratio"
echo "Spark overhead per run: $overhead ms (target < 10; the CPU time of Spark's tasks beyond the runs' own, per run)"
echo "all of the sweep's other Java threads: $threads ms of CPU per run; the cores' time not in a run: $idle ms per run"
