// citations.yaml (dsl/citations.h) and the rule trace (checker/trace.h): the shipped table
// loads and covers every event and every kind of decision that random games of each rule
// system produce; bad rows are refused at file:line:column; `check --trace` cites the rule.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "checker/policies.h"
#include "checker/spec_runner.h"
#include "checker/trace.h"
#include "dsl/citations.h"
#include "dsl/diagnostic.h"
#include "dsl/library.h"
#include "engine/notation.h"
#include "engine/rng.h"
#include "test_support.h"

namespace carcheck {
namespace {

struct Target {
  std::string rules;
  int level;
};

TEST(Citations, EveryEventAndDecisionOfRandomGamesHasItsRule) {
  const RuleCitations& table = shipped_citations();
  const std::vector<Target> targets = {{"base-c1", 0}, {"pnp-demo", 0}, {"bcb", 0},
                                       {"mists", 1},   {"mists", 2},    {"mists", 3},
                                       {"mists", 4},   {"mists", 5},    {"mists", 6}};
  for (const Target& t : targets) {
    GameOptions o;
    o.rules = t.rules;
    o.level = t.level;
    o.players = 3;
    const auto game = make_game(o);
    const Family family = game->rules().family;
    std::set<std::string> events, kinds;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      State s(*game, seed);
      Rng chooser(seed);
      ActionList legal;
      for (int steps = 0; !s.is_terminal() && steps < 20000; ++steps) {
        if (s.is_chance()) {
          s.apply_random_draw();
        } else {
          s.legal_actions(legal);
          ASSERT_GT(legal.size, 0);
          for (int i = 0; i < legal.size; ++i) {
            const ActionKind k = legal.items[i].kind;
            if (kinds.insert(action_verb(k)).second) {
              EXPECT_NE(table.for_refusal(family, k), nullptr)
                  << t.rules << ": no refusal row for '" << action_verb(k) << "'";
            }
          }
          ASSERT_FALSE(s.apply(random_action(s, legal, chooser)));
        }
        for (const Event& e : s.events()) {
          const std::string key =
              std::string(event_name(e.kind)) + " " + feature_class_name(e.feature);
          if (events.insert(key).second) {
            EXPECT_NE(table.for_event(family, e.kind, e.feature), nullptr)
                << t.rules << " " << t.level << ": no row for event " << key;
          }
        }
      }
    }
    EXPECT_GT(events.size(), 4u) << t.rules << ": the games produced events";
  }
}

TEST(Citations, AFeatureRowWinsOverTheGeneralOne) {
  const RuleCitations& table = shipped_citations();
  const RuleCitation* road = table.for_event(Family::Base, EventKind::Scored, FeatureClass::Road);
  const RuleCitation* city = table.for_event(Family::Base, EventKind::Scored, FeatureClass::City);
  ASSERT_NE(road, nullptr);
  ASSERT_NE(city, nullptr);
  EXPECT_NE(road, city);
  // The city row names the small-city switch (seed 001 note 7); the road row does not.
  EXPECT_NE(std::find(city->switches.begin(), city->switches.end(), "small-city"),
            city->switches.end());
  EXPECT_EQ(std::find(road->switches.begin(), road->switches.end(), "small-city"),
            road->switches.end());
}

std::string load_error(const std::string& text) {
  try {
    load_citations_from_string(text, "c.yaml", Library::shipped().rule_sets);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(Citations, BadRowsAreRefusedWhereTheyAre) {
  EXPECT_EQ(load_error("rules:\n  - event: scoredd\n    cites: [x]\n")
                .rfind("c.yaml:2:12: unknown event 'scoredd' (expected tile-drawn, ", 0),
            0u);
  EXPECT_NE(load_error("rules:\n  - event: scored\n    cites: [x]\n    switches: [no-such]\n")
                .find("c.yaml:4:16: unknown switch 'no-such' (not in levels.yaml)"),
            std::string::npos);
  EXPECT_NE(load_error("rules:\n  - event: scored\n    refusal: place\n    cites: [x]\n")
                .find("c.yaml:2:5: a row names either an 'event' or a 'refusal'"),
            std::string::npos);
  EXPECT_NE(load_error("rules:\n  - event: scored\n    cites: [x]\n"
                       "  - event: scored\n    families: [base]\n    cites: [y]\n")
                .find("c.yaml:4:5: this row overlaps the row at line 2"),
            std::string::npos);
  EXPECT_NE(load_error("rules:\n  - refusal: place\n    feature: road\n    cites: [x]\n")
                .find("c.yaml:3:14: a refusal row takes no 'feature'"),
            std::string::npos);
  EXPECT_NE(load_error("rules:\n  - event: scored\n    cites: []\n")
                .find("a row cites at least one passage"),
            std::string::npos);
}

// The trace of a spec: each action with its events and their rules, each `expect illegal`
// with the refusal's rule and the reading in force (board-bounds=table-edge:3x1).
TEST(Trace, ASpecTraceCitesTheRuleAndTheReadingInForce) {
  SpecRunOptions o;
  o.trace = true;
  const SpecResult r = run_spec_file(std::string(CARCHECK_DATA_DIR) + "/specs/base/table-edge.spec",
                                     "table-edge", o);
  ASSERT_EQ(r.outcome, SpecOutcome::Pass) << r.error;
  bool refusal = false, placed = false;
  for (const TraceStep& t : r.trace) {
    if (t.refused && t.reason.find("beyond the table's edge") != std::string::npos) {
      refusal = true;
      ASSERT_FALSE(t.rule.cites.empty());
      EXPECT_NE(t.rule.cites.back().find("Folosirea unei mese"), std::string::npos);
      EXPECT_EQ(t.rule.readings, std::vector<std::string>{"board-bounds=table-edge:3x1"});
    }
    for (const TracedEvent& e : t.events)
      if (e.text.rfind("tile-placed", 0) == 0) {
        placed = true;
        ASSERT_FALSE(e.rule.cites.empty());
        EXPECT_NE(e.rule.cites.front().find("seed 001"), std::string::npos);
      }
  }
  EXPECT_TRUE(refusal);
  EXPECT_TRUE(placed);
}

// Issue 28: seed 003's "a tile that fits only with a bridge" (fn 16-21) is the rule of a
// placement that came with its bridge, and of no other. decline-bridge-discard.spec places
// its first tile plainly; placement-with-bridge-on-the-tile.spec places one with its bridge.
TEST(Trace, OnlyABridgedPlacementCitesTheBridgeRule) {
  const auto placements = [](const std::string& spec) {
    SpecRunOptions o;
    o.trace = true;
    const SpecResult r =
        run_spec_file(std::string(CARCHECK_DATA_DIR) + "/specs/bcb/" + spec, spec, o);
    EXPECT_EQ(r.outcome, SpecOutcome::Pass) << r.error;
    std::vector<std::pair<bool, std::string>> out;  // (a bridge built in the step, cites)
    for (const TraceStep& t : r.trace) {
      bool bridge = false;
      for (const TracedEvent& e : t.events) bridge = bridge || e.text.rfind("bridge-built", 0) == 0;
      for (const TracedEvent& e : t.events)
        if (e.text.rfind("tile-placed", 0) == 0) {
          std::string all;
          for (const std::string& c : e.rule.cites) all += c + "|";
          out.emplace_back(bridge, all);
        }
    }
    return out;
  };
  int plain = 0, bridged = 0;
  for (const char* spec :
       {"decline-bridge-discard.spec", "placement-with-bridge-on-the-tile.spec",
        "placement-with-bridge-on-the-neighbour.spec", "bazaar-won-unplaceable.spec"})
    for (const auto& [bridge, cites] : placements(spec)) {
      EXPECT_NE(cites.find("seed 001"), std::string::npos) << cites;
      EXPECT_EQ(cites.find("fits only with a bridge") != std::string::npos, bridge) << cites;
      (bridge ? bridged : plain) += 1;
    }
  EXPECT_GE(plain, 3);
  EXPECT_GE(bridged, 2);
  // The table: a `with: bridge` row answers only a bridged placement.
  const RuleCitations& table = shipped_citations();
  const RuleCitation* with =
      table.for_event(Family::Bcb, EventKind::TilePlaced, FeatureClass::None, true);
  const RuleCitation* without =
      table.for_event(Family::Bcb, EventKind::TilePlaced, FeatureClass::None, false);
  ASSERT_NE(with, nullptr);
  ASSERT_NE(without, nullptr);
  EXPECT_TRUE(with->with_bridge);
  EXPECT_FALSE(without->with_bridge);
  EXPECT_NE(load_error("rules:\n  - event: scored\n    with: bridge\n    cites: [x]\n")
                .find("c.yaml:3:11: only a tile-placed row takes 'with: bridge'"),
            std::string::npos);
}

// Issue 30: a room's rows follow the family's. A refused river placement cites seed 001's
// matching rule and then the River's continuity and U-turn passages with the readings in
// force; an inn road's scoring cites the base rule and then S13's inn rule. A base-c1 game
// cites no room's passage.
TEST(Trace, ARoomsPassagesFollowTheFamilysInARuleSetThatCombinesIt) {
  SpecRunOptions o;
  o.trace = true;
  const auto run = [&](const std::string& spec) {
    const SpecResult r = run_spec_file(std::string(CARCHECK_DATA_DIR) + "/specs/" + spec, spec, o);
    EXPECT_EQ(r.outcome, SpecOutcome::Pass) << spec << ": " << r.error;
    return r.trace;
  };
  bool refusal = false;
  for (const TraceStep& t : run("river/uturn-immediate.spec")) {
    if (!t.refused) continue;
    refusal = true;
    ASSERT_GE(t.rule.cites.size(), 2u);
    EXPECT_NE(t.rule.cites.front().find("seed 001"), std::string::npos);
    std::string all;
    for (const std::string& c : t.rule.cites) all += c + "|";
    EXPECT_NE(all.find("continue the illustration of the river"), std::string::npos) << all;
    EXPECT_NE(all.find("U-turn"), std::string::npos) << all;
    EXPECT_NE(std::find(t.rule.readings.begin(), t.rule.readings.end(), "river-uturn=faq"),
              t.rule.readings.end());
  }
  EXPECT_TRUE(refusal);
  bool inn = false;
  for (const TraceStep& t : run("inns/inn-road-finished.spec"))
    for (const TracedEvent& e : t.events)
      if (e.text.rfind("scored road", 0) == 0) {
        inn = true;
        ASSERT_GE(e.rule.cites.size(), 2u);
        EXPECT_NE(e.rule.cites.front().find("seed 001"), std::string::npos);
        EXPECT_NE(e.rule.cites.back().find("S13"), std::string::npos);
      }
  EXPECT_TRUE(inn);
  for (const TraceStep& t : run("base/table-edge.spec")) {
    for (const std::string& c : t.rule.cites) EXPECT_EQ(c.find("S1"), std::string::npos) << c;
    for (const TracedEvent& e : t.events)
      for (const std::string& c : e.rule.cites) EXPECT_EQ(c.rfind("S", 0), std::string::npos) << c;
  }
  // A room's rows are checked as the family's: the room must exist, rows must not overlap.
  EXPECT_NE(load_error("rules:\n  - event: scored\n    rooms: [tunnels]\n    cites: [x]\n")
                .find("c.yaml:3:13: unknown add-on room 'tunnels' (known: "),
            std::string::npos);
  EXPECT_NE(load_error("rules:\n  - event: scored\n    rooms: [river]\n    cites: [x]\n"
                       "  - event: scored\n    rooms: [river, inns-cathedrals]\n    cites: [y]\n")
                .find("c.yaml:5:5: this row overlaps the row at line 2"),
            std::string::npos);
  EXPECT_EQ(load_error("rules:\n  - event: scored\n    cites: [x]\n"
                       "  - event: scored\n    rooms: [river]\n    cites: [y]\n"),
            "(accepted)");
}

TEST(Trace, TheFaq0005SpecCitesTheJointScoring) {
  SpecRunOptions o;
  o.trace = true;
  const SpecResult r = run_spec_file(
      std::string(CARCHECK_DATA_DIR) + "/specs/mists/faq-0005-per-colour.spec", "faq", o);
  ASSERT_EQ(r.outcome, SpecOutcome::Pass) << r.error;
  int scored = 0;
  for (const TraceStep& t : r.trace)
    for (const TracedEvent& e : t.events)
      if (e.text.rfind("scored", 0) == 0) {
        ++scored;
        std::string all;
        for (const std::string& c : e.rule.cites) all += c + "|";
        EXPECT_NE(all.find("FAQ.MoC.0005"), std::string::npos) << all;
        EXPECT_NE(
            std::find(e.rule.readings.begin(), e.rule.readings.end(), "coop-scoring=per-colour"),
            e.rule.readings.end());
      }
  EXPECT_GE(scored, 2) << "both colours score (FAQ.MoC.0005)";
}

}  // namespace
}  // namespace carcheck

namespace carcheck {
namespace {

// `carcheck play --trace`: every action of the game with its events and their rules; the
// first draw of a base game is the rule of seed 001's first step, and --json carries it.
TEST(Trace, PlayTracesAWholeGame) {
  const std::filesystem::path out =
      std::filesystem::temp_directory_path() / ("carcheck-play-trace-" + std::to_string(getpid()));
  ASSERT_EQ(
      test_support::shell(std::string(CARCHECK_BINARY) +
                          " play --rules base-c1 --seed 3 --trace --no-board > " + out.string()),
      0);
  const std::string text = test_support::read_text(out);
  EXPECT_NE(text.find("trace:\n  draw "), std::string::npos) << text.substr(0, 400);
  EXPECT_NE(text.find("rule: seed 001 \"1. Atașează un cartonaș\""), std::string::npos);
  EXPECT_NE(text.find("final-scored"), std::string::npos);  // the end of the game is traced
  ASSERT_EQ(test_support::shell(std::string(CARCHECK_BINARY) +
                                " play --rules base-c1 --seed 3 --trace --json > " + out.string()),
            0);
  const std::string json = test_support::read_text(out);
  EXPECT_NE(json.find("\"trace\":[{\"action\":\"draw "), std::string::npos) << json.substr(0, 300);
  std::filesystem::remove(out);
}

}  // namespace
}  // namespace carcheck
