// Where a fuzzed game starts: its seed, a head start of scores, the policy that plays it.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/state.h"

namespace carcheck {

// Where a game starts besides its rule set: the seed and, optionally, scores set before the
// first action (State::setup_score). Random play seldom scores in Mists, so a head start is
// what takes random games to the hounds, the pile switches and the goal.
struct GameStart {
  uint64_t seed = 1;
  std::vector<int> scores;  // per player (competitive) or track (Mists); empty: all 0
  bool team = false;        // played by team_choice rather than uniform_choice
  void apply(State& s) const;
  // Head starts for a Mists level: none, just below hound I, just below hound II (past hound
  // I, so one scoring may pass both), or just below the goal; `pick` chooses.
  static GameStart mists_head_start(const Game& g, uint64_t seed, uint64_t pick);
  // How the fuzzers play the game of `seed`: a head start and a policy, both from the seed
  // alone, so that `carcheck fuzz --seed S --games 1` (same --rules, --level, --players)
  // plays that game again.
  static GameStart for_seed(const Game& g, uint64_t seed);
};

}  // namespace carcheck
