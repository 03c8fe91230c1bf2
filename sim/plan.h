// What a simulation plays: its cells (rule set x level x players x reading), each reading a
// Game built once, and the seed of every game index. Built from the command line's options;
// anything the options or the engine refuse is a std::invalid_argument saying why.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checker/policies.h"
#include "dsl/library.h"
#include "engine/game.h"

namespace carcheck {

struct SimOptions {
  std::string rules = "mists";
  std::vector<int> levels;   // empty: every level of the family (none for a rule set without)
  std::vector<int> players;  // empty: every count the rule set allows
  int64_t games = 100;       // per cell
  PolicySpec policy;
  // Two policies at one table: the seats alternate between `policy` (seat 0, 2, ..) and
  // `versus` (1, 3, ..), and game i is played again from the same seed with the seats
  // swapped, so each policy holds every seat once (competitive rule sets only).
  std::optional<PolicySpec> versus;
  std::vector<std::string> variants;  // "key=value" forced on every reading
  std::vector<std::string> compare;   // switch ids: every combination of their values
  uint64_t seed = 1;
  int shard = 1, shards = 1;  // play the game indices i with i % shards == shard - 1
};

// One (rule set, level, players): the readings share its game seeds (common random numbers).
struct SimGroup {
  std::string rule_set;  // levels.yaml name: "mists-3", "base-c1"
  int level = 0;
  int players = 0;
  std::vector<std::shared_ptr<const Game>> games;  // one per reading, the plan's order
};

struct SimPlan {
  SimOptions options;
  // Readings: "key=value ..." of the compared switches, the default reading (every compared
  // switch at its default value) first; {"default"} without --compare.
  std::vector<std::string> readings;
  std::vector<SimGroup> groups;
  bool cooperative = false;             // Mists
  bool reconstructed_geometry = false;  // a Mists tile set: its geometry is reconstructed
};

SimPlan make_plan(const Library& lib, const SimOptions& o);

// The seed of game `index` (the same in every cell and reading), and of its policy's choices.
uint64_t game_seed(uint64_t run_seed, int64_t index);
uint64_t policy_seed(uint64_t game_seed);
// --versus: seat p's generator is seeded versus_seed(game_seed) ^ p, in both seatings.
uint64_t versus_seed(uint64_t game_seed);

}  // namespace carcheck
