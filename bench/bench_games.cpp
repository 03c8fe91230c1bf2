// Throughput of the engine: whole random games per rule set (games/s) and one base-c1 turn
// on a mid-game board. Choices are uniform among legal_actions with a seeded Rng, exactly as
// checker/policies.cpp play_random; the shipped data is loaded once, outside the timed loops.
//
//   carcheck_bench --benchmark_min_time=2       (pin to one core: taskset -c 0)
#include <benchmark/benchmark.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "checker/policies.h"
#include "dsl/library.h"
#include "gamelog/log_write.h"
#include "gamelog/replay.h"

namespace carcheck {
namespace {

std::unique_ptr<Game> game_for(const std::string& rules, int level, int players) {
  GameOptions o;
  o.rules = rules;
  o.level = level;
  o.players = players;
  return make_game(Library::shipped(), o);
}

// One whole random game per iteration; a new seed each time so the games differ.
void BM_Game(benchmark::State& state, const std::string& rules, int level, int players) {
  const std::unique_ptr<Game> game = game_for(rules, level, players);
  uint64_t seed = 1;
  int64_t turns = 0;
  for (auto _ : state) {
    State s(*game, seed);
    Rng chooser(seed * 0x9E3779B97F4A7C15ull + 7);
    play_random(s, chooser);
    turns += s.turn();
    benchmark::DoNotOptimize(s.score(0).total);
    ++seed;
  }
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["turns/game"] = benchmark::Counter(
      static_cast<double>(turns) / static_cast<double>(std::max<int64_t>(1, state.iterations())));
}

// Plays random choices until the game reaches `turn` and waits for a tile to be placed.
State mid_game(const Game& game, uint64_t seed, int turn) {
  State s(game, seed);
  Rng chooser(seed);
  ActionList legal;
  while (!s.is_terminal() && !(s.turn() >= turn && s.phase() == Phase::Place)) {
    if (s.is_chance()) {
      s.apply_random_draw();
      continue;
    }
    s.legal_actions(legal);
    if (auto why = s.apply(random_action(s, legal, chooser)))
      throw std::logic_error("a legal action was refused: " + *why);
  }
  if (s.is_terminal()) throw std::logic_error("the game ended before the requested turn");
  return s;
}

// One turn on a mid-game base-c1 board (turn 35 of about 71): legal placements, a random
// placement applied, the meeple choice listed and applied (scoring happens there). Copies of
// the board are made in batches outside the timing.
void BM_BaseTurn(benchmark::State& state) {
  const std::unique_ptr<Game> game = game_for("base-c1", 0, 2);
  const State start = mid_game(*game, 42, 35);
  constexpr size_t kBatch = 256;
  std::vector<State> batch;
  batch.reserve(kBatch);
  size_t next = kBatch;
  Rng chooser(7);
  ActionList legal;
  int64_t placements = 0;
  for (auto _ : state) {
    if (next == kBatch) {
      state.PauseTiming();
      batch.clear();
      for (size_t i = 0; i < kBatch; ++i) batch.push_back(start);
      next = 0;
      state.ResumeTiming();
    }
    State& s = batch[next++];
    s.legal_actions(legal);
    placements += legal.size;
    s.apply(legal.items[chooser.below(static_cast<uint32_t>(legal.size))]);
    s.legal_actions(legal);
    s.apply(legal.items[chooser.below(static_cast<uint32_t>(legal.size))]);
    benchmark::DoNotOptimize(s.phase());
  }
  state.counters["turns/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["placements"] =
      benchmark::Counter(static_cast<double>(placements) /
                         static_cast<double>(std::max<int64_t>(1, state.iterations())));
}

// Only the placement generator on the same board (const: no copies needed).
void BM_BaseLegalPlacements(benchmark::State& state) {
  const std::unique_ptr<Game> game = game_for("base-c1", 0, 2);
  const State s = mid_game(*game, 42, 35);
  ActionList legal;
  for (auto _ : state) {
    s.legal_actions(legal);
    benchmark::DoNotOptimize(legal.size);
  }
  state.counters["calls/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// `carcheck replay`'s work per logged game (docs/game-log.md): a line read (JSON) and its
// game replayed through the rules, turn by turn. The logs are carcheck's own random games.
void BM_ReplayLog(benchmark::State& state, const std::string& rules, int level) {
  const std::unique_ptr<Game> game = game_for(rules, level, 2);
  std::vector<std::string> lines;
  for (uint64_t seed = 1; seed <= 64; ++seed) {
    State s(*game, seed);
    Rng chooser(seed);
    play_random(s, chooser);
    lines.push_back(write_game_log(s));
  }
  size_t i = 0;
  for (auto _ : state) {
    LogError error;
    std::optional<GameLog> log = read_game_log(lines[i++ % lines.size()], 1, error);
    if (!log) throw std::logic_error(error.text());
    ReplayResult r = replay_log(*log, *game, {});
    if (!r.agrees()) throw std::logic_error("a logged game disagrees");
    benchmark::DoNotOptimize(r.turns);
  }
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(BM_Game, base_c1_2p, std::string("base-c1"), 0, 2);
BENCHMARK_CAPTURE(BM_Game, bcb_2p, std::string("bcb"), 0, 2);
BENCHMARK_CAPTURE(BM_ReplayLog, base_c1_2p, std::string("base-c1"), 0);
BENCHMARK_CAPTURE(BM_ReplayLog, bcb_2p, std::string("bcb"), 0);
BENCHMARK_CAPTURE(BM_Game, pnp_demo_2p, std::string("pnp-demo"), 0, 2);
BENCHMARK_CAPTURE(BM_Game, mists1_2p, std::string("mists"), 1, 2);
BENCHMARK_CAPTURE(BM_Game, mists2_2p, std::string("mists"), 2, 2);
BENCHMARK_CAPTURE(BM_Game, mists3_2p, std::string("mists"), 3, 2);
BENCHMARK_CAPTURE(BM_Game, mists4_2p, std::string("mists"), 4, 2);
BENCHMARK_CAPTURE(BM_Game, mists5_2p, std::string("mists"), 5, 2);
BENCHMARK_CAPTURE(BM_Game, mists6_2p, std::string("mists"), 6, 2);
BENCHMARK_CAPTURE(BM_Game, mists3_1p, std::string("mists"), 3, 1);
BENCHMARK_CAPTURE(BM_Game, mists3_5p, std::string("mists"), 3, 5);
BENCHMARK_CAPTURE(BM_Game, base_inns_2p, std::string("base-inns"), 0, 2);
BENCHMARK_CAPTURE(BM_Game, base_river_2p, std::string("base-river"), 0, 2);
BENCHMARK_CAPTURE(BM_Game, bcb_river_2p, std::string("bcb-river"), 0, 2);
BENCHMARK_CAPTURE(BM_Game, base_river_inns_2p, std::string("base-river-inns"), 0, 2);
// The same games, a fixed count (seeds 1-300), for instruction counts that compare across
// binaries: valgrind --tool=callgrind carcheck_bench --benchmark_filter=base_c1_2p_300
BENCHMARK_CAPTURE(BM_Game, base_c1_2p_300, std::string("base-c1"), 0, 2)->Iterations(300);
BENCHMARK_CAPTURE(BM_Game, bcb_2p_300, std::string("bcb"), 0, 2)->Iterations(300);
BENCHMARK_CAPTURE(BM_Game, pnp_demo_2p_300, std::string("pnp-demo"), 0, 2)->Iterations(300);
BENCHMARK_CAPTURE(BM_Game, mists3_2p_300, std::string("mists"), 3, 2)->Iterations(300);
BENCHMARK_CAPTURE(BM_Game, mists6_2p_300, std::string("mists"), 6, 2)->Iterations(300);
BENCHMARK_CAPTURE(BM_Game, base_inns_2p_300, std::string("base-inns"), 0, 2)->Iterations(300);
BENCHMARK_CAPTURE(BM_Game, base_river_2p_300, std::string("base-river"), 0, 2)->Iterations(300);
BENCHMARK_CAPTURE(BM_Game, base_river_inns_2p_300, std::string("base-river-inns"), 0, 2)
    ->Iterations(300);
BENCHMARK(BM_BaseTurn);
BENCHMARK(BM_BaseLegalPlacements);

}  // namespace
}  // namespace carcheck
