// `carcheck export-spec`: a logged game, or its first turns, as a spec that replays it and
// pins what the rules say at its end (docs/game-log.md), written by checker/state_spec.h.
#pragma once

#include <string>

#include "gamelog/game_log.h"

namespace carcheck {

// The spec (docs/spec-language.md) that replays the first `upto` entries of `g` (all when
// < 0) in `game` (gamelog/replay.h's log_game) and expects what the rules say after them,
// the log's disagreeing scores in comments beside carcheck's.
std::string export_spec(const GameLog& g, const Game& game, int upto, const std::string& file);

}  // namespace carcheck
