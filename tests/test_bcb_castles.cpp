// Bridges, Castles and Bazaars: castles (seed 003 "Cetățile", footnotes 23-36 and the farm
// paragraph). Boards are built by hand from inline tiles (C1 shapes of tiles.md, and two
// made-up shapes for geometry), and every expected value is worked out from the seed's text,
// never copied from the engine's output.
//
// As in test_bcb_bridges.cpp the bcb Game is built with the room passed explicitly and keeps
// only the switches the engine reads (the bazaar ones come with their steps).
//
// Coordinates: x grows east, y grows south; the start tile lies at 0,0 in rotation 0; a
// rotation r turns a tile r quarter turns clockwise (city-cap r2: city S, r1: E, r3: W).
// Player i plays colour i (0 red, 1 green). Segment indices follow the shape's order:
// city-cap's city is 0, its field 1.
//
// Values used throughout (seed 001, modern small city): a finished city scores 2 per tile, a
// finished road 1 per tile, a finished monastery 9; seed 003: a small city of two caps scores
// "4 puncte" when not turned into a castle.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bcb_support.h"
#include "dsl/action_parser.h"
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
      {"city-cap", "city N; field Wl Wr Sl Sr El Er @N"},
      {"field", "field Nl Nr El Er Sl Sr Wl Wr"},
      {"monastery", "monastery; field Nl Nr El Er Sl Sr Wl Wr"},
      {"monastery-road", "monastery; road S*; field Nl Nr El Er Sl Sr Wl Wr"},
      {"city-bridge", "city W+E; field Nl Nr @W; field Sl Sr @W"},
      // A triangular city (tiles.md: never a castle base), reduced to the city.
      {"triangle", "city W triangle; field Nl Nr El Er Sl Sr @W"},
      // A cap on E and a road from N ending at it: one tile finishing a road and a city.
      {"cap-e-road-n", "city E; road N*; field Nl Wl Wr Sl Sr @E; field Nr @E"},
      // Base C1 road shapes (tiles.md), and a road ending on S.
      {"road-end", "road S*; field Sr Wl Wr Nl Nr El Er Sl"},
      {"curve", "road W-S; field Wr Nl Nr El Er Sl; field Sr Wl"},
      {"straight", "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl"},
      {"t-junction", "road E*; road S*; road W*; field Wr Nl Nr El; field Er Sl; field Sr Wl"},
      {"two-caps", "city N; city S; field Wl Wr El Er @N @S"},
  };
  return s;
}

std::vector<TileSet> hand_sets(const std::string& start,
                               const std::vector<std::pair<std::string, int>>& counts) {
  return test_support::bcb_sets(shapes(), start, start + "-start", counts, "test_bcb_castles.cpp");
}

using test_support::bcb_game;
using test_support::ok;

constexpr int kCity = 0;   // city-cap's city segment
constexpr int kField = 1;  // city-cap's field segment
constexpr int kRed = 0, kGreen = 1, kBlue = 2;

// Enough tiles that no test runs out unless it sets the pile itself.
const std::vector<std::pair<std::string, int>> kPlenty = {
    {"city-cap", 12},   {"field", 12},   {"monastery", 3},    {"monastery-road", 3},
    {"city-bridge", 2}, {"triangle", 2}, {"cap-e-road-n", 2}, {"road-end", 3},
    {"curve", 3},       {"straight", 2}, {"t-junction", 2},   {"two-caps", 2}};

struct Table {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> s;

  explicit Table(const std::vector<std::string>& variants = {}, int players = 2,
                 const std::string& start = "city-cap") {
    game = bcb_game(hand_sets(start, kPlenty), players, variants);
    s = std::make_unique<State>(*game, 1);
  }
  TileId tile(const std::string& n) const { return game->find_tile(n); }
  int cell(int x, int y) const { return s->cell_at(x, y); }
  void put(const std::string& n, int x, int y, int rot) {
    ASSERT_TRUE(ok(s->setup_place(tile(n), x, y, rot))) << n << " at " << x << "," << y;
  }
  void follower(int colour, int x, int y, int seg) {
    ASSERT_TRUE(ok(s->setup_meeple(colour, cell(x, y), seg)));
  }
  // `player` draws `n` and places it at (x, y, rot), declining any bridge, then puts a
  // follower of their colour on segment `seg` (-1: none). The turn's scoring follows.
  void play(int player, const std::string& n, int x, int y, int rot, int seg = -1) {
    ASSERT_EQ(s->phase(), Phase::Draw);
    ASSERT_TRUE(ok(s->setup_active_player(player)));
    Action d;
    d.kind = ActionKind::Draw;
    d.tile = tile(n);
    ASSERT_TRUE(ok(s->apply(d)));
    Action p;
    p.kind = ActionKind::Place;
    p.x = static_cast<int16_t>(x);
    p.y = static_cast<int16_t>(y);
    p.rot = static_cast<int8_t>(rot);
    ASSERT_TRUE(ok(s->apply(p)));
    while (s->phase() == Phase::Bridge) ASSERT_TRUE(ok(simple(ActionKind::Pass)));
    ASSERT_EQ(s->phase(), Phase::Meeple);
    if (seg < 0) {
      ASSERT_TRUE(ok(simple(ActionKind::Pass)));
    } else {
      Action m;
      m.kind = ActionKind::Meeple;
      m.seg = static_cast<int8_t>(seg);
      m.colour = static_cast<int8_t>(player);
      ASSERT_TRUE(ok(s->apply(m)));
    }
  }
  std::optional<std::string> simple(ActionKind k) {
    Action a;
    a.kind = k;
    return s->apply(a);
  }
  // castle-score x,y <seg>; `castle` >= 0: `for` the castle with that index (built order).
  std::optional<std::string> castle_score(int x, int y, int seg, int castle = -1) {
    Action a;
    a.kind = ActionKind::CastleScore;
    a.x = static_cast<int16_t>(x);
    a.y = static_cast<int16_t>(y);
    a.seg = static_cast<int8_t>(seg);
    a.count = static_cast<int8_t>(castle + 1);
    return s->apply(a);
  }
  std::vector<Action> legal() const {
    ActionList out;
    s->legal_actions(out);
    return {out.begin(), out.end()};
  }
  bool offers(ActionKind k) const {
    auto l = legal();
    return std::any_of(l.begin(), l.end(), [&](const Action& a) { return a.kind == k; });
  }
  int score(int p) const { return s->score(p).total; }
  int tokens(int p) const { return s->bcb().castle_tokens[static_cast<size_t>(p)]; }
  const CastleRecord& castle(int i) const { return s->bcb().castles[static_cast<size_t>(i)]; }
  int count(EventKind k) const {
    int n = 0;
    for (const Event& e : s->events()) n += e.kind == k;
    return n;
  }
  // Red's castle on 0,-1 and 0,0 (the start cap): red's follower stands on the start's
  // city, red closes it with a cap and converts. Fief: columns -1..1, rows -1..0.
  void red_castle_north() {
    follower(kRed, 0, 0, kCity);
    play(kRed, "city-cap", 0, -1, 2);
    ASSERT_EQ(s->phase(), Phase::CastleChoice);
    ASSERT_TRUE(ok(simple(ActionKind::Castle)));
  }
  // Issue 28's board: road 1, nobody's, of 3 tiles (-1,0 end / -1,1 / 0,1) and road 2 of 4
  // (0,1 / 1,1 / 2,1 / 2,0 end), all but 0,1 placed here; the start cap's city (0,0) and the
  // cap on 1,0 (city N) hold followers of `west` and `east`. Castle A closes on 0,-1 (fief
  // columns -1..1, rows -1..0: road 1 through -1,0), castle B on 1,-1 (columns 0..2: road 2
  // through 2,0); each lies in the other's fief. A t-junction on 0,1 finishes both roads.
  void two_roads(int west, int east) {
    put("road-end", -1, 0, 0);  // road S
    put("curve", -1, 1, 2);     // road N-E
    put("city-cap", 1, 0, 0);   // city N
    put("road-end", 2, 0, 0);   // road S
    put("curve", 2, 1, 1);      // road N-W
    put("straight", 1, 1, 0);   // road W-E
    follower(west, 0, 0, kCity);
    follower(east, 1, 0, kCity);
  }
  // `player` closes the small city on column x (0: castle A, 1: castle B) and converts.
  void build_castle(int player, int x) {
    play(player, "city-cap", x, -1, 2);
    ASSERT_EQ(s->phase(), Phase::CastleChoice);
    ASSERT_TRUE(ok(simple(ActionKind::Castle)));
  }
};

// Seed 003 "Pregătire": 3 castles a player with 2-4 players, 2 with 5 or 6.
TEST(BcbCastles, TokensPerPlayerCount) {
  Table two;
  EXPECT_EQ(two.tokens(0), 3);
  EXPECT_EQ(two.tokens(1), 3);
  Table five({}, 5);
  for (int p = 0; p < 5; ++p) EXPECT_EQ(five.tokens(p), 2);
}

// Seed 003: the occupant of a small city of two caps may turn it into a castle, and fn 27:
// it does not matter that the follower was placed on the second half this very turn. Red
// places the cap closing the start's city with a follower on it: red decides (active), the
// token goes on, the follower stays on its segment, nothing is scored ("Nu sunt acordate
// puncte la construirea unei cetăți").
TEST(BcbCastles, ActiveOccupantConvertsWithTheFollowerJustPlaced) {
  Table t;
  t.play(kRed, "city-cap", 0, -1, 2, kCity);
  ASSERT_EQ(t.s->phase(), Phase::CastleChoice);
  EXPECT_EQ(t.s->current_player(), kRed);
  EXPECT_TRUE(t.offers(ActionKind::Castle));
  EXPECT_TRUE(t.offers(ActionKind::Pass));
  EXPECT_EQ(t.legal().size(), 2u);
  ASSERT_TRUE(ok(t.simple(ActionKind::Castle)));
  ASSERT_EQ(t.s->bcb().castle_count, 1);
  const CastleRecord& c = t.castle(0);
  EXPECT_EQ(c.cells[0], t.cell(0, -1));  // the north cell first
  EXPECT_EQ(c.cells[1], t.cell(0, 0));
  EXPECT_EQ(c.owner, kRed);
  ASSERT_GE(c.meeple, 0);
  EXPECT_EQ(t.s->meeples()[static_cast<size_t>(c.meeple)].cell, t.cell(0, -1));
  EXPECT_FALSE(c.scored);
  EXPECT_EQ(t.tokens(kRed), 2);  // 3 - 1
  EXPECT_EQ(t.score(kRed), 0);
  EXPECT_EQ(t.s->meeples_in_supply(kRed), 6);  // 7 - the castle's follower
  EXPECT_EQ(t.count(EventKind::CastleBuilt), 1);
  EXPECT_EQ(t.count(EventKind::FeatureFinished), 0);  // "considerat a fi nefinalizat"
  EXPECT_EQ(t.s->decider(), -1);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.s->active_player(), kGreen);
}

// fn 28: the occupant decides even when not the active player. Green's follower stands on
// the start's city; red closes it: green is asked (current_player), red stays active. Green
// passes: the city scores as usual, 2 tiles x 2 = 4 (seed 003 "pentru 4 puncte"), and the
// follower goes home.
TEST(BcbCastles, NonActiveOccupantDecidesAndPassScoresFour) {
  Table t;
  t.follower(kGreen, 0, 0, kCity);
  t.play(kRed, "city-cap", 0, -1, 2);
  ASSERT_EQ(t.s->phase(), Phase::CastleChoice);
  EXPECT_EQ(t.s->current_player(), kGreen);
  EXPECT_EQ(t.s->active_player(), kRed);
  EXPECT_TRUE(t.offers(ActionKind::Castle));
  ASSERT_TRUE(ok(t.simple(ActionKind::Pass)));
  EXPECT_EQ(t.score(kGreen), 4);
  EXPECT_EQ(t.score(kRed), 0);
  EXPECT_EQ(t.s->meeples_in_supply(kGreen), 7);
  EXPECT_EQ(t.s->bcb().castle_count, 0);
  EXPECT_EQ(t.tokens(kGreen), 3);
  EXPECT_EQ(t.s->decider(), -1);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.s->active_player(), kGreen);  // red's turn is over
}

// A non-active occupant converts: the castle is green's, with green's token.
TEST(BcbCastles, NonActiveOccupantConverts) {
  Table t;
  t.follower(kGreen, 0, 0, kCity);
  t.play(kRed, "city-cap", 0, -1, 2);
  ASSERT_TRUE(ok(t.simple(ActionKind::Castle)));
  EXPECT_EQ(t.castle(0).owner, kGreen);
  EXPECT_EQ(t.tokens(kGreen), 2);
  EXPECT_EQ(t.tokens(kRed), 3);
  EXPECT_EQ(t.score(kGreen), 0);
}

// "ocupantul își plasează unul dintre jetoanele sale cetate": with no token left only the
// scoring remains. Red builds 3 castles (all of red's tokens, 2 players) along row 0, two
// spaces apart so that no fief holds another's city; the fourth small city offers only
// `pass`, `castle` is refused with the reason and changes nothing, and `pass` scores 4.
TEST(BcbCastles, NoTokenLeftOnlyPass) {
  Table t;
  for (int x = 1; x <= 6; ++x) t.put("city-cap", x, 0, 0);
  for (int x = 0; x <= 6; x += 2) t.follower(kRed, x, 0, kCity);
  for (int x = 0; x <= 4; x += 2) {
    t.play(kRed, "city-cap", x, -1, 2);
    ASSERT_EQ(t.s->phase(), Phase::CastleChoice);
    ASSERT_TRUE(ok(t.simple(ActionKind::Castle)));
  }
  EXPECT_EQ(t.tokens(kRed), 0);
  t.play(kRed, "city-cap", 6, -1, 2);
  ASSERT_EQ(t.s->phase(), Phase::CastleChoice);
  EXPECT_FALSE(t.offers(ActionKind::Castle));
  EXPECT_EQ(t.legal().size(), 1u);
  const std::string before = t.s->snapshot();
  auto why = t.simple(ActionKind::Castle);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("no castle token"), std::string::npos) << *why;
  EXPECT_EQ(t.s->snapshot(), before);
  ASSERT_TRUE(ok(t.simple(ActionKind::Pass)));
  EXPECT_EQ(t.score(kRed), 4);
  EXPECT_EQ(t.s->bcb().castle_count, 3);
}

// fn 23: only a city of exactly two semicircular segments. Cap + city bridge + cap is a
// finished city of three segments: no castle, it scores 3 tiles x 2 = 6 at once.
TEST(BcbCastles, ThreeSegmentCityNeverOffersACastle) {
  Table t({"small-city-castle=any-two-segment"});
  t.put("city-bridge", 0, -1, 1);  // city N+S
  t.follower(kRed, 0, 0, kCity);
  t.play(kRed, "city-cap", 0, -2, 2);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.score(kRed), 6);
  EXPECT_EQ(t.s->bcb().castle_count, 0);
}

// fn 23 (semicircular, the default): the triangular segment is no castle base, so cap +
// triangle scores 4 as a small city without a question; fn 24 (ZMG, any-two-segment): any
// city of two segments may become a castle, the triangle's included.
TEST(BcbCastles, TriangleCityOnlyUnderAnyTwoSegment) {
  {
    Table t;
    t.follower(kRed, 0, 0, kCity);
    t.play(kRed, "triangle", 0, -1, 3);  // city S
    EXPECT_EQ(t.s->phase(), Phase::Draw);
    EXPECT_EQ(t.score(kRed), 4);
  }
  {
    Table t({"small-city-castle=any-two-segment"});
    t.follower(kRed, 0, 0, kCity);
    t.play(kRed, "triangle", 0, -1, 3);
    ASSERT_EQ(t.s->phase(), Phase::CastleChoice);
    ASSERT_TRUE(ok(t.simple(ActionKind::Castle)));
    EXPECT_EQ(t.score(kRed), 0);
    EXPECT_EQ(t.s->bcb().castle_count, 1);
  }
}

// The fief, first across a N-S pair: red's castle on 0,-1 / 0,0 has the
// fief columns -1..1, rows -1..0. A small city finished on 0,1 / 1,1 (row 1) is outside: the
// castle stays; one finished on -1,0 / -2,0 has a tile (-1,0) inside: the castle scores its
// 4 ("Ocupantul structurii și ocupantul cetății primesc amândoi punctajul deplin"), even
// though nobody occupies it (fn 35), and red's follower goes home.
TEST(BcbCastles, FiefOfANorthSouthPair) {
  Table t;
  t.red_castle_north();
  t.put("city-cap", 0, 1, 1);           // city E
  t.play(kGreen, "city-cap", 1, 1, 3);  // city W: closes it, row 1
  EXPECT_FALSE(t.castle(0).scored);
  EXPECT_EQ(t.score(kRed), 0);
  t.put("city-cap", -1, 0, 3);           // city W
  t.play(kGreen, "city-cap", -2, 0, 1);  // city E: closes it, -1,0 in the fief
  EXPECT_TRUE(t.castle(0).scored);
  EXPECT_EQ(t.castle(0).points, 4);
  EXPECT_EQ(t.score(kRed), 4);
  EXPECT_EQ(t.score(kGreen), 0);
  EXPECT_EQ(t.s->score(kRed).points(FeatureClass::Castle), 4);
  EXPECT_EQ(t.s->meeples_in_supply(kRed), 7);
  EXPECT_EQ(t.tokens(kRed), 2);  // the token stays on the board
  EXPECT_EQ(t.s->phase(), Phase::Draw);
}

// fn 34: the castle scores the value the feature's occupants get. Under small-city=old (seed
// 001 fn 12) a finished city of two tiles scores 1 per tile: the castle gets 2, not 4; and a
// city is worth its finished value mid-game, never the final one.
TEST(BcbCastles, CastleScoresTheFeaturesOwnValue) {
  Table t({"small-city=old"});
  t.red_castle_north();
  t.put("city-cap", -1, 0, 3);
  t.play(kGreen, "city-cap", -2, 0, 1);
  EXPECT_EQ(t.score(kRed), 2);
  EXPECT_EQ(t.castle(0).points, 2);
}

// `castle-score` outside its phase is refused and changes nothing.
TEST(BcbCastles, CastleScoreOnlyWhenAsked) {
  Table t;
  const std::string before = t.s->snapshot();
  auto why = t.castle_score(0, 0, kCity);
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(t.s->snapshot(), before);
  why = t.simple(ActionKind::Castle);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("no finished small city"), std::string::npos) << *why;
}

// The same turned: a castle on 1,0 / 2,0 (a W-E pair) has the fief columns 1..2, rows -1..1.
// A small city finished on 3,0 / 4,0 (column 3) is outside; one on 1,1 / 2,1 (row 1) is
// inside and the castle scores 4.
TEST(BcbCastles, FiefOfAWestEastPair) {
  Table t;
  t.put("city-cap", 1, 0, 1);  // city E
  t.follower(kRed, 1, 0, kCity);
  t.play(kRed, "city-cap", 2, 0, 3);  // city W
  ASSERT_TRUE(ok(t.simple(ActionKind::Castle)));
  EXPECT_EQ(t.castle(0).cells[0], t.cell(1, 0));  // the west cell first
  t.put("city-cap", 3, 0, 1);
  t.play(kGreen, "city-cap", 4, 0, 3);
  EXPECT_FALSE(t.castle(0).scored);
  EXPECT_EQ(t.score(kRed), 0);
  t.put("city-cap", 1, 1, 1);
  t.play(kGreen, "city-cap", 2, 1, 3);
  EXPECT_TRUE(t.castle(0).scored);
  EXPECT_EQ(t.score(kRed), 4);
}

// "Jucătorul primește puncte numai când este finalizată prima structură ... în timpul unei
// ture subsecvente" and a monastery counts when on one of the six tiles: the monastery on
// 1,0 (in the fief) lacks 0,-1 and 2,1; red's castle takes 0,-1, green places 2,1 in a later
// turn: the monastery is finished (9, unoccupied) and the castle scores 9.
TEST(BcbCastles, CastleScoresALaterMonasteryInItsFief) {
  Table t;
  t.put("monastery", 1, 0, 0);
  for (auto [x, y] : {std::pair{1, -1}, {2, -1}, {2, 0}, {0, 1}, {1, 1}}) t.put("field", x, y, 0);
  t.red_castle_north();
  EXPECT_EQ(t.score(kRed), 0);
  t.play(kGreen, "field", 2, 1, 0);
  EXPECT_EQ(t.score(kRed), 9);
  EXPECT_EQ(t.score(kGreen), 0);
}

// castle-same-turn=not-counted (fn 31, 33: "nu poți să creezi un castel și să-l evaluezi
// imediat"): the same board with 2,1 already placed, so the cap that closes the castle's
// city is also the monastery's eighth neighbour. The monastery is finished in the building
// turn and does not score the castle: red has 0 and the castle waits. A castle wrongly
// scoring in its own turn would give red 9 here.
TEST(BcbCastles, NotInTheBuildingTurn) {
  Table t;
  t.put("monastery", 1, 0, 0);
  for (auto [x, y] : {std::pair{1, -1}, {2, -1}, {2, 0}, {0, 1}, {1, 1}, {2, 1}})
    t.put("field", x, y, 0);
  t.red_castle_north();
  EXPECT_EQ(t.score(kRed), 0);
  EXPECT_FALSE(t.castle(0).scored);
  EXPECT_EQ(t.s->meeples_in_supply(kRed), 6);
  EXPECT_EQ(t.count(EventKind::FeatureFinished), 1);  // the monastery, nobody's
}

// "nu este suficient ca unul dintre cele opt cartonașe care înconjoară mănăstirea să fie
// adiacent": the monastery on 2,0 (outside the fief, columns -1..1) is finished by a tile on
// 1,0 (inside): the castle does not score.
TEST(BcbCastles, MonasteryOutsideTheFiefDoesNotCount) {
  Table t;
  for (auto [x, y] : {std::pair{0, 1}, {1, 1}, {2, 1}, {3, 1}, {3, 0}}) t.put("field", x, y, 0);
  t.put("monastery", 2, 0, 0);
  for (auto [x, y] : {std::pair{3, -1}, {2, -1}, {1, -1}}) t.put("field", x, y, 0);
  t.red_castle_north();
  t.play(kGreen, "field", 1, 0, 0);
  EXPECT_EQ(t.count(EventKind::FeatureFinished), 1);  // the monastery
  EXPECT_FALSE(t.castle(0).scored);
  EXPECT_EQ(t.score(kRed), 0);
}

// The castle scores a later road too: a road of 2 tiles (1,-1 / 1,0) in the fief, nobody's:
// red scores 2.
TEST(BcbCastles, CastleScoresALaterRoad) {
  Table t;
  t.red_castle_north();
  t.put("monastery-road", 1, -1, 0);          // road S, ends at its monastery
  t.play(kGreen, "monastery-road", 1, 0, 2);  // road N
  EXPECT_TRUE(t.castle(0).scored);
  EXPECT_EQ(t.score(kRed), 2);
  EXPECT_EQ(t.score(kGreen), 0);
}

// fn 36: one tile finishes two features of the fief; the castle's owner picks (red, while
// green is active). Green's tile on 1,0 ends the road from 1,-1 (2 tiles: 2 points) and
// closes a small city with the cap on 2,0 (unoccupied: no castle question; 2 x 2 = 4).
// Red may name the city by any of its tiles, 2,0 included; the castle's own city is refused.
TEST(BcbCastles, OwnerPicksAmongTwoFinishedFeatures) {
  for (const bool city : {true, false}) {
    Table t;
    t.red_castle_north();
    t.put("monastery-road", 1, -1, 0);  // road S
    t.put("field", 2, -1, 0);
    t.put("city-cap", 2, 0, 3);  // city W
    t.play(kGreen, "cap-e-road-n", 1, 0, 0);
    ASSERT_EQ(t.s->phase(), Phase::CastleScore);
    EXPECT_EQ(t.s->current_player(), kRed);
    EXPECT_EQ(t.s->active_player(), kGreen);
    const auto l = t.legal();
    ASSERT_EQ(l.size(), 2u);
    const int road_seg = t.s->face(t.cell(1, -1)).port_segment[centre_port(South)];
    const int city_seg = t.s->face(t.cell(1, 0)).port_segment[centre_port(East)];
    Action road_pick, city_pick;
    road_pick.kind = city_pick.kind = ActionKind::CastleScore;
    road_pick.x = 1, road_pick.y = -1, road_pick.seg = static_cast<int8_t>(road_seg);
    city_pick.x = 1, city_pick.y = 0, city_pick.seg = static_cast<int8_t>(city_seg);
    EXPECT_NE(std::find(l.begin(), l.end(), road_pick), l.end());
    EXPECT_NE(std::find(l.begin(), l.end(), city_pick), l.end());
    EXPECT_EQ(action_text(*t.s, road_pick), "castle-score 1,-1 road:S");
    EXPECT_EQ(action_text(*t.s, city_pick), "castle-score 1,0 city:E");
    const std::string before = t.s->snapshot();
    EXPECT_TRUE(t.castle_score(0, 0, kCity).has_value());  // the castle's own city
    EXPECT_EQ(t.s->snapshot(), before);
    if (city)
      ASSERT_TRUE(ok(t.castle_score(2, 0, kCity)));
    else
      ASSERT_TRUE(ok(t.castle_score(
          1, 0, static_cast<int8_t>(t.s->face(t.cell(1, 0)).port_segment[centre_port(North)]))));
    EXPECT_EQ(t.score(kRed), city ? 4 : 2);
    EXPECT_EQ(t.s->decider(), -1);
    EXPECT_EQ(t.s->phase(), Phase::Draw);
    EXPECT_EQ(t.s->active_player(), kRed);  // green's turn is over
  }
}

// "când una dintre cetăți încasează puncte, se socotește drept structură finalizată pentru
// cealaltă, iar ambele primesc aceleași puncte": red's castle on column 0, green's on column
// 1 (each in the other's fief). A small city finished on -1,0 / -2,0 lies in red's fief
// only: red's castle scores 4, and green's, holding red's castle in its fief, scores the same
// 4.
TEST(BcbCastles, CastleNextToCastleBothScoreTheSame) {
  Table t;
  t.put("city-cap", 1, 0, 0);
  t.follower(kGreen, 1, 0, kCity);
  t.red_castle_north();
  t.play(kGreen, "city-cap", 1, -1, 2);
  ASSERT_EQ(t.s->phase(), Phase::CastleChoice);
  ASSERT_TRUE(ok(t.simple(ActionKind::Castle)));
  EXPECT_EQ(t.score(kRed), 0);  // green's castle is no finished feature for red's
  t.put("city-cap", -1, 0, 3);
  t.play(kRed, "city-cap", -2, 0, 1);
  EXPECT_EQ(t.score(kRed), 4);
  EXPECT_EQ(t.score(kGreen), 4);
  EXPECT_TRUE(t.castle(0).scored);
  EXPECT_TRUE(t.castle(1).scored);
  EXPECT_EQ(t.s->meeples_in_supply(kRed), 7);
  EXPECT_EQ(t.s->meeples_in_supply(kGreen), 7);
}

// "La sfârșitul jocului, toate cetățile nefinalizate nu încasează niciun punct și supușii lor
// sunt îndepărtați de pe tablă": the pile holds only the cap that builds the castle, so the
// game ends right after. The castle scores 0 and its follower leaves; its city is no
// unfinished city either (that would be 2 tiles x 1 = 2).
TEST(BcbCastles, UnfinishedCastleAtTheEndScoresNothing) {
  Table t;
  ASSERT_TRUE(ok(t.s->setup_pile(0, {t.tile("city-cap")})));
  t.red_castle_north();
  EXPECT_TRUE(t.s->is_terminal());
  EXPECT_EQ(t.score(kRed), 0);
  EXPECT_EQ(t.s->meeples_in_supply(kRed), 7);
  EXPECT_FALSE(t.castle(0).scored);
  EXPECT_EQ(t.count(EventKind::MeepleReturned), 1);
}

// Farm paragraph: "o cetate de pe o fermă aduce 4 puncte (în loc de cele 3 obișnuite pentru un
// oraș)". Green's farmer lies on the start tile's field, which borders the castle only; the
// game ends with the castle unscored. every-castle: 4. scored-only (fn 42): only castles
// that scored count, and an unscored castle is an unfinished city: 0.
TEST(BcbCastles, FarmBorderingAnUnscoredCastle) {
  for (const bool every : {true, false}) {
    Table t({every ? "castle-farm-value=every-castle" : "castle-farm-value=scored-only"});
    ASSERT_TRUE(ok(t.s->setup_pile(0, {t.tile("city-cap")})));
    t.follower(kGreen, 0, 0, kField);
    t.red_castle_north();
    ASSERT_TRUE(t.s->is_terminal());
    EXPECT_EQ(t.score(kGreen), every ? 4 : 0);
    EXPECT_EQ(t.score(kRed), 0);
  }
}

// A farm bordering a castle that scored and a finished city: 4 + 3 = 7 under both readings.
// Green's farm is the start's field with the field of the cap on -1,0 (joined along the
// W side); the cap on -2,0 closes that cap's city, which scores red's castle (4).
TEST(BcbCastles, FarmBorderingAScoredCastleAndACity) {
  for (const bool every : {true, false}) {
    Table t({every ? "castle-farm-value=every-castle" : "castle-farm-value=scored-only"});
    // Three caps: one set on -1,0 here (setup takes it from the supply), red's and green's.
    const TileId cap = t.tile("city-cap");
    ASSERT_TRUE(ok(t.s->setup_pile(0, {cap, cap, cap})));
    t.put("city-cap", -1, 0, 3);
    t.follower(kGreen, 0, 0, kField);
    t.red_castle_north();
    t.play(kGreen, "city-cap", -2, 0, 1);
    ASSERT_TRUE(t.s->is_terminal());
    EXPECT_EQ(t.score(kRed), 4);
    EXPECT_EQ(t.score(kGreen), 7);
  }
}

// castle-farm-edition=refuse: the seeds give a castle's worth to a farm only against the
// third edition's 3 per city, so a bcb game scoring farms by another edition is refused when
// the game is built, citing the register.
TEST(BcbCastles, FarmScoringOfAnotherEditionIsRefused) {
  for (const char* edition : {"farm-scoring=first-edition", "farm-scoring=second-edition"}) {
    try {
      bcb_game(hand_sets("city-cap", kPlenty), 2, {edition});
      ADD_FAILURE() << edition << " was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("castle-farm-edition"), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(bcb_game(hand_sets("city-cap", kPlenty), 2, {"farm-scoring=third-edition"}));
}

// Issue 28, castle-order=active-clockwise (the register's row castle-order: "the order in which
// the occupants decide ... starts with the active player and goes clockwise"), 3 players: red
// owns castle A (built first), blue castle B; green, the active player, finishes both roads.
// From green clockwise: green (no castle), blue, then red. Blue's B has one candidate, road 2:
// blue 4. Red's A then has road 1 (3) and castle B, which has scored (4): red is asked, in
// green's turn, and takes B: red 4 (seed 003 "ambele primesc aceleași puncte"). By player
// number (red first) A would have had road 1 alone and red 3.
TEST(BcbCastles, CastleOrderGoesClockwiseFromTheActivePlayer) {
  Table t({}, 3);
  t.two_roads(kRed, kBlue);
  t.build_castle(kRed, 0);
  t.build_castle(kBlue, 1);
  t.play(kGreen, "t-junction", 0, 1, 0);
  ASSERT_EQ(t.s->phase(), Phase::CastleScore);
  EXPECT_EQ(t.s->current_player(), kRed);
  EXPECT_EQ(t.s->active_player(), kGreen);
  EXPECT_EQ(t.score(kBlue), 4);
  EXPECT_TRUE(t.castle(1).scored);
  EXPECT_EQ(t.legal().size(), 2u);  // road 1, castle B
  ASSERT_TRUE(ok(t.castle_score(1, -1, -1)));
  EXPECT_EQ(t.score(kRed), 4);
  EXPECT_EQ(t.score(kGreen), 0);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.s->active_player(), kBlue);  // green's turn is over
}

// The same game under castle-order=start-player-clockwise (chosen by name): the decisions go
// from red, who took the first turn, though green's turn it is: red's A scores first with
// its one candidate, road 1: red 3; then blue is asked for B, between road 2 (4) and castle A
// (3).
TEST(BcbCastles, CastleOrderStartPlayerClockwiseBeginsWithTheFirstPlayer) {
  Table t({"castle-order=start-player-clockwise"}, 3);
  ASSERT_EQ(t.game->switches().castle_order, CastleOrder::StartPlayerClockwise);
  t.two_roads(kRed, kBlue);
  t.build_castle(kRed, 0);
  t.build_castle(kBlue, 1);
  t.play(kGreen, "t-junction", 0, 1, 0);
  ASSERT_EQ(t.s->phase(), Phase::CastleScore);
  EXPECT_EQ(t.s->current_player(), kBlue);
  EXPECT_EQ(t.score(kRed), 3);
  EXPECT_EQ(t.legal().size(), 2u);  // road 2, castle A
  ASSERT_TRUE(ok(t.castle_score(2, 0, 0)));
  EXPECT_EQ(t.score(kBlue), 4);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
}

// Issue 28: "a player with several castles to decide picks the order of their own (each
// decision an action)". Both castles red's, 2 players, green finishes both roads: red is asked
// with one action per castle and candidate, each naming its castle (`for`); a castle-score
// that names none is refused and changes nothing, as is one naming a castle that has no such
// candidate. Red lets B take road 2 (4), then A takes B (4): red 8.
TEST(BcbCastles, SeveralCastlesOfOnePlayerNameTheCastle) {
  Table t;
  t.two_roads(kRed, kRed);
  t.build_castle(kRed, 0);
  t.play(kGreen, "field", 3, 0, 0);
  t.build_castle(kRed, 1);
  t.play(kGreen, "t-junction", 0, 1, 0);
  ASSERT_EQ(t.s->phase(), Phase::CastleScore);
  EXPECT_EQ(t.s->current_player(), kRed);
  std::vector<std::string> texts;
  for (const Action& a : t.legal()) texts.push_back(action_text(*t.s, a));
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(texts, (std::vector<std::string>{"castle-score -1,0 road:S for 0,-1",
                                             "castle-score 2,0 road:S for 1,-1"}));
  // The texts read back as the offered actions; `for` may name either tile of a castle.
  std::string error;
  for (const Action& a : t.legal())
    EXPECT_EQ(parse_action(*t.s, action_text(*t.s, a), error), a) << error;
  EXPECT_EQ(parse_action(*t.s, "castle-score 2,0 road:S for 1,0", error),
            parse_action(*t.s, "castle-score 2,0 road:S for 1,-1", error));
  EXPECT_FALSE(parse_action(*t.s, "castle-score 2,0 road:S for 2,0", error).has_value());
  EXPECT_EQ(error, "no castle lies on 2,0 (for x,y names the castle that scores)");
  const std::string before = t.s->snapshot();
  auto why = t.castle_score(2, 0, 0);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("several castles"), std::string::npos) << *why;
  EXPECT_TRUE(t.castle_score(2, 0, 0, 0).has_value());  // road 2 is not in A's fief
  EXPECT_TRUE(t.castle_score(2, 0, 0, 5).has_value());  // no such castle
  EXPECT_EQ(t.s->snapshot(), before);
  ASSERT_TRUE(ok(t.castle_score(2, 0, 0, 1)));
  EXPECT_EQ(t.score(kRed), 4);
  ASSERT_EQ(t.s->phase(), Phase::CastleScore);  // A: road 1 (3) or castle B (4)
  EXPECT_EQ(t.legal().size(), 2u);
  ASSERT_TRUE(ok(t.castle_score(1, 0, -1)));
  EXPECT_EQ(t.score(kRed), 8);
  EXPECT_EQ(t.s->meeples_in_supply(kRed), 7);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
}

// A tile with two caps holds two castles: red's A on 0,-1 / 0,0 (the two-caps tile's S cap and
// the start's) and red's B on 0,-2 / 0,-1 (its N cap and a cap on 0,-2). Green closes a small
// city on 1,-1 / 2,-1, in both fiefs: red has two castles to score. `for 0,-1` names no single
// castle and is refused with the way out; `for 0,-1:S` and `for 0,-1:N` name A and B, as do
// the tiles only one castle lies on, which action_text writes.
TEST(BcbCastles, TwoCastlesOnOneTileAreNamedByTheSide) {
  Table t;
  t.follower(kRed, 0, 0, kCity);
  t.play(kRed, "two-caps", 0, -1, 0);
  ASSERT_EQ(t.s->phase(), Phase::CastleChoice);
  ASSERT_TRUE(ok(t.simple(ActionKind::Castle)));
  t.play(kGreen, "field", 1, 0, 0);
  t.play(kRed, "city-cap", 0, -2, 2, kCity);
  ASSERT_EQ(t.s->phase(), Phase::CastleChoice);
  ASSERT_TRUE(ok(t.simple(ActionKind::Castle)));
  t.put("city-cap", 1, -1, 1);  // city E
  t.play(kGreen, "city-cap", 2, -1, 3);
  ASSERT_EQ(t.s->phase(), Phase::CastleScore);
  EXPECT_EQ(t.s->current_player(), kRed);
  std::vector<std::string> texts;
  for (const Action& a : t.legal()) texts.push_back(action_text(*t.s, a));
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(texts, (std::vector<std::string>{"castle-score 1,-1 city:E for 0,-2",
                                             "castle-score 1,-1 city:E for 0,0"}));
  std::string error;
  EXPECT_FALSE(parse_action(*t.s, "castle-score 1,-1 city:E for 0,-1", error).has_value());
  EXPECT_EQ(error,
            "two castles lie on 0,-1: name the side towards the castle's other tile (for "
            "0,-1:N, E, S or W)");
  EXPECT_FALSE(parse_action(*t.s, "castle-score 1,-1 city:E for 0,-1:E", error).has_value());
  EXPECT_EQ(error,
            "no castle lies on 0,-1 across its side E (for x,y names the castle that scores)");
  const auto a = parse_action(*t.s, "castle-score 1,-1 city:E for 0,-1:S", error);
  const auto b = parse_action(*t.s, "castle-score 1,-1 city:E for 0,-1:N", error);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->count, 1);  // castle A, built first
  EXPECT_EQ(b->count, 2);
  EXPECT_EQ(a, parse_action(*t.s, "castle-score 1,-1 city:E for 0,0", error));
  ASSERT_TRUE(ok(t.s->apply(*a)));
  EXPECT_EQ(t.score(kRed), 4);                  // A takes the city, 2 x 2
  ASSERT_EQ(t.s->phase(), Phase::CastleScore);  // B: the city, or castle A (4)
  ASSERT_TRUE(ok(t.castle_score(1, -1, kCity)));
  EXPECT_EQ(t.score(kRed), 8);
}

}  // namespace
}  // namespace carcheck
