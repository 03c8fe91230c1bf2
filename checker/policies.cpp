// Play policies of the fuzzers, of `carcheck play` and of `carcheck simulate`
// (checker/policies.h).
#include "checker/policies.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "checker/policies_bcb.h"

namespace carcheck {

namespace {

bool is_bid(const Action& a) {
  return a.kind == ActionKind::Bid || (a.kind == ActionKind::Select && a.x >= 0);
}

// Item `i` continues the choice of item i - 1: bids of the same kind on the same tile.
bool same_choice(const ActionList& legal, int i) {
  if (i == 0) return false;
  const Action& a = legal.items[i - 1];
  const Action& b = legal.items[i];
  return is_bid(a) && is_bid(b) && a.kind == b.kind && a.tile == b.tile;
}

}  // namespace

int random_bid(const State& s, int lo, int hi, Rng& rng) {
  const int score = s.score(s.current_player()).total;
  const int top = std::min(hi, std::max(lo, score));
  const int k = std::countr_one(rng.next());
  return std::min(top, lo + k);
}

Action random_action(const State& s, const ActionList& legal, Rng& rng) {
  const int n = legal.size;
  // The turn machine's own phases (draw, place, meeple) offer placements, followers and
  // passes, never a bid: only a room's phase does (BCB's bazaar). Their pick is the plain
  // one the loop below would make, without reading every item.
  if (!s.in_room_phase()) return legal.items[rng.below(static_cast<uint32_t>(n))];
  uint32_t choices = 0;
  bool bids = false;
  for (int i = 0; i < n; ++i) {
    choices += !same_choice(legal, i);
    bids = bids || is_bid(legal.items[i]);
  }
  if (!bids) return legal.items[rng.below(static_cast<uint32_t>(n))];
  uint32_t k = rng.below(choices);
  int first = 0;
  for (int i = 1; i < n && k > 0; ++i)
    if (!same_choice(legal, i) && --k == 0) first = i;
  const Action& a = legal.items[first];
  if (!is_bid(a)) return a;
  int last = first;
  while (last + 1 < n && same_choice(legal, last + 1)) ++last;
  const Action& top = legal.items[last];
  return with_amount(a, random_bid(s, a.x, is_bid_range(top) ? kMaxBid : top.x, rng));
}

Action lowest(const ActionList& legal, uint32_t i) {
  const Action& a = legal.items[i % static_cast<uint32_t>(legal.size)];
  return is_bid_range(a) ? with_amount(a, a.x) : a;
}

Choose uniform_choice(Rng& rng) {
  return [&rng](const State& s, const ActionList& legal) { return random_action(s, legal, rng); };
}

Choose team_choice(Rng& rng) {
  return [&rng](const State& s, const ActionList& legal) -> Action {
    const uint32_t n = static_cast<uint32_t>(legal.size);
    // The option that removes the most ghosts, from the fullest tile.
    auto most_ghosts = [&]() -> uint32_t {
      uint32_t best = 0;
      int best_value = -1;
      for (uint32_t i = 0; i < n; ++i) {
        const Action& a = legal.items[i];
        if (a.count <= 0) continue;
        int c = s.cell_at(a.x, a.y);
        int v = a.count * 100 + (c >= 0 ? s.mists().cell(c).ghost_total() : 0);
        if (v > best_value) best_value = v, best = i;
      }
      return best;
    };
    switch (s.phase()) {
      case Phase::Meeple:  // option 0 is the pass
        return legal.items[n > 1 && rng.below(10) < 8 ? 1 + rng.below(n - 1) : rng.below(n)];
      case Phase::ScoreChoice:  // points while the supply lasts, else ghosts off the board
        return legal.items[s.mists().ghost_supply >= 4 && rng.below(3) != 0 ? 0 : most_ghosts()];
      case Phase::HoundClear:
        return legal.items[rng.below(8) == 0 ? rng.below(n) : most_ghosts()];
      default:
        return random_action(s, legal, rng);
    }
  };
}

void play_random(State& s, Rng& chooser) {
  ActionList legal;
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      s.apply_random_draw();
      continue;
    }
    s.legal_actions(legal);
    if (legal.size == 0)
      throw std::logic_error(std::string("no legal action in phase ") + phase_name(s.phase()));
    s.apply_legal(random_action(s, legal, chooser));
  }
}

// ---- The simulation's players ---------------------------------------------------------------

std::optional<PolicySpec> parse_policy(std::string_view name) {
  PolicySpec p;
  if (name == "random")
    p.kind = PolicyKind::Random;
  else if (name == "greedy")
    p.kind = PolicyKind::Greedy;
  else if (name == "greedy-castle-blind")
    p.kind = PolicyKind::Greedy, p.castles = false;
  else if (name == "mc")
    p.kind = PolicyKind::Mc, p.playout = PolicyKind::Greedy;
  else if (name == "mc-random")
    p.kind = PolicyKind::Mc, p.playout = PolicyKind::Random;
  else
    return std::nullopt;
  return p;
}

std::string policy_name(const PolicySpec& p) {
  switch (p.kind) {
    case PolicyKind::Random:
      return "random";
    case PolicyKind::Greedy:
      return p.castles ? "greedy" : "greedy-castle-blind";
    case PolicyKind::Mc:
      return p.playout == PolicyKind::Greedy ? "mc" : "mc-random";
  }
  return "?";
}

namespace {

constexpr double kWin = 1e6;  // a won (lost) game outweighs every other term

// What one more meeple in supply is worth: the last two are a reserve (a meeple is needed to
// score anything, and Mists buries them), the others cost little to put out.
double kept_value(int in_supply) {
  return 2.0 * std::min(in_supply, 2) + 0.5 * std::max(0, in_supply - 2);
}

// What a meeple on an unfinished feature promises: a little, more for a bigger feature.
double meeple_promise(const State& s, const Meeple& m) {
  const PlacedCell& c = s.cell(m.cell);
  const CellFace& f = s.face(m.cell);
  int size = 1;
  if (m.seg == f.centre)
    size = 1 + std::popcount(c.n8);
  else
    size = s.region_tiles(s.region_root(segment_node(m.cell, m.seg)));
  return 2.0 + 0.5 * std::min(size, 9);
}

// The meeples of the players `mine` selects: kept in supply, and promised on the board.
// (A follower in a castle that has not scored promises the castle's points: bcb_terms.)
template <typename Mine>
double meeple_terms(const State& s, Mine mine) {
  const Game& g = s.game();
  double v = 0;
  for (int c = 0; c < g.colours(); ++c)
    if (mine(g.owner(c))) v += kept_value(s.meeples_in_supply(c));
  const bool castles = s.bcb().castle_count > 0;
  for (size_t i = 0; i < s.meeples().size(); ++i) {
    const Meeple& m = s.meeples()[i];
    if (m.on_feature() && m.in_play && mine(g.owner(m.colour)) &&
        !(castles && in_unscored_castle(s, static_cast<int>(i))))
      v += meeple_promise(s, m);
  }
  return v;
}

// Ghosts in the general supply: the first three guard against the loss by a short supply
// (a misty tile or cemetery takes ghosts the supply must hold) and outweigh most scorings,
// the next five still count more than a point each. (Weights tuned by a few hundred Level 1
// games; the team loses almost only by a short supply.)
double ghost_margin(int supply) {
  return 15.0 * std::min(supply, 3) + 6.0 * std::clamp(supply - 3, 0, 5) +
         2.0 * std::max(0, supply - 8);
}

// Mists: the shared score; Level 6 (a track per scoring colour, a mark counting once every
// track reached it) adds half the tracks' mean, so points on a track above the lowest count.
double team_points(const State& s) {
  const double shared = s.shared_score();
  if (s.score_count() <= 1) return shared;
  double sum = 0;
  for (int t = 0; t < s.score_count(); ++t) sum += s.score(t).total;
  return shared + 0.5 * sum / s.score_count();
}

// Mists, not over: points to the next mark (hound or goal of the active pile) against the
// tiles left to make them; a pile that runs out short is a loss (Levels 3+) or the end.
double pile_threat(const State& s) {
  const RuleSet& r = s.game().rules();
  const int pile = s.active_pile();
  const int mark = pile < static_cast<int>(r.thresholds.size())
                       ? r.thresholds[static_cast<size_t>(pile)]
                       : r.goal;
  const int need = mark - s.shared_score();
  const int tiles = s.pile_size(pile);
  return 2.0 * std::max(0.0, need - 1.5 * tiles);
}

}  // namespace

// The greedy evaluation, in points. Mists (one team): the shared score; the ghost supply's
// margin (ghosts removed from the board come back to it); ghosts on the board, a little;
// meeples kept and meeples out on open features; the threat of a pile running out before its
// mark. A won game is worth kWin, a lost one -kWin. Competitive: the seat's score minus the
// best opponent's, plus the seat's meeple terms; Bridges, Castles and Bazaars adds the seat's
// castles still to score and bridges kept (checker/policies_bcb.h).
double evaluate(const State& s, int seat) {
  const Game& g = s.game();
  if (g.cooperative()) {
    const double points = team_points(s);
    if (s.is_terminal()) return (s.won() ? kWin : -kWin) + points;
    return points + ghost_margin(s.mists().ghost_supply) - 0.25 * s.mists().ghosts_on_board() +
           meeple_terms(s, [](int) { return true; }) - pile_threat(s);
  }
  int best_other = std::numeric_limits<int>::min();
  for (int p = 0; p < s.score_count(); ++p)
    if (p != seat) best_other = std::max(best_other, s.score(p).total);
  if (best_other == std::numeric_limits<int>::min()) best_other = 0;  // solo
  const double lead = s.score(seat).total - best_other;
  if (s.is_terminal()) return lead * 1000.0;
  return lead + meeple_terms(s, [seat](int owner) { return owner == seat; }) + bcb_terms(s, seat);
}

namespace {

// One-ply: each candidate applied to a copy of the state, the rest of the turn's decisions
// taken as their first option (pass a meeple, take the points; the player's own castle
// choice the better way, finish_turn), then evaluated. The copy is assigned into one scratch
// state, so its buffers are reused. A bazaar's decisions are rated by the bazaar rule
// (checker/policies_bcb.h) instead, which also sets a range entry's bid.
class Greedy {
 public:
  Greedy(Rng& rng, bool castles)
      : rng_(rng), castles_(castles), buf_(std::make_unique<ActionList[]>(2)) {}

  double value(const State& s, const Action& a, int seat) {
    if (!scratch_)
      scratch_.emplace(s);
    else
      *scratch_ = s;
    State& t = *scratch_;
    t.apply_legal(a);
    finish_turn(t, seat, 1);
    return evaluate(t, seat);
  }

  // Every candidate's value (into `values`) and the action it stands for (actions()); the
  // best, ties broken by the generator.
  uint32_t choose(const State& s, const ActionList& legal, std::vector<double>& values) {
    const int seat = s.current_player();
    values.assign(static_cast<size_t>(legal.size), 0.0);
    actions_.assign(legal.items, legal.items + legal.size);
    for (Action& a : actions_)
      if (is_bid_range(a)) a = with_amount(a, a.x);
    if (legal.size == 1) return 0;
    // Level 6's scoring colours: one ply sees nothing yet (every track at 0). The stated rule:
    // the colours of the first seats (the listed option 0, the lowest colours), which take
    // their turns first and as often as any; a later seat's colour, without a track, then
    // feeds whichever track lags (level6-unowned-colour).
    if (s.phase() == Phase::ScoringMeeples) return 0;
    // The castle-blind player scores every small city as a city (option 0, the pass).
    if (!castles_ && s.phase() == Phase::CastleChoice) return 0;
    double best = -3 * kWin;
    if (BazaarRule::applies(s)) {
      bazaar_.rate(s, legal, values, actions_);
      for (double v : values) best = std::max(best, v);
    } else {
      for (int i = 0; i < legal.size; ++i) {
        values[static_cast<size_t>(i)] = value(s, lowest(legal, static_cast<uint32_t>(i)), seat);
        best = std::max(best, values[static_cast<size_t>(i)]);
      }
    }
    uint32_t ties = 0;
    for (double v : values) ties += v >= best - 1e-9;
    uint32_t pick = ties > 1 ? rng_.below(ties) : 0;
    for (uint32_t i = 0; i < values.size(); ++i)
      if (values[i] >= best - 1e-9 && pick-- == 0) return i;
    return 0;
  }

  // The action item i of the last choose() stands for (a range entry: the bid it sets).
  const Action& action(uint32_t i) const { return actions_[i]; }

 private:
  // The rest of the turn in `t`: every decision its first option, except that `seat`'s own
  // castle choices (a small city it finishes and occupies) are taken the better way by the
  // evaluation when this player builds castles, so that a placement or a follower that gives
  // it a castle is rated with the castle. `depth`: how many such choices may still look ahead.
  void finish_turn(State& t, int seat, int depth) {
    ActionList& buf = buf_[static_cast<size_t>(depth)];
    for (int i = 0; i < 64 && !t.is_terminal() && !t.is_chance(); ++i) {
      t.legal_actions(buf);
      if (buf.size == 0) break;
      uint32_t pick = 0;
      if (castles_ && depth > 0 && buf.size > 1 && t.phase() == Phase::CastleChoice &&
          t.current_player() == seat) {
        auto& u = branch_[static_cast<size_t>(depth)];
        double best = -3 * kWin;
        for (int k = 0; k < buf.size; ++k) {
          if (!u)
            u.emplace(t);
          else
            *u = t;
          u->apply_legal(buf.items[k]);
          finish_turn(*u, seat, depth - 1);
          const double v = evaluate(*u, seat);
          if (v > best + 1e-9) best = v, pick = static_cast<uint32_t>(k);
        }
      }
      t.apply_legal(lowest(buf, pick));
    }
  }

  Rng& rng_;
  bool castles_;
  std::optional<State> scratch_;
  std::array<std::optional<State>, 2> branch_;  // finish_turn's castle choices, by depth
  std::unique_ptr<ActionList[]> buf_;           // finish_turn's lists, by depth
  std::vector<Action> actions_;
  BazaarRule bazaar_;
};

// Flat Monte Carlo: greedy ranks the candidates, the best `width` of them are each played
// out K times to the end by the playout policy, and the best mean result wins. A playout
// draws a distinct tile of the active pile uniformly with the policy's generator: it never
// peeks at the order the real pile was shuffled into. A result is, in Mists, 1 for a won
// game plus a tenth of the share of the goal reached; competitive, the seat's final lead.
// A candidate that is a range entry plays the bid greedy's bazaar rule sets.
class MonteCarlo {
 public:
  MonteCarlo(const PolicySpec& p, Rng& rng)
      : p_(p),
        rng_(rng),
        rank_(rng, p.castles),
        inner_(rng, p.castles),
        buf_(std::make_unique<ActionList>()) {}

  Action choose(const State& s, const ActionList& legal) {
    if (legal.size == 1) return lowest(legal, 0);
    rank_.choose(s, legal, values_);
    std::vector<uint32_t> order(values_.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return values_[a] > values_[b]; });
    order.resize(std::min(order.size(), static_cast<size_t>(std::max(1, p_.width))));
    const int seat = s.current_player();
    uint32_t best = order[0];
    double best_mean = -3 * kWin;
    candidates_.clear();
    for (uint32_t c : order) candidates_.push_back(rank_.action(c));
    for (size_t k = 0; k < order.size(); ++k) {
      double sum = 0;
      for (int i = 0; i < p_.playouts; ++i) {
        if (!game_)
          game_.emplace(s);
        else
          *game_ = s;
        game_->apply(candidates_[k]);
        sum += playout(*game_, seat);
      }
      const double mean = sum / std::max(1, p_.playouts);
      if (mean > best_mean + 1e-9) best_mean = mean, best = static_cast<uint32_t>(k);
    }
    return candidates_[best];
  }

 private:
  double playout(State& t, int seat) {
    for (int i = 0; i < 20000 && !t.is_terminal(); ++i) {
      t.legal_actions(*buf_);
      if (buf_->size == 0) break;
      if (t.is_chance())
        t.apply_legal(buf_->items[rng_.below(static_cast<uint32_t>(buf_->size))]);
      else if (p_.playout == PolicyKind::Random)
        t.apply_legal(random_action(t, *buf_, rng_));
      else
        t.apply_legal(inner_.action(inner_.choose(t, *buf_, inner_values_)));
    }
    if (t.game().cooperative()) {
      const int goal = std::max(1, t.game().rules().goal);
      return (t.won() ? 1.0 : 0.0) + 0.1 * std::min(1.0, t.shared_score() / double(goal));
    }
    return evaluate(t, seat) / 1000.0;
  }

  PolicySpec p_;
  Rng& rng_;
  Greedy rank_, inner_;
  std::optional<State> game_;
  std::unique_ptr<ActionList> buf_;
  std::vector<double> values_, inner_values_;
  std::vector<Action> candidates_;
};

}  // namespace

Choose policy_choice(const PolicySpec& p, Rng& rng) {
  switch (p.kind) {
    case PolicyKind::Random:
      return uniform_choice(rng);
    case PolicyKind::Greedy: {
      auto g = std::make_shared<Greedy>(rng, p.castles);
      auto values = std::make_shared<std::vector<double>>();
      return [g, values](const State& s, const ActionList& legal) {
        return g->action(g->choose(s, legal, *values));
      };
    }
    case PolicyKind::Mc: {
      auto m = std::make_shared<MonteCarlo>(p, rng);
      return [m](const State& s, const ActionList& legal) { return m->choose(s, legal); };
    }
  }
  throw std::logic_error("unknown policy");
}

Choose seat_choice(std::vector<Choose> by_seat) {
  return [by_seat = std::move(by_seat)](const State& s, const ActionList& legal) {
    const size_t seat = s.game().cooperative() ? 0 : static_cast<size_t>(s.current_player());
    return by_seat[seat % by_seat.size()](s, legal);
  };
}

int64_t play_policy(State& s, const Choose& choose) {
  auto legal = std::make_unique<ActionList>();
  int64_t decided = 0;
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      s.apply_random_draw();
      continue;
    }
    s.legal_actions(*legal);
    if (legal->size == 0)
      throw std::logic_error(std::string("no legal action in phase ") + phase_name(s.phase()));
    s.apply_legal(choose(s, *legal));
    ++decided;
  }
  return decided;
}

}  // namespace carcheck
