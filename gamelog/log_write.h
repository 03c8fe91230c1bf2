// A game carcheck played, as one line of the game log (docs/game-log.md).
#pragma once

#include <string>
#include <vector>

#include "engine/state.h"
#include "gamelog/game_log.h"

namespace carcheck {

struct LogWriteOptions {
  bool scores = true;             // the scores after every turn
  bool legal = false;             // the legal placements and followers of every turn
  std::vector<int> start_scores;  // a head start the game began with (State::setup_score)
};

// The game of `s` (from its seed, with `o.start_scores`) as one JSON line without the
// newline; "" when its history is not one this format holds.
std::string write_game_log(const State& s, const LogWriteOptions& o = {});

// A meeple action as the log's `follower` names it: the feature of the tile just placed
// ("road:W", "monastery", "bridge"), and its colour when a player plays several (Mists:
// "road:W red").
std::string follower_text(const State& s, const Action& a);

}  // namespace carcheck
