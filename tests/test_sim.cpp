// The simulation room (sim/): cells and readings, the runner (identical for any --jobs and any
// shard split), the statistics, the merge of shards, and `carcheck simulate` / `carcheck merge`
// from the outside, bad input included.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "dsl/level_loader.h"
#include "sim/plan.h"
#include "sim/report.h"
#include "sim/runner.h"
#include "test_support.h"

namespace carcheck {
namespace {

namespace fs = std::filesystem;

SimOptions mists_options(std::vector<int> levels, std::vector<int> players, int64_t games) {
  SimOptions o;
  o.rules = "mists";
  o.levels = std::move(levels);
  o.players = std::move(players);
  o.games = games;
  o.seed = 11;
  o.policy = *parse_policy("greedy");
  return o;
}

std::string json_text(const SimPlan& plan, const SimResult& r) {
  std::ostringstream out;
  write_sim_json(out, sim_json(plan, r));
  return out.str();
}

// ---- Statistics ------------------------------------------------------------------------------

// Wilson 95% intervals worked out by hand (z = 1.96): 0 of 10 gives centre
// (z^2/20)/(1 + z^2/10) = 0.1388 and the same half-width, so [0, 0.2775]; 5 of 10 gives
// 0.5 +- 1.96 sqrt(0.025 + z^2/400)/(1 + z^2/10) = 0.5 +- 0.2634.
TEST(SimStats, WilsonInterval) {
  Interval none = wilson(0, 10);
  EXPECT_DOUBLE_EQ(none.mean, 0);
  EXPECT_NEAR(none.lo, 0, 1e-9);
  EXPECT_NEAR(none.hi, 0.2775, 1e-4);
  Interval half = wilson(5, 10);
  EXPECT_NEAR(half.lo, 0.2366, 1e-4);
  EXPECT_NEAR(half.hi, 0.7634, 1e-4);
  Interval all = wilson(10, 10);
  EXPECT_NEAR(all.lo, 1 - 0.2775, 1e-4);
  EXPECT_NEAR(all.hi, 1, 1e-9);
}

// Values 1, 2, 3, 4: mean 2.5, sample sd sqrt(5/3) = 1.2910, half-width 1.96 * 1.2910 / 2.
TEST(SimStats, MeanInterval) {
  Interval m = mean_interval(1 + 2 + 3 + 4, 1 + 4 + 9 + 16, 4);
  EXPECT_DOUBLE_EQ(m.mean, 2.5);
  EXPECT_NEAR(std_dev(10, 30, 4), 1.2910, 1e-4);
  EXPECT_NEAR(m.hi - m.mean, 1.959964 * 1.2910 / 2, 1e-3);
}

// ---- Plan --------------------------------------------------------------------------------------

// --compare: every combination of the switches' values, the defaults first (levels.yaml lists
// coop-scoring per-colour|majority and hound-trigger on-placement|when-surrounded).
TEST(SimPlan, CompareIsEveryCombinationDefaultsFirst) {
  SimOptions o = mists_options({3}, {2}, 1);
  o.compare = {"coop-scoring", "hound-trigger"};
  SimPlan plan = make_plan(Library::shipped(), o);
  ASSERT_EQ(plan.readings.size(), 4u);
  EXPECT_EQ(plan.readings[0], "coop-scoring=per-colour hound-trigger=on-placement");
  EXPECT_EQ(plan.readings[3], "coop-scoring=majority hound-trigger=when-surrounded");
  ASSERT_EQ(plan.groups.size(), 1u);
  EXPECT_EQ(plan.groups[0].games.size(), 4u);
  EXPECT_TRUE(plan.cooperative);
  EXPECT_TRUE(plan.reconstructed_geometry);  // tiles.yaml: the Mists set is reconstructed
}

TEST(SimPlan, AllLevelsAndPlayerCounts) {
  SimOptions o = mists_options({}, {}, 1);
  SimPlan plan = make_plan(Library::shipped(), o);
  // levels.yaml: Mists Levels 1-6, each for 1-5 players.
  EXPECT_EQ(plan.groups.size(), 30u);
  EXPECT_EQ(plan.groups.front().rule_set, "mists-1");
  EXPECT_EQ(plan.groups.back().rule_set, "mists-6");
}

// The engine refuses bcb with a first-edition farm scoring (castle-farm-edition=refuse: the
// seeds value a castle only against the third edition); simulate passes the engine's own
// refusal on, as for any game the engine refuses.
TEST(SimPlan, TheEnginesRefusalStands) {
  SimOptions o;
  o.rules = "bcb";
  o.players = {2};
  o.variants = {"farm-scoring=first-edition"};
  std::string engine_reason;
  try {
    const Library& lib = Library::shipped();
    for (RuleSet r : lib.rule_sets)
      if (r.name == "bcb") {
        select_variant(r, "farm-scoring=first-edition");
        Game probe(r, lib.tile_sets, 2);
      }
  } catch (const std::invalid_argument& e) {
    engine_reason = e.what();
  }
  ASSERT_FALSE(engine_reason.empty());
  try {
    make_plan(Library::shipped(), o);
    FAIL() << "bcb was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), engine_reason);
  }
}

// ---- Runner -------------------------------------------------------------------------------------

TEST(SimRunner, IdenticalForAnyNumberOfJobs) {
  SimOptions o = mists_options({1, 2}, {2, 3}, 6);
  o.compare = {"coop-scoring"};
  SimPlan plan = make_plan(Library::shipped(), o);
  const SimResult one = run_plan(plan, 1);
  const SimResult two = run_plan(plan, 2);
  const SimResult five = run_plan(plan, 5);
  EXPECT_EQ(one.totals, two.totals);
  EXPECT_EQ(one.totals, five.totals);
  EXPECT_EQ(json_text(plan, one), json_text(plan, two));
  EXPECT_EQ(one.games_played, 2 * 2 * 2 * 6);
  EXPECT_FALSE(one.partial);
}

// Common random numbers: game i has the same seed under every reading. Level 1 has no hounds
// (levels.yaml mists-1: hounds none), so hound-trigger cannot change a Level 1 game: both
// readings play the very same games, every paired difference is exactly 0.
TEST(SimRunner, ReadingsShareTheirGames) {
  SimOptions o = mists_options({1}, {2}, 8);
  o.compare = {"hound-trigger"};
  SimPlan plan = make_plan(Library::shipped(), o);
  const SimResult r = run_plan(plan, 2);
  const Totals& a = r.totals[0][0];
  const Totals& b = r.totals[0][1];
  EXPECT_EQ(a.sum, b.sum);
  EXPECT_EQ(a.sumsq, b.sumsq);
  for (int64_t d : b.dsum) EXPECT_EQ(d, 0);
  for (int64_t d : b.dsumsq) EXPECT_EQ(d, 0);
  EXPECT_EQ(a.games, 8);
}

// Shards split the game indices; merged, their totals and JSON are the unsharded run's.
TEST(SimRunner, ShardsMergeIntoTheWholeRun) {
  SimOptions o = mists_options({2}, {1, 2}, 7);
  SimPlan whole = make_plan(Library::shipped(), o);
  const std::string expected = json_text(whole, run_plan(whole, 2));
  std::vector<SimJson> shards;
  for (int k = 1; k <= 3; ++k) {
    SimOptions ok = o;
    ok.shard = k, ok.shards = 3;
    SimPlan p = make_plan(Library::shipped(), ok);
    shards.push_back(sim_json(p, run_plan(p, 1)));
  }
  std::ostringstream merged;
  write_sim_json(merged, merge_sim_json({shards[2], shards[0], shards[1]}, {"c", "a", "b"}));
  EXPECT_EQ(merged.str(), expected);

  // Refused: a shard missing, a shard twice, a shard of another run (another seed).
  EXPECT_THROW(merge_sim_json({shards[0], shards[1]}, {"a", "b"}), std::invalid_argument);
  EXPECT_THROW(merge_sim_json({shards[0], shards[0], shards[1]}, {"a", "a2", "b"}),
               std::invalid_argument);
  SimJson other = shards[2];
  other["seed"] = 12;
  try {
    merge_sim_json({shards[0], shards[1], other}, {"a", "b", "c"});
    FAIL() << "another seed was merged";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("seed differs"), std::string::npos) << e.what();
  }
}

// Ctrl-C sets the stop flag: the run ends early, says it is partial, and its JSON is refused
// by merge (a partial shard would make a merged run look complete).
TEST(SimRunner, AStoppedRunIsPartial) {
  SimOptions o = mists_options({1}, {2}, 50);
  SimPlan plan = make_plan(Library::shipped(), o);
  std::atomic<bool> stop{true};
  const SimResult r = run_plan(plan, 2, {}, &stop);
  EXPECT_TRUE(r.partial);
  EXPECT_LT(r.games_played, 50);
  const SimJson doc = sim_json(plan, r);
  EXPECT_TRUE(doc.contains("partial"));
  EXPECT_THROW(merge_sim_json({doc}, {"partial.json"}), std::invalid_argument);
}

// ---- The command ----------------------------------------------------------------------------

struct Ran {
  int status = -1;
  std::string out, err;
};

// Runs `carcheck ARGS`; stdout goes to `stdout_file` when given.
Ran run(const std::string& args, const std::string& stdout_file = "") {
  const fs::path base =
      fs::temp_directory_path() / ("carcheck-sim-test-" + std::to_string(::getpid()));
  const std::string out = stdout_file.empty() ? base.string() + ".out" : stdout_file;
  const std::string err = base.string() + ".err";
  const int status =
      std::system((std::string(CARCHECK_BINARY) + " " + args + " > " + out + " 2> " + err).c_str());
  Ran r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, test_support::read_text(out),
        test_support::read_text(err)};
  if (stdout_file.empty()) fs::remove(out);
  fs::remove(err);
  return r;
}

TEST(SimCommand, TableAndJson) {
  Ran t =
      run("simulate --rules mists --level 1 --players 2 --games 4 --compare coop-scoring --jobs 2");
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_NE(t.out.find("mists-1"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("coop-scoring=majority"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("reconstructed"), std::string::npos) << t.out;
  Ran j =
      run("simulate --rules mists --level 1 --players 2 --games 4 --compare coop-scoring --json "
          "--jobs 1");
  ASSERT_EQ(j.status, 0) << j.err;
  const SimJson doc = SimJson::parse(j.out);
  ASSERT_EQ(doc["cells"].size(), 2u);
  EXPECT_EQ(doc["cells"][0]["games"], 4);
  EXPECT_TRUE(doc["cells"][1]["stats"].contains("vs_default"));
  Ran j2 =
      run("simulate --rules mists --level 1 --players 2 --games 4 --compare coop-scoring --json "
          "--jobs 2");
  EXPECT_EQ(j.out, j2.out);
  Ran c = run("simulate --rules base-c1 --players 2 --games 2 --csv");
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.out.rfind("rule_set,level,players,reading,games,top_score_mean", 0), 0u) << c.out;
  EXPECT_EQ(std::count(c.out.begin(), c.out.end(), '\n'), 2);
}

// Bad input: one line saying why (and the hint to --help), exit 2, nothing written.
TEST(SimCommand, BadInput) {
  const fs::path html =
      fs::temp_directory_path() / ("carcheck-sim-bad-" + std::to_string(::getpid()) + ".html");
  const std::pair<std::string, std::string> cases[] = {
      {"--policy smart",
       "--policy takes one of random, greedy, greedy-castle-blind, mc, mc-random, not 'smart'"},
      {"--versus smart",
       "--versus takes one of random, greedy, greedy-castle-blind, mc, mc-random, not 'smart'"},
      {"--versus random",
       "--versus seats two policies at one table of rivals; mists-1 is played by one team"},
      {"--level 7", "--level takes a number from 1 to 6, a list (1,3) or all, not '7'"},
      {"--level 1,x", "--level takes a number from 1 to 6, a list (1,3) or all, not '1,x'"},
      {"--compare no-such-switch", "--compare no-such-switch: rule set mists-1 has no such switch"},
      {"--variant coop-scoring=most", "coop-scoring"},
      {"--shard 3/2", "--shard takes K/N with 1 <= K <= N, not '3/2'"},
      {"--shard x", "--shard takes K/N with 1 <= K <= N, not 'x'"},
      {"--json --csv", "--json and --csv both write to stdout: choose one"},
      {"--html /nonexistent-dir/r.html", "--html: cannot write /nonexistent-dir/r.html"},
      {"--compare coop-scoring --variant coop-scoring=majority",
       "--compare coop-scoring and --variant coop-scoring=majority set the same switch"},
  };
  for (const auto& [args, reason] : cases) {
    const std::string level = args.find("--level") == std::string::npos ? "--level 1 " : "";
    Ran r = run("simulate --players 2 --games 1 " + level + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find(reason), std::string::npos) << args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
  // The engine's refusal of a game (bcb with a farm scoring the seeds leave undefined for
  // castles) and of a player count.
  Ran bcb = run("simulate --rules bcb --players 2 --games 1 --variant farm-scoring=first-edition");
  EXPECT_EQ(bcb.status, 2);
  EXPECT_NE(bcb.err.find("carcheck simulate: "), std::string::npos) << bcb.err;
  Ran six = run("simulate --rules mists --level 1 --players 6 --games 1");
  EXPECT_EQ(six.status, 2) << six.err;
}

TEST(SimCommand, MergeRefusesShardsOfDifferentRuns) {
  const fs::path dir =
      fs::temp_directory_path() / ("carcheck-sim-merge-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string a = (dir / "a.json").string(), b = (dir / "b.json").string();
  ASSERT_EQ(run("simulate --level 1 --players 2 --games 3 --shard 1/2 --json --seed 1", a).status,
            0);
  ASSERT_EQ(run("simulate --level 1 --players 2 --games 3 --shard 2/2 --json --seed 2", b).status,
            0);
  Ran m = run("merge " + a + " " + b);
  EXPECT_EQ(m.status, 2);
  EXPECT_NE(m.err.find("seed differs"), std::string::npos) << m.err;
  Ran one = run("merge " + a);
  EXPECT_EQ(one.status, 2);
  EXPECT_NE(one.err.find("shard 2/2 is missing"), std::string::npos) << one.err;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace carcheck
