// `carcheck simulate`: many games played by a policy in every cell (rule set x level x players
// x reading), with the statistics of sim/ as a text table, JSON, CSV or an HTML page.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/output_file.h"
#include "cli/usage.h"
#include "sim/plan.h"
#include "sim/report.h"
#include "sim/runner.h"

namespace carcheck {

namespace {

constexpr const char* kAbout =
    "play many games with a policy and measure what a rule reading does to the game\n"
    "\n"
    "Plays --games games in every cell: each rule set and level, each player count, each\n"
    "reading (the defaults, or with --compare every combination of the values of the switches\n"
    "named). Game i has the same seed in every cell and reading, so the readings are compared\n"
    "on the same shuffled tiles and the same choices of chance (paired differences). Every seat\n"
    "plays the same policy: random; greedy (one ply: each legal action tried on a copy of the\n"
    "game and rated by points, ghost supply margin, ghosts on the board, meeples kept and out,\n"
    "the threat of a pile running out short; competitive: own score minus the best opponent's,\n"
    "castles still to score, bridges kept; a bazaar's tiles by their best placement, see\n"
    "docs/simulate.md); greedy-castle-blind (greedy that never builds a castle); mc (flat\n"
    "Monte Carlo: greedy's best --width actions each played out --playouts times by greedy,\n"
    "best mean result; slow) or mc-random (the playouts by random play). --versus P seats two\n"
    "policies at one table (even seats --policy, odd seats P) and plays game i again from the\n"
    "same seed with the seats swapped: the paired difference (policy minus P, per seat and\n"
    "game) with its 95% interval. Statistics per cell: Mists win rate with its Wilson 95%\n"
    "interval, loss reasons, score, turns; competitive score per seat, top score, spread, ties;\n"
    "every event kind's frequency and every score class's points per game; Bridges, Castles\n"
    "and Bazaars: castles, castle points, bridges, bazaar points paid, bids; with --compare the\n"
    "difference to the default reading with its 95% interval.\n";

constexpr const char* kFooter =
    "Results are identical for any --jobs. A progress line goes to stderr for runs over a second;\n"
    "Ctrl-C stops and writes what was played, marked partial. Exit status: 0 done, 1 stopped\n"
    "early (partial), 2 bad usage.";

struct SimulateOptions {
  SimOptions sim;
  std::string levels = "all", players = "all", policy = "greedy", versus, shard = "1/1";
  std::string html;
  int jobs = 0;  // 0: every core
  bool json = false, csv = false;
};

std::atomic<bool> g_stop{false};
extern "C" void on_interrupt(int) { g_stop = true; }

// "all", one number or a comma-separated list, each from lo to hi.
std::vector<int> number_list(const std::string& option, const std::string& text, int lo, int hi) {
  std::vector<int> out;
  if (text == "all") return out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    size_t used = 0;
    int n = 0;
    try {
      n = std::stoi(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (item.empty() || used != item.size() || n < lo || n > hi)
      throw UsageError(fmt::format("{} takes a number from {} to {}, a list (1,3) or all, not '{}'",
                                   option, lo, hi, text));
    out.push_back(n);
  }
  if (out.empty())
    throw UsageError(fmt::format("{} takes a number, a list (1,3) or all, not '{}'", option, text));
  return out;
}

// The progress line: games played, rate, time left; only once the run takes over a second.
class SimProgressLine {
 public:
  void operator()(int64_t done, int64_t total, double seconds) {
    if (seconds < 1.0) return;
    const bool tty = isatty(STDERR_FILENO);
    if (!tty && seconds - last_ < 5.0 && done < total) return;
    last_ = seconds;
    const double rate = done / seconds;
    const double left = rate > 0 ? (total - done) / rate : 0;
    const std::string line = fmt::format("simulate: {}/{} games, {:.1f} games/s, {:.0f} s left",
                                         done, total, rate, left);
    if (tty)
      fmt::print(stderr, "\r{}\033[K", line);
    else
      fmt::print(stderr, "{}\n", line);
    shown_ = tty;
  }
  void end() {
    if (shown_) fmt::print(stderr, "\n");
  }

 private:
  double last_ = -10;
  bool shown_ = false;
};

int simulate(SimulateOptions& o) {
  if (o.json && o.csv) throw UsageError("--json and --csv both write to stdout: choose one");
  const std::optional<PolicySpec> policy = parse_policy(o.policy);
  if (!policy)
    throw UsageError(fmt::format("--policy takes one of {}, not '{}'", kPolicyNames, o.policy));
  const int playouts = o.sim.policy.playouts, width = o.sim.policy.width;
  o.sim.policy = *policy;
  o.sim.policy.playouts = playouts;
  o.sim.policy.width = width;
  if (!o.versus.empty()) {
    const std::optional<PolicySpec> versus = parse_policy(o.versus);
    if (!versus)
      throw UsageError(fmt::format("--versus takes one of {}, not '{}'", kPolicyNames, o.versus));
    o.sim.versus = *versus;
    o.sim.versus->playouts = playouts;
    o.sim.versus->width = width;
  }
  o.sim.levels = number_list("--level", o.levels, 1, 6);
  o.sim.players = number_list("--players", o.players, 1, kMaxColours);
  std::tie(o.sim.shard, o.sim.shards) = parse_shard(o.shard);
  SimPlan plan;
  try {
    plan = make_plan(Library::shipped(), o.sim);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (!o.html.empty()) check_writable("--html", o.html);
  const int jobs =
      o.jobs > 0 ? o.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  SimProgressLine line;
  g_stop = false;
  auto previous = std::signal(SIGINT, on_interrupt);
  const SimResult result = run_plan(
      plan, jobs, [&](int64_t d, int64_t t, double s) { line(d, t, s); }, &g_stop);
  std::signal(SIGINT, previous);
  line.end();
  const SimJson doc = sim_json(plan, result);
  if (o.json)
    write_sim_json(std::cout, doc);
  else if (o.csv)
    write_sim_csv(std::cout, doc);
  else
    write_sim_text(std::cout, doc);
  if (!o.html.empty()) {
    std::ostringstream page;
    write_sim_html(page, doc);
    write_file_whole(o.html, page.str());
  }
  if (!o.json && !o.csv)
    fmt::print("{} games in {:.1f} s ({:.3g} games/s, {} jobs)\n", result.games_played,
               result.seconds, result.seconds > 0 ? result.games_played / result.seconds : 0.0,
               jobs);
  return result.partial ? 1 : 0;
}

}  // namespace

CommandRun add_simulate_command(Command& carcheck) {
  auto o = std::make_shared<SimulateOptions>();
  Command cmd = carcheck.subcommand("simulate", kAbout);
  cmd.option("--rules", o->sim.rules,
             "a rule set of levels.yaml (base-c1, pnp-demo) or mists (default)")
      .type_name("R");
  cmd.option("--level", o->levels, "Mists levels: one (3), a list (1,3,5) or all (default)")
      .type_name("L");
  cmd.option("--players", o->players,
             "player counts: one, a list (2,4) or all the rule set allows (default)")
      .type_name("N");
  add_int64_option(cmd, "--games", o->sim.games, 1, 100000000, "N",
                   "games in every cell (default 100)");
  cmd.option("--policy", o->policy,
             "who plays: random, greedy (default), greedy-castle-blind, mc, mc-random")
      .type_name("P");
  cmd.option("--versus", o->versus,
             "seat policy P against --policy, every game in both seatings (paired)")
      .type_name("P");
  add_int_option(cmd, "--playouts", o->sim.policy.playouts, 1, 100000, "K",
                 "mc: playouts per candidate (16)");
  add_int_option(cmd, "--width", o->sim.policy.width, 1, 4096, "W",
                 "mc: candidates played out, greedy's best (4)");
  add_variant_option(cmd, o->sim.variants, "select a rule variant in every cell (repeatable)");
  cmd.option("--compare", o->sim.compare,
             "compare every value of switch K (repeatable: every combination of values)")
      .allow_extra_args(false)
      .type_name("K");
  add_seed_option(cmd, o->sim.seed, "seed of the run (default 1); game i's seed derives from it");
  add_int_option(cmd, "--jobs", o->jobs, 1, 1024, "N", "threads (default: every core)");
  cmd.option("--shard", o->shard, "play shard K of N: the games i with i % N == K - 1 (merge them)")
      .type_name("K/N");
  add_json_flag(cmd, o->json, "the results as one JSON document on stdout");
  cmd.flag("--csv", o->csv, "the results as CSV on stdout, a row a cell").disable_flag_override();
  cmd.option("--html", o->html, "also write an HTML page with charts to FILE").type_name("FILE");
  cmd.footer(kFooter);
  return [o] { return simulate(*o); };
}

}  // namespace carcheck
