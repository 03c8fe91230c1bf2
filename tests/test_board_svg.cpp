// The board as SVG (render/board_svg.h): well-formed XML (parsed by xmllint, Debian's
// libxml2-utils), one tile group per placed cell, meeples where they stand in their colour,
// ghosts on their cell; and `carcheck play --svg` writing it, refusing an unwritable path.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "dsl/library.h"
#include "engine/mists_setup.h"
#include "engine/state.h"
#include "render/board_svg.h"
#include "test_support.h"

namespace carcheck {
namespace {

namespace fs = std::filesystem;
using test_support::ok;
using test_support::read_text;
using test_support::shell;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "carcheck-board-svg";
  fs::create_directories(dir);
  return dir / name;
}

// xmllint's answer to an XPath number over the SVG in `file` (-1 when it does not parse).
int xpath_count(const fs::path& file, const std::string& xpath) {
  const fs::path out = file.string() + ".count";
  if (shell("xmllint --xpath '" + xpath + "' " + file.string() + " > " + out.string() +
            " 2>/dev/null") != 0)
    return -1;
  return std::stoi(read_text(out));
}

std::string tiles_xpath() { return "count(//*[local-name()=\"g\"][@class=\"tile\"])"; }

std::string write_svg(const State& s, const std::string& name) {
  const fs::path f = scratch(name);
  std::ofstream(f) << draw_board_svg(s);
  return f.string();
}

// Base game: the start tile (city N, road W-E) at 0,0 and a monastery south of it at 0,1; red
// on the monastery, green on the start tile's city. Worked out by hand from the layout: cells
// of 80 units, the margin 44 left and 22 on top, so column 0 starts at x=44, row 0 at y=22.
// The monastery's centre is (44+40, 102+40); the city's marker is the middle of its three
// north ports (40, 0) pulled 30% toward the centre (40, 40): (40, 12), on the board (84, 34).
TEST(BoardSvg, TilesAndMeeplesWhereTheyStand) {
  GameOptions o;
  o.rules = "base-c1";
  std::unique_ptr<Game> g = make_game(Library::shipped(), o);
  State s(*g, 1);
  ASSERT_EQ(s.cells(), 1);
  ASSERT_TRUE(ok(s.setup_place(g->find_tile("monastery"), 0, 1, 0)));
  const int mon = s.cell_at(0, 1), start = s.cell_at(0, 0);
  ASSERT_TRUE(ok(s.setup_meeple(0, mon, s.face(mon).centre)));
  ASSERT_TRUE(ok(s.setup_meeple(1, start, s.face(start).port_segment[port_of(North, 1)])));

  const std::string svg = draw_board_svg(s);
  const std::string file = write_svg(s, "base.svg");
  ASSERT_EQ(shell("xmllint --noout " + file), 0) << svg;
  EXPECT_EQ(xpath_count(file, tiles_xpath()), 2);
  EXPECT_EQ(xpath_count(file, "count(//*[local-name()=\"circle\"][@class=\"meeple\"])"), 2);
  EXPECT_NE(svg.find("data-colour=\"red\" data-x=\"0\" data-y=\"1\" cx=\"84\" cy=\"142\" r=\"7\" "
                     "fill=\"#d62728\""),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("data-colour=\"green\" data-x=\"0\" data-y=\"0\" cx=\"84\" cy=\"34\" "
                     "r=\"7\" fill=\"#2ca02c\""),
            std::string::npos)
      << svg;
  // One monastery, one city, one road drawn; the coordinates in the margin.
  EXPECT_EQ(xpath_count(file, "count(//*[@class=\"monastery\"])"), 1);
  EXPECT_EQ(xpath_count(file, "count(//*[@class=\"city\"])"), 1);
  EXPECT_EQ(xpath_count(file, "count(//*[@class=\"road\"])"), 1);
  EXPECT_NE(svg.find(">x=0</text>"), std::string::npos);
  EXPECT_NE(svg.find(">y=1</text>"), std::string::npos);
  EXPECT_NE(svg.find(" height=\"212\""), std::string::npos);  // 22 + 2 x 80 + 30
}

// The page's candidate cells: framed too, so the cell west of the start tile and the one south
// of the monastery get their labels, the board shifts one column right (the start tile's group
// at 44 + 80) and the summary line drops one row (22 + 3 x 80 + 30 high, not 212).
TEST(BoardSvg, FramesTheCellsThePageHighlights) {
  GameOptions o;
  o.rules = "base-c1";
  std::unique_ptr<Game> g = make_game(Library::shipped(), o);
  State s(*g, 1);
  ASSERT_TRUE(ok(s.setup_place(g->find_tile("monastery"), 0, 1, 0)));
  const std::string plain = draw_board_svg(s);
  EXPECT_EQ(plain.find(">x=-1</text>"), std::string::npos);
  const std::string svg = draw_board_svg(s, {{-1, 0}, {0, 2}});
  EXPECT_NE(svg.find(">x=-1</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">y=2</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(" height=\"292\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("data-x=\"0\" data-y=\"0\" data-tile=\"city-cap-straight-road\" "
                     "transform=\"translate(124,22)\""),
            std::string::npos)
      << svg;
}

// Mists: the 2x2 start tile is four cells, four tile groups; ghosts put on a mist area of one
// cell show there with their number; a face-down tile (Level 5) is a tile group drawn hatched;
// the state line names the active pile and the hounds.
TEST(BoardSvg, MistsGhostsAndFaceDownTiles) {
  GameOptions o;
  o.rules = "mists";
  o.level = 5;
  std::unique_ptr<Game> g = make_game(Library::shipped(), o);
  State s(*g, 7);
  ASSERT_EQ(s.cells(), 4);
  int misty = -1;
  for (int i = 0; i < s.cells() && misty < 0; ++i)
    if (s.face(i).n_mist > 0) misty = i;
  ASSERT_GE(misty, 0) << "the start tile has mist";
  ASSERT_TRUE(ok(setup_ghosts(s, misty, 0, 3)));
  TileId any = -1;
  for (TileId t = 0; t < static_cast<TileId>(g->tiles().size()) && any < 0; ++t)
    if (g->tile(t).n_cells == 1 && !g->tile(t).start) any = t;
  ASSERT_TRUE(ok(setup_face_down(s, any, 2, 0)));

  const std::string svg = draw_board_svg(s);
  const std::string file = write_svg(s, "mists.svg");
  ASSERT_EQ(shell("xmllint --noout " + file), 0);
  EXPECT_EQ(xpath_count(file, tiles_xpath()), 5);
  EXPECT_EQ(xpath_count(file, "count(//*[@class=\"face-down\"])"), 1);
  const PlacedCell& c = s.cell(misty);
  EXPECT_NE(svg.find("<g class=\"ghost\" data-count=\"3\" data-x=\"" + std::to_string(c.x) +
                     "\" data-y=\"" + std::to_string(c.y) + "\">"),
            std::string::npos)
      << svg;
  EXPECT_EQ(xpath_count(file, "count(//*[local-name()=\"circle\"][@class=\"meeple\"])"), 0);
  // The state line: Levels 3+ play three piles, the first active; both hounds wait for their
  // thresholds.
  EXPECT_NE(svg.find(", pile 1 of 3 ("), std::string::npos);
  EXPECT_NE(svg.find(", hound I waiting, hound II waiting"), std::string::npos);
}

// `carcheck play --svg FILE`: the final board, one tile group per placed cell (the JSON's
// tiles_placed counts cells), well-formed.
TEST(BoardSvg, PlayWritesTheFinalBoard) {
  const fs::path svg = scratch("play.svg"), json = scratch("play.json");
  fs::remove(svg);
  ASSERT_EQ(shell(std::string(CARCHECK_BINARY) +
                  " play --rules mists --level 3 --players 2 --seed 4 --json --svg " +
                  svg.string() + " > " + json.string()),
            0);
  const auto doc = nlohmann::json::parse(read_text(json));
  ASSERT_EQ(shell("xmllint --noout " + svg.string()), 0);
  EXPECT_EQ(xpath_count(svg, tiles_xpath()), doc["tiles_placed"].get<int>());
  EXPECT_FALSE(fs::exists(svg.string() + ".part"));
}

// An unwritable --svg path: one line naming it, exit 2, nothing written.
TEST(BoardSvg, PlayRefusesAnUnwritablePath) {
  const fs::path err = scratch("play.err");
  const std::string bad = "/nonexistent-folder/board.svg";
  EXPECT_EQ(shell(std::string(CARCHECK_BINARY) + " play --rules base-c1 --svg " + bad +
                  " > /dev/null 2> " + err.string()),
            2);
  const std::string e = read_text(err);
  EXPECT_EQ(e.substr(0, e.find('\n')), "carcheck play: --svg: cannot write " + bad);
  EXPECT_FALSE(fs::exists(bad));
  const fs::path folder = scratch("");
  EXPECT_EQ(shell(std::string(CARCHECK_BINARY) + " play --rules base-c1 --svg " + folder.string() +
                  " > /dev/null 2>&1"),
            2);
}

}  // namespace
}  // namespace carcheck
