// The River's invariant (checker/room_invariants.h): the river as the checker reads it from the
// tile faces and the placement order alone, never from the engine's own course
// (engine/river.cpp river_course): continuous from the spring and free of the turns the
// river-uturn reading in force forbids. It holds trivially in a game whose start tile is no
// spring (the River makes the spring the start tile, S1).
#include <optional>
#include <string>
#include <vector>

#include "checker/room_invariants.h"

namespace carcheck {
namespace {

bool river_side(const CellFace& f, int side) { return f.sides[side] == Terrain::River; }

int river_side_count(const CellFace& f) {
  int n = 0;
  for (int side = 0; side < kSides; ++side) n += river_side(f, side);
  return n;
}

std::string at(const State& s, int cell) {
  return std::to_string(s.cell(cell).x) + "," + std::to_string(s.cell(cell).y);
}

const char* sense(int turn) { return turn > 0 ? "right" : "left"; }

// The course from the spring: the cells in flow order and the side each leaves by.
struct Course {
  std::vector<int> cells;
  std::vector<int> out;  // the side the river leaves cells[i] by (-1: the lake)
};

std::optional<std::string> walk(const State& s, Course& c) {
  int cur = 0, heading = -1;
  for (int side = 0; side < kSides; ++side)
    if (river_side(s.face(0), side)) heading = side;
  for (;;) {
    c.cells.push_back(cur);
    c.out.push_back(heading);
    if (heading < 0) return std::nullopt;  // the lake closed the river
    const int next = s.cell_at(s.cell(cur).x + kDx[heading], s.cell(cur).y + kDy[heading]);
    if (next < 0) return std::nullopt;  // the open end
    const CellFace& f = s.face(next);
    const int in = opposite_side(heading);
    if (!river_side(f, in))
      return "river: the river leaving " + at(s, cur) + " by side " + kSideNames[heading] +
             " meets no river on the tile at " + at(s, next);
    if (static_cast<int>(c.cells.size()) > s.cells())
      return std::string("river: the river runs in a loop");
    int out = -1;
    for (int side = 0; side < kSides; ++side)
      if (side != in && river_side(f, side)) out = side;
    if (river_side_count(f) > 2)
      return "river: the tile at " + at(s, next) + " has more than two river sides";
    cur = next;
    heading = out;
  }
}

// The turn at course position i (0 straight, +1 right, -1 left), i >= 1 with a way out.
int turn_at(const Course& c, size_t i) {
  const int in = c.out[i - 1], out = c.out[i];
  if (out == in) return 0;
  return out == (in + 1) % kSides ? 1 : -1;
}

std::optional<std::string> river_course_rules(const State& s, const BoardCounts&) {
  if (s.cells() == 0 || !(s.face(0).marks & kMarkSpring)) return std::nullopt;  // no River
  Course c;
  if (auto why = walk(s, c)) return why;
  const Switches& sw = s.game().switches();
  // Continuity (river-continuity=extend): every river tile on the board lies on the course,
  // and each was placed after the one upstream of it (at the open end).
  if (sw.river_continuity == RiverContinuity::Extend) {
    int on_board = 0;
    for (int i = 0; i < s.cells(); ++i) on_board += !s.hidden(i) && river_side_count(s.face(i)) > 0;
    if (on_board != static_cast<int>(c.cells.size()))
      return "river: " + std::to_string(on_board) + " river tiles on the board, but the course " +
             "from the spring passes " + std::to_string(c.cells.size()) +
             " (a river tile not continuing the river)";
    for (size_t i = 1; i < c.cells.size(); ++i)
      if (s.cell(c.cells[i]).placement < s.cell(c.cells[i - 1]).placement)
        return "river: the tile at " + at(s, c.cells[i]) + " was placed before the one upstream";
  }
  // The turns of the course against the river-uturn reading in force. Under any-edge a course
  // may run into river tiles placed apart from it, whose flow no reading defines: the
  // register takes only never-back's word for the tile that extends the river, which the
  // walk cannot tell apart, so nothing more is read.
  if (sw.river_continuity == RiverContinuity::AnyEdge) return std::nullopt;
  const int spring_heading = c.out[0];
  int last_curve = 0, same_run = 0;  // the last curve's sense; curves of it since an opposite
  for (size_t i = 1; i < c.cells.size(); ++i) {
    if (c.out[i] < 0) break;  // the lake
    const int t = turn_at(c, i);
    const int prev = i >= 2 ? turn_at(c, i - 1) : 0;
    const std::string where = "river: the curve at " + at(s, c.cells[i]);
    switch (sw.river_uturn) {
      case RiverUturn::Faq:
      case RiverUturn::Immediate:
        if (t != 0 && t == prev)
          return where + " turns " + sense(t) + " right after a " + sense(t) +
                 " curve (an immediate U-turn)";
        if (sw.river_uturn == RiverUturn::Faq && t != 0 && t == last_curve && same_run + 1 >= 3)
          return where + " is the third " + sense(t) + " curve in a row (S4)";
        break;
      case RiverUturn::NoRepeat:
        if (t != 0 && t == last_curve)
          return where + " turns " + sense(t) + " like the curve before it (no-repeat)";
        break;
      case RiverUturn::NeverBack:
        if (c.out[i] == opposite_side(spring_heading))
          return "river: at " + at(s, c.cells[i]) + " the river flows back against the spring";
        break;
      case RiverUturn::Lookahead: {
        // When the tile was placed, the five spaces ahead of its way out held no tile.
        const int h = c.out[i], l = (h + 3) % kSides, r = (h + 1) % kSides;
        const int x = s.cell(c.cells[i]).x + kDx[h], y = s.cell(c.cells[i]).y + kDy[h];
        const int probe[5][2] = {{x + kDx[l], y + kDy[l]},
                                 {x + kDx[r], y + kDy[r]},
                                 {x + kDx[h], y + kDy[h]},
                                 {x + kDx[h] + kDx[l], y + kDy[h] + kDy[l]},
                                 {x + kDx[h] + kDx[r], y + kDy[h] + kDy[r]}};
        for (const auto& p : probe) {
          const int o = s.cell_at(p[0], p[1]);
          if (o >= 0 && s.cell(o).placement < s.cell(c.cells[i]).placement)
            return "river: when the tile at " + at(s, c.cells[i]) + " was placed, the space " +
                   std::to_string(p[0]) + "," + std::to_string(p[1]) +
                   " ahead of it was taken (lookahead)";
        }
        break;
      }
    }
    if (t != 0) {
      same_run = t == last_curve ? same_run + 1 : 1;
      last_curve = t;
    }
  }
  return std::nullopt;
}

constexpr RoomInvariant kInvariants[] = {
    {"river: continuous from the spring, no forbidden turn", river_course_rules}};

}  // namespace

std::span<const RoomInvariant> river_invariants() { return kInvariants; }

}  // namespace carcheck
