// Rooms own their words and their invariants (engine/vocabulary.h, checker/room_invariants.h):
// which rule sets show a phase, an event, a feature, an action or an expectation is the room's
// answer; the messages listing the actions come from the one verb list; and a room from
// outside the engine adds its own word rules and invariants without a shared file changed.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "checker/play_checked.h"
#include "checker/policies.h"
#include "checker/room_invariants.h"
#include "dsl/action_grammar.h"
#include "dsl/level_loader.h"
#include "dsl/library.h"
#include "dsl/spec_grammar.h"
#include "engine/notation.h"
#include "engine/vocabulary.h"

namespace carcheck {
namespace {

const RuleSet& rules(const std::string& name) {
  return find_rule_set(Library::shipped().rule_sets, name);
}

TEST(Rooms, PhasesComeWhereTheirRoomSaysSo) {
  // Mists: a scoring choice from Level 1, hounds from Level 3 (seed 004); BCB's bridge step.
  EXPECT_EQ(word_absent(rules("mists-1"), Phase::ScoreChoice), "");
  EXPECT_NE(word_absent(rules("base-c1"), Phase::ScoreChoice), "");
  EXPECT_EQ(word_absent(rules("mists-1"), Phase::HoundPlace), "mists-1 has no hounds (Levels 3-6)");
  EXPECT_EQ(word_absent(rules("mists-3"), Phase::HoundPlace), "");
  EXPECT_EQ(word_absent(rules("bcb"), Phase::Bridge), "");
  EXPECT_NE(word_absent(rules("mists-6"), Phase::Bridge), "");
  // The turn machine's own phases are everyone's.
  for (const char* r : {"base-c1", "pnp-demo", "bcb", "mists-1", "mists-6"})
    EXPECT_EQ(word_absent(rules(r), Phase::Meeple), "") << r;
}

TEST(Rooms, EventsFeaturesActionsAndExpectationsAskTheRoom) {
  // A cooperative game ends won or lost, never in the competitive final scoring.
  EXPECT_EQ(word_absent(rules("mists-2"), EventKind::FinalScored),
            "mists-2 has no final scoring; its game ends in game-won or game-lost");
  EXPECT_EQ(word_absent(rules("base-c1"), EventKind::FinalScored), "");
  EXPECT_EQ(word_absent(rules("bcb"), EventKind::BridgeBuilt), "");
  EXPECT_EQ(word_absent(rules("base-c1"), EventKind::BridgeBuilt),
            "base-c1 has no bridges (Bridges, Castles and Bazaars only: rules bcb)");
  // Castles: two rooms have them (Mists from Level 2, which Level 1 returns to the box; BCB).
  EXPECT_EQ(word_absent(rules("mists-1"), FeatureClass::Castle), "mists-1 has no castles");
  EXPECT_EQ(word_absent(rules("mists-2"), FeatureClass::Castle), "");
  EXPECT_EQ(word_absent(rules("bcb"), FeatureClass::Castle), "");
  EXPECT_EQ(word_absent(rules("base-c1"), FeatureClass::Castle), "base-c1 has no castles");
  EXPECT_EQ(word_absent(rules("base-c1"), ActionKind::Sell),
            "base-c1 has no bridges, castles or bazaars (Bridges, Castles and Bazaars only: "
            "rules bcb)");
  EXPECT_EQ(word_absent(rules("base-c1"), ActionKind::Place), "");
  EXPECT_EQ(expectation_absent(rules("pnp-demo"), "ghosts"), "pnp-demo has no ghosts");
  EXPECT_EQ(expectation_absent(rules("mists-4"), "ghosts"), "");
  EXPECT_EQ(expectation_absent(rules("mists-4"), "no-such-word"), "");
}

TEST(Rooms, TheMessagesListingTheActionsAreTheVerbList) {
  const std::string action = actionlang::error_message<actionlang::game_action>;
  const std::string statement = speclang::error_message<speclang::statement>;
  EXPECT_EQ(action.rfind("expected an action: draw, place, meeple, pass, points, ", 0), 0u)
      << action;
  EXPECT_NE(action.find(", sell, score-first, scoring-meeples, empty-symbol or haunt"),
            std::string::npos)
      << action;
  EXPECT_NE(statement.find("under or an action (draw, place, "), std::string::npos) << statement;
  EXPECT_NE(statement.find("score-first, scoring-meeples, empty-symbol, haunt)"), std::string::npos)
      << statement;
  for (const std::string& verb : action_verbs()) {
    EXPECT_NE(action.find(verb), std::string::npos) << verb;
    EXPECT_NE(statement.find(verb), std::string::npos) << verb;
  }
}

// A toy room's word: toy tokens come with farmers (a rule written outside the engine).
std::string toy_tokens(const RuleSet& r) { return r.farmers ? "" : r.name + " has no toy tokens"; }
constexpr WordRule kToyWords[] = {{WordKind::Expectation, -1, "toy-tokens", toy_tokens}};

TEST(Rooms, ARoomFromOutsideTheEngineAddsItsWords) {
  register_word_rules(kToyWords);
  EXPECT_EQ(expectation_absent(rules("base-c1"), "toy-tokens"), "");
  EXPECT_EQ(expectation_absent(rules("mists-5"), "toy-tokens"), "mists-5 has no toy tokens");
}

// Each room's checks are in the registries, in its own files: a stateless invariant or a
// check kept across a turn (Mists' ghosts are kept with its ledger, so they are a check).
TEST(Rooms, EachRoomRegistersItsInvariants) {
  std::vector<std::string> invariants, checks;
  for (const RoomInvariant& inv : room_invariants()) invariants.emplace_back(inv.name);
  for (const RoomCheckEntry& check : room_checks()) checks.emplace_back(check.name);
  auto has = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  EXPECT_TRUE(has(invariants, "bcb: bridge and castle-token conservation"));
  EXPECT_TRUE(has(checks, "bcb: bridges, castles, set-aside tiles"));
  EXPECT_TRUE(has(checks, "mists: ghosts, mist, castles, hounds, burials"));
  EXPECT_TRUE(has(invariants, "inns: large-follower conservation"));
  EXPECT_TRUE(has(invariants, "river: continuous from the spring, no forbidden turn"));
}

// A toy room's invariant, on while `toy_on`: no more than 3 tiles on the board.
bool toy_on = false;
std::optional<std::string> toy_three_tiles(const State& s, const BoardCounts&) {
  if (toy_on && s.cells() > 3)
    return "toy: " + std::to_string(s.cells()) + " tiles on the board, the toy room allows 3";
  return std::nullopt;
}

TEST(Rooms, ARoomsOwnInvariantCatchesWithoutASharedFileChanged) {
  static bool registered = false;
  if (!registered) register_room_invariant({"toy: three tiles", toy_three_tiles});
  registered = true;
  GameOptions o;
  o.rules = "base-c1";
  std::unique_ptr<Game> g = make_game(Library::shipped(), o);
  GameStart from;
  from.seed = 3;
  toy_on = true;
  State s(*g, from.seed);
  Rng chooser(11);
  CheckedGame r = play_checked(s, from, uniform_choice(chooser), false);
  toy_on = false;
  ASSERT_TRUE(r.failure.has_value()) << "the toy room's invariant never ran";
  // The start tile and three placed: the fourth tile is the first the toy room refuses.
  EXPECT_EQ(*r.failure, "toy: 4 tiles on the board, the toy room allows 3");
  EXPECT_EQ(s.cells(), 4);
  // Off, the same game keeps every invariant to its end.
  State again(*g, from.seed);
  Rng chooser2(11);
  EXPECT_FALSE(play_checked(again, from, uniform_choice(chooser2), false).failure);
}

// A toy room's check across turns, on while `toy_turns_on`: the turns it saw end, counted in
// next_turn() (state the stateless form cannot keep); the fourth turn's end is refused.
bool toy_turns_on = false;
class ToyTurns final : public RoomCheck {
 public:
  Fail close_turn(const State&, bool completed) override {
    if (completed && ++ended_ > 3) return "toy: turn " + std::to_string(ended_) + " ended";
    return std::nullopt;
  }

 private:
  int ended_ = 0;
};
std::unique_ptr<RoomCheck> make_toy_turns(const State&) {
  return toy_turns_on ? std::make_unique<ToyTurns>() : nullptr;
}

TEST(Rooms, ARoomsCheckAcrossTurnsCatchesWithoutASharedFileChanged) {
  static bool registered = false;
  if (!registered) register_room_check({"toy: three turns", make_toy_turns});
  registered = true;
  GameOptions o;
  o.rules = "base-c1";
  std::unique_ptr<Game> g = make_game(Library::shipped(), o);
  GameStart from;
  from.seed = 5;
  toy_turns_on = true;
  State s(*g, from.seed);
  Rng chooser(7);
  CheckedGame r = play_checked(s, from, uniform_choice(chooser), false);
  toy_turns_on = false;
  ASSERT_TRUE(r.failure.has_value()) << "the toy room's check never ran";
  EXPECT_EQ(*r.failure, "toy: turn 4 ended");
  // Three turns played (turn numbers count from 0), the fourth ended when the check refused.
  EXPECT_EQ(s.turn(), 4);
  // Made only while on: the same game, the check not made, keeps every invariant to its end.
  State again(*g, from.seed);
  Rng chooser2(7);
  EXPECT_FALSE(play_checked(again, from, uniform_choice(chooser2), false).failure);
}

}  // namespace
}  // namespace carcheck
