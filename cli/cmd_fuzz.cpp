// `carcheck fuzz`: many random games with the invariants of checker/invariants.h checked
// after every action; every failure is written out as a spec that replays it.
#include <fmt/format.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "checker/fuzz_targets.h"
#include "checker/game_spec.h"
#include "checker/play_checked.h"
#include "checker/spec_runner.h"
#include "cli/commands.h"
#include "cli/fuzz_report.h"
#include "cli/options.h"
#include "cli/usage.h"
#include "dsl/library.h"
#include "gamelog/log_write.h"

namespace carcheck {

namespace {

constexpr const char* kAbout =
    "play many random games and check the rules' invariants after every action\n"
    "\n"
    "Plays random legal games and checks the rules' invariants after every action (see\n"
    "checker/invariants.h): ghost, meeple and tile conservation; every placement legal; meeples\n"
    "only where the rules allow; regions recomputed from the tile geometry; scores and ghosts\n"
    "moving only through events, a hound scoring the ghosts on the board; every score's\n"
    "classes summing to it; every finished feature scored once at its value; the end of the\n"
    "game; determinism (the recorded actions replay to the same state, also from their text).\n"
    "The targets come from levels.yaml: without --rules every rule set the engine plays,\n"
    "every level and player count, then every variant value the engine implements, one game\n"
    "each, round and round (with --variant, the defaults plus the values chosen). What the\n"
    "engine refuses (a rule set or a value not implemented yet) is skipped and named on\n"
    "stderr. About half the games are played by a team that plays along; most Mists games\n"
    "start with a head start on the score, so that hounds, pile switches and the goal come up.\n";

constexpr const char* kFooter =
    "A progress line goes to stderr. Exit status: 0 no invariant failed, 1 a failure was found\n"
    "(see DIR), 2 bad usage.";

inline constexpr size_t kMaxReplayFiles = 200;  // failing games written out per run

struct FuzzOptions {
  TargetFilter filter;
  int64_t games = 0;  // 0: 10000, or no limit when only --seconds is given
  int seconds = 0;    // 0: no time limit
  uint64_t first_seed = 1;
  std::string out_dir = "fuzz-failures";
  bool json = false;
  std::string shard = "1/1";  // --shard K/N: the game indices i with i % N == K - 1
};

// ---- Targets ------------------------------------------------------------------------------

// A filter that selects no rule set and player count: says which part of it is wrong.
[[noreturn]] void refuse_filter(const Library& lib, const TargetFilter& f) {
  for (const RuleSet& r : lib.rule_sets)
    if (filter_selects(f, r)) r.check_player_count(f.players);  // throws the rule set's reason
  std::vector<std::string> names;
  for (const RuleSet& r : lib.rule_sets) names.push_back(r.name);
  throw UsageError(fmt::format(
      "--rules takes a rule set of levels.yaml ({}; a family with levels, such as mists, "
      "takes every level or the one of --level), not '{}'",
      fmt::join(names, ", "), f.rules));
}

// What the engine refuses, on stderr: one line per reason.
void report_skipped(const std::vector<SkippedTarget>& skipped) {
  std::map<std::string, std::vector<std::string>> by_reason;
  for (const SkippedTarget& s : skipped) by_reason[s.reason].push_back(s.label);
  for (const auto& [reason, labels] : by_reason)
    fmt::print(stderr, "carcheck fuzz: skipped {}: {}\n", fmt::join(labels, ", "), reason);
}

// The targets of this run: the defaults of every selected rule set and player count, then
// (without --variant) every implemented variant value. A filter that selects nothing is a
// usage error; so is a run where the engine refuses everything left.
std::vector<FuzzTarget> targets_of(const FuzzOptions& o) {
  const Library& lib = Library::shipped();
  const TargetFilter& f = o.filter;
  if (!f.rules.empty() && f.level != 0) rule_set_name(f.rules, f.level);  // throws: says why
  for (const std::string& kv : f.variants) {
    try {
      check_forced_variant(lib, kv);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  }
  FuzzTargets all = default_targets(lib, f);
  if (all.targets.empty() && all.skipped.empty()) refuse_filter(lib, f);
  if (f.variants.empty()) {
    FuzzTargets values = variant_targets(lib, f);
    all.targets.insert(all.targets.end(), values.targets.begin(), values.targets.end());
    all.skipped.insert(all.skipped.end(), values.skipped.begin(), values.skipped.end());
  }
  report_skipped(all.skipped);
  if (all.targets.empty())
    throw std::invalid_argument("the engine refuses every configuration of this run (see above)");
  return all.targets;
}

void check_forced_variants_used(const FuzzOptions& o, const std::vector<FuzzTarget>& targets) {
  for (const std::string& kv : o.filter.variants) {
    bool used = false;
    for (const FuzzTarget& t : targets)
      for (const std::string& v : t.variants) used = used || v == kv;
    if (!used) throw UsageError("no rule set in this run has the switch of --variant " + kv);
  }
}

// ---- Failures -----------------------------------------------------------------------------

// A failure's kind without its numbers and places, so that one bug is shown once.
std::string signature(const std::string& rule_set, const std::string& message) {
  std::string s = rule_set + ":";
  for (char c : message.substr(0, message.find('\n')))
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '-' && c != ',') s += c;
  return s;
}

std::string file_name(const std::string& label, uint64_t seed) {
  std::string n;
  for (char c : label)
    n += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '=' ? c : '_';
  return fmt::format("{}_seed{}", n, seed);
}

// The spec that replays the failing game; its path, or "" when it cannot be written.
std::string write_failure_spec(const std::string& out_dir, const FuzzTarget& t, uint64_t seed,
                               const State& s, const GameStart& from, const std::string& why) {
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  const std::string path =
      (std::filesystem::path(out_dir) / (file_name(t.label, seed) + ".spec")).string();
  std::ofstream spec(path);
  spec << game_spec(s, from, why, fmt::format("carcheck fuzz ({}, seed {})", t.label, seed));
  // The same game as a game log (docs/game-log.md), for `carcheck replay` and other engines.
  LogWriteOptions w;
  w.start_scores = from.scores;
  std::ofstream log(std::filesystem::path(path).replace_extension(".jsonl"));
  log << write_game_log(s, w) << '\n';
  return spec && log ? path : "";
}

// ---- The run ------------------------------------------------------------------------------

class FuzzRun {
 public:
  FuzzRun(const FuzzOptions& o, std::vector<FuzzTarget> targets)
      : o_(o), targets_(std::move(targets)) {}

  FuzzResults run() {
    const int64_t games = o_.games ? o_.games : o_.seconds ? INT64_MAX : 10000;
    const auto [k, n] = parse_shard(o_.shard);
    // Game i is the same game (target i mod targets, seed S + i) in every shard: N shards
    // together play exactly the games of the unsharded run.
    for (int64_t i = k - 1; i < games; i += n) {
      if (o_.seconds > 0 && progress_.elapsed() >= o_.seconds) break;
      const FuzzTarget& t =
          targets_[static_cast<size_t>(i % static_cast<int64_t>(targets_.size()))];
      play_one(t, o_.first_seed + static_cast<uint64_t>(i));
      progress_.maybe_show(results_.all);
    }
    progress_.show(results_.all, true);
    results_.seconds = progress_.elapsed();
    return std::move(results_);
  }

 private:
  void play_one(const FuzzTarget& t, uint64_t seed) {
    const GameStart from = GameStart::for_seed(*t.game, seed);
    State s(*t.game, seed);
    Rng chooser(seed * 0x9E3779B97F4A7C15ull + 1);
    const auto t0 = std::chrono::steady_clock::now();
    CheckedGame r =
        play_checked(s, from, from.team ? team_choice(chooser) : uniform_choice(chooser), false);
    const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    results_.all.add(r, dt);
    FuzzTotals& per = results_.per_rule_set[t.rule_set()];
    per.cooperative = t.game->cooperative();
    per.add(r, dt);
    if (r.failure) record_failure(t, seed, s, from, *r.failure);
  }

  // Every failing game gets its spec (up to kMaxReplayFiles); the first of each kind of
  // failure is shown, since a systematic bug fails game after game.
  void record_failure(const FuzzTarget& t, uint64_t seed, const State& s, const GameStart& from,
                      const std::string& why) {
    FuzzFailure f{t.label, why, "", seed};
    if (results_.failures.size() < kMaxReplayFiles) {
      f.spec_file = write_failure_spec(o_.out_dir, t, seed, s, from, why);
      if (f.spec_file.empty())
        fmt::print(stderr, "\ncarcheck fuzz: cannot write a spec into {}\n", o_.out_dir);
    }
    if (seen_[signature(t.rule_set(), why)]++ == 0 && !o_.json) {
      progress_.clear_line();
      fmt::print(stderr, "FAIL {}, seed {}: {}\n     replay: {}\n", t.label, seed, why,
                 f.spec_file.empty() ? "(not written)" : f.spec_file);
    }
    results_.failures.push_back(std::move(f));
  }

  const FuzzOptions& o_;
  std::vector<FuzzTarget> targets_;
  FuzzProgress progress_;
  FuzzResults results_;
  std::map<std::string, int> seen_;  // failure signatures shown
};

// What makes two shards parts of one run (carcheck merge checks it): every option but
// --shard, --out and --json.
FuzzRunId run_identity(const FuzzOptions& o) {
  FuzzRunId id;
  id.rules = o.filter.rules;
  id.level = o.filter.level;
  id.players = o.filter.players;
  id.variants = o.filter.variants;
  id.seed = o.first_seed;
  id.games = o.games;
  id.seconds = o.seconds;
  id.shard = o.shard;
  return id;
}

int fuzz(const FuzzOptions& o) {
  std::vector<FuzzTarget> targets = targets_of(o);
  check_forced_variants_used(o, targets);
  FuzzResults results = FuzzRun(o, std::move(targets)).run();
  results.run = run_identity(o);
  if (o.json)
    print_json(std::cout, fuzz_json(results));
  else
    print_fuzz_summary(results, o.out_dir, kMaxReplayFiles);
  return results.failures.empty() ? 0 : 1;
}

}  // namespace

CommandRun add_fuzz_command(Command& carcheck) {
  auto o = std::make_shared<FuzzOptions>();
  Command cmd = carcheck.subcommand("fuzz", kAbout);
  cmd.option("--rules", o->filter.rules,
             "a rule set of levels.yaml (base-c1, pnp-demo, mists-3), or mists for every\n"
             "level (default: every rule set the engine plays)")
      .type_name("R");
  add_level_option(cmd, o->filter.level, "Mists level 1-6 (default: all six)");
  add_players_option(cmd, o->filter.players,
                     "player count (default: every count the rule set allows)");
  add_int64_option(cmd, "--games", o->games, 1, 2000000000, "N",
                   "games in all (default 10000; no limit when only --seconds is given)");
  add_int_option(cmd, "--seconds", o->seconds, 1, 100000000, "T", "stop after T seconds");
  add_seed_option(cmd, o->first_seed, "seed of the first game (default 1); game i has seed S + i");
  add_variant_option(cmd, o->filter.variants,
                     "select a rule variant on every rule set that has switch K (repeatable)");
  cmd.option("--shard", o->shard,
             "play shard K of N: the games i with i % N == K - 1; `carcheck merge`\n"
             "adds the shards' --json summaries up to the whole run's")
      .type_name("K/N");
  cmd.option("--out", o->out_dir,
             "where each failing game goes: a spec that replays it, and the game\n"
             "as a game log for `carcheck replay` (default fuzz-failures/)")
      .type_name("DIR");
  add_json_flag(cmd, o->json, "the summary as one JSON object on stdout");
  cmd.footer(kFooter);
  return [o] { return fuzz(*o); };
}

}  // namespace carcheck
