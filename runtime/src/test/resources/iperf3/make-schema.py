#!/usr/bin/env python3
"""Derives iperf3-3.12.schema.json, a strict JSON Schema of iperf3's client -J output, from the recorded fixtures
(*.json here, see record-fixtures.sh): every object allows exactly the keys it has in real iperf3's output
(additionalProperties false, all of them required); where one place holds objects of several key sets (sending
and receiving streams, TCP and UDP, -M's tcp_mss) each key set is one anyOf branch. Scalars: boolean, string,
integer, or number for the keys iperf3 prints with %f (a whole value of those prints without a fraction).
The top level also allows ringlab's two keys, "ringlab" and "wall_clock", and nothing else.
Usage: python3 make-schema.py > iperf3-3.12.schema.json"""
import glob
import json
import os
import sys

# iperf3 3.12 writes these with "%f" (iperf_api.c): doubles, even when the value is whole
DOUBLE_KEYS = {"start", "end", "seconds", "bits_per_second", "jitter_ms", "lost_percent", "host_total", "host_user",
               "host_system", "remote_total", "remote_user", "remote_system"}


def scalar(values, key):
    types = set()
    for v in values:
        if isinstance(v, bool):
            types.add("boolean")
        elif isinstance(v, str):
            types.add("string")
        elif isinstance(v, (int, float)):
            types.add("number" if key in DOUBLE_KEYS or isinstance(v, float) else "integer")
        else:
            raise ValueError("unexpected %r at %s" % (v, key))
    if {"integer", "number"} <= types:
        types.discard("integer")
    return {"type": sorted(types)[0]} if len(types) == 1 else {"type": sorted(types)}


def schema(values, key=None):
    if all(isinstance(v, dict) for v in values):
        groups = {}
        for v in values:
            groups.setdefault(tuple(v.keys()), []).append(v)
        branches = []
        for keys, group in groups.items():
            branches.append({"type": "object", "additionalProperties": False, "required": list(keys),
                             "properties": {k: schema([g[k] for g in group], k) for k in keys}})
        return branches[0] if len(branches) == 1 else {"anyOf": branches}
    if all(isinstance(v, list) for v in values):
        items = [x for v in values for x in v]
        return {"type": "array", "items": schema(items, key)} if items else {"type": "array", "maxItems": 0}
    return scalar(values, key)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    docs = []
    for f in sorted(glob.glob(os.path.join(here, "*.json"))):
        if not f.endswith(".schema.json"):
            docs.append(json.load(open(f)))
    s = schema(docs)
    for branch in s.get("anyOf", [s]):
        branch["properties"]["ringlab"] = {"type": "object",
                                           "description": "ringlab's own: the run's identity and the device detail"}
        branch["properties"]["wall_clock"] = {"type": "object",
                                              "description": "ringlab's real-time figures, kept apart"}
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema",
           "$id": "https://ringlab.example/schema/iperf3-3.12-client.schema.json",
           "title": "iperf3 3.12 client -J output (strict), derived by make-schema.py from real iperf3's output",
           "$comment": "The only keys allowed beyond real iperf3's are ringlab's top-level 'ringlab' and 'wall_clock'."}
    out.update(s)
    json.dump(out, sys.stdout, indent=2)
    sys.stdout.write("\n")


main()
