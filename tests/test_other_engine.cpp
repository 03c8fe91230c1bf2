// Another engine's games, brought into the game-log format by the example converter
// (examples/other-engine/transcript_to_gamelog.py) and replayed: carcheck as the oracle an
// engine author uses. The fixture (tests/other-engine/, README.md there) is five complete
// 2-player base games of an independent Go engine with two known rule bugs; replay must
// report exactly those two, nothing else.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "gamelog/replay.h"
#include "test_support.h"

namespace carcheck {
namespace {

using test_support::read_text;
using test_support::scratch;

const std::string kSource = std::string(CARCHECK_TEST_DIR) + "/..";

// The fixture converted; `options` "--carcheck-tiles FILE" names carcheck's tiles instead of
// shipping the engine's.
std::vector<std::string> converted_lines(const std::string& options = "") {
  const std::string out = scratch("other-engine.jsonl");
  const std::string err = scratch("other-engine.err");
  const int status = test_support::shell(
      "python3 " + kSource + "/examples/other-engine/transcript_to_gamelog.py " + options + " " +
      kSource + "/tests/other-engine/transcripts.jsonl > " + out + " 2> " + err);
  EXPECT_EQ(status, 0) << read_text(err);
  std::ifstream in(out);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

struct Replayed {
  GameLog log;
  ReplayResult result;
};

std::vector<Replayed> replay_lines(const std::vector<std::string>& lines) {
  std::vector<Replayed> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    LogError e;
    std::optional<GameLog> g = read_game_log(lines[i], static_cast<int>(i + 1), e);
    EXPECT_TRUE(g.has_value()) << e.text();
    if (!g) continue;
    std::unique_ptr<Game> game = log_game(*g);
    out.push_back({*g, replay_log(*g, *game, {})});
  }
  return out;
}

std::vector<Replayed> replay_all() { return replay_lines(converted_lines()); }

// Converted with carcheck's own tiles: `carcheck tiles --json` gives their shapes.
std::vector<std::string> converted_to_carchecks_tiles() {
  const std::string tiles = scratch("carcheck-tiles.json");
  EXPECT_EQ(
      test_support::shell(std::string(CARCHECK_BINARY) + " tiles --set base-c1 --json > " + tiles),
      0);
  return converted_lines("--carcheck-tiles " + tiles);
}

// The two known faults and nothing else (the test below works them out).
void expect_the_two_known_faults(const std::vector<Replayed>& games) {
  ASSERT_EQ(games.size(), 5u);
  for (size_t i = 0; i < 3; ++i)
    EXPECT_TRUE(games[i].result.agrees())
        << "line " << i + 1 << ": " << games[i].result.findings.front().detail;
  ASSERT_EQ(games[3].result.findings.size(), 1u);
  EXPECT_EQ(games[3].result.findings[0].kind, Disagreement::LegalFollowers);
  EXPECT_EQ(games[3].result.findings[0].turn, 10);
  EXPECT_EQ(games[3].result.findings[0].followers_log_only, std::vector<std::string>{"road:W"});
  ASSERT_EQ(games[4].result.findings.size(), 1u);
  EXPECT_EQ(games[4].result.findings[0].kind, Disagreement::FinalScore);
  EXPECT_EQ(games[4].result.findings[0].log_scores, (std::vector<int>{19, 6}));
  EXPECT_EQ(games[4].result.findings[0].rules_scores, (std::vector<int>{20, 6}));
}

TEST(OtherEngine, TheConvertedGamesAreCompleteAndCarryTheirLegalSets) {
  const std::vector<Replayed> games = replay_all();
  ASSERT_EQ(games.size(), 5u);  // games 0, 1, 2, 5 and 10 of the fixture
  for (const Replayed& g : games) {
    // 72 base tiles: the start tile and 71 draws, none set aside in these five games.
    ASSERT_EQ(g.log.turns.size(), 71u);
    EXPECT_FALSE(g.log.partial);
    EXPECT_TRUE(g.log.final_scores.has_value());
    for (const LogTurn& t : g.log.turns) {
      EXPECT_TRUE(t.legal_placements.has_value()) << t.path;
      EXPECT_TRUE(t.legal_followers.has_value()) << t.path;
    }
  }
}

// Games 0, 1 and 2 agree everywhere: every placement, every legal set (the engine lists one
// rotation of each symmetric pair; the converter adds the twins), every score.
TEST(OtherEngine, ThreeGamesAgreeAndTheTwoKnownFaultsAreAllThatIsReported) {
  const std::vector<Replayed> games = replay_all();
  ASSERT_EQ(games.size(), 5u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_TRUE(games[i].result.agrees())
        << "line " << i + 1 << ": " << games[i].result.findings.front().detail;
    EXPECT_EQ(games[i].result.turns, 71);
  }

  // The engine lists one rotation of each symmetric placement, and the converter copies its
  // lists as they are: the twins it leaves out are notes. Game 0's first tile is a monastery
  // without roads south of the start tile (0,-1, y north): the only place it fits (the start
  // tile has a city N and roads E and W), listed in r0; r1, r2 and r3 are the same placement.
  ASSERT_FALSE(games[0].result.notes.empty());
  EXPECT_EQ(games[0].result.notes[0].turn, 1);
  for (const char* twin : {"0,-1 r1", "0,-1 r2", "0,-1 r3"})
    EXPECT_NE(games[0].result.notes[0].detail.find(twin), std::string::npos)
        << games[0].result.notes[0].detail;

  // Game 5 (line 4), the illegal road follower. Turn 2: seat 1 puts a follower on the road
  // E-S at -1,0, which runs east into the start tile's road W-E. Turn 10: seat 1 places a
  // T junction at 1,0, its W road joining the start tile's road from the east: that road
  // holds seat 1's follower, so road:W is no follower option; the engine offers it.
  const ReplayResult& five = games[3].result;
  ASSERT_EQ(five.findings.size(), 1u);
  EXPECT_EQ(five.findings[0].kind, Disagreement::LegalFollowers);
  EXPECT_EQ(five.findings[0].turn, 10);
  EXPECT_EQ(five.findings[0].detail,
            "legal followers: the log allows what the rules forbid: road:W");

  // Game 10 (line 5), the unfinished road one point short. Seat 0's follower on the road
  // N-E at 2,2 (turn 9): the road runs into 2,3 (E-S) and 3,2 (N-W) and ends open at both,
  // 3 tiles, 3 points at the end (1 a tile, seed 001); the engine gives 2. Its totals are
  // 19 and 6; by the rules seat 0 has one point more.
  const ReplayResult& ten = games[4].result;
  ASSERT_EQ(ten.findings.size(), 1u);
  EXPECT_EQ(ten.findings[0].kind, Disagreement::FinalScore);
  EXPECT_EQ(ten.findings[0].turn, 0);
  EXPECT_EQ(ten.findings[0].detail.rfind("final scores: the log says 19 6, the rules say 20 6", 0),
            0u)
      << ten.findings[0].detail;
  EXPECT_NE(ten.findings[0].detail.find("final-scored road: player 0, at 2,-2, points 3"),
            std::string::npos)
      << ten.findings[0].detail;
}

// The engine draws seven of the 24 base tiles a quarter turn from carcheck's pictures
// (issue 31). Matched by shape to carcheck's tiles, those seven get a tile_rotations entry of
// one quarter turn, the rest none, and the games replay as with the engine's own tiles.
TEST(OtherEngine, CarchecksOwnTilesWithTileRotationsReplayAlike) {
  const std::vector<std::string> lines = converted_to_carchecks_tiles();
  ASSERT_EQ(lines.size(), 5u);
  const std::vector<Replayed> games = replay_lines(lines);
  ASSERT_EQ(games.size(), 5u);
  for (const Replayed& g : games) {
    EXPECT_TRUE(g.log.tiles.empty());
    ASSERT_EQ(g.log.tile_rotations.size(), 7u);
    for (const auto& [name, turns] : g.log.tile_rotations)
      EXPECT_TRUE(turns == 1 || turns == 3) << name << " " << turns;
  }
  expect_the_two_known_faults(games);
}

// The same log without tile_rotations: the first of those seven tiles drawn is where it
// goes wrong, and the finding says the rotations look turned, naming the tile.
TEST(OtherEngine, WithoutTileRotationsTheShiftedRotationsAreNamed) {
  const std::vector<std::string> lines = converted_to_carchecks_tiles();
  ASSERT_EQ(lines.size(), 5u);
  const std::vector<Replayed> with = replay_lines({lines[0]});
  ASSERT_EQ(with.size(), 1u);
  int first = 0;
  std::string tile;
  for (size_t i = 0; i < with[0].log.turns.size() && !first; ++i)
    for (const auto& [name, turns] : with[0].log.tile_rotations)
      if (with[0].log.turns[i].tile == name) {
        first = static_cast<int>(i + 1);
        tile = name;
      }
  ASSERT_GT(first, 0);
  const size_t at = lines[0].find("\"tile_rotations\"");
  ASSERT_NE(at, std::string::npos);
  const size_t end = lines[0].find("}, ", at);
  const std::string without = lines[0].substr(0, at) + lines[0].substr(end + 3);
  const std::vector<Replayed> games = replay_lines({without});
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].log.tile_rotations.empty());
  ASSERT_FALSE(games[0].result.findings.empty());
  const Finding& f = games[0].result.findings[0];
  EXPECT_EQ(f.turn, first);
  EXPECT_NE(f.detail.find("quarter turn(s) off: does your tile " + tile + " face another way"),
            std::string::npos)
      << f.detail;
  EXPECT_NE(f.detail.find("tile_rotations"), std::string::npos) << f.detail;
}

// Format version 2 carries the engine's follower options at every placement, not only the one
// played, and the illegal road follower of game 5 shows earlier: at turn 3 the tile drawn (a
// city cap with a road W-E, the start tile's type) may go at 1,0 in r0, its road extending
// the start tile's road east; that road holds seat 1's follower since turn 2 (on the road
// E-S at -1,0, which joins the start tile's road from the west). The engine offers a follower
// on it there. The rest is as in version 1: games 0, 1 and 2 agree, game 10's final score.
TEST(OtherEngine, Version2FindsTheIllegalRoadFollowerAtAPlacementNotPlayed) {
  const std::vector<std::string> lines = converted_lines("--version 2");
  ASSERT_EQ(lines.size(), 5u);
  const std::vector<Replayed> games = replay_lines(lines);
  ASSERT_EQ(games.size(), 5u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(games[i].log.version, 2);
    ASSERT_TRUE(games[i].log.turns[0].legal.has_value());
    EXPECT_TRUE(games[i].result.agrees())
        << "line " << i + 1 << ": " << games[i].result.findings.front().detail;
  }
  ASSERT_EQ(games[3].result.findings.size(), 1u);
  const Finding& f = games[3].result.findings[0];
  EXPECT_EQ(f.kind, Disagreement::LegalFollowers);
  EXPECT_EQ(f.turn, 3);
  EXPECT_EQ(
      f.detail.rfind("legal followers at 1,0 r0: the log allows what the rules forbid: road:", 0),
      0u)
      << f.detail;
  ASSERT_EQ(f.followers_log_only.size(), 1u);
  EXPECT_TRUE(f.followers_rules_only.empty());
  ASSERT_EQ(games[4].result.findings.size(), 1u);
  EXPECT_EQ(games[4].result.findings[0].kind, Disagreement::FinalScore);
  EXPECT_EQ(games[4].result.findings[0].log_scores, (std::vector<int>{19, 6}));
}

// The same through the command, as an engine author runs it.
TEST(OtherEngine, ReplayCommandSummarisesTheTwoFaults) {
  const std::vector<std::string> lines = converted_lines();
  ASSERT_EQ(lines.size(), 5u);
  const std::string log = scratch("other-engine.jsonl");
  const std::string out = scratch("other-engine.txt");
  EXPECT_EQ(
      test_support::shell(std::string(CARCHECK_BINARY) + " replay " + log + " > " + out + " 2>&1"),
      1);
  EXPECT_NE(read_text(out).find("replay: 5 game(s), 3 agree, 2 disagree (final-score 1, "
                                "legal-followers 1), 0 unreadable"),
            std::string::npos)
      << read_text(out);
}

}  // namespace
}  // namespace carcheck
