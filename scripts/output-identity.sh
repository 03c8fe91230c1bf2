#!/usr/bin/env bash
# Byte-identity of a refactoring: the outputs of a carcheck binary for seeds 1-20 of every
# shipped rule set and level (play --json --trace, play --log --log-legal at 2 and 3 players,
# simulate --json with random and greedy: 738 files), written to a folder, or compared with a
# folder written earlier from the commit a change starts from.
#   bash scripts/output-identity.sh make BINARY DIR      write BINARY's outputs into DIR
#   bash scripts/output-identity.sh compare BINARY DIR   write them afresh, diff against DIR
# Exit 0 when identical, 1 with the differing files listed.
set -euo pipefail

usage() { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -eq 3 ] || usage
mode=$1 bin=$(realpath "$2") dir=$3

gen() {
  local out=$1
  mkdir -p "$out"
  local cells=("--rules base-c1" "--rules pnp-demo" "--rules bcb")
  for l in 1 2 3 4 5 6; do cells+=("--rules mists --level $l"); done
  for c in "${cells[@]}"; do
    local tag=${c//--rules /}
    tag=${tag//--level /L}
    tag=${tag// /}
    echo "  $tag" >&2
    for p in 2 3; do
      for s in $(seq 1 20); do
        # shellcheck disable=SC2086 # $c holds several options
        "$bin" play $c --players "$p" --seed "$s" --json --trace > "$out/play-$tag-p$p-s$s.json" 2>&1 ||
          echo "exit $?" >> "$out/play-$tag-p$p-s$s.json"
        rm -f "$out/log-$tag-p$p-s$s.jsonl"
        # shellcheck disable=SC2086
        "$bin" play $c --players "$p" --seed "$s" --log "$out/log-$tag-p$p-s$s.jsonl" --log-legal > /dev/null 2>&1 ||
          echo "exit $?" >> "$out/log-$tag-p$p-s$s.jsonl"
      done
    done
    for pol in random greedy; do
      # shellcheck disable=SC2086
      "$bin" simulate $c --players 2,3 --games 20 --policy "$pol" --jobs 1 --json > "$out/sim-$tag-$pol.json" 2>/dev/null ||
        echo "exit $?" >> "$out/sim-$tag-$pol.json"
    done
  done
}

case "$mode" in
  make)
    gen "$dir"
    echo "$(find "$dir" -type f | wc -l) files in $dir"
    ;;
  compare)
    [ -d "$dir" ] || { echo "no baseline folder $dir (write it with: make BINARY DIR)" >&2; exit 2; }
    tmp=$(mktemp -d)
    gen "$tmp"
    n=$(find "$dir" -type f | wc -l)
    if diff -rq "$dir" "$tmp" > "$tmp.diff"; then
      echo "byte-identical: $n files"
    else
      echo "DIFFERENT ($(wc -l < "$tmp.diff") of $n files); list in $tmp.diff, outputs in $tmp"
      head -20 "$tmp.diff"
      exit 1
    fi
    ;;
  *) usage ;;
esac
