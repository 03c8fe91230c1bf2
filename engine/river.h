// The River, first edition (C1), as an add-on room over the base game (and BCB): the spring
// is the start tile, the 10 river tiles are drawn before the land tiles and the lake after
// them; a river tile continues the river at its open end without a U-turn. Rules digest:
// ../shared/reference/river-inns-rules.md "The River (C1)"; register rows river-* and
// bcb-bridge-across-river (levels.yaml, interpretations.md).
//
// | switch             | default      | values                                          |
// |--------------------|--------------|-------------------------------------------------|
// | river-start-tile   | removed      | removed, river-stack, after-river, land-stack   |
// | river-uturn        | faq          | faq, immediate, no-repeat, never-back, lookahead|
// | river-continuity   | extend       | extend, any-edge (only with never-back)         |
// | river-unplaceable  | removed      | removed, bottom                                 |
// | river-spring-field | one-field    | one-field, split (tiles.yaml alternatives)      |
// | river-lake-turn    | next-player  | next-player, same-player                        |
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engine/add_on.h"
#include "engine/river_state.h"

namespace carcheck {

class State;

// The room registered as `river` (engine/add_on.cpp).
std::shared_ptr<const AddOn> river_add_on();

// A cell face's river: its river sides (Terrain::River), 0, 1 (spring, lake) or 2.
struct RiverSides {
  int n = 0;
  int side[2] = {-1, -1};
};
RiverSides river_sides(const CellFace& f);
bool is_river_tile(const TileType& t);

// The river as the board shows it (RiverCourse, engine/river_state.h), walked afresh from the
// spring: the checker's and the tests' reading. The room itself reads the course it keeps as
// the board grows (State::river()), which must equal this walk.
RiverCourse river_course(const State& s);

// Why river tile `tile` may not go at x,y in rotation rot under the switches in force
// (river-continuity, river-uturn), or nullopt; the edges are already known to match.
std::optional<std::string> river_refusal(const State& s, TileId tile, int x, int y, int rot);

}  // namespace carcheck
