#!/usr/bin/env bash
# Builds the page (docs/web.md) into build-web/site/: index.html, style.css, app.js and
# carcheck-wasm.js (the engine as WebAssembly with the shipped data inside). Called by
# `bash scripts/run.sh web`, which installs the packages first (emscripten, dpkg-dev).
#
#   build-web/yaml-cpp/   Debian's yaml-cpp source (apt-get source), built for WebAssembly
#   build-web/include/    links to the header-only libraries (PEGTL, nlohmann-json, fmt, range-v3)
#   build-web/module/     the Emscripten build of engine, dsl, render, gamelog and checker
#   build-web/site/       the page: open build-web/site/index.html
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${WEB_BUILD_DIR:-$ROOT/build-web}
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}  # Emscripten's own JS tools (Debian's node modules)
jobs=$(nproc)
mkdir -p "$OUT"

# yaml-cpp from Debian's source package: its sources are fetched through apt with a deb-src
# list of our own (the machine's apt configuration is left as it is).
YAML=$OUT/yaml-cpp
if [ ! -f "$YAML/prefix/lib/libyaml-cpp.a" ]; then
  rm -rf "$YAML"
  mkdir -p "$YAML/apt/lists/partial" "$YAML/src"
  suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
  echo "deb-src http://deb.debian.org/debian $suite main" >"$YAML/apt/sources.list"
  aptopts=(-o Dir::Etc::SourceList="$YAML/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
           -o Dir::State::Lists="$YAML/apt/lists")
  apt-get "${aptopts[@]}" update -qq
  # apt downloads as its own user when it may write the folder (no "unsandboxed" warning).
  id _apt >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] && chown _apt "$YAML/src"
  (cd "$YAML/src" && apt-get "${aptopts[@]}" source --download-only -qq yaml-cpp)
  dsc=$(ls "$YAML"/src/yaml-cpp_*.dsc | head -n1)
  (cd "$YAML/src" && dpkg-source --no-check -x "$dsc" tree >/dev/null)
  emcmake cmake -S "$YAML/src/tree" -B "$YAML/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS="-fexceptions" -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF \
    -DYAML_CPP_BUILD_CONTRIB=OFF -DYAML_BUILD_SHARED_LIBS=OFF \
    -DCMAKE_INSTALL_PREFIX="$YAML/prefix" >/dev/null
  cmake --build "$YAML/build" -j"$jobs" >/dev/null
  cmake --install "$YAML/build" >/dev/null
  # The library may land in lib/ or lib64/ depending on GNUInstallDirs.
  [ -f "$YAML/prefix/lib/libyaml-cpp.a" ] || { mkdir -p "$YAML/prefix/lib"; cp "$YAML"/prefix/lib*/libyaml-cpp.a "$YAML/prefix/lib/"; }
fi

# The header-only libraries, one link each, so that /usr/include itself is never searched.
INC=$OUT/include
mkdir -p "$INC"
for d in tao nlohmann fmt range meta concepts std; do
  [ -e "/usr/include/$d" ] && ln -sfn "/usr/include/$d" "$INC/$d"
done

emcmake cmake -S web -B "$OUT/module" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DWEB_INCLUDE="$INC" -DYAML_CPP_PREFIX="$YAML/prefix" >/dev/null
cmake --build "$OUT/module" -j"$jobs"

SITE=$OUT/site
mkdir -p "$SITE"
cp "$OUT/module/carcheck-wasm.js" web/index.html web/style.css "$SITE/"
# app.js: the page's scripts as one classic script (file:// refuses ES modules), with the
# shipped specs as examples (their text is also inside the module, at /data/specs).
{
  echo "// Built by scripts/build-web.sh from web/src/*.js: do not edit."
  for f in web/src/carcheck-api.js web/src/setup-mode.js web/src/app.js; do
    echo "// ---- $f"
    cat "$f"
  done
} >"$SITE/app.js"
echo "web: built $SITE/index.html ($(du -k "$SITE/carcheck-wasm.js" | cut -f1) KB module)"
