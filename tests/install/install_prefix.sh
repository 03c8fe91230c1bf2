#!/usr/bin/env bash
# Fixture: `cmake --install BUILD --prefix PREFIX` into a fresh PREFIX for the other tests.
#   install_prefix.sh BUILD PREFIX
set -euo pipefail
build=$1 prefix=$2
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
