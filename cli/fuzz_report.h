// What `carcheck fuzz` counts and prints: totals overall and per rule set, the failures, the
// progress line on stderr, the summary as text or JSON.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "checker/play_checked.h"
#include "cli/json.h"

namespace carcheck {

struct FuzzTotals {
  int64_t games = 0, actions = 0, failures = 0;
  double seconds = 0;
  std::array<int64_t, kEventKinds> events{};
  bool cooperative = false;  // Mists: the summary shows games won and hounds placed
  void add(const CheckedGame& g, double game_seconds);
};

struct FuzzFailure {
  std::string target, message;
  std::string spec_file;  // "" when it was not written
  uint64_t seed = 0;
};

// The options that make a run (all but --shard, --out, --json), and its shard.
struct FuzzRunId {
  std::string rules;
  int level = 0, players = 0;
  std::vector<std::string> variants;
  uint64_t seed = 1;
  int64_t games = 0;
  int seconds = 0;
  std::string shard = "1/1";
};

struct FuzzResults {
  FuzzTotals all;
  std::map<std::string, FuzzTotals> per_rule_set;  // "base-c1", "mists-3"
  std::vector<FuzzFailure> failures;
  double seconds = 0;  // wall time of the whole run
  FuzzRunId run;
};

// "fuzz: N games, A actions, G games/s, F failure(s), T s": redrawn in place on a terminal,
// a line every few seconds otherwise.
class FuzzProgress {
 public:
  FuzzProgress();
  double elapsed() const;
  void maybe_show(const FuzzTotals& all);  // when the last line is old enough
  void show(const FuzzTotals& all, bool final_line);
  void clear_line() const;  // before another message on stderr
 private:
  using Clock = std::chrono::steady_clock;
  bool tty_;
  Clock::time_point start_, last_;
};

void print_fuzz_summary(const FuzzResults& r, const std::string& out_dir, size_t max_written);
Json fuzz_json(const FuzzResults& r);
// Shards' --json summaries (any order) into the whole run's: counts added, failed games in
// seed order, the wall time the longest shard's. Throws std::invalid_argument naming what
// keeps them apart (another run, a shard twice or missing).
Json merge_fuzz_json(const std::vector<Json>& shards, const std::vector<std::string>& names);

}  // namespace carcheck
