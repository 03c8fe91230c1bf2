// Play policies: who chooses among the legal actions when nobody at a table does.
#pragma once

#include <cstdint>
#include <functional>

#include "engine/rng.h"
#include "engine/state.h"

namespace carcheck {

// Picks one of `legal` (never empty) at `s`; returns its index (taken modulo the size).
using Choose = std::function<uint32_t(const State& s, const ActionList& legal)>;
// Uniform among the legal actions.
Choose uniform_choice(Rng& rng);
// A team that plays along: mostly places meeples, takes the points or removes the most
// ghosts, clears the fullest tiles. Reaches deeper states than uniform choices.
Choose team_choice(Rng& rng);

// Plays uniformly random legal choices to the end; `chooser` picks among legal actions.
void play_random(State& s, Rng& chooser);

}  // namespace carcheck
