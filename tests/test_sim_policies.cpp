// The simulation's players (checker/policies.h): random, greedy and mc are deterministic for a
// seed, greedy plays Mists Level 1 better than random, and a competitive game gives every seat
// the same policy.
#include <gtest/gtest.h>

#include <memory>

#include "checker/policies.h"
#include "dsl/library.h"

namespace carcheck {
namespace {

std::unique_ptr<Game> game_of(const std::string& rules, int level, int players) {
  GameOptions o;
  o.rules = rules;
  o.level = level;
  o.players = players;
  return make_game(Library::shipped(), o);
}

// One game of `g` played by `p`, the policy's generator seeded from the game's seed.
std::unique_ptr<State> played(const Game& g, const PolicySpec& p, uint64_t seed) {
  auto s = std::make_unique<State>(g, seed);
  Rng rng(seed ^ 0x5851F42D4C957F2Dull);
  play_policy(*s, policy_choice(p, rng));
  return s;
}

TEST(SimPolicies, NamesRoundTrip) {
  for (const char* n : {"random", "greedy", "mc", "mc-random"}) {
    auto p = parse_policy(n);
    ASSERT_TRUE(p) << n;
    EXPECT_EQ(policy_name(*p), n);
  }
  EXPECT_FALSE(parse_policy("smart"));
  EXPECT_FALSE(parse_policy(""));
}

// The same seed plays the same game, action for action, for every policy; another seed plays
// another game.
TEST(SimPolicies, DeterministicForASeed) {
  auto g = game_of("mists", 3, 2);
  PolicySpec mc = *parse_policy("mc"), mc_random = *parse_policy("mc-random");
  mc.playouts = 1, mc.width = 2;
  mc_random.playouts = 2, mc_random.width = 3;
  for (const PolicySpec& p : {*parse_policy("random"), *parse_policy("greedy"), mc, mc_random}) {
    auto a = played(*g, p, 42);
    auto b = played(*g, p, 42);
    EXPECT_EQ(a->history(), b->history()) << policy_name(p);
    EXPECT_EQ(a->snapshot(), b->snapshot()) << policy_name(p);
    auto c = played(*g, p, 43);
    EXPECT_NE(a->history(), c->history()) << policy_name(p);
  }
}

// Mists Level 1, 2 players, the same 40 seeds (the same shuffled piles) for both policies.
// Random play never wins a Mists game (issue 13: 0 wins in 60); greedy must win more games
// and reach a higher mean score. Measured when written: random 0 wins, 8 points in all;
// greedy 5 wins, 1137 points (28 a game).
TEST(SimPolicies, GreedyBeatsRandomAtMistsLevel1) {
  auto g = game_of("mists", 1, 2);
  int wins[2] = {0, 0};
  long points[2] = {0, 0};
  const PolicySpec policies[2] = {*parse_policy("random"), *parse_policy("greedy")};
  constexpr int kGames = 40;
  for (int i = 0; i < kGames; ++i)
    for (int k = 0; k < 2; ++k) {
      auto s = played(*g, policies[k], 1000 + static_cast<uint64_t>(i));
      wins[k] += s->won();
      points[k] += s->shared_score();
    }
  std::printf("Mists L1 p2, %d games: random %d wins, %ld points; greedy %d wins, %ld points\n",
              kGames, wins[0], points[0], wins[1], points[1]);
  EXPECT_GT(wins[1], wins[0]);
  EXPECT_GT(points[1], points[0]);
}

// A competitive game: the policy chooses for whoever decides (State::current_player), so every
// seat plays greedy; both seats place meeples and score, and greedy's seats together outscore
// random's on the same seeds.
TEST(SimPolicies, CompetitiveSeatsUseTheSamePolicy) {
  auto g = game_of("base-c1", 0, 2);
  long total[2] = {0, 0};
  const PolicySpec policies[2] = {*parse_policy("random"), *parse_policy("greedy")};
  for (int i = 0; i < 6; ++i)
    for (int k = 0; k < 2; ++k) {
      auto s = played(*g, policies[k], 7 + static_cast<uint64_t>(i));
      for (int p = 0; p < 2; ++p) total[k] += s->score(p).total;
      if (k == 1) {
        for (int p = 0; p < 2; ++p) EXPECT_GT(s->score(p).total, 0) << "seed " << 7 + i;
      }
    }
  EXPECT_GT(total[1], total[0]);
}

}  // namespace
}  // namespace carcheck
