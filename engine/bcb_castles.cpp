// Bridges, Castles and Bazaars: castles (seed 003 "Cetățile", footnotes 23-36 and the farm
// paragraph). A finished small city of two caps may become its occupant's castle instead of
// scoring; the castle lies across the edge between its two tiles and scores once, for the
// first road, city, monastery or castle with a tile in its fief (those two tiles and the two
// on each side) finished in a later scoring. The turn's scoring runs here, resumable after
// each decision: the features the tile finished in order (a conversion is asked when a small
// city comes up), then the castles that score, then bcb_turn_scored.
//
// castle-order (interpretations.md row castle-order) says in which order the castles of one
// scoring decide. active-clockwise: each decision is that of the first player, from the active
// player clockwise, who has a castle with a candidate now; start-player-clockwise: the same
// from the player who took the game's first turn. Neither depends on the order in which the
// castles were built (the engine's order before issue 28, which let the build order decide a
// score).
#include <algorithm>

#include "engine/bcb.h"
#include "engine/rules_impl.h"

namespace carcheck {

namespace {

// A finished feature a castle may score: pending_[pending] (a road, city or monastery of this
// scoring) or castle `castle` (scored in this scoring); named in an action at (cell, seg):
// a tile of the feature in the fief, or the monastery's or castle's own cell with seg -1.
struct Candidate {
  int pending = -1;
  int castle = -1;
  int cell = -1;
  int seg = -1;
};
// A tile finishes a handful of features, and there are at most 12 castles: fixed, on the stack.
struct Candidates {
  std::array<Candidate, 64> items{};
  int size = 0;
  void push(const Candidate& c) {
    if (size < static_cast<int>(items.size())) nth(items, size++) = c;
  }
};

bool single_side(PortMask ports) {
  for (int side = 0; side < kSides; ++side)
    if (ports != 0 && (ports & ~side_mask(side)) == 0) return true;
  return false;
}

// The side of `from` that `to` lies across, or -1 when they are not orthogonal neighbours.
int side_towards(const PlacedCell& from, const PlacedCell& to) {
  for (int side = 0; side < kSides; ++side)
    if (from.x + kDx[side] == to.x && from.y + kDy[side] == to.y) return side;
  return -1;
}

// A castle's two cells, the north or west one first.
struct CityPair {
  std::array<int, 2> cell{-1, -1};
};

// The small city at `root` as two segments on two neighbouring tiles (fn 23, 24), or nullopt.
// small-city-castle=semicircular: each a cap on one side, not a triangle (tiles.md "Castle
// bases"); any-two-segment (ZMG, fn 24): any city of two segments.
std::optional<CityPair> castle_base(const State& s, int root) {
  CityPair p;
  std::array<int, 2> seg{-1, -1};
  int n = 0, node = root;
  do {
    if (n == 2 || node_part(node) >= kMaxSegments) return std::nullopt;
    nth(p.cell, n) = node_cell(node);
    nth(seg, n) = node_part(node);
    ++n;
    node = s.region_node(node).next;
  } while (node != root);
  if (n != 2) return std::nullopt;
  const PlacedCell &a = s.cell(p.cell[0]), &b = s.cell(p.cell[1]);
  if (side_towards(a, b) < 0) return std::nullopt;
  for (int k = 0; k < 2; ++k) {
    const Segment& g = s.face(nth(p.cell, k)).segments[static_cast<size_t>(nth(seg, k))];
    if (g.kind != SegmentKind::City) return std::nullopt;
    switch (s.game().switches().small_city_castle) {
      case SmallCityCastle::Semicircular:
        if ((g.flags & kSegTriangle) || !single_side(g.ports)) return std::nullopt;
        break;
      case SmallCityCastle::AnyTwoSegment:
        break;
    }
  }
  if (a.y > b.y || a.x > b.x) std::swap(p.cell[0], p.cell[1]);
  return p;
}

// The city region a castle stands on (its follower's city, also once the follower left).
int castle_root(const State& s, const CastleRecord& c) {
  const int a = c.cells[0];
  const int side = side_towards(s.cell(a), s.cell(c.cells[1]));
  return s.region_root(segment_node(a, s.face(a).port_segment[centre_port(side)]));
}

// The fief (seed 003 "Cetățile", fn 30): the castle's two tiles and the two on each side of
// the pair, 6 spaces, row by row; `visit` gets each placed cell among them.
template <class Visit>
void each_fief_cell(const State& s, const CastleRecord& c, Visit&& visit) {
  const PlacedCell &a = s.cell(c.cells[0]), &b = s.cell(c.cells[1]);
  const int vertical = a.x == b.x ? 1 : 0;  // the castle lies on the edge between a and b
  const int x0 = std::min(a.x, b.x) - vertical, x1 = std::max(a.x, b.x) + vertical;
  const int y0 = std::min(a.y, b.y) - (1 - vertical), y1 = std::max(a.y, b.y) + (1 - vertical);
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x)
      if (const int cell = s.cell_at(x, y); cell >= 0) visit(cell);
}

// The first segment (its bridge last) of `cell` in region `root`, or -2 when none is.
int segment_in(const State& s, int cell, int root) {
  const CellFace& f = s.face(cell);
  for (int k = 0; k < f.n_segments; ++k)
    if (f.segments[static_cast<size_t>(k)].kind != SegmentKind::Field &&
        s.region_root(segment_node(cell, k)) == root)
      return k;
  if (s.cell(cell).added && s.region_root(segment_node(cell, kBridgeSeg)) == root)
    return kBridgeSeg;
  return -2;
}

// The finished features castle `i` may score now: this scoring's features with a tile in
// its fief (a monastery only on its own tile), then the castles that scored in this scoring
// with a tile there (seed 003: "când una dintre cetăți încasează puncte, se socotește drept
// structură finalizată pentru cealaltă").
void candidates(const State& s, const std::vector<PendingScore>& pending, int i, Candidates& out) {
  out.size = 0;
  const BcbState& b = s.bcb();
  const CastleRecord& c = nth(b.castles, i);
  for (int k = 0; k < static_cast<int>(pending.size()); ++k) {
    const PendingScore& p = nth(pending, k);
    Candidate at{k, -1, -1, -1};
    each_fief_cell(s, c, [&](int cell) {
      if (at.cell >= 0) return;
      if (p.feature == FeatureClass::Monastery) {
        if (cell == p.node) at.cell = cell;
      } else if (p.feature == FeatureClass::Road || p.feature == FeatureClass::City) {
        if (const int seg = segment_in(s, cell, p.node); seg >= 0) at.cell = cell, at.seg = seg;
      }
    });
    if (at.cell >= 0) out.push(at);
  }
  for (int j = 0; j < b.castle_count; ++j) {
    if (j == i || !(b.castles_scored_now & (1u << j))) continue;
    const CastleRecord& o = nth(b.castles, j);
    bool inside = false;
    each_fief_cell(s, c,
                   [&](int cell) { inside = inside || cell == o.cells[0] || cell == o.cells[1]; });
    if (inside) out.push({-1, j, o.cells[0], -1});
  }
}

// Whether castle `i` may score in this scoring: built before it (castle-same-turn) and not
// scored yet.
bool castle_waits(const BcbState& b, int i) {
  return i < b.castle_fresh && !nth(b.castles, i).scored;
}

// The value a castle scoring candidate `x` gets: the feature's, or what the castle it takes
// scored ("ambele primesc aceleași puncte").
int candidate_points(const State& s, const std::vector<PendingScore>& pending, const Candidate& x) {
  return x.castle >= 0 ? nth(s.bcb().castles, x.castle).points
                       : Rules::feature_value(s, nth(pending, x.pending), false);
}

// The candidate an action names (any tile of the feature), or -1.
int named_candidate(const State& s, const std::vector<PendingScore>& pending, const Candidates& c,
                    const Action& a) {
  const int cell = s.cell_at(a.x, a.y);
  if (cell < 0) return -1;
  int root = -1;
  if (a.seg >= 0) {
    const bool bridge = a.seg == kBridgeSeg && s.cell(cell).added;
    if (!bridge && a.seg >= s.face(cell).n_segments) return -1;
    root = s.region_root(segment_node(cell, a.seg));
  }
  for (int k = 0; k < c.size; ++k) {
    const Candidate& x = nth(c.items, k);
    if (x.castle >= 0) {
      const CastleRecord& o = nth(s.bcb().castles, x.castle);
      if (a.seg < 0 && (o.cells[0] == cell || o.cells[1] == cell)) return k;
      continue;
    }
    const PendingScore& p = nth(pending, x.pending);
    if (p.feature == FeatureClass::Monastery ? a.seg < 0 && p.node == cell : p.node == root)
      return k;
  }
  return -1;
}

}  // namespace

int Rules::bcb_castle_decider(const State& s, int root) {
  if (!castle_base(s, root)) return -1;
  // A small city holds one follower (occupied from its first tile on); a setup with more
  // leaves the city to its usual scoring.
  if (s.region_node(root).meeples != 1) return -1;
  for (const Meeple& m : s.meeples_)
    if (m.on_feature() && segment_kind(s, m.cell, m.seg) == SegmentKind::City &&
        find_const(s, segment_node(m.cell, m.seg)) == root)
      return s.game_->owner(m.colour);
  return -1;
}

void Rules::bcb_castle_scoring(State& s) {
  // castle-same-turn=not-counted (fn 31, 33): a castle scores for a feature finished in a
  // later scoring, so the castles this scoring builds (index castle_fresh on) wait.
  switch (s.game_->switches().castle_same_turn) {
    case CastleSameTurn::NotCounted:
      s.bcb_.castle_fresh = s.bcb_.castle_count;
      break;
  }
  s.bcb_.castles_scored_now = 0;
  s.pending_index_ = 0;
  bcb_castle_resume(s);
}

void Rules::bcb_castle_resume(State& s) {
  BcbState& b = s.bcb_;
  s.decider_ = -1;
  b.castle_deciding = -1;
  while (s.pending_index_ < static_cast<int>(s.pending_.size())) {
    const PendingScore p = nth(s.pending_, s.pending_index_);
    // fn 28: the occupant decides, active player or not.
    if (p.feature == FeatureClass::City)
      if (const int who = bcb_castle_decider(s, p.node); who >= 0) {
        s.decider_ = static_cast<int8_t>(who);
        s.phase_ = Phase::CastleChoice;
        return;
      }
    if (p.feature != FeatureClass::None) {  // None: a city just turned into a castle
      emit(s, EventKind::FeatureFinished, p.feature);
      score_competitive(s, p, false);
    }
    ++s.pending_index_;
  }
  // The castles, in the order castle-order gives; one that scores may let another score, so
  // look again from the start after each.
  while (bcb_castle_next(s)) {
  }
  if (s.decider_ >= 0) return;  // a player decides (Phase::CastleScore)
  s.pending_.clear();
  s.pending_index_ = 0;
  b.castles_scored_now = 0;
  b.castle_fresh = b.castle_count;
  bcb_turn_scored(s);
}

// One step of the castles' scoring: a castle with a single choice scores it (true: look
// again), or a player is asked (Phase::CastleScore, false), or no castle has a candidate
// (false).
bool Rules::bcb_castle_next(State& s) {
  BcbState& b = s.bcb_;
  // No finished feature in this scoring and no castle scored in it: no castle has a
  // candidate (candidates()), as after most turns.
  if (b.castle_fresh == 0 || (s.pending_.empty() && b.castles_scored_now == 0)) return false;
  Candidates c;
  switch (s.game_->switches().castle_order) {
    case CastleOrder::ActiveClockwise:
    case CastleOrder::StartPlayerClockwise: {
      // The first player from the active one (start-player-clockwise: from the player who
      // took the game's first turn) clockwise with a castle that has a candidate now
      // ("ocupantul cetății poate decide"; the register's order). A lone castle with a lone
      // candidate leaves nothing to decide; otherwise the owner picks the castle and feature.
      const int players = s.game_->players();
      const int first =
          s.game_->switches().castle_order == CastleOrder::ActiveClockwise ? s.player_ : 0;
      for (int k = 0; k < players; ++k) {
        const int who = (first + k) % players;
        int castles = 0, only = -1, only_size = 0;
        for (int i = 0; i < b.castle_fresh; ++i) {
          if (!castle_waits(b, i) || nth(b.castles, i).owner != who) continue;
          candidates(s, s.pending_, i, c);
          if (c.size == 0) continue;
          ++castles;
          only = i;
          only_size = c.size;
        }
        if (castles == 0) continue;
        if (castles == 1 && only_size == 1) {
          candidates(s, s.pending_, only, c);
          bcb_castle_score(s, only, candidate_points(s, s.pending_, nth(c.items, 0)));
          return true;
        }
        b.castle_deciding = static_cast<int8_t>(castles == 1 ? only : -1);
        s.decider_ = static_cast<int8_t>(who);
        s.phase_ = Phase::CastleScore;
        return false;
      }
      return false;
    }
  }
  return false;
}

// "ocupantul își plasează unul dintre jetoanele sale cetate peste oraș și mută în cetate
// supusul care îl ocupă": the follower stays on its segment as the castle's follower, and
// the city counts as unfinished (it never scores as a city).
void Rules::bcb_castle_build(State& s) {
  BcbState& b = s.bcb_;
  PendingScore& p = nth(s.pending_, s.pending_index_);
  const CityPair pair = *castle_base(s, p.node);
  CastleRecord c;
  c.cells = {static_cast<int16_t>(pair.cell[0]), static_cast<int16_t>(pair.cell[1])};
  c.owner = s.decider_;
  for (size_t i = 0; i < s.meeples_.size(); ++i) {
    const Meeple& m = s.meeples_[i];
    if (m.on_feature() && segment_kind(s, m.cell, m.seg) == SegmentKind::City &&
        find(s, segment_node(m.cell, m.seg)) == p.node)
      c.meeple = static_cast<int16_t>(i);
  }
  --nth(b.castle_tokens, s.decider_);
  nth(b.castles, b.castle_count++) = c;
  p.feature = FeatureClass::None;
  const PlacedCell& at = nth(s.cells_, pair.cell[0]);
  emit(s, EventKind::CastleBuilt, FeatureClass::Castle, c.owner, at.x, at.y);
}

void Rules::bcb_castle_score(State& s, int i, int points) {
  BcbState& b = s.bcb_;
  CastleRecord& c = nth(b.castles, i);
  c.scored = true;
  c.points = static_cast<int16_t>(points);
  b.castles_scored_now = static_cast<uint16_t>(b.castles_scored_now | (1u << i));
  emit(s, EventKind::FeatureFinished, FeatureClass::Castle);
  const int colour = c.meeple >= 0 ? nth(s.meeples_, c.meeple).colour : -1;
  award(s, EventKind::Scored, c.owner, FeatureClass::Castle, points,
        {FeatureClass::Castle, c.cells[0]}, colour);
  bcb_castle_release(s, i);
}

void Rules::bcb_castle_release(State& s, int i) {
  const CastleRecord& c = nth(s.bcb_.castles, i);
  if (c.meeple < 0) return;
  Meeple& m = nth(s.meeples_, c.meeple);
  if (m.cell < 0) return;
  const PlacedCell& at = nth(s.cells_, m.cell);
  emit(s, EventKind::MeepleReturned, FeatureClass::Castle, m.colour, at.x, at.y);
  --nth(s.nodes_, find(s, segment_node(m.cell, m.seg))).meeples;
  m.cell = -1;
  m.seg = -1;
  ++nth(s.supply_, m.colour);
}

void Rules::bcb_castle_legal(const State& s, ActionList& out) {
  const BcbState& b = s.bcb_;
  if (s.phase_ == Phase::CastleChoice) {
    Action pass;
    pass.kind = ActionKind::Pass;
    out.push(pass);
    if (nth(b.castle_tokens, s.decider_) > 0 && b.castle_count < kBcbMaxCastles) {
      Action castle;
      castle.kind = ActionKind::Castle;
      out.push(castle);
    }
    return;
  }
  if (s.phase_ != Phase::CastleScore) return;
  // One castle under decision: its candidates. Several castles of the decider's
  // (castle-order=active-clockwise): each castle's candidates, the castle named (`for`).
  for (int i = 0; i < b.castle_count; ++i) {
    if (b.castle_deciding >= 0 ? i != b.castle_deciding
                               : !castle_waits(b, i) || nth(b.castles, i).owner != s.decider_)
      continue;
    Candidates c;
    candidates(s, s.pending_, i, c);
    for (int k = 0; k < c.size; ++k) {
      const Candidate& x = nth(c.items, k);
      Action a;
      a.kind = ActionKind::CastleScore;
      a.x = nth(s.cells_, x.cell).x;
      a.y = nth(s.cells_, x.cell).y;
      a.seg = static_cast<int8_t>(x.seg);
      a.count = static_cast<int8_t>(b.castle_deciding >= 0 ? 0 : i + 1);
      out.push(a);
    }
  }
}

std::optional<std::string> Rules::bcb_castle_apply(State& s, const Action& a) {
  BcbState& b = s.bcb_;
  if (a.kind == ActionKind::CastleScore) {
    if (s.phase_ != Phase::CastleScore)
      return std::string("no castle is choosing the feature it scores now (") +
             phase_name(s.phase_) + ")";
    // Action::count: 1 + the castle that scores (0: the one under decision).
    int castle = b.castle_deciding;
    if (a.count < 0 || a.count > b.castle_count) return "that names no castle on the board";
    if (a.count > 0) {
      const int named = a.count - 1;
      if (!castle_waits(b, named) || nth(b.castles, named).owner != s.decider_ ||
          (castle >= 0 && named != castle))
        return "that castle is not one deciding now (seed 003: the occupant of a castle with a "
               "finished structure in its fief decides; castle-order: whose castles decide "
               "first)";
      castle = named;
    }
    if (castle < 0)
      return "player " + std::to_string(s.decider_ + 1) +
             " has several castles to score: name the one that scores first (castle-score x,y "
             "<feature> for <castle x,y>; castle-order=active-clockwise: the owner picks the "
             "order of their own castles)";
    Candidates c;
    candidates(s, s.pending_, castle, c);
    if (c.size == 0) return "that castle has no finished structure in its fief in this scoring";
    const int k = named_candidate(s, s.pending_, c, a);
    if (k < 0)
      return "that is no feature finished in this scoring with a tile in the castle's fief (seed "
             "003: the castle scores a road, city, castle or monastery finished on one of its six "
             "tiles; a monastery only when on its own tile)";
    bcb_castle_score(s, castle, candidate_points(s, s.pending_, nth(c.items, k)));
    bcb_castle_resume(s);
    return std::nullopt;
  }
  if (s.phase_ != Phase::CastleChoice)
    return std::string("no finished small city awaits its occupant's castle now (") +
           phase_name(s.phase_) + ")";
  if (a.kind == ActionKind::Castle) {
    if (nth(b.castle_tokens, s.decider_) <= 0)
      return "player " + std::to_string(s.decider_) +
             " has no castle token left in supply, so the small city can only be scored (seed "
             "003: the occupant places one of their own castle tokens on it)";
    if (b.castle_count >= kBcbMaxCastles) return "all 12 castle tokens are on the board";
    bcb_castle_build(s);
  } else {
    const PendingScore p = nth(s.pending_, s.pending_index_);
    emit(s, EventKind::FeatureFinished, p.feature);
    score_competitive(s, p, false);
  }
  ++s.pending_index_;
  bcb_castle_resume(s);
  return std::nullopt;
}

// "La sfârșitul jocului, toate cetățile nefinalizate nu încasează niciun punct și supușii lor
// sunt îndepărtați de pe tablă": before the final scoring, so their city is no unfinished
// city with a follower.
void Rules::bcb_castle_final(State& s) {
  for (int i = 0; i < s.bcb_.castle_count; ++i)
    if (!nth(s.bcb_.castles, i).scored) bcb_castle_release(s, i);
}

// Seed 003's farm paragraph: a castle on a farm's border brings 4 instead of a city's 3
// (castle-farm-value=every-castle); scored-only (fn 42, the RGG scoring guide): farms count
// only castles that scored, an unscored castle being an unfinished city (worth nothing).
int Rules::bcb_castle_farm_value(const State& s, int root) {
  for (int i = 0; i < s.bcb_.castle_count; ++i) {
    const CastleRecord& c = nth(s.bcb_.castles, i);
    if (castle_root(s, c) != root) continue;
    switch (s.game_->switches().castle_farm_value) {
      case CastleFarmValue::EveryCastle:
        return 4;
      case CastleFarmValue::ScoredOnly:
        return c.scored ? 4 : 0;
    }
  }
  return -1;
}

}  // namespace carcheck
