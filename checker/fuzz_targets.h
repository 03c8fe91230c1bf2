// The configurations the fuzzers cover, derived from the loaded levels.yaml: every rule set
// the engine plays, every level, every player count, every variant value it implements.
// Nothing here names a rule set; what the engine refuses is skipped and reported.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "dsl/library.h"
#include "engine/game.h"

namespace carcheck {

// One configuration: a Game built once (immutable, shared by every game played on it).
struct FuzzTarget {
  std::shared_ptr<const Game> game;
  std::vector<std::string> variants;  // "key=value", selected on top of the defaults
  std::string label;                  // "mists-3 p2 ghost-scope=per-tile"
  const std::string& rule_set() const { return game->rules().name; }
};

// A configuration levels.yaml lists that the engine cannot play (yet), and why.
struct SkippedTarget {
  std::string label;
  std::string reason;
};

struct FuzzTargets {
  std::vector<FuzzTarget> targets;
  std::vector<SkippedTarget> skipped;
};

// Narrows the targets as the command line does; empty/0 fields narrow nothing.
struct TargetFilter {
  std::string rules;  // a levels.yaml name ("base-c1", "mists-3") or a family with levels ("mists")
  int level = 0;
  int players = 0;
  // Forced "key=value" selections, applied to every rule set that has the switch.
  std::vector<std::string> variants;
};

// Whether rule set `r` is one the filter's --rules/--level name (rule_set_name resolves them).
bool filter_selects(const TargetFilter& f, const RuleSet& r);

// Every selected rule set with every player count it allows, default variants plus the
// filter's forced ones. A rule set or a forced value the engine refuses (Game's constructor
// throws std::invalid_argument, or levels.yaml marks the value not implemented) is skipped.
FuzzTargets default_targets(const Library& lib, const TargetFilter& filter = {});

// Every implemented non-default value of every switch of every selected rule set, one target
// each, on the defaults otherwise; switches the filter forces are left out. The player count
// is the filter's, or rotates through the counts the value allows (`players_seed` shifts it).
FuzzTargets variant_targets(const Library& lib, const TargetFilter& filter = {},
                            int players_seed = 0);

}  // namespace carcheck
