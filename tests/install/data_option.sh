#!/usr/bin/env bash
# --data DIR points the installed carcheck at a designer's own data, before $CARCHECK_DATA and
# the installed data; a DIR that is missing or lacks a file is refused with exit status 2.
#   data_option.sh PREFIX
# shellcheck source=tests/install/lib.sh
source "$(dirname "$0")/lib.sh"
prefix=$(realpath "$1")
carcheck=$prefix/bin/carcheck
house=$scratch/house

# House rules: the base game renamed, and a specs/ folder of one spec of the shipped data.
mkdir -p "$house/specs"
cp "$prefix/share/carcheck/tiles.yaml" "$house/"
sed 's/^  - name: base-c1$/  - name: house-c1/' "$prefix/share/carcheck/levels.yaml" >"$house/levels.yaml"
grep -q '^  - name: house-c1$' "$house/levels.yaml" || fail "could not rename base-c1"
spec=$(grep -l '^rules pnp-demo' -r "$prefix/share/carcheck/specs" | head -n 1)
cp "$spec" "$house/specs/"

# The installed data has no house-c1: refused (2), and played with --data, before or after
# the command, and over CARCHECK_DATA.
status=$(run "$scratch/out" "$scratch/err" "$carcheck" play --rules house-c1 --seed 3)
[ "$status" = 2 ] || fail "house-c1 without --data: exit $status, expected 2"
for args in "--data $house play" "play --data $house"; do
  # shellcheck disable=SC2086
  status=$(run "$scratch/out" "$scratch/err" "$carcheck" $args --rules house-c1 --seed 3)
  [ "$status" = 0 ] || fail "carcheck $args --rules house-c1: exit $status: $(cat "$scratch/err")"
done
status=$(run "$scratch/out" "$scratch/err" env CARCHECK_DATA="$prefix/share/carcheck" \
  "$carcheck" --data "$house" play --rules house-c1 --seed 3)
[ "$status" = 0 ] || fail "--data does not win over CARCHECK_DATA: exit $status"
# tiles lists the --data folder's tiles file.
status=$(run "$scratch/out" "$scratch/err" "$carcheck" tiles --data "$house")
[ "$status" = 0 ] || fail "tiles --data: exit $status: $(cat "$scratch/err")"
head -n 1 "$scratch/out" | grep -qxF "tiles file: $house/tiles.yaml" ||
  fail "tiles --data lists '$(head -n 1 "$scratch/out")'"
# CARCHECK_DATA alone is honoured by the installed binary too.
status=$(run "$scratch/out" "$scratch/err" env CARCHECK_DATA="$house" \
  "$carcheck" play --rules house-c1 --seed 3)
[ "$status" = 0 ] || fail "CARCHECK_DATA=house: exit $status: $(cat "$scratch/err")"

# With neither, the data next to the executable (<exe dir>/../share/carcheck) is read, not
# the source tree the binary was built from: a moved install whose data is the house's.
mkdir -p "$scratch/moved/bin" "$scratch/moved/share"
cp "$carcheck" "$scratch/moved/bin/"
cp -r "$house" "$scratch/moved/share/carcheck"
status=$(run "$scratch/out" "$scratch/err" "$scratch/moved/bin/carcheck" play --rules house-c1 --seed 3)
[ "$status" = 0 ] || fail "the data next to a moved carcheck is not read: exit $status: $(cat "$scratch/err")"

# check with no PATH runs the specs/ of the --data folder: the one spec copied there.
status=$(run "$scratch/out" "$scratch/err" "$carcheck" check --data "$house")
[ "$status" = 0 ] || fail "check --data: exit $status"
tail -n 1 "$scratch/out" | grep -qx "1 passed, 0 failed" ||
  fail "check --data ran '$(tail -n 1 "$scratch/out")', expected the one spec of house/specs"

# Bad --data: exit 2 and the reason on the first line.
refused() {  # dir reason
  status=$(run "$scratch/out" "$scratch/err" "$carcheck" --data "$1" check)
  [ "$status" = 2 ] || fail "--data $1: exit $status, expected 2"
  head -n 1 "$scratch/err" | grep -qF "$2" || fail "--data $1: '$(head -n 1 "$scratch/err")' lacks '$2'"
}
refused "$scratch/nowhere" "'$scratch/nowhere' is not a folder"
mkdir "$scratch/half"
cp "$house/tiles.yaml" "$scratch/half/"
refused "$scratch/half" "the data folder '$scratch/half' has no levels.yaml"
echo "--data honoured, bad folders refused"
