// `carcheck fuzz`: many random games with the invariants of checker/invariants.h checked
// after every action; every failure is written out as a spec that replays it.
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "checker/fuzz_targets.h"
#include "checker/game_spec.h"
#include "checker/invariants.h"
#include "checker/play_checked.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "dsl/diagnostic.h"
#include "dsl/level_loader.h"
#include "dsl/library.h"
#include "engine/notation.h"

namespace carcheck {

namespace {

constexpr const char* kFuzzUsage =
    R"(usage: carcheck fuzz [--rules R] [--level L] [--players P] [--games N] [--seconds T]
                     [--seed S] [--variant K=V ...] [--out DIR] [--json]

Plays random legal games and checks the rules' invariants after every action (see
checker/invariants.h): ghost, meeple and tile conservation; every placement legal; meeples
only where the rules allow; regions recomputed from the tile geometry; scores and ghosts
moving only through events, a hound scoring the ghosts on the board; every finished feature
scored once at its value; the end of the game; determinism (the recorded actions replay to
the same state, also from their text). Without --rules it takes every rule set, level and
player count in turn (base-c1, pnp-demo, Mists Levels 1-6), one game each, round and round.
About half the games are played by a team that plays along; most Mists games start with a head
start on the score, so that hounds, pile switches and the goal come up.

  --rules R       base-c1, pnp-demo or mists (default: all of them)
  --level L       Mists level 1-6 (default: all six)
  --players P     player count (default: every count the rule set allows)
  --games N       games in all (default 10000; no limit when only --seconds is given)
  --seconds T     stop after T seconds
  --seed S        seed of the first game (default 1); game i has seed S + i
  --variant K=V   select a rule variant on every rule set that has switch K (repeatable)
  --out DIR       where each failing game goes: a spec that replays it and the serialised
                  game (.spec, .game; default fuzz-failures/)
  --json          the summary as one JSON object on stdout

A progress line goes to stderr. Exit status: 0 no invariant failed, 1 a failure was found
(see DIR), 2 bad usage.
)";

using Clock = std::chrono::steady_clock;
inline constexpr size_t kMaxReplayFiles = 200;  // failing games written out per run

struct Totals {
  int64_t games = 0, actions = 0, failures = 0;
  double seconds = 0;
  std::array<int64_t, kEventKinds> events{};
};

struct Target {
  FuzzTarget t;
  std::string rule_set;  // "base-c1", "mists-3": the summary groups by it
  std::unique_ptr<Game> game;
};

struct Failure {
  std::string target, message, spec_file;
  uint64_t seed = 0;
};

GameOptions options_of(const FuzzTarget& t) {
  GameOptions o;
  o.rules = t.rules;
  o.level = t.level;
  o.players = t.players;
  o.variants = t.variants;
  return o;
}

// A failure's kind without its numbers and places, so that one bug writes one file.
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
  return n + "_seed" + std::to_string(seed);
}

}  // namespace

int cmd_fuzz(const Args& args) {
  std::string rules, out_dir = "fuzz-failures";
  int level = 0, players = 0;
  int64_t games = -1;
  double seconds = 0;
  uint64_t first_seed = 1;
  std::vector<std::string> variants;
  bool json_out = false;
  ArgParser p(args);
  try {
    while (!p.done()) {
      std::string a = p.next();
      if (a == "--help" || a == "-h") {
        std::cout << kFuzzUsage;
        return 0;
      } else if (a == "--rules")
        rules = p.value(a);
      else if (a == "--level")
        level = p.integer(a, 1, 6);
      else if (a == "--players")
        players = p.integer(a, 1, 5);
      else if (a == "--games")
        games = p.integer(a, 1, 2000000000);
      else if (a == "--seconds")
        seconds = p.integer(a, 1, 100000000);
      else if (a == "--seed")
        first_seed = p.u64(a);
      else if (a == "--variant")
        variants.push_back(p.value(a));
      else if (a == "--out")
        out_dir = p.value(a);
      else if (a == "--json")
        json_out = true;
      else
        throw std::invalid_argument("unknown option '" + a + "'");
    }
    if (rules == "bcb")
      throw std::invalid_argument(
          "bcb (Bridges, Castles and Bazaars) rules are not implemented in the engine yet");
    if (!rules.empty() && rules != "base-c1" && rules != "pnp-demo" && rules != "mists")
      throw std::invalid_argument("--rules takes base-c1, pnp-demo or mists, not '" + rules + "'");
    if (level != 0 && !rules.empty() && rules != "mists")
      throw std::invalid_argument("--level applies to --rules mists only");
    if (games < 0) games = seconds > 0 ? INT64_MAX : 10000;
  } catch (const std::invalid_argument& e) {
    std::cerr << "carcheck fuzz: " << e.what() << "\n\n" << kFuzzUsage;
    return 2;
  }

  // The targets, each with its game built once.
  std::vector<Target> targets;
  try {
    const Library& lib = Library::shipped();
    std::map<std::string, bool> variant_used;
    for (FuzzTarget t : default_targets(lib, rules, level, 0)) {
      std::string rule_set = t.rules == "mists" ? "mists-" + std::to_string(t.level) : t.rules;
      RuleSet r = find_rule_set(lib.rule_sets, rule_set);
      bool fits = true;
      for (const std::string& v : variants) {
        std::string key = v.substr(0, v.find('='));
        bool has = false;
        for (const VariantSwitch& sw : r.variants) has = has || sw.id == key;
        if (!has) continue;
        select_variant(r, v);  // throws for a value the switch does not have
        t.variants.push_back(v);
        variant_used[v] = true;
      }
      if (t.players < r.min_players || t.players > r.max_players) fits = false;  // pnp-player-count
      if (players != 0 && t.players != players) fits = false;
      if (!fits) continue;
      targets.push_back(Target{t, rule_set, make_game(lib, options_of(t))});
    }
    for (const std::string& v : variants)
      if (!variant_used[v])
        throw std::invalid_argument("no rule set in this run has the switch of --variant " + v);
    if (targets.empty())
      throw std::invalid_argument("no rule set in this run allows " + std::to_string(players) +
                                  " player(s)");
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "carcheck fuzz: " << e.what() << "\n";
    return 2;
  }

  const bool tty = isatty(STDERR_FILENO);
  const Clock::time_point start = Clock::now();
  Clock::time_point last_progress = start;
  Totals all;
  std::map<std::string, Totals> per_rule_set;
  std::vector<Failure> failures;
  std::map<std::string, int> seen_signatures;
  auto elapsed = [&]() { return std::chrono::duration<double>(Clock::now() - start).count(); };
  auto progress = [&](bool final_line) {
    double t = elapsed();
    std::ostringstream line;
    line << "fuzz: " << all.games << " games, " << all.actions << " actions, " << std::fixed
         << std::setprecision(0) << (t > 0 ? static_cast<double>(all.games) / t : 0.0)
         << " games/s, " << all.failures << " failure(s), " << std::setprecision(1) << t << " s";
    if (tty)
      std::cerr << "\r" << line.str() << "\033[K" << (final_line ? "\n" : "") << std::flush;
    else
      std::cerr << line.str() << "\n";
  };

  for (int64_t i = 0; i < games; ++i) {
    if (seconds > 0 && elapsed() >= seconds) break;
    Target& tg = targets[static_cast<size_t>(i % static_cast<int64_t>(targets.size()))];
    uint64_t seed = first_seed + static_cast<uint64_t>(i);
    GameStart from = GameStart::for_seed(*tg.game, seed);
    State s(*tg.game, seed);
    Rng chooser(seed * 0x9E3779B97F4A7C15ull + 1);
    Clock::time_point t0 = Clock::now();
    CheckedGame r =
        play_checked(s, from, from.team ? team_choice(chooser) : uniform_choice(chooser), false);
    double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    for (Totals* tot : {&all, &per_rule_set[tg.rule_set]}) {
      ++tot->games;
      tot->actions += r.actions;
      tot->seconds += dt;
      tot->failures += r.failure.has_value();
      for (int k = 0; k < kEventKinds; ++k)
        tot->events[static_cast<size_t>(k)] += r.events[static_cast<size_t>(k)];
    }
    if (r.failure) {
      Failure f{tg.t.label(), *r.failure, "", seed};
      // Every failing game gets its replay files (up to kMaxReplayFiles); the first of each
      // kind of failure is shown, since a systematic bug fails game after game.
      if (failures.size() < kMaxReplayFiles) {
        std::error_code ec;
        std::filesystem::create_directories(out_dir, ec);
        std::string base =
            (std::filesystem::path(out_dir) / file_name(tg.t.label(), seed)).string();
        std::ofstream spec(base + ".spec");
        spec << game_spec(
            s, from, *r.failure,
            "carcheck fuzz (" + tg.t.label() + ", seed " + std::to_string(seed) + ")");
        std::ofstream game(base + ".game");
        game << to_text(s);
        if (spec && game)
          f.spec_file = base + ".spec";
        else
          std::cerr << "\ncarcheck fuzz: cannot write " << base << ".spec\n";
      }
      if (seen_signatures[signature(tg.rule_set, *r.failure)]++ == 0 && !json_out) {
        if (tty) std::cerr << "\r\033[K";
        std::cerr << "FAIL " << tg.t.label() << ", seed " << seed << ": " << *r.failure
                  << "\n     replay: " << (f.spec_file.empty() ? "(not written)" : f.spec_file)
                  << "\n";
      }
      failures.push_back(f);
    }
    if (std::chrono::duration<double>(Clock::now() - last_progress).count() >= (tty ? 0.2 : 5.0)) {
      progress(false);
      last_progress = Clock::now();
    }
  }
  progress(true);
  double total = elapsed();

  if (json_out) {
    json::Writer w(std::cout);
    auto events = [&](const Totals& t) {
      w.key("events").begin_object();
      for (int k = 0; k < kEventKinds; ++k)
        w.key(event_name(static_cast<EventKind>(k)))
            .value(static_cast<long long>(t.events[static_cast<size_t>(k)]));
      w.end_object();
    };
    w.begin_object();
    w.key("games")
        .value(static_cast<long long>(all.games))
        .key("actions")
        .value(static_cast<long long>(all.actions));
    w.key("milliseconds").value(static_cast<long long>(total * 1000));
    w.key("games_per_second")
        .value(static_cast<long long>(total > 0 ? static_cast<double>(all.games) / total : 0));
    w.key("failures").value(static_cast<long long>(all.failures));
    events(all);
    w.key("rule_sets").begin_array();
    for (const auto& [name, t] : per_rule_set) {
      w.begin_object().key("rules").value(name).key("games").value(static_cast<long long>(t.games));
      w.key("actions").value(static_cast<long long>(t.actions));
      w.key("games_per_second")
          .value(
              static_cast<long long>(t.seconds > 0 ? static_cast<double>(t.games) / t.seconds : 0));
      w.key("failures").value(static_cast<long long>(t.failures));
      events(t);
      w.end_object();
    }
    w.end_array();
    w.key("failed_games").begin_array();
    for (const Failure& f : failures) {
      w.begin_object().key("target").value(f.target).key("seed").value(
          static_cast<unsigned long long>(f.seed));
      w.key("message").value(f.message);
      if (f.spec_file.empty())
        w.key("spec").null();
      else
        w.key("spec").value(f.spec_file);
      w.end_object();
    }
    w.end_array().end_object();
    std::cout << "\n";
  } else {
    std::cout << std::fixed << std::setprecision(1) << "fuzz: " << all.games << " games, "
              << all.actions << " actions in " << total << " s (" << std::setprecision(0)
              << (total > 0 ? static_cast<double>(all.games) / total : 0.0) << " games/s), "
              << all.failures << " failure(s)\n";
    for (const auto& [name, t] : per_rule_set) {
      int64_t hounds = t.events[static_cast<size_t>(EventKind::HoundPlaced)];
      int64_t won = t.events[static_cast<size_t>(EventKind::GameWon)];
      std::cout << "  " << std::left << std::setw(9) << name << std::right << std::setw(8)
                << t.games << " games " << std::setw(10) << t.actions << " actions " << std::setw(7)
                << (t.seconds > 0 ? static_cast<double>(t.games) / t.seconds : 0.0) << " games/s";
      if (name.rfind("mists", 0) == 0) std::cout << "  won " << won << ", hounds placed " << hounds;
      if (t.failures) std::cout << "  FAILURES " << t.failures;
      std::cout << "\n";
    }
    if (!failures.empty())
      std::cout << "failing games written to " << out_dir
                << "/ (a .spec and a .game each, the first " << kMaxReplayFiles << " at most)\n";
  }
  return failures.empty() ? 0 : 1;
}

}  // namespace carcheck
