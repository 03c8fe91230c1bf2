// A game in progress written as a spec (docs/spec-language.md) that `carcheck check` passes:
// the bindings' "save as spec" (web/src/bindings.cpp, python/src/game.cpp). Its rules,
// players, seed and readings, the setup block it started from, every draw and choice, and
// what the state shows at the end as expectations: every score (and score class the spec
// language names), the meeple supplies, the piles, the ghosts, the end.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/state.h"

namespace carcheck {

struct StateSpecOptions {
  std::string title;                // "" gives a default
  std::string origin = "carcheck";  // who saved it: the cites line names it
  // The setup statements the game started from (the spec's `setup { }` lines) and the state
  // after them (null: the game's own first state, State(game, seed)); `s` must have gone on
  // from that state.
  std::vector<std::string> setup;
  const State* start = nullptr;
  // `expect event` lines after the n-th action of the history (counting the start's own).
  std::multimap<size_t, std::string> events;
};

// Throws std::logic_error when the history does not replay from the start (a bug).
std::string state_as_spec(const State& s, const StateSpecOptions& options);

// Who score `who` belongs to, as a spec names it: a player's colour (competitive), a scoring
// meeple's colour (Mists Level 6), "" for the one shared track (Mists 1-5).
std::string spec_score_owner(const State& s, int who);

}  // namespace carcheck
