// Bridges, Castles and Bazaars in the action notation and on the board picture: every action
// kind reads back as the engine prints it (action_text(resolve(parse(text))) == text), and a
// bridge is drawn across its tile (render/board_art.cpp).
//
// Until the engine plays every bcb switch the Game is built with the room passed explicitly
// and only the switches the engine reads (as tests/test_bcb_bridges.cpp does).
// Coordinates: x grows east, y grows south; the start tile lies at 0,0 in rotation 0.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "dsl/action_parser.h"
#include "dsl/level_loader.h"
#include "dsl/library.h"
#include "dsl/spec_parser.h"
#include "engine/bcb.h"
#include "engine/notation.h"
#include "engine/state.h"
#include "render/board_art.h"
#include "test_support.h"

namespace carcheck {
namespace {

using test_support::ok;

// A straight road W-E as the start tile; monasteries and straights to draw.
std::unique_ptr<Game> bcb_game() {
  auto tile = [](const char* name, const char* shape, int count, bool start) {
    InlineTile t;
    t.name = name;
    t.shape = shape;
    t.count = count;
    t.start = start;
    return t;
  };
  std::vector<TileSet> sets = {
      inline_tile_set("base-c1",
                      {tile("straight", "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl", 1, true)},
                      "test_bcb_notation.cpp"),
      inline_tile_set("bcb",
                      {tile("monastery", "monastery; field Nl Nr El Er Sl Sr Wl Wr", 4, false),
                       tile("road", "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl", 4, false)},
                      "test_bcb_notation.cpp")};
  RuleSet r;
  for (const RuleSet& rs : Library::shipped().rule_sets)
    if (rs.name == "bcb") r = rs;
  std::erase_if(r.variants, [](const VariantSwitch& v) { return !engine_reads_switch(v.id); });
  return std::make_unique<Game>(std::move(r), sets, 2, bcb_rules());
}

Action read(const State& s, const std::string& text) {
  std::string error;
  std::optional<Action> a = parse_action(s, text, error);
  EXPECT_TRUE(a.has_value()) << text << ": " << error;
  return a.value_or(Action{});
}

// Red's follower on the start road (for bury and hound); a monastery drawn and placed south
// of the start (its north field meets the start's south field), then a W-E bridge across it:
// both bridge ends face empty spaces (seed 003 fn 18), so the bridge is legal, and the
// follower step follows with a bridged new tile.
struct Board {
  std::unique_ptr<Game> game = bcb_game();
  State s{*game, 1};
  Board() {
    const int start = s.cell_at(0, 0);
    EXPECT_TRUE(ok(s.setup_meeple(0, start, s.face(start).port_segment[centre_port(West)])));
    EXPECT_TRUE(ok(s.apply(read(s, "draw monastery"))));
    EXPECT_TRUE(ok(s.apply(read(s, "place 0,1 r0"))));
    EXPECT_EQ(s.phase(), Phase::Bridge);
    EXPECT_TRUE(ok(s.apply(read(s, "bridge 0,1 W-E"))));
    EXPECT_EQ(s.phase(), Phase::Meeple);
  }
};

// One text per action kind (several for the forms of place, meeple, castle-score and
// select), each printed back exactly as written.
TEST(BcbNotation, EveryActionKindRoundTrips) {
  Board b;
  const std::vector<std::string> texts = {
      "draw straight",
      "place 1,-2 r3",
      "place 0,2 r2 bridge N-S",       // on the tile placed
      "place 1,1 r0 bridge 0,1 W-E",   // on the neighbour to the west
      "place 0,-1 r1 bridge 0,0 N-S",  // on the neighbour to the south
      "meeple bridge red",             // the new tile's bridge (kBridgeSeg)
      "meeple monastery blue",
      "meeple field:Nl red",
      "pass",
      "points",
      "points red",
      "remove-ghosts 0,0 2",
      "remove-ghosts 1,1 2 blue",
      "extra-ghost -1,0",
      "bury red@supply",
      "bury red@0,0",
      "hound red@0,0",
      "clear stop",
      "clear 2,3 1",
      "face-down 3,3",
      "track blue",
      "track blue and red",  // an attempt: refused, but written and printed back
      "remove-ghosts 0,1 2 from mist 1:1, cemetery:1",
      "clear 2,3 3 from mist 2:2, cemetery:1",
      "score-first 0,0 road:E",
      "score-first 0,1 monastery",
      "scoring-meeples red green",
      "empty-symbol 0,0 mist 1",
      "haunt 0,1 mist 2",
      "bridge 0,1 W-E",
      "bridge -1,0 N-S",
      "discard",
      "castle",
      "castle-score 0,1 bridge",
      "castle-score 0,0 road:E",
      "castle-score 0,1 monastery",
      "castle-score 0,0 castle",  // the start tile has no centre: the castle there
      "select straight 0",
      "select road 12",
      "select monastery",  // no bid (bazaar-variant=variant): x = -1
      "bid 5",
      "buy",
      "sell",
  };
  bool seen[kActionKinds] = {};
  for (const std::string& text : texts) {
    SCOPED_TRACE(text);
    const Action a = read(b.s, text);
    seen[static_cast<int>(a.kind)] = true;
    EXPECT_EQ(action_text(b.s, a), text);
  }
  for (int k = 0; k < kActionKinds; ++k)
    EXPECT_TRUE(seen[k]) << action_verb(static_cast<ActionKind>(k));
}

// The fields the texts fill: the bridge code of a placement (engine/bcb.h), the axis of a
// bridge, the bid of a selection (-1: none).
TEST(BcbNotation, FieldsOfTheBcbActions) {
  Board b;
  EXPECT_EQ(read(b.s, "place 0,2 r0 bridge W-E").count,
            kPlaceBridgeSelf + static_cast<int>(BridgeAxis::WestEast));
  EXPECT_EQ(read(b.s, "place 1,1 r0 bridge 0,1 W-E").count, kPlaceBridgeBeside + West);
  EXPECT_EQ(read(b.s, "place 0,2 r0 bridge 0,1 N-S").count, kPlaceBridgeBeside + North);
  EXPECT_EQ(read(b.s, "place 0,2 r0").count, kPlaceBridgeNone);
  const Action bridge = read(b.s, "bridge -1,0 N-S");
  EXPECT_EQ(bridge.kind, ActionKind::Bridge);
  EXPECT_EQ(bridge.x, -1);
  EXPECT_EQ(bridge.count, static_cast<int>(BridgeAxis::NorthSouth));
  EXPECT_EQ(read(b.s, "meeple bridge red").seg, kBridgeSeg);
  EXPECT_EQ(read(b.s, "select straight").x, -1);
  EXPECT_EQ(read(b.s, "select straight 0").x, 0);
  EXPECT_EQ(read(b.s, "bid 7").x, 7);
  EXPECT_EQ(read(b.s, "castle-score 0,1 bridge").seg, kBridgeSeg);
}

// Texts that name nothing: a bridge on a tile without one, a tile not in the game.
TEST(BcbNotation, NamesThatResolveToNothing) {
  Board b;
  std::string error;
  EXPECT_FALSE(parse_action(b.s, "castle-score 0,0 bridge", error).has_value());
  EXPECT_EQ(error, "the tile at 0,0 has no bridge");
  EXPECT_FALSE(parse_action(b.s, "select nothing-like-it 3", error).has_value());
  EXPECT_EQ(error, "unknown tile 'nothing-like-it' (not in this rule set's tiles)");
}

// The malformed forms, with the column of the word at fault.
TEST(BcbNotation, MalformedActionsGiveTheColumn) {
  auto refusal = [](const std::string& text) {
    std::string error;
    EXPECT_FALSE(parse_action(text, error).has_value()) << text;
    return error;
  };
  EXPECT_EQ(refusal("bridge 1,0 N-E"),
            "column 12: expected a bridge's axis: N-S or W-E, found 'N-E'");
  EXPECT_EQ(refusal("bridge 1,0"),
            "column 11: expected a bridge's axis: N-S or W-E, found the end of the action");
  EXPECT_EQ(refusal("place 1,0 r0 bridge"),
            "column 20: expected where the bridge lies: its axis on the tile placed (bridge "
            "N-S), or a neighbour and its axis (bridge 2,0 W-E), found the end of the action");
  EXPECT_EQ(refusal("place 1,0 r0 bridge 3,0 W-E"),
            "column 21: the bridge of a placement lies on the tile placed or on a neighbour "
            "sharing a side with it: 3,0 is not beside 1,0");
  EXPECT_EQ(refusal("place 1,0 r0 bridge 2,0 N-S"),
            "column 21: a bridge on the neighbour across side E carries the new tile's road on "
            "along W-E: write 'bridge 2,0 W-E'");
  EXPECT_EQ(refusal("meeple bridge:N"),
            "column 8: a bridge is named without a port: 'bridge' (the tile holds at most one, "
            "seed 003 fn 21)");
  EXPECT_EQ(refusal("castle-score 1,0"),
            "column 17: expected a feature: road, city, field, monastery, castle, cemetery, mist "
            "or bridge, with a port where needed (road:W, city:N, field:Nl), found the end of "
            "the action");
  EXPECT_EQ(refusal("castle-score 2,0 road:S for"),
            "column 28: expected the castle's coordinates x,y after 'for', found the end of the "
            "action");
  EXPECT_EQ(refusal("castle-score 2,0 road:S for 1"),
            "column 30: expected ',' between x and y, without spaces (as in 1,0), found the end "
            "of the action");
  EXPECT_EQ(refusal("bid"),
            "column 4: expected an amount of points, a whole number, found the "
            "end of the action");
  EXPECT_EQ(refusal("bid 32768"), "column 5: a bid of 32768 points is a mistake (at most 32767)");
  EXPECT_EQ(refusal("castle red"), "column 8: expected the end of the action, found 'red'");
}

// The board picture: the W-E bridge across the monastery at 0,1 is a row of H through the
// middle of the tile, the monastery's M kept (render/board_art.cpp), with its legend line;
// the start tile's own road stays '='.
TEST(BcbBoardArt, ABridgeIsDrawnAcrossItsTile) {
  Board b;
  std::istringstream board(draw_board(b.s));
  std::vector<std::string> lines;
  for (std::string l; std::getline(board, l);) lines.push_back(l);
  // Line 0 the x labels; the tile at y=0 on lines 1-5, the tile at y=1 on lines 6-10.
  ASSERT_GE(lines.size(), 12u);
  EXPECT_EQ(lines[3], "y=0  =========");
  EXPECT_EQ(lines[8], "y=1  HHHHMHHHH");
  EXPECT_EQ(lines[6].find('H'), std::string::npos);
  EXPECT_EQ(lines.back(), "H: a bridge across the tile; K<c>: a castle of colour c on the tile");
}

// The BCB expectations as the spec parser reads them.
TEST(BcbSpecs, ExpectationsParse) {
  const SpecFile s = parse_spec(
      "rules bcb\ncites seed 003 \"Podurile\"\nexpect bridges red 2\n"
      "expect bridge at 1,0 W-E\nexpect bridge at 0,0 none\nexpect castle-tokens green 3\n"
      "expect castle at 1,-1 red\nexpect castle at 0,0 none\n"
      "expect event bridge-built at 1,0 value 1 by red\n",
      "t.spec");
  ASSERT_EQ(s.steps.size(), 7u);
  const Expectation& bridges = s.steps[0].expect;
  EXPECT_EQ(bridges.kind, ExpectKind::Bridges);
  EXPECT_EQ(bridges.colour, "red");
  EXPECT_EQ(bridges.value, 2);
  const Expectation& bridge = s.steps[1].expect;
  EXPECT_EQ(bridge.kind, ExpectKind::BridgeAt);
  EXPECT_EQ(bridge.where.x, 1);
  EXPECT_EQ(bridge.word, "W-E");
  EXPECT_EQ(s.steps[2].expect.word, "none");
  EXPECT_EQ(s.steps[3].expect.kind, ExpectKind::CastleTokens);
  EXPECT_EQ(s.steps[3].expect.value, 3);
  const Expectation& castle = s.steps[4].expect;
  EXPECT_EQ(castle.kind, ExpectKind::CastleAt);
  EXPECT_EQ(castle.where.y, -1);
  EXPECT_EQ(castle.word, "red");
  EXPECT_EQ(s.steps[5].expect.word, "none");
  EXPECT_EQ(s.steps[6].expect.word, "bridge-built");
  EXPECT_TRUE(s.steps[6].expect.has_event_value);
}

// specs/bcb parses, and every spec cites seed 003, and only seed 003 or the base game it is
// played on, seed 001 (a bazaar's won tile is placed by seed 001's rules) (they run once the
// engine plays rules bcb: tests/CMakeLists.txt).
TEST(BcbSpecs, ShippedSpecsParseAndCiteSeed003) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(CARCHECK_TEST_DIR).parent_path() / "specs" / "bcb";
  int n = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".spec") continue;
    SCOPED_TRACE(e.path().string());
    const SpecFile s = load_spec(e.path().string());
    EXPECT_EQ(s.rules, "bcb");
    ASSERT_FALSE(s.cites.empty());
    bool expansion = false;
    for (const Citation& c : s.cites) {
      expansion = expansion || c.text.rfind("seed 003 ", 0) == 0;
      EXPECT_TRUE(c.text.rfind("seed 003 ", 0) == 0 || c.text.rfind("seed 001 ", 0) == 0) << c.text;
    }
    EXPECT_TRUE(expansion) << "no seed 003 citation";
    ++n;
  }
  EXPECT_GE(n, 13);
}

}  // namespace
}  // namespace carcheck
