// The invariants a room adds to the shared ones of checker/invariants.cpp (ghost conservation
// with Mists, bridge and castle-token conservation with Bridges, Castles and Bazaars). The
// checker runs every registered one after every action of every game and asks no question
// about which room plays: each holds trivially in a game without the room's pieces (a rule
// set that gives no ghosts, bridges or castle tokens has none to conserve).
#pragma once

#include <optional>
#include <span>
#include <string>

#include "engine/state.h"

namespace carcheck {

// What the shared pass over the cells counted at this action (InvariantChecker).
struct BoardCounts {
  int ghosts = 0;  // on the cells' mist areas and cemeteries
};

struct RoomInvariant {
  const char* name;  // for the reader: "mists: ghost conservation"
  // The failure, or nullopt.
  std::optional<std::string> (*check)(const State& s, const BoardCounts& board);
};

// The rooms' invariants, each room's written in its own file (checker/mists_invariants.cpp,
// checker/bcb_invariants.cpp), then the ones registered at run time.
std::span<const RoomInvariant> room_invariants();
// A room outside the engine (a test's toy rule system) adds its own; before the checker runs.
void register_room_invariant(const RoomInvariant& inv);

}  // namespace carcheck
