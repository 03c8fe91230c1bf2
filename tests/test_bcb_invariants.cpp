// Bridges, Castles and Bazaars under the invariant checker (checker/invariants.h): random
// complete games on the shipped tiles pass every invariant, and the checker's bridge rules
// (checker/bcb_geometry.h, written from seed 003 alone) catch a board that breaks them.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "bcb_support.h"
#include "checker/bcb_geometry.h"
#include "checker/play_checked.h"
#include "checker/policies.h"
#include "dsl/level_loader.h"
#include "dsl/library.h"
#include "engine/bcb.h"
#include "engine/rule_system.h"
#include "test_support.h"

namespace carcheck {
namespace {

using test_support::ok;

std::unique_ptr<Game> shipped_bcb(int players, const std::vector<std::string>& variants) {
  return test_support::bcb_game(Library::shipped().tile_sets, players, variants);
}

TEST(BcbInvariants, RandomGamesKeepEveryInvariant) {
  int64_t bridges = 0, games = 0;
  for (const char* variant :
       {"bridge-timing=with-tile", "bridge-timing=before-scoring", "bridge-on-monastery=forbidden"})
    for (int players = 2; players <= 5; ++players) {
      std::unique_ptr<Game> g = shipped_bcb(players, {variant});
      for (uint64_t seed = 1; seed <= 6; ++seed) {
        GameStart from;
        from.seed = seed;
        State s(*g, seed);
        Rng rng(seed * 31 + static_cast<uint64_t>(players));
        CheckOptions o;
        o.full_every = 25;
        CheckedGame r = play_checked(s, from, uniform_choice(rng), false, o);
        ASSERT_EQ(r.failure, std::nullopt)
            << variant << ", " << players << " players, seed " << seed << ": " << *r.failure;
        ASSERT_TRUE(s.is_terminal());
        bridges += r.events[static_cast<size_t>(EventKind::BridgeBuilt)];
        ++games;
      }
    }
  EXPECT_GT(bridges, games) << "random play builds bridges, so the bridge checks ran";
}

// The checker's own reading of fn 17 and fn 18: a monastery tile (fields all round) may go
// west of a straight W-E road only with a bridge on itself along W-E; the road's other end
// faces an empty space, so the bridge's west end is free too.
TEST(BcbInvariants, TheCheckersBridgeRulesFollowTheSeed) {
  std::unique_ptr<Game> g = shipped_bcb(2, {});
  State s(*g, 3);
  const TileId straight = g->find_tile("straight");
  const TileId monastery = g->find_tile("monastery");
  ASSERT_GE(straight, 0);
  ASSERT_GE(monastery, 0);
  // The start tile (city cap + W-E road) at 0,0: its W side is road.
  const int self_we = kPlaceBridgeSelf + static_cast<int>(BridgeAxis::WestEast);
  const int self_ns = kPlaceBridgeSelf + static_cast<int>(BridgeAxis::NorthSouth);
  EXPECT_TRUE(fits_with_bridge(s, 0, monastery, -1, 0, 0, self_we));
  EXPECT_FALSE(fits_with_bridge(s, 0, monastery, -1, 0, 0, self_ns));  // the road meets field
  // South of the start tile is field: the monastery fits without a bridge, so none comes.
  EXPECT_FALSE(fits_with_bridge(s, 0, monastery, 0, 1, 0, self_ns));
  // A straight road turned N-S west of the start tile: its E side (field) meets the road; a
  // bridge on the start tile cannot help (its W side is road, not field).
  EXPECT_FALSE(
      fits_with_bridge(s, 0, straight, -1, 0, 1, kPlaceBridgeBeside + 1 /* E: the start tile */));
}

}  // namespace
}  // namespace carcheck
