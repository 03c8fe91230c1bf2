// The one writer that turns a game into a spec (docs/spec-language.md) that `carcheck check`
// replays: the bindings' "save as spec" (web/src/bindings.cpp, python/src/game.cpp), the
// fuzzers' failing game (checker/game_spec.h) and `carcheck export-spec` from a game log
// (checker/log_spec.h). Its rules, players, seed and readings, the setup block the game
// started from, every draw and choice, one comment a turn, and (unless the caller pins
// nothing) what the state shows at the end as expectations: every score (and score class the
// spec language names), the meeple supplies, the piles, the bridges and castle tokens, the
// ghosts, the end.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/state.h"

namespace carcheck {

struct StateSpecOptions {
  std::string title;                // "" gives a default
  std::string origin = "carcheck";  // who saved it: the default header and cites line name it
  // Comment lines opening the spec (without "# "); empty: "Saved by <origin>: ...".
  std::vector<std::string> header;
  std::string cites;  // the whole cites line's text; "": `<origin> "played there"`
  bool seed = true;   // a game log without a seed has none to write
  // Statements between the variants and the setup block (a game log's tile definitions).
  std::vector<std::string> definitions;
  // The setup statements the game started from (the spec's `setup { }` lines) and the state
  // after them (null: the game's own first state, State(game, seed)); `s` must have gone on
  // from that state.
  std::vector<std::string> setup;
  const State* start = nullptr;
  // Turn comments count draws rather than the engine's turns: a game log's entries are draws
  // (a tile nobody can place is drawn again in the same turn).
  bool count_draws = false;
  // A history that does not replay (a fuzzer's failure may be one) ends the spec with a
  // comment saying why, rather than throwing.
  bool stop_note = false;
  // No expect lines: a failing game's state is what is in doubt, not a reference.
  bool expectations = true;
  // A comment beside the n-th score's `expect score` total (a log's disagreeing number).
  std::map<int, std::string> score_notes;
  // `expect event` lines after the n-th action of the history (counting the start's own).
  std::multimap<size_t, std::string> events;
};

// Throws std::logic_error when the history does not replay from the start (a bug), unless
// options.stop_note.
std::string state_as_spec(const State& s, const StateSpecOptions& options);

// Who score `who` belongs to, as a spec names it: a player's colour (competitive), a scoring
// meeple's colour (Mists Level 6), "" for the one shared track (Mists 1-5).
std::string spec_score_owner(const State& s, int who);

}  // namespace carcheck
