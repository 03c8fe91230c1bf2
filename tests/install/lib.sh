# Shared by the install tests: fail with a reason, and a scratch folder removed on exit.
set -euo pipefail
unset CARCHECK_DATA  # an installed carcheck must find its data by itself

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# `run OUT ERR cmd...`: runs cmd from the scratch folder (outside the source and build
# trees), its output to files; echoes the exit status.
run() {
  local out=$1 err=$2
  shift 2
  (cd "$scratch" && "$@" >"$out" 2>"$err") && echo 0 || echo $?
}
