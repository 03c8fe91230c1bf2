// The proof that a rule system written outside the engine brings its own words: the toy room
// (toy_room.h) registers a phase, an action, an event, a score class, a spec expectation and
// an invariant at run time, then plays by hand, runs a spec, prints and parses its action,
// plays whole random games the way `carcheck fuzz` does under every invariant, and a broken
// toy is caught. Every value is worked out from the toy's rules (3 points a bell, once a game).
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "checker/game_start.h"
#include "checker/play_checked.h"
#include "checker/policies.h"
#include "checker/spec_runner.h"
#include "dsl/action_parser.h"
#include "dsl/diagnostic.h"
#include "dsl/level_loader.h"
#include "dsl/library.h"
#include "dsl/spec_parser.h"
#include "engine/notation.h"
#include "engine/room_words.h"
#include "toy_room.h"

namespace toy {
namespace {

using namespace carcheck;

class ToyRoom : public ::testing::Test {
 protected:
  void SetUp() override { ids_ = &register_toy_room(); }
  const ToyIds& ids() const { return *ids_; }

  static std::shared_ptr<const Game> game(int players, bool broken = false) {
    RuleSet rules = find_rule_set(Library::shipped().rule_sets, "base-c1");
    return std::make_shared<const Game>(std::move(rules), Library::shipped().tile_sets, players,
                                        std::make_shared<const BellRules>(broken));
  }

 private:
  const ToyIds* ids_ = nullptr;
};

Action of_kind(ActionKind k) {
  Action a;
  a.kind = k;
  return a;
}

// ---- Words ------------------------------------------------------------------------------------

TEST_F(ToyRoom, ItsIdsComeFromTheReservedRangesAndReadBackAsItsWords) {
  EXPECT_GE(static_cast<int>(ids().bell), kRoomIdBase);
  EXPECT_GE(static_cast<int>(ids().ring), kRoomIdBase);
  EXPECT_GE(static_cast<int>(ids().rung), kRoomIdBase);
  EXPECT_EQ(static_cast<int>(ids().bells), kScoreClasses + 1) << "the first class after None";
  EXPECT_STREQ(phase_name(ids().bell), "bell");
  EXPECT_STREQ(action_verb(ids().ring), "ring");
  EXPECT_STREQ(event_name(ids().rung), "bell-rung");
  EXPECT_STREQ(feature_class_name(ids().bells), "bells");
  EXPECT_STREQ(score_class_label(ids().bells), "bells");
  EXPECT_EQ(phase_by_word("bell"), ids().bell);
  EXPECT_EQ(action_by_verb("ring"), ids().ring);
  EXPECT_EQ(event_by_word("bell-rung"), ids().rung);
  EXPECT_EQ(score_class_by_word("bells"), ids().bells);
  // The engine's own ids keep their values and words.
  EXPECT_STREQ(phase_name(Phase::Over), "over");
  EXPECT_EQ(static_cast<int>(ActionKind::HauntGhost), 23);
  EXPECT_STREQ(event_name(EventKind::BazaarPaid), "bazaar-paid");
  EXPECT_EQ(score_class_by_word("roads"), std::nullopt) << "a label is no word";
  // A value nobody registered reads as "?", never out of a table.
  EXPECT_STREQ(phase_name(static_cast<Phase>(kRoomIdBase + kMaxRoomIds - 1)), "?");
  EXPECT_STREQ(event_name(static_cast<EventKind>(kRoomIdBase + kMaxRoomIds - 1)), "?");
}

TEST_F(ToyRoom, RegisteringAgainGivesTheSameIdsAndAWordTakenIsRefused) {
  EXPECT_EQ(&register_toy_room(), &ids());
  RoomWords echo;
  echo.room = "toy-echo";
  echo.phases = {"echo"};
  const RoomIds& first = register_room_words(echo);
  const RoomIds& again = register_room_words(echo);
  ASSERT_EQ(first.phases.size(), 1u);
  EXPECT_EQ(again.phases, first.phases);
  EXPECT_EQ(static_cast<int>(first.phases[0]), static_cast<int>(ids().bell) + 1);

  RoomWords changed = echo;
  changed.phases = {"echo", "whisper"};
  EXPECT_THROW(register_room_words(changed), std::invalid_argument);
  RoomWords clash;
  clash.room = "toy-clash";
  clash.actions = {RoomAction{"place", false, false, RoomField::None}};
  try {
    register_room_words(clash);
    ADD_FAILURE() << "the engine's verb was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "room 'toy-clash': the action word 'place' is taken");
  }
  clash.actions = {RoomAction{"ring", false, false, RoomField::None}};
  EXPECT_THROW(register_room_words(clash), std::invalid_argument) << "the toy's verb";
  EXPECT_EQ(registered_action_verbs(), std::vector<std::string>{"ring"}) << "nothing half-added";
}

// `expect score ...` is the spec language's: a room's expectation word `score` could never be
// read, nor `pile-size` (read as `expect pile`). Refused when registered, nothing added.
TEST_F(ToyRoom, AnExpectationWordTheSpecLanguageReadsIsRefused) {
  const std::vector<std::string> before = registered_expectation_words();
  auto refusal = [](const std::string& word) {
    RoomWords w;
    w.room = "toy-shadow";
    w.expectations = {RoomExpectation{
        word, nullptr, [](const State&, std::span<const std::string>) { return RoomVerdict{}; }}};
    try {
      register_room_words(w);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("registered");
  };
  EXPECT_EQ(refusal("score"),
            "room 'toy-shadow': the expectation word 'score' is the spec language's own (expect "
            "score ...)");
  EXPECT_EQ(refusal("legal"),
            "room 'toy-shadow': the expectation word 'legal' is the spec language's own (expect "
            "legal ...)");
  EXPECT_EQ(refusal("pile-size"),
            "room 'toy-shadow': the expectation word 'pile-size' starts with the spec language's "
            "'pile' and '-' (a keyword ends at '-': expect pile-size reads as expect pile)");
  EXPECT_EQ(registered_expectation_words(), before) << "nothing half-added";
  // A word that only starts alike is a room's to take (not registered here: the toy's
  // expectation words stay the only ones in this process).
  EXPECT_EQ(spec_expectation_keyword("scores"), "");
  EXPECT_EQ(spec_expectation_keyword("bells"), "");
}

// ---- Notation ---------------------------------------------------------------------------------

TEST_F(ToyRoom, TheNotationPrintsAndReadsRing) {
  auto g = game(2);
  State s(*g, 1);
  const Action ring = of_kind(ids().ring);
  EXPECT_EQ(action_text(s, ring), "ring");
  std::string error;
  const std::optional<Action> read = parse_action(s, "  ring ", error);
  ASSERT_TRUE(read) << error;
  EXPECT_EQ(*read, ring);

  EXPECT_FALSE(parse_action(s, "ring 2,0", error));
  EXPECT_EQ(error, "column 1: ring is written 'ring'");
  EXPECT_FALSE(parse_action(s, "ring red", error));
  EXPECT_EQ(error, "column 1: ring is written 'ring'");
  // An unknown verb: the message lists every verb from the one list, the toy's last.
  EXPECT_FALSE(parse_action(s, "rings", error));
  EXPECT_EQ(error.rfind("column 1: unknown action 'rings' (did you mean 'ring'?); expected an "
                        "action: draw, place, meeple, pass, ",
                        0),
            0u)
      << error;
  EXPECT_TRUE(error.ends_with(", haunt or ring")) << error;
}

// ---- A game by hand ---------------------------------------------------------------------------

// The first turn on the shipped tiles: after the meeple step the bell phase offers exactly
// ring and pass; ringing gives 3 points in bells, reported as bell-rung; the next player's
// turn begins (the road is still open: nothing else scores).
TEST_F(ToyRoom, RingingScoresThreePointsInItsOwnClass) {
  auto g = game(2);
  State s(*g, 1);
  const int red = s.active_player();
  Action draw = of_kind(ActionKind::Draw);
  draw.tile = g->find_tile("t-junction");
  ASSERT_GE(draw.tile, 0);
  ASSERT_EQ(s.apply(draw), std::nullopt);
  Action place = of_kind(ActionKind::Place);
  place.x = 1;
  ASSERT_EQ(s.apply(place), std::nullopt);
  ASSERT_EQ(s.apply(of_kind(ActionKind::Pass)), std::nullopt);  // no meeple
  EXPECT_EQ(s.phase(), ids().bell);
  auto legal = std::make_unique<ActionList>();
  s.legal_actions(*legal);
  ASSERT_EQ(legal->size, 2);
  EXPECT_EQ(legal->items[0], of_kind(ids().ring));
  EXPECT_EQ(legal->items[1], of_kind(ActionKind::Pass));

  EXPECT_EQ(s.apply(of_kind(ids().ring)), std::nullopt);
  EXPECT_EQ(s.score(red).total, 3);
  EXPECT_EQ(s.score(red).points(ids().bells), 3);
  EXPECT_EQ(bells_rung(s, red), 1);
  ASSERT_EQ(s.events().size(), 1u);
  EXPECT_EQ(describe(s.events()[0]), "bell-rung: player " + std::to_string(red) + ", points 3");
  EXPECT_EQ(s.phase(), Phase::Draw);
  EXPECT_NE(s.active_player(), red);
  EXPECT_EQ(s.apply(of_kind(ids().ring)), "no bell can be rung now (draw)");
}

// ---- Specs ------------------------------------------------------------------------------------

SpecRunOptions toy_options() {
  SpecRunOptions o;
  o.room = std::make_shared<const BellRules>();
  return o;
}

TEST_F(ToyRoom, ItsSpecPassesAgainstTheToy) {
  const SpecFile spec = load_spec(std::string(TOY_ROOM_DIR) + "/specs/bell-once.spec");
  const SpecResult r = run_spec(spec, toy_options());
  EXPECT_EQ(r.outcome, SpecOutcome::Pass) << r.error;
  for (const SpecCheckFailure& f : r.failures)
    ADD_FAILURE() << f.at.line << ": " << f.statement << ": expected " << f.expected << ", got "
                  << f.actual;
  EXPECT_EQ(r.checked, 24) << "every expectation of the file was checked";
  // The same spec in the base game's own room: no bell phase comes.
  const SpecResult base = run_spec(spec, {});
  EXPECT_NE(base.outcome, SpecOutcome::Pass);
}

// A spec's `expect bells` that does not hold fails with the room's words for both sides.
TEST_F(ToyRoom, AnExpectationThatDoesNotHoldFails) {
  const SpecFile spec = parse_spec(
      "spec \"x\"\nrules base-c1 players 2\ncites toy \"x\"\nsetup {\n  player 1\n}\n"
      "draw t-junction\nplace 1,0 r0\npass\nring\nexpect bells red 2\nexpect score red bells 4\n",
      "wrong.spec");
  const SpecResult r = run_spec(spec, toy_options());
  EXPECT_EQ(r.outcome, SpecOutcome::Fail) << r.error;
  ASSERT_EQ(r.failures.size(), 2u);
  EXPECT_EQ(r.failures[0].expected, "2");
  EXPECT_EQ(r.failures[0].actual, "1");
  EXPECT_EQ(r.failures[1].expected, "4");
  EXPECT_EQ(r.failures[1].actual, "3");
}

// Wrong arguments are the spec's ERROR, at the argument.
TEST_F(ToyRoom, WrongArgumentsAreAnErrorWhereWritten) {
  const std::string head = "spec \"x\"\nrules base-c1 players 2\ncites toy \"x\"\n";
  auto error_of = [&](const std::string& line) -> std::string {
    try {
      parse_spec(head + line + "\n", "args.spec");
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(
      error_of("expect bells purple 1"),
      "args.spec:4:14: expected a colour (red, green, blue, yellow, black, pink, grey), found "
      "'purple'");
  EXPECT_EQ(error_of("expect bells red one"),
            "args.spec:4:18: expected how often the player rang, a number, found 'one'");
  EXPECT_EQ(error_of("expect bells red"),
            "args.spec:4:8: expected how often the player rang after the colour: bells <colour> "
            "N");
  EXPECT_EQ(error_of("expect bells red 1 2  # a comment"),
            "args.spec:4:20: expected the end of the line after the count, found '2'");
  EXPECT_EQ(error_of("ring 1,0"), "args.spec:4:1: ring is written 'ring'");
}

// ---- Whole games, the fuzz loop, a broken toy -------------------------------------------------

// As `carcheck fuzz` plays a game (cli/cmd_fuzz.cpp): its start and chooser from the seed, every
// invariant after every action, the toy's own included.
CheckedGame fuzz_game(const Game& g, uint64_t seed) {
  const GameStart from = GameStart::for_seed(g, seed);
  State s(g, seed);
  Rng chooser(seed * 0x9E3779B97F4A7C15ull + 1);
  CheckedGame r =
      play_checked(s, from, from.team ? team_choice(chooser) : uniform_choice(chooser), false);
  if (!r.failure && !s.is_terminal()) r.failure = "the game did not end";
  return r;
}

TEST_F(ToyRoom, RandomGamesKeepEveryInvariant) {
  int64_t rung = 0, games = 0;
  for (int players = 2; players <= 5; ++players) {
    auto g = game(players);
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      const CheckedGame r = fuzz_game(*g, seed);
      ASSERT_EQ(r.failure, std::nullopt) << players << " players, seed " << seed;
      EXPECT_GT(r.actions, 3 * 71) << "a whole game: 71 tiles drawn, placed, a meeple step each";
      const int64_t n = r.events[static_cast<size_t>(ids().rung)];
      EXPECT_LE(n, players) << "once a game a player";
      rung += n;
      ++games;
    }
  }
  // Each player meets the bell phase every turn until ringing, choosing at random among two:
  // over some 70 turns nearly every player rings.
  EXPECT_GT(rung, games) << "random play rings, so the toy's steps and invariant ran";
}

TEST_F(ToyRoom, ABrokenToyIsCaughtByItsInvariant) {
  auto g = game(2, true);  // offers the bell every turn, rung or not
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const CheckedGame r = fuzz_game(*g, seed);
    ASSERT_TRUE(r.failure.has_value()) << "seed " << seed;
    EXPECT_NE(r.failure->find("toy: player"), std::string::npos) << *r.failure;
    EXPECT_NE(r.failure->find("points of bells: the bell is rung once a game, for 3"),
              std::string::npos)
        << *r.failure;
  }
}

// ---- The bell as an add-on room, named by a rule set ------------------------------------------

// The toy's data folder: the shipped tiles and register, and rule sets naming `rooms: [bell]`.
const Library& bell_library() {
  register_toy_room();  // the add-on is registered before the file that names it is read
  const std::string dir = std::string(TOY_ROOM_DIR) + "/data/";
  return Library::shipped(dir + "tiles.yaml", dir + "levels.yaml");
}

std::shared_ptr<const Game> composed_game(const std::string& rules, int players) {
  const Library& lib = bell_library();
  return std::make_shared<const Game>(find_rule_set(lib.rule_sets, rules), lib.tile_sets, players);
}

// The same rules two ways, the same games: the bell as a room of its own (BellRules, a
// CompetitiveRules with the bell in its hooks) and as an add-on chained over the base game's
// room play every seed to the same actions and events.
TEST_F(ToyRoom, TheBellAsAnAddOnPlaysAsTheBellAsARoom) {
  for (int players = 2; players <= 4; ++players) {
    auto own = game(players);
    auto chained = composed_game("base-bell", players);
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      const CheckedGame a = fuzz_game(*own, seed), b = fuzz_game(*chained, seed);
      ASSERT_EQ(a.failure, std::nullopt);
      ASSERT_EQ(b.failure, std::nullopt);
      EXPECT_EQ(a.actions, b.actions) << players << " players, seed " << seed;
      EXPECT_EQ(a.events, b.events) << players << " players, seed " << seed;
    }
  }
}

TEST_F(ToyRoom, ARuleSetNamesTheBellAndItsSpecPasses) {
  EXPECT_EQ(find_rule_set(bell_library().rule_sets, "base-bell").rooms,
            std::vector<std::string>{"bell"});
  SpecRunOptions o;
  o.library = &bell_library();
  const SpecFile spec = load_spec(std::string(TOY_ROOM_DIR) + "/specs/bell-composed.spec");
  const SpecResult r = run_spec(spec, o);
  EXPECT_EQ(r.outcome, SpecOutcome::Pass) << r.error;
  for (const SpecCheckFailure& f : r.failures)
    ADD_FAILURE() << f.at.line << ": " << f.statement << ": expected " << f.expected << ", got "
                  << f.actual;
  EXPECT_EQ(r.checked, 24) << "every expectation of the file was checked";
}

// Over either family's room, whole games keep every invariant (the family's and the toy's),
// and the bell is met: the family's room scores each turn after the bell hands it back.
TEST_F(ToyRoom, TheBellComposesWithTheBaseGameAndWithBridgesCastlesAndBazaars) {
  for (const char* rules : {"base-bell", "bcb-bell"}) {
    int64_t rung = 0, games = 0, scored = 0;
    for (int players = 2; players <= 4; ++players) {
      auto g = composed_game(rules, players);
      for (uint64_t seed = 1; seed <= 4; ++seed) {
        const CheckedGame r = fuzz_game(*g, seed);
        ASSERT_EQ(r.failure, std::nullopt) << rules << ", " << players << " players, seed " << seed;
        const int64_t n = r.events[static_cast<size_t>(ids().rung)];
        EXPECT_LE(n, players) << "once a game a player";
        EXPECT_GT(r.actions, 3 * 71) << rules << ": a whole game, a bell step a turn till rung";
        rung += n;
        scored += r.events[static_cast<size_t>(EventKind::Scored)];
        ++games;
      }
    }
    EXPECT_GT(rung, games) << rules << ": random play rings";
    EXPECT_GT(scored, 0) << rules << ": the family's room scores the turns the bell hands back";
  }
}

}  // namespace
}  // namespace toy
