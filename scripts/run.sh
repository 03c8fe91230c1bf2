#!/usr/bin/env bash
# One entry point that works on a fresh Debian machine: installs what is missing (apt-get,
# as root or through sudo), configures, builds and runs.
#
#   bash scripts/run.sh check [carcheck check options]   main job: every spec, shipped data
#   bash scripts/run.sh test                              build with -Werror, run all tests
#   bash scripts/run.sh sanitize                          the test suite under ASan + UBSan
#   bash scripts/run.sh libfuzz [SECONDS]                 every libFuzzer harness (the parsers,
#                                                         the engine, the game log), SECONDS each (60)
#   bash scripts/run.sh build                             just install and build (Release)
#   bash scripts/run.sh web                               the page (docs/web.md) into
#                                                         build-web/site/, and its browser tests
#
# Build folders: build/ (Release), build-asan/ (sanitizers). BUILD_DIR overrides the first.
set -euo pipefail
cd "$(dirname "$0")/.."

# What each command installs: the main job (`check`) only what the `carcheck` binary builds
# with; the tests, sanitizers, fuzzers and the page add theirs.
PACKAGES=(build-essential cmake ninja-build tao-pegtl-dev libyaml-cpp-dev librange-v3-dev
          libcli11-dev libfmt-dev nlohmann-json3-dev)
TEST_PACKAGES=(libxml2-utils clang clang-format librapidcheck-dev libgtest-dev libgmock-dev
               libbenchmark-dev libclang-rt-14-dev chromium parallel help2man man-db dpkg-dev
               pybind11-dev python3-dev python3-pytest)

install_deps() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

configure_build() {  # dir build-type extra-cmake-args...; BUILD_TARGET: build only that target
  local dir=$1 type=$2
  shift 2
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" "$@" >/dev/null
  cmake --build "$dir" -j"$(nproc)" ${BUILD_TARGET:+--target "$BUILD_TARGET"}
}

# Every command but the main job builds the tests too (a build folder the main job configured
# without them gets them back).
WITH_TESTS=(-DCARCHECK_TESTS=ON -DCARCHECK_MAN=ON)

cmd=${1:-test}
shift || true
BUILD_DIR=${BUILD_DIR:-build}
[ "$cmd" = check ] || PACKAGES+=("${TEST_PACKAGES[@]}")
case "$cmd" in
  build)
    install_deps
    configure_build "$BUILD_DIR" Release "${WITH_TESTS[@]}" -DCARCHECK_BENCH=ON
    ;;
  check)
    # The binary alone: no tests, benchmarks or man pages to configure or build.
    install_deps
    BUILD_TARGET=carcheck configure_build "$BUILD_DIR" Release -DCARCHECK_TESTS=OFF \
      -DCARCHECK_BENCH=OFF -DCARCHECK_MAN=OFF
    "$BUILD_DIR/carcheck" check "$@"
    ;;
  test)
    install_deps
    configure_build "$BUILD_DIR" Release -DCARCHECK_WERROR=ON "${WITH_TESTS[@]}" -DCARCHECK_BENCH=ON
    ctest --test-dir "$BUILD_DIR" --output-on-failure -j"$(nproc)"
    ;;
  sanitize)
    install_deps
    configure_build build-asan Debug -DCARCHECK_WERROR=ON "${WITH_TESTS[@]}" -DCARCHECK_SANITIZE=ON -DCARCHECK_BENCH=OFF
    ctest --test-dir build-asan --output-on-failure -j"$(nproc)"
    ;;
  libfuzz)
    install_deps
    seconds=${1:-60}
    cmake -S . -B build-libfuzzer -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
      -DCARCHECK_LIBFUZZER=ON -DCARCHECK_BENCH=OFF >/dev/null
    cmake --build build-libfuzzer --target seed_corpus -j"$(nproc)"
    for h in tile_language tiles_yaml levels_yaml spec_language engine game_log; do
      cmake --build build-libfuzzer --target "fuzz_$h" -j"$(nproc)"  # the harnesses only
      work=$(mktemp -d)
      # Seeds from the shipped data and the bad-input cases, never from committed copies.
      case "$h" in
        tile_language | engine) build-libfuzzer/fuzz/seed_corpus "$h" "$work" ;;
        tiles_yaml) build-libfuzzer/fuzz/seed_corpus "$h" "$work" tiles.yaml tests/bad-input/tiles/*.yaml ;;
        levels_yaml) build-libfuzzer/fuzz/seed_corpus "$h" "$work" levels.yaml tests/bad-input/levels/*.yaml ;;
        spec_language)
          mapfile -t specs < <(find specs tests/bad-input/specs -name '*.spec' | sort)
          build-libfuzzer/fuzz/seed_corpus "$h" "$work" "${specs[@]}" ;;
        game_log)  # one seed a line: tests/gamelogs, and `carcheck play --log` games when built
          logs=$(mktemp)
          cat tests/gamelogs/*.jsonl >"$logs"
          if [ -x "$BUILD_DIR/carcheck" ]; then
            for r in "base-c1" "pnp-demo" "bcb" "mists --level 1" "mists --level 4"; do
              # shellcheck disable=SC2086  # "mists --level N" is two options
              "$BUILD_DIR/carcheck" play --rules $r --seed 2 --no-board --log "$logs" >/dev/null
            done
          fi
          n=0
          while IFS= read -r line; do
            [ -n "$line" ] && printf '%s' "$line" >"$work/log-$((n++))"
          done <"$logs"
          rm -f "$logs" ;;
      esac
      echo "== libFuzzer: $h for ${seconds}s"
      log=$(mktemp) art=$(mktemp -d)
      if ! "build-libfuzzer/fuzz/fuzz_$h" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$art/" "$work" >"$log" 2>&1; then
        # The reason (the harness's "fuzz:" line or the sanitizer's report, without the stack's
        # frames) and the input, as hex, so that the failure can be replayed from this log:
        # echo <hex> | xxd -r -p >crash && build-libfuzzer/fuzz/fuzz_<harness> crash
        awk '/^fuzz: |ERROR: / { on = 1 } on && !/^ *#[0-9]/ { print }' "$log" | head -n 40
        grep -q '^fuzz: \|ERROR: ' "$log" || tail -n 30 "$log"
        for f in "$art"/*; do
          [ -e "$f" ] || continue
          echo "== $h: the failing input, $(basename "$f"), $(stat -c %s "$f") bytes, as hex:"
          od -An -v -tx1 "$f" | tr -d ' \n' | head -c 20000
          echo
        done
        rm -rf "$work" "$art" "$log"
        exit 1
      fi
      tail -n 6 "$log"
      rm -rf "$work" "$art" "$log"
    done
    ;;
  web)
    # Emscripten (Debian's), yaml-cpp's source through apt, node and npm for the test client.
    PACKAGES+=(emscripten)
    command -v node >/dev/null && command -v npm >/dev/null || PACKAGES+=(nodejs npm)
    install_deps
    configure_build "$BUILD_DIR" Release -DCARCHECK_WERROR=ON "${WITH_TESTS[@]}" -DCARCHECK_BENCH=ON
    bash scripts/build-web.sh
    (cd web/test && npm ci --no-audit --no-fund --loglevel=error)
    ctest --test-dir "$BUILD_DIR" --output-on-failure -L web -j"$(nproc)"
    ;;
  *)
    echo "usage: bash scripts/run.sh check|test|sanitize|libfuzz|build|web" >&2
    exit 2
    ;;
esac
