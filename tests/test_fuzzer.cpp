// The fuzzer itself, tested on a rule broken on purpose (engine/testing_hooks.h: a face-down
// tile no longer haunts the roads and cities that run into it, against Dized.MoC.0019): the
// invariants of checker/invariants.h catch it, RapidCheck shrinks the game, and the spec it
// prints replays the failure on its own. Then `carcheck fuzz` from the outside.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "checker/fuzz_targets.h"
#include "checker/game_spec.h"
#include "checker/invariants.h"
#include "checker/notation_check.h"
#include "checker/play_checked.h"
#include "checker/policies.h"
#include "checker/spec_runner.h"
#include "dsl/action_parser.h"
#include "dsl/library.h"
#include "dsl/spec_parser.h"
#include "engine/switches.h"
#include "engine/testing_hooks.h"
#include "gamelog/log_write.h"
#include "test_support.h"

namespace carcheck {
namespace {

// Breaks a rule for the life of the guard.
struct BreakRule {
  explicit BreakRule(testing::BrokenRule r) { testing::break_rule = r; }
  ~BreakRule() { testing::break_rule = testing::BrokenRule::None; }
  BreakRule(const BreakRule&) = delete;
  BreakRule& operator=(const BreakRule&) = delete;
};

std::unique_ptr<Game> base_game() {  // base-c1, 2 players
  GameOptions o;
  o.rules = "base-c1";
  o.players = 2;
  return make_game(Library::shipped(), o);
}

std::unique_ptr<Game> mists(int level, int players) {
  GameOptions o;
  o.rules = "mists";
  o.level = level;
  o.players = players;
  return make_game(Library::shipped(), o);
}

struct Found {
  std::string failure, spec, snapshot;
};

// The first failing game among `games` seeded random games of `g`.
std::optional<Found> first_failure(const Game& g, int games) {
  for (int i = 1; i <= games; ++i) {
    GameStart from;
    from.seed = static_cast<uint64_t>(i);
    State s(g, from.seed);
    Rng chooser(from.seed * 31 + 7);
    CheckedGame r = play_checked(s, from, uniform_choice(chooser), false);
    if (r.failure)
      return Found{*r.failure, game_spec(s, from, *r.failure, "tests/test_fuzzer.cpp"),
                   s.snapshot()};
  }
  return std::nullopt;
}

// Plays a spec's game from its text alone, with the invariant checker after every action:
// the failure it reproduces (or "" when none) and the final snapshot.
std::pair<std::string, std::string> replay_spec(const std::string& text) {
  SpecFile spec = parse_spec(text, "fuzz.spec");
  GameOptions o;
  o.rules = spec.rules;
  o.level = spec.level;
  o.players = spec.players;
  for (const VariantBinding& v : spec.variants) o.variants.push_back(v.text());
  std::unique_ptr<Game> g = make_game(Library::shipped(), o);
  GameStart from;
  from.seed = spec.seed;
  from.scores.assign(static_cast<size_t>(State(*g, spec.seed).score_count()), 0);
  // Level 6: the tracks are the chosen colours', in ascending colour order.
  std::vector<std::string> tracks;
  std::optional<ActionSyntax> choice;
  for (const SetupStep& st : spec.setup)
    if (st.kind == SetupKind::ScoringMeeples) {
      choice = ActionSyntax{};
      choice->kind = ActionKind::ScoringMeeples;
      for (int c = 0; c < kMaxColours; ++c)
        for (const auto& [name, at] : st.colours)
          if (name == g->colour_name(c)) tracks.push_back(name);
      for (const auto& [name, at] : st.colours) choice->colours.push_back(name);
    }
  for (const SetupStep& st : spec.setup) {
    if (st.kind != SetupKind::Score) continue;
    for (size_t t = 0; t < from.scores.size(); ++t)
      if (st.colour.empty() || (t < tracks.size() && tracks[t] == st.colour))
        from.scores[t] = static_cast<int>(st.value);
  }
  State s(*g, from.seed);
  from.apply(s);
  if (choice) {
    std::string error;
    std::optional<Action> a = resolve_action(s, *choice, error);
    if (!a || s.apply(*a)) return {"the scoring-meeples choice does not replay", s.snapshot()};
  }
  InvariantChecker chk(s, from);
  for (const SpecStep& step : spec.steps) {
    if (step.kind != SpecStep::Action) continue;
    std::string error;
    std::optional<Action> a = resolve_action(s, step.action, error);
    if (!a) return {"does not parse: " + step.text + ": " + error, s.snapshot()};
    if (auto why = s.apply(*a)) return {"refused: " + step.text + ": " + *why, s.snapshot()};
    if (auto f = chk.after_action(s, *a)) return {*f, s.snapshot()};
  }
  return {"", s.snapshot()};
}

TEST(Fuzzer, PassesTheEngineAsItIs) {
  std::unique_ptr<Game> g = mists(5, 2);
  std::optional<Found> f = first_failure(*g, 200);
  EXPECT_FALSE(f) << f->failure << "\n" << f->spec;
}

TEST(Fuzzer, CatchesAFaceDownTileThatFinishesARoadAndPrintsAReplayableSpec) {
  std::unique_ptr<Game> g = mists(5, 2);
  std::optional<Found> found;
  {
    BreakRule broken(testing::BrokenRule::FaceDownFinishes);
    found = first_failure(*g, 200);
    ASSERT_TRUE(found) << "200 games with a broken rule and no invariant noticed";
    EXPECT_NE(found->failure.find("region"), std::string::npos) << found->failure;
    // The spec alone replays the game to the same state and the same failure.
    auto [again, snapshot] = replay_spec(found->spec);
    EXPECT_EQ(again, found->failure) << found->spec;
    EXPECT_EQ(snapshot, found->snapshot);
    // ... and so does the spec runner (no expectations: every action plays).
    SpecResult run = run_spec(parse_spec(found->spec, "fuzz.spec"), SpecRunOptions{});
    EXPECT_EQ(run.outcome, SpecOutcome::Pass) << run.error << "\n" << found->spec;
    // The one spec writer (checker/state_spec.h) as the fuzzers use it: the failure as the
    // header, its invariant as the citation, turn comments naming whose turn, and no expect
    // line (the failing state is what is in doubt).
    const std::string& text = found->spec;
    EXPECT_EQ(text.rfind("# Found by tests/test_fuzzer.cpp:\n#   ", 0), 0u) << text;
    EXPECT_NE(text.find("\ncites checker/invariants.cpp \""), std::string::npos) << text;
    EXPECT_NE(text.find("\n# turn 1, player 1\n"), std::string::npos) << text;
    EXPECT_NE(text.find("\n# turn 2, player 2\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("\nexpect "), std::string::npos) << text;
  }
  // With the rule mended, the same spec replays without a failure.
  EXPECT_EQ(replay_spec(found->spec).first, "");
}

// Determinism broken on purpose (engine/testing_hooks.h: a random draw steps the state's
// generator once more than the draw it records): no other invariant looks at the generator,
// so only the replay of the recorded actions can see it, and it must.
TEST(Fuzzer, CatchesAStateFieldThatTheReplayDoesNotRestore) {
  std::unique_ptr<Game> g = base_game();
  {
    BreakRule broken(testing::BrokenRule::DrawStepsTheGenerator);
    std::optional<Found> found = first_failure(*g, 1);
    ASSERT_TRUE(found) << "a replay that leaves the generator elsewhere went unnoticed";
    EXPECT_NE(found->failure.find("determinism"), std::string::npos) << found->failure;
    EXPECT_NE(found->failure.find("rng"), std::string::npos) << found->failure;
  }
  std::optional<Found> mended = first_failure(*g, 1);
  EXPECT_FALSE(mended) << mended->failure;
}

// The supplies' counts broken on purpose (engine/testing_hooks.h: a meeple going home is not
// counted back): the meeple invariant counts each supply afresh and must see it.
TEST(Fuzzer, CatchesASupplyCountThatMissesAMeepleGoingHome) {
  std::unique_ptr<Game> g = base_game();
  {
    BreakRule broken(testing::BrokenRule::SupplyMiscounted);
    std::optional<Found> found = first_failure(*g, 20);  // a game where a meeple goes home
    ASSERT_TRUE(found) << "a supply that lost count of a meeple went unnoticed";
    EXPECT_NE(found->failure.find("supply counts"), std::string::npos) << found->failure;
  }
  std::optional<Found> mended = first_failure(*g, 20);
  EXPECT_FALSE(mended) << mended->failure;
}

// A farm's points filed under a class no competitive breakdown lists (engine/testing_hooks.h):
// the breakdown invariant must see that `play` and score_breakdown would no longer sum.
TEST(Fuzzer, CatchesPointsOutsideTheRuleSystemsScoreClasses) {
  std::unique_ptr<Game> g = base_game();
  {
    BreakRule broken(testing::BrokenRule::FarmPointsMisfiled);
    std::optional<Found> found = first_failure(*g, 20);  // a game whose final scoring has a farm
    ASSERT_TRUE(found) << "farm points outside the breakdown went unnoticed";
    EXPECT_NE(found->failure.find("score breakdown: "), std::string::npos) << found->failure;
    EXPECT_NE(found->failure.find("points in cemetery, not a score class of the rule system"),
              std::string::npos)
        << found->failure;
  }
  std::optional<Found> mended = first_failure(*g, 20);
  EXPECT_FALSE(mended) << mended->failure;
}

// The board's list of cemeteries broken on purpose (engine/testing_hooks.h: a cemetery a turn
// places is not listed): the board check lists them afresh and must see it, in a Level 3 game
// (cemeteries, 4-side) where one goes down.
TEST(Fuzzer, CatchesACemeteryMissingFromTheBoardsList) {
  std::unique_ptr<Game> g = mists(3, 2);
  {
    BreakRule broken(testing::BrokenRule::CemeteryUnlisted);
    std::optional<Found> found = first_failure(*g, 20);
    ASSERT_TRUE(found) << "a cemetery missing from the board's list went unnoticed";
    EXPECT_NE(found->failure.find("list of cemeteries"), std::string::npos) << found->failure;
  }
  std::optional<Found> mended = first_failure(*g, 20);
  EXPECT_FALSE(mended) << mended->failure;
}

// A castle haunted by a face-down tile beside it (Dized.MoC.0018) that the engine scores is
// caught by the Mists room's reading of castles (checker/mists_invariants.cpp, which the
// shared checker asks for every centre other than a monastery): a score no geometry expects.
TEST(Fuzzer, CatchesAHauntedCastleScored) {
  std::unique_ptr<Game> g = mists(6, 2);
  {
    BreakRule broken(testing::BrokenRule::CastleHauntingIgnored);
    std::optional<Found> found = first_failure(*g, 400);
    ASSERT_TRUE(found) << "a haunted castle scored went unnoticed";
    EXPECT_NE(found->failure.find("castle"), std::string::npos) << found->failure;
  }
  std::optional<Found> mended = first_failure(*g, 400);
  EXPECT_FALSE(mended) << mended->failure;
}

// A face-down tile offered on a space that touches the board at a corner only
// (Dized.MoC.0052) is caught by the board check of the cells an action put down.
TEST(Fuzzer, CatchesAFaceDownTileTouchingOnlyAtACorner) {
  std::unique_ptr<Game> g = mists(5, 2);
  {
    BreakRule broken(testing::BrokenRule::FaceDownAtACorner);
    std::optional<Found> found = first_failure(*g, 200);
    ASSERT_TRUE(found) << "a face-down tile touching the board at a corner only went unnoticed";
    EXPECT_NE(found->failure.find("shares no side"), std::string::npos) << found->failure;
  }
  std::optional<Found> mended = first_failure(*g, 200);
  EXPECT_FALSE(mended) << mended->failure;
}

// The notation invariant (checker/notation_check.h): words that do not read back to the action
// taken, or do not read at all, are caught, each time they come.
TEST(Fuzzer, NotationCheckCatchesWordsThatReadBackWrong) {
  std::unique_ptr<Game> g = base_game();
  State s(*g, 5);
  s.apply_random_draw();
  ASSERT_EQ(s.phase(), Phase::Place);
  ActionList legal;
  s.legal_actions(legal);
  ASSERT_GT(legal.size, 0u);
  const Action a = legal.items[0];
  ASSERT_EQ(a.kind, ActionKind::Place);
  const std::string text = action_text(s, a);
  Action turned = a;
  turned.rot = (a.rot + 1) % 4;
  NotationCheck check;
  for (int round = 0; round < 2; ++round) {
    SCOPED_TRACE(round);
    EXPECT_FALSE(check.check(s, a, text));
    std::optional<std::string> other = check.check(s, turned, text);
    ASSERT_TRUE(other);
    EXPECT_EQ(*other, "notation: '" + text + "' parses back to another action");
    std::optional<std::string> bad = check.check(s, a, "plase 0,1 r0");
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->rfind("notation: 'plase 0,1 r0' does not parse back: column 1", 0), 0u) << *bad;
    // Read by the grammar, but naming no feature of a tile: resolving it fails each time.
    std::optional<std::string> unresolved = check.check(s, a, "meeple road:N");
    ASSERT_TRUE(unresolved);
    EXPECT_EQ(unresolved->rfind("notation: 'meeple road:N' does not parse back: ", 0), 0u)
        << *unresolved;
  }
}

// The checker writes the end-of-game log from its determinism replay as it goes: byte for byte
// the line write_game_log writes for the same game, head starts included.
TEST(Fuzzer, TheCheckersGameLogIsTheOneWriteGameLogWrites) {
  FuzzTargets t = default_targets(Library::shipped());
  ASSERT_FALSE(t.targets.empty());
  int with_head_start = 0;
  for (const FuzzTarget& target : t.targets)
    for (uint64_t seed : {1, 2, 7, 8}) {  // for_seed gives Mists games 7 and 8 a head start
      SCOPED_TRACE(target.label + " seed " + std::to_string(seed));
      const GameStart from = GameStart::for_seed(*target.game, seed);
      with_head_start += !from.scores.empty();
      State s(*target.game, seed);
      from.apply(s);
      InvariantChecker chk(s, from);
      Rng rng(seed * 131 + 3);
      Choose choose = uniform_choice(rng);
      ActionList legal;
      std::optional<std::string> failure;
      while (!s.is_terminal() && !failure) {
        Action a;
        if (s.is_chance()) {
          const size_t before = s.history().size();
          s.apply_random_draw();
          ASSERT_GT(s.history().size(), before);
          a = s.history()[before];
        } else {
          s.legal_actions(legal);
          a = choose(s, legal);
          ASSERT_FALSE(s.apply(a));
        }
        failure = chk.after_action(s, a);
      }
      ASSERT_FALSE(failure) << *failure;
      LogWriteOptions w;
      w.start_scores = from.scores;
      const std::string line = write_game_log(s, w);
      ASSERT_FALSE(line.empty());
      EXPECT_EQ(chk.game_log(), line);
    }
  EXPECT_GT(with_head_start, 0);  // Mists games with a head start on the score were among them
}

// Tile conservation reads the board's tiles from one pass over the cells per action: tiles
// taken out of play are still caught, with the board counted right.
TEST(Fuzzer, TileConservationCountsTheBoardInOnePass) {
  std::unique_ptr<Game> g = base_game();
  GameStart from;
  from.seed = 5;
  State s(*g, from.seed);
  int total = 0;
  for (const TileType& t : g->tiles()) total += t.count;
  // A second tile on the board, out of the supply (conserved so far).
  bool placed = false;
  for (TileId t = 0; t < static_cast<TileId>(g->tiles().size()) && !placed; ++t)
    for (int rot = 0; rot < kRotations && !placed; ++rot)
      placed = !s.setup_place(t, 1, 0, rot).has_value();
  ASSERT_TRUE(placed);
  InvariantChecker chk(s, from);
  // Pile 1 keeps one tile; every other copy goes back to the box, out of play.
  ASSERT_FALSE(s.setup_pile(0, {s.pile(0).back()}).has_value());
  s.apply_random_draw();
  ASSERT_EQ(s.history().size(), 1u);
  const std::optional<std::string> f = chk.after_action(s, s.history().back());
  ASSERT_TRUE(f.has_value()) << "tiles that left play went unnoticed";
  EXPECT_EQ(*f,
            "tiles not conserved: piles 0 + board 2 + face-down 0 + set aside 0 + in hand 1 + "
            "revealed in a bazaar 0 = 3, not " +
                std::to_string(total));
}

// The legal-action checks (checker/invariants.h): a placement offered that the placement rule
// forbids is caught at once, and at every 8th placement decision a placement left out is too.
TEST(Fuzzer, CatchesAPlacementOfferedThatDoesNotFitOrOneLeftOut) {
  std::unique_ptr<Game> g = base_game();
  State s(*g, 1);
  s.apply_random_draw();
  ASSERT_EQ(s.phase(), Phase::Place);
  ActionList legal;
  s.legal_actions(legal);
  int plain = 0;
  Action first{};
  for (const Action& a : legal)
    if (a.kind == ActionKind::Place && a.count == 0 && plain++ == 0) first = a;
  ASSERT_GT(plain, 1);
  GameStart from;
  from.seed = 1;
  // The start tile lies on 0,0, so no tile may go there; 10,10 touches no tile.
  for (auto [x, y] : {std::pair{0, 0}, {10, 10}}) {
    InvariantChecker chk(s, from);
    ActionList bad = legal;
    Action a = first;
    a.x = static_cast<int16_t>(x);
    a.y = static_cast<int16_t>(y);
    bad.push(a);
    std::optional<std::string> f = chk.check_legal(s, bad);
    ASSERT_TRUE(f) << x << "," << y;
    EXPECT_NE(f->find("is offered but does not fit"), std::string::npos) << *f;
  }
  // Every placement but the first: unnoticed for 7 decisions (the listing is complete only
  // every 8th), caught at the 8th.
  ActionList fewer;
  for (const Action& a : legal)
    if (!(a == first)) fewer.push(a);
  InvariantChecker chk(s, from);
  for (int i = 1; i < 8; ++i) ASSERT_EQ(chk.check_legal(s, fewer), std::nullopt) << i;
  std::optional<std::string> f = chk.check_legal(s, fewer);
  ASSERT_TRUE(f);
  EXPECT_EQ(*f, "legal actions: " + std::to_string(plain - 1) +
                    " placements offered, the geometry allows " + std::to_string(plain));
}

// The determinism check compares states field by field (State::first_difference); it must
// agree with the text snapshot, which writes every field, on states near and far apart.
TEST(Fuzzer, TheStateComparisonAgreesWithTheSnapshot) {
  std::vector<std::unique_ptr<Game>> games;  // outlive the states that point to them
  std::vector<State> states;
  int replays = 0;
  for (auto [rules, level] : {std::pair{"base-c1", 0}, {"mists", 3}, {"mists", 6}}) {
    GameOptions o;
    o.rules = rules;
    o.level = level;
    o.players = 2;
    games.push_back(make_game(Library::shipped(), o));
    for (uint64_t seed : {1u, 2u}) {
      State s(*games.back(), seed);
      Rng chooser(seed);
      auto legal = std::make_unique<ActionList>();
      for (int n = 0; !s.is_terminal(); ++n) {
        if (n % 7 == 0 || n < 4) states.push_back(s);
        if (s.is_chance()) {
          s.apply_random_draw();
          continue;
        }
        s.legal_actions(*legal);
        ASSERT_FALSE(s.apply(random_action(s, *legal, chooser)));
      }
      states.push_back(s);
      // The same game replayed from its actions: another object, the same state.
      State r(*games.back(), seed);
      for (const Action& a : s.history()) ASSERT_FALSE(r.apply(a));
      states.push_back(r);
      ++replays;
    }
  }
  std::vector<std::string> snapshots;
  for (const State& s : states) snapshots.push_back(s.snapshot());
  int equal = 0;
  for (size_t i = 0; i < states.size(); ++i)
    for (size_t j = i; j < states.size(); ++j) {
      const bool same = states[i].first_difference(states[j]) == nullptr;
      equal += same && i != j;
      ASSERT_EQ(same, snapshots[i] == snapshots[j]) << i << " vs " << j;
    }
  EXPECT_EQ(equal, replays) << "only a game and its replay are equal";
}

// fuzz/fuzz_engine.cpp's first find: a refusal cleared the last action's events. A refused
// action leaves the state exactly as it was (engine/state.h apply), its events included.
TEST(Fuzzer, ARefusedActionLeavesTheStateAndItsEventsAsTheyWere) {
  std::unique_ptr<Game> g = base_game();
  State s(*g, 3);
  s.apply_random_draw();  // now a tile is to be placed: TileDrawn is the last event
  ASSERT_EQ(s.phase(), Phase::Place);
  ASSERT_FALSE(s.events().empty());
  const State before = s;
  Action draw;
  draw.kind = ActionKind::Draw;
  Action far;
  far.kind = ActionKind::Place;
  far.x = 40;
  Action meeple;
  meeple.kind = ActionKind::Meeple;
  for (const Action& a : {draw, far, meeple}) {
    std::optional<std::string> why = s.apply(a);
    ASSERT_TRUE(why) << "an illegal action was taken";
    EXPECT_FALSE(why->empty());
    const char* field = before.first_difference(s);
    EXPECT_EQ(field, nullptr) << "a refusal changed the state's " << field << " (" << *why << ")";
  }
}

// The RapidCheck property of fuzz/prop_games.cpp in small: a game is a list of choices, and a
// failing game shrinks to a short one whose spec is the failure message.
TEST(Fuzzer, RapidCheckShrinksTheBrokenGameToAShortSpec) {
  BreakRule broken(testing::BrokenRule::FaceDownFinishes);
  std::unique_ptr<Game> g = mists(5, 1);
  int64_t first_failing = 0;  // actions of the first failing game, before shrinking
  auto property = [&](uint32_t seed, const std::vector<uint32_t>& choices) {
    GameStart from;
    from.seed = seed;
    State s(*g, seed);
    size_t next = 0;
    CheckedGame r = play_checked(
        s, from,
        [&](const State&, const ActionList& legal) {
          return lowest(legal, next < choices.size() ? choices[next++] : 0u);
        },
        true);
    if (r.failure) {
      if (first_failing == 0) first_failing = r.actions;
      RC_FAIL(*r.failure + "\n" + game_spec(s, from, *r.failure, "tests/test_fuzzer.cpp"));
    }
  };
  rc::detail::TestParams params;
  params.seed = 20240601;
  params.maxSuccess = 300;
  params.maxSize = 200;
  rc::detail::TestResult result = rc::detail::checkTestable(
      [&](uint32_t seed) {
        property(seed, *rc::gen::container<std::vector<uint32_t>>(
                           rc::gen::inRange<uint32_t>(0, 1u << 16)));
      },
      rc::detail::TestMetadata{}, params);
  rc::detail::FailureResult failure;
  ASSERT_TRUE(result.match(failure)) << "the property held despite the broken rule";
  const std::string& spec = failure.description;
  EXPECT_NE(spec.find("rules mists level 5 players 1"), std::string::npos) << spec;
  EXPECT_NE(spec.find("face-down"), std::string::npos) << spec;
  // Shrunk: no longer than the first failing game found.
  std::string text = spec.substr(spec.find("spec \""));
  int actions = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    actions += !line.empty() && line[0] != '#' && line.rfind("spec", 0) && line.rfind("cites", 0) &&
               line.rfind("rules", 0);
  EXPECT_LE(actions, first_failing) << spec;
  EXPECT_EQ(replay_spec(text).first.empty(), false)
      << "the shrunk spec does not reproduce the failure\n"
      << text;
}

// ---- Fuzz targets, derived from levels.yaml --------------------------------------------------

std::string key_of_switch(const std::string& kv) { return kv.substr(0, kv.find('=')); }

TargetFilter narrowed(const std::string& rules, int level = 0, int players = 0) {
  TargetFilter f;
  f.rules = rules;
  f.level = level;
  f.players = players;
  return f;
}

// How often `label` occurs among the targets and the skipped configurations together.
int occurrences(const FuzzTargets& t, const std::string& label) {
  int n = 0;
  for (const FuzzTarget& x : t.targets) n += x.label == label;
  for (const SkippedTarget& x : t.skipped) n += x.label == label;
  return n;
}

TEST(FuzzTargets, EveryRuleSetAndPlayerCountOnce) {
  const Library& lib = Library::shipped();
  const FuzzTargets t = default_targets(lib);
  size_t expected = 0;
  for (const RuleSet& r : lib.rule_sets)
    for (int p = r.min_players; p <= r.max_players; ++p, ++expected)
      EXPECT_EQ(occurrences(t, r.name + " p" + std::to_string(p)), 1) << r.name << " p" << p;
  EXPECT_EQ(t.targets.size() + t.skipped.size(), expected);
  for (const FuzzTarget& x : t.targets) {
    EXPECT_TRUE(x.variants.empty()) << x.label;
    EXPECT_EQ(x.game->rules().name + " p" + std::to_string(x.game->players()), x.label);
  }
}

TEST(FuzzTargets, EveryNonDefaultValueOnce) {
  const Library& lib = Library::shipped();
  const FuzzTargets t = variant_targets(lib);
  size_t expected = 0;
  for (const RuleSet& r : lib.rule_sets)
    for (const VariantSwitch& sw : r.variants)
      for (size_t i = 1; i < sw.values.size(); ++i, ++expected) {
        // A value that takes a parameter is played with the engine's example (table-edge:9x9).
        const std::string kv = sw.id + "=" + runnable_value(sw.id, sw.values[i]);
        int n = 0;
        for (const FuzzTarget& x : t.targets)
          n += x.rule_set() == r.name && x.variants == std::vector{kv};
        // Skipped: a value levels.yaml marks (no player count), or one its Game refuses (with
        // the player count tried: bcb's castle-farm-edition=refuse).
        for (const SkippedTarget& x : t.skipped)
          n += x.label == r.name + " " + kv ||
               (x.label.starts_with(r.name + " p") && x.label.ends_with(" " + kv));
        // A rule set the engine refuses is skipped once, for all its values.
        const bool refused = occurrences(t, r.name + " (every variant value)") == 1;
        EXPECT_EQ(n + refused, 1) << r.name << " " << kv;
        expected -= refused;
      }
  for (const RuleSet& r : lib.rule_sets)
    expected += occurrences(t, r.name + " (every variant value)");
  EXPECT_EQ(t.targets.size() + t.skipped.size(), expected);
  for (const FuzzTarget& x : t.targets)  // the value is in force in the game built
    EXPECT_EQ(x.game->rules().variant(key_of_switch(x.variants[0])),
              x.variants[0].substr(x.variants[0].find('=') + 1));
}

// A rule set the engine refuses (here: its tile set is missing) and a value levels.yaml marks
// not implemented are skipped, each with its reason; the rest is still played.
TEST(FuzzTargets, RefusalsAreSkippedWithTheirReason) {
  Library lib = Library::shipped();
  RuleSet* pnp = nullptr;
  for (RuleSet& r : lib.rule_sets)
    if (r.name == "pnp-demo") pnp = &r;
  ASSERT_NE(pnp, nullptr);
  pnp->tile_set = "no-such-set";
  const FuzzTargets d = default_targets(lib, narrowed("pnp-demo"));
  EXPECT_TRUE(d.targets.empty());
  ASSERT_EQ(d.skipped.size(), static_cast<size_t>(pnp->max_players - pnp->min_players + 1));
  for (const SkippedTarget& s : d.skipped)
    EXPECT_EQ(s.reason, "tile set 'no-such-set' is not in the tiles file") << s.label;

  RuleSet& base = lib.rule_sets.front();
  ASSERT_FALSE(base.variants.empty());
  VariantSwitch& sw = base.variants.front();
  ASSERT_GE(sw.values.size(), 2u);
  sw.not_implemented = {sw.values[1]};
  const std::string kv = sw.id + "=" + sw.values[1];
  const FuzzTargets v = variant_targets(lib, narrowed(base.name));
  for (const FuzzTarget& x : v.targets) EXPECT_NE(x.variants, std::vector{kv}) << x.label;
  int skipped = 0;
  for (const SkippedTarget& s : v.skipped)
    if (s.label == base.name + " " + kv) {
      ++skipped;
      EXPECT_NE(s.reason.find(kv + " is not implemented yet"), std::string::npos) << s.reason;
    }
  EXPECT_EQ(skipped, 1);
  EXPECT_FALSE(v.targets.empty());  // the other values are still played
}

TEST(FuzzTargets, FilterNarrowsByRuleSetLevelPlayersAndForcedValues) {
  const Library& lib = Library::shipped();
  std::set<std::string> mists;
  for (const FuzzTarget& x : default_targets(lib, narrowed("mists")).targets)
    mists.insert(x.rule_set());
  std::set<std::string> levels;
  for (const RuleSet& r : lib.rule_sets)
    if (r.family == Family::Mists) levels.insert(r.name);
  EXPECT_EQ(mists, levels);
  for (const FuzzTarget& x : default_targets(lib, narrowed("mists", 3)).targets)
    EXPECT_EQ(x.rule_set(), "mists-3");
  for (const FuzzTarget& x : default_targets(lib, narrowed("", 0, 1)).targets) {
    EXPECT_EQ(x.game->players(), 1);
    EXPECT_EQ(x.game->rules().family, Family::Mists);  // only Mists is played solo
  }
  // A forced value applies where its switch exists; variant targets leave that switch alone.
  TargetFilter forced;
  forced.variants = {"coop-scoring=majority"};
  for (const FuzzTarget& x : default_targets(lib, forced).targets) {
    const bool has = std::any_of(x.game->rules().variants.begin(), x.game->rules().variants.end(),
                                 [](const VariantSwitch& s) { return s.id == "coop-scoring"; });
    EXPECT_EQ(x.variants,
              has ? std::vector<std::string>{"coop-scoring=majority"} : std::vector<std::string>{});
    if (has) {
      EXPECT_EQ(x.game->rules().variant("coop-scoring"), "majority");
    }
  }
  for (const FuzzTarget& x : variant_targets(lib, forced).targets)
    for (size_t i = 1; i < x.variants.size(); ++i)
      EXPECT_NE(key_of_switch(x.variants[i]), "coop-scoring") << x.label;
}

// `carcheck fuzz` from the outside: exit codes, the summary, --json.
int run(const std::string& args, std::string& out) {
  std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("carcheck-fuzz-test-" + std::to_string(::getpid()));
  int status = std::system(
      (std::string(CARCHECK_BINARY) + " fuzz " + args + " > " + file.string() + " 2>&1").c_str());
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  out = text.str();
  std::filesystem::remove(file);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(Fuzzer, CommandSummarisesAndExitsZeroWithoutFailures) {
  std::string out;
  // Per process: parallel runs (ctest -j, several checkouts) must not share it.
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("carcheck-fuzz-test-out-" + std::to_string(::getpid()));
  ASSERT_EQ(run("--rules mists --level 3 --games 40 --seed 5 --out " + dir.string(), out), 0)
      << out;
  EXPECT_NE(out.find("fuzz: 40 games"), std::string::npos) << out;
  EXPECT_NE(out.find("mists-3"), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(dir)) << "no failure, so no replay file";
}

TEST(Fuzzer, CommandJsonSummary) {
  std::string out;
  ASSERT_EQ(run("--rules=pnp-demo --players=2 --games=3 --json", out), 0) << out;
  // stdout is one JSON line; stderr (merged here) has the progress line and the skips.
  const size_t at = out.find("\n{");
  ASSERT_NE(at, std::string::npos) << out;
  const nlohmann::json doc = nlohmann::json::parse(out.substr(at + 1, out.find('\n', at + 1) - at));
  EXPECT_EQ(doc.at("games"), 3);
  EXPECT_EQ(doc.at("failures"), 0);
  EXPECT_TRUE(doc.at("failed_games").empty());
  ASSERT_EQ(doc.at("rule_sets").size(), 1u);
  EXPECT_EQ(doc["rule_sets"][0].at("rules"), "pnp-demo");
  EXPECT_EQ(doc["rule_sets"][0].at("games"), 3);
  // Three whole games: each ends once.
  EXPECT_EQ(doc.at("events").at("game-ended"), 3);
  EXPECT_EQ(doc.at("actions"), doc["rule_sets"][0].at("actions"));
}

TEST(Fuzzer, CommandRefusesBadUsage) {
  std::string out;
  EXPECT_EQ(run("--help", out), 0);
  EXPECT_NE(out.find("Usage: carcheck fuzz"), std::string::npos) << out;
  EXPECT_NE(out.find("--seconds T"), std::string::npos) << out;
  EXPECT_EQ(out.find(".game"), std::string::npos) << "fuzz writes no .game files\n" << out;
  EXPECT_EQ(run("--games", out), 2);
  EXPECT_NE(out.find("Run `carcheck fuzz --help` for the options."), std::string::npos) << out;
  EXPECT_EQ(run("--games 0", out), 2) << out;
  EXPECT_EQ(run("--level 7", out), 2) << out;
  EXPECT_EQ(run("--seed -1", out), 2) << out;
  EXPECT_EQ(run("--seed 18446744073709551616", out), 2) << out;  // 2^64
  EXPECT_EQ(run("--rules chess", out), 2);
  EXPECT_NE(out.find("--rules takes"), std::string::npos) << out;
  EXPECT_EQ(run("--rules base-c1 --level 2", out), 2);
  EXPECT_NE(out.find("--level applies to --rules mists only"), std::string::npos) << out;
  EXPECT_EQ(run("--rules base-c1 --players 1 --games 1", out), 2);
  EXPECT_NE(out.find("base-c1 is for 2-5 players, not 1"), std::string::npos) << out;
  EXPECT_EQ(run("--variant no-such-switch=1 --games 1", out), 2);
  EXPECT_EQ(run("--rules base-c1 --variant coop-scoring=majority --games 1", out), 2) << out;
}

// Three shards play exactly the games of the unsharded run: their summaries, merged, count
// the same games, actions, failures and events, per rule set too.
TEST(Fuzzer, ThreeShardsMergeIntoTheSingleRun) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("carcheck-fuzz-shards-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string common = " fuzz --rules base-c1 --games 30 --seed 3 --json";
  auto sh = [&](const std::string& args, const std::filesystem::path& out) {
    return test_support::shell(std::string(CARCHECK_BINARY) + args + " > " + out.string() +
                               " 2>/dev/null");
  };
  ASSERT_EQ(sh(common, dir / "single.json"), 0);
  std::string shards;
  for (int k = 1; k <= 3; ++k) {
    const auto f = dir / ("shard" + std::to_string(k) + ".json");
    ASSERT_EQ(sh(common + " --shard " + std::to_string(k) + "/3", f), 0);
    shards += " " + f.string();
  }
  ASSERT_EQ(sh(" merge" + shards, dir / "merged.json"), 0);
  auto load = [&](const char* name) {
    std::ifstream in(dir / name);
    return nlohmann::json::parse(in);
  };
  const nlohmann::json single = load("single.json"), merged = load("merged.json");
  for (const char* k : {"games", "actions", "failures", "events", "failed_games", "run"})
    EXPECT_EQ(merged.at(k), single.at(k)) << k;
  ASSERT_EQ(merged.at("rule_sets").size(), single.at("rule_sets").size());
  for (size_t i = 0; i < single.at("rule_sets").size(); ++i)
    for (const char* k : {"rules", "games", "actions", "failures", "events"})
      EXPECT_EQ(merged["rule_sets"][i].at(k), single["rule_sets"][i].at(k)) << k;
  EXPECT_EQ(single.at("games"), 30);
  // A shard twice, or one missing, does not merge.
  EXPECT_EQ(sh(" merge " + (dir / "shard1.json").string() + " " + (dir / "shard1.json").string() +
                   " " + (dir / "shard2.json").string(),
               dir / "bad.json"),
            2);
  EXPECT_EQ(sh(" merge " + (dir / "shard1.json").string() + " " + (dir / "shard2.json").string(),
               dir / "bad.json"),
            2);
  std::filesystem::remove_all(dir);
}

// What the engine refuses is named, and a run left with nothing to play is an error.
TEST(Fuzzer, CommandReportsWhatTheEngineRefuses) {
  std::string out;
  // levels.yaml marks board-bounds=edge-finishes not implemented: selecting it is an error.
  EXPECT_EQ(run("--rules base-c1 --variant board-bounds=edge-finishes --games 1", out), 2) << out;
  EXPECT_NE(out.find("board-bounds=edge-finishes is not implemented"), std::string::npos) << out;
  // bcb: a combination the seeds leave undefined is refused when its game is built, and named.
  EXPECT_EQ(run("--rules bcb --games 4", out), 0) << out;
  EXPECT_NE(out.find("skipped bcb p2 farm-scoring=first-edition"), std::string::npos) << out;
  EXPECT_NE(out.find("castle-farm-edition=refuse"), std::string::npos) << out;
  // Without --rules every rule set is played, and what is not played is named.
  EXPECT_EQ(run("--games 20", out), 0) << out;
  EXPECT_NE(out.find("bury-empty=report-gap is not implemented yet"), std::string::npos) << out;
}

}  // namespace
}  // namespace carcheck
