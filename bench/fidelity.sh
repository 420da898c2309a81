#!/usr/bin/env bash
# Regenerates the README's "Fidelity" tables: every published figure ringlab has (the boards' "published"
# lists), with the simulated value, the error and the verdict, from `./ringlab reproduce --all --markdown`
# (seed 1), and the qualitative statements of docs/mechanisms.md from `./ringlab reproduce --statements
# --markdown`, and the seed spread of every row from `./ringlab reproduce --all --seeds 6 --markdown`. Rewrites
# only the lines between the fidelity, the statements and the seeds marker comments in README.md; the README
# is left untouched when any of them cannot run (exit status 2 or 3). Rows that miss (exit status 1) are the
# point of the tables, not a failure of this script. Takes about half a minute on 2 cores.
# Usage: bench/fidelity.sh [README]
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
README="${1:-"$ROOT/"README.md}"  # the repository's README by default
BEGIN='<!-- fidelity:begin (bench/fidelity.sh rewrites up to fidelity:end) -->'
END='<!-- fidelity:end -->'
SBEGIN='<!-- statements:begin (bench/fidelity.sh rewrites up to statements:end) -->'
SEND='<!-- statements:end -->'
DBEGIN='<!-- seeds:begin (bench/fidelity.sh rewrites up to seeds:end) -->'
DEND='<!-- seeds:end -->'
for m in "$BEGIN" "$END" "$SBEGIN" "$SEND" "$DBEGIN" "$DEND"; do
    grep -qxF "$m" "$README" || { echo "fidelity.sh: $README lacks the marker line $m" >&2; exit 2; }
done
TABLE="$(mktemp)"
STATEMENTS="$(mktemp)"
SEEDS="$(mktemp)"
trap 'rm -f "$TABLE" "$STATEMENTS" "$SEEDS" "$TABLE.readme"' EXIT
# runs `ringlab reproduce ARGS` into FILE; a status other than 0 (all hold) or 1 (some miss) stops the script
reproduce() {
    local file="$1" rc=0
    shift
    "$ROOT/ringlab" reproduce "$@" > "$file" || rc=$?
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
        echo "fidelity.sh: ringlab reproduce $* failed (exit status $rc); $README unchanged" >&2
        exit "$rc"
    fi
    echo "$rc"
}
rc="$(reproduce "$TABLE" --all --markdown)"
src="$(reproduce "$STATEMENTS" --statements --markdown)"
drc="$(reproduce "$SEEDS" --all --seeds 6 --markdown)"
awk -v begin="$BEGIN" -v end="$END" -v table="$TABLE" -v sbegin="$SBEGIN" -v send="$SEND" -v statements="$STATEMENTS" \
    -v dbegin="$DBEGIN" -v dend="$DEND" -v seeds="$SEEDS" '
    $0 == begin { print; print ""; while ((getline line < table) > 0) print line; print ""; skip = 1; next }
    $0 == sbegin { print; print ""; while ((getline line < statements) > 0) print line; print ""; skip = 1; next }
    $0 == dbegin { print; print ""; while ((getline line < seeds) > 0) print line; print ""; skip = 1; next }
    $0 == end || $0 == send || $0 == dend { skip = 0 }
    !skip { print }
' "$README" > "$TABLE.readme"
cat "$TABLE.readme" > "$README"
echo "fidelity.sh: $README updated ($(grep -c '^| [^ ]* (' "$TABLE" || true) rows, reproduce exit status $rc;" \
    "$(grep -c '^| `' "$STATEMENTS" || true) statements, exit status $src; seed spread exit status $drc)" >&2
