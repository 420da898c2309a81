#!/bin/sh
# A stand-in for `ringlab sweep SPEC --out DIR --bundles DIR` in the node's sweep tests (SweepApiIT,
# SweepsPageBrowserIT): writes progress.json as the real sweep does (atomically: a temporary file renamed),
# then report.html. The spec's name picks the behaviour: "fail..." dies after a run with an error line,
# "slow..." takes minutes (to be cancelled), anything else finishes 4 runs in about a second.
set -eu
[ "$1" = sweep ] || { echo "usage: sweep SPEC --out DIR --bundles DIR" >&2; exit 2; }
spec="$2"; out=""; bundles=""
shift 2
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        --bundles) bundles="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
echo "fake sweep: spec=$spec out=$out bundles=$bundles"
name=$(sed -n 's/.*"name": *"\([^"]*\)".*/\1/p' "$spec" | head -n1)
progress() { # state done eta error
    printf '{"name":"%s","state":"%s","total":%s,"done":%s,"refused":1,"failed":0,"eta_seconds":%s,"error":%s}\n' \
        "$name" "$1" "$total" "$2" "$3" "$4" > "$out/progress.json.tmp"
    mv "$out/progress.json.tmp" "$out/progress.json"
}
case "$name" in
    fail*) total=3; progress running 0 30 null; sleep 0.5; progress running 1 20 null
           echo "run 1 of 3 done"; echo "error: simulated failure in run 2"; exit 3 ;;
    slow*) total=600; i=0
           while [ $i -lt 600 ]; do progress running $i $((600 - i)) null; i=$((i + 1)); sleep 0.5; done ;;
    *)     total=4; i=0
           while [ $i -lt 4 ]; do progress running $i $(((4 - i) * 2)) null; i=$((i + 1)); sleep 0.4; done ;;
esac
printf '<!doctype html><html><head><meta charset="utf-8"><title>%s</title></head><body><h1 id="fake-report">%s</h1></body></html>\n' "$name" "$name" > "$out/report.html"
progress done "$total" 0 null
echo "done"
