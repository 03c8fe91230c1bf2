#!/usr/bin/env bash
# The installed bash completion, sourced in bash with COMP_WORDS/COMP_CWORD set by hand:
# commands, a command's options, and rule-set names for --rules from the installed data.
#   completion.sh PREFIX
# shellcheck source=tests/install/lib.sh
source "$(dirname "$0")/lib.sh"
prefix=$(realpath "$1")
# shellcheck disable=SC1091
source "$prefix/share/bash-completion/completions/carcheck"
export PATH="$prefix/bin:$PATH"  # completed as `carcheck`, as a user types it

complete_words() {  # the words typed, the last one being completed
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _carcheck
  printf '%s\n' "${COMPREPLY[@]}" | sort
}
expect() {  # what words..., where `what` is the exact sorted list of completions
  local want=$1
  shift
  local got
  got=$(complete_words "$@" | tr '\n' ' ')
  [ "$got" = "$want" ] || fail "completing '$*': got '$got', expected '$want'"
}
expect "mists " carcheck play --rules m
expect "base-c1 base-inns base-river base-river-inns bcb bcb-river " carcheck play --rules b
expect "base-c1 base-inns base-river base-river-inns bcb bcb-river mists pnp-demo " carcheck simulate --rules ""
expect "play " carcheck pl
expect "merge " carcheck --data "$prefix/share/carcheck" m
expect "--matrix " carcheck check --ma
expect "--seconds --seed --shard " carcheck fuzz --s
expect "--level " carcheck play --lev
expect "1 2 3 4 5 6 " carcheck play --rules mists --level ""
# --rules names follow --data: a house levels.yaml with its own rule set.
mkdir -p "$scratch/house"
sed 's/^  - name: base-c1$/  - name: house-c1/' "$prefix/share/carcheck/levels.yaml" >"$scratch/house/levels.yaml"
expect "house-c1 " carcheck --data "$scratch/house" play --rules h
echo "completion: commands, options and rule sets"
