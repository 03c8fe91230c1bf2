// Whole-number totals and the figures read from them (sim/stats.h).
#include "sim/stats.h"

#include <cmath>

namespace carcheck {

namespace {
constexpr double kZ95 = 1.959963984540054;  // two-sided 95% normal quantile
}

std::string figure_name(int f) {
  switch (f) {
    case kWon:
      return "won";
    case kScore:
      return "score";
    case kTurns:
      return "turns";
    case kSpread:
      return "spread";
    case kTie:
      return "tie";
    case kBazaarPaid:
      return "bazaar-paid";
    case kBidPoints:
      return "bid-points";
    default:
      if (f >= class_figure(FeatureClass::Road))
        return std::string("points:") +
               score_class_label(static_cast<FeatureClass>(f - class_figure(FeatureClass::Road)));
      return std::string("event:") + event_name(static_cast<EventKind>(f - kFixedFigures));
  }
}

void Totals::add(const GameFigures& g, const GameFigures& base) {
  ++games;
  for (int f = 0; f < kFigures; ++f) {
    const int64_t v = g.value[static_cast<size_t>(f)];
    const int64_t d = v - base.value[static_cast<size_t>(f)];
    sum[static_cast<size_t>(f)] += v;
    sumsq[static_cast<size_t>(f)] += v * v;
    dsum[static_cast<size_t>(f)] += d;
    dsumsq[static_cast<size_t>(f)] += d * d;
  }
  for (size_t p = 0; p < g.seat.size(); ++p) {
    seat_sum[p] += g.seat[p];
    seat_sumsq[p] += g.seat[p] * g.seat[p];
  }
  ++reasons[static_cast<size_t>(g.reason)];
}

void Totals::add_pair(const GameFigures& a, const GameFigures& b) {
  const int64_t mine = a.side[0] + b.side[0], theirs = a.side[1] + b.side[1];
  ++pairs;
  pair_dsum += mine - theirs;
  pair_dsumsq += (mine - theirs) * (mine - theirs);
  side_sum[0] += mine;
  side_sum[1] += theirs;
}

void Totals::add(const Totals& t) {
  games += t.games;
  pairs += t.pairs;
  pair_dsum += t.pair_dsum;
  pair_dsumsq += t.pair_dsumsq;
  side_sum[0] += t.side_sum[0];
  side_sum[1] += t.side_sum[1];
  for (size_t f = 0; f < sum.size(); ++f) {
    sum[f] += t.sum[f];
    sumsq[f] += t.sumsq[f];
    dsum[f] += t.dsum[f];
    dsumsq[f] += t.dsumsq[f];
  }
  for (size_t p = 0; p < seat_sum.size(); ++p) {
    seat_sum[p] += t.seat_sum[p];
    seat_sumsq[p] += t.seat_sumsq[p];
  }
  for (size_t r = 0; r < reasons.size(); ++r) reasons[r] += t.reasons[r];
}

Interval wilson(int64_t wins, int64_t n) {
  if (n <= 0) return {};
  const double p = static_cast<double>(wins) / n, z2 = kZ95 * kZ95, nn = static_cast<double>(n);
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = kZ95 * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double std_dev(int64_t sum, int64_t sumsq, int64_t n) {
  if (n < 2) return 0;
  const double m = static_cast<double>(sum) / n;
  const double var = (static_cast<double>(sumsq) - m * static_cast<double>(sum)) / (n - 1);
  return var > 0 ? std::sqrt(var) : 0;
}

Interval mean_interval(int64_t sum, int64_t sumsq, int64_t n) {
  if (n <= 0) return {};
  const double m = static_cast<double>(sum) / n;
  const double half = kZ95 * std_dev(sum, sumsq, n) / std::sqrt(static_cast<double>(n));
  return {m, m - half, m + half};
}

}  // namespace carcheck
