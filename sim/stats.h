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

// The figures of one game, by index: the first kFixedFigures, then one per event kind, then
// one per score class (the points of that class, every player's together).
// kBazaarPaid: points players paid in bazaars (Bridges, Castles and Bazaars), kBidPoints: the
// sum of the bids made (the selector's opening bids too).
enum Figure : int { kWon, kScore, kTurns, kSpread, kTie, kBazaarPaid, kBidPoints, kFixedFigures };
inline constexpr int kFigures = kFixedFigures + kEventKindCount + kScoreClasses;
constexpr int class_figure(FeatureClass c) {
  return kFixedFigures + kEventKindCount + static_cast<int>(c);
}
inline constexpr int kEndReasons = 6;  // EndReason None .. AllTilesPlayed
std::string figure_name(int f);        // "won", "score", ..., "event:scored", "points:roads"

struct GameFigures {
  std::array<int64_t, kFigures> value{};
  std::array<int64_t, kMaxColours> seat{};  // competitive: each seat's final score
  int reason = 0;                           // EndReason
  // --versus: the final scores of the seats --policy held and of those --versus held.
  std::array<int64_t, 2> side{};
};

struct Totals {
  int64_t games = 0;
  std::array<int64_t, kFigures> sum{}, sumsq{};
  std::array<int64_t, kFigures> dsum{}, dsumsq{};  // against the default reading, same game
  std::array<int64_t, kMaxColours> seat_sum{}, seat_sumsq{};
  std::array<int64_t, kEndReasons> reasons{};
  // --versus: per game index, both seatings together (each seat held once by each policy), D
  // = the policy's seat scores minus the versus policy's; side_sum: each side's scores.
  int64_t pairs = 0, pair_dsum = 0, pair_dsumsq = 0;
  std::array<int64_t, 2> side_sum{};
  void add(const GameFigures& g, const GameFigures& base);  // `base`: the default reading's
  // The two seatings of one game index under --versus (each also add()ed as a game).
  void add_pair(const GameFigures& a, const GameFigures& b);
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
