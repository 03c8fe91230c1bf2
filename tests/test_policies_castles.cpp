// Greedy's castle judgement (checker/policies_bcb.h castle_promise, issue 28 section 5) on
// boards built by hand. What each test expects follows from seed 003 "Cetățile": a small city
// of two caps scores 4 when not converted; a castle scores the first road, city, monastery or
// castle finished with a tile in its fief (its two tiles and the two on each side of the
// pair), not in the scoring that builds it (castle-same-turn), and nothing when the game ends
// first.
//
// Coordinates as in test_bcb_castles.cpp: x east, y south, the start cap at 0,0 with its city
// north; red (player 0) closes the start's city with a cap on 0,-1 (rotation 2, city south),
// so the castle lies on 0,-1 / 0,0 and its fief is columns -1..1, rows -1..0.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bcb_support.h"
#include "checker/policies.h"
#include "checker/policies_bcb.h"
#include "engine/state.h"
#include "test_support.h"

namespace carcheck {
namespace {

using test_support::ok;

const std::map<std::string, std::string>& shapes() {
  static const std::map<std::string, std::string> s = {
      {"city-cap", "city N; field Wl Wr Sl Sr El Er @N"},
      {"field", "field Nl Nr El Er Sl Sr Wl Wr"},
      {"road-end", "road S*; field Sr Wl Wr Nl Nr El Er Sl"},
      {"curve", "road W-S; field Wr Nl Nr El Er Sl; field Sr Wl"},
      {"straight", "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl"},
  };
  return s;
}

constexpr int kRed = 0;
constexpr int kCity = 0;  // city-cap's city segment

struct Board {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> s;

  Board() {
    game = test_support::bcb_game(
        test_support::bcb_sets(
            shapes(), "city-cap", "city-cap-start",
            {{"city-cap", 12}, {"field", 12}, {"road-end", 6}, {"curve", 6}, {"straight", 6}},
            "test_policies_castles.cpp"),
        2, {});
    s = std::make_unique<State>(*game, 1);
  }
  TileId tile(const std::string& n) const { return game->find_tile(n); }
  void put(const std::string& n, int x, int y, int rot) {
    ASSERT_TRUE(ok(s->setup_place(tile(n), x, y, rot))) << n << " at " << x << "," << y;
  }
  // Red's follower on the start's city; red draws a cap and closes the city with it, declining
  // a bridge and a follower: the small city is finished and red, its occupant, decides.
  void red_closes_the_start_city() {
    ASSERT_TRUE(ok(s->setup_meeple(kRed, s->cell_at(0, 0), kCity)));
    ASSERT_TRUE(ok(s->setup_active_player(kRed)));
    Action d;
    d.kind = ActionKind::Draw;
    d.tile = tile("city-cap");
    ASSERT_TRUE(ok(s->apply(d)));
    Action p;
    p.kind = ActionKind::Place;
    p.x = 0, p.y = -1, p.rot = 2;
    ASSERT_TRUE(ok(s->apply(p)));
    Action pass;
    pass.kind = ActionKind::Pass;
    while (s->phase() == Phase::Bridge || s->phase() == Phase::Meeple)
      ASSERT_TRUE(ok(s->apply(pass)));
    ASSERT_EQ(s->phase(), Phase::CastleChoice);
    ASSERT_EQ(s->current_player(), kRed);
  }
  // What `policy` does at the castle choice.
  ActionKind choice(const std::string& policy) const {
    Rng rng(7);
    ActionList legal;
    s->legal_actions(legal);
    return policy_choice(*parse_policy(policy), rng)(*s, legal).kind;
  }
  // The castle's promise were red to convert now.
  double promise_if_built() const {
    State t(*s);
    Action c;
    c.kind = ActionKind::Castle;
    EXPECT_TRUE(ok(t.apply(c)));
    return castle_promise(t, t.bcb().castles[0]);
  }
};

// A road of 4 tiles with one open end runs through -1,0, in the fief: -1,0 (end) / -1,1 /
// 0,1 / 1,1, open east. With many tiles left it will likely be finished (5 tiles or more,
// at least 5 points) or something else in the fief will, before the end: the castle is worth
// more than the 4 points of the city, and greedy converts; the castle-blind player does not.
TEST(CastleJudgement, ConvertsWhenTheFiefHoldsANearlyFinishedRoad) {
  Board b;
  b.put("road-end", -1, 0, 0);  // road S
  b.put("curve", -1, 1, 2);     // road N-E
  b.put("straight", 0, 1, 0);   // road W-E
  b.put("straight", 1, 1, 0);   // road W-E, open east
  b.red_closes_the_start_city();
  ASSERT_GT(b.s->tiles_remaining(), 30);
  EXPECT_GT(b.promise_if_built(), 4.0);
  EXPECT_EQ(b.choice("greedy"), ActionKind::Castle);
  EXPECT_EQ(b.choice("greedy-castle-blind"), ActionKind::Pass);
}

// Every tile of the fief placed and holding only fields (the castle's own city aside): no
// road, city or monastery can ever be finished in it and no other castle can be built there,
// so the castle would never score. Greedy scores the city's 4 points instead.
TEST(CastleJudgement, KeepsTheCityWhenNothingInTheFiefCanFinish) {
  Board b;
  b.put("field", -1, 0, 0);
  b.put("field", 1, 0, 0);
  b.put("field", -1, -1, 0);
  b.put("field", 1, -1, 0);
  b.red_closes_the_start_city();
  ASSERT_GT(b.s->tiles_remaining(), 30);
  EXPECT_EQ(b.promise_if_built(), 0.0);
  EXPECT_EQ(b.choice("greedy"), ActionKind::Pass);
}

// The same nearly finished road, but the cap was the last tile: the game ends after this
// turn, no feature can finish in a later scoring, and an unfinished castle scores nothing
// at the end. Greedy keeps the city.
TEST(CastleJudgement, KeepsTheCityOnTheLastTile) {
  Board b;
  b.put("road-end", -1, 0, 0);
  b.put("curve", -1, 1, 2);
  b.put("straight", 0, 1, 0);
  b.put("straight", 1, 1, 0);
  ASSERT_TRUE(ok(b.s->setup_pile(0, {b.tile("city-cap")})));
  b.red_closes_the_start_city();
  ASSERT_EQ(b.s->tiles_remaining(), 0);
  EXPECT_EQ(b.promise_if_built(), 0.0);
  EXPECT_EQ(b.choice("greedy"), ActionKind::Pass);
}

}  // namespace
}  // namespace carcheck
