#!/usr/bin/env bash
# Regenerates the README's "Fidelity" table: every published figure ringlab has (the boards' "published"
# lists), with the simulated value, the error and the verdict, from `./ringlab reproduce --all --markdown`
# (seed 1). Rewrites only the lines between the two fidelity marker comments in README.md; the README is left
# untouched when reproduce cannot run (exit status 2 or 3). Rows that miss (reproduce's exit status 1) are the
# point of the table, not a failure of this script. Takes a few minutes on 2 cores.
# Usage: bench/fidelity.sh [README]
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
README="${1:-"$ROOT/"README.md}"  # the repository's README by default
BEGIN='<!-- fidelity:begin (bench/fidelity.sh rewrites up to fidelity:end) -->'
END='<!-- fidelity:end -->'
grep -qxF "$BEGIN" "$README" && grep -qxF "$END" "$README" || { echo "fidelity.sh: $README has no fidelity markers" >&2; exit 2; }
TABLE="$(mktemp)"
trap 'rm -f "$TABLE" "$TABLE.readme"' EXIT
rc=0
"$ROOT/ringlab" reproduce --all --markdown > "$TABLE" || rc=$?
if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
    echo "fidelity.sh: ringlab reproduce --all failed (exit status $rc); $README unchanged" >&2
    exit "$rc"
fi
awk -v begin="$BEGIN" -v end="$END" -v table="$TABLE" '
    $0 == begin { print; print ""; while ((getline line < table) > 0) print line; print ""; skip = 1; next }
    $0 == end { skip = 0 }
    !skip { print }
' "$README" > "$TABLE.readme"
cat "$TABLE.readme" > "$README"
echo "fidelity.sh: $README updated ($(grep -c '^| [^ ]* (' "$TABLE" || true) rows; reproduce exit status $rc)" >&2
