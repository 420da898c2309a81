#!/usr/bin/env bash
# Records real iperf3's client output for the option sets ringlab's JSON is compared with
# (IperfJsonKeyTreeTest, IperfJsonSchemaTest): one JSON file per option set, plus the text output of the
# options whose text form ringlab imitates. Values come from loopback and are not compared, only key trees
# and value types. Needs Debian's iperf3 (3.12 in bookworm; .ci/run installs it).
# Usage: runtime/src/test/resources/iperf3/record-fixtures.sh [PORT]   (default 5347)
set -euo pipefail
cd "$(dirname "$0")"
port="${1:-5347}"
command -v iperf3 >/dev/null || { echo "record-fixtures: iperf3 is not installed" >&2; exit 1; }

iperf3 -s -p "$port" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
sleep 1

# name|client options (each gets -c 127.0.0.1 -p PORT -t 2; -n ends on data instead)
json_sets=(
    "tcp|-t 2"
    "udp|-t 2 -u"
    "tcp-R|-t 2 -R"
    "udp-R|-t 2 -u -R"
    "tcp-P2|-t 2 -P 2"
    "tcp-bidir|-t 2 --bidir"
    "udp-bidir|-t 2 -u --bidir"
    "tcp-M512|-t 2 -M 512"
    "tcp-O1|-t 2 -O 1"
    "tcp-get-server-output|-t 2 --get-server-output"
    "udp-get-server-output|-t 2 -u --get-server-output"
    "tcp-n|-n 50M"
)
text_sets=(
    "tcp-bidir|-t 2 --bidir"
    "tcp-O1|-t 2 -O 1"
    "tcp-timestamps|-t 2 --timestamps"
    "tcp-get-server-output|-t 2 --get-server-output"
)
run() { # file, options...
    local out="$1"; shift
    # shellcheck disable=SC2086
    iperf3 -c 127.0.0.1 -p "$port" "$@" >"$out"
    sleep 0.5
}
for s in "${json_sets[@]}"; do
    read -r -a opts <<<"${s#*|}"
    run "${s%%|*}.json" "${opts[@]}" -J
done
for s in "${text_sets[@]}"; do
    read -r -a opts <<<"${s#*|}"
    run "${s%%|*}.txt" "${opts[@]}"
done
# An error as iperf3 prints it in JSON mode (nothing listens on port+1).
iperf3 -c 127.0.0.1 -p "$((port + 1))" -t 1 -J >error.json || true
{
    iperf3 --version | head -n1
    echo "recorded $(date -u +%F) over loopback by record-fixtures.sh; options per file:"
    for s in "${json_sets[@]}"; do echo "  ${s%%|*}.json: ${s#*|} -J"; done
    for s in "${text_sets[@]}"; do echo "  ${s%%|*}.txt: ${s#*|}"; done
    echo "  error.json: -p (nothing listening) -t 1 -J"
} >VERSION.txt
