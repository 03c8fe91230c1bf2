// What a cell's games add up to, as whole numbers only (sums and sums of squares), so that any
// split of the games (threads, shards) adds up to the same totals; and the figures read from
// them: means, Wilson and normal 95% intervals, paired differences.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/action.h"
#include "engine/game.h"

namespace carcheck {

// The figures of one game, by index: the first kFixedFigures, then one per event kind.
enum Figure : int { kWon, kScore, kTurns, kSpread, kTie, kFixedFigures };
inline constexpr int kFigures = kFixedFigures + kEventKindCount;
inline constexpr int kEndReasons = 6;  // EndReason None .. AllTilesPlayed
std::string figure_name(int f);        // "won", "score", ..., "event:scored"

struct GameFigures {
  std::array<int64_t, kFigures> value{};
  std::array<int64_t, kMaxColours> seat{};  // competitive: each seat's final score
  int reason = 0;                           // EndReason
};

struct Totals {
  int64_t games = 0;
  std::array<int64_t, kFigures> sum{}, sumsq{};
  std::array<int64_t, kFigures> dsum{}, dsumsq{};  // against the default reading, same game
  std::array<int64_t, kMaxColours> seat_sum{}, seat_sumsq{};
  std::array<int64_t, kEndReasons> reasons{};
  void add(const GameFigures& g, const GameFigures& base);  // `base`: the default reading's
  void add(const Totals& t);
  friend bool operator==(const Totals&, const Totals&) = default;
};

struct Interval {
  double mean = 0, lo = 0, hi = 0;
};
// Wilson score interval (95%) of `wins` out of `n`.
Interval wilson(int64_t wins, int64_t n);
// Mean of a figure with the normal 95% interval of the mean (t ~ 1.96).
Interval mean_interval(int64_t sum, int64_t sumsq, int64_t n);
double std_dev(int64_t sum, int64_t sumsq, int64_t n);

}  // namespace carcheck
