#!/usr/bin/env bash
# The installed tree: the binary, the data, the libraries, their headers and the CMake
# package are where they belong, and the installed `carcheck check` run from another folder
# with no CARCHECK_DATA passes every shipped spec.
#   installed_tree.sh SOURCE PREFIX LIBDIR MAN
# LIBDIR: CMAKE_INSTALL_LIBDIR (lib, or lib/<triplet> for /usr); MAN: CARCHECK_MAN (ON: pages).
# shellcheck source=tests/install/lib.sh
source "$(dirname "$0")/lib.sh"
src=$(realpath "$1") prefix=$(realpath "$2") lib=$3 man=$4

for f in bin/carcheck share/carcheck/tiles.yaml share/carcheck/levels.yaml share/carcheck/citations.yaml \
  share/carcheck/specs/base include/carcheck/engine/state.h include/carcheck/dsl/library.h \
  "$lib/libcarcheck_engine.a" "$lib/libcarcheck_dsl.a" "$lib/cmake/carcheck/carcheckConfig.cmake" \
  "$lib/cmake/carcheck/carcheckConfigVersion.cmake" "$lib/cmake/carcheck/carcheckTargets.cmake" \
  share/bash-completion/completions/carcheck; do
  [ -e "$prefix/$f" ] || fail "$f is not installed"
done
if [ "$man" = ON ]; then
  for f in share/man/man1/carcheck.1 share/man/man1/carcheck-check.1; do
    [ -e "$prefix/$f" ] || fail "$f is not installed"
  done
fi
# Every header the installed headers include is installed too.
grep -rhoE '#include "[a-z]+/[a-z_0-9]+\.h"' "$prefix/include/carcheck" | sort -u |
  sed -E 's/#include "(.*)"/\1/' | while read -r h; do
    [ -e "$prefix/include/carcheck/$h" ] || fail "installed headers include $h, not installed"
  done

specs=$(find "$src/specs" -name '*.spec' | wc -l)
[ "$specs" -gt 0 ] || fail "no shipped specs in $src/specs"
status=$(run "$scratch/out" "$scratch/err" "$prefix/bin/carcheck" check)
[ "$status" = 0 ] || fail "installed carcheck check exited $status: $(tail -n 3 "$scratch/err" "$scratch/out")"
tail -n 1 "$scratch/out" | grep -qx "$specs passed, 0 failed" ||
  fail "expected '$specs passed, 0 failed', got '$(tail -n 1 "$scratch/out")'"
echo "installed carcheck check: $specs passed"

# The rule trace reads the installed citations.yaml (beside the installed levels.yaml).
status=$(run "$scratch/out" "$scratch/err" "$prefix/bin/carcheck" check --trace \
  "$prefix/share/carcheck/specs/mists/faq-0005-per-colour.spec")
[ "$status" = 0 ] || fail "installed carcheck check --trace exited $status: $(tail -n 3 "$scratch/err")"
grep -q "FAQ.MoC.0005" "$scratch/out" || fail "the installed trace does not cite FAQ.MoC.0005"
echo "installed carcheck check --trace: cites the rules"
