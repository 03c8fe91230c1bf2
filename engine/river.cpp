// The River (C1) as an add-on room (engine/river.h). Sources: river-inns-rules.md S1-S11, the
// register rows river-* (interpretations.md).
#include "engine/river.h"

#include <algorithm>

#include "engine/rules_impl.h"
#include "engine/testing_hooks.h"

namespace carcheck {

RiverSides river_sides(const CellFace& f) {
  RiverSides r;
  for (int side = 0; side < kSides; ++side)
    if (f.sides[side] == Terrain::River && r.n < 2) r.side[r.n++] = side;
  return r;
}

bool is_river_tile(const TileType& t) { return t.n_cells == 1 && river_sides(t.face(0)).n > 0; }

namespace {

bool is_spring(const CellFace& f) { return f.marks & kMarkSpring; }

// The turn from heading `in` (the side the river left the previous tile by) to leaving by
// `out`: 0 straight, +1 right (clockwise), -1 left.
int turn_of(int in, int out) {
  if (out == in) return 0;
  return out == (in + 1) % kSides ? 1 : -1;
}

const char* sense_word(int turn) { return turn > 0 ? "right" : "left"; }

// The river sides of one-cell tile `tile` in rotation `rot`, read from the side terrains Game
// packed for the placement scan (two bits a side, River = 3): bit 2k set when side k is
// river, 0 for a land tile or a larger one. What river_sides(face) says, without a face's walk,
// for the checks a candidate placement asks.
uint32_t river_bits(const Game& g, TileId tile, int rot) {
  const uint32_t b = (g.packed_rotations(tile) >> (8 * rot)) & 0xFFu;
  return b & (b >> 1) & 0x55u;
}
RiverSides sides_of_bits(uint32_t bits) {
  RiverSides r;
  for (int side = 0; side < kSides; ++side)
    if ((bits >> (2 * side)) & 1u && r.n < 2) r.side[r.n++] = side;
  return r;
}

}  // namespace

RiverCourse river_course(const State& s) {
  RiverCourse c;
  for (int i = 0; i < s.cells() && c.spring_cell < 0; ++i)
    if (!s.hidden(i) && is_spring(s.face(i))) c.spring_cell = i;
  if (c.spring_cell < 0) return c;
  const RiverSides sp = river_sides(s.face(c.spring_cell));
  if (sp.n != 1) return c;
  c.spring_heading = sp.side[0];
  int cur = c.spring_cell, heading = sp.side[0];
  for (int steps = 0; steps <= s.cells(); ++steps) {
    const PlacedCell& pc = s.cell(cur);
    const int next = s.cell_at(pc.x + kDx[heading], pc.y + kDy[heading]);
    if (next < 0) {
      c.open_cell = cur;
      c.heading = heading;
      return c;
    }
    const RiverSides rs = river_sides(s.face(next));
    const int in = opposite_side(heading);
    if (rs.n == 1) {  // the lake: the river is closed
      c.closed = true;
      return c;
    }
    const int out = rs.side[0] == in ? rs.side[1] : rs.side[0];
    if (c.n_turns < static_cast<int>(sizeof c.turns))
      c.turns[c.n_turns++] = static_cast<int8_t>(turn_of(heading, out));
    heading = out;
    cur = next;
  }
  c.closed = true;  // a loop (never on a legal board): nothing is open
  return c;
}

namespace {

// river-uturn: whether a curve of sense `turn` after `c`'s course is forbidden, with the
// reason in `why` when it is given (the legal-move scan builds no message).
bool uturn_refused(const State& s, const RiverCourse& c, int turn, int new_heading, int x, int y,
                   std::string* why) {
  const Switches& sw = s.game().switches();
  const int last = c.n_turns ? c.turns[c.n_turns - 1] : 0;
  switch (sw.river_uturn) {
    case RiverUturn::Faq:
    case RiverUturn::Immediate:
      if (turn != 0 && last == turn) {
        if (why)
          *why = std::string("a ") + sense_word(turn) + " curve directly after a " +
                 sense_word(turn) + " curve turns the river back on itself (an immediate U-turn, " +
                 "S4: river-uturn=" + (sw.river_uturn == RiverUturn::Faq ? "faq" : "immediate") +
                 ")";
        return true;
      }
      if (sw.river_uturn == RiverUturn::Immediate || turn == 0) return false;
      {
        int same = 1;  // the candidate, then back through straights to an opposite curve
        for (int i = c.n_turns - 1; i >= 0 && c.turns[i] != -turn; --i) same += c.turns[i] == turn;
        if (same >= 3) {
          if (why)
            *why = std::string("a third ") + sense_word(turn) +
                   " curve in a row (counting back through straights to the last opposite curve "
                   "or the spring) is prohibited (S4 HiG FAQ: river-uturn=faq)";
          return true;
        }
      }
      return false;
    case RiverUturn::NoRepeat:
      if (turn == 0) return false;
      for (int i = c.n_turns - 1; i >= 0; --i) {
        if (c.turns[i] == 0) continue;
        if (c.turns[i] == turn) {
          if (why)
            *why = std::string("the last curve of the river also turned ") + sense_word(turn) +
                   " (no two curves of one sense in a row, straights between or not: "
                   "river-uturn=no-repeat)";
          return true;
        }
        break;
      }
      return false;
    case RiverUturn::NeverBack:
      if (new_heading == opposite_side(c.spring_heading)) {
        if (why)
          *why = std::string("the river would flow ") + kSideNames[new_heading] +
                 ", back against the spring's outflow " + kSideNames[c.spring_heading] +
                 " (S8: river-uturn=never-back)";
        return true;
      }
      return false;
    case RiverUturn::Lookahead: {
      // JCZ-cap: the next cell's two side neighbours, the cell after it and its two side
      // neighbours must be empty.
      const int nx = x + kDx[new_heading], ny = y + kDy[new_heading];
      const int l = (new_heading + 3) % kSides, r = (new_heading + 1) % kSides;
      const int ax = nx + kDx[new_heading], ay = ny + kDy[new_heading];
      const int probe[5][2] = {{nx + kDx[l], ny + kDy[l]},
                               {nx + kDx[r], ny + kDy[r]},
                               {ax, ay},
                               {ax + kDx[l], ay + kDy[l]},
                               {ax + kDx[r], ay + kDy[r]}};
      for (const auto& p : probe)
        if (s.cell_at(p[0], p[1]) >= 0) {
          if (why)
            *why = "space " + std::to_string(p[0]) + "," + std::to_string(p[1]) +
                   " ahead of the river's new end is taken (five empty spaces ahead: "
                   "river-uturn=lookahead)";
          return true;
        }
      return false;
    }
  }
  return false;
}

// Whether river tile `tile` may not go at x,y in rotation rot, with the reason in `why` when
// it is given. Reads the course the room keeps (State::river()), O(1) but for the turn rule.
bool river_refused(const State& s, TileId tile, int x, int y, int rot, std::string* why) {
  const uint32_t bits = river_bits(s.game(), tile, rot);
  if (!bits) return false;  // a land tile (or the base start) as usual
  const RiverCourse& c = s.river().course;
  const bool any_edge = s.game().switches().river_continuity == RiverContinuity::AnyEdge;
  const bool extends = c.open_cell >= 0 && x == s.cell(c.open_cell).x + kDx[c.heading] &&
                       y == s.cell(c.open_cell).y + kDy[c.heading];
  if (!extends) {
    // river-continuity=any-edge: any edge-legal placement away from the open end (the
    // register refuses it with every river-uturn but never-back, which such a tile cannot
    // break: it does not continue the flow).
    if (any_edge) return false;
    if (!why) return true;
    if (c.open_cell < 0) {
      *why =
          "the river is closed (or has no spring): a river tile has no open end "
          "to continue (river-continuity=extend, S2 fn 5)";
      return true;
    }
    const PlacedCell& o = s.cell(c.open_cell);
    *why = "a river tile must continue the river at its open end, space " +
           std::to_string(o.x + kDx[c.heading]) + "," + std::to_string(o.y + kDy[c.heading]) +
           " (river-continuity=extend, S2 fn 5)";
    return true;
  }
  const RiverSides rs = sides_of_bits(bits);
  if (rs.n < 2) return false;  // the lake ends the river: no turn, nothing ahead
  if (testing::break_rule == testing::BrokenRule::RiverUturnIgnored) return false;
  const int in = opposite_side(c.heading);
  const int out = rs.side[0] == in ? rs.side[1] : rs.side[0];
  return uturn_refused(s, c, turn_of(c.heading, out), out, x, y, why);
}

}  // namespace

std::optional<std::string> river_refusal(const State& s, TileId tile, int x, int y, int rot) {
  std::string why;
  if (!river_refused(s, tile, x, y, rot, &why)) return std::nullopt;
  return why;
}

namespace {

class River final : public AddOn {
 public:
  bool combines_with(Family f) const override { return f == Family::Base || f == Family::Bcb; }
  uint32_t hooks() const override {
    namespace h = add_on_hooks;
    return h::kStartTile | h::kSetup | h::kDrawDue | h::kUnplaceable | h::kPlacement |
           h::kCellsAdded;
  }

  // S1 "the spring is the start tile": the first tile with a spring.
  TileId start_tile(const std::vector<TileType>& tiles, TileId so_far) const override {
    for (size_t i = 0; i < tiles.size(); ++i)
      if (tiles[i].n_cells == 1 && is_spring(tiles[i].face(0))) return static_cast<TileId>(i);
    return so_far;
  }

  void setup(State& s) const override { Rules::river_setup(s); }

  bool draw_due(State& s, const ChainRest& rest) const override {
    Rules::river_next_pile(s);
    // The land tiles are the last pile: no pile gives way any more. A closed river's course
    // stays as it is (river_cells_added walks no further). Either holds for the rest of the
    // game, and the hook retires: the land turns pay nothing for the river.
    if (s.active_pile() == s.piles() - 1) rest.retire(s, add_on_hooks::kDrawDue);
    if (s.river().ended) rest.retire(s, add_on_hooks::kCellsAdded);
    return false;  // the family's room goes on (the end when no tile is left)
  }

  bool unplaceable(State& s, TileId t, const ChainRest& rest) const override {
    if (!is_river_tile(s.game().tile(t))) {
      rest.unplaceable(s, t);
      return true;
    }
    Rules::river_unplaceable(s, t);
    return true;
  }

  bool restricts_placement(const Switches&) const override { return true; }
  bool restricts_tile(const TileType& t) const override { return is_river_tile(t); }
  bool placement_allowed(const State& s, TileId tile, int x, int y, int rot,
                         std::string* why) const override {
    return !river_refused(s, tile, x, y, rot, why);
  }

  void cells_added(State& s, int) const override { Rules::river_cells_added(s); }

  // river-continuity=extend: a river tile goes only at the open end (none when the river is
  // closed), so the placement scan looks at that one space instead of the whole frontier.
  int placement_space(const State& s, TileId tile, int& x, int& y) const override {
    if (s.game().switches().river_continuity != RiverContinuity::Extend) return -1;
    if (!river_bits(s.game(), tile, 0)) return -1;
    const RiverCourse& c = s.river().course;
    if (c.open_cell < 0) return 0;
    x = s.cell(c.open_cell).x + kDx[c.heading];
    y = s.cell(c.open_cell).y + kDy[c.heading];
    return 1;
  }
};

}  // namespace

std::shared_ptr<const AddOn> river_add_on() {
  static const auto room = std::make_shared<const River>();
  return room;
}

// ---- The steps (Rules is State's friend) -------------------------------------------------------

// river_course's walk, gone on from where it stopped: cells only join the board, so the first
// spring found stays the first and the river's cells stay as they were. Must give what a fresh
// walk gives (tests/test_river.cpp compares them over random games).
void Rules::river_cells_added(State& s) {
  RiverState& r = s.river_;
  RiverCourse& c = r.course;
  if (r.ended) return;
  if (r.at < 0) {
    for (; r.scanned < s.cells() && c.spring_cell < 0; ++r.scanned)
      if (!s.hidden(r.scanned) && is_spring(s.face(r.scanned))) c.spring_cell = r.scanned;
    if (c.spring_cell < 0) return;
    const RiverSides sp = river_sides(s.face(c.spring_cell));
    if (sp.n != 1) {
      r.ended = true;
      return;
    }
    c.spring_heading = sp.side[0];
    r.at = c.spring_cell;
    r.at_heading = sp.side[0];
  }
  for (; r.steps <= s.cells(); ++r.steps) {
    const PlacedCell& pc = s.cell(r.at);
    const int next = s.cell_at(pc.x + kDx[r.at_heading], pc.y + kDy[r.at_heading]);
    if (next < 0) {
      c.open_cell = r.at;
      c.heading = r.at_heading;
      return;
    }
    const RiverSides rs = river_sides(s.face(next));
    const int in = opposite_side(r.at_heading);
    if (rs.n == 1) break;  // the lake: the river is closed
    const int out = rs.side[0] == in ? rs.side[1] : rs.side[0];
    if (c.n_turns < static_cast<int>(sizeof c.turns))
      c.turns[c.n_turns++] = static_cast<int8_t>(turn_of(r.at_heading, out));
    r.at_heading = out;
    r.at = next;
  }
  c.closed = true;  // by the lake, or a loop (never on a legal board): nothing is open
  c.open_cell = -1;
  c.heading = -1;
  r.ended = true;
}

// The piles in draw order (S1, S2 fn 4): pile 0 the river stack, pile 1 the lake, then under
// river-start-tile=after-river a pile holding the base start tile, then the land tiles. The
// supply was shuffled as one (State's constructor), so each pile keeps its tiles' shuffled
// order. The printed start tile is one of the land tiles' copies (Game: the spring replaced
// it as start): removed, shuffled into the river stack, kept for after the lake, or left in
// the land tiles (river-start-tile).
void Rules::river_setup(State& s) {
  const Game& g = *s.game_;
  std::vector<TileId> river, lake, start, land;
  size_t supply = 0;
  for (const auto& pile : s.piles_) supply += pile.size();
  land.reserve(supply + 1);  // one allocation per game, not one per doubling
  river.reserve(16);
  const TileId printed = g.printed_start();
  bool start_taken = false;
  for (const auto& pile : s.piles_)
    for (TileId t : pile) {
      const TileType& tt = g.tile(t);
      if (tt.n_cells == 1 && (tt.face(0).marks & kMarkLake))
        lake.push_back(t);
      else if (is_river_tile(tt))
        river.push_back(t);
      else if (t == printed && !start_taken) {
        start_taken = true;
        start.push_back(t);
      } else {
        land.push_back(t);
      }
    }
  switch (g.switches().river_start_tile) {
    case RiverStartTile::Removed:  // S1 "Remove the original start tile from the game."
      s.set_aside_.insert(s.set_aside_.end(), start.begin(), start.end());
      start.clear();
      break;
    case RiverStartTile::RiverStack:  // S3, S9: shuffled into the river tiles
      if (!start.empty())
        river.insert(river.begin() + s.rng_.below(static_cast<uint32_t>(river.size() + 1)),
                     start.front());
      start.clear();
      break;
    case RiverStartTile::AfterRiver:  // S3, S8: placed as soon as the river is complete
      break;
    case RiverStartTile::LandStack:  // WS: shuffled into the land tiles
      if (!start.empty())
        land.insert(land.begin() + s.rng_.below(static_cast<uint32_t>(land.size() + 1)),
                    start.front());
      start.clear();
      break;
  }
  s.piles_.clear();
  s.piles_.push_back(std::move(river));
  s.piles_.push_back(std::move(lake));
  if (!start.empty()) s.piles_.push_back(std::move(start));
  s.piles_.push_back(std::move(land));
  s.active_pile_ = 0;
}

// A turn begins on an empty pile: the next one with tiles becomes the active one. Under
// river-lake-turn=same-player, the player who placed the last river tile places the lake
// (and the after-river start tile) at once: the turn that just ended is theirs again.
bool Rules::river_next_pile(State& s) {
  if (!nth(s.piles_, s.active_pile_).empty()) return false;
  int next = s.active_pile_ + 1;
  while (next < static_cast<int>(s.piles_.size()) && nth(s.piles_, next).empty()) ++next;
  if (next >= static_cast<int>(s.piles_.size())) return false;  // no tile left: the end
  const bool to_land = next == static_cast<int>(s.piles_.size()) - 1;
  s.active_pile_ = next;
  const bool turn_ended = !s.history_.empty() && s.history_.back().kind != ActionKind::Draw;
  if (!to_land && turn_ended && s.game_->switches().river_lake_turn == RiverLakeTurn::SamePlayer) {
    s.player_ = (s.player_ + s.game_->players() - 1) % s.game_->players();
    --s.turn_;
  }
  return true;
}

// river-unplaceable: removed (as base-unplaceable-tile's default, whatever that switch says:
// the river stack is not the land pile), or put back under the river stack above the lake and
// removed when it is the last one, every tile of the stack removed once none left fits.
void Rules::river_unplaceable(State& s, TileId t) {
  auto& pile = nth(s.piles_, s.active_pile_);
  const bool river_stack = s.active_pile_ == 0 && !pile.empty();
  if (s.game_->switches().river_unplaceable == RiverUnplaceable::Bottom && river_stack) {
    pile.insert(pile.begin(), t);  // the bottom of the river stack: the lake is the next pile
    set_aside_if_none_fits(s, pile);
  } else {
    s.set_aside_.push_back(t);
  }
  s.drawn_ = -1;
  enter_draw(s);
}

}  // namespace carcheck
