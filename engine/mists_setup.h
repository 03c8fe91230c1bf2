// Mists over Carcassonne's set-up for specs (checker/spec_runner.cpp) and tests, outside the
// turn order: ghosts, hounds, the ghost supply, buried meeples and face-down tiles. Each
// returns the reason it is refused, the state then unchanged. The room's, not State's: a
// rule system's set-up lives with the room.
#pragma once

#include <optional>
#include <string>

#include "engine/state.h"

namespace carcheck {

// The ghosts on spot `slot` of `cell` (its mist areas, then kCemeterySlot) become `count`,
// from or back to the supply.
std::optional<std::string> setup_ghosts(State& s, int cell, int slot, int count);

// Levels 3+: hound `hound` (0: I, 1: II) lies by meeple `meeple` (unburied, on the
// board); its threshold counts as reached (the piles are setup_active_pile's business).
// Its ghost removal counts as done, except under hound-trigger=when-surrounded while its
// tile is not yet surrounded: then it happens once the tile is.
std::optional<std::string> setup_hound(State& s, int hound, int meeple);

// Levels 3+: hound `hound` is waiting, lost, scored or removed (setup_hound: placed); the
// thresholds passed are the hounds past waiting. Whether the rules can reach the whole
// setup is the spec runner's check (checker/spec_runner.cpp).
std::optional<std::string> setup_hound_status(State& s, int hound, Hound::Status status);

// The general ghost supply holds `count`; the box gives or takes the difference (Mists:
// ghosts are neither made nor lost, so the supply never exceeds supply + box).
std::optional<std::string> setup_ghost_supply(State& s, int count);

// A meeple of `colour`, out of its supply, lies buried on the cemetery of `cell`.
std::optional<std::string> setup_buried(State& s, int colour, int cell);

// Levels 5-6: a copy of `tile`, out of the supply, lies face down at (x, y).
std::optional<std::string> setup_face_down(State& s, TileId tile, int x, int y);

}  // namespace carcheck
