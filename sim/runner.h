// Plays a plan's games on N threads. A work item is one game index of one group, played under
// every reading with the same seed; its figures go into per-thread whole-number totals, which
// add up to the same result for any N.
#pragma once

#include <atomic>
#include <functional>
#include <vector>

#include "sim/plan.h"
#include "sim/stats.h"

namespace carcheck {

struct SimResult {
  // totals[group][reading], the plan's order.
  std::vector<std::vector<Totals>> totals;
  int64_t games_played = 0;  // over every cell
  double seconds = 0;
  bool partial = false;  // stopped before every game was played
};

// Called now and then from the main thread with the games played so far and in all.
using SimProgress = std::function<void(int64_t done, int64_t total, double seconds)>;

// The figures of one finished game.
GameFigures figures_of(const State& s);

// `jobs` threads (at least 1). `stop`, when set, ends the run early (then `partial`).
SimResult run_plan(const SimPlan& plan, int jobs, const SimProgress& progress = {},
                   const std::atomic<bool>* stop = nullptr);

}  // namespace carcheck
