// Bridges, Castles and Bazaars for the simulation's players (checker/policies_bcb.h).
#include "checker/policies_bcb.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>

#include "checker/policies.h"
#include "engine/bcb.h"

namespace carcheck {

namespace {

// What a castle scores when it scores: in greedy play 8.5 on average (2 players, 600 games, 411
// castles scored of 483 built; the first finished feature of a fief has often grown by then),
// rounded down. The fief's own features raise it when they promise more.
constexpr double kCastlePoints = 8.0;
// The mean wait, in tiles placed by anyone, from a castle's building to its scoring in the
// same games: 22.6 tiles. The chance that it scores within L tiles is taken as 1 - e^(-L/22).
constexpr double kCastleWait = 22.0;
constexpr double kBridgeKept = 0.5;  // a bridge in supply: a little, so none is wasted

// The region root of the city a castle stands on (its follower's segment), or -1.
int castle_city(const State& s, const CastleRecord& c) {
  if (c.meeple < 0) return -1;
  const Meeple& m = s.meeples()[static_cast<size_t>(c.meeple)];
  return m.cell >= 0 ? s.region_root(segment_node(m.cell, m.seg)) : -1;
}

}  // namespace

double castle_promise(const State& s, const CastleRecord& c) {
  const PlacedCell &a = s.cell(c.cells[0]), &b = s.cell(c.cells[1]);
  // The fief (seed 003, fn 30): the castle's two tiles and the two on each side of the pair.
  const int vertical = a.x == b.x ? 1 : 0;
  const int x0 = std::min(a.x, b.x) - vertical, x1 = std::max(a.x, b.x) + vertical;
  const int y0 = std::min(a.y, b.y) - (1 - vertical), y1 = std::max(a.y, b.y) + (1 - vertical);
  const int own = castle_city(s, c);
  std::array<int, 64> seen{};
  int n_seen = 0, empty = 0, open = 0;
  double sum = 0, weight = 0;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const int cell = s.cell_at(x, y);
      if (cell < 0) {
        ++empty;  // a tile placed there may bring a feature that finishes
        continue;
      }
      const CellFace& f = s.face(cell);
      for (int k = 0; k < f.n_segments; ++k) {
        const SegmentKind kind = f.segments[static_cast<size_t>(k)].kind;
        if (k == f.centre) {
          if (kind == SegmentKind::Monastery && !s.centre_finished(cell)) {
            const int around = std::popcount(s.cell(cell).n8);
            const double w = 1.0 / std::max(1, 8 - around);
            sum += w * (1 + around), weight += w, ++open;
          }
          continue;
        }
        if (kind != SegmentKind::Road && kind != SegmentKind::City) continue;
        const int root = s.region_root(segment_node(cell, k));
        if (root == own || s.region_finished(root)) continue;
        if (std::find(seen.begin(), seen.begin() + n_seen, root) != seen.begin() + n_seen) continue;
        if (n_seen < static_cast<int>(seen.size())) seen[static_cast<size_t>(n_seen++)] = root;
        const int tiles = s.region_tiles(root);
        const double w = 1.0 / std::max(1, static_cast<int>(s.region_node(root).open));
        sum += w * (kind == SegmentKind::City ? 2 * tiles : tiles);
        weight += w, ++open;
      }
    }
  // Another castle with a tile in the fief that has not scored is a feature of the fief too.
  const BcbState& bs = s.bcb();
  for (int i = 0; i < bs.castle_count; ++i) {
    const CastleRecord& o = bs.castles[static_cast<size_t>(i)];
    if (o.scored || o.cells == c.cells) continue;
    for (int16_t oc : o.cells) {
      const PlacedCell& p = s.cell(oc);
      if (p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1) {
        ++open;
        break;
      }
    }
  }
  // Nothing unfinished in the fief and no space left in it: the castle can never score.
  if (open == 0 && empty == 0) return 0.0;
  const double value = weight > 0 ? std::max(kCastlePoints, sum / weight) : kCastlePoints;
  return value * (1.0 - std::exp(-s.tiles_remaining() / kCastleWait));
}

bool in_unscored_castle(const State& s, int index) {
  const BcbState& b = s.bcb();
  for (int i = 0; i < b.castle_count; ++i) {
    const CastleRecord& c = b.castles[static_cast<size_t>(i)];
    if (!c.scored && c.meeple == index) return true;
  }
  return false;
}

// Zero where the rule set has no bridges or castles (no supply, no castle built).
double bcb_terms(const State& s, int seat) {
  const BcbState& b = s.bcb();
  double v = kBridgeKept * b.bridges[static_cast<size_t>(seat)];
  for (int i = 0; i < b.castle_count; ++i) {
    const CastleRecord& c = b.castles[static_cast<size_t>(i)];
    if (!c.scored && c.owner == seat) v += castle_promise(s, c);
  }
  return v;
}

// ---- The bazaar rule ------------------------------------------------------------------------

struct BazaarRule::Impl {
  // The bazaar whose gains are known: the board and the tiles on offer do not change while
  // they are shared (placements come after), so one bazaar's gains are worked out once.
  struct Key {
    int cells = -1, turn = -1, host = -1, count = 0;
    std::array<int16_t, kBcbMaxRevealed> revealed{};
    friend bool operator==(const Key&, const Key&) = default;
  } key;
  std::array<std::array<double, kBcbMaxRevealed>, kBcbMaxPlayers> gain{};
  std::array<std::array<bool, kBcbMaxRevealed>, kBcbMaxPlayers> known{};
  // Scratch states and lists, one per level of the look-ahead (placement, meeple, the rest).
  static constexpr int kLevels = 3;
  std::array<std::optional<State>, kLevels> scratch;
  std::array<ActionList, kLevels> lists;

  void reset_if_new(const State& s) {
    const BcbState& b = s.bcb();
    Key k{s.cells(), s.turn(), b.bazaar_host, b.revealed_count, b.revealed};
    if (k == key) return;
    key = k;
    for (auto& row : known) row.fill(false);
  }

  void load(int level, const State& from) {
    auto& t = scratch[static_cast<size_t>(level)];
    if (!t)
      t.emplace(from);
    else
      *t = from;
  }

  // The best value for `seat` of the turn in scratch[level] (that turn only: it ends when the
  // turn counter moves, at a draw or at another bazaar decision): `depth` more of the seat's
  // placement and meeple decisions tried every way, every other decision (a bridge step, a
  // castle, another player's) taken as its first option.
  double best_turn(int level, int seat, int turn0, int depth) {
    State& t = *scratch[static_cast<size_t>(level)];
    ActionList& legal = lists[static_cast<size_t>(level)];
    for (int step = 0; step < 64; ++step) {
      if (t.is_terminal() || t.is_chance() || t.turn() != turn0 || applies(t)) break;
      t.legal_actions(legal);
      if (legal.size == 0) break;
      const bool branch = t.phase() == Phase::Place || t.phase() == Phase::Meeple;
      if (branch && depth > 0 && legal.size > 1 && t.current_player() == seat &&
          level + 1 < kLevels) {
        double best = -std::numeric_limits<double>::infinity();
        for (int i = 0; i < legal.size; ++i) {
          load(level + 1, t);
          scratch[static_cast<size_t>(level) + 1]->apply_legal(
              lowest(legal, static_cast<uint32_t>(i)));
          best = std::max(best, best_turn(level + 1, seat, turn0, depth - 1));
        }
        return best;
      }
      t.apply_legal(lowest(legal, 0));
    }
    // A turn that ended the game (the last bazaar): the final lead, in points like the rest
    // (evaluate scales a finished game's lead by 1000 so that it outweighs any other term).
    return t.is_terminal() ? evaluate(t, seat) / 1000.0 : evaluate(t, seat);
  }

  // What revealed tile `i` gains player `q`: the best placement turn with it, rated by the
  // evaluation, less the evaluation now.
  double tile_gain(const State& s, int q, int i) {
    auto& done = known[static_cast<size_t>(q)][static_cast<size_t>(i)];
    double& g = gain[static_cast<size_t>(q)][static_cast<size_t>(i)];
    if (done) return g;
    done = true;
    load(0, s);
    State& t = *scratch[0];
    if (setup_bazaar_turn(t, q, static_cast<TileId>(s.bcb().revealed[static_cast<size_t>(i)]))) {
      g = 0;
      return g;
    }
    g = best_turn(0, q, t.turn(), 2) - evaluate(s, q);
    return g;
  }

  bool has_tile(const BcbState& b, int p) const {
    for (int i = 0; i < b.revealed_count; ++i)
      if (b.taker[static_cast<size_t>(i)] == p) return true;
    return false;
  }

  // q's gain from tile i over the mean gain of the other tiles still on offer.
  double margin(const State& s, int q, int i) {
    const BcbState& b = s.bcb();
    double others = 0;
    int n = 0;
    for (int j = 0; j < b.revealed_count; ++j)
      if (j != i && b.taker[static_cast<size_t>(j)] < 0) others += tile_gain(s, q, j), ++n;
    return tile_gain(s, q, i) - (n > 0 ? others / n : 0.0);
  }

  // Tile i's worth to `me`: its margin for me, plus the largest margin of an opponent without
  // a tile, divided among the opponents.
  double worth(const State& s, int me, int i) {
    const int players = s.game().players();
    double deny = 0;
    bool any = false;
    for (int o = 0; o < players; ++o) {
      if (o == me || has_tile(s.bcb(), o)) continue;
      const double m = margin(s, o, i);
      deny = any ? std::max(deny, m) : m;
      any = true;
    }
    return margin(s, me, i) + (players > 1 ? deny / (players - 1) : 0.0);
  }

  // The untaken revealed tile of type `t` (the first one).
  int index_of(const State& s, TileId t) const {
    const BcbState& b = s.bcb();
    for (int i = 0; i < b.revealed_count; ++i)
      if (b.taker[static_cast<size_t>(i)] < 0 && b.revealed[static_cast<size_t>(i)] == t) return i;
    return -1;
  }
};

BazaarRule::BazaarRule() : impl_(std::make_unique<Impl>()) {}
BazaarRule::~BazaarRule() = default;

bool BazaarRule::applies(const State& s) {
  return s.phase() == Phase::BazaarSelect || s.phase() == Phase::BazaarBid ||
         s.phase() == Phase::BazaarDeal;
}

void BazaarRule::rate(const State& s, const ActionList& legal, std::vector<double>& values,
                      std::vector<Action>& actions) {
  Impl& m = *impl_;
  m.reset_if_new(s);
  const BcbState& b = s.bcb();
  const int me = s.current_player();
  const int players = s.game().players();
  // A point paid to (received from) an opponent moves the lead by this much: the payer's
  // point, and the opponent's when it is the best one (one of players - 1).
  const double f = players > 1 ? 1.0 + 1.0 / (players - 1) : 1.0;
  const size_t n = static_cast<size_t>(legal.size);
  values.assign(n, 0.0);
  actions.assign(legal.items, legal.items + n);
  switch (s.phase()) {
    case Phase::BazaarSelect:
      // The tile of greatest worth; a bid above the lowest costs the selector when nobody
      // raises and changes nothing it receives from a buyer, so the lowest.
      for (size_t k = 0; k < n; ++k) {
        const Action& a = legal.items[k];
        const int i = m.index_of(s, a.tile);
        values[k] = i >= 0 ? m.worth(s, me, i) : 0.0;
        if (a.x > 0) values[k] -= a.x;
        if (is_bid_range(a)) actions[k] = with_amount(a, a.x);
      }
      return;
    case Phase::BazaarBid: {
      // Raise to the highest bid B with f * B below the tile's worth (a raise is once only),
      // at most the bidder's score; pass when that is no raise.
      const double w = b.selected >= 0 ? m.worth(s, me, b.selected) : 0.0;
      const int cap = std::max(0, s.score(me).total);
      const int top = w > 0 ? std::min(cap, static_cast<int>(std::ceil(w / f)) - 1) : -1;
      for (size_t k = 0; k < n; ++k) {
        const Action& a = legal.items[k];
        if (a.kind != ActionKind::Bid) continue;  // pass: 0
        const int amount = is_bid_range(a) && top >= a.x ? top : a.x;
        actions[k] = is_bid_range(a) ? with_amount(a, amount) : a;
        values[k] = amount <= top ? f * amount : -1.0 - f * amount;  // above B: below a pass
      }
      return;
    }
    case Phase::BazaarDeal: {
      const double w = b.selected >= 0 ? m.worth(s, me, b.selected) : 0.0;
      for (size_t k = 0; k < n; ++k)
        values[k] = legal.items[k].kind == ActionKind::Buy ? w - f * b.bid : f * b.bid;
      return;
    }
    default:
      return;
  }
}

}  // namespace carcheck
