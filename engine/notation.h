// The text form of actions, shared by specs, replays, serialisation and error output.
//
//   draw <tile>                 place <x>,<y> r<0-3>        pass
//   meeple <kind>:<port> [colour]   e.g. meeple road:W, meeple city:N red, meeple field:Nl
//   meeple castle|monastery [colour]
//   points                      remove-ghosts <x>,<y> <n>   extra-ghost <x>,<y>
//   bury <colour>@<x>,<y>       bury <colour>@supply        hound <colour>@<x>,<y>
//   clear <x>,<y> <n>           clear stop                  face-down <x>,<y>
//   track <colour>
//
// Ports name board directions after rotation: `meeple road:W` is the road segment leaving
// the new tile westwards, whatever the tile's rotation.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/state.h"

namespace carcheck {

std::string action_text(const State& s, const Action& a);

// Parses `text` against the state (it resolves features, meeples and default colours).
// Returns the action, or sets `error` to a reason and returns nullopt.
std::optional<Action> parse_action(const State& s, const std::string& text, std::string& error);

// Serialisation: a game is its rule set, variants, players, seed and the actions taken.
// from a Game and seed, replay_into() applies the recorded actions; the result equals the
// original state (State::snapshot() compares every field).
std::string to_text(const State& s);
std::optional<std::string> replay_into(State& s, const std::string& text);
// The header fields of a serialised game, to build its Game.
struct GameHeader {
  std::string rules;
  int players = 0;
  uint64_t seed = 0;
  std::vector<std::string> variants;
};
std::optional<GameHeader> read_header(const std::string& text, std::string& error);

}  // namespace carcheck
