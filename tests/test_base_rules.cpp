// The base game (C1) and the Print-and-Play demo against their seeds. Every board here is
// built by hand from inline tiles (the shapes of the C1 tile overview, tiles.yaml's base-c1
// set copied so that these tests do not depend on the shipped data), and every expected
// value is worked out from the rules text of seed 001 (base game, Romanian) or seed 002
// (the demo), never copied from the engine's output. "seed 001, <section>" names the
// passage of the seed whose worked example or rule the test rebuilds. The seed's pictures
// are lost: where a test rebuilds a pictured example, the board is one that satisfies every
// statement the seed's caption makes (which tiles, which followers, which points).
//
// Coordinates: x grows east, y grows south; the start tile lies at 0,0 in rotation 0.
// A rotation r turns a tile r quarter turns clockwise (a city N at r1 faces E).
// Colours: 0 red, 1 green, 2 blue, 3 yellow, 4 black (player i plays colour i).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "checker/policies.h"
#include "dsl/library.h"
#include "engine/notation.h"
#include "gamelog/log_write.h"
#include "gamelog/replay.h"
#include "render/board_art.h"
#include "test_support.h"

namespace carcheck {
namespace {

constexpr int kRed = 0, kGreen = 1, kBlue = 2, kYellow = 3, kBlack = 4;

// The C1 shapes (tiles.md base-game table; the same text as tiles.yaml's base-c1 set).
const std::map<std::string, std::string>& c1_shapes() {
  static const std::map<std::string, std::string> shapes = {
      {"monastery", "monastery; field Nl Nr El Er Sl Sr Wl Wr"},
      {"monastery-road", "monastery; road S*; field Nl Nr El Er Sl Sr Wl Wr"},
      {"city-cap-straight-road", "city N; road W-E; field Wr El @N; field Er Sl Sr Wl"},
      {"full-city-shield", "city N+E+S+W shield"},
      {"three-side-city-road-shield", "city N+E+W shield; road S*; field Sl @N; field Sr @N"},
      {"three-side-city-road", "city N+E+W; road S*; field Sl @N; field Sr @N"},
      {"city-bridge-shield", "city W+E shield; field Nl Nr @W; field Sl Sr @W"},
      {"city-bridge", "city W+E; field Nl Nr @W; field Sl Sr @W"},
      {"city-corner", "city N+W; field Sl Sr El Er @N"},
      {"city-corner-shield", "city N+W shield; field Sl Sr El Er @N"},
      {"city-corner-curve-road", "city N+W; road E-S; field El Sr @N; field Er Sl"},
      {"city-corner-curve-road-shield", "city N+W shield; road E-S; field El Sr @N; field Er Sl"},
      {"three-side-city", "city N+E+W; field Sl Sr @N"},
      {"three-side-city-shield", "city N+E+W shield; field Sl Sr @N"},
      {"city-cap-curve-road-es", "city N; road E-S; field El Wl Wr Sr @N; field Er Sl"},
      {"city-cap-t-junction",
       "city N; road E*; road S*; road W*; field Wr El @N; field Wl Sr; field Er Sl"},
      {"city-cap-curve-road-sw", "city N; road S-W; field Wr El Er Sl @N; field Wl Sr"},
      {"city-cap", "city N; field Wl Wr Sl Sr El Er @N"},
      {"two-opposite-caps", "city N; city S; field Wl Wr El Er @N @S"},
      {"two-adjacent-caps", "city N; city W; field El Er Sl Sr @N @W"},
      {"crossroads",
       "road N*; road E*; road S*; road W*; field Wr Nl; field Nr El; field Er Sl; field Sr Wl"},
      {"t-junction", "road E*; road S*; road W*; field Wr Nl Nr El; field Er Sl; field Sr Wl"},
      {"curve", "road W-S; field Wr Nl Nr El Er Sl; field Sr Wl"},
      {"straight", "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl"},
      // Not a C1 tile: a single cap with a coat of arms, for footnote 7's "shields in a small
      // city" (no C1 tile can make a 2-tile city with a shield).
      {"city-cap-shield", "city N shield; field Wl Wr Sl Sr El Er @N"},
  };
  return shapes;
}

// A tile set named `set_name` (it replaces the shipped set of that name): `start` once as
// the start tile, plus the copies in `counts` (land tiles in the supply).
TileSet hand_set(const std::string& set_name, const std::string& start,
                 const std::vector<std::pair<std::string, int>>& counts) {
  std::vector<InlineTile> tiles;
  bool start_listed = false;
  for (const auto& [name, n] : counts) {
    InlineTile t;
    t.name = name;
    t.count = n + (name == start ? 1 : 0);
    t.start = name == start;
    start_listed = start_listed || name == start;
    t.shape = c1_shapes().at(name);
    tiles.push_back(t);
  }
  if (!start_listed) {
    InlineTile t;
    t.name = start;
    t.count = 1;
    t.start = true;
    t.shape = c1_shapes().at(start);
    tiles.push_back(t);
  }
  return inline_tile_set(set_name, tiles, "test_base_rules.cpp");
}

using test_support::ok;

// A table: a game on a hand-made tile set, its state, and the moves the seed's examples use.
struct Table {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> s;

  Table(const std::string& start, const std::vector<std::pair<std::string, int>>& counts,
        int players, const std::vector<std::string>& variants = {},
        const std::string& rules = "base-c1", uint64_t seed = 1) {
    GameOptions o;
    o.rules = rules;
    o.players = players;
    o.variants = variants;
    game = make_game(Library::shipped(), o, {hand_set(rules, start, counts)});
    s = std::make_unique<State>(*game, seed);
  }

  int cell(int x, int y) const { return s->cell_at(x, y); }

  // A feature of the tile at (x, y) named in board directions: "road:E", "city:N",
  // "field:Nl" (a half), "field:N" (a field side), "monastery".
  int seg(int x, int y, const std::string& where) const {
    int c = cell(x, y);
    if (c < 0) return -1;
    const CellFace& f = s->face(c);
    if (where == "monastery") return f.centre;
    size_t colon = where.find(':');
    std::string kind = where.substr(0, colon), port = where.substr(colon + 1);
    int side = static_cast<int>(std::string("NESW").find(port[0]));
    int k = port.size() == 1 ? 1 : port[1] == 'l' ? 0 : port[1] == 'c' ? 1 : 2;
    int sg = f.port_segment[port_of(side, k)];
    if (sg < 0 || kind != segment_kind_name(f.segments[sg].kind)) return -1;
    return sg;
  }

  TileId tile(const std::string& name) const { return game->find_tile(name); }

  // Setup: a tile from the supply onto the board; a follower onto a placed tile.
  std::optional<std::string> put(const std::string& name, int x, int y, int rot) {
    if (tile(name) < 0) return "no tile " + name + " in the set";
    return s->setup_place(tile(name), x, y, rot);
  }
  std::optional<std::string> follower(int colour, int x, int y, const std::string& where) {
    int sg = seg(x, y, where);
    if (sg < 0)
      return "no " + where + " on the tile at " + std::to_string(x) + "," + std::to_string(y);
    return s->setup_meeple(colour, cell(x, y), sg);
  }

  // Turn actions.
  std::optional<std::string> draw(const std::string& name) {
    Action a;
    a.kind = ActionKind::Draw;
    a.tile = tile(name);
    if (a.tile < 0) return "no tile " + name + " in the set";
    return s->apply(a);
  }
  std::optional<std::string> place(int x, int y, int rot) {
    Action a;
    a.kind = ActionKind::Place;
    a.x = static_cast<int16_t>(x);
    a.y = static_cast<int16_t>(y);
    a.rot = static_cast<int8_t>(rot);
    a.tile = s->drawn();
    return s->apply(a);
  }
  Action meeple_action(int x, int y, const std::string& where, int colour = -1) const {
    Action a;
    a.kind = ActionKind::Meeple;
    a.seg = static_cast<int8_t>(seg(x, y, where));
    a.colour = static_cast<int8_t>(colour >= 0 ? colour : s->current_player());
    return a;
  }
  std::optional<std::string> meeple(int x, int y, const std::string& where, int colour = -1) {
    return s->apply(meeple_action(x, y, where, colour));
  }
  std::optional<std::string> pass() {
    Action a;
    a.kind = ActionKind::Pass;
    return s->apply(a);
  }
  // A whole turn: draw, place, then a follower on `where` ("" passes).
  std::optional<std::string> turn(const std::string& name, int x, int y, int rot,
                                  const std::string& where = "") {
    if (auto why = draw(name)) return "draw: " + *why;
    if (auto why = place(x, y, rot)) return "place: " + *why;
    if (where.empty()) return pass();
    if (auto why = meeple(x, y, where)) return "meeple: " + *why;
    return std::nullopt;
  }

  int total(int player) const { return s->score(player).total; }
  int by(int player, FeatureClass f) const {
    return s->score(player).by_feature[static_cast<size_t>(f)];
  }
  int supply(int colour) const { return s->meeples_in_supply(colour); }
  int on_board(int colour) const {
    int n = 0;
    for (const Meeple& m : s->meeples()) n += m.colour == colour && m.cell >= 0;
    return n;
  }
  std::vector<Event> events(EventKind k) const {
    std::vector<Event> out;
    for (const Event& e : s->events())
      if (e.kind == k) out.push_back(e);
    return out;
  }
  std::string board() const { return draw_board(*s); }

  // Meeple choices open now, as (segment, colour) pairs.
  std::vector<std::pair<int, int>> meeple_choices() const {
    ActionList list;
    s->legal_actions(list);
    std::vector<std::pair<int, int>> out;
    for (const Action& a : list)
      if (a.kind == ActionKind::Meeple) out.emplace_back(a.seg, a.colour);
    return out;
  }
  bool may_place_meeple(int x, int y, const std::string& where) const {
    int sg = seg(x, y, where);
    for (auto [g, c] : meeple_choices())
      if (g == sg && c == s->current_player()) return true;
    return false;
  }
};

// ---- roads -----------------------------------------------------------------------------------

// seed 001, "Un drum finalizat": "Jucătorul ROȘU încasează 4 puncte": a road of four tiles,
// 1 point per tile, ends at a crossroads and at a city.
TEST(BaseRoad, FourTileRoadScoresFour) {
  Table t("crossroads", {{"straight", 2}, {"three-side-city-road", 1}, {"curve", 2}}, 2);
  ASSERT_TRUE(ok(t.put("straight", 1, 0, 0)));
  ASSERT_TRUE(ok(t.put("straight", 2, 0, 0)));
  ASSERT_TRUE(ok(t.follower(kRed, 1, 0, "road:W")));
  EXPECT_EQ(t.supply(kRed), 6);
  // Red draws the city tile; its road end (rotated to face W) closes the road.
  ASSERT_TRUE(ok(t.turn("three-side-city-road", 3, 0, 1)));
  EXPECT_EQ(t.total(kRed), 4) << t.board();
  EXPECT_EQ(t.by(kRed, FeatureClass::Road), 4);
  EXPECT_EQ(t.total(kGreen), 0);
  EXPECT_EQ(t.supply(kRed), 7) << "the thief goes home after the scoring";
  ASSERT_EQ(t.events(EventKind::Scored).size(), 1u);
  EXPECT_EQ(t.events(EventKind::Scored)[0].value, 4);
}

// seed 001, "Un drum finalizat": "Jucătorul ROȘU încasează 3 puncte": a road of three
// tiles from a junction (a village ends a road) to a monastery.
TEST(BaseRoad, ThreeTileRoadScoresThree) {
  Table t("t-junction", {{"curve", 1}, {"monastery-road", 1}, {"straight", 2}}, 2);
  ASSERT_TRUE(ok(t.put("curve", 1, 0, 0)));  // road W-S
  ASSERT_TRUE(ok(t.follower(kRed, 1, 0, "road:S")));
  ASSERT_TRUE(ok(t.turn("monastery-road", 1, 1, 2)));  // the road end faces N
  EXPECT_EQ(t.total(kRed), 3) << t.board();
  EXPECT_EQ(t.by(kRed, FeatureClass::Road), 3);
  EXPECT_EQ(t.by(kRed, FeatureClass::Monastery), 0);
  EXPECT_EQ(t.supply(kRed), 7);
}

// seed 001, the order of fn 8 ("Finalizează ... Plasează un tâlhar ... Evaluează ...
// Întoarce"): the road is finished by the tile, the thief is placed on it, it scores 4 and
// goes home in the same turn.
TEST(BaseRoad, ThiefOnTheRoadItsTileFinishesScoresAtOnce) {
  Table t("crossroads", {{"straight", 2}, {"three-side-city-road", 1}, {"curve", 2}}, 2);
  ASSERT_TRUE(ok(t.put("straight", 1, 0, 0)));
  ASSERT_TRUE(ok(t.put("straight", 2, 0, 0)));
  ASSERT_TRUE(ok(t.draw("three-side-city-road")));
  ASSERT_TRUE(ok(t.place(3, 0, 1)));
  EXPECT_TRUE(t.may_place_meeple(3, 0, "road:W"))
      << "a finished, unoccupied road takes a thief (fn 4)";
  ASSERT_TRUE(ok(t.meeple(3, 0, "road:W")));
  EXPECT_EQ(t.total(kRed), 4);
  EXPECT_EQ(t.supply(kRed), 7);
  EXPECT_EQ(t.on_board(kRed), 0);
  EXPECT_EQ(t.events(EventKind::MeepleReturned).size(), 1u);
}

// seed 001, Q&A on T-junctions ("Fiecare răscruce (sau joncțiune) sfârșește un drum,
// indiferent din ce direcție ajung acestea joncțiunea ... fiecare tâlhar este pe drumul
// său") and fn 5: each road meeting a junction ends there.
TEST(BaseRoad, EveryJunctionEndsEachRoad) {
  Table t("t-junction", {{"straight", 3}, {"t-junction", 1}, {"crossroads", 1}, {"curve", 2}}, 2);
  ASSERT_TRUE(ok(t.put("straight", 1, 0, 0)));
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "road:E")));
  // The three roads of the start junction are three roads.
  int e = t.s->region_root(t.cell(0, 0) * kNodesPerCell + t.seg(0, 0, "road:E"));
  int s = t.s->region_root(t.cell(0, 0) * kNodesPerCell + t.seg(0, 0, "road:S"));
  int w = t.s->region_root(t.cell(0, 0) * kNodesPerCell + t.seg(0, 0, "road:W"));
  EXPECT_NE(e, s);
  EXPECT_NE(e, w);
  EXPECT_NE(s, w);
  // Red's turn: a crossroads below the junction; each of its roads is free, and the one
  // joining the junction's S road ends at both villages: 2 tiles, finished.
  ASSERT_TRUE(ok(t.draw("crossroads")));
  ASSERT_TRUE(ok(t.place(0, 1, 0)));
  for (const char* r : {"road:N", "road:E", "road:S", "road:W"})
    EXPECT_TRUE(t.may_place_meeple(0, 1, r)) << r;
  ASSERT_TRUE(ok(t.meeple(0, 1, "road:N")));
  EXPECT_EQ(t.total(kRed), 2) << "junction to crossroads: 2 tiles, finished at both ends";
  // Green's turn: a straight west of the junction; its road is not the one red holds on E.
  ASSERT_TRUE(ok(t.draw("straight")));
  ASSERT_TRUE(ok(t.place(-1, 0, 0)));
  EXPECT_TRUE(t.may_place_meeple(-1, 0, "road:E"));
  ASSERT_TRUE(ok(t.meeple(-1, 0, "road:E")));
  EXPECT_EQ(t.total(kGreen), 0);
  // Red's turn: a T-junction two tiles east closes red's road at both villages: 3 tiles.
  ASSERT_TRUE(ok(t.turn("t-junction", 2, 0, 0)));
  EXPECT_EQ(t.total(kRed), 2 + 3) << t.board();
  EXPECT_EQ(t.on_board(kGreen), 1) << "green's road runs on west, unfinished";
}

// seed 001, "Un drum finalizat": a road is also finished "când drumul formează un cerc
// închis": four curves in a ring, 4 points.
TEST(BaseRoad, ClosedLoopIsFinished) {
  Table t("curve", {{"curve", 3}, {"straight", 2}}, 2);
  ASSERT_TRUE(ok(t.put("curve", -1, 0, 3)));  // S-E
  ASSERT_TRUE(ok(t.put("curve", -1, 1, 2)));  // E-N
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "road:W")));
  ASSERT_TRUE(ok(t.turn("curve", 0, 1, 1)));  // N-W closes the ring
  EXPECT_EQ(t.total(kRed), 4) << t.board();
  EXPECT_EQ(t.supply(kRed), 7);
}

// ---- cities ----------------------------------------------------------------------------------

// seed 001, "Un oraș finalizat": "Jucătorul ROȘU încasează 8 puncte (trei segmente de oraș
// și un blazon)": 3 tiles x 2 + 1 shield x 2.
TEST(BaseCity, ThreeSegmentsAndOneShieldScoreEight) {
  Table t("city-cap", {{"city-corner-shield", 1}, {"city-cap", 1}, {"straight", 2}}, 2);
  ASSERT_TRUE(ok(t.put("city-corner-shield", 0, -1, 2)));  // city S+E
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:N")));
  ASSERT_TRUE(ok(t.turn("city-cap", 1, -1, 3)));  // cap facing W
  EXPECT_EQ(t.total(kRed), 8) << t.board();
  EXPECT_EQ(t.by(kRed, FeatureClass::City), 8);
  EXPECT_EQ(t.supply(kRed), 7);
}

// seed 001, "Un oraș finalizat": "un oraș este finalizat atunci când segmentele sale sunt
// cuprinse total de un zid de oraș și nu se găsește nicio gaură înăuntrul orașului" (fn 6:
// the city itself may have no gap). A walled ring of 8 tiles around an empty space is not
// finished; the tile filling the hole finishes it: 9 tiles + 1 shield = 20.
TEST(BaseCity, CityWithAHoleInsideIsNotFinished) {
  Table t("city-corner",
          {{"three-side-city", 4}, {"city-corner", 3}, {"full-city-shield", 1}, {"straight", 2}},
          2);
  ASSERT_TRUE(ok(t.put("three-side-city", -1, 0, 0)));  // the hole is at -1,-1
  ASSERT_TRUE(ok(t.put("city-corner", -2, 0, 1)));
  ASSERT_TRUE(ok(t.put("three-side-city", -2, -1, 1)));
  ASSERT_TRUE(ok(t.put("city-corner", -2, -2, 2)));
  ASSERT_TRUE(ok(t.put("three-side-city", -1, -2, 2)));
  ASSERT_TRUE(ok(t.put("city-corner", 0, -2, 3)));
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:N")));
  ASSERT_TRUE(ok(t.turn("three-side-city", 0, -1, 3)));  // the wall is closed all round
  EXPECT_EQ(t.total(kRed), 0) << "the hole in the middle leaves the city unfinished\n" << t.board();
  EXPECT_EQ(t.events(EventKind::FeatureFinished).size(), 0u);
  ASSERT_TRUE(ok(t.turn("full-city-shield", -1, -1, 0)));  // green fills the hole
  EXPECT_EQ(t.total(kRed), 2 * 9 + 2);
  EXPECT_EQ(t.total(kGreen), 0);
}

// seed 001, "Un oraș finalizat": "Jucătorul ROȘU primește 8 puncte (patru segmente de oraș
// și niciun blazon)".
TEST(BaseCity, FourSegmentsNoShieldScoreEight) {
  Table t("city-corner", {{"city-corner", 3}, {"straight", 2}}, 2);
  ASSERT_TRUE(ok(t.put("city-corner", -1, 0, 1)));   // E+N
  ASSERT_TRUE(ok(t.put("city-corner", -1, -1, 2)));  // S+E
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:N")));
  ASSERT_TRUE(ok(t.turn("city-corner", 0, -1, 3)));  // W+S closes the ring
  EXPECT_EQ(t.total(kRed), 8) << t.board();
}

// seed 001: "Când ambele segmente de oraș de pe un cartonaș se află într-un singur oraș
// (marcate cu A), se socotesc ca un singur segment": 4 tiles, 5 segments, 8 points (not 10).
TEST(BaseCity, TwoSegmentsOfOneCityOnOneTileCountOnce) {
  Table t("two-adjacent-caps", {{"city-corner", 3}, {"straight", 2}}, 2);
  ASSERT_TRUE(ok(t.put("city-corner", -1, 0, 1)));   // E+N, joins the start's W cap
  ASSERT_TRUE(ok(t.put("city-corner", -1, -1, 2)));  // S+E
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:W")));
  EXPECT_NE(t.s->region_root(t.cell(0, 0) * kNodesPerCell + t.seg(0, 0, "city:N")),
            t.s->region_root(t.cell(0, 0) * kNodesPerCell + t.seg(0, 0, "city:W")))
      << "two caps on one tile are two segments until something joins them";
  ASSERT_TRUE(ok(t.turn("city-corner", 0, -1, 3)));  // W+S: the start's N cap joins the same city
  EXPECT_EQ(t.total(kRed), 8) << t.board();
}

// seed 001, several followers: "Noul cartonaș se alătură segmentelor de oraș anterior
// neconectate, formând un singur oraș finalizat. Jucătorul ALBASTRU și jucătorul ROȘU
// încasează amândoi cele 10 puncte integrale": 4 tiles + 1 shield, tied knights.
TEST(BaseCity, TwoKnightsTiedBothScoreTen) {
  Table t("city-cap",
          {{"monastery", 1},
           {"city-bridge", 1},
           {"city-cap", 1},
           {"city-corner-shield", 1},
           {"straight", 2}},
          3);
  ASSERT_TRUE(ok(t.put("monastery", 1, 0, 0)));
  ASSERT_TRUE(ok(t.put("city-bridge", 1, -1, 0)));  // W+E
  ASSERT_TRUE(ok(t.put("city-cap", 2, -1, 3)));     // closes it on the east
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:N")));
  ASSERT_TRUE(ok(t.follower(kBlue, 1, -1, "city:W")));
  ASSERT_TRUE(ok(t.s->setup_active_player(kGreen)));
  ASSERT_TRUE(ok(t.turn("city-corner-shield", 0, -1, 2)));  // S+E joins the two cities
  EXPECT_EQ(t.total(kRed), 10) << t.board();
  EXPECT_EQ(t.total(kBlue), 10);
  EXPECT_EQ(t.total(kGreen), 0);
  EXPECT_EQ(t.supply(kRed), 7);
  EXPECT_EQ(t.supply(kBlue), 7);
}

// seed 001, Q&A after fn 8: a tile with two city caps finishes a small city. Unoccupied:
// the knight may go into it, scores 4 at once and goes home, "dar supusul nu poate fi
// plasat din nou în aceeași tură" (it cannot be placed again that turn).
TEST(BaseCity, KnightOnTheSmallCityItsTileFinishesReturnsAndStaysHome) {
  Table t("city-cap", {{"two-opposite-caps", 1}, {"straight", 2}}, 2);
  ASSERT_TRUE(ok(t.draw("two-opposite-caps")));
  ASSERT_TRUE(ok(t.place(0, -1, 0)));
  EXPECT_TRUE(t.may_place_meeple(0, -1, "city:S"));
  EXPECT_TRUE(t.may_place_meeple(0, -1, "city:N"));
  ASSERT_TRUE(ok(t.meeple(0, -1, "city:S")));
  EXPECT_EQ(t.total(kRed), 4);
  EXPECT_EQ(t.supply(kRed), 7);
  EXPECT_EQ(t.on_board(kRed), 0);
  // The turn is over: no second follower, the next player draws.
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.s->current_player(), kGreen);
  auto again = t.s->apply(t.meeple_action(0, -1, "city:N", kRed));
  ASSERT_TRUE(again.has_value());
  EXPECT_NE(again->find("no meeple can be placed now"), std::string::npos) << *again;
}

// The same Q&A, the other case: "Dacă jucătorul ocupa deja orașul mic, tocmai finalizat,
// poate plasa al doilea supus pe alt segment de oraș imediat după plasarea cartonașului.
// După aceea, orașul va fi evaluat și supusul retras."
TEST(BaseCity, OccupiedSmallCityScoresAndTheNewKnightStays) {
  Table t("city-cap", {{"two-opposite-caps", 1}, {"straight", 2}}, 2);
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:N")));
  ASSERT_TRUE(ok(t.draw("two-opposite-caps")));
  ASSERT_TRUE(ok(t.place(0, -1, 0)));
  EXPECT_FALSE(t.may_place_meeple(0, -1, "city:S")) << "red's own knight occupies the small city";
  ASSERT_TRUE(ok(t.meeple(0, -1, "city:N")));
  EXPECT_EQ(t.total(kRed), 4);
  EXPECT_EQ(t.supply(kRed), 6);
  EXPECT_EQ(t.on_board(kRed), 1);
}

// seed 001 fn 7 (small-city): the old rule scores a 2-tile city 1 per tile and 1 per
// shield; every edition now scores 2 and 2. A bigger city is not affected.
TEST(BaseCity, SmallCityVariant) {
  for (bool old : {false, true}) {
    SCOPED_TRACE(old ? "small-city=old" : "small-city=modern");
    std::vector<std::string> v;
    if (old) v.push_back("small-city=old");
    {
      Table t("city-cap", {{"city-cap", 1}, {"straight", 2}}, 2, v);
      ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:N")));
      ASSERT_TRUE(ok(t.turn("city-cap", 0, -1, 2)));
      EXPECT_EQ(t.total(kRed), old ? 2 : 4);
    }
    {  // with a coat of arms (not a C1 tile; the footnote's "Blazoanele dintr-un oraș mic")
      Table t("city-cap-shield", {{"city-cap", 1}, {"straight", 2}}, 2, v);
      ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:N")));
      ASSERT_TRUE(ok(t.turn("city-cap", 0, -1, 2)));
      EXPECT_EQ(t.total(kRed), old ? 3 : 6);
    }
    {  // three tiles and a shield: 8 either way
      Table t("city-cap", {{"city-corner-shield", 1}, {"city-cap", 1}, {"straight", 2}}, 2, v);
      ASSERT_TRUE(ok(t.put("city-corner-shield", 0, -1, 2)));
      ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:N")));
      ASSERT_TRUE(ok(t.turn("city-cap", 1, -1, 3)));
      EXPECT_EQ(t.total(kRed), 8);
    }
  }
}

// ---- monasteries -----------------------------------------------------------------------------

// seed 001, "O mănăstire finalizată": "Jucătorul ROȘU încasează 9 puncte" once the
// monastery is surrounded by eight tiles.
TEST(BaseMonastery, SurroundedMonasteryScoresNine) {
  Table t("monastery", {{"monastery", 2}, {"straight", 6}, {"curve", 2}}, 2);
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "monastery")));
  ASSERT_TRUE(ok(t.put("straight", 0, -1, 0)));
  ASSERT_TRUE(ok(t.put("straight", -1, -1, 0)));
  ASSERT_TRUE(ok(t.put("straight", 1, -1, 0)));
  ASSERT_TRUE(ok(t.put("monastery", -1, 0, 0)));
  ASSERT_TRUE(ok(t.put("monastery", 1, 0, 0)));
  ASSERT_TRUE(ok(t.put("straight", -1, 1, 0)));
  ASSERT_TRUE(ok(t.put("straight", 0, 1, 0)));
  EXPECT_EQ(t.total(kRed), 0);
  ASSERT_TRUE(ok(t.turn("straight", 1, 1, 0)));
  EXPECT_EQ(t.total(kRed), 9) << t.board();
  EXPECT_EQ(t.by(kRed, FeatureClass::Monastery), 9);
  EXPECT_EQ(t.supply(kRed), 7);
}

// ---- followers -------------------------------------------------------------------------------

// seed 001, "Plasează un supus": no follower may go on a connected feature that holds one,
// "Nu contează cât de departe este supusul"; the first example: "ALBASTRU poate plasa doar
// un țăran: există deja un cavaler în orașul cu care se conectează cartonașul".
TEST(BaseFollower, RefusedOnAConnectedOccupiedFeatureFarAway) {
  {  // a road: red's thief three tiles away
    Table t("straight", {{"straight", 4}, {"curve", 2}}, 2);
    ASSERT_TRUE(ok(t.put("straight", 1, 0, 0)));
    ASSERT_TRUE(ok(t.put("straight", 2, 0, 0)));
    ASSERT_TRUE(ok(t.put("straight", 3, 0, 0)));
    ASSERT_TRUE(ok(t.follower(kRed, 3, 0, "road:W")));
    ASSERT_TRUE(ok(t.s->setup_active_player(kGreen)));
    ASSERT_TRUE(ok(t.draw("straight")));
    ASSERT_TRUE(ok(t.place(-1, 0, 0)));
    EXPECT_FALSE(t.may_place_meeple(-1, 0, "road:W"));
    auto why = t.meeple(-1, 0, "road:W");
    ASSERT_TRUE(why.has_value());
    EXPECT_NE(why->find("occupied"), std::string::npos) << *why;
    EXPECT_TRUE(t.may_place_meeple(-1, 0, "field:Nl"));
  }
  {  // a city: red's knight three tiles away; blue may only place a farmer
    Table t("city-cap", {{"city-bridge", 2}, {"city-cap", 1}, {"straight", 2}}, 3);
    ASSERT_TRUE(ok(t.put("city-bridge", 0, -1, 1)));  // N+S
    ASSERT_TRUE(ok(t.put("city-bridge", 0, -2, 1)));
    ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:N")));
    ASSERT_TRUE(ok(t.s->setup_active_player(kBlue)));
    ASSERT_TRUE(ok(t.draw("city-cap")));
    ASSERT_TRUE(ok(t.place(0, -3, 2)));
    auto choices = t.meeple_choices();
    ASSERT_EQ(choices.size(), 1u) << "only the farmer";
    EXPECT_EQ(choices[0].first, t.seg(0, -3, "field:N"));
    EXPECT_EQ(choices[0].second, kBlue);
    auto why = t.meeple(0, -3, "city:S");
    ASSERT_TRUE(why.has_value());
    EXPECT_NE(why->find("occupied"), std::string::npos) << *why;
    EXPECT_TRUE(ok(t.meeple(0, -3, "field:N")));
  }
}

// seed 001, the second example: "ALBASTRU poate plasa supusul drept cavaler sau tâlhar, sau
// drept țăran pe segmentul mic de fermă: ferma mare este deja ocupată."
TEST(BaseFollower, FarmerRefusedOnTheOccupiedBigFarmAllowedOnTheSmallOne) {
  Table t("straight", {{"city-cap-curve-road-es", 1}, {"straight", 2}}, 3);
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "field:Nl")));  // the farm north of the road
  ASSERT_TRUE(ok(t.s->setup_active_player(kBlue)));
  ASSERT_TRUE(ok(t.draw("city-cap-curve-road-es")));
  ASSERT_TRUE(ok(t.place(1, 0, 1)));  // city E, road from W bending S
  EXPECT_TRUE(t.may_place_meeple(1, 0, "city:E"));
  EXPECT_TRUE(t.may_place_meeple(1, 0, "road:W"));
  EXPECT_TRUE(t.may_place_meeple(1, 0, "field:Wl")) << "the small farm, inside the bend";
  EXPECT_FALSE(t.may_place_meeple(1, 0, "field:Wr")) << "the big farm holds red's farmer";
  auto why = t.meeple(1, 0, "field:Wr");
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("occupied"), std::string::npos) << *why;
  EXPECT_TRUE(ok(t.meeple(1, 0, "field:Wl")));
}

// seed 001, "Plasează un supus": "Dacă un jucător rămâne fără supuși în timpul cursului
// jocului, el sau ea poate doar plasa cartonașe."
TEST(BaseFollower, NoFollowerLeftOnlyPlacesTiles) {
  Table t("straight", {{"straight", 3}}, 2);
  for (int k = 0; k < 7; ++k) ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "field:Nl")));
  EXPECT_EQ(t.supply(kRed), 0);
  ASSERT_TRUE(ok(t.draw("straight")));
  ASSERT_TRUE(ok(t.place(1, 0, 0)));
  EXPECT_TRUE(t.meeple_choices().empty());
  auto why = t.meeple(1, 0, "road:W");
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("no red meeple"), std::string::npos) << *why;
  EXPECT_TRUE(ok(t.pass()));
}

// seed 001, Q&A on monastery tiles: a farmer in a monastery tile's field leaves the
// monastery free; seed 002 fn 6: monasteries may touch, nothing connects to a monastery.
TEST(BaseFollower, MonasteriesConnectToNothing) {
  Table t("monastery", {{"monastery", 2}, {"straight", 2}}, 2);
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "monastery")));
  ASSERT_TRUE(ok(t.s->setup_active_player(kGreen)));
  ASSERT_TRUE(ok(t.draw("monastery")));
  ASSERT_TRUE(ok(t.place(1, 0, 0)));
  EXPECT_TRUE(t.may_place_meeple(1, 0, "monastery"))
      << "the neighbouring monk does not occupy this monastery";
  ASSERT_TRUE(ok(t.meeple(1, 0, "field:N")));  // a farmer beside the monastery
  ASSERT_TRUE(ok(t.draw("monastery")));        // red: a third monastery; its monk is free too
  ASSERT_TRUE(ok(t.place(1, 1, 0)));
  EXPECT_TRUE(t.may_place_meeple(1, 1, "monastery"));
  EXPECT_FALSE(t.may_place_meeple(1, 1, "field:N")) << "its field joins green's farm";
}

// seed 001, "Fermele": farmers stay on their farm for the whole game and never go home
// (fn 9), even when the road or city beside them is scored.
TEST(BaseFollower, FarmersStayOnTheBoard) {
  Table t("crossroads", {{"straight", 1}, {"three-side-city-road", 1}}, 2);
  ASSERT_TRUE(ok(t.put("straight", 1, 0, 0)));
  ASSERT_TRUE(ok(t.follower(kRed, 1, 0, "road:W")));
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "field:Nr")));       // north-east quarter of the crossroads
  ASSERT_TRUE(ok(t.turn("three-side-city-road", 2, 0, 1)));  // the last tile
  EXPECT_EQ(t.by(kRed, FeatureClass::Road), 3);
  EXPECT_TRUE(t.s->is_terminal());
  EXPECT_EQ(t.on_board(kRed), 1) << "the farmer is still on the board after the final scoring";
  EXPECT_EQ(t.supply(kRed), 6);
  EXPECT_EQ(t.by(kRed, FeatureClass::Field), 0) << "its farm borders no finished city";
}

// ---- placement -------------------------------------------------------------------------------

// seed 001, "Atașează un cartonaș": "Plasarea colț-la-colț nu este permisă"; Q&A: "„Colț cu
// colț” nu este o conexiune ... În exemplul prezentat sunt momentan două orașe."
TEST(BasePlacement, CornersDoNotConnect) {
  {  // a tile touching the board only at a corner is refused
    Table t("straight", {{"monastery", 2}}, 2);
    ASSERT_TRUE(ok(t.draw("monastery")));
    auto why = t.place(1, 1, 0);
    ASSERT_TRUE(why.has_value());
    EXPECT_NE(why->find("corners do not count"), std::string::npos) << *why;
    ActionList list;
    t.s->legal_actions(list);
    for (const Action& a : list) {
      EXPECT_EQ(std::abs(a.x) + std::abs(a.y), 1)
          << "every legal space shares a side with the start tile";
    }
    EXPECT_TRUE(ok(t.place(0, 1, 0)));
  }
  {  // two cities meeting at a tile corner are two cities
    Table t("city-corner", {{"city-cap", 1}, {"city-corner", 1}, {"straight", 2}}, 2);
    ASSERT_TRUE(ok(t.put("city-cap", 1, 0, 0)));
    ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "city:N")));
    ASSERT_TRUE(ok(t.s->setup_active_player(kGreen)));
    ASSERT_TRUE(ok(t.draw("city-corner")));
    ASSERT_TRUE(
        ok(t.place(1, -1, 3)));  // W+S: its W wall touches the start's city at the corner only
    EXPECT_TRUE(t.may_place_meeple(1, -1, "city:W"));
    EXPECT_TRUE(ok(t.meeple(1, -1, "city:W")));
    EXPECT_NE(t.s->region_root(t.cell(0, 0) * kNodesPerCell + t.seg(0, 0, "city:N")),
              t.s->region_root(t.cell(1, -1) * kNodesPerCell + t.seg(1, -1, "city:W")));
  }
}

// seed 001, "Atașează un cartonaș": a tile that fits nowhere is removed from the game and
// the player draws another (base-unplaceable-tile=remove); the house rule puts it back.
TEST(BasePlacement, UnplaceableTileSetAsideAndAnotherDrawn) {
  {
    Table t("straight", {{"full-city-shield", 1}, {"straight", 2}}, 2);
    EXPECT_EQ(t.s->tiles_remaining(), 3);
    ASSERT_TRUE(ok(t.draw("full-city-shield")));  // no city edge anywhere
    EXPECT_EQ(t.events(EventKind::TileSetAside).size(), 1u);
    EXPECT_EQ(t.s->set_aside(), 1);
    EXPECT_EQ(t.s->tiles_remaining(), 2);
    EXPECT_EQ(t.s->phase(), Phase::Draw);
    EXPECT_EQ(t.s->current_player(), kRed) << "the same player draws again";
    ASSERT_TRUE(ok(t.turn("straight", 1, 0, 0)));
    EXPECT_EQ(t.s->current_player(), kGreen);
  }
  {
    Table t("straight", {{"full-city-shield", 1}, {"straight", 2}}, 2,
            {"base-unplaceable-tile=back-in-pile"});
    ASSERT_TRUE(ok(t.draw("full-city-shield")));
    EXPECT_EQ(t.s->set_aside(), 0);
    EXPECT_EQ(t.s->tiles_remaining(), 3) << "back in the pile";
    EXPECT_EQ(t.s->phase(), Phase::Draw);
    EXPECT_EQ(t.s->current_player(), kRed);
  }
}

// ---- majority --------------------------------------------------------------------------------

// seed 001: "Punctele sunt apoi încasate de jucătorul cu cei mai mulți tâlhari sau cavaleri.
// În cazul unei remize, toți jucătorii implicați primesc numărul integral de puncte", and
// the Note: "Doi cavaleri nu dublează punctele".
TEST(BaseMajority, MostFollowersScoreTiesAllScoreNothingDoubles) {
  Table t("crossroads", {{"straight", 5}, {"three-side-city-road", 2}, {"curve", 2}}, 2);
  for (int x : {1, 2, 3, -1, -2}) ASSERT_TRUE(ok(t.put("straight", x, 0, 0)));
  ASSERT_TRUE(ok(t.follower(kRed, 1, 0, "road:W")));
  ASSERT_TRUE(ok(t.follower(kGreen, 2, 0, "road:W")));
  ASSERT_TRUE(ok(t.follower(kRed, 3, 0, "road:W")));
  ASSERT_TRUE(ok(t.follower(kRed, -1, 0, "road:W")));
  ASSERT_TRUE(ok(t.follower(kGreen, -2, 0, "road:W")));
  // Red closes the east road: 5 tiles, red 2 thieves against green's 1.
  ASSERT_TRUE(ok(t.turn("three-side-city-road", 4, 0, 1)));
  EXPECT_EQ(t.total(kRed), 5) << "5, not 10: two thieves do not double the points";
  EXPECT_EQ(t.total(kGreen), 0);
  EXPECT_EQ(t.supply(kGreen), 6) << "the outnumbered thief goes home too";
  // Green closes the west road: 4 tiles, one thief each: both score 4.
  ASSERT_TRUE(ok(t.turn("three-side-city-road", -3, 0, 3)));
  EXPECT_EQ(t.total(kRed), 5 + 4);
  EXPECT_EQ(t.total(kGreen), 4);
  EXPECT_EQ(t.supply(kRed), 7);
  EXPECT_EQ(t.supply(kGreen), 7);
}

// ---- the end of the game ----------------------------------------------------------------

// seed 001, "Sfârșitul jocului": the game ends after the turn of the last tile; what that
// tile finishes scores as usual, then the final scoring.
TEST(BaseEnd, GameEndsAfterTheLastTileWithFinalScoring) {
  Table t("crossroads", {{"three-side-city-road", 1}}, 2);
  ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "road:E")));
  ASSERT_TRUE(ok(t.follower(kGreen, 0, 0, "road:W")));
  EXPECT_EQ(t.s->tiles_remaining(), 1);
  ASSERT_TRUE(ok(t.turn("three-side-city-road", 1, 0, 1)));
  ASSERT_TRUE(t.s->is_terminal());
  EXPECT_EQ(t.s->end_reason(), EndReason::AllTilesPlayed);
  auto scored = t.events(EventKind::Scored);
  ASSERT_EQ(scored.size(), 1u);
  EXPECT_EQ(scored[0].who, kRed);
  EXPECT_EQ(scored[0].value, 2) << "crossroads to city: 2 tiles, scored during the last turn";
  auto final_scored = t.events(EventKind::FinalScored);
  ASSERT_EQ(final_scored.size(), 1u);
  EXPECT_EQ(final_scored[0].who, kGreen);
  EXPECT_EQ(final_scored[0].value, 1) << "the unfinished west road: 1 tile";
  EXPECT_EQ(t.events(EventKind::GameEnded).size(), 1u);
  EXPECT_EQ(t.total(kRed), 2);
  EXPECT_EQ(t.total(kGreen), 1);
  ActionList list;
  t.s->legal_actions(list);
  EXPECT_EQ(list.size, 0);
  auto why = t.pass();
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(*why, "the game is over");
}

// The final-scoring board: seed 001, "Evaluarea drumurilor, orașelor și mănăstirilor
// nefinalizate": "Jucătorul ROȘU încasează 3 puncte pentru drumul nefinalizat. Jucătorul
// GALBEN încasează 5 puncte pentru mănăstirea nefinalizată. Jucătorul ALBASTRU încasează 3
// puncte pentru orașul nefinalizat din dreapta jos. Jucătorul VERDE încasează 8 puncte pentru
// orașul mare nefinalizat. Jucătorul NEGRU nu încasează niciun punct, din moment ce VERDE are
// mai mulți cavaleri în oraș." Rebuilt: a 3-tile road; a monastery with 4 neighbours
// (1 + 4); a 2-tile city with a shield bottom right (2 + 1); a 6-tile city with 2 shields
// (6 + 2) holding 2 green knights and 1 black one. Yellow's monastery is the last tile.
Table final_scoring_board(const std::vector<std::string>& variants) {
  Table t("city-cap-straight-road",
          {{"straight", 2},
           {"three-side-city-shield", 1},
           {"city-bridge", 4},
           {"city-corner-shield", 2},
           {"monastery", 1}},
          5, variants);
  auto must = [](const std::optional<std::string>& why) {
    if (why) throw std::logic_error("final-scoring board: " + *why);
  };
  must(t.put("straight", -1, 0, 0));
  must(t.put("straight", 1, 0, 0));
  must(t.put("three-side-city-shield", 0, -1, 2));  // city S+W+E above the start's cap
  must(t.put("city-bridge", -1, -1, 0));
  must(t.put("city-bridge", 1, -1, 0));
  must(t.put("city-bridge", -2, -1, 0));        // open to the west
  must(t.put("city-corner-shield", 2, -1, 0));  // N+W: open to the north
  must(t.put("city-corner-shield", 1, 1, 2));   // S+E: the small city, bottom right
  must(t.put("city-bridge", 2, 1, 0));
  must(t.follower(kRed, 0, 0, "road:W"));
  must(t.follower(kGreen, -2, -1, "city:W"));
  must(t.follower(kGreen, 2, -1, "city:N"));
  must(t.follower(kBlack, 1, -1, "city:W"));
  must(t.follower(kBlue, 2, 1, "city:W"));
  must(t.s->setup_active_player(kYellow));
  must(t.turn("monastery", 0, 1, 0, "monastery"));
  return t;
}

TEST(BaseEnd, FinalScoringExample) {
  Table t = final_scoring_board({});
  ASSERT_TRUE(t.s->is_terminal());
  EXPECT_EQ(t.total(kRed), 3) << t.board();
  EXPECT_EQ(t.by(kRed, FeatureClass::Road), 3);
  EXPECT_EQ(t.total(kYellow), 5);
  EXPECT_EQ(t.by(kYellow, FeatureClass::Monastery), 5);
  EXPECT_EQ(t.total(kBlue), 3);
  EXPECT_EQ(t.by(kBlue, FeatureClass::City), 3);
  EXPECT_EQ(t.total(kGreen), 8);
  EXPECT_EQ(t.by(kGreen, FeatureClass::City), 8);
  EXPECT_EQ(t.total(kBlack), 0);
  // "De îndată ce teritoriul în cauză a fost evaluat, supușii implicați sunt eliminați."
  for (int c = 0; c < 5; ++c)
    EXPECT_EQ(t.on_board(c), 0) << kColourWords[static_cast<size_t>(c)].word;
  EXPECT_EQ(t.events(EventKind::FinalScored).size(), 4u);
  EXPECT_EQ(t.events(EventKind::Scored).size(), 0u);
}

// The house rule (unfinished-final=nothing): the same board scores nothing.
TEST(BaseEnd, UnfinishedFinalNothingVariant) {
  Table t = final_scoring_board({"unfinished-final=nothing"});
  ASSERT_TRUE(t.s->is_terminal());
  for (int p = 0; p < 5; ++p) EXPECT_EQ(t.total(p), 0) << kColourWords[static_cast<size_t>(p)].word;
  EXPECT_EQ(t.events(EventKind::FinalScored).size(), 0u);
}

// ---- farms -----------------------------------------------------------------------------------

// seed 001, "Exemplu de evaluare a țăranilor": farm 1 (blue) borders finished cities A and
// B: 6; farm 2 (red and blue, tied) borders A, B and C, which lies inside it: 9 each; farm 3
// (yellow, more farmers than black) borders 4 finished cities: 12; the unfinished city
// bottom left pays nothing. Rebuilt: A and B are 2-cap cities standing between farm 1 (the
// row above) and farm 2 (the row below); C lies inside farm 2; the unfinished city runs west
// between farm 2 and farm 3; farm 3 lies along 4 more 2-cap cities (D-G), whose other side is
// a fourth farm nobody holds.
TEST(BaseFarm, ThirdEditionExampleSixNineTwelve) {
  Table t("city-cap", {{"city-cap", 14}, {"city-bridge", 1}}, 5);
  auto put = [&](const char* name, int x, int y, int r) {
    ASSERT_TRUE(ok(t.put(name, x, y, r))) << x << "," << y;
  };
  put("city-cap", 0, -1, 2);  // A: (0,-1) + start
  put("city-cap", 1, 0, 0);   // B: (1,-1) + (1,0)
  put("city-cap", 1, -1, 2);
  put("city-cap", 1, 1, 1);  // C: (1,1) + (2,1), inside farm 2
  put("city-cap", 2, 1, 3);
  put("city-cap", -1, 0, 3);  // the unfinished city, open to the west
  put("city-bridge", -2, 0, 0);
  put("city-cap", -2, 1, 2);  // D
  put("city-cap", -2, 2, 0);
  put("city-cap", -3, 1, 2);  // E
  put("city-cap", -3, 2, 0);
  put("city-cap", -4, 1, 2);  // F
  put("city-cap", -4, 2, 0);
  put("city-cap", -5, 1, 2);                               // G: its second half is the last tile
  ASSERT_TRUE(ok(t.follower(kBlue, 0, -1, "field:N")));    // farm 1
  ASSERT_TRUE(ok(t.follower(kBlue, 0, 0, "field:S")));     // farm 2
  ASSERT_TRUE(ok(t.follower(kRed, 1, 1, "field:N")));      // farm 2
  ASSERT_TRUE(ok(t.follower(kYellow, -2, 1, "field:N")));  // farm 3
  ASSERT_TRUE(ok(t.follower(kYellow, -4, 1, "field:N")));  // farm 3
  ASSERT_TRUE(ok(t.follower(kBlack, -5, 1, "field:N")));   // farm 3
  ASSERT_TRUE(ok(t.turn("city-cap", -5, 2, 0)));
  ASSERT_TRUE(t.s->is_terminal());
  EXPECT_EQ(t.by(kBlue, FeatureClass::Field), 6 + 9) << t.board();
  EXPECT_EQ(t.by(kRed, FeatureClass::Field), 9);
  EXPECT_EQ(t.by(kYellow, FeatureClass::Field), 12);
  EXPECT_EQ(t.by(kBlack, FeatureClass::Field), 0);
  EXPECT_EQ(t.by(kGreen, FeatureClass::Field), 0);
  std::vector<std::pair<int, int>> farms;  // (player, points) per farm and owner
  for (const Event& e : t.events(EventKind::FinalScored))
    if (e.feature == FeatureClass::Field) farms.emplace_back(e.who, e.value);
  std::sort(farms.begin(), farms.end());
  EXPECT_EQ(farms,
            (std::vector<std::pair<int, int>>{{kRed, 9}, {kBlue, 6}, {kBlue, 9}, {kYellow, 12}}));
  EXPECT_EQ(t.on_board(kYellow), 2) << "farmers stay where they are";
}

// seed 001 fn 16 (farm-scoring): one finished city between two farms; blue has a farmer on
// each, yellow one on the first. First edition (per city, 4 to the player with most
// farmers supplying it from any farm): "jucătorul ALBASTRU ar fi singurul care încasează
// puncte ... Jucătorul GALBEN ... se duce acasă cu nimic". Second edition ("regulile noi"):
// "ambii țărani câștigă puncte" (blue and yellow each collect the city once). Third edition
// (the default): "Jucătorul ALBASTRU câștigă puncte chiar de două ori": 3 per farm.
TEST(BaseFarm, EditionsOfFootnote16) {
  auto play = [](const std::string& variant) {
    Table t("city-cap", {{"city-cap", 1}, {"monastery", 1}}, 4, {"farm-scoring=" + variant});
    EXPECT_TRUE(ok(t.put("city-cap", 0, -1, 2)));            // the city: start + this cap
    EXPECT_TRUE(ok(t.follower(kBlue, 0, -1, "field:N")));    // the farm north of the city
    EXPECT_TRUE(ok(t.follower(kYellow, 0, -1, "field:E")));  // the same farm
    EXPECT_TRUE(ok(t.follower(kBlue, 0, 0, "field:S")));     // the farm south of it
    EXPECT_TRUE(ok(t.turn("monastery", 1, 0, 0)));           // the last tile
    EXPECT_TRUE(t.s->is_terminal());
    return std::make_pair(t.by(kBlue, FeatureClass::Field), t.by(kYellow, FeatureClass::Field));
  };
  auto third = play("third-edition");
  EXPECT_EQ(third.first, 6);
  EXPECT_EQ(third.second, 3);
  auto first = play("first-edition");
  EXPECT_EQ(first.first, 4);
  EXPECT_EQ(first.second, 0);
  auto second = play("second-edition");
  EXPECT_GT(second.first, 0);
  EXPECT_EQ(second.first, second.second) << "each collects the one city once";
}

// seed 001, farms: the majority on a farm, ties all owners. "Având majoritatea țăranilor,
// jucătorul ROȘU deține ferma mare și încasează 6 puncte: câte 3 pentru orașele A și B.
// Jucătorul ALBASTRU deține ferma mică, încasând 3 puncte pentru orașul A." and "Pe ferma
// mare jucătorul ROȘU și jucătorul GALBEN au amândoi doi țărani, așa că amândoi încasează 6
// puncte". Rebuilt: city A (start + the cap north of it) between the small farm (north) and
// the big farm (south); city B (two caps facing each other east of the start) borders the
// big farm.
TEST(BaseFarm, FarmMajorityAndTies) {
  for (bool tie : {false, true}) {
    SCOPED_TRACE(tie ? "red and yellow 2 farmers each" : "red 2 farmers, yellow 1");
    Table t("city-cap", {{"city-cap", 3}, {"monastery", 1}}, 4);
    ASSERT_TRUE(ok(t.put("city-cap", 0, -1, 2)));          // A's north half
    ASSERT_TRUE(ok(t.put("city-cap", 1, 0, 1)));           // B: a cap facing E ...
    ASSERT_TRUE(ok(t.put("city-cap", 2, 0, 3)));           // ... and one facing W
    ASSERT_TRUE(ok(t.follower(kBlue, 0, -1, "field:N")));  // the small farm
    ASSERT_TRUE(ok(t.follower(kRed, 0, 0, "field:S")));    // the big farm
    ASSERT_TRUE(ok(t.follower(kRed, 1, 0, "field:S")));
    ASSERT_TRUE(ok(t.follower(kYellow, 0, 0, "field:W")));
    if (tie) {
      ASSERT_TRUE(ok(t.follower(kYellow, 1, 0, "field:W")));
    }
    ASSERT_TRUE(ok(t.turn("monastery", 0, 1, 0)));  // the last tile, in the big farm
    ASSERT_TRUE(t.s->is_terminal());
    EXPECT_EQ(t.by(kRed, FeatureClass::Field), 6) << t.board();
    EXPECT_EQ(t.by(kYellow, FeatureClass::Field), tie ? 6 : 0);
    EXPECT_EQ(t.by(kBlue, FeatureClass::Field), 3);
  }
}

// ---- who starts -------------------------------------------------------------------------------

// seed 001 fn 3 / seed 002 fn 1 (first-player): the youngest player starts (player 1 here,
// as with "the players agree"); the house rule picks the starting player at random.
TEST(BaseStart, FirstPlayerVariants) {
  for (const char* v : {"first-player=youngest", "first-player=agree"}) {
    Table t("straight", {{"straight", 2}}, 4, {v});
    EXPECT_EQ(t.s->current_player(), 0) << v;
  }
  std::vector<int> seen(5, 0);
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Table t("straight", {{"straight", 2}}, 5, {"first-player=random"}, "base-c1", seed);
    int p = t.s->current_player();
    ASSERT_GE(p, 0);
    ASSERT_LT(p, 5);
    ++seen[static_cast<size_t>(p)];
    Table again("straight", {{"straight", 2}}, 5, {"first-player=random"}, "base-c1", seed);
    EXPECT_EQ(again.s->snapshot(), t.s->snapshot()) << "the draw is the seed's";
  }
  for (int p = 0; p < 5; ++p)
    EXPECT_GT(seen[static_cast<size_t>(p)], 0) << "player " << p + 1 << " never started";
}

// ---- the Print-and-Play demo ---------------------------------------------------------------

// seed 002: 48 tiles ("48 în loc de 72"), 5 followers per player ("5 în loc de 7") plus a
// scorer; thieves, knights and monks only: no farmers.
TEST(BasePnp, FortyEightTilesFiveFollowersNoFarmers) {
  for (int players = 2; players <= 5; ++players) {
    GameOptions o;
    o.rules = "pnp-demo";
    o.players = players;
    auto game = make_game(o);
    int tiles = 0;
    for (const TileType& tt : game->tiles()) tiles += tt.count;
    EXPECT_EQ(tiles, 48);
    State s(*game, 3);
    EXPECT_EQ(s.cells(), 1);
    EXPECT_EQ(s.tiles_remaining(), 47);
    for (int c = 0; c < players; ++c) EXPECT_EQ(s.meeples_in_supply(c), 5);
    EXPECT_FALSE(game->rules().farmers);
  }
  // A field follower is refused, and never offered.
  Table t("straight", {{"straight", 2}, {"curve", 1}}, 2, {}, "pnp-demo");
  ASSERT_TRUE(ok(t.draw("straight")));
  ASSERT_TRUE(ok(t.place(1, 0, 0)));
  for (auto [sg, c] : t.meeple_choices()) {
    EXPECT_NE(t.s->face(t.cell(1, 0)).segments[sg].kind, SegmentKind::Field);
    (void)c;
  }
  EXPECT_TRUE(t.may_place_meeple(1, 0, "road:W"));
  auto why = t.meeple(1, 0, "field:Nl");
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("no farmers"), std::string::npos) << *why;
  // Whole random games never put a follower on a field and never score farms.
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    GameOptions o;
    o.rules = "pnp-demo";
    o.players = 2 + static_cast<int>(seed % 4);
    auto game = make_game(o);
    State s(*game, seed);
    Rng chooser(seed * 77);
    ActionList legal;
    while (!s.is_terminal()) {
      if (s.is_chance()) {
        s.apply_random_draw();
        continue;
      }
      s.legal_actions(legal);
      ASSERT_GT(legal.size, 0);
      ASSERT_FALSE(s.apply(random_action(s, legal, chooser)));
      for (const Meeple& m : s.meeples())
        if (m.cell >= 0) {
          ASSERT_NE(s.face(m.cell).segments[m.seg].kind, SegmentKind::Field);
        }
    }
    for (int p = 0; p < o.players; ++p)
      EXPECT_EQ(s.score(p).by_feature[static_cast<size_t>(FeatureClass::Field)], 0);
    EXPECT_EQ(s.cells() + s.set_aside(), 48);
  }
}

// seed 002, "Evaluarea unui drum": "Drumul tău constă din 3 cartonaşe, de aceea primeşti 3
// puncte", and the city: 2 per tile + 2 per shield.
TEST(BasePnp, RoadAndCityScoreAsInTheBaseGame) {
  Table t("t-junction", {{"curve", 1}, {"monastery-road", 1}, {"straight", 2}}, 2, {}, "pnp-demo");
  ASSERT_TRUE(ok(t.put("curve", 1, 0, 0)));
  ASSERT_TRUE(ok(t.follower(kRed, 1, 0, "road:S")));
  ASSERT_TRUE(ok(t.turn("monastery-road", 1, 1, 2)));
  EXPECT_EQ(t.total(kRed), 3);
  Table c("city-cap", {{"city-corner-shield", 1}, {"city-cap", 1}, {"straight", 2}}, 2, {},
          "pnp-demo");
  ASSERT_TRUE(ok(c.put("city-corner-shield", 0, -1, 2)));
  ASSERT_TRUE(ok(c.follower(kRed, 0, 0, "city:N")));
  ASSERT_TRUE(ok(c.turn("city-cap", 1, -1, 3)));
  EXPECT_EQ(c.total(kRed), 8);
}

// ---- determinism and serialisation ------------------------------------------------------------

// DESIGN.md: a game is reproducible from its seed and actions; equal snapshots mean equal
// states; the game log (docs/game-log.md) rebuilds the state field for field, whole or cut.
std::unique_ptr<State> replayed_from_log(const State& a) {
  LogError error;
  std::optional<GameLog> log = read_game_log(write_game_log(a), 1, error);
  EXPECT_TRUE(log.has_value()) << error.text();
  if (!log) return nullptr;
  std::unique_ptr<State> r;
  ReplayResult res = replay_log(*log, a.game(), {}, &r);
  EXPECT_TRUE(res.agrees()) << res.findings.front().detail;
  return r;
}

TEST(BaseDeterminism, SameSeedSameActionsSameSnapshot) {
  for (const char* rules : {"base-c1", "pnp-demo"})
    for (int players = 2; players <= 5; ++players)
      for (uint64_t seed : {1ull, 42ull, 2024ull}) {
        SCOPED_TRACE(std::string(rules) + " players " + std::to_string(players) + " seed " +
                     std::to_string(seed));
        GameOptions o;
        o.rules = rules;
        o.players = players;
        auto game = make_game(o);
        State a(*game, seed), b(*game, seed);
        EXPECT_EQ(a.snapshot(), b.snapshot());
        Rng ca(seed + 9), cb(seed + 9);
        play_random(a, ca);
        play_random(b, cb);
        EXPECT_EQ(a.snapshot(), b.snapshot());
        ASSERT_TRUE(a.is_terminal());
        std::unique_ptr<State> r = replayed_from_log(a);
        ASSERT_TRUE(r);
        EXPECT_EQ(r->snapshot(), a.snapshot());
        // Mid-game too: the first half of the actions, logged as a partial game.
        State half(*game, seed);
        const size_t cut = a.history().size() / 2;
        for (size_t k = 0; k < cut; ++k) ASSERT_FALSE(half.apply(a.history()[k]).has_value());
        while (half.phase() != Phase::Draw)
          ASSERT_FALSE(half.apply(a.history()[half.history().size()]).has_value());
        std::unique_ptr<State> again = replayed_from_log(half);
        ASSERT_TRUE(again);
        EXPECT_EQ(again->snapshot(), half.snapshot());
      }
}

TEST(BaseDeterminism, ReplayWithVariantsFromTheLogsHeader) {
  GameOptions o;
  o.rules = "base-c1";
  o.players = 3;
  o.variants = {"farm-scoring=first-edition", "small-city=old"};
  auto game = make_game(o);
  State s(*game, 77);
  Rng chooser(5);
  play_random(s, chooser);
  LogError error;
  std::optional<GameLog> log = read_game_log(write_game_log(s), 1, error);
  ASSERT_TRUE(log.has_value()) << error.text();
  EXPECT_EQ(log->game.rules, "base-c1");
  EXPECT_EQ(log->game.players, 3);
  EXPECT_EQ(log->seed, 77u);
  EXPECT_EQ(log->game.variants,
            (std::vector<std::string>{"farm-scoring=first-edition", "small-city=old"}));
  auto game2 = log_game(*log);
  std::unique_ptr<State> r;
  ASSERT_TRUE(replay_log(*log, *game2, {}, &r).agrees());
  EXPECT_EQ(r->snapshot(), s.snapshot());
}

// ---- the regions against a flood fill ------------------------------------------------------

// The union-find with open counters (docs/architecture.md) against a plain flood fill over
// the board, after every action of random games: the same regions, the same tile counts
// (distinct cells), finished exactly when no link is open; every follower is accounted for
// (supply + board = 7, or 5 in the demo); scores never go down; at the end no thief,
// knight or monk is left on the board.
TEST(BaseRegions, UnionFindAgreesWithAFloodFill) {
  for (const char* rules : {"base-c1", "pnp-demo"})
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      SCOPED_TRACE(std::string(rules) + " seed " + std::to_string(seed));
      GameOptions o;
      o.rules = rules;
      o.players = 2 + static_cast<int>(seed % 4);
      auto game = make_game(o);
      State s(*game, seed);
      Rng chooser(seed * 31 + 7);
      ActionList legal;
      std::vector<int> last(static_cast<size_t>(o.players), 0);
      auto check = [&]() {
        const int n = s.cells();
        std::vector<int> comp(static_cast<size_t>(n) * kNodesPerCell, -1);
        for (int c = 0; c < n; ++c) {
          const CellFace& f = s.face(c);
          for (int g = 0; g < f.n_segments; ++g) {
            SegmentKind k = f.segments[g].kind;
            if (k != SegmentKind::Road && k != SegmentKind::City && k != SegmentKind::Field)
              continue;
            int id = c * kNodesPerCell + g;
            if (comp[static_cast<size_t>(id)] >= 0) continue;
            // Flood fill from (c, g).
            std::vector<int> stack{id}, members;
            comp[static_cast<size_t>(id)] = id;
            int open = 0;
            while (!stack.empty()) {
              int node = stack.back();
              stack.pop_back();
              members.push_back(node);
              int cc = node / kNodesPerCell, gg = node % kNodesPerCell;
              const CellFace& cf = s.face(cc);
              for (int p = 0; p < kPorts; ++p) {
                if (!(cf.segments[gg].links & (1u << p))) continue;
                int side = side_of(p);
                int nb = s.cell_at(s.cell(cc).x + kDx[side], s.cell(cc).y + kDy[side]);
                if (nb < 0) {
                  ++open;
                  continue;
                }
                int other = nb * kNodesPerCell + s.face(nb).port_segment[facing_port(p)];
                if (comp[static_cast<size_t>(other)] < 0) {
                  comp[static_cast<size_t>(other)] = id;
                  stack.push_back(other);
                }
              }
            }
            std::vector<int> cells_seen;
            for (int m : members) {
              int mc = m / kNodesPerCell;
              if (std::find(cells_seen.begin(), cells_seen.end(), mc) == cells_seen.end())
                cells_seen.push_back(mc);
            }
            int root = s.region_root(id);
            for (int m : members)
              ASSERT_EQ(s.region_root(m), root) << "one flood-fill region, one root";
            ASSERT_EQ(s.region_tiles(root), static_cast<int>(cells_seen.size()));
            if (k != SegmentKind::Field) {
              ASSERT_EQ(s.region_finished(root), open == 0);
            }
          }
        }
        // Two nodes in different flood-fill regions never share a root.
        std::map<int, int> root_of_comp;
        for (int c = 0; c < n; ++c) {
          const CellFace& f = s.face(c);
          for (int g = 0; g < f.n_segments; ++g) {
            int id = c * kNodesPerCell + g;
            if (comp[static_cast<size_t>(id)] < 0) continue;
            auto [it, fresh] =
                root_of_comp.emplace(s.region_root(id), comp[static_cast<size_t>(id)]);
            ASSERT_EQ(it->second, comp[static_cast<size_t>(id)]) << "two regions share a root";
            (void)fresh;
          }
        }
        for (int c = 0; c < o.players; ++c) {
          int board = 0;
          for (const Meeple& m : s.meeples()) board += m.colour == c && m.cell >= 0;
          ASSERT_EQ(board + s.meeples_in_supply(c), game->rules().followers_per_player);
          ASSERT_GE(s.score(c).total, last[static_cast<size_t>(c)]);
          last[static_cast<size_t>(c)] = s.score(c).total;
        }
      };
      while (!s.is_terminal()) {
        if (s.is_chance()) {
          s.apply_random_draw();
        } else {
          s.legal_actions(legal);
          ASSERT_GT(legal.size, 0);
          ASSERT_FALSE(s.apply(random_action(s, legal, chooser)).has_value());
        }
        check();
        if (::testing::Test::HasFatalFailure()) return;
      }
      for (const Meeple& m : s.meeples()) {
        if (m.cell < 0) continue;
        EXPECT_EQ(s.face(m.cell).segments[m.seg].kind, SegmentKind::Field) << "only farmers stay";
      }
    }
}

// ---- carcheck play ------------------------------------------------------------------------------

struct CommandResult {
  int status = -1;
  std::string out;
};

CommandResult run_carcheck(const std::string& args) {
  std::string cmd = "cd '" CARCHECK_TEST_DIR "' && '" CARCHECK_BINARY "' " + args + " 2>&1";
  CommandResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// seed 001: 2 to 5 players ("pentru 2 până la 5 jucători"); the demo follows the base game
// (pnp-player-count=2-5). One and six players are refused with the reason.
TEST(BasePlayCommand, TwoToFivePlayersOthersRefused) {
  for (const char* rules : {"base-c1", "pnp-demo"}) {
    const int tiles = std::string(rules) == "base-c1" ? 72 : 48;
    for (int n = 2; n <= 5; ++n) {
      CommandResult r = run_carcheck(std::string("play --rules ") + rules + " --players " +
                                     std::to_string(n) + " --seed 9 --json");
      ASSERT_EQ(r.status, 0) << r.out;
      const nlohmann::json doc = nlohmann::json::parse(r.out);
      EXPECT_EQ(doc.at("rules"), rules);
      EXPECT_EQ(doc.at("players"), n) << r.out;
      EXPECT_EQ(doc.at("scores").size(), static_cast<size_t>(n)) << r.out;
      // Every land tile is placed or set aside by the end.
      EXPECT_EQ(doc.at("tiles_placed").get<int>() + doc.at("set_aside").get<int>(), tiles) << r.out;
      CommandResult text = run_carcheck(std::string("play --rules ") + rules + " --players " +
                                        std::to_string(n) + " --seed 9 --no-board");
      ASSERT_EQ(text.status, 0) << text.out;
      EXPECT_NE(text.out.find("player " + std::to_string(n) + " ("), std::string::npos) << text.out;
    }
    // --opt=value reads as --opt value.
    CommandResult eq =
        run_carcheck(std::string("play --rules=") + rules + " --players=3 --seed=9 --json");
    ASSERT_EQ(eq.status, 0) << eq.out;
    EXPECT_EQ(nlohmann::json::parse(eq.out).at("players"), 3) << eq.out;
    for (int n : {1, 6}) {
      CommandResult r =
          run_carcheck(std::string("play --rules ") + rules + " --players " + std::to_string(n));
      EXPECT_EQ(r.status, 2) << r.out;
      EXPECT_NE(r.out.find("is for 2-5 players, not " + std::to_string(n)), std::string::npos)
          << r.out;
    }
  }
}

// Issue 28 section 4: `play` shows every score class of the rule system, in its text and its
// JSON, and the parts sum to the total. The classes come from the rules, not the program: the
// base game scores roads, cities, monasteries and farms (seed 001); the demo has no farmers
// (seed 002); Bridges, Castles and Bazaars adds castles (seed 003 "Cetățile") and the points
// paid and received in bazaars (seed 003 "Bazarul", signed); Mists scores roads, cities and
// castles (FAQ.MoC.0002; Level 1 returns the castles to the box, seed 004 Level 1) and, from
// Level 3, hounds (seed 004 Level 3: the hounds come into play). The random games' invariant
// (InvariantChecker::breakdown) holds the same after every action of every rule set and level.
TEST(PlayCommand, EveryScoreClassShownAndSummingToTheTotal) {
  struct Case {
    std::string args;
    std::vector<std::string> classes;
  };
  const std::vector<std::string> base = {"roads", "cities", "monasteries", "farms"};
  const std::vector<std::string> bcb = {"roads", "cities",  "monasteries",
                                        "farms", "castles", "bazaars"};
  const std::vector<std::string> mists = {"roads", "cities", "castles", "hounds"};
  const std::vector<Case> cases = {
      {"--rules base-c1 --players 3 --seed 5", base},
      {"--rules pnp-demo --players 3 --seed 5", {"roads", "cities", "monasteries"}},
      {"--rules bcb --players 3 --seed 5", bcb},
      {"--rules bcb --players 4 --seed 8 --variant negative-score=forbidden", bcb},
      {"--rules mists --level 1 --players 2 --seed 5", {"roads", "cities"}},
      {"--rules mists --level 2 --players 2 --seed 5", {"roads", "cities", "castles"}},
      {"--rules mists --level 4 --players 3 --seed 5", mists},
      {"--rules mists --level 6 --players 3 --seed 5", mists},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    const CommandResult j = run_carcheck("play " + c.args + " --json");
    ASSERT_EQ(j.status, 0) << j.out;
    const nlohmann::json doc = nlohmann::json::parse(j.out);
    std::vector<nlohmann::json> rows;  // {class: points} with the total beside
    std::vector<int> totals;
    if (doc.contains("scores")) {
      for (const nlohmann::json& row : doc.at("scores")) {
        rows.push_back(row);
        totals.push_back(row.at("total").get<int>());
      }
    } else {
      for (const nlohmann::json& row : doc.at("breakdown")) rows.push_back(row);
      if (doc.at("score").is_array())
        for (const nlohmann::json& t : doc.at("score")) totals.push_back(t.get<int>());
      else
        totals.push_back(doc.at("score").get<int>());
    }
    ASSERT_EQ(rows.size(), totals.size());
    ASSERT_FALSE(rows.empty());
    for (size_t i = 0; i < rows.size(); ++i) {
      int sum = 0;
      for (const std::string& k : c.classes) {
        ASSERT_TRUE(rows[i].contains(k)) << k << " missing from " << rows[i].dump();
        sum += rows[i].at(k).get<int>();
      }
      EXPECT_EQ(sum, totals[i]) << rows[i].dump();
    }
    // The text: each score's line lists the same classes, in that order, summing the same.
    const CommandResult t = run_carcheck("play " + c.args + " --no-board");
    ASSERT_EQ(t.status, 0) << t.out;
    size_t lines = 0;
    std::istringstream in(t.out);
    for (std::string line; std::getline(in, line);) {
      const size_t open = line.find("  (");
      if (open == std::string::npos || line.back() != ')') continue;
      if (line.rfind("player ", 0) != 0 && line.rfind("score", 0) != 0) continue;
      const size_t colon = line.rfind(": ", open);
      ASSERT_NE(colon, std::string::npos) << line;
      const int total = std::stoi(line.substr(colon + 2, open - colon - 2));
      std::string parts = line.substr(open + 3, line.size() - open - 4);
      int sum = 0;
      std::vector<std::string> names;
      std::istringstream ps(parts);
      for (std::string part; std::getline(ps, part, ',');) {
        if (!part.empty() && part[0] == ' ') part.erase(0, 1);
        const size_t sp = part.rfind(' ');
        names.push_back(part.substr(0, sp));
        sum += std::stoi(part.substr(sp + 1));
      }
      EXPECT_EQ(names, c.classes) << line;
      EXPECT_EQ(sum, total) << line;
      ++lines;
    }
    EXPECT_EQ(lines, totals.size()) << t.out;
  }
}

}  // namespace
}  // namespace carcheck
