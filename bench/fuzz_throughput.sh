#!/usr/bin/env bash
# `carcheck fuzz` throughput per rule set and Mists level, for one or more carcheck binaries
# measured in the same run (machines differ by a quarter or more, so compare within a run):
#   bash bench/fuzz_throughput.sh GAMES BINARY...
# (e.g. a build of main and one of a branch, alternated per rule set so that both see the same
# load).
# Per binary and rule set: games/s and turns/s (a turn places one tile: tile-placed events)
# by wall clock, and games per CPU second (user + sys), which a busy machine disturbs less.
set -euo pipefail
games=${1:?games per rule set}
shift
configs=("base-c1" "pnp-demo" "bcb")
for level in 1 2 3 4 5 6; do configs+=("mists --level $level"); done
printf '%-16s %-28s %10s %10s %12s\n' rules binary games/s turns/s games/cpu-s
for c in "${configs[@]}"; do
  for bin in "$@"; do
    out=$(mktemp)
    # shellcheck disable=SC2086  # $c is a rule set and its --level
    /usr/bin/time -o "$out.time" -f '%U %S' "$bin" fuzz --rules $c --games "$games" --json \
      >"$out" 2>/dev/null || true
    cpu=$(tail -n 1 "$out.time")
    python3 - "$out" "$c" "$bin" "$cpu" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
seconds = d["milliseconds"] / 1000
cpu = sum(float(x) for x in sys.argv[4].split())
turns = d["events"]["tile-placed"]
print(f"{sys.argv[2]:<16} {sys.argv[3][-28:]:<28} {d['games'] / seconds:10.0f} "
      f"{turns / seconds:10.0f} {d['games'] / cpu:12.0f}")
PY
    rm -f "$out" "$out.time"
  done
done
