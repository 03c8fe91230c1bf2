// The River (C1): its tiles as the digest's table R1-R10 gives them
// (../shared/reference/river-inns-rules.md), the tile language's river words and their located
// errors, the piles of a base-river game, the placement tables with a river side, and the
// river invariant catching a U-turn let through on purpose (engine/testing_hooks.h).
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checker/play_checked.h"
#include "checker/policies.h"
#include "dsl/diagnostic.h"
#include "dsl/library.h"
#include "dsl/tile_compiler.h"
#include "engine/river.h"
#include "engine/testing_hooks.h"
#include "render/cell_svg.h"
#include "render/tile_art.h"
#include "test_support.h"

namespace carcheck {
namespace {

const TileSet& river_set() {
  for (const TileSet& s : Library::shipped().tile_sets)
    if (s.name == "river-c1") return s;
  throw std::runtime_error("no river-c1 set");
}

// A side as the digest's table writes it: F field, R road, C city, ~ river.
char letter(Terrain t) {
  switch (t) {
    case Terrain::Field:
      return 'F';
    case Terrain::Road:
      return 'R';
    case Terrain::City:
      return 'C';
    case Terrain::River:
      return '~';
  }
  return '?';
}

std::string sides(const TileType& t) {
  std::string s;
  for (int side = 0; side < kSides; ++side) s += letter(t.face(0).sides[side]);
  return s;
}

TEST(RiverTiles, TheDigestsTableR1ToR10) {
  const TileSet& set = river_set();
  EXPECT_FALSE(set.reconstructed);
  struct Row {
    const char* name;
    int count;
    const char* nesw;
  };
  // river-inns-rules.md, "Tile table": N E S W, counts summing to 12.
  const Row rows[] = {{"spring", 1, "F~FF"},           {"lake", 1, "FFF~"},
                      {"river-city-caps", 1, "C~C~"},  {"river-city-road", 1, "C~R~"},
                      {"river-monastery", 1, "F~R~"},  {"river-bridge", 1, "~R~R"},
                      {"river-straight", 2, "F~F~"},   {"river-city-corner", 1, "C~~C"},
                      {"river-road-curve", 1, "RR~~"}, {"river-curve", 2, "FF~~"}};
  ASSERT_EQ(set.tiles.size(), std::size(rows));
  int total = 0;
  for (const Row& r : rows) {
    const TileType* t = set.find(r.name);
    ASSERT_NE(t, nullptr) << r.name;
    EXPECT_EQ(t->count, r.count) << r.name;
    EXPECT_EQ(sides(*t), r.nesw) << r.name;
    EXPECT_EQ(t->shields(), 0) << r.name << ": River I has no coat of arms";
    total += t->count;
  }
  EXPECT_EQ(total, 12);
  EXPECT_TRUE(set.find("spring")->face(0).marks & kMarkSpring);
  EXPECT_TRUE(set.find("lake")->face(0).marks & kMarkLake);
}

// The river is no feature: its side centres belong to no segment, its halves to fields on
// either bank (S2 fn 6), and the bridge tile has four fields (S5).
TEST(RiverTiles, TheRiverIsNoSegmentAndDividesTheFields) {
  const TileSet& set = river_set();
  const CellFace& straight = set.find("river-straight")->face(0);
  EXPECT_EQ(straight.port_segment[centre_port(West)], -1);
  EXPECT_EQ(straight.port_segment[centre_port(East)], -1);
  EXPECT_NE(straight.port_segment[port_of(North, 0)], straight.port_segment[port_of(South, 0)]);
  EXPECT_EQ(straight.port_segment[port_of(West, 2)], straight.port_segment[port_of(North, 0)]);
  EXPECT_EQ(straight.port_segment[port_of(West, 0)], straight.port_segment[port_of(South, 2)]);
  const CellFace& bridge = set.find("river-bridge")->face(0);
  int fields = 0;
  for (int i = 0; i < bridge.n_segments; ++i)
    fields += bridge.segments[i].kind == SegmentKind::Field;
  EXPECT_EQ(fields, 4);
  const CellFace& spring = set.find("spring")->face(0);
  EXPECT_EQ(spring.n_segments, 1) << "one field round the spring (S2 fn 3)";
  // A quarter turn moves the river side on: the spring's E river faces S in rotation 1.
  EXPECT_EQ(set.find("spring")->face(1).sides[South], Terrain::River);
}

// The pictures: the river drawn in the ASCII art ('w' at a river side's centre, Q the
// spring) and in the SVG (a blue band, a pool at the spring).
TEST(RiverTiles, ThePicturesDrawTheRiver) {
  const TileSet& set = river_set();
  const std::vector<std::string> art = draw_cell(set.find("river-straight")->face(0));
  EXPECT_EQ(art[2].front(), 'w');
  EXPECT_EQ(art[2].back(), 'w');
  EXPECT_NE(draw_cell(set.find("spring")->face(0))[2].find('Q'), std::string::npos);
  const std::string svg = cell_svg(set.find("spring")->face(0));
  EXPECT_NE(svg.find("class=\"river\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("class=\"spring\""), std::string::npos) << svg;
  EXPECT_EQ(cell_svg(Library::shipped().tile_sets.front().tiles.front().face(0)).find("river"),
            std::string::npos);
}

std::string compile_error(const std::string& shape) {
  TileType t;
  try {
    compile_shape(shape, ShapeOrigin{"shape", 1, 1}, t);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(RiverTiles, LocatedErrorsOfTheRiverWords) {
  EXPECT_NE(compile_error("river W-E; field Wr Nl Nr El Sl; field Wl Sr Er")
                .find("1:30: field half Sl lies across the river from Wr"),
            std::string::npos)
      << compile_error("river W-E; field Wr Nl Nr El Sl; field Wl Sr Er");
  EXPECT_NE(
      compile_error("river E*; field Nl Nr El Er Sl Sr Wl Wr").find("needs a spring or a lake"),
      std::string::npos);
  EXPECT_NE(compile_error("spring; field Nl Nr El Er Sl Sr Wl Wr").find("1:1: a spring needs"),
            std::string::npos);
  EXPECT_NE(
      compile_error("lake; river W-E; field Wr Nl Nr El; field Wl Sl Sr Er").find("write it as W*"),
      std::string::npos);
  EXPECT_NE(compile_error("city N; river N-S; field El Er Sl; field Sr Wl Wr")
                .find("side N is a city side; a river cannot flow through it"),
            std::string::npos);
  EXPECT_NE(compile_error("road W-E; river W-E; field Nl Nr; field Sl Sr")
                .find("port Wc is already claimed by the road"),
            std::string::npos);
  EXPECT_NE(compile_error("river W-E; river N-S; field Nl; field Nr El; field Er Sl; field Sr Wl; "
                          "field Wr")
                .find("one river at most"),
            std::string::npos);
  EXPECT_NE(compile_error("river W"), "");
  EXPECT_NE(compile_error("river W-").find("expected the side where the river leaves"),
            std::string::npos);
  // Not a spring or lake cell: a field side's halves stay one field.
  EXPECT_NE(compile_error("river N-S; field Nr El Wl Wr; field Er Sl; field Sr Nl")
                .find("lies across the river"),
            std::string::npos);
}

std::unique_ptr<Game> river_game(int players = 2) {
  GameOptions o;
  o.rules = "base-river";
  o.players = players;
  return make_game(Library::shipped(), o);
}

// S1: the spring in the middle, the other ten river tiles shuffled into a stack, the lake when
// the river is finished, then the land tiles; the printed start tile removed (the default).
TEST(RiverGame, TheSpringStartsAndThePilesComeInDrawOrder) {
  std::unique_ptr<Game> g = river_game();
  State s(*g, 7);
  ASSERT_GE(s.cells(), 1);
  EXPECT_TRUE(s.face(0).marks & kMarkSpring);
  EXPECT_EQ(g->tile(g->start_tile()).name, "spring");
  EXPECT_EQ(g->tile(g->printed_start()).name, "city-cap-straight-road");
  ASSERT_EQ(s.piles(), 3);
  EXPECT_EQ(s.pile_size(0), 10);
  for (TileId t : s.pile(0)) EXPECT_TRUE(is_river_tile(g->tile(t)));
  ASSERT_EQ(s.pile_size(1), 1);
  EXPECT_EQ(g->tile(s.pile(1).front()).name, "lake");
  EXPECT_EQ(s.pile_size(2), 71);  // 72 land tiles, the printed start tile's copy removed
  EXPECT_EQ(s.set_aside(), 1);
  EXPECT_EQ(s.tiles_remaining(), 82);
}

// The first river tile goes only to the spring's open end, 1,0 (river-continuity=extend).
TEST(RiverGame, PlacementsMatchTheRiverOnlyWithTheRiver) {
  std::unique_ptr<Game> g = river_game();
  State s(*g, 3);
  ActionList out;
  s.legal_actions(out);
  ASSERT_GT(out.size, 0);
  ASSERT_EQ(s.apply(out.items[0]), std::nullopt);  // a river tile drawn
  ASSERT_EQ(s.phase(), Phase::Place);
  s.legal_actions(out);
  ASSERT_GT(out.size, 0);
  for (int i = 0; i < out.size; ++i) {
    EXPECT_EQ(out.items[i].x, 1) << "the open end of the spring's river is 1,0";
    EXPECT_EQ(out.items[i].y, 0);
  }
  // Placed, the river tile's open end is the only space a river tile may take next.
  ASSERT_EQ(s.apply(out.items[0]), std::nullopt);
  const RiverCourse c = river_course(s);
  EXPECT_EQ(c.spring_cell, 0);
  EXPECT_EQ(c.spring_heading, East);
  EXPECT_EQ(c.open_cell, 1);
  EXPECT_EQ(c.n_turns, 1);
}

// A placement carrying a room's extra (BCB: a bridge) from outside, with a rotation out of
// 0..3, is refused before any room reads the tile at it (found by the engine's libFuzzer
// harness: the River's placement check read rotation -1).
TEST(RiverGame, AnExtraPlacementWithABadRotationIsRefused) {
  GameOptions o;
  o.rules = "bcb-river";
  o.players = 2;
  std::unique_ptr<Game> g = make_game(Library::shipped(), o);
  State s(*g, 3);
  ActionList out;
  s.legal_actions(out);
  ASSERT_EQ(s.apply(out.items[0]), std::nullopt);
  ASSERT_EQ(s.phase(), Phase::Place);
  for (int rot : {-1, 4}) {
    Action a = test_support::place(1, 0, rot);
    a.count = 1;
    EXPECT_EQ(s.apply(a), std::optional<std::string>("rotation must be 0..3")) << rot;
  }
  EXPECT_EQ(s.phase(), Phase::Place);
}

// The river invariant is the checker's own reading: with the U-turn rule ignored on purpose,
// random base-river games soon turn the river back on itself and the checker says so.
TEST(RiverGame, TheInvariantCatchesAUTurnLetThrough) {
  std::unique_ptr<Game> g = river_game();
  auto first_failure = [&](int games) -> std::optional<std::string> {
    for (int i = 1; i <= games; ++i) {
      GameStart from;
      from.seed = static_cast<uint64_t>(i);
      State s(*g, from.seed);
      Rng chooser(from.seed * 31 + 7);
      CheckedGame r = play_checked(s, from, uniform_choice(chooser), false);
      if (r.failure) return r.failure;
    }
    return std::nullopt;
  };
  testing::break_rule = testing::BrokenRule::RiverUturnIgnored;
  std::optional<std::string> found = first_failure(40);
  testing::break_rule = testing::BrokenRule::None;
  ASSERT_TRUE(found) << "a river turning back on itself went unnoticed";
  EXPECT_NE(found->find("river: "), std::string::npos) << *found;
  std::optional<std::string> mended = first_failure(40);
  EXPECT_FALSE(mended) << *mended;
}

// The course the room keeps as the board grows (State::river(), read by the placement check)
// equals a fresh walk of the board (river_course) after every action of random games, under
// the readings that change which river tiles go where.
TEST(RiverGame, TheKeptCourseIsAFreshWalk) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"base-river", {}},
      {"base-river", {"river-uturn=never-back", "river-continuity=any-edge"}},
      {"base-river", {"river-uturn=lookahead", "river-unplaceable=bottom"}},
      {"base-river", {"river-uturn=no-repeat", "river-start-tile=river-stack"}},
      {"base-river", {"river-start-tile=after-river", "river-lake-turn=same-player"}},
      {"bcb-river", {}},
      {"base-river-inns", {}}};
  int checked = 0, closed = 0;
  for (const auto& [rules, variants] : cases) {
    GameOptions o;
    o.rules = rules;
    o.players = 2;
    o.variants = variants;
    std::unique_ptr<Game> g = make_game(Library::shipped(), o);
    for (uint64_t seed = 1; seed <= 15; ++seed) {
      State s(*g, seed);
      Rng chooser(seed * 31 + 7);
      ActionList legal;
      while (!s.is_terminal()) {
        const RiverCourse fresh = river_course(s);
        ASSERT_EQ(s.river().course, fresh) << rules << " seed " << seed << " turn " << s.turn();
        ++checked;
        if (s.is_chance()) {
          s.apply_random_draw();
          continue;
        }
        s.legal_actions(legal);
        ASSERT_EQ(s.apply(random_action(s, legal, chooser)), std::nullopt);
      }
      closed += river_course(s).closed;
    }
  }
  EXPECT_GT(checked, 10000);
  EXPECT_GT(closed, 0) << "no game closed its river: the lake's step went untested";
}

}  // namespace
}  // namespace carcheck
