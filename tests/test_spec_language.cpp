// The spec language (docs/spec-language.md): parsing, every refusal with its position (the
// corpus tests/bad-input/specs/*.spec with their .expected lines), the runner's PASS, FAIL and
// ERROR, variant-bound expectations, and `carcheck check`'s outputs.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "checker/spec_runner.h"
#include "test_support.h"

namespace carcheck {
namespace {

namespace fs = std::filesystem;

using test_support::read_text;

SpecResult run_text(const std::string& text, const std::vector<std::string>& forced = {},
                    const std::string& matrix = "") {
  SpecFile spec = parse_spec(text, "t.spec");
  SpecRunOptions o;
  o.forced = forced;
  return run_spec(spec, o, matrix);
}

// A base-game road of 3 tiles: the start tile's road, closed by a junction in the east (red's
// thief on it) and a monastery in the west.
constexpr const char* kRoad = R"(spec "road of 3"
rules base-c1 players 2
cites seed 001 "Jucătorul ROȘU încasează 3 puncte"
draw t-junction
place 1,0 r0
meeple road:W
draw monastery-road
place -1,0 r3
pass
expect finished road at 0,0
expect score red 3
)";

// Mists Level 1: a 5-tile road with 2 blue and 1 red meeples (FAQ.MoC.0005).
constexpr const char* kCoop = R"(rules mists level 1 players 2
cites FAQ.MoC.0005
start S = "cell 0,0 { field Nl Nr El Er Sl Sr Wl Wr }"
          "cell 1,0 { field Nl Nr El Er Sl Sr Wl Wr }"
          "cell 0,1 { field Nl Nr El Er Sl Sr Wl Wr }"
          "cell 1,1 { field Nl Nr El Er Sl Sr Wl Wr; mist Sl Sr ghosts 1 }"
tile END = "road W*; field Wr Nl Nr El Er Sl Sr Wl" x2
tile ROAD = "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl" x3
setup {
  place END at -1,0 r0
  place ROAD at -2,0 r0
  place ROAD at -3,0 r0
  meeple red on road at -1,0
  meeple blue on road at -2,0
  meeple blue on road at -3,0
}
draw ROAD; place -4,0 r0; pass
draw END; place -5,0 r2; pass
points
expect score 10
under coop-scoring=majority expect score 5
)";

// ---- Parsing ---------------------------------------------------------------------------------

TEST(SpecParse, HeaderTilesSetupAndSteps) {
  const SpecFile s = parse_spec(kCoop, "t.spec");
  EXPECT_EQ(s.rules, "mists");
  EXPECT_EQ(s.level, 1);
  EXPECT_EQ(s.players, 2);
  ASSERT_EQ(s.cites.size(), 1u);
  EXPECT_EQ(s.cites[0].text, "FAQ.MoC.0005");
  ASSERT_EQ(s.tiles.size(), 3u);
  EXPECT_TRUE(s.tiles[0].start);
  EXPECT_EQ(s.tiles[0].at.line, 3);
  EXPECT_EQ(s.tiles[0].shape_at.column, 12);
  EXPECT_NE(s.tiles[0].shape.find("\n           cell 1,0"),
            std::string::npos);  // the layout is kept
  EXPECT_EQ(s.tiles[1].count, 2);
  ASSERT_EQ(s.setup.size(), 6u);
  EXPECT_EQ(s.setup[0].kind, SetupKind::Place);
  EXPECT_EQ(s.setup[0].where.x, -1);
  EXPECT_EQ(s.setup[3].kind, SetupKind::Meeple);
  EXPECT_EQ(s.setup[3].colour, "red");
  EXPECT_EQ(s.setup[3].feature.kind, "road");
  ASSERT_EQ(s.steps.size(), 9u);  // 6 actions, points, 2 expectations
  EXPECT_EQ(s.steps[1].action.text, "place -4,0 r0");
  EXPECT_EQ(s.steps[1].at.line, 17);
  EXPECT_EQ(s.steps[1].at.column, 12);
  const SpecStep& bound = s.steps[8];
  ASSERT_EQ(bound.under.size(), 1u);
  EXPECT_EQ(bound.under[0].text(), "coop-scoring=majority");
  EXPECT_EQ(bound.replaces, 7);  // it replaces `expect score 10` under majority
}

TEST(SpecParse, Expectations) {
  const SpecFile s = parse_spec(R"(rules mists level 3
cites x
expect ghosts 2 at 1,0 cemetery
expect ghosts supply 12
expect meeples supply red 5
expect meeples 1 at -1,2 blue
expect pile 2 holds 7
expect not finished road:W at 1,0
expect no event bank-finished
expect event scored value 5 2 at 0,0
expect illegal place 5,5 r0 "touches no placed tile"
expect lost no-tiles-left
expect not over
expect hound 1 placed by red@1,0
)",
                                "t.spec");
  ASSERT_EQ(s.steps.size(), 12u);
  const Expectation& g = s.steps[0].expect;
  EXPECT_EQ(g.kind, ExpectKind::GhostsAt);
  EXPECT_EQ(g.value, 2);
  EXPECT_EQ(g.word, "cemetery");
  EXPECT_EQ(s.steps[1].expect.kind, ExpectKind::GhostsSupply);
  EXPECT_EQ(s.steps[2].expect.colour, "red");
  EXPECT_EQ(s.steps[3].expect.where.x, -1);
  EXPECT_EQ(s.steps[4].expect.kind, ExpectKind::PileHolds);
  EXPECT_EQ(s.steps[4].expect.index, 2);
  EXPECT_EQ(s.steps[4].expect.value, 7);
  EXPECT_TRUE(s.steps[5].expect.negated);
  EXPECT_EQ(s.steps[5].expect.feature.text(), "road:W");
  EXPECT_EQ(s.steps[6].expect.count, 0);
  const Expectation& ev = s.steps[7].expect;
  EXPECT_EQ(ev.count, 2);
  EXPECT_EQ(ev.event_value, 5);
  EXPECT_TRUE(ev.has_where);
  EXPECT_EQ(s.steps[8].expect.action.text, "place 5,5 r0");
  EXPECT_EQ(s.steps[8].expect.reason, "touches no placed tile");
  EXPECT_EQ(s.steps[9].expect.word, "no-tiles-left");
  EXPECT_EQ(s.steps[10].expect.kind, ExpectKind::Over);
  EXPECT_TRUE(s.steps[10].expect.negated);
  EXPECT_EQ(s.steps[11].expect.word, "placed by red@1,0");
}

// expect goal: the number, reached, and not reached (with any blanks between the words).
TEST(SpecParse, GoalExpectations) {
  const SpecFile s = parse_spec(R"(rules mists level 1
cites x
expect goal 50
expect goal reached
expect goal not   reached
)",
                                "t.spec");
  ASSERT_EQ(s.steps.size(), 3u);
  for (const SpecStep& st : s.steps) EXPECT_EQ(st.expect.kind, ExpectKind::Goal);
  EXPECT_EQ(s.steps[0].expect.value, 50);
  EXPECT_TRUE(s.steps[0].expect.word.empty());
  EXPECT_EQ(s.steps[1].expect.word, "reached");
  EXPECT_FALSE(s.steps[1].expect.negated);
  EXPECT_EQ(s.steps[2].expect.word, "reached");
  EXPECT_TRUE(s.steps[2].expect.negated);
}

// Setup: a hound in each of its states; expectations of Level 6's tracks and scoring
// meeples, the meeples box, a pile's contents.
TEST(SpecParse, HoundStatesTracksScoringMeeplesBoxAndPileContents) {
  const SpecFile s = parse_spec(R"(rules mists level 6
cites x
setup {
  hound 1 by red@1,0
  hound 2 removed
}
expect track red road 4
expect scoring-meeples red green   blue from box
expect scoring-meeples blue red green
expect meeples box red 1
expect meeples box 15
expect pile 2 contains ROAD 3
expect pile 3 contains F
expect pile 1 top CAP
)",
                                "t.spec");
  ASSERT_EQ(s.setup.size(), 2u);
  EXPECT_EQ(s.setup[0].kind, SetupKind::Hound);
  EXPECT_EQ(s.setup[0].status, "placed");
  EXPECT_EQ(s.setup[0].meeple.text(), "red@1,0");
  EXPECT_EQ(s.setup[1].status, "removed");
  EXPECT_EQ(s.setup[1].value, 2);
  EXPECT_EQ(s.setup[1].status_at.column, 11);
  ASSERT_EQ(s.steps.size(), 8u);
  const Expectation& track = s.steps[0].expect;
  EXPECT_EQ(track.kind, ExpectKind::Track);
  EXPECT_EQ(track.colour, "red");
  EXPECT_EQ(track.word, "road");
  EXPECT_EQ(track.value, 4);
  // The same value as `score red road`: an `under` one replaces either.
  Expectation score = track;
  score.kind = ExpectKind::Score;
  EXPECT_EQ(expectation_subject(track), expectation_subject(score));
  const Expectation& sm = s.steps[1].expect;
  EXPECT_EQ(sm.kind, ExpectKind::ScoringMeeples);
  ASSERT_EQ(sm.colours.size(), 3u);
  EXPECT_EQ(sm.colours[2].first, "blue");
  EXPECT_EQ(sm.colours[2].second.column, 36);
  EXPECT_EQ(sm.word, "box");
  EXPECT_TRUE(s.steps[2].expect.word.empty());  // no source: any
  EXPECT_EQ(s.steps[3].expect.kind, ExpectKind::MeeplesBox);
  EXPECT_EQ(s.steps[3].expect.colour, "red");
  EXPECT_EQ(s.steps[3].expect.value, 1);
  EXPECT_EQ(s.steps[4].expect.kind, ExpectKind::MeeplesBox);
  EXPECT_TRUE(s.steps[4].expect.colour.empty());
  const Expectation& pc = s.steps[5].expect;
  EXPECT_EQ(pc.kind, ExpectKind::PileContains);
  EXPECT_EQ(pc.index, 2);
  EXPECT_EQ(pc.tile, "ROAD");
  EXPECT_EQ(pc.tile_at.column, 24);
  EXPECT_EQ(pc.count, 3);
  EXPECT_EQ(s.steps[6].expect.count, -1);  // at least one copy
  EXPECT_EQ(s.steps[7].expect.kind, ExpectKind::PileTop);
  EXPECT_EQ(s.steps[7].expect.index, 1);
  EXPECT_EQ(s.steps[7].expect.tile, "CAP");
}

TEST(SpecParse, CommentsBlankLinesAndSeveralActionsOnALine) {
  const SpecFile s = parse_spec(
      "# a comment\n\nrules base-c1   # trailing\ncites a b \"c # d\"\n"
      "draw curve; place 1,0 r1 ; pass\n",
      "t.spec");
  ASSERT_EQ(s.cites.size(), 1u);
  EXPECT_EQ(s.cites[0].text, "a b \"c # d\"");
  ASSERT_EQ(s.steps.size(), 3u);
  EXPECT_EQ(s.steps[2].action.text, "pass");
  EXPECT_EQ(s.steps[2].at.column, 28);
}

// Each tests/bad-input/specs/NAME.spec is refused (when parsed, or when its game is built)
// with the one line of NAME.expected: file:line:column: reason.
TEST(SpecParse, BadInputCorpus) {
  const fs::path dir = fs::path(CARCHECK_TEST_DIR) / "bad-input" / "specs";
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".spec") files.push_back(e.path());
    if (e.path().extension() == ".expected") {
      EXPECT_TRUE(fs::exists(fs::path(e.path()).replace_extension(".spec"))) << e.path();
    }
  }
  std::sort(files.begin(), files.end());
  EXPECT_GE(files.size(), 30u);
  for (const fs::path& file : files) {
    const std::string name = "bad-input/specs/" + file.filename().string();
    SCOPED_TRACE(name);
    const fs::path expected_file = fs::path(file).replace_extension(".expected");
    ASSERT_TRUE(fs::exists(expected_file));
    std::string expected = read_text(expected_file);
    while (!expected.empty() && (expected.back() == '\n' || expected.back() == '\r'))
      expected.pop_back();
    std::string got;
    try {
      SpecFile spec = parse_spec(read_text(file), name);
      SpecResult r = run_spec(spec, {});
      got = r.outcome == SpecOutcome::Error
                ? r.error
                : std::string("accepted: ") + spec_outcome_name(r.outcome);
    } catch (const InputError& e) {
      got = e.what();
      EXPECT_EQ(e.pos().file, name);
    }
    EXPECT_EQ(got, expected);
  }
}

// ---- Running ---------------------------------------------------------------------------------

TEST(SpecRun, BaseRoadOfThreeScoresThree) {
  SpecResult r = run_text(kRoad);
  EXPECT_EQ(r.outcome, SpecOutcome::Pass) << r.error;
  EXPECT_EQ(r.checked, 2);
  EXPECT_EQ(r.rules, "base-c1");
  EXPECT_EQ(r.title, "road of 3");
}

TEST(SpecRun, WrongExpectationFailsWithExpectedAndActual) {
  std::string text = kRoad;
  text.replace(text.find("score red 3"), 11, "score red 4");
  SpecResult r = run_text(text);
  ASSERT_EQ(r.outcome, SpecOutcome::Fail);
  ASSERT_EQ(r.failures.size(), 1u);
  const SpecCheckFailure& f = r.failures[0];
  EXPECT_EQ(f.statement, "expect score red 4");
  EXPECT_EQ(f.expected, "4");
  EXPECT_EQ(f.actual, "3");
  EXPECT_EQ(f.at.line, 11);
  EXPECT_EQ(f.at.column, 1);
  EXPECT_EQ(f.after, "'pass' (line 9)");
  EXPECT_NE(r.board.find("y=0"), std::string::npos);
}

TEST(SpecRun, RefusedActionFailsAndStops) {
  SpecResult r = run_text("rules base-c1\ncites x\ndraw curve\nplace 5,5 r0\nexpect score red 0\n");
  ASSERT_EQ(r.outcome, SpecOutcome::Fail);
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_EQ(r.failures[0].expected, "accepted");
  EXPECT_NE(r.failures[0].actual.find("refused: the tile touches no placed tile"),
            std::string::npos);
  EXPECT_NE(r.failures[0].actual.find("legal now: place"), std::string::npos);
  EXPECT_EQ(r.checked, 0);  // nothing after a refused action is checked
}

TEST(SpecRun, IllegalAndLegal) {
  const char* head = "rules base-c1\ncites x\ndraw curve\n";
  EXPECT_EQ(run_text(std::string(head) + "expect illegal place 5,5 r0 \"touches no placed tile\"\n")
                .outcome,
            SpecOutcome::Pass);
  SpecResult wrong_reason =
      run_text(std::string(head) + "expect illegal place 5,5 r0 \"occupied\"\n");
  ASSERT_EQ(wrong_reason.outcome, SpecOutcome::Fail);
  EXPECT_EQ(wrong_reason.failures[0].expected, "refused, the reason containing \"occupied\"");
  SpecResult accepted = run_text(std::string(head) + "expect illegal place 1,0 r1\n");
  ASSERT_EQ(accepted.outcome, SpecOutcome::Fail);
  EXPECT_EQ(accepted.failures[0].actual, "accepted");
  // `expect legal` plays on a copy: the state is unchanged afterwards.
  EXPECT_EQ(
      run_text(std::string(head) + "expect legal place 1,0 r1\nexpect phase place\nplace 1,0 r1\n")
          .outcome,
      SpecOutcome::Pass);
}

TEST(SpecRun, EventsOfTheTurn) {
  std::string text = kRoad;
  text +=
      "expect event scored value 3\nexpect event feature-finished 1\nexpect no event "
      "tile-set-aside\n";
  EXPECT_EQ(run_text(text).outcome, SpecOutcome::Pass);
  SpecResult r = run_text(std::string(kRoad) + "expect event game-ended\n");
  ASSERT_EQ(r.outcome, SpecOutcome::Fail);
  EXPECT_NE(r.failures[0].actual.find("events this turn: tile-drawn"), std::string::npos);
}

// Issue 14, section 4: a FAIL lists each event as the filters write it: who, what, where.
TEST(SpecRun, FailListsEventsWithColourFeatureAndPlace) {
  SpecResult r = run_text(std::string(kRoad) + "expect event game-ended\n");
  ASSERT_EQ(r.outcome, SpecOutcome::Fail);
  const std::string& listed = r.failures[0].actual;
  // Seed 001: the road of 3 tiles scores 3 for red (player 1), who placed the thief at 1,0.
  EXPECT_NE(listed.find("tile-placed value "), std::string::npos) << listed;
  EXPECT_NE(listed.find("at -1,0 (tile monastery-road r3)"), std::string::npos) << listed;
  EXPECT_NE(listed.find("scored road value 3 at "), std::string::npos) << listed;
  EXPECT_NE(listed.find(" by red (player 1)"), std::string::npos) << listed;
  EXPECT_NE(listed.find("meeple-returned road at 1,0 by red"), std::string::npos) << listed;
}

// The scoring under decision is named: by the phase expectation, in its FAIL, in a refusal.
TEST(SpecRun, ScoreChoiceNamesTheScoring) {
  std::string until_choice = kCoop;
  until_choice.erase(until_choice.find("points\n"));
  // FAQ.MoC.0005's road: 5 tiles from -5,0 to -1,0, worth 5, red and blue meeples on it.
  SpecResult ok = run_text(until_choice + "expect phase score-choice road at -3,0\n" +
                           "expect phase score-choice road:E at -5,0\n");
  EXPECT_EQ(ok.outcome, SpecOutcome::Pass) << ok.error;
  SpecResult off = run_text(until_choice + "expect phase score-choice road at 0,0\n");
  ASSERT_EQ(off.outcome, SpecOutcome::Fail);
  EXPECT_EQ(off.failures[0].actual,
            "score-choice: the game waits for the scoring of the road at -5,0 (5 points; meeples "
            "of red, blue): points, or remove-ghosts x,y N");
  // Level 1 has no hounds; Mists refusals say so, or name the decision pending.
  SpecResult refused = run_text(until_choice + "extra-ghost 0,0\n");
  ASSERT_EQ(refused.outcome, SpecOutcome::Fail);
  EXPECT_EQ(refused.failures[0].actual.rfind("refused: mists-1 has no extra ghost", 0), 0u)
      << refused.failures[0].actual;
  std::string at_draw = kCoop;
  at_draw.insert(at_draw.find("draw ROAD"),
                 "expect illegal points \"not now: the game waits for a tile to be drawn\"\n");
  SpecResult wait = run_text(at_draw);
  EXPECT_EQ(wait.outcome, SpecOutcome::Pass)
      << (wait.failures.empty() ? wait.error : wait.failures[0].actual);
}

TEST(SpecRun, VariantBoundExpectations) {
  SpecResult plain = run_text(kCoop);
  EXPECT_EQ(plain.outcome, SpecOutcome::Pass) << plain.error;
  EXPECT_EQ(plain.checked, 1);
  EXPECT_EQ(plain.skipped, 1);
  SpecResult majority = run_text(kCoop, {"coop-scoring=majority"});
  EXPECT_EQ(majority.outcome, SpecOutcome::Pass);
  EXPECT_EQ(majority.checked, 1);  // `expect score 5` replaces `expect score 10`
  EXPECT_EQ(majority.skipped, 1);
  // A wrong bound value fails only under its variant.
  std::string wrong = kCoop;
  wrong.replace(wrong.find("expect score 5"), 14, "expect score 6");
  EXPECT_EQ(run_text(wrong).outcome, SpecOutcome::Pass);
  SpecResult r = run_text(wrong, {}, "coop-scoring=majority");
  ASSERT_EQ(r.outcome, SpecOutcome::Fail);
  EXPECT_EQ(r.failures[0].under, "coop-scoring=majority");
  EXPECT_EQ(r.failures[0].actual, "5");
  // A forced variant the rule set lacks changes nothing.
  EXPECT_EQ(run_text(kRoad, {"coop-scoring=majority"}).outcome, SpecOutcome::Pass);
}

TEST(SpecRun, MatrixRunsEveryValueOfTheBoundSwitches) {
  SpecFile spec = parse_spec(kCoop, "t.spec");
  EXPECT_EQ(matrix_runs(spec, {}),
            (std::vector<std::string>{"coop-scoring=per-colour", "coop-scoring=majority"}));
  SpecRunOptions forced;
  forced.forced = {"coop-scoring=majority"};
  EXPECT_EQ(matrix_runs(spec, forced), std::vector<std::string>{""});
  EXPECT_EQ(matrix_runs(parse_spec(kRoad, "t.spec"), {}), std::vector<std::string>{""});
}

TEST(SpecRun, SetupOfMistsLevel5) {
  SpecResult r = run_text(R"(rules mists level 5 players 1
cites x
start S = "cell 0,0 { field Nl Nr El Er Sl Sr Wl Wr }"
          "cell 1,0 { field Nl Nr El Er Sl Sr Wl Wr }"
          "cell 0,1 { field Nl Nr El Er Sl Sr Wl Wr }"
          "cell 1,1 { field Nl Nr El Er Sl Sr Wl Wr; mist Sl Sr ghosts 1 }"
tile C = "cemetery; field Nl Nr El Er Sl Sr Wl Wr" x2
tile F = "field Nl Nr El Er Sl Sr Wl Wr" x10
tile R = "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl" x4
setup {
  place C at 2,0 r0
  buried red at 2,0
  face-down F at 3,0
  ghosts 2 at 2,0 cemetery
  ghosts supply 5
  meeples supply green 1
  score 12
  pile 1: F F R
  pile 2: R
}
expect meeples buried red 1
expect meeples supply red 2
expect meeples supply green 1
expect ghosts 2 at 2,0
expect ghosts supply 5
expect ghosts box 7
expect score 12
expect pile 3
expect pile 2 holds 1
expect tiles-left 4
expect not finished cemetery at 2,0
draw F
expect illegal place 4,0 r0 "face-down"
place 2,1 r0
pass
expect phase face-down-draw
draw F
face-down 2,-1
expect event face-down-placed at 2,-1
expect pile 1
)");
  EXPECT_EQ(r.outcome, SpecOutcome::Pass)
      << r.error << (r.failures.empty() ? "" : r.failures[0].statement);
}

// A pile that runs out before its hound's threshold is a loss, except under
// pile-threshold-loss=continue: there a hound may still wait with a later pile active.
TEST(SpecRun, HoundWaitingPastItsPileOnlyUnderContinue) {
  const std::string spec = R"(rules mists level 3 players 2
cites seed 004 "footnote 21"
VARIANT
setup {
  score 10
  active-pile 2
  hound 1 waiting
}
expect hound 1 waiting
expect hound 2 waiting
expect active-pile 2
)";
  auto with = [&](const std::string& variant) {
    std::string t = spec;
    t.replace(t.find("VARIANT"), 7, variant);
    return run_text(t);
  };
  SpecResult r = with("variant pile-threshold-loss=continue");
  EXPECT_EQ(r.outcome, SpecOutcome::Pass) << r.error;
  r = with("");
  EXPECT_EQ(r.outcome, SpecOutcome::Error);
  EXPECT_NE(r.error.find("t.spec:7:3: setup 'hound 1 waiting' is refused: hound 1 waits only"),
            std::string::npos)
      << r.error;
}

TEST(SpecRun, ShippedSpecsPass) {
  const fs::path specs = fs::path(CARCHECK_TEST_DIR).parent_path() / "specs";
  for (const char* name :
       {"base/road-scores", "mists/faq-0041-extend-bank", "mists/faq-0005-per-colour"}) {
    SCOPED_TRACE(name);
    SpecFile spec = load_spec((specs / (std::string(name) + ".spec")).string());
    for (const std::string& v : matrix_runs(spec, {})) {
      SpecResult r = run_spec(spec, {}, v);
      EXPECT_EQ(r.outcome, SpecOutcome::Pass)
          << v << " " << r.error << (r.failures.empty() ? "" : r.failures[0].statement);
    }
  }
}

// ---- carcheck check --------------------------------------------------------------------------

struct CheckRun {
  int status = -1;
  std::string out;
};

CheckRun carcheck_check(const std::string& args) {
  const fs::path out =
      fs::temp_directory_path() / ("carcheck-check-" + std::to_string(::getpid()) + ".out");
  std::string cmd =
      std::string(CARCHECK_BINARY) + " check " + args + " > " + out.string() + " 2>&1";
  int rc = std::system(cmd.c_str());
  CheckRun r;
  r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  r.out = read_text(out);
  fs::remove(out);
  return r;
}

// A folder with one passing, one failing and one erroneous spec, titles needing escapes.
fs::path make_spec_folder() {
  const fs::path dir = fs::temp_directory_path() / ("carcheck-specs-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "base");
  std::ofstream(dir / "base" / "pass.spec") << kRoad;
  std::string failing = kRoad;
  failing.replace(failing.find("road of 3"), 9, "a <b> & 'd'");
  failing.replace(failing.find("score red 3"), 11, "score red 4");
  std::ofstream(dir / "base" / "fail.spec") << failing;
  std::ofstream(dir / "error.spec") << "rules base-c1\ncites x\ndraw nothing-like-it\n";
  return dir;
}

// Minimal well-formedness: balanced elements, quoted attributes, only the five entities.
bool well_formed_xml(const std::string& x, std::string& why) {
  std::vector<std::string> open;
  size_t i = x.find("?>");
  if (x.rfind("<?xml", 0) != 0 || i == std::string::npos) return why = "no XML declaration", false;
  for (i += 2; i < x.size(); ++i) {
    if (x[i] == '&') {
      bool entity = false;
      for (const char* e : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"})
        entity = entity || x.compare(i, std::strlen(e), e) == 0;
      if (!entity) return why = "bare & at " + std::to_string(i), false;
      continue;
    }
    if (x[i] == '>') return why = "bare > at " + std::to_string(i), false;
    if (x[i] != '<') continue;
    size_t end = i + 1;
    char quote = 0;
    for (; end < x.size() && (quote || x[end] != '>'); ++end) {
      if (quote && x[end] == '<') return why = "< in an attribute at " + std::to_string(end), false;
      if (x[end] == '"' || x[end] == '\'') quote = quote == x[end] ? 0 : quote ? quote : x[end];
    }
    if (end >= x.size()) return why = "unclosed tag", false;
    std::string tag = x.substr(i + 1, end - i - 1);
    if (tag[0] == '/') {
      if (open.empty() || open.back() != tag.substr(1))
        return why = "mismatched </" + tag.substr(1) + ">", false;
      open.pop_back();
    } else if (tag.back() != '/') {
      open.push_back(tag.substr(0, tag.find(' ')));
    }
    i = end;
  }
  if (!open.empty()) return why = "unclosed <" + open.back() + ">", false;
  return true;
}

TEST(SpecCheck, TextOutputAndExitStatus) {
  const fs::path dir = make_spec_folder();
  CheckRun all = carcheck_check(dir.string());
  EXPECT_EQ(all.status, 2);  // an ERROR is bad input
  EXPECT_NE(all.out.find("PASS  base/pass: road of 3  [seed 001"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("FAIL  base/fail"), std::string::npos);
  EXPECT_NE(all.out.find("        expected: 4\n        actual:   3\n"), std::string::npos);
  EXPECT_NE(all.out.find("ERROR error"), std::string::npos);
  EXPECT_NE(all.out.find("1 passed, 1 failed, 1 errors\n"), std::string::npos);
  EXPECT_EQ(carcheck_check((dir / "base").string()).status, 1);
  CheckRun pass = carcheck_check((dir / "base" / "pass.spec").string());
  EXPECT_EQ(pass.status, 0);
  EXPECT_NE(pass.out.find("1 passed, 0 failed\n"), std::string::npos);
  fs::remove_all(dir);
}

TEST(SpecCheck, JunitIsWellFormed) {
  const fs::path dir = make_spec_folder();
  const fs::path xml = dir / "results.xml";
  carcheck_check(dir.string() + " --junit " + xml.string());
  std::string x = read_text(xml);
  std::string why;
  EXPECT_TRUE(well_formed_xml(x, why)) << why << "\n" << x;
  EXPECT_NE(x.find("<testsuites name=\"carcheck check\" tests=\"3\" failures=\"1\" errors=\"1\">"),
            std::string::npos);
  EXPECT_NE(x.find("<failure type=\"expectation\""), std::string::npos);
  EXPECT_NE(x.find("<error type=\"spec-error\""), std::string::npos);
  EXPECT_NE(x.find("a &lt;b&gt; &amp; &apos;d&apos;"), std::string::npos);
  EXPECT_NE(x.find("cites: seed 001 &quot;"), std::string::npos);
  fs::remove_all(dir);
}

TEST(SpecCheck, JsonAndMatrix) {
  const fs::path dir = make_spec_folder();
  CheckRun j = carcheck_check((dir / "base").string() + " --json");
  EXPECT_EQ(j.status, 1);
  const nlohmann::json doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc.at("passed"), 1);
  EXPECT_EQ(doc.at("failed"), 1);
  EXPECT_EQ(doc.at("errors"), 0);
  ASSERT_EQ(doc.at("specs").size(), 2u);
  const nlohmann::json& fail = doc["specs"][0];  // sorted by name: base/fail, base/pass
  EXPECT_EQ(fail.at("name"), "fail");
  EXPECT_EQ(fail.at("title"), "a <b> & 'd'");
  EXPECT_EQ(fail.at("outcome"), "fail");
  ASSERT_EQ(fail.at("failures").size(), 1u);
  EXPECT_EQ(fail["failures"][0].at("statement"), "expect score red 4");
  EXPECT_EQ(fail["failures"][0].at("expected"), "4");
  EXPECT_EQ(fail["failures"][0].at("actual"), "3");  // the road of 3 scores 3 (seed 001)
  EXPECT_EQ(doc["specs"][1].at("outcome"), "pass");
  EXPECT_EQ(doc["specs"][1].at("cites")[0], "seed 001 \"Jucătorul ROȘU încasează 3 puncte\"");
  std::ofstream(dir / "coop.spec") << kCoop;
  CheckRun m = carcheck_check((dir / "coop.spec").string() + " --matrix");
  EXPECT_EQ(m.status, 0) << m.out;
  EXPECT_NE(m.out.find("coop-scoring=majority"), std::string::npos);
  EXPECT_NE(m.out.find("variant matrix"), std::string::npos);
  EXPECT_NE(m.out.find("2 passed, 0 failed"), std::string::npos);
  fs::remove_all(dir);
}

TEST(SpecCheck, BadUsage) {
  EXPECT_EQ(carcheck_check("--help").status, 0);
  EXPECT_EQ(carcheck_check("--frobnicate").status, 2);
  EXPECT_EQ(carcheck_check("/nonexistent/specs").status, 2);
  CheckRun v = carcheck_check("--variant coop-score=majority");
  EXPECT_EQ(v.status, 2);
  EXPECT_NE(v.out.find("did you mean 'coop-scoring'"), std::string::npos);
  EXPECT_EQ(carcheck_check("--variant coop-scoring=minority").status, 2);
}

}  // namespace
}  // namespace carcheck
