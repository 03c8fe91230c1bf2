// State::apply_legal, the players' way to take an action from the list legal_actions() made,
// against State::apply, which checks it first: on random games of every rule set the engine
// plays, each listed action leaves the same state (first_difference: every field) and
// reports the same events either way. A draw through apply_random_draw against the same draw
// through apply() likewise.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "checker/policies.h"
#include "dsl/library.h"
#include "engine/action.h"

namespace carcheck {
namespace {

std::string event_text(const std::vector<Event>& events) {
  std::string out;
  for (const Event& e : events) out += describe(e) + "; ";
  return out;
}

// Plays `games` random games of the rule set, applying every action to two states in step.
void expect_same_either_way(const std::string& rules, int level, int players, int games) {
  GameOptions o;
  o.rules = rules;
  o.level = level;
  o.players = players;
  const std::unique_ptr<Game> game = make_game(Library::shipped(), o);
  ActionList legal;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(games); ++seed) {
    SCOPED_TRACE(rules + " level " + std::to_string(level) + " players " + std::to_string(players) +
                 " seed " + std::to_string(seed));
    State checked(*game, seed), listed(*game, seed);
    Rng chooser(seed);
    for (int step = 0; step < 5000 && !checked.is_terminal(); ++step) {
      if (checked.is_chance()) {
        Action top;  // the top tile, through apply()'s search of the pile
        top.kind = ActionKind::Draw;
        top.tile = checked.pile(checked.active_pile()).back();
        ASSERT_FALSE(checked.apply(top));
        listed.apply_random_draw();
      } else {
        checked.legal_actions(legal);
        ASSERT_GT(legal.size, 0);
        const Action a = random_action(checked, legal, chooser);
        const auto why = checked.apply(a);
        ASSERT_FALSE(why) << *why;
        listed.apply_legal(a);
      }
      const char* differs = checked.first_difference(listed);
      ASSERT_EQ(differs, nullptr) << "after step " << step << ": " << differs;
      ASSERT_EQ(event_text(checked.events()), event_text(listed.events())) << "step " << step;
    }
    EXPECT_TRUE(listed.is_terminal());
  }
}

TEST(ApplyLegal, SameAsApplyInTheBaseGame) {
  expect_same_either_way("base-c1", 0, 2, 20);
  expect_same_either_way("base-c1", 0, 5, 10);
}

TEST(ApplyLegal, SameAsApplyInTheDemo) { expect_same_either_way("pnp-demo", 0, 3, 20); }

TEST(ApplyLegal, SameAsApplyInBridgesCastlesAndBazaars) { expect_same_either_way("bcb", 0, 3, 10); }

TEST(ApplyLegal, SameAsApplyInMistsAtEveryLevel) {
  for (int level = 1; level <= 6; ++level)
    for (int players : {1, 2, 4}) expect_same_either_way("mists", level, players, 8);
}

}  // namespace
}  // namespace carcheck
