// The game log (docs/game-log.md) and `carcheck replay`: carcheck's own logs round-trip for
// every rule set, player count and variant value the engine plays; hand-written logs with a
// planted rules error are reported at the turn and for the reason the rules give; bad lines
// are refused with their JSON path.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "checker/fuzz_targets.h"
#include "checker/policies.h"
#include "gamelog/json_out.h"
#include "gamelog/log_write.h"
#include "gamelog/replay.h"
#include "test_support.h"

namespace carcheck {
namespace {

using test_support::read_text;

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

GameLog read_ok(const std::string& text, int line = 1) {
  LogError e;
  std::optional<GameLog> g = read_game_log(text, line, e);
  EXPECT_TRUE(g.has_value()) << e.text();
  return g ? *g : GameLog{};
}

// Plays `target`'s game of `seed`, writes it, reads it back and replays it: carcheck agrees
// with itself, turn by turn, including the legal sets it logged.
void round_trip(const FuzzTarget& target, uint64_t seed) {
  State s(*target.game, seed);
  Rng chooser(seed * 977);
  play_random(s, chooser);
  LogWriteOptions w;
  w.legal = seed % 2 == 0;
  const std::string line = write_game_log(s, w);
  ASSERT_FALSE(line.empty()) << target.label;
  GameLog g = read_ok(line);
  std::unique_ptr<Game> game = log_game(g);
  ReplayResult r = replay_log(g, *game, {});
  ASSERT_TRUE(r.agrees()) << target.label << " seed " << seed << ": turn "
                          << r.findings.front().turn << " "
                          << disagreement_name(r.findings.front().kind) << ": "
                          << r.findings.front().detail;
  EXPECT_EQ(r.turns, static_cast<int>(g.turns.size()));
}

TEST(GameLog, CarchecksOwnLogsRoundTripForEveryRuleSetAndPlayerCount) {
  FuzzTargets t = default_targets(Library::shipped());
  ASSERT_FALSE(t.targets.empty());
  for (const FuzzTarget& target : t.targets)
    for (uint64_t seed = 1; seed <= 3; ++seed) round_trip(target, seed);
}

TEST(GameLog, CarchecksOwnLogsRoundTripUnderEveryVariantValue) {
  FuzzTargets t = variant_targets(Library::shipped());
  ASSERT_FALSE(t.targets.empty());
  for (const FuzzTarget& target : t.targets) round_trip(target, 7);
}

// tests/gamelogs/planted.jsonl: each line a small game on inline tiles (a straight road as
// the start tile), three of them with one rules error planted by hand.
class Planted : public ::testing::Test {
 protected:
  ReplayResult replay_line(size_t i) {
    const std::vector<std::string> lines =
        lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/planted.jsonl");
    EXPECT_GT(lines.size(), i);
    GameLog g = read_ok(lines.at(i), static_cast<int>(i + 1));
    game_ = log_game(g);
    return replay_log(g, *game_, {});
  }
  std::unique_ptr<Game> game_;
};

// Seed 001 "Plasează un supus": no follower may go on a road another follower holds, however
// far away. Seat 0's follower stands on the road at 1,0; seat 1 extends it at 2,0 and puts
// a follower on it: refused at turn 2.
TEST_F(Planted, AFollowerOnAFarOccupiedRoadIsRefusedAtItsTurn) {
  ReplayResult r = replay_line(0);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, Disagreement::Refused);
  EXPECT_EQ(r.findings[0].turn, 2);
  EXPECT_NE(r.findings[0].detail.find("already occupied"), std::string::npos)
      << r.findings[0].detail;
  EXPECT_FALSE(r.findings[0].board.empty());
}

// Seed 001 "Un drum finalizat": 1 point per tile. Villages at 1,0 and -1,0 close the start
// tile's road: 3 tiles, 3 points for seat 0's follower; the log says 4.
TEST_F(Planted, AWrongRoadValueIsReportedWithTheRulesNumber) {
  ReplayResult r = replay_line(1);
  ASSERT_FALSE(r.findings.empty());
  EXPECT_EQ(r.findings[0].kind, Disagreement::Score);
  EXPECT_EQ(r.findings[0].turn, 2);
  EXPECT_NE(r.findings[0].detail.find("the log says 4 0, the rules say 3 0"), std::string::npos)
      << r.findings[0].detail;
}

// A road end (road W, fields elsewhere) beside the straight start tile (road W-E): it fits
// at 1,0 only in r0 (road against road), at -1,0 only in r2, north of the start tile in r0,
// r1, r2 (its S side must be field), south in r0, r2, r3: 8 placements. The log misses
// 0,1 r3 and allows 1,0 r1 (field against the road).
TEST_F(Planted, LegalPlacementsTheWriterMissedOrAllowedTooMuch) {
  ReplayResult r = replay_line(2);
  ASSERT_FALSE(r.findings.empty());
  EXPECT_EQ(r.findings[0].kind, Disagreement::LegalPlacements);
  EXPECT_EQ(r.findings[0].turn, 1);
  EXPECT_NE(r.findings[0].detail.find("forbid: 1,0 r1;"), std::string::npos)
      << r.findings[0].detail;
  EXPECT_NE(r.findings[0].detail.find("misses: 0,1 r3"), std::string::npos) << r.findings[0].detail;
}

// The same road game as line 2, in a frame with y up, counterclockwise rotations and the
// start tile at 10,10: the frame is the log's, the rules are the same, and 3 is right.
TEST_F(Planted, AnotherFrameIsTurnedIntoCarchecks) {
  ReplayResult r = replay_line(3);
  EXPECT_TRUE(r.agrees()) << r.findings.front().detail;
  EXPECT_EQ(r.turns, 2);
}

// A straight road placed beside the straight start tile, turned half round: the writer names
// the road by its W port, a field by Sr; the rules' words for them differ (road:E, field:Er
// after the turn), but they are the same features, and followers are compared as features.
TEST_F(Planted, LegalFollowersAreComparedAsFeaturesNotAsWords) {
  ReplayResult r = replay_line(4);
  EXPECT_TRUE(r.agrees()) << r.findings.front().detail;
}

// docs/game-log.md's example line (tests/gamelogs/doc-example.jsonl): the two-tile city
// closed by seat 0's cap is worth 4 (2 a tile, seed 001), and the rest agrees too.
TEST(GameLog, TheDocumentsExampleAgrees) {
  const std::vector<std::string> lines =
      lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/doc-example.jsonl");
  ASSERT_EQ(lines.size(), 1u);
  GameLog g = read_ok(lines[0]);
  std::unique_ptr<Game> game = log_game(g);
  ReplayResult r = replay_log(g, *game, {});
  EXPECT_TRUE(r.agrees()) << r.findings.front().detail;
  EXPECT_EQ(r.turns, 3);
}

// --continue-after-refusal: the refused follower of turn 2 is skipped (the follower step goes
// on without one) and the game is replayed to its end, the refusal still reported.
TEST(GameLog, ContinueAfterRefusalReplaysTheRest) {
  const std::vector<std::string> lines =
      lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/planted.jsonl");
  GameLog g = read_ok(lines.at(0));
  std::unique_ptr<Game> game = log_game(g);
  ReplayOptions o;
  o.continue_after_refusal = true;
  std::unique_ptr<State> end;
  ReplayResult r = replay_log(g, *game, o, &end);
  ASSERT_EQ(r.findings.size(), 1u) << r.findings.back().detail;
  EXPECT_EQ(r.findings[0].turn, 2);
  EXPECT_EQ(r.turns, 3);
  ASSERT_TRUE(end);
  EXPECT_TRUE(end->is_terminal());  // the three straights are all placed
}

TEST(GameLog, BadLinesAreRefusedWithTheirPath) {
  const std::vector<std::string> lines =
      lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/bad.jsonl");
  const std::vector<std::string> want = {
      "line 1: not JSON",
      "line 2: players: missing",
      "line 3: version: format version 2 is not known (this carcheck reads version 1)",
      "",  // a well-formed log of a rule set levels.yaml lacks: refused when its game is built
      "line 5: turns[0].x: expected an integer, found a string",
      "line 6: colour: unknown field",
      ""};  // a tile shape that does not parse: refused when its game is built
  ASSERT_EQ(lines.size(), want.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    LogError e;
    std::optional<GameLog> g = read_game_log(lines[i], static_cast<int>(i + 1), e);
    if (want[i].empty()) {
      ASSERT_TRUE(g.has_value()) << e.text();
      EXPECT_THROW(log_game(*g), std::exception);
      continue;
    }
    EXPECT_FALSE(g.has_value()) << lines[i];
    EXPECT_EQ(e.text(), want[i]);
  }
}

// The reader (gamelog/json_in.h) takes JSON as nlohmann::json::parse did: the values, the
// refusals and the order in which an object's fields are judged.
std::string read_error(const std::string& text) {
  LogError e;
  std::optional<GameLog> g = read_game_log(text, 1, e);
  EXPECT_FALSE(g.has_value()) << text;
  return e.text();
}

const std::string kHead =
    R"({"format":"carcheck-game-log","version":1,"rules":"base-c1","players":2,)";

TEST(GameLogJson, ValuesAreReadAsJsonDefinesThem) {
  // A repeated key keeps its last value; escapes and surrogate pairs are decoded; a leading
  // byte order mark and whitespace around tokens are skipped.
  GameLog g = read_ok("\xEF\xBB\xBF " + kHead +
                      R"( "players" : 3, "colours":["\u00e9\n\/","\ud83d\ude00"], "turns":[] } )");
  EXPECT_EQ(g.game.players, 3);
  ASSERT_EQ(g.colours.size(), 2u);
  EXPECT_EQ(g.colours[0], "\xC3\xA9\n/");
  EXPECT_EQ(g.colours[1], "\xF0\x9F\x98\x80");
  // An integer wider than an int is cut to 32 bits, as a C++ cast does: 2^32 + 1 is 1.
  g = read_ok(kHead + R"("start_scores":[4294967297],"turns":[]})");
  EXPECT_EQ(g.start_scores, std::vector<int>{1});
  // Variants come in key order (a JSON object has no order).
  g = read_ok(kHead + R"("variants":{"b":"1","a":"2"},"turns":[]})");
  EXPECT_EQ(g.game.variants, (std::vector<std::string>{"a=2", "b=1"}));
}

TEST(GameLogJson, WhatIsNotJsonOrNotTheRightKindIsRefused) {
  EXPECT_EQ(read_error(kHead + R"("colours":["\ud83d"],"turns":[]})"), "line 1: not JSON");
  EXPECT_EQ(read_error(kHead + R"("colours":["\udc00"],"turns":[]})"), "line 1: not JSON");
  EXPECT_EQ(read_error(kHead + "\"colours\":[\"\xC3\"],\"turns\":[]}"), "line 1: not JSON");
  EXPECT_EQ(read_error(kHead + "\"colours\":[\"\x01\"],\"turns\":[]}"), "line 1: not JSON");
  EXPECT_EQ(read_error(kHead + R"("start_scores":[1e999],"turns":[]})"), "line 1: not JSON");
  EXPECT_EQ(read_error(kHead + R"("start_scores":[01],"turns":[]})"), "line 1: not JSON");
  EXPECT_EQ(read_error(kHead + R"("turns":[]} x)"), "line 1: not JSON");
  EXPECT_EQ(read_error(""), "line 1: not JSON");
  // 2.0 and 2e0 are numbers but not integers; -0 is no whole number >= 0; 2^64 overflows
  // into a float.
  EXPECT_EQ(read_error(R"({"format":"carcheck-game-log","version":1,"rules":"r","players":2.0})"),
            "line 1: players: expected an integer, found a number");
  EXPECT_EQ(read_error(kHead + R"("seed":-0,"turns":[]})"),
            "line 1: seed: expected a whole number >= 0");
  EXPECT_EQ(read_error(kHead + R"("seed":18446744073709551616,"turns":[]})"),
            "line 1: seed: expected a whole number >= 0");
  // Unknown fields are named in key order, whatever order the line has them in.
  EXPECT_EQ(read_error(kHead + R"("zz":1,"aa":2,"turns":[]})"), "line 1: aa: unknown field");
  // Deep nesting is read without recursion.
  EXPECT_EQ(read_error(std::string(100000, '[') + std::string(100000, ']')),
            "line 1: expected an object, found an array");
}

TEST(GameLogJson, EscapedKeysAndStringsAreDecodedAndPlainOnesKeptWhole) {
  // The reader keeps plain strings as views into the line and decodes only escaped ones: a key
  // spelt with an escape is the same key, and text on both sides of an escape is kept.
  GameLog g =
      read_ok(R"({"format":"carcheck-game-log","version":1,"rules":"base-c1","pl\u0061yers":3,)"
              R"("colours":["ab\"cd","plain","x\\"],"turns":[]})");
  EXPECT_EQ(g.game.players, 3);
  EXPECT_EQ(g.colours, (std::vector<std::string>{"ab\"cd", "plain", "x\\"}));
  // A key repeated once plain and once escaped keeps its last value.
  g = read_ok(kHead + R"("pl\u0061yers":4,"turns":[]})");
  EXPECT_EQ(g.game.players, 4);
}

TEST(GameLogJson, ARepeatedKeyKeepsItsLastValueLookedUpOrWalkedInKeyOrder) {
  // Objects are put in key order only when walked (variants, an unknown field's report):
  // looked up by key or walked, a repeated key has its last value and counts once.
  GameLog g = read_ok(kHead + R"("variants":{"b":"1","a":"2","b":"3"},"turns":[]})");
  EXPECT_EQ(g.game.variants, (std::vector<std::string>{"a=2", "b=3"}));
  g = read_ok(kHead + R"("turns":[{"player":1,"tile":"t","player":0}]})");
  ASSERT_EQ(g.turns.size(), 1u);
  EXPECT_EQ(g.turns[0].player, 0);
  // Every key asked for, but one repeated: the unknown one is still found and named.
  EXPECT_EQ(read_error(kHead + R"("turns":[{"player":0,"player":0,"tile":"t","zz":1}]})"),
            "line 1: turns[0].zz: unknown field");
}

TEST(GameLogJson, NumbersAreWrittenInDecimalAsToStringWritesThem) {
  std::string out;
  jsonout::integer(out, 0);
  out += ',';
  jsonout::integer(out, -42);
  out += ',';
  jsonout::integer(out, INT64_MIN);
  out += ',';
  jsonout::unsigned_integer(out, UINT64_MAX);
  EXPECT_EQ(out, "0,-42,-9223372036854775808,18446744073709551615");
}

TEST(GameLogJson, StringsAreWrittenAsJson) {
  std::string out;
  jsonout::string(out, "a\"b\\c\n\t\x01\x7f\xC3\xA9");
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\n\\t\\u0001\x7f\xC3\xA9\"");
  out.clear();
  jsonout::string(out, "x\xFFy");  // not UTF-8: the byte is replaced by U+FFFD
  EXPECT_EQ(out, "\"x\xEF\xBF\xBDy\"");
}

int run(const std::string& args, const std::string& out) {
  return test_support::shell(std::string(CARCHECK_BINARY) + " " + args + " > " + out + " 2>&1");
}

TEST(GameLogCommand, ReplayExitsOneOnADisagreementAndTwoOnABadLine) {
  const std::string dir = std::string(CARCHECK_TEST_DIR) + "/gamelogs/";
  const std::string out = testing::TempDir() + "replay.txt";
  EXPECT_EQ(run("replay " + dir + "planted.jsonl", out), 1);
  const std::string text = read_text(out);
  EXPECT_NE(text.find("replay: 5 game(s), 2 agree, 3 disagree (refused 1, score 1, "
                      "legal-placements 1), 0 unreadable"),
            std::string::npos)
      << text;
  EXPECT_EQ(run("replay " + dir + "bad.jsonl", out), 2);
  EXPECT_EQ(run("replay --json " + dir + "planted.jsonl", out), 1);
  EXPECT_NE(read_text(out).find("\"kind\":\"score\""), std::string::npos);
}

// export-spec turns the wrong-road-value game into a spec that pins the rules' 3 points,
// with the log's 4 beside it; `carcheck check` passes it.
TEST(GameLogCommand, ExportSpecMakesARegressionSpec) {
  const std::string dir = std::string(CARCHECK_TEST_DIR) + "/gamelogs/";
  const std::string spec = testing::TempDir() + "exported.spec";
  const std::string out = testing::TempDir() + "export.txt";
  ASSERT_EQ(run("export-spec " + dir + "planted.jsonl --line 2 -o " + spec, out), 0)
      << read_text(out);
  const std::string text = read_text(spec);
  EXPECT_NE(text.find("expect score red 3    # the log says 4"), std::string::npos) << text;
  EXPECT_EQ(run("check " + spec, out), 0) << read_text(out);
}

TEST(GameLogCommand, PlayLogIsReplayedInAgreement) {
  const std::string log = testing::TempDir() + "played.jsonl";
  std::remove(log.c_str());
  const std::string out = testing::TempDir() + "play.txt";
  ASSERT_EQ(run("play --rules base-c1 --seed 5 --no-board --log " + log, out), 0);
  ASSERT_EQ(
      run("play --rules mists --level 4 --players 3 --seed 5 --no-board --log-legal --log " + log,
          out),
      0);
  EXPECT_EQ(run("replay " + log, out), 0) << read_text(out);
}

}  // namespace
}  // namespace carcheck
