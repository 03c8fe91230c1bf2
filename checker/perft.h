// Perft: the leaves of the choice tree from a state, as chess engines count their move
// generators (docs/perft.md). A ply is every action, draws included: at a chance node each
// distinct tile left in the active pile is a branch (State::legal_actions lists them, as the
// Python module's chance nodes do). A game over before the depth adds no leaf.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/state.h"

namespace carcheck {

// Refused: the tree holds a range entry (a BCB bid `bid 6+`, engine/action.h kBidRange), which
// stands for unboundedly many bids; the message names the line of play that reached it.
struct PerftUnbounded : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct PerftCount {
  uint64_t leaves = 0;     // the positions at exactly the depth
  uint64_t positions = 0;  // every position below the root, the leaves included
  uint64_t made = 0;       // of those, the ones made (applied); the last ply is only counted
};

// The leaves `depth` plies below `s` (depth 0: 1). Throws PerftUnbounded.
PerftCount perft(const State& s, int depth);

// `divide`: the first ply's actions, each with the leaves below it (depth - 1 plies more).
struct PerftBranch {
  Action action;
  std::string text;  // action_text, as specs and logs write it
  PerftCount count;
};
std::vector<PerftBranch> perft_divide(const State& s, int depth);

}  // namespace carcheck
