// The configurations the fuzzers cover.
#pragma once

#include <string>
#include <vector>

#include "dsl/library.h"

namespace carcheck {

// One configuration the fuzzers cover: a rule set (and level), a player count, variants.
struct FuzzTarget {
  std::string rules;  // "base-c1", "pnp-demo", "mists"
  int level = 0;
  int players = 2;
  std::vector<std::string> variants;  // "key=value"
  std::string label() const;          // "mists-3 p2 ghost-scope=per-tile"
};

// Every rule set the engine plays (base-c1, pnp-demo, Mists Levels 1-6) with every player
// count, default variants; `rules`/`level`/`players` (empty/0) narrow the list.
std::vector<FuzzTarget> default_targets(const Library& lib, const std::string& rules = "",
                                        int level = 0, int players = 0);
// Every non-default value of every variant switch of `rules_name` ("base-c1", "mists-3"), one
// target each, with a player count the value allows (`players_seed` picks among them).
std::vector<FuzzTarget> variant_targets(const Library& lib, const std::string& rules_name,
                                        int players_seed);

}  // namespace carcheck
