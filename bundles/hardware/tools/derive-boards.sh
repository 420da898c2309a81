#!/usr/bin/env bash
# Rewrites the "costs" of every in-tree board (the bundles/hardware modules of pom.xml) from its core type's
# profile (bundles/hardware/profiles/<coreType>.json) and the board's own memory system (the "derivation"
# object of its board.json): ringlab.experiment.profile.DeriveBoards, rules in BoardDerivation's javadoc.
# Prints "rewrote" or "unchanged" per board; a profile or board it cannot read stops it before any write.
# BoardDerivationTest fails while a board file disagrees with what this writes.
#
#   bundles/hardware/tools/derive-boards.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../.." && pwd)"
# ./ringlab builds launch/target when it is stale; its lib/ holds the experiment jar and what it needs
"$ROOT/ringlab" list > /dev/null
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -cp "$ROOT/launch/target/lib/*" ringlab.experiment.profile.DeriveBoards "$ROOT"
