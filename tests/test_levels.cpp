// levels.yaml against its sources: the level table of mists-rules.md (seeds 004 and 000), the
// setup of base-bcb-rules.md (seeds 001, 002, 003), and every row of interpretations.md. Then
// the loader's refusals: tests/bad-input/levels/*.yaml with their exact messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dsl/level_loader.h"
#include "test_support.h"

namespace carcheck {
namespace {

const std::vector<RuleSet>& shipped() {
  static const std::vector<RuleSet> sets =
      load_rule_sets(std::string(CARCHECK_DATA_DIR) + "/levels.yaml");
  return sets;
}

const RuleSet& set(const std::string& name) { return find_rule_set(shipped(), name); }

const VariantSwitch* find_switch(const RuleSet& r, const std::string& id) {
  for (const VariantSwitch& v : r.variants) {
    if (v.id == id) return &v;
  }
  return nullptr;
}

using test_support::read_text;

TEST(Levels, EveryRuleSetIsThere) {
  std::vector<std::string> names;
  for (const RuleSet& r : shipped()) names.push_back(r.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"base-c1", "pnp-demo", "bcb", "mists-1", "mists-2", "mists-3",
                                      "mists-4", "mists-5", "mists-6", "base-inns", "base-river",
                                      "bcb-river", "base-river-inns"}));
}

// The level table of mists-rules.md; thresholds are absolute totals, never track spaces.
struct MistsLevel {
  int level;
  int land_tiles;
  bool excludes_castles_and_cemeteries;
  int ghosts_in_play;
  int piles;
  std::vector<int> thresholds;  // hound I, hound II, goal
  int goal;
  CemeteryMode cemetery;
  ScoringTracks scoring;
  int scoring_meeples;
};

const std::vector<MistsLevel> kMistsLevels = {
    {1, 50, true, 15, 0, {}, 50, CemeteryMode::None, ScoringTracks::Shared, 1},
    {2, 60, false, 15, 0, {}, 75, CemeteryMode::Orthogonal, ScoringTracks::Shared, 1},
    {3, 60, false, 15, 3, {15, 50, 100}, 100, CemeteryMode::Orthogonal, ScoringTracks::Shared, 1},
    {4, 60, false, 13, 3, {20, 60, 120}, 120, CemeteryMode::Orthogonal, ScoringTracks::Shared, 1},
    {5, 60, false, 13, 3, {15, 50, 100}, 100, CemeteryMode::Haunted, ScoringTracks::Shared, 1},
    {6, 60, false, 12, 3, {10, 25, 50}, 50, CemeteryMode::Haunted, ScoringTracks::PerColour, 3},
};

TEST(Levels, MistsLevelTable) {
  for (const MistsLevel& e : kMistsLevels) {
    SCOPED_TRACE("mists-" + std::to_string(e.level));
    const RuleSet& r = set("mists-" + std::to_string(e.level));
    EXPECT_EQ(r.family, Family::Mists);
    EXPECT_EQ(r.level, e.level);
    EXPECT_EQ(r.tile_set, "mists");
    EXPECT_TRUE(r.base_tile_sets.empty());
    EXPECT_EQ(r.land_tiles, e.land_tiles);
    EXPECT_EQ(r.exclude_castles, e.excludes_castles_and_cemeteries);
    EXPECT_EQ(r.exclude_cemeteries, e.excludes_castles_and_cemeteries);
    EXPECT_EQ(r.ghosts_total, 15);
    EXPECT_EQ(r.ghosts_in_play, e.ghosts_in_play);
    EXPECT_EQ(r.ghosts_on_start, 3);
    EXPECT_EQ(r.piles, e.piles);
    EXPECT_EQ(r.pile_size, e.piles ? 20 : 0);
    EXPECT_EQ(r.thresholds, e.thresholds);
    EXPECT_EQ(r.goal, e.goal);
    EXPECT_EQ(r.hounds, e.level >= 3);
    EXPECT_EQ(r.cemetery, e.cemetery);
    EXPECT_EQ(r.scoring, e.scoring);
    EXPECT_EQ(r.scoring_meeples, e.scoring_meeples);
    EXPECT_EQ(r.meeple_colours, 6);
    EXPECT_EQ(r.meeples_per_colour_in_box, 5);
    EXPECT_EQ(r.followers_per_player, 0);
    EXPECT_FALSE(r.farmers);
  }
}

TEST(Levels, MistsMeeplesPerPlayerCount) {
  // {players, colours, per colour, colours per player}: FAQ.MoC.0006 and the setup text.
  const std::vector<std::vector<int>> rows = {
      {1, 4, 3, 4}, {2, 4, 3, 2}, {3, 3, 5, 1}, {4, 4, 5, 1}, {5, 5, 5, 1}};
  for (int level = 1; level <= 6; ++level) {
    SCOPED_TRACE("mists-" + std::to_string(level));
    const RuleSet& r = set("mists-" + std::to_string(level));
    EXPECT_EQ(r.min_players, 1);
    EXPECT_EQ(r.max_players, 5);  // 6 would leave no colour for the scoring meeple
    ASSERT_EQ(r.meeples.size(), rows.size());
    for (const std::vector<int>& row : rows) {
      const MeepleSetup& m = r.meeples_for(row[0]);
      EXPECT_EQ(m.players, row[0]);
      EXPECT_EQ(m.colours, row[1]);
      EXPECT_EQ(m.meeples_per_colour, row[2]);
      EXPECT_EQ(m.colours_per_player, row[3]);
      // Level 6: 3-5 players take the scoring meeples from their supplies, 1-2 from the box.
      EXPECT_EQ(m.scorers_from_supply, level == 6 && row[0] >= 3 ? 3 : 0);
    }
  }
}

TEST(Levels, MistsRefusesSixPlayers) {
  for (int level = 1; level <= 5; ++level) {
    const RuleSet& r = set("mists-" + std::to_string(level));
    EXPECT_THROW(r.check_player_count(0), std::invalid_argument);
    try {
      r.check_player_count(6);
      ADD_FAILURE() << "6 players accepted by " << r.name;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("scoring meeple"), std::string::npos) << e.what();
    }
    EXPECT_THROW(r.meeples_for(6), std::invalid_argument);
  }
  EXPECT_THROW(set("mists-6").meeples_for(6), std::invalid_argument);
}

TEST(Levels, BaseGame) {
  const RuleSet& r = set("base-c1");
  EXPECT_EQ(r.family, Family::Base);
  EXPECT_EQ(r.level, 0);
  EXPECT_EQ(r.tile_set, "base-c1");
  EXPECT_EQ(r.land_tiles, 72);
  EXPECT_EQ(r.min_players, 2);
  EXPECT_EQ(r.max_players, 5);
  EXPECT_EQ(r.followers_per_player, 7);  // 8, one of them the scorer
  EXPECT_TRUE(r.farmers);
  EXPECT_EQ(r.scoring, ScoringTracks::None);
  EXPECT_TRUE(r.meeples.empty());
  EXPECT_EQ(r.ghosts_total, 0);
  EXPECT_EQ(r.bridges_per_player_2_4, 0);
  EXPECT_NO_THROW(r.check_player_count(5));
  EXPECT_THROW(r.check_player_count(6), std::invalid_argument);
}

TEST(Levels, PrintAndPlayDemo) {
  RuleSet r = set("pnp-demo");
  EXPECT_EQ(r.family, Family::Pnp);
  EXPECT_EQ(r.tile_set, "pnp-demo");
  EXPECT_EQ(r.land_tiles, 48);
  EXPECT_EQ(r.followers_per_player, 5);
  EXPECT_FALSE(r.farmers);
  EXPECT_EQ(r.min_players, 2);
  EXPECT_EQ(r.max_players, 5);
  // pnp-player-count names the player range.
  select_variant(r, "pnp-player-count", "2");
  EXPECT_EQ(r.min_players, 2);
  EXPECT_EQ(r.max_players, 2);
  select_variant(r, "pnp-player-count=2-5");
  EXPECT_EQ(r.max_players, 5);
}

TEST(Levels, BridgesCastlesBazaars) {
  const RuleSet& r = set("bcb");
  EXPECT_EQ(r.family, Family::Bcb);
  EXPECT_EQ(r.tile_set, "bcb");
  EXPECT_EQ(r.base_tile_sets, std::vector<std::string>{"base-c1"});
  EXPECT_EQ(r.land_tiles, 84);
  EXPECT_EQ(r.followers_per_player, 7);
  EXPECT_TRUE(r.farmers);
  EXPECT_EQ(r.max_players, 5);  // C1 alone stops at 5
  EXPECT_EQ(r.bridges_per_player_2_4, 3);
  EXPECT_EQ(r.castles_per_player_2_4, 3);
  EXPECT_EQ(r.bridges_per_player_5_6, 2);
  EXPECT_EQ(r.castles_per_player_5_6, 2);
}

// Every row of interpretations.md: id and default.
using Defaults = std::vector<std::pair<std::string, std::string>>;
const Defaults kMistsSwitches = {
    {"coop-scoring", "per-colour"},
    {"pile-threshold-loss", "lose"},
    {"hound-trigger", "on-placement"},
    {"bury-empty", "nothing-buried"},
    {"haunted-closed-ghosts", "no-extra"},
    {"unplaceable-tile", "redraw"},
    {"hound-no-meeple", "hound-lost"},
    {"level6-unowned-colour", "team-picks"},
    {"unoccupied-scoring", "no-scoring"},
    {"bury-supply", "active-player"},
    {"bury-when", "board-empty"},
    {"face-down-adjacency", "any-of-8"},
    {"haunted-cemetery-ghosts", "surrounding-8"},
    {"pile-end-timing", "after-last-turn"},
    {"misty-road-meeple", "allowed"},
    {"meeple-on-finished", "allowed"},
    {"haunted-close-removal", "keep-ghosts"},
    {"face-down-haunting", "faq"},
    {"double-threshold", "track-order"},
    {"hound-timing", "at-once"},
    {"ghost-scope", "as-written"},
    {"bank-finish-ghosts", "per-tile"},
    {"tile58-symbols", "2"},  // the tile-set reading of tiles.md
};
const Defaults kBaseSwitches = {
    {"farm-scoring", "third-edition"}, {"small-city", "modern"},
    {"unfinished-final", "score"},     {"first-player", "youngest"},
    {"winner-tie", "shared"},          {"base-unplaceable-tile", "remove"},
    {"board-bounds", "unlimited"},
};
const Defaults kPnpSwitches = {{"pnp-farmers", "no-farmers"}, {"pnp-player-count", "2-5"}};
const Defaults kBcbSwitches = {
    {"negative-score", "allowed"},
    {"bazaar-variant", "auction"},
    {"small-city-castle", "semicircular"},
    {"castle-same-turn", "not-counted"},
    {"bazaar-unplaced", "no-bazaar"},
    {"bazaar-too-few", "ignored"},
    {"bazaar-next-selector", "next-clockwise"},
    {"bridge-timing", "with-tile"},
    {"castle-farm-value", "every-castle"},
    {"castle-farm-edition", "refuse"},
    {"castle-order", "active-clockwise"},
    {"bazaar-buy-short", "must-sell"},
    {"bazaar-held-timing", "before-replacement"},
    {"bridge-on-monastery", "allowed"},
    {"bazaar-won-unplaceable", "normal-turn"},
};

void expect_switches(const RuleSet& r, const std::vector<const Defaults*>& tables) {
  size_t count = 0;
  for (const Defaults* table : tables) {
    for (const auto& [id, dflt] : *table) {
      SCOPED_TRACE(r.name + " " + id);
      const VariantSwitch* v = find_switch(r, id);
      ASSERT_NE(v, nullptr);
      EXPECT_EQ(v->values.front(), dflt);
      EXPECT_EQ(v->value(), dflt);
      EXPECT_EQ(r.variant(id), dflt);
      EXPECT_EQ(v->meanings.size(), v->values.size());
      EXPECT_FALSE(v->question.empty());
      EXPECT_FALSE(v->source.empty());
      ++count;
    }
  }
  EXPECT_EQ(r.variants.size(), count) << r.name << " has switches of no table";
}

TEST(Levels, EveryInterpretationIsASwitch) {
  for (int level = 1; level <= 6; ++level) {
    expect_switches(set("mists-" + std::to_string(level)), {&kMistsSwitches});
  }
  expect_switches(set("base-c1"), {&kBaseSwitches});
  // The demo has no farmers (pnp-farmers), so no farm-scoring.
  Defaults pnp_base(kBaseSwitches.begin() + 1, kBaseSwitches.end());
  expect_switches(set("pnp-demo"), {&pnp_base, &kPnpSwitches});
  expect_switches(set("bcb"), {&kBaseSwitches, &kBcbSwitches});
}

TEST(Levels, AlternativesOfTheRegister) {
  using Values = std::vector<std::string>;
  const RuleSet& m = set("mists-3");
  const RuleSet& b = set("bcb");
  EXPECT_EQ(find_switch(m, "coop-scoring")->values, (Values{"per-colour", "majority"}));
  EXPECT_EQ(find_switch(m, "pile-threshold-loss")->values, (Values{"lose", "continue"}));
  EXPECT_EQ(find_switch(m, "tile58-symbols")->values, (Values{"2", "1"}));
  EXPECT_EQ(find_switch(m, "unplaceable-tile")->values,
            (Values{"redraw", "pile-bottom", "lost", "lose"}));
  EXPECT_EQ(find_switch(m, "haunted-closed-ghosts")->values,
            (Values{"no-extra", "extra-on-open", "none-on-closed"}));
  EXPECT_EQ(find_switch(m, "ghost-scope")->values, (Values{"as-written", "per-tile", "per-area"}));
  EXPECT_EQ(find_switch(b, "farm-scoring")->values,
            (Values{"third-edition", "first-edition", "second-edition"}));
  EXPECT_EQ(find_switch(b, "small-city")->values, (Values{"modern", "old"}));
  EXPECT_EQ(find_switch(b, "unfinished-final")->values, (Values{"score", "nothing"}));
  EXPECT_EQ(find_switch(b, "first-player")->values, (Values{"youngest", "agree", "random"}));
  // bazaar-won-unplaceable: "as in a normal turn" (seed 003), or today's set aside alone.
  EXPECT_EQ(find_switch(b, "bazaar-won-unplaceable")->values, (Values{"normal-turn", "set-aside"}));
  // Rows whose alternatives column is "-" have one value.
  EXPECT_EQ(find_switch(m, "hound-no-meeple")->values.size(), 1u);
  EXPECT_EQ(find_switch(b, "castle-same-turn")->values.size(), 1u);
}

TEST(Levels, FindRuleSetAcceptsLevelSpellings) {
  for (const std::string name : {"mists-3", "mists3", "Mists 3", "MISTS_3"}) {
    EXPECT_EQ(find_rule_set(shipped(), name).name, "mists-3") << name;
  }
  EXPECT_EQ(find_rule_set(shipped(), "BCB").name, "bcb");
  try {
    find_rule_set(shipped(), "mists-7");
    ADD_FAILURE() << "mists-7 found";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "unknown rule set 'mists-7' (known: base-c1, pnp-demo, bcb, mists-1, mists-2, "
                 "mists-3, mists-4, mists-5, mists-6, base-inns, base-river, bcb-river, "
                 "base-river-inns)");
  }
}

TEST(Levels, SelectVariant) {
  RuleSet r = set("mists-5");
  select_variant(r, "coop-scoring", "majority");
  EXPECT_EQ(r.variant("coop-scoring"), "majority");
  EXPECT_TRUE(r.variant_is("coop-scoring", "majority"));
  select_variant(r, "haunted-cemetery-ghosts=orthogonal-4");
  EXPECT_EQ(r.variant("haunted-cemetery-ghosts"), "orthogonal-4");
  // The shipped set is untouched.
  EXPECT_EQ(set("mists-5").variant("coop-scoring"), "per-colour");

  try {
    select_variant(r, "coop-scoring", "plurality");
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "variant 'coop-scoring' has no value 'plurality' (allowed: per-colour, majority; "
                 "default per-colour)");
  }
  try {
    select_variant(r, "farm-scoring", "first-edition");
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("rule set 'mists-5' has no variant 'farm-scoring' (its "
                                         "variants: coop-scoring, pile-threshold-loss,"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(select_variant(r, "coop-scoring"), std::invalid_argument);
  EXPECT_THROW(r.variant("farm-scoring"), std::out_of_range);
}

TEST(Levels, MissingFile) { EXPECT_THROW(load_rule_sets("/nonexistent/levels.yaml"), InputError); }

// Each tests/bad-input/levels/NAME.yaml is refused with the one line of NAME.expected.
TEST(Levels, BadInputCorpus) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(CARCHECK_TEST_DIR) / "bad-input" / "levels";
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".yaml") files.push_back(e.path());
    if (e.path().extension() == ".expected") {
      EXPECT_TRUE(fs::exists(fs::path(e.path()).replace_extension(".yaml"))) << e.path();
    }
  }
  std::sort(files.begin(), files.end());
  EXPECT_GE(files.size(), 8u);
  for (const fs::path& file : files) {
    const std::string name = "bad-input/levels/" + file.filename().string();
    SCOPED_TRACE(name);
    const fs::path expected_file = fs::path(file).replace_extension(".expected");
    ASSERT_TRUE(fs::exists(expected_file));
    std::string expected = read_text(expected_file);
    while (!expected.empty() && (expected.back() == '\n' || expected.back() == '\r')) {
      expected.pop_back();
    }
    try {
      load_rule_sets_from_string(read_text(file), name);
      ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(e.what(), expected);
      EXPECT_EQ(e.pos().file, name);
    }
  }
}

}  // namespace
}  // namespace carcheck
