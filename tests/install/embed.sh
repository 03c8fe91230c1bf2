#!/usr/bin/env bash
# examples/embed, a downstream CMake project, configured and built against the installed
# prefix (find_package(carcheck)) and run: it plays a game and checks placements.
#   embed.sh SOURCE PREFIX CXX [FLAGS]   (FLAGS: the sanitizer flags of the libraries, if any)
# shellcheck source=tests/install/lib.sh
source "$(dirname "$0")/lib.sh"
src=$(realpath "$1") prefix=$(realpath "$2") cxx=$3 flags=${4:-}
cmake -S "$src/examples/embed" -B "$scratch/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$flags" >"$scratch/configure.log" 2>&1 ||
  fail "configure: $(tail -n 20 "$scratch/configure.log")"
cmake --build "$scratch/build" >"$scratch/build.log" 2>&1 || fail "build: $(tail -n 30 "$scratch/build.log")"
status=$(run "$scratch/out" "$scratch/err" "$scratch/build/embed")
cat "$scratch/out"
[ "$status" = 0 ] || fail "embed exited $status: $(cat "$scratch/err")"
# The legal actions, three placements, the end of the game and its scores: six checks ok.
[ "$(grep -c '^ok ' "$scratch/out")" = 6 ] || fail "embed did not report its six checks ok"
