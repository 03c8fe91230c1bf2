// Bridges read off the board (checker/bcb_geometry.h). Seed 003 "Podurile": a bridge spans
// its tile from the middle of one side to the middle of the opposite one, both ends on field;
// each end continues a road or bridge in play or faces an empty space (fn 18); at most one
// bridge a tile (fn 21); a road may meet a field side when a bridge on either tile carries it
// on (fn 17).
#include "checker/bcb_geometry.h"

#include <algorithm>
#include <climits>
#include <utility>
#include <vector>

#include "checker/table_bounds.h"

namespace carcheck {

namespace {

bool is_monastery(const CellFace& f) {
  return f.centre >= 0 && f.segments[f.centre].kind == SegmentKind::Monastery;
}

// What a space shows towards its neighbour on `side` once the placement under test is made:
// the tile placed at (x, y) with face `f` and its own bridge axis `self_axis`, and a bridge of
// axis `beside_axis` built on the cell `beside_cell`.
struct Hypothesis {
  int x = 0, y = 0;
  const CellFace* f = nullptr;
  int self_axis = -1;
  int beside_cell = -1, beside_axis = -1;
};

// -1: an empty space; else the terrain shown on `side` by the space at (x, y).
int shows(const State& s, const Hypothesis& h, int x, int y, int side) {
  if (x == h.x && y == h.y)
    return on_axis(h.self_axis, side) ? static_cast<int>(Terrain::Road)
                                      : static_cast<int>(h.f->sides[side]);
  const int c = s.cell_at(x, y);
  if (c < 0) return -1;
  if (c == h.beside_cell && on_axis(h.beside_axis, side)) return static_cast<int>(Terrain::Road);
  return static_cast<int>(shown_side(s, c, side));
}

// The ends of a bridge of `axis` on the space at (x, y), whose printed face is `f`: on field,
// each facing an empty space or a road (after the placement under test).
bool ends_ok(const State& s, const Hypothesis& h, const CellFace& f, int x, int y, int axis) {
  for (int side = 0; side < kSides; ++side) {
    if (!on_axis(axis, side)) continue;
    if (f.sides[side] != Terrain::Field) return false;
    const int t = shows(s, h, x + kDx[side], y + kDy[side], opposite_side(side));
    if (t >= 0 && t != static_cast<int>(Terrain::Road)) return false;
  }
  return true;
}

// bridge-on-monastery=forbidden: no bridge on a monastery tile; bcb-bridge-across-river=
// forbidden: none on a tile with a river side.
bool monastery_forbidden(const State& s, const CellFace& f) {
  const Switches& sw = s.game().switches();
  bool river = false;
  for (int side = 0; side < kSides; ++side) river = river || f.sides[side] == Terrain::River;
  return (sw.bridge_on_monastery == BridgeOnMonastery::Forbidden && is_monastery(f)) ||
         (sw.bcb_bridge_across_river == BcbBridgeAcrossRiver::Forbidden && river);
}

}  // namespace

bool fits_with_bridge(const State& s, int player, TileId tile, int x, int y, int rot, int code) {
  if (code <= kPlaceBridgeNone || code >= kPlaceBridgeCodes) return false;
  if (s.bcb().bridges[static_cast<size_t>(player)] <= 0 || s.cell_at(x, y) >= 0 ||
      !on_the_table(s, x, y))
    return false;
  const TileType& t = s.game().tile(tile);
  if (t.n_cells != 1) return false;
  const CellFace& f = t.rot[rot][0];
  Hypothesis h{x, y, &f, -1, -1, -1};
  Hypothesis plain = h;
  if (code < kPlaceBridgeBeside) {
    h.self_axis = code - kPlaceBridgeSelf;
    if (monastery_forbidden(s, f) || !ends_ok(s, h, f, x, y, h.self_axis)) return false;
  } else {
    const int side = code - kPlaceBridgeBeside;
    const int nx = x + kDx[side], ny = y + kDy[side];
    h.beside_cell = s.cell_at(nx, ny);
    if (h.beside_cell < 0 || bridge_axis_at(s, h.beside_cell) >= 0) return false;
    h.beside_axis = side % 2 == 0 ? 0 : 1;
    const CellFace& nf = s.face(h.beside_cell);
    if (monastery_forbidden(s, nf) || !ends_ok(s, h, nf, nx, ny, h.beside_axis)) return false;
  }
  bool touches = false, fits_plain = true;
  for (int side = 0; side < kSides; ++side) {
    const int nx = x + kDx[side], ny = y + kDy[side];
    const int theirs = shows(s, h, nx, ny, opposite_side(side));
    if (theirs < 0) continue;
    touches = true;
    if (shows(s, h, x, y, side) != theirs) return false;
    fits_plain =
        fits_plain && shows(s, plain, x, y, side) == shows(s, plain, nx, ny, opposite_side(side));
  }
  // A rule set's add-on rooms restrict bridged placements as plain ones (The River): their
  // rule taken on trust, as in the plain count (checker/invariants.cpp).
  return touches && !fits_plain &&
         s.game().rule_system().add_ons_allow_placement(s, tile, x, y, rot);
}

int bridged_placements_by_geometry(const State& s, int player, TileId tile) {
  std::vector<std::pair<int, int>> seen;  // each empty space once
  int n = 0;
  for (int c = 0; c < s.cells(); ++c)
    for (int side = 0; side < kSides; ++side) {
      const int x = s.cell(c).x + kDx[side], y = s.cell(c).y + kDy[side];
      if (s.cell_at(x, y) >= 0) continue;
      if (std::find(seen.begin(), seen.end(), std::make_pair(x, y)) != seen.end()) continue;
      seen.emplace_back(x, y);
      for (int rot = 0; rot < kRotations; ++rot)
        for (int code = kPlaceBridgeSelf; code < kPlaceBridgeCodes; ++code)
          n += fits_with_bridge(s, player, tile, x, y, rot, code);
    }
  return n;
}

bool bridge_allowed(const State& s, int player, int nx, int ny, int x, int y, BridgeAxis axis) {
  if (s.bcb().bridges[static_cast<size_t>(player)] <= 0) return false;
  const int c = s.cell_at(x, y);
  if (c < 0 || bridge_axis_at(s, c) >= 0) return false;
  if ((x - nx) * (x - nx) + (y - ny) * (y - ny) > 1) return false;
  const CellFace& f = s.face(c);
  if (monastery_forbidden(s, f)) return false;
  Hypothesis h;
  h.x = h.y = INT16_MIN;  // no tile under test: the board as it is
  return ends_ok(s, h, f, x, y, static_cast<int>(axis));
}

}  // namespace carcheck
