// Bridges, Castles and Bazaars read off the board for the invariant checker
// (checker/invariants.h): what a bridge does to the tiles around it, written from seed 003
// "Podurile" (footnotes 16-21) and the public State, never from the engine's bridge code, so
// that the engine's rules cannot vouch for themselves.
#pragma once

#include "engine/bcb.h"
#include "engine/state.h"

namespace carcheck {

// The three below run in the checker's innermost loops (walks, placement tests), so they are
// inline.

// Does a bridge of `axis` (-1: none) end on `side`?
inline bool on_axis(int axis, int side) { return axis >= 0 && (side % 2 == 0) == (axis == 0); }

// The axis of the bridge on a placed cell, or -1 when it has none.
inline int bridge_axis_at(const State& s, int cell) {
  const uint8_t b = s.cell(cell).added;
  return b == 0 ? -1 : b - 1;
}

// The terrain a placed cell shows on `side`: printed, or road where a bridge ends (fn 17).
inline Terrain shown_side(const State& s, int cell, int side) {
  if (on_axis(bridge_axis_at(s, cell), side)) return Terrain::Road;
  return s.face(cell).sides[side];
}

// The region node a link reaching placed cell `nb` at its port `port` joins: the segment that
// links that port, or the cell's bridge when one ends in the middle of that side; -1 when
// nothing there takes the link.
inline int linked_node(const State& s, int nb, int port) {
  const CellFace& f = s.face(nb);
  const int seg = f.port_segment[port];
  if (seg >= 0 && (f.segments[seg].links & (1u << port))) return segment_node(nb, seg);
  const int side = side_of(port);
  if (port == centre_port(side) && on_axis(bridge_axis_at(s, nb), side))
    return segment_node(nb, kBridgeSeg);
  return -1;
}

// Would `tile` go at (x, y, rot) with bridge `code` (Action::count of a Place, engine/bcb.h)
// by the seed's rules: it does not fit without a bridge, the bridge carries a road onto a
// field side, both bridge ends lie on field and each continues a road or faces an empty
// space, at most one bridge a tile, one left in `player`'s supply, bridge-on-monastery.
bool fits_with_bridge(const State& s, int player, TileId tile, int x, int y, int rot, int code);

// How many placements of `tile` fit only with a bridge, by fits_with_bridge.
int bridged_placements_by_geometry(const State& s, int player, TileId tile);

// May `player` build a bridge along `axis` on the placed cell at (x, y) after placing the
// tile at (nx, ny) this turn (seed 003 "Podurile", fn 18, 21).
bool bridge_allowed(const State& s, int player, int nx, int ny, int x, int y, BridgeAxis axis);

}  // namespace carcheck
