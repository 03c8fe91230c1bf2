// The game log (docs/game-log.md) and `carcheck replay`: carcheck's own logs round-trip for
// every rule set, player count and variant value the engine plays; hand-written logs with a
// planted rules error are reported at the turn and for the reason the rules give; bad lines
// are refused with their JSON path.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checker/fuzz_targets.h"
#include "checker/policies.h"
#include "engine/bcb.h"
#include "gamelog/json_out.h"
#include "gamelog/log_write.h"
#include "gamelog/replay.h"
#include "test_support.h"

namespace carcheck {
namespace {

using test_support::read_text;
using test_support::scratch;

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

// --after-finding rules (formerly --continue-after-refusal): the refused follower of turn 2
// is skipped (the follower step goes on without one) and the game is replayed to its end,
// the refusal still reported.
TEST(GameLog, AfterFindingRulesReplaysTheRest) {
  const std::vector<std::string> lines =
      lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/planted.jsonl");
  GameLog g = read_ok(lines.at(0));
  std::unique_ptr<Game> game = log_game(g);
  ReplayOptions o;
  o.after_finding = AfterFinding::Rules;
  std::unique_ptr<State> end;
  ReplayResult r = replay_log(g, *game, o, &end);
  ASSERT_EQ(r.findings.size(), 1u) << r.findings.back().detail;
  EXPECT_EQ(r.findings[0].turn, 2);
  EXPECT_EQ(r.turns, 3);
  ASSERT_TRUE(end);
  EXPECT_TRUE(end->is_terminal());  // the three straights are all placed
}

// Line 2 of planted.jsonl logs 4 points for a road of 3 tiles at turn 2 (the rules say 3)
// and the same 4 as the final score. Going on with the rules' correction, carcheck keeps its
// 3: the turn and the final score both differ. Going on as logged, it takes the log's 4 at
// turn 2, and the final score (the road was finished and scored at turn 2; nothing is left
// for the final scoring) then agrees: one finding.
TEST(GameLog, AfterFindingAsLoggedTakesTheLogsScoresAndGoesOn) {
  const std::vector<std::string> lines =
      lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/planted.jsonl");
  GameLog g = read_ok(lines.at(1), 2);
  std::unique_ptr<Game> game = log_game(g);
  ReplayOptions o;
  EXPECT_EQ(replay_log(g, *game, o).findings.size(), 1u);  // stop: the first one only
  o.after_finding = AfterFinding::Rules;
  ReplayResult r = replay_log(g, *game, o);
  ASSERT_EQ(r.findings.size(), 2u);
  EXPECT_EQ(r.findings[0].kind, Disagreement::Score);
  EXPECT_EQ(r.findings[0].turn, 2);
  EXPECT_EQ(r.findings[1].kind, Disagreement::FinalScore);
  EXPECT_EQ(r.findings[1].detail.rfind("final scores: the log says 4 0, the rules say 3 0", 0), 0u)
      << r.findings[1].detail;
  o.after_finding = AfterFinding::AsLogged;
  r = replay_log(g, *game, o);
  ASSERT_EQ(r.findings.size(), 1u) << r.findings.back().detail;
  EXPECT_EQ(r.findings[0].kind, Disagreement::Score);
  EXPECT_EQ(r.turns, 2);
}

// tests/gamelogs/writer-checks.jsonl: a straight road drawn beside the straight start tile
// (road W-E). It fits east and west only along the road (r0, r2) and north and south only
// with its field against the start tile's (r0, r2): 8 rotations, 4 distinct placements, as a
// straight road turned half round shows the same face.
class WriterChecks : public testing::Test {
 protected:
  ReplayResult replay_line(size_t i) {
    const std::vector<std::string> lines =
        lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/writer-checks.jsonl");
    GameLog g = read_ok(lines.at(i), static_cast<int>(i + 1));
    game_ = log_game(g);
    return replay_log(g, *game_, {});
  }
  std::unique_ptr<Game> game_;
};

TEST_F(WriterChecks, RotationsThatShowTheSameFaceAreOnePlacement) {
  // The straight road: 0 and 2 the same, 1 and 3 the same; the crossroads (4 road ends,
  // 4 fields) the same in every rotation; the start tile of base-c1 (city N) in none.
  GameOptions options;
  options.rules = "base-c1";
  const std::unique_ptr<Game> base = make_game(Library::shipped(), options);
  const Game& game = *base;
  const TileType& straight = game.tile(game.find_tile("straight"));
  EXPECT_EQ(same_placement_rotation(straight, 0), 0);
  EXPECT_EQ(same_placement_rotation(straight, 1), 1);
  EXPECT_EQ(same_placement_rotation(straight, 2), 0);
  EXPECT_EQ(same_placement_rotation(straight, 3), 1);
  const TileType& cross = game.tile(game.find_tile("crossroads"));
  for (int r = 0; r < 4; ++r) EXPECT_EQ(same_placement_rotation(cross, r), 0);
  for (const TileType& t : game.tiles()) {
    if (!t.start) continue;
    for (int r = 0; r < 4; ++r) EXPECT_EQ(same_placement_rotation(t, r), r) << t.name;
  }
}

TEST_F(WriterChecks, AMissingSymmetricTwinIsANoteNotADisagreement) {
  // Line 1 lists every placement in r0 only: it agrees, with the four r2 twins noted.
  ReplayResult r = replay_line(0);
  EXPECT_TRUE(r.agrees()) << r.findings.front().detail;
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_EQ(r.notes[0].turn, 1);
  for (const char* twin : {"-1,0 r2", "0,-1 r2", "0,1 r2", "1,0 r2"})
    EXPECT_NE(r.notes[0].detail.find(twin), std::string::npos) << r.notes[0].detail;
  // Line 2 has 1,0 in r2 (the played r0's twin), and misses 0,1 in both rotations: that is
  // a placement missed, and both its rotations are named.
  r = replay_line(1);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, Disagreement::LegalPlacements);
  EXPECT_NE(r.findings[0].detail.find("the rules allow what the log misses: 0,1 r0, 0,1 r2"),
            std::string::npos)
      << r.findings[0].detail;
  EXPECT_EQ(r.findings[0].detail.find("forbid"), std::string::npos) << r.findings[0].detail;
}

TEST_F(WriterChecks, AMoveMissingFromTheWritersOwnLegalSetIsFlagged) {
  ReplayResult r = replay_line(2);  // plays 1,0 r0; its list has no 1,0 at all
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, Disagreement::LegalPlacements);
  EXPECT_EQ(r.findings[0].detail,
            "the log places straight at 1,0 r0, which its own legal_placements do not list");
  r = replay_line(3);  // a follower on the road; its list has the two fields and none
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, Disagreement::LegalFollowers);
  EXPECT_EQ(r.findings[0].detail,
            "the log plays road:W, which its own legal_followers do not list");
}

TEST_F(WriterChecks, AFollowerOnNoFeatureOfTheTileListsTheTilesFeatures) {
  // city:N on a straight road: the tile has one road and two fields, and says so.
  ReplayResult r = replay_line(4);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, Disagreement::Refused);
  const std::string& d = r.findings[0].detail;
  const size_t at = d.find("the tile's features: ");
  ASSERT_NE(at, std::string::npos) << d;
  const std::string list = d.substr(at);
  size_t roads = 0, fields = 0;
  for (size_t p = list.find("road:"); p != std::string::npos; p = list.find("road:", p + 1))
    ++roads;
  for (size_t p = list.find("field:"); p != std::string::npos; p = list.find("field:", p + 1))
    ++fields;
  EXPECT_EQ(roads, 1u) << d;
  EXPECT_EQ(fields, 2u) << d;
}

// `variants` may name a switch at its default value: the document's example with
// small-city=modern (the default) agrees as it does without it, its closed two-tile city
// worth 4; under small-city=old it is worth 2 (1 a tile, seed 001 footnote 7), and the
// log's 4 differs.
TEST(GameLog, AVariantAtItsDefaultValueChangesNothing) {
  const std::string line =
      lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/doc-example.jsonl").at(0);
  for (const std::string value : {"modern", "old"}) {
    std::string text = line;
    text.insert(text.find("\"players\""), "\"variants\": {\"small-city\": \"" + value + "\"}, ");
    GameLog g = read_ok(text);
    std::unique_ptr<Game> game = log_game(g);
    ReplayResult r = replay_log(g, *game, {});
    if (value == "modern") {
      EXPECT_TRUE(r.agrees()) << r.findings.front().detail;
    } else {
      ASSERT_EQ(r.findings.size(), 1u);
      EXPECT_EQ(r.findings[0].kind, Disagreement::Score);
      EXPECT_NE(r.findings[0].detail.find("the log says 4 0, the rules say 2 0"), std::string::npos)
          << r.findings[0].detail;
    }
  }
}

TEST(GameLog, BadLinesAreRefusedWithTheirPath) {
  const std::vector<std::string> lines =
      lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/bad.jsonl");
  const std::vector<std::string> want = {
      "line 1: not JSON",
      "line 2: players: missing",
      "line 3: version: format version 3 is not known (this carcheck reads versions 1 to 2)",
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

// Format version 2 (tests/gamelogs/version2.jsonl): a turn's `legal` lists every placement
// with the followers the writer allows there. A straight road beside the straight start tile
// fits at 4 places in r0 and r2 (one placement each: the twins are notes); wherever it goes,
// its road and both fields are free (turn 1), so each allows road, two fields and none.
class Version2 : public testing::Test {
 protected:
  ReplayResult replay_line(size_t i) {
    const std::vector<std::string> lines =
        lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/version2.jsonl");
    GameLog g = read_ok(lines.at(i), static_cast<int>(i + 1));
    EXPECT_EQ(g.version, 2);
    game_ = log_game(g);
    return replay_log(g, *game_, {});
  }
  std::unique_ptr<Game> game_;
};

TEST_F(Version2, EveryPlacementsFollowersAreCompared) {
  ReplayResult r = replay_line(0);
  EXPECT_TRUE(r.agrees()) << r.findings.front().detail;
  EXPECT_EQ(r.notes.size(), 1u);  // the four r2 twins
  // Line 2: north of the start tile (0,-1) the log leaves out its south field, which joins
  // the start tile's free north field.
  r = replay_line(1);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, Disagreement::LegalFollowers);
  EXPECT_EQ(r.findings[0].detail.rfind("legal followers at 0,-1 r0: the rules allow what the log "
                                       "misses: field:",
                                       0),
            0u)
      << r.findings[0].detail;
  EXPECT_TRUE(r.findings[0].followers_log_only.empty());
  EXPECT_EQ(r.findings[0].followers_rules_only.size(), 1u);
}

// Line 3: seat 0's follower stands on the road through 0,0 and 1,0; at turn 2 the log allows a
// follower on the road at 2,0, which extends that road: the rules forbid it, though the tile
// goes elsewhere (0,1). Only a per-placement list can say so.
TEST_F(Version2, AFollowerOnAnOccupiedRoadAtAPlacementNotPlayedIsFound) {
  ReplayResult r = replay_line(2);
  ASSERT_EQ(r.findings.size(), 1u) << r.findings.back().detail;
  EXPECT_EQ(r.findings[0].kind, Disagreement::LegalFollowers);
  EXPECT_EQ(r.findings[0].turn, 2);
  EXPECT_EQ(r.findings[0].detail.rfind("legal followers at 2,0 r0: the log allows what the rules "
                                       "forbid: road:",
                                       0),
            0u)
      << r.findings[0].detail;
  ASSERT_EQ(r.findings[0].followers_log_only.size(), 1u);
  EXPECT_TRUE(r.findings[0].followers_rules_only.empty());
}

TEST_F(Version2, ThePlayedFollowerMustBeInItsPlacementsList) {
  ReplayResult r = replay_line(4);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, Disagreement::LegalFollowers);
  EXPECT_EQ(r.findings[0].detail,
            "the log plays road:W, which its own followers at 1,0 r0 do not list");
}

TEST(GameLog, AVersion2FieldInAVersion1LineIsRefusedAndVersion1IsStillRead) {
  const std::vector<std::string> lines =
      lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/version2.jsonl");
  EXPECT_EQ(read_error(lines.at(3)),
            "line 1: turns[0].legal: a field of format version 2 (this line is version 1)");
  // The document's example, a version-1 line, is read and agrees, and so does the same line
  // as version 2 (no version-2 field in it).
  std::string line = lines_of(std::string(CARCHECK_TEST_DIR) + "/gamelogs/doc-example.jsonl").at(0);
  for (const char* version : {"1", "2"}) {
    const size_t at = line.find("\"version\": ") + 11;
    line.replace(at, 1, version);
    GameLog g = read_ok(line);
    EXPECT_EQ(g.version, version[0] - '0');
    std::unique_ptr<Game> game = log_game(g);
    EXPECT_TRUE(replay_log(g, *game, {}).agrees());
  }
}

// Mists Level 6: the team's set-up choice of scoring colours (seed 004 Level 6 "Jullie bepalen
// de kleuren van die meeples") is the header's scoring_meeples, a version-2 field. carcheck
// writes it (and version 2) for a game with a choice; a line without it replays only as far
// as the rules' wait for it; a version-1 line may not carry it; with 3 players the rules'
// own colours are checked.
TEST(GameLog, Level6ScoringColoursAreTheHeadersScoringMeeples) {
  GameOptions o;
  o.rules = "mists";
  o.level = 6;
  o.players = 2;
  std::unique_ptr<Game> game = make_game(Library::shipped(), o);
  State s(*game, 11);
  ASSERT_EQ(s.phase(), Phase::ScoringMeeples);
  Action choice;
  choice.kind = ActionKind::ScoringMeeples;
  choice.from = (1u << 1) | (1u << 2) | (1u << 3);  // green, blue, yellow
  ASSERT_FALSE(s.apply(choice));
  Rng chooser(5);
  play_random(s, chooser);
  const std::string line = write_game_log(s, {});
  ASSERT_FALSE(line.empty());
  nlohmann::json j = nlohmann::json::parse(line);
  EXPECT_EQ(j["version"], 2);
  EXPECT_EQ(j["scoring_meeples"], nlohmann::json::array({"green", "blue", "yellow"}));
  GameLog g = read_ok(line);
  EXPECT_TRUE(replay_log(g, *game, {}).agrees());

  // Without the field: the replay stops at once, waiting for the choice.
  j.erase("scoring_meeples");
  GameLog missing = read_ok(j.dump());
  ReplayResult r = replay_log(missing, *game, {});
  ASSERT_FALSE(r.agrees());
  EXPECT_EQ(r.findings.front().kind, Disagreement::Missing);
  EXPECT_NE(r.findings.front().detail.find("scoring_meeples"), std::string::npos);
  // Two colours are no choice the rules offer.
  j["scoring_meeples"] = nlohmann::json::array({"green", "blue"});
  r = replay_log(read_ok(j.dump()), *game, {});
  ASSERT_FALSE(r.agrees());
  EXPECT_EQ(r.findings.front().kind, Disagreement::Refused);
  // Version 1 has no such field.
  j["version"] = 1;
  EXPECT_EQ(read_error(j.dump()),
            "line 1: scoring_meeples: a field of format version 2 (this line is version 1)");

  // Three players: red, green and blue are the scoring colours without a choice; a header
  // naming them is accepted, one naming another colour refused.
  o.players = 3;
  std::unique_ptr<Game> three = make_game(Library::shipped(), o);
  State t(*three, 11);
  ASSERT_EQ(t.phase(), Phase::Draw);
  play_random(t, chooser);
  nlohmann::json k = nlohmann::json::parse(write_game_log(t, {}));
  EXPECT_EQ(k["version"], 1);
  EXPECT_FALSE(k.contains("scoring_meeples"));
  k["version"] = 2;
  k["scoring_meeples"] = nlohmann::json::array({"blue", "red", "green"});
  EXPECT_TRUE(replay_log(read_ok(k.dump()), *three, {}).agrees());
  k["scoring_meeples"] = nlohmann::json::array({"blue", "red", "black"});
  EXPECT_FALSE(replay_log(read_ok(k.dump()), *three, {}).agrees());
}

// Version 2 in Bridges, Castles and Bazaars: a placement whose turn has a bridge step (here
// passed) still has its followers compared, on the copy carried through that step with no
// bridge built; a follower the rules refuse there is found at its turn.
TEST(GameLog, Version2FollowersAreComparedThroughTheBridgeStep) {
  GameOptions o;
  o.rules = "bcb";
  o.players = 2;
  std::unique_ptr<Game> game = make_game(Library::shipped(), o);
  State s(*game, 21);
  Rng chooser(21 ^ kPlayChooserSalt);
  play_random(s, chooser);
  LogWriteOptions w;
  w.legal = true;
  nlohmann::json j = nlohmann::json::parse(write_game_log(s, w));
  j["version"] = 2;
  // The placements with a bridge, which version 1 does not log: the k-th placement's, as the
  // rules list them (the log is in carcheck's frame).
  std::vector<nlohmann::json> bridged;
  State replay(*game, 21);
  for (const Action& a : s.history()) {
    if (a.kind == ActionKind::Place) {
      ActionList legal;
      replay.legal_actions(legal);
      nlohmann::json moves = nlohmann::json::array();
      for (const Action& p : legal) {
        if (p.kind != ActionKind::Place || p.count == 0) continue;
        int bx = p.x, by = p.y;
        BridgeAxis axis = static_cast<BridgeAxis>(p.count - kPlaceBridgeSelf);
        if (p.count >= kPlaceBridgeBeside) {
          const int side = p.count - kPlaceBridgeBeside;
          bx += kDx[side];
          by += kDy[side];
          axis = axis_of_side(side);
        }
        nlohmann::json move = {{"x", p.x}, {"y", p.y}, {"rotation", p.rot}};
        move["bridge"] = {{"x", bx}, {"y", by}, {"axis", bridge_axis_name(axis)}};
        moves.push_back(move);
      }
      bridged.push_back(moves);
    }
    ASSERT_FALSE(replay.apply(a));
  }
  size_t placed = 0;
  int planted = -1;
  for (size_t i = 0; i < j["turns"].size(); ++i) {
    nlohmann::json& t = j["turns"][i];
    if (!t.contains("x")) continue;
    const nlohmann::json& with_bridge = bridged.at(placed++);
    if (!t.contains("legal_followers") || !t.contains("legal_placements")) continue;
    // Every placement (the logged ones, without a bridge), the played one with its followers.
    nlohmann::json legal = nlohmann::json::array();
    bool played_listed = false;
    for (const nlohmann::json& p : t["legal_placements"]) {
      nlohmann::json move = {{"x", p[0]}, {"y", p[1]}, {"rotation", p[2]}};
      if (!t.contains("bridge") && p[0] == t["x"] && p[1] == t["y"] && p[2] == t["rotation"]) {
        move["followers"] = t["legal_followers"];
        played_listed = true;
      }
      legal.push_back(move);
    }
    for (const nlohmann::json& m : with_bridge) legal.push_back(m);
    if (!played_listed) continue;  // played with a bridge: its followers stay version 1's
    t["legal"] = legal;
    t.erase("legal_followers");
    t.erase("legal_placements");
    if (planted < 0 && t.contains("actions") && t["actions"] == nlohmann::json::array({"pass"}))
      planted = static_cast<int>(i);
  }
  ASSERT_GE(planted, 0) << "no turn with a bridge step passed";
  EXPECT_TRUE(replay_log(read_ok(j.dump()), *game, {}).agrees());
  // A follower the played placement does not allow, planted in its list.
  nlohmann::json* listed = nullptr;  // the played placement's entry, the one with followers
  for (nlohmann::json& m : j["turns"][static_cast<size_t>(planted)]["legal"])
    if (m.contains("followers")) listed = &m;
  ASSERT_NE(listed, nullptr);
  nlohmann::json& followers = (*listed)["followers"];
  std::string bogus;
  for (const char* f : {"city:N", "city:E", "city:S", "city:W", "road:N", "road:E", "road:S",
                        "road:W", "monastery"})
    if (bogus.empty() && std::find(followers.begin(), followers.end(), f) == followers.end())
      bogus = f;
  followers.push_back(bogus);
  ReplayResult r = replay_log(read_ok(j.dump()), *game, {});
  ASSERT_FALSE(r.agrees());
  EXPECT_EQ(r.findings.front().kind, Disagreement::LegalFollowers);
  EXPECT_EQ(r.findings.front().turn, planted + 1);
  EXPECT_NE(r.findings.front().detail.find(bogus), std::string::npos)
      << bogus << ": " << r.findings.front().detail;
}

// Version 2's legal_bids (Bridges, Castles and Bazaars, seed 003 "Bazarul"): with the legal
// sets, each bazaar decision with bids carries the rules' ranges. Under negative-score=allowed
// (fn 7) a bid has no upper bound, so every range is open (no `to`), and a selection's start at
// 0 ("este posibil să oferi 0 puncte"); under forbidden (fn 8) every range has its `to`. The
// replay agrees with carcheck's own line, and a range changed is a legal-bids finding.
TEST(GameLogVersion2, LegalBidsOfEveryBazaarDecision) {
  for (const char* reading : {"negative-score=allowed", "negative-score=forbidden"}) {
    GameOptions o;
    o.rules = "bcb";
    o.players = 3;
    o.variants = {reading};
    std::unique_ptr<Game> game = make_game(Library::shipped(), o);
    nlohmann::json j;
    for (uint64_t seed = 1; seed < 40 && j.is_null(); ++seed) {
      State s(*game, seed);
      Rng chooser(seed);
      play_random(s, chooser);
      LogWriteOptions w;
      w.legal = true;
      nlohmann::json k = nlohmann::json::parse(write_game_log(s, w));
      bool bids = false;
      for (const auto& turn : k["turns"]) bids = bids || turn.contains("legal_bids");
      if (bids) j = k;
    }
    ASSERT_FALSE(j.is_null()) << reading << ": no bazaar with bids in 39 games";
    EXPECT_EQ(j["version"], 2);
    const bool open = std::string(reading) == "negative-score=allowed";
    nlohmann::json* planted = nullptr;
    for (auto& turn : j["turns"]) {
      if (!turn.contains("legal_bids")) continue;
      for (auto& b : turn["legal_bids"]) {
        const std::string action = turn["actions"][b["action"].get<size_t>()];
        const bool select = action.rfind("select ", 0) == 0;
        EXPECT_TRUE(select || action.rfind("bid ", 0) == 0 || action == "pass") << action;
        for (auto& r : b["ranges"]) {
          EXPECT_EQ(r.contains("tile"), select) << action;
          if (select) {
            EXPECT_EQ(r["from"], 0) << action;
          }
          EXPECT_EQ(r.contains("to"), !open) << reading << " " << action;
          if (!planted) planted = &r;
        }
      }
    }
    ASSERT_NE(planted, nullptr);
    EXPECT_TRUE(replay_log(read_ok(j.dump()), *game, {}).agrees()) << reading;
    (*planted)["from"] = (*planted)["from"].get<int>() - 1;  // one bid the rules refuse
    const ReplayResult r = replay_log(read_ok(j.dump()), *game, {});
    ASSERT_FALSE(r.agrees());
    EXPECT_EQ(r.findings.front().kind, Disagreement::LegalBids);
    EXPECT_STREQ(disagreement_name(r.findings.front().kind), "legal-bids");
    j["version"] = 1;
    EXPECT_NE(read_error(j.dump()).find("a field of format version 2"), std::string::npos);
  }
}

// A log's own tile with more copies than tiles.yaml allows (1..100) is refused at its path:
// the board's grids grow with the square of the tiles in play (the libFuzzer harness found a
// count of 66663 asking for 35 GB).
TEST(GameLog, ALogsOwnTileHoldsAtMost100Copies) {
  const std::string line =
      R"({"format":"carcheck-game-log","version":1,"rules":"base-c1","players":2,)"
      R"("tiles":{"base-c1":[{"name":"s","count":66663,"shape":"road W-E; field Wr Nl Nr El; )"
      R"(field Er Sl Sr Wl","start":true}]},"turns":[]})";
  EXPECT_EQ(read_error(line), "line 1: tiles.base-c1[0].count: expected 1..100 copies");
}

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
  const std::string out = scratch("replay.txt");
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

// The continue option by name, and its former name still read: on planted.jsonl line 2
// (above) `stop` reports the score only, `rules` and the old --continue-after-refusal the
// final score too, `as-logged` the score only.
TEST(GameLogCommand, AfterFindingModesAndTheFormerFlag) {
  const std::string dir = std::string(CARCHECK_TEST_DIR) + "/gamelogs/";
  const std::string one = scratch("planted-2.jsonl");
  {
    std::ofstream o(one);
    o << lines_of(dir + "planted.jsonl").at(1) << "\n";
  }
  const std::string out = scratch("after.txt");
  const auto finals = [&](const std::string& option) {
    EXPECT_EQ(run("replay " + option + " " + one, out), 1) << read_text(out);
    return read_text(out).find(
               "game final-score: final scores: the log says 4 0, the rules say "
               "3 0") != std::string::npos;
  };
  EXPECT_FALSE(finals(""));
  EXPECT_FALSE(finals("--after-finding stop"));
  EXPECT_TRUE(finals("--after-finding rules"));
  EXPECT_TRUE(finals("--continue-after-refusal"));
  EXPECT_FALSE(finals("--after-finding as-logged"));
  EXPECT_EQ(run("replay --after-finding later " + one, out), 2) << read_text(out);
}

// replay --trace on a base, a Mists and a BCB game: carcheck plays and logs a complete game,
// the test adds 1 to the first entry of the scores of the first turn whose scores change (so
// that turn, and no earlier one, disagrees), and the trace of that turn comes with the
// finding: its actions from the draw on, their events, each with the rule behind it.
TEST(GameLogCommand, ReplayTraceShowsTheDisputedTurnOnBaseMistsAndBcbGames) {
  const std::string out = scratch("trace.txt");
  const std::vector<std::string> games = {"--rules base-c1", "--rules mists --level 4 --players 2",
                                          "--rules bcb"};
  for (size_t i = 0; i < games.size(); ++i) {
    const std::string log = scratch("traced-" + std::to_string(i) + ".jsonl");
    nlohmann::json line;
    int scoring = 0;  // 1-based
    std::vector<int> before;
    // The first seed whose game scores at all (a Mists game may be lost before it scores).
    for (int seed = 1; seed <= 40 && !scoring; ++seed) {
      std::remove(log.c_str());
      ASSERT_EQ(
          run("play " + games[i] + " --seed " + std::to_string(seed) + " --no-board --log " + log,
              out),
          0)
          << read_text(out);
      line = nlohmann::json::parse(lines_of(log).at(0));
      before.assign(line["turns"][0]["scores"].size(), 0);
      for (size_t t = 0; t < line["turns"].size() && !scoring; ++t) {
        const std::vector<int> now = line["turns"][t]["scores"].get<std::vector<int>>();
        if (now != before) {
          scoring = static_cast<int>(t + 1);
          line["turns"][t]["scores"][0] = now[0] + 1;
        }
        before = now;
      }
    }
    ASSERT_GT(scoring, 0) << games[i];
    {
      std::ofstream o(log);
      o << line.dump() << "\n";
    }
    EXPECT_EQ(run("replay --trace " + log, out), 1);
    const std::string text = read_text(out);
    EXPECT_NE(text.find("turn " + std::to_string(scoring) + " score: "), std::string::npos)
        << games[i] << "\n"
        << text;
    EXPECT_NE(text.find("trace of turn " + std::to_string(scoring) + ":"), std::string::npos)
        << games[i] << "\n"
        << text;
    EXPECT_NE(text.find("rule: "), std::string::npos) << games[i] << "\n" << text;

    EXPECT_EQ(run("replay --trace --json " + log, out), 1);
    const nlohmann::json doc = nlohmann::json::parse(read_text(out));
    const nlohmann::json& f = doc["games"][0]["findings"][0];
    EXPECT_EQ(f["kind"], "score") << games[i];
    EXPECT_EQ(f["turn"], scoring) << games[i];
    EXPECT_EQ(f["trace_turn"], scoring) << games[i];
    // Typed: the log's scores are the rules' with 1 added to the first entry, one entry per
    // seat (base, BCB) or per track (Mists).
    ASSERT_EQ(f["log"].size(), before.size()) << f.dump(1);
    ASSERT_EQ(f["rules"].size(), before.size()) << f.dump(1);
    EXPECT_EQ(f["log"][0].get<int>(), f["rules"][0].get<int>() + 1) << games[i];
    for (size_t k = 1; k < before.size(); ++k) EXPECT_EQ(f["log"][k], f["rules"][k]) << games[i];
    // The turn's draw opens it; every event of it names the rule behind it.
    ASSERT_FALSE(f["trace"].empty()) << games[i];
    EXPECT_EQ(f["trace"][0]["action"].get<std::string>().rfind("draw ", 0), 0u) << f.dump(1);
    bool cited = false;
    for (const nlohmann::json& step : f["trace"])
      for (const nlohmann::json& e : step["events"]) cited = cited || !e["rule"]["cites"].empty();
    EXPECT_TRUE(cited) << games[i] << "\n" << f.dump(1);
  }
}

// Findings as data, in the log's frame: planted.jsonl line 4 has y up, counterclockwise
// rotations and the start tile at 10,10. Turn 1's legal set is written here with 11,10 r1
// (the road end's road turned away from the start tile's road: the rules forbid it) and
// without 10,11 r3 (north of the start tile, its road pointing away: carcheck's r1, legal);
// turn 2 logs 4 for the closed road of 3 tiles (the rules say 3), scored at the start tile,
// 10,10 in the log's frame.
TEST(GameLogCommand, JsonFindingsAreTypedInTheLogsFrame) {
  const std::string dir = std::string(CARCHECK_TEST_DIR) + "/gamelogs/";
  nlohmann::json line = nlohmann::json::parse(lines_of(dir + "planted.jsonl").at(3));
  line["turns"][0]["legal_placements"] = nlohmann::json::parse(
      "[[11,10,0],[11,10,1],[9,10,2],[10,11,0],[10,11,2],[10,9,0],[10,9,2],[10,9,1]]");
  const std::string log = scratch("typed.jsonl");
  const std::string out = scratch("typed.txt");
  {
    std::ofstream o(log);
    o << line.dump() << "\n";
    line["turns"][0].erase("legal_placements");
    line["turns"][1]["scores"] = {4, 0};
    o << line.dump() << "\n";
  }
  EXPECT_EQ(run("replay --json " + log, out), 1);
  const nlohmann::json doc = nlohmann::json::parse(read_text(out));
  const nlohmann::json& placements = doc["games"][0]["findings"][0];
  EXPECT_EQ(doc["games"][0]["writer"], "hand-written (tests/gamelogs/planted.jsonl)");
  EXPECT_EQ(placements["kind"], "legal-placements");
  EXPECT_EQ(placements["turn"], 1);
  EXPECT_EQ(placements["log_only"], nlohmann::json::parse("[[11,10,1]]"));
  EXPECT_EQ(placements["rules_only"], nlohmann::json::parse("[[10,11,3]]"));
  EXPECT_FALSE(placements["board"].get<std::string>().empty());
  const nlohmann::json& score = doc["games"][1]["findings"][0];
  EXPECT_EQ(score["kind"], "score");
  EXPECT_EQ(score["turn"], 2);
  EXPECT_EQ(score["log"], nlohmann::json::parse("[4,0]"));
  EXPECT_EQ(score["rules"], nlohmann::json::parse("[3,0]"));
  ASSERT_EQ(score["scorings"].size(), 1u) << score.dump(1);
  EXPECT_EQ(score["scorings"][0]["event"], "scored");
  EXPECT_EQ(score["scorings"][0]["feature"], "road");
  EXPECT_EQ(score["scorings"][0]["who"], 0);
  EXPECT_EQ(score["scorings"][0]["value"], 3);
  EXPECT_EQ(score["scorings"][0]["value_is"], "points");
  EXPECT_EQ(score["scorings"][0]["x"], 10);
  EXPECT_EQ(score["scorings"][0]["y"], 10);
}

// tiles --json prints each tile's shape: the straight road of base-c1 ("road W-E; field Wr Nl
// Nr El; field Er Sl Sr Wl" in tiles.yaml) in rotation 0 has road on W and E, field on N and
// S, one road over the two side centres and two fields bordering no city; a field side's
// centre belongs to its field.
TEST(GameLogCommand, TilesJsonPrintsEachTilesShape) {
  const std::string out = scratch("tiles.json");
  ASSERT_EQ(run("tiles --set base-c1 --json", out), 0) << read_text(out);
  const nlohmann::json doc = nlohmann::json::parse(read_text(out));
  const nlohmann::json* straight = nullptr;
  for (const nlohmann::json& t : doc["sets"][0]["tile_names"])
    if (t["name"] == "straight") straight = &t;
  ASSERT_NE(straight, nullptr);
  EXPECT_EQ((*straight)["shape"], "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl");
  ASSERT_EQ((*straight)["cells"].size(), 1u);
  const nlohmann::json& cell = (*straight)["cells"][0];
  EXPECT_EQ(cell["sides"],
            nlohmann::json::parse(R"({"N":"field","E":"road","S":"field","W":"road"})"));
  ASSERT_EQ(cell["features"].size(), 3u);
  EXPECT_EQ(cell["features"][0], nlohmann::json::parse(R"({"kind":"road","ports":["Ec","Wc"]})"));
  EXPECT_EQ(
      cell["features"][1],
      nlohmann::json::parse(R"({"kind":"field","ports":["Nl","Nc","Nr","El","Wr"],"borders":[]})"));
  EXPECT_EQ(
      cell["features"][2],
      nlohmann::json::parse(R"({"kind":"field","ports":["Er","Sl","Sc","Sr","Wl"],"borders":[]})"));
}

// tile_rotations: quarter turns 0..3 per tile name; a name the rule set lacks is refused
// when the game is replayed, before its first turn.
TEST(GameLog, TileRotationsAreReadAndChecked) {
  GameLog g = read_ok(kHead + R"("tile_rotations":{"straight":1,"curve":0},"turns":[]})");
  EXPECT_EQ(g.tile_rotations,
            (std::vector<std::pair<std::string, int>>{{"curve", 0}, {"straight", 1}}));
  EXPECT_EQ(read_error(kHead + R"("tile_rotations":{"straight":4},"turns":[]})"),
            "line 1: tile_rotations.straight: expected 0..3");
  EXPECT_EQ(read_error(kHead + R"("tile_rotations":[1],"turns":[]})"),
            "line 1: tile_rotations: expected an object {tile: quarter turns}");
  g = read_ok(kHead + R"("tile_rotations":{"no-such-tile":1},"partial":true,"turns":[]})");
  std::unique_ptr<Game> game = log_game(g);
  ReplayResult r = replay_log(g, *game, {});
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].turn, 0);
  EXPECT_EQ(r.findings[0].detail,
            "tile_rotations names 'no-such-tile', which is no tile of this rule set");
}

// A log drawn with its own picture of the straight road turned a quarter turn: its rotation 1
// is carcheck's 0 (its rotation 0 shows the road N-S). Placed east of the straight start tile
// in its rotation 1 with tile_rotations {"straight": 3}, it agrees (1 + 3 = carcheck's 0);
// without the declaration rotation 1 is a road N-S against the start tile's road, refused,
// and the refusal says the rotations look turned.
TEST(GameLog, TileRotationsTurnTheWritersPictureOntoCarchecks) {
  const std::string turn =
      R"("partial":true,"turns":[{"player":0,"tile":"straight","x":1,"y":0,"rotation":1,)"
      R"("follower":null}]})";
  GameLog g = read_ok(kHead + R"("tile_rotations":{"straight":3},)" + turn);
  std::unique_ptr<Game> game = log_game(g);
  ReplayResult r = replay_log(g, *game, {});
  EXPECT_TRUE(r.agrees()) << r.findings.front().detail;
  g = read_ok(kHead + turn);
  r = replay_log(g, *game, {});
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, Disagreement::Refused);
  EXPECT_NE(r.findings[0].detail.find("(it fits there in r2; rotations at turn 1 look 1 quarter "
                                      "turn(s) off: does your tile straight face another way"),
            std::string::npos)
      << r.findings[0].detail;
}

// export-spec turns the wrong-road-value game into a spec that pins the rules' 3 points,
// with the log's 4 beside it; `carcheck check` passes it.
TEST(GameLogCommand, ExportSpecMakesARegressionSpec) {
  const std::string dir = std::string(CARCHECK_TEST_DIR) + "/gamelogs/";
  const std::string spec = scratch("exported.spec");
  const std::string out = scratch("export.txt");
  ASSERT_EQ(run("export-spec " + dir + "planted.jsonl --line 2 -o " + spec, out), 0)
      << read_text(out);
  const std::string text = read_text(spec);
  EXPECT_NE(text.find("expect score red 3    # the log says 4"), std::string::npos) << text;
  EXPECT_EQ(run("check " + spec, out), 0) << read_text(out);
}

// tests/gamelogs/complete.jsonl: a complete game in the log's own tiles, three copies of the
// straight start tile (one on the table, two in the supply). Seat 0 extends the road east
// with a follower on it, seat 1 extends it west without one; the supply is empty, the game
// ends, and the unfinished road of 3 tiles scores 1 a tile (seed 001): 3 for seat 0, 3 0 in
// all, as line 1 logs it; line 2 logs 2 0, one point short.
TEST(GameLogCommand, ExportSpecOfACompleteGameInItsOwnTilesComparesTheFinalScores) {
  const std::string dir = std::string(CARCHECK_TEST_DIR) + "/gamelogs/";
  const std::string spec = scratch("complete.spec");
  const std::string out = scratch("export.txt");
  ASSERT_EQ(run("export-spec " + dir + "complete.jsonl --line 1 -o " + spec, out), 0)
      << read_text(out);
  std::string text = read_text(spec);
  // The start tile keeps its supply copies: one on the table and two to draw.
  EXPECT_NE(text.find("start start-straight = \"road W-E; field Wr Nl Nr El; field Er Sl Sr "
                      "Wl\" x3\n"),
            std::string::npos)
      << text;
  // The final scores agree: no comment (the last turn's 0 0, before the final scoring, is
  // not what the end of the game is compared with). The 3 are road points, the supply empty.
  EXPECT_NE(text.find("expect score red 3\nexpect score red road 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("expect score green 0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("expect tiles-left 0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("expect over\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("    # the log says"), std::string::npos) << text;
  EXPECT_EQ(run("check " + spec, out), 0) << read_text(out) << text;

  ASSERT_EQ(run("export-spec " + dir + "complete.jsonl --line 2 -o " + spec, out), 0)
      << read_text(out);
  text = read_text(spec);
  EXPECT_NE(text.find("expect score red 3    # the log says 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("expect score green 0\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("expect score green 0    #"), std::string::npos) << text;
  EXPECT_NE(text.find("(final-score): final scores: the log says 2 0, the rules say 3 0"),
            std::string::npos)
      << text;
  EXPECT_EQ(run("check " + spec, out), 0) << read_text(out) << text;

  // Its first turn only: the game goes on, and the turn's 0 0 is what is compared.
  ASSERT_EQ(run("export-spec " + dir + "complete.jsonl --line 2 --turns 1 -o " + spec, out), 0)
      << read_text(out);
  text = read_text(spec);
  EXPECT_NE(text.find("expect score red 0\nexpect score green 0\n"), std::string::npos) << text;
  EXPECT_EQ(run("check " + spec, out), 0) << read_text(out) << text;
}

// Complete games carcheck played and logged, in the shipped tiles (base, Mists, BCB): each
// exported spec passes `carcheck check`, and the log agrees with the rules everywhere, so no
// comment says otherwise.
TEST(GameLogCommand, ExportSpecOfCompleteGamesPassesCheckWithoutComments) {
  const std::string out = scratch("export.txt");
  const std::vector<std::string> games = {
      "--rules base-c1 --seed 5", "--rules base-c1 --players 4 --seed 9",
      "--rules mists --level 4 --players 3 --seed 5", "--rules bcb --seed 3"};
  for (size_t i = 0; i < games.size(); ++i) {
    const std::string log = scratch("complete-" + std::to_string(i) + ".jsonl");
    const std::string spec = scratch("complete-" + std::to_string(i) + ".spec");
    std::remove(log.c_str());
    ASSERT_EQ(run("play " + games[i] + " --no-board --log " + log, out), 0) << read_text(out);
    ASSERT_EQ(run("export-spec " + log + " -o " + spec, out), 0) << read_text(out);
    const std::string text = read_text(spec);
    EXPECT_EQ(text.find("    # the log says"), std::string::npos) << games[i] << "\n" << text;
    EXPECT_EQ(text.find("disagrees"), std::string::npos) << games[i] << "\n" << text;
    EXPECT_EQ(run("check " + spec, out), 0) << games[i] << "\n" << read_text(out);
  }
}

TEST(GameLogCommand, PlayLogIsReplayedInAgreement) {
  const std::string log = scratch("played.jsonl");
  std::remove(log.c_str());
  const std::string out = scratch("play.txt");
  ASSERT_EQ(run("play --rules base-c1 --seed 5 --no-board --log " + log, out), 0);
  ASSERT_EQ(
      run("play --rules mists --level 4 --players 3 --seed 5 --no-board --log-legal --log " + log,
          out),
      0);
  EXPECT_EQ(run("replay " + log, out), 0) << read_text(out);
}

}  // namespace
}  // namespace carcheck
