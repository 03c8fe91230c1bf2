// The rule-system hooks are open: a toy rule system written here, through the hooks alone
// (engine/rule_system.h), plays whole games. The toy is the base game (C1) where a road
// scores double; every value below is worked out from that rule by hand. Also: a rule set
// the engine does not implement is refused by Game itself, whoever builds it.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "checker/policies.h"
#include "dsl/level_loader.h"
#include "dsl/library.h"
#include "engine/bcb.h"
#include "engine/rule_system.h"
#include "test_support.h"

namespace carcheck {
namespace {

// The toy: the competitive room with one hook overridden.
class DoubleRoads final : public CompetitiveRules {
 public:
  int feature_value(const State& s, const PendingScore& p, bool final_scoring) const override {
    int printed = CompetitiveRules::feature_value(s, p, final_scoring);
    return p.feature == FeatureClass::Road ? 2 * printed : printed;
  }
};

// C1 shapes (tiles.md): the start tile and the t-junction, whose three roads end at the
// junction.
TileSet two_tile_set() {
  std::vector<InlineTile> tiles(2);
  tiles[0].name = "city-cap-straight-road";
  tiles[0].shape = "city N; road W-E; field Wr El @N; field Er Sl Sr Wl";
  tiles[0].start = true;
  tiles[1].name = "t-junction";
  tiles[1].count = 2;
  tiles[1].shape = "road E*; road S*; road W*; field Wr Nl Nr El; field Er Sl; field Sr Wl";
  return inline_tile_set("base-c1", tiles, "test_rule_system.cpp");
}

Game toy_game(const std::vector<TileSet>& sets, int players) {
  RuleSet rules = find_rule_set(Library::shipped().rule_sets, "base-c1");
  return Game(rules, sets, players, std::make_shared<const DoubleRoads>());
}

using test_support::draw;
using test_support::ok;
using test_support::place;

// The segment of the road that leaves the cell at (x, y) on side `side` (0 N .. 3 W).
int road_on(const State& s, int x, int y, int side) {
  const CellFace& f = s.face(s.cell_at(x, y));
  return f.port_segment[port_of(side, 1)];
}

// Red's t-junction east of the start tile joins the start's road and takes red's thief;
// green's t-junction west of it closes the road at a junction on both sides: three tiles.
// Printed value 3 (seed 001: 1 per tile); the toy doubles it: 6 to red. Nothing is left to
// draw, so the game ends (the other road ends hold no follower: no final points).
TEST(RuleSystem, ToyRoomScoresARoadDouble) {
  const std::vector<TileSet> sets{two_tile_set()};
  Game game = toy_game(sets, 2);
  State s(game, 1);
  const TileId t = game.find_tile("t-junction");
  ASSERT_GE(t, 0);

  ASSERT_TRUE(ok(s.apply(draw(t))));
  ASSERT_TRUE(ok(s.apply(place(1, 0, 0))));  // roads E, S, W: W meets the start's E road
  Action thief;
  thief.kind = ActionKind::Meeple;
  thief.colour = 0;
  thief.seg = static_cast<int8_t>(road_on(s, 1, 0, 3));
  ASSERT_TRUE(ok(s.apply(thief)));
  EXPECT_EQ(s.score(0).total, 0) << "the road is still open to the west";

  ASSERT_TRUE(ok(s.apply(draw(t))));
  ASSERT_TRUE(ok(s.apply(place(-1, 0, 0))));  // its E road end closes the start's W side
  Action pass;
  pass.kind = ActionKind::Pass;
  ASSERT_TRUE(ok(s.apply(pass)));

  std::vector<std::string> said;
  for (const Event& e : s.events()) said.push_back(describe(e));
  // The road runs from -1,0 to 1,0; the scoring names the road's root, on the start tile.
  const std::string scored = "scored road: player or track 0, at 0,0, points 6, colour 0";
  EXPECT_NE(std::find(said.begin(), said.end(), scored), said.end())
      << ::testing::PrintToString(said);
  EXPECT_EQ(s.score(0).total, 6);
  EXPECT_EQ(s.score(0).by_feature[static_cast<size_t>(FeatureClass::Road)], 6);
  EXPECT_EQ(s.score(1).total, 0);
  EXPECT_EQ(s.meeples_in_supply(0), game.meeples_per_colour()) << "the thief went home";
  EXPECT_TRUE(s.is_terminal()) << "no tile is left: the game is over";
  EXPECT_EQ(s.end_reason(), EndReason::AllTilesPlayed);
}

// The same board under the shipped room scores the printed 3: the hook made the difference.
TEST(RuleSystem, ShippedRoomScoresThePrintedValue) {
  const std::vector<TileSet> sets{two_tile_set()};
  Game game(find_rule_set(Library::shipped().rule_sets, "base-c1"), sets, 2);
  State s(game, 1);
  const TileId t = game.find_tile("t-junction");
  ASSERT_TRUE(ok(s.apply(draw(t))));
  ASSERT_TRUE(ok(s.apply(place(1, 0, 0))));
  Action thief;
  thief.kind = ActionKind::Meeple;
  thief.colour = 0;
  thief.seg = static_cast<int8_t>(road_on(s, 1, 0, 3));
  ASSERT_TRUE(ok(s.apply(thief)));
  ASSERT_TRUE(ok(s.apply(draw(t))));
  ASSERT_TRUE(ok(s.apply(place(-1, 0, 0))));
  Action pass;
  pass.kind = ActionKind::Pass;
  ASSERT_TRUE(ok(s.apply(pass)));
  EXPECT_EQ(s.score(0).total, 3);
}

// Random games in the toy room on the shipped C1 tiles end (every tile drawn), and every
// road point a player holds came doubled: the road column is even, finished or not.
TEST(RuleSystem, ToyRoomRandomGamesEnd) {
  int road_points = 0;
  for (int players = 2; players <= 5; ++players)
    for (uint64_t seed = 1; seed <= 10; ++seed) {
      SCOPED_TRACE("players " + std::to_string(players) + " seed " + std::to_string(seed));
      Game game = toy_game(Library::shipped().tile_sets, players);
      State s(game, seed);
      Rng chooser(seed + 100);
      play_random(s, chooser);
      ASSERT_TRUE(s.is_terminal());
      EXPECT_EQ(s.end_reason(), EndReason::AllTilesPlayed);
      EXPECT_EQ(s.tiles_remaining(), 0);
      for (int p = 0; p < players; ++p) {
        int roads = s.score(p).by_feature[static_cast<size_t>(FeatureClass::Road)];
        EXPECT_EQ(roads % 2, 0);
        road_points += roads;
      }
    }
  EXPECT_GT(road_points, 0) << "the games scored roads at all";
}

// A second toy, for the placement hook: the base game on a board that stops at the start
// tile's column, nothing to its west.
class EastOnly final : public CompetitiveRules {
 public:
  bool restricts_placement(const Switches&) const override { return true; }
  bool placement_allowed(const State&, TileId, int x, int, int, std::string* why) const override {
    if (x >= 0) return true;
    if (why) *why = "the board stops at the start tile's column";
    return false;
  }
};

TEST(RuleSystem, ToyRoomRestrictsPlacement) {
  const std::vector<TileSet> sets{two_tile_set()};
  Game game(find_rule_set(Library::shipped().rule_sets, "base-c1"), sets, 2,
            std::make_shared<const EastOnly>());
  State s(game, 1);
  const TileId t = game.find_tile("t-junction");
  ASSERT_TRUE(ok(s.apply(draw(t))));
  ActionList legal;
  s.legal_actions(legal);
  // Edges alone allow the t-junction west (-1,0: its E road meets the start's W road) and
  // east (1,0: its W road meets the start's E road), in the rotations whose side towards
  // the start is a road; the toy keeps only the east ones.
  ASSERT_GT(legal.size, 0);
  for (const Action& a : legal) EXPECT_GE(a.x, 0) << a.x << "," << a.y;
  EXPECT_EQ(s.apply(place(-1, 0, 0)),
            std::optional<std::string>("the board stops at the start tile's column"));
  EXPECT_TRUE(ok(s.apply(place(1, 0, 0))));
}

// Every family of levels.yaml has its room: the fourth, Bridges, Castles and Bazaars, too
// (issue 12); a Game picks it from the rule set alone.
TEST(RuleSystem, EveryFamilyHasItsRoom) {
  const Library& lib = Library::shipped();
  for (const RuleSet& r : lib.rule_sets) {
    Game g(r, lib.tile_sets, r.min_players);
    EXPECT_TRUE(rule_system_for(r)) << r.name;
  }
  Game bcb(find_rule_set(lib.rule_sets, "bcb"), lib.tile_sets, 2);
  EXPECT_EQ(&bcb.rule_system(), bcb_rules().get());
}

}  // namespace
}  // namespace carcheck
