#!/usr/bin/env bash
# A man page per command, from --help: `man carcheck-check` (through the installed MANPATH)
# shows the command's options, and every command `carcheck --help` lists has its page.
#   man_pages.sh PREFIX SOURCE
# shellcheck source=tests/install/lib.sh
source "$(dirname "$0")/lib.sh"
prefix=$(realpath "$1") src=$(realpath "$2")
# The pages describe any install: no path of the machine that built them.
! grep -lF "$src" "$prefix"/share/man/man1/*.1 || fail "a man page names the source tree $src"
export MANPATH=$prefix/share/man MANWIDTH=100
man -P cat carcheck-check >"$scratch/check.txt" 2>"$scratch/err" || fail "man carcheck-check: $(cat "$scratch/err")"
for want in "carcheck-check" "OPTIONS" "--matrix" "--junit FILE" "--data DIR"; do
  grep -qF -- "$want" "$scratch/check.txt" || fail "man carcheck-check lacks '$want'"
done
man -P cat carcheck >"$scratch/carcheck.txt" 2>/dev/null || fail "man carcheck"
grep -qF -- "--data DIR" "$scratch/carcheck.txt" || fail "man carcheck lacks --data"
commands=$("$prefix/bin/carcheck" --help | awk '/^Subcommands:/ { on = 1; next }
  on && /^[^ ]/ { on = 0 } on && /^  [a-z]/ { print $1 }')
[ -n "$commands" ] || fail "no commands in carcheck --help"
for c in $commands; do
  [ -s "$prefix/share/man/man1/carcheck-$c.1" ] || fail "no man page carcheck-$c.1"
  grep -qF "carcheck-$c(1)" "$scratch/carcheck.txt" || fail "man carcheck does not refer to carcheck-$c"
done
# play's page has play's options, not check's.
man -P cat carcheck-play >"$scratch/play.txt" 2>/dev/null || fail "man carcheck-play"
grep -qF -- "--rules R" "$scratch/play.txt" || fail "man carcheck-play lacks --rules"
! grep -qF -- "--matrix" "$scratch/play.txt" || fail "man carcheck-play shows check's --matrix"
echo "man pages: carcheck and $(echo "$commands" | wc -w) commands"
