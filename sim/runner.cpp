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
  if (s.game().cooperative()) {
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
  for (int p = 0; p < s.score_count(); ++p)
    for (int c = 0; c < kScoreClasses; ++c)
      v[static_cast<size_t>(class_figure(static_cast<FeatureClass>(c)))] +=
          s.score(p).points(static_cast<FeatureClass>(c));
  return g;
}

namespace {

// One game of `g` from `seed`, played by the options' policy; its figures. With --versus,
// `seating` 0 gives the even seats to --policy and the odd ones to --versus, 1 the reverse.
// Under --versus each seat has its own generator, the same in both seatings, so that where the
// two policies choose alike (no castle to decide, say) the two seatings play the same game and
// the paired difference holds only what the policies do differently.
GameFigures play_one(const Game& g, const SimOptions& o, uint64_t seed, int seating) {
  State s(g, seed);
  Rng rng(policy_seed(seed));
  std::vector<Rng> seat_rngs;
  Choose choose;
  if (o.versus) {
    seat_rngs.reserve(static_cast<size_t>(g.players()));  // policy_choice keeps a reference
    std::vector<Choose> seats;
    for (int p = 0; p < g.players(); ++p) {
      seat_rngs.emplace_back(versus_seed(seed) ^ static_cast<uint64_t>(p));
      seats.push_back(
          policy_choice((p + seating) % 2 == 0 ? o.policy : *o.versus, seat_rngs.back()));
    }
    choose = seat_choice(std::move(seats));
  } else {
    choose = policy_choice(o.policy, rng);
  }
  GameFigures out;
  std::array<int64_t, kEventKindCount> events{};
  int64_t paid = 0, bids = 0;
  auto count = [&]() {
    for (const Event& e : s.events()) {
      // A room registered outside the engine (engine/room_words.h) plays no simulated rule set;
      // its events, above the engine's, have no figure.
      if (static_cast<size_t>(e.kind) < events.size()) ++events[static_cast<size_t>(e.kind)];
      if (e.kind == EventKind::BazaarPaid && e.value < 0) paid -= e.value;
      if (e.kind == EventKind::BazaarBid) bids += e.value;
    }
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
  out.value[kBazaarPaid] = paid;
  out.value[kBidPoints] = bids;
  if (o.versus)
    for (int p = 0; p < s.score_count(); ++p)
      out.side[static_cast<size_t>((p + seating) % 2)] += s.score(p).total;
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
    std::vector<GameFigures> figs(readings), swapped(readings);
    try {
      for (int64_t item; (item = next++) < items;) {
        if (failed || (stop && *stop)) break;
        const size_t group = static_cast<size_t>(item / per_group);
        const uint64_t seed = game_seed(o.seed, indices[static_cast<size_t>(item % per_group)]);
        for (size_t r = 0; r < readings; ++r) {
          figs[r] = play_one(*plan.groups[group].games[r], o, seed, 0);
          if (o.versus) swapped[r] = play_one(*plan.groups[group].games[r], o, seed, 1);
        }
        for (size_t r = 0; r < readings; ++r) {
          mine[group][r].add(figs[r], figs[0]);
          if (!o.versus) continue;
          mine[group][r].add(swapped[r], swapped[0]);
          mine[group][r].add_pair(figs[r], swapped[r]);
        }
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
      progress(done * static_cast<int64_t>(readings) * (o.versus ? 2 : 1),
               items * static_cast<int64_t>(readings) * (o.versus ? 2 : 1), elapsed());
  }
  for (std::thread& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  result.seconds = elapsed();
  const int64_t per_item = static_cast<int64_t>(readings) * (o.versus ? 2 : 1);
  result.games_played = done * per_item;
  result.partial = done < items;
  if (progress) progress(result.games_played, items * per_item, result.seconds);
  return result;
}

}  // namespace carcheck
