// The simulation's runner (sim/runner.h).
#include "sim/runner.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

namespace carcheck {

static_assert(static_cast<int>(EndReason::AllTilesPlayed) + 1 == kEndReasons);

GameFigures figures_of(const State& s) {
  GameFigures g;
  auto& v = g.value;
  v[kTurns] = s.turn();
  g.reason = static_cast<int>(s.end_reason());
  if (s.game().is_mists()) {
    v[kWon] = s.won() ? 1 : 0;
    v[kScore] = s.shared_score();
  } else {
    int top = 0, low = 0, at_top = 0;
    for (int p = 0; p < s.score_count(); ++p) {
      const int t = s.score(p).total;
      g.seat[static_cast<size_t>(p)] = t;
      if (p == 0 || t > top) top = t, at_top = 0;
      if (p == 0 || t < low) low = t;
      at_top += t == top;
    }
    v[kScore] = top;
    v[kSpread] = top - low;
    v[kTie] = at_top > 1 ? 1 : 0;
  }
  return g;
}

namespace {

// One game of `g` from `seed`, played by the plan's policy; its figures.
GameFigures play_one(const Game& g, const PolicySpec& policy, uint64_t seed) {
  State s(g, seed);
  Rng rng(policy_seed(seed));
  const Choose choose = policy_choice(policy, rng);
  GameFigures out;
  std::array<int64_t, kEventKindCount> events{};
  auto count = [&]() {
    for (const Event& e : s.events()) ++events[static_cast<size_t>(e.kind)];
  };
  auto legal = std::make_unique<ActionList>();
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      const size_t before = s.history().size();
      s.apply_random_draw();
      if (s.history().size() == before)
        throw std::logic_error("a chance node with nothing to draw");
    } else {
      s.legal_actions(*legal);
      if (legal->size == 0)
        throw std::logic_error(std::string("no legal action in phase ") + phase_name(s.phase()));
      s.apply_legal(choose(s, *legal));
    }
    count();
  }
  out = figures_of(s);
  for (int k = 0; k < kEventKindCount; ++k)
    out.value[static_cast<size_t>(kFixedFigures + k)] = events[static_cast<size_t>(k)];
  return out;
}

}  // namespace

SimResult run_plan(const SimPlan& plan, int jobs, const SimProgress& progress,
                   const std::atomic<bool>* stop) {
  const SimOptions& o = plan.options;
  // The shard's game indices: i % shards == shard - 1.
  std::vector<int64_t> indices;
  for (int64_t i = o.shard - 1; i < o.games; i += o.shards) indices.push_back(i);
  const int64_t per_group = static_cast<int64_t>(indices.size());
  const int64_t items = per_group * static_cast<int64_t>(plan.groups.size());
  const size_t readings = plan.readings.size();

  auto empty = [&]() {
    return std::vector<std::vector<Totals>>(plan.groups.size(), std::vector<Totals>(readings));
  };
  std::atomic<int64_t> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex merge;
  SimResult result;
  result.totals = empty();

  auto worker = [&]() {
    auto mine = empty();
    std::vector<GameFigures> figs(readings);
    try {
      for (int64_t item; (item = next++) < items;) {
        if (failed || (stop && *stop)) break;
        const size_t group = static_cast<size_t>(item / per_group);
        const uint64_t seed = game_seed(o.seed, indices[static_cast<size_t>(item % per_group)]);
        for (size_t r = 0; r < readings; ++r)
          figs[r] = play_one(*plan.groups[group].games[r], o.policy, seed);
        for (size_t r = 0; r < readings; ++r) mine[group][r].add(figs[r], figs[0]);
        ++done;
      }
    } catch (...) {
      std::lock_guard lock(merge);
      if (!error) error = std::current_exception();
      failed = true;
    }
    std::lock_guard lock(merge);
    for (size_t g = 0; g < mine.size(); ++g)
      for (size_t r = 0; r < readings; ++r) result.totals[g][r].add(mine[g][r]);
  };

  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&]() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < std::max(1, jobs); ++j) threads.emplace_back(worker);
  for (int tick = 1; done < items && !failed && !(stop && *stop); ++tick) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (progress && tick % 20 == 0)
      progress(done * static_cast<int64_t>(readings), items * static_cast<int64_t>(readings),
               elapsed());
  }
  for (std::thread& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  result.seconds = elapsed();
  result.games_played = done * static_cast<int64_t>(readings);
  result.partial = done < items;
  if (progress)
    progress(result.games_played, items * static_cast<int64_t>(readings), result.seconds);
  return result;
}

}  // namespace carcheck
