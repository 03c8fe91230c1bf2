#!/usr/bin/env bash
# Writes carcheck.1 and carcheck-COMMAND.1 for every command `carcheck --help` lists, with
# help2man, from the same text as --help, so the pages cannot drift from the options.
#   make-man.sh HELP2MAN CARCHECK OUTDIR VERSION
set -euo pipefail
help2man=$1 carcheck=$2 out=$3 version=$4
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The commands: the names of the "Subcommands:" block of `carcheck --help`.
mapfile -t commands < <("$carcheck" --help |
  awk '/^Subcommands:/ { on = 1; next } on && /^[^ ]/ { on = 0 } on && /^  [a-z]/ { print $1 }')
[ ${#commands[@]} -gt 0 ] || { echo "make-man.sh: no commands in '$carcheck --help'" >&2; exit 1; }

see_also() {  # the pages other than $1, as a SEE ALSO section
  local refs=() page
  for page in carcheck "${commands[@]/#/carcheck-}"; do
    [ "$page" != "$1" ] && refs+=("\\%\\fB$page\\fR(1)")
  done
  local IFS=,
  printf '[SEE ALSO]\n%s\n' "${refs[*]}" | sed 's/,/, /g'
}

# help2man names a page after the program it runs: one small wrapper per command.
page() {  # name description program...
  local name=$1 about=$2
  shift 2
  printf '#!/bin/sh\nexec %s "$@"\n' "$*" >"$work/$name"
  chmod +x "$work/$name"
  see_also "$name" >"$work/$name.h2m"
  "$help2man" --no-info --no-discard-stderr --section=1 --version-string="$version" \
    --name="$about" --include="$work/$name.h2m" --output="$work/$name.1" "$work/$name"
  # No hyphenation: option and page names stay whole, as they are typed.
  sed '/^\.TH /a .nh' "$work/$name.1" >"$out/$name.1"
}

for c in "${commands[@]}"; do
  about=$("$carcheck" "$c" --help | head -n 1)
  page "carcheck-$c" "$about" "'$carcheck'" "$c"
done
# Last: the build's output file, so an interrupted run is redone.
page carcheck "check Carcassonne rule systems by execution" "'$carcheck'"
