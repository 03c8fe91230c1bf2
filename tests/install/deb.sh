#!/usr/bin/env bash
# The .deb: `cpack -G DEB` builds it, `dpkg -i` installs it system-wide, /usr/bin/carcheck
# passes every shipped spec from another folder and its man page is found, `dpkg -r` removes
# it again. Needs root (CI runs as root); skipped (exit 77) otherwise, or when a carcheck is
# installed already, which this test must not replace.
#   deb.sh SOURCE BUILD
# shellcheck source=tests/install/lib.sh
source "$(dirname "$0")/lib.sh"
src=$(realpath "$1") build=$(realpath "$2")
skip() {
  echo "SKIP: $*"
  exit 77
}
[ "$(id -u)" = 0 ] || skip "installing the .deb needs root (dpkg -i); CI runs as root"
# ctest's RESOURCE_LOCK keeps one test suite's tests apart; this lock keeps the suites of
# several build folders on one machine from installing and removing under each other.
exec 9>/tmp/carcheck-deb-test.lock
flock -w 300 9 || fail "another build folder's .deb test held /tmp/carcheck-deb-test.lock for 5 min"
dpkg-query -W -f='${Status}' carcheck 2>/dev/null | grep -q "install ok installed" &&
  skip "a carcheck package is installed already; not replacing it"
[ -e /usr/bin/carcheck ] && skip "/usr/bin/carcheck exists already; not replacing it"

(cd "$scratch" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/pkg") \
  >"$scratch/cpack.log" 2>&1 || fail "cpack: $(tail -n 20 "$scratch/cpack.log")"
debs=("$scratch"/pkg/carcheck_*.deb)
[ -f "${debs[0]}" ] || fail "cpack made no carcheck_*.deb: $(ls "$scratch/pkg")"
deb=${debs[0]}
[ "$(dpkg-deb -f "$deb" Package)" = carcheck ] || fail "the package is not named carcheck"
# The runtime libraries the binary links (ldd: yaml-cpp, fmt, the C++ runtime) are depended on.
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libyaml-cpp libfmt libstdc++6 libc6; do
  grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done

# dpkg waits for no lock: retry while another apt or dpkg run holds it.
dpkg_retry() {
  for _ in $(seq 1 60); do
    dpkg "$@" >"$scratch/dpkg.log" 2>&1 && return 0
    grep -q "lock" "$scratch/dpkg.log" || break
    sleep 2
  done
  fail "dpkg $*: $(tail -n 5 "$scratch/dpkg.log")"
}
trap 'dpkg -r carcheck >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
dpkg_retry -i "$deb"

specs=$(find "$src/specs" -name '*.spec' | wc -l)
status=$(run "$scratch/out" "$scratch/err" /usr/bin/carcheck check)
[ "$status" = 0 ] || fail "/usr/bin/carcheck check exited $status: $(tail -n 3 "$scratch/err")"
tail -n 1 "$scratch/out" | grep -qx "$specs passed, 0 failed" ||
  fail "expected '$specs passed, 0 failed', got '$(tail -n 1 "$scratch/out")'"
# Minimal images may tell dpkg to drop man pages (path-exclude); then there is none to find.
if grep -qs '^path-exclude=/usr/share/man' /etc/dpkg/dpkg.cfg.d/*; then
  echo "note: dpkg excludes /usr/share/man here; the man page is not looked for"
else
  man -w carcheck-check | grep -q '^/usr/share/man/man1/carcheck-check\.1' ||
    fail "man does not find carcheck-check: $(man -w carcheck-check 2>&1)"
fi
[ -f /usr/share/bash-completion/completions/carcheck ] || fail "no bash completion installed"

dpkg_retry -r carcheck
[ ! -e /usr/bin/carcheck ] || fail "dpkg -r left /usr/bin/carcheck"
[ ! -e /usr/share/carcheck ] || fail "dpkg -r left /usr/share/carcheck"
echo "the .deb installs, passes $specs specs, and is removed"
