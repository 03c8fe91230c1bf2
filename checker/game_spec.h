// A played game written as a spec that replays it: how a fuzzer's failure becomes a
// regression test.
#pragma once

#include <string>

#include "checker/game_start.h"
#include "engine/state.h"

namespace carcheck {

// A game as a spec (docs/spec-language.md) that replays it: title, `rules` line with level,
// players and seed, variants, a `setup` block for a head start, then every action of the game
// in engine/notation.h words, one a line, commented per turn; `failure` opens it as comments.
std::string game_spec(const State& s, const GameStart& from, const std::string& failure,
                      const std::string& found_by);

}  // namespace carcheck
