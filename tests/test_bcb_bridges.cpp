// Bridges, Castles and Bazaars: bridges (seed 003 "Podurile" and its footnotes 16-21). Boards
// are built by hand from inline tiles (the C1 shapes of tiles.md), and every expected value
// is worked out from the seed's text, never copied from the engine's output.
//
// Until the engine plays every bcb switch (issue 12 step 4) a bcb Game is built with the
// room passed explicitly, and the rule set keeps only the switches the engine reads (the
// castle and bazaar ones come with their steps).
//
// Coordinates: x grows east, y grows south; the start tile lies at 0,0 in rotation 0; a
// rotation r turns a tile r quarter turns clockwise. Player i plays colour i (0 red).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bcb_support.h"
#include "checker/policies.h"
#include "dsl/level_loader.h"
#include "dsl/library.h"
#include "engine/bcb.h"
#include "engine/notation.h"
#include "engine/state.h"
#include "test_support.h"

namespace carcheck {
namespace {

const std::map<std::string, std::string>& shapes() {
  static const std::map<std::string, std::string> s = {
      {"monastery", "monastery; field Nl Nr El Er Sl Sr Wl Wr"},
      {"monastery-road", "monastery; road S*; field Nl Nr El Er Sl Sr Wl Wr"},
      {"city-cap-straight-road", "city N; road W-E; field Wr El @N; field Er Sl Sr Wl"},
      {"crossroads",
       "road N*; road E*; road S*; road W*; field Wr Nl; field Nr El; field Er Sl; field Sr Wl"},
      {"curve", "road W-S; field Wr Nl Nr El Er Sl; field Sr Wl"},
      {"straight", "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl"},
  };
  return s;
}

// `start` once as the start tile (set base-c1), `counts` land tiles (set bcb).
std::vector<TileSet> hand_sets(const std::string& start,
                               const std::vector<std::pair<std::string, int>>& counts) {
  return test_support::bcb_sets(shapes(), start, start, counts, "test_bcb_bridges.cpp");
}

using test_support::bcb_game;
using test_support::ok;

struct Table {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> s;

  Table(const std::string& start, const std::vector<std::pair<std::string, int>>& counts,
        const std::vector<std::string>& variants = {}, int players = 2) {
    game = bcb_game(hand_sets(start, counts), players, variants);
    s = std::make_unique<State>(*game, 1);
  }
  TileId tile(const std::string& n) const { return game->find_tile(n); }
  std::optional<std::string> put(const std::string& n, int x, int y, int rot) {
    return s->setup_place(tile(n), x, y, rot);
  }
  std::optional<std::string> draw(const std::string& n) {
    Action a;
    a.kind = ActionKind::Draw;
    a.tile = tile(n);
    return s->apply(a);
  }
  Action place_action(int x, int y, int rot, int bridge = kPlaceBridgeNone) const {
    Action a;
    a.kind = ActionKind::Place;
    a.x = static_cast<int16_t>(x);
    a.y = static_cast<int16_t>(y);
    a.rot = static_cast<int8_t>(rot);
    a.count = static_cast<int8_t>(bridge);
    a.tile = s->drawn();
    return a;
  }
  std::optional<std::string> place(int x, int y, int rot, int bridge = kPlaceBridgeNone) {
    return s->apply(place_action(x, y, rot, bridge));
  }
  std::optional<std::string> bridge(int x, int y, BridgeAxis axis) {
    Action a;
    a.kind = ActionKind::Bridge;
    a.x = static_cast<int16_t>(x);
    a.y = static_cast<int16_t>(y);
    a.count = static_cast<int8_t>(axis);
    return s->apply(a);
  }
  std::optional<std::string> simple(ActionKind k) {
    Action a;
    a.kind = k;
    return s->apply(a);
  }
  std::optional<std::string> pass() { return simple(ActionKind::Pass); }
  std::optional<std::string> meeple(int seg) {
    Action a;
    a.kind = ActionKind::Meeple;
    a.seg = static_cast<int8_t>(seg);
    a.colour = static_cast<int8_t>(s->current_player());
    return s->apply(a);
  }
  // The road segment of the tile at (x, y) reaching side `side` (0 N .. 3 W).
  int road(int x, int y, int side) const {
    return s->face(s->cell_at(x, y)).port_segment[centre_port(side)];
  }
  std::vector<Action> legal() const {
    ActionList out;
    s->legal_actions(out);
    return {out.begin(), out.end()};
  }
  bool offers(const Action& a) const {
    auto l = legal();
    return std::find(l.begin(), l.end(), a) != l.end();
  }
  int bridges(int player) const { return s->bcb().bridges[static_cast<size_t>(player)]; }
};

constexpr int kSelfNS = kPlaceBridgeSelf + static_cast<int>(BridgeAxis::NorthSouth);
constexpr int kSelfWE = kPlaceBridgeSelf + static_cast<int>(BridgeAxis::WestEast);
constexpr int kBesideN = kPlaceBridgeBeside + North;

// Seed 003 "Pregătire": 3 bridges a player with 2-4 players, 2 with 5 or 6.
TEST(BcbBridges, SupplyPerPlayerCount) {
  Table two("straight", {{"monastery", 4}});
  EXPECT_EQ(two.bridges(0), 3);
  EXPECT_EQ(two.bridges(1), 3);
  Table five("straight", {{"monastery", 4}}, {}, 5);
  for (int p = 0; p < 5; ++p) EXPECT_EQ(five.bridges(p), 2);
}

// "Un jucător are de asemenea posibilitatea de a plasa un cartonaș astfel încât un drum se
// sfârșește la o fermă când el continuă apoi drumul cu un pod" and fn 17: on a crossroads
// start every space asks for a road, so a monastery (four field sides) fits only with a
// bridge on it carrying the road on: 4 spaces x 4 rotations, each along the axis facing the
// crossroads, and the player may decline and set the tile aside.
TEST(BcbBridges, TileThatFitsOnlyWithABridgeIsOfferedWithItOrDiscarded) {
  Table t("crossroads", {{"monastery", 4}});
  ASSERT_TRUE(ok(t.draw("monastery")));
  EXPECT_EQ(t.s->phase(), Phase::Place);
  auto l = t.legal();
  EXPECT_EQ(l.size(), 17u);
  for (int rot = 0; rot < 4; ++rot) {
    EXPECT_TRUE(t.offers(t.place_action(1, 0, rot, kSelfWE)));
    EXPECT_TRUE(t.offers(t.place_action(-1, 0, rot, kSelfWE)));
    EXPECT_TRUE(t.offers(t.place_action(0, 1, rot, kSelfNS)));
    EXPECT_TRUE(t.offers(t.place_action(0, -1, rot, kSelfNS)));
  }
  Action discard;
  discard.kind = ActionKind::Discard;
  EXPECT_TRUE(t.offers(discard));
  // A bridge the wrong way leaves the road meeting a field.
  EXPECT_NE(t.place(1, 0, 0, kSelfNS), std::nullopt);
  ASSERT_TRUE(ok(t.simple(ActionKind::Discard)));
  EXPECT_EQ(t.s->set_aside(), 1);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.bridges(0), 3);
}

// bridge-on-monastery=forbidden: the same monastery has no placement at all and is set
// aside when drawn, as any tile that fits nowhere.
TEST(BcbBridges, NoBridgeOnAMonasteryUnderForbidden) {
  Table t("crossroads", {{"monastery", 4}}, {"bridge-on-monastery=forbidden"});
  ASSERT_TRUE(ok(t.draw("monastery")));
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.s->set_aside(), 1);
}

// A tile that fits without a bridge may not be set aside (fn 17 concerns a tile that would
// otherwise be discarded).
TEST(BcbBridges, DiscardOnlyWhenNothingFitsWithoutABridge) {
  Table t("straight", {{"monastery", 4}});
  ASSERT_TRUE(ok(t.draw("monastery")));
  auto why = t.simple(ActionKind::Discard);
  ASSERT_NE(why, std::nullopt);
  EXPECT_NE(why->find("fits without a bridge"), std::string::npos) << *why;
}

// A bridge built with the placement on the tile just placed carries a follower (seed 003:
// "dacă podul este plasat pe cartonașul în curs de plasare, supusul are posibilitatea de a fi
// plasat pe pod") and is a road segment: the road from the start over the bridge, closed by
// two road ends, is 4 tiles long and scores 4 (1 a tile, seed 001).
TEST(BcbBridges, FollowerOnTheBridgeScoresTheRoadOverIt) {
  Table t("city-cap-straight-road", {{"monastery", 2}, {"monastery-road", 4}});
  ASSERT_TRUE(ok(t.draw("monastery")));
  ASSERT_TRUE(ok(t.place(1, 0, 0, kSelfWE)));
  EXPECT_EQ(t.bridges(0), 2);
  EXPECT_EQ(t.s->cell(t.s->cell_at(1, 0)).added, 1 + static_cast<int>(BridgeAxis::WestEast));
  EXPECT_EQ(t.s->phase(), Phase::Meeple);  // the bridge came with the tile: no bridge step
  ASSERT_TRUE(ok(t.meeple(kBridgeSeg)));
  EXPECT_EQ(t.s->meeples_in_supply(0), 6);
  // Green closes the east end with a road ending at a monastery (road W)...
  ASSERT_TRUE(ok(t.draw("monastery-road")));
  ASSERT_TRUE(ok(t.place(2, 0, 1)));
  ASSERT_EQ(t.s->phase(), Phase::Bridge);  // green may bridge the new tile N-S
  ASSERT_TRUE(ok(t.pass()));
  ASSERT_TRUE(ok(t.pass()));
  EXPECT_EQ(t.s->score(0).total, 0);
  // ... and red the west end (road E).
  ASSERT_TRUE(ok(t.draw("monastery-road")));
  ASSERT_TRUE(ok(t.place(-1, 0, 3)));
  ASSERT_EQ(t.s->phase(), Phase::Bridge);  // a W-E or N-S bridge on the road end is open
  ASSERT_TRUE(ok(t.pass()));
  ASSERT_TRUE(ok(t.pass()));
  EXPECT_EQ(t.s->score(0).total, 4);
  EXPECT_EQ(t.s->meeples_in_supply(0), 7);
}

// A road meeting a field edge, carried on by a bridge on the neighbour (seed 003 "Podurile",
// fn 17): a monastery road pointing north at the straight start tile's south field comes
// with a N-S bridge on the start tile; a road end north of it closes a 3-tile road.
TEST(BcbBridges, BridgeOnTheNeighbourCarriesTheNewRoad) {
  Table t("straight", {{"monastery-road", 4}});
  ASSERT_TRUE(ok(t.draw("monastery-road")));
  EXPECT_NE(t.place(0, 1, 2), std::nullopt);  // the road meets a field without a bridge
  EXPECT_TRUE(t.offers(t.place_action(0, 1, 2, kBesideN)));
  ASSERT_TRUE(ok(t.place(0, 1, 2, kBesideN)));
  EXPECT_EQ(t.s->cell(t.s->cell_at(0, 0)).added, 1 + static_cast<int>(BridgeAxis::NorthSouth));
  ASSERT_TRUE(ok(t.meeple(t.road(0, 1, North))));
  ASSERT_TRUE(ok(t.draw("monastery-road")));
  // The space north of the bridge now asks for a road: a field side no longer fits there.
  EXPECT_NE(t.place(0, -1, 2), std::nullopt);
  ASSERT_TRUE(ok(t.place(0, -1, 0)));
  ASSERT_EQ(t.s->phase(), Phase::Bridge);  // a W-E or N-S bridge on the road end is open
  ASSERT_TRUE(ok(t.pass()));
  ASSERT_TRUE(ok(t.pass()));
  EXPECT_EQ(t.s->score(0).total, 3);
}

// fn 19: a finished road with a bridge and a printed road on the same tile counts that tile
// once. The straight start's road W-E and its N-S bridge are one loop through 7 tiles: 7.
TEST(BcbBridges, BridgeAndPrintedRoadOnOneTileCountOnce) {
  Table t("straight", {{"curve", 8}});
  ASSERT_TRUE(ok(t.put("curve", -1, 0, 2)));   // road E-N
  ASSERT_TRUE(ok(t.put("curve", -1, -1, 3)));  // road S-E
  ASSERT_TRUE(ok(t.put("curve", 1, 0, 0)));    // road W-S
  ASSERT_TRUE(ok(t.put("curve", 1, 1, 1)));    // road N-W
  ASSERT_TRUE(ok(t.draw("curve")));
  ASSERT_TRUE(ok(t.place(0, 1, 2, kBesideN)));  // road E-N; the start's bridge carries N on
  ASSERT_TRUE(ok(t.meeple(t.road(0, 1, North))));
  ASSERT_TRUE(ok(t.draw("curve")));
  ASSERT_TRUE(ok(t.place(0, -1, 0)));      // road W-S: the loop is closed
  ASSERT_EQ(t.s->phase(), Phase::Meeple);  // no field-to-field axis open around it
  ASSERT_TRUE(ok(t.pass()));
  EXPECT_EQ(t.s->score(0).total, 7);
}

// Refusals, each with its reason (issue 12 "Bad input").
TEST(BcbBridges, RefusalsSayWhy) {
  Table t("city-cap-straight-road", {{"monastery", 4}});
  ASSERT_TRUE(ok(t.draw("monastery")));
  ASSERT_TRUE(ok(t.place(0, 1, 0)));
  ASSERT_EQ(t.s->phase(), Phase::Bridge);  // a W-E bridge on the monastery is open
  auto city = t.bridge(0, 0, BridgeAxis::NorthSouth);
  ASSERT_NE(city, std::nullopt);
  EXPECT_NE(city->find("a bridge end on a city side"), std::string::npos) << *city;
  auto road = t.bridge(0, 0, BridgeAxis::WestEast);
  ASSERT_NE(road, std::nullopt);
  EXPECT_NE(road->find("a bridge end on a road side"), std::string::npos) << *road;
  auto field = t.bridge(0, 1, BridgeAxis::NorthSouth);  // N faces the start's south field
  ASSERT_NE(field, std::nullopt);
  EXPECT_NE(field->find("meets the neighbour's field"), std::string::npos) << *field;
  auto none = t.bridge(3, 3, BridgeAxis::NorthSouth);
  ASSERT_NE(none, std::nullopt);
  EXPECT_NE(none->find("no tile at 3,3"), std::string::npos) << *none;
  ASSERT_TRUE(ok(t.pass()));
  ASSERT_TRUE(ok(t.pass()));
  // Green: a monastery south of the straight; the start tile is not beside it.
  ASSERT_TRUE(ok(t.draw("monastery")));
  ASSERT_TRUE(ok(t.place(0, 2, 0)));
  ASSERT_EQ(t.s->phase(), Phase::Bridge);
  auto far = t.bridge(0, 0, BridgeAxis::WestEast);
  ASSERT_NE(far, std::nullopt);
  EXPECT_NE(far->find("on the tile just placed or on one sharing a side"), std::string::npos)
      << *far;
  ASSERT_TRUE(ok(t.bridge(0, 2, BridgeAxis::WestEast)));  // both ends face empty spaces
  EXPECT_EQ(t.bridges(1), 2);
  // One bridge a turn: a second one is refused in the follower step.
  EXPECT_EQ(t.s->phase(), Phase::Meeple);
  auto second = t.bridge(0, 1, BridgeAxis::NorthSouth);
  ASSERT_NE(second, std::nullopt);
  EXPECT_NE(second->find("a second bridge this turn"), std::string::npos) << *second;
}

// bridge-timing (fn 16, 20): with-tile offers the bridge only before the follower;
// before-scoring offers it again after the follower step when none was built.
TEST(BcbBridges, BridgeTimingDecidesWhetherABridgeMayFollowTheFollower) {
  for (const char* timing : {"with-tile", "before-scoring"}) {
    Table t("city-cap-straight-road", {{"monastery", 4}}, {std::string("bridge-timing=") + timing});
    ASSERT_TRUE(ok(t.draw("monastery")));
    ASSERT_TRUE(ok(t.place(0, 1, 0)));
    ASSERT_EQ(t.s->phase(), Phase::Bridge) << timing;
    ASSERT_TRUE(ok(t.pass()));
    ASSERT_TRUE(ok(t.pass()));  // no follower
    const bool late = std::string(timing) == "before-scoring";
    EXPECT_EQ(t.s->phase(), late ? Phase::Bridge : Phase::Draw) << timing;
    if (late) {
      ASSERT_TRUE(ok(t.pass()));
      EXPECT_EQ(t.s->phase(), Phase::Draw);
    }
  }
}

// The base game has no bridges: the action is refused, naming the expansion.
TEST(BcbBridges, TheBaseGameRefusesABridge) {
  GameOptions o;
  o.rules = "base-c1";
  std::unique_ptr<Game> g = make_game(Library::shipped(), o);
  State s(*g, 1);
  s.apply_random_draw();
  Action a;
  a.kind = ActionKind::Bridge;
  auto why = s.apply(a);
  ASSERT_NE(why, std::nullopt);
  EXPECT_NE(why->find("Bridges, Castles and Bazaars"), std::string::npos) << *why;
}

// Snapshots see bridges, so equal snapshots still mean equal states.
TEST(BcbBridges, SnapshotShowsBridges) {
  Table a("city-cap-straight-road", {{"monastery", 2}});
  Table b("city-cap-straight-road", {{"monastery", 2}});
  ASSERT_TRUE(ok(a.draw("monastery")));
  ASSERT_TRUE(ok(b.draw("monastery")));
  ASSERT_TRUE(ok(a.place(1, 0, 0, kSelfWE)));
  ASSERT_TRUE(ok(b.place(0, 1, 0)));
  EXPECT_NE(a.s->snapshot(), b.s->snapshot());
}

// Every tile a bcb game plays leaves the bridge's segment index free.
TEST(BcbBridges, EveryTileLeavesTheBridgeSegmentFree) {
  const Library& lib = Library::shipped();
  RuleSet r;
  for (const RuleSet& rs : lib.rule_sets)
    if (rs.name == "bcb") r = rs;
  std::erase_if(r.variants, [](const VariantSwitch& v) { return !engine_reads_switch(v.id); });
  Game g(r, lib.tile_sets, 2, bcb_rules());
  for (const TileType& t : g.tiles())
    for (int rot = 0; rot < kRotations; ++rot) EXPECT_LT(t.face(rot).n_segments, kBridgeSeg);
}

}  // namespace
}  // namespace carcheck

namespace carcheck {
namespace {

// Random complete games on the shipped tiles: every legal action is accepted, and bridges
// are conserved (supply + board = the players' share, seed 003 "Pregătire").
TEST(BcbBridges, RandomGamesAcceptEveryLegalActionAndConserveBridges) {
  const Library& lib = Library::shipped();
  int all_built = 0;
  for (const char* variant :
       {"bridge-timing=with-tile", "bridge-timing=before-scoring", "bridge-on-monastery=forbidden"})
    for (int players = 2; players <= 5; ++players) {
      std::unique_ptr<Game> g = bcb_game(lib.tile_sets, players, {variant});
      const int per = players <= 4 ? 3 : 2;
      for (uint64_t seed = 1; seed <= 10; ++seed) {
        State s(*g, seed);
        Rng pick(seed * 7919);
        ActionList out;
        int built = 0;
        while (!s.is_terminal()) {
          if (s.is_chance()) {
            s.apply_random_draw();
            continue;
          }
          s.legal_actions(out);
          ASSERT_GT(out.size, 0) << phase_name(s.phase());
          const Action a = random_action(s, out, pick);
          ASSERT_EQ(s.apply(a), std::nullopt) << action_text(s, a);
          for (const Event& e : s.events()) built += e.kind == EventKind::BridgeBuilt;
        }
        int on_board = 0, in_supply = 0;
        for (int c = 0; c < s.cells(); ++c) on_board += s.cell(c).added != 0;
        for (int p = 0; p < players; ++p) in_supply += s.bcb().bridges[static_cast<size_t>(p)];
        EXPECT_EQ(on_board, built);
        all_built += built;
        EXPECT_EQ(on_board + in_supply, per * players) << variant << " seed " << seed;
      }
    }
  EXPECT_GT(all_built, 0) << "random play builds bridges";
}

}  // namespace
}  // namespace carcheck
