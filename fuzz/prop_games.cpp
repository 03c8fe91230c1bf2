// Random legal games through every rule set, level, player count and variant value, checked
// after every action by the invariants of checker/invariants.h (OpenSpiel's RandomSimTest).
// The targets come from levels.yaml (checker/fuzz_targets.h): a rule set or a value the
// engine refuses is skipped, and FuzzSkips.ListedWithTheirReasons names each skip in the log.
//
//   FuzzBulk.*      plain loops of seeded random games: the bulk of the counts, fast
//   FuzzVariants.*  every non-default value of every variant switch, per rule set and level
//   FuzzShrink.*    RapidCheck properties: a game is a vector of choice indices (taken modulo
//                   the number of legal actions, draws included), so a failure shrinks to a
//                   short game and is printed as a spec that replays it
//
// Counts per Release run (CARCHECK_FUZZ_SCALE multiplies them; Debug and sanitizer builds
// default to a twentieth): 10,000 games per competitive rule set (2,500 per player count),
// 2,000 per Mists level and player count, 1,000 per variant value, 200 shrinkable games per
// rule set; about 100 s of CPU in all (ctest -L fuzz; -j2 halves the wall time).
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "checker/fuzz_targets.h"
#include "checker/game_spec.h"
#include "checker/invariants.h"
#include "checker/play_checked.h"
#include "dsl/library.h"

namespace carcheck {

// gtest prints a parameter by its label rather than its bytes.
void PrintTo(const FuzzTarget& t, std::ostream* os) { *os << t.label; }

namespace {

#if defined(__SANITIZE_ADDRESS__) || !defined(NDEBUG)
inline constexpr double kDefaultScale = 0.05;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr double kDefaultScale = 0.05;
#else
inline constexpr double kDefaultScale = 1.0;
#endif
#else
inline constexpr double kDefaultScale = 1.0;
#endif

inline constexpr int kCompetitiveGamesPerPlayerCount = 2500;
inline constexpr int kMistsGamesPerLevelAndPlayers = 2000;
inline constexpr int kGamesPerVariantValue = 1000;
inline constexpr int kShrinkableGamesPerRuleSet = 200;
inline constexpr uint32_t kChoiceRange = 1024;  // choice values, taken modulo the options
inline constexpr int kShrinkSeconds = 60;       // shrinking budget of one failing property

int scaled(int n) {
  double scale = kDefaultScale;
  if (const char* env = std::getenv("CARCHECK_FUZZ_SCALE")) scale = std::atof(env);
  return std::max(1, static_cast<int>(n * scale));
}

const Library& lib() { return Library::shipped(); }

// The rule sets with something to fuzz, in levels.yaml order.
std::vector<std::string> fuzzed_rule_sets() {
  std::vector<std::string> names;
  for (const FuzzTarget& t : default_targets(lib()).targets)
    if (std::find(names.begin(), names.end(), t.rule_set()) == names.end())
      names.push_back(t.rule_set());
  return names;
}

std::string test_name(const std::string& label) {
  std::string n;
  for (char c : label) n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return n;
}

// `games` seeded random games of one target, about half played by a team that plays
// along, Mists games mostly from a head start (checker/invariants.h GameStart); the first
// failure fails the test with its spec.
void run_games(const FuzzTarget& t, int games, uint64_t first_seed, int64_t* actions = nullptr) {
  const Game* game = t.game.get();
  for (int i = 0; i < games; ++i) {
    uint64_t seed = first_seed + static_cast<uint64_t>(i);
    GameStart from = GameStart::for_seed(*game, seed);
    State s(*game, seed);
    Rng chooser(seed * 0x9E3779B97F4A7C15ull + 1);
    CheckedGame r =
        play_checked(s, from, from.team ? team_choice(chooser) : uniform_choice(chooser), false);
    if (actions) *actions += r.actions;
    if (r.failure) {
      FAIL() << t.label << ", seed " << seed << ": " << *r.failure << "\n\n"
             << game_spec(
                    s, from, *r.failure,
                    "fuzz/prop_games.cpp (" + t.label + ", seed " + std::to_string(seed) + ")");
    }
  }
}

// ---- Skips
// ----------------------------------------------------------------------------------------

// What levels.yaml lists and the engine cannot play (a rule set or a value not implemented
// yet) is not fuzzed: say so in the test log (ctest -V) rather than skip it silently.
TEST(FuzzSkips, ListedWithTheirReasons) {
  int n = 0;
  for (const FuzzTargets& t : {default_targets(lib()), variant_targets(lib())})
    for (const SkippedTarget& s : t.skipped) {
      EXPECT_FALSE(s.reason.empty()) << s.label;
      std::cout << "not fuzzed: " << s.label << ": " << s.reason << "\n";
      RecordProperty("skipped_" + std::to_string(n++), s.label + ": " + s.reason);
    }
  EXPECT_FALSE(default_targets(lib()).targets.empty());
}

// ---- Bulk
// ----------------------------------------------------------------------------------------

class FuzzBulk : public ::testing::TestWithParam<FuzzTarget> {};

TEST_P(FuzzBulk, RandomGamesKeepEveryInvariant) {
  const FuzzTarget& t = GetParam();
  int games =
      scaled(t.game->is_mists() ? kMistsGamesPerLevelAndPlayers : kCompetitiveGamesPerPlayerCount);
  int64_t actions = 0;
  run_games(t, games, 1, &actions);
  RecordProperty("games", games);
  RecordProperty("actions", std::to_string(actions));
}

INSTANTIATE_TEST_SUITE_P(All, FuzzBulk, ::testing::ValuesIn(default_targets(lib()).targets),
                         [](const ::testing::TestParamInfo<FuzzTarget>& info) {
                           return test_name(info.param.label);
                         });

std::string rule_set_test_name(const ::testing::TestParamInfo<std::string>& info) {
  return test_name(info.param);
}

// ---- Variants
// --------------------------------------------------------------------------------------

class FuzzVariants : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzVariants, EveryVariantValueKeepsEveryInvariant) {
  int i = 0;
  TargetFilter only;
  only.rules = GetParam();
  for (const FuzzTarget& t : variant_targets(lib(), only).targets) {
    SCOPED_TRACE(t.label);
    run_games(t, scaled(kGamesPerVariantValue), 1000 + 7919 * static_cast<uint64_t>(i++));
    if (HasFatalFailure() || HasFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(All, FuzzVariants, ::testing::ValuesIn(fuzzed_rule_sets()),
                         rule_set_test_name);

// ---- Shrinkable (RapidCheck) -----------------------------------------------------------------

// One game per case: a player count, a variant (or none), a seed and the choices. The spec of
// the shrunk game is the failure message.
void shrinkable_property(const std::string& rules_name) {
  TargetFilter only;
  only.rules = rules_name;
  const std::vector<FuzzTarget> defaults =
      default_targets(lib(), only).targets;  // per player count
  const std::vector<FuzzTarget> variants = variant_targets(lib(), only).targets;
  using Clock = std::chrono::steady_clock;
  std::optional<Clock::time_point> failed_at;
  auto property = [&](uint32_t player_pick, uint32_t variant_pick, uint32_t start_pick,
                      uint32_t seed, const std::vector<uint32_t>& choices) {
    // Shrinking replays whole games; past its budget every further candidate passes at once,
    // so RapidCheck stops with the smallest failing game found so far.
    if (failed_at && Clock::now() - *failed_at > std::chrono::seconds(kShrinkSeconds)) return;
    // Half the cases use one variant value; shrinking goes to the defaults first.
    const FuzzTarget& t = variant_pick % 2 == 1 && !variants.empty()
                              ? variants[(variant_pick / 2) % variants.size()]
                              : defaults[player_pick % defaults.size()];
    const Game* game = t.game.get();
    GameStart from = GameStart::mists_head_start(*game, seed, start_pick);
    State s(*game, seed);
    size_t next = 0;
    CheckedGame r = play_checked(
        s, from,
        [&](const State&, const ActionList& legal) {
          // A choice picks an item; of a range entry, its high bits pick the amount above the
          // lowest (mostly small, as shrinking makes them).
          const uint32_t c = next < choices.size() ? choices[next++] : 0u;
          const Action a = lowest(legal, c % static_cast<uint32_t>(legal.size));
          const Action& item = legal.items[c % static_cast<uint32_t>(legal.size)];
          return is_bid_range(item)
                     ? with_amount(item,
                                   std::min(kMaxBid, item.x + static_cast<int>((c >> 16) % 64)))
                     : a;
        },
        true);
    if (r.failure) {
      if (!failed_at) failed_at = Clock::now();
      RC_FAIL(t.label + ": " + *r.failure + "\n\n" +
              game_spec(s, from, *r.failure,
                        "fuzz/prop_games.cpp FuzzShrink (" + t.label + ", shrunk by RapidCheck)"));
    }
  };
  // The same cases on every run unless RC_PARAMS names a seed (RC_PARAMS="seed=7").
  rc::detail::TestParams params = rc::detail::configuration().testParams;
  const char* rc_params = std::getenv("RC_PARAMS");
  if (!rc_params || !std::strstr(rc_params, "seed="))
    params.seed = std::hash<std::string>{}(rules_name)&0xFFFFFFFF;
  params.maxSuccess = scaled(kShrinkableGamesPerRuleSet);
  params.maxSize = 400;  // choices per game before the rest default to the first legal action
  rc::detail::TestMetadata meta;
  meta.id = "FuzzShrink/" + rules_name;
  meta.description = rules_name;
  rc::detail::TestResult result = rc::detail::checkTestable(
      [&](uint32_t player_pick, uint32_t variant_pick, uint32_t start_pick, uint32_t seed) {
        property(player_pick, variant_pick, start_pick, seed,
                 *rc::gen::container<std::vector<uint32_t>>(
                     rc::gen::inRange<uint32_t>(0, kChoiceRange)));
      },
      meta, params);
  if (!result.template is<rc::detail::SuccessResult>()) {
    std::ostringstream msg;
    rc::detail::printResultMessage(result, msg);
    FAIL() << msg.str();
  }
}

class FuzzShrink : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzShrink, ShrunkFailuresPrintASpec) { shrinkable_property(GetParam()); }

INSTANTIATE_TEST_SUITE_P(All, FuzzShrink, ::testing::ValuesIn(fuzzed_rule_sets()),
                         rule_set_test_name);

}  // namespace
}  // namespace carcheck
