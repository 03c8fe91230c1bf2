// The invariant checker (checker/invariants.h). Every check recomputes what it needs from
// the public State and the tile geometry, never from the engine's own counters, so that a
// wrong counter cannot vouch for itself.
#include "checker/invariants.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "checker/bcb_geometry.h"
#include "checker/room_invariants.h"
#include "checker/table_bounds.h"
#include "dsl/action_parser.h"
#include "dsl/level_loader.h"
#include "dsl/library.h"
#include "engine/room_words.h"
#include "gamelog/log_write.h"
#include "gamelog/replay.h"

namespace carcheck {

namespace {

inline constexpr int kCompletenessEvery = 8;  // Place decisions between full listings
inline constexpr int kFeatureClasses = static_cast<int>(FeatureClass::None) + 1;
static_assert(kFeatureClasses == kScoreClasses + 1);

using Fail = std::optional<std::string>;

std::string at(const State& s, int cell) {
  return std::to_string(s.cell(cell).x) + "," + std::to_string(s.cell(cell).y);
}

bool is_centre_kind(SegmentKind k) {
  return k == SegmentKind::Monastery || k == SegmentKind::Castle || k == SegmentKind::Cemetery;
}

// Occupied spaces (and face-down ones) among the 8 around a cell, from the grid.
void count8(const State& s, int c, int& occupied, int& face_down, int& face_down_orthogonal) {
  occupied = face_down = face_down_orthogonal = 0;
  const PlacedCell& pc = s.cell(c);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (!dx && !dy) continue;
      int nb = s.cell_at(pc.x + dx, pc.y + dy);
      if (nb < 0) continue;
      ++occupied;
      if (s.hidden(nb)) {
        ++face_down;
        if (!dx || !dy) ++face_down_orthogonal;
      }
    }
}

// Would `tile` fit at (x, y) in `rot`, by the placement rule read off the geometry: every
// cell on an empty space, every touching side of the same terrain as a face-up neighbour, at
// least one side touching, and next to a face-down tile only if a face-up one is touched too.
bool fits_by_geometry(const State& s, const TileType& t, int x, int y, int rot) {
  bool touches = false, face_up = false, face_down = false;
  for (const CellFace& f : t.rot[rot]) {
    int cx = x + f.dx, cy = y + f.dy;
    if (s.cell_at(cx, cy) >= 0 || !on_the_table(s, cx, cy)) return false;
    for (int side = 0; side < kSides; ++side) {
      int nb = s.cell_at(cx + kDx[side], cy + kDy[side]);
      if (nb < 0) continue;
      touches = true;
      if (s.hidden(nb)) {
        face_down = true;
        continue;
      }
      face_up = true;
      if (shown_side(s, nb, opposite_side(side)) != f.sides[side]) return false;
    }
  }
  return touches && (!face_down || face_up);
}

// An empty space as a one-cell tile meets it: its four neighbours as the board shows them,
// read once and then tried against every rotation (the same rule as fits_by_geometry). The
// face-up neighbours' sides are packed a byte a side, so that a face fits when its own four
// sides, read as one word and masked to those sides, equal them.
struct Around {
  int x = 0, y = 0;
  bool placeable = false;  // empty, on the table, touching a tile, a face-up one if any face-down
  uint32_t mask = 0, want = 0;

  void read(const State& s, int ax, int ay) {
    x = ax;
    y = ay;
    // Nothing beyond the table's edge.
    const bool empty = s.cell_at(x, y) < 0 && on_the_table(s, x, y);
    bool touches = false, face_up = false, face_down = false;
    std::array<uint8_t, kSides> m{}, w{};
    for (int side = 0; side < kSides; ++side) {
      const int nb = s.cell_at(x + kDx[side], y + kDy[side]);
      if (nb < 0) continue;
      touches = true;
      if (s.hidden(nb)) {
        face_down = true;
        continue;
      }
      face_up = true;
      nth(m, side) = 0xFF;
      nth(w, side) = static_cast<uint8_t>(shown_side(s, nb, opposite_side(side)));
    }
    placeable = empty && touches && (!face_down || face_up);
    std::memcpy(&mask, m.data(), sizeof mask);
    std::memcpy(&want, w.data(), sizeof want);
  }
  bool fits(const CellFace& f) const {
    static_assert(sizeof(f.sides) == sizeof(uint32_t), "a face's sides are read as one word");
    if (!placeable) return false;
    uint32_t sides = 0;
    std::memcpy(&sides, f.sides.data(), sizeof sides);
    return (sides & mask) == want;
  }
};

// A one-cell tile's face in `rot` when the fast path applies, else nullptr.
const CellFace* single_face(const TileType& t, int rot) {
  if (t.n_cells != 1) return nullptr;
  const CellFace& f = t.rot[rot].front();
  return f.dx == 0 && f.dy == 0 ? &f : nullptr;
}

// Every placement of `tile` the geometry allows (the empty spaces next to the board).
// `spaces` is the caller's scratch buffer (no allocation once it has grown).
int placements_by_geometry(const State& s, TileId tile, bool stop_at_first,
                           std::vector<std::pair<int, int>>& spaces) {
  const TileType& t = s.game().tile(tile);
  spaces.clear();
  // Each empty space once, from the first of its neighbours in side order (N, E, S, W): the
  // cell that sees it on `side` lies on its opposite side, so no neighbour may come before.
  for (int c = 0; c < s.cells(); ++c)
    for (int side = 0; side < kSides; ++side) {
      const int x = s.cell(c).x + kDx[side], y = s.cell(c).y + kDy[side];
      if (s.cell_at(x, y) >= 0) continue;
      bool first = true;
      for (int d = 0; d < opposite_side(side) && first; ++d)
        first = s.cell_at(x + kDx[d], y + kDy[d]) < 0;
      if (first) spaces.emplace_back(x, y);
    }
  int n = 0;
  Around around;
  // A rule set's add-on rooms may restrict placement further: their rule taken on trust.
  const RuleSystem& room = s.game().rule_system();
  for (auto [x, y] : spaces) {
    around.read(s, x, y);
    // A multi-cell tile is anchored at its first cell; only single cells are ever drawn.
    for (int rot = 0; rot < kRotations; ++rot) {
      const CellFace* f = single_face(t, rot);
      if ((f ? around.fits(*f) : fits_by_geometry(s, t, x, y, rot)) &&
          room.add_ons_allow_placement(s, tile, x, y, rot)) {
        ++n;
        if (stop_at_first) return n;
      }
    }
  }
  return n;
}

// The kind of segment `seg` of a placed cell: a bridge (BCB, kBridgeSeg) is a road.
SegmentKind kind_at(const State& s, int cell, int seg) {
  if (seg == kBridgeSeg && bridge_axis_at(s, cell) >= 0) return SegmentKind::Road;
  return s.face(cell).segments[seg].kind;
}
bool is_feature_of(const State& s, int cell, int seg) {
  return (seg >= 0 && seg < s.face(cell).n_segments) ||
         (seg == kBridgeSeg && bridge_axis_at(s, cell) >= 0);
}

// A follower on segment `seg` of face `f` stands on a kind the room allows (`spots`); a
// bridge's road takes one (the callers have checked that the cell has the bridge). A segment
// that shows mist takes none where a room refuses its kind in mist (`refused_in_mist`, a bit
// per SegmentKind: RoomCheck::refuses_in_mist); without mist on the board that never applies.
bool meeple_kind_allowed(const FollowerSpots& spots, uint32_t refused_in_mist, const CellFace& f,
                         int seg) {
  if (seg == kBridgeSeg) return true;
  const Segment& k = f.segments[seg];
  if ((k.ports & f.mist_ports) && ((refused_in_mist >> static_cast<int>(k.kind)) & 1u))
    return false;
  return spots.allows(k.kind);
}

// Whether the room of rule set `r` reads switch `id` (the switch table names the families
// each switch's values are for, and the add-on room of a room's switch): a switch of another
// room leaves the game as it was.
bool reads_switch(const RuleSet& r, std::string_view id) {
  for (const SwitchValue& row : switch_table())
    if (row.id == id && (row.families & family_bit(r.family)) &&
        (row.room.empty() ||
         std::find(r.rooms.begin(), r.rooms.end(), std::string(row.room)) != r.rooms.end()))
      return true;
  return false;
}

FeatureClass class_of(SegmentKind k) {
  switch (k) {
    case SegmentKind::Road:
      return FeatureClass::Road;
    case SegmentKind::City:
      return FeatureClass::City;
    case SegmentKind::Field:
      return FeatureClass::Field;
    case SegmentKind::Monastery:
      return FeatureClass::Monastery;
    case SegmentKind::Castle:
      return FeatureClass::Castle;
    case SegmentKind::Cemetery:
      return FeatureClass::Cemetery;
  }
  return FeatureClass::None;
}

// The first line where two snapshots differ, for the report.
std::string first_line_difference(const std::string& a, const std::string& b) {
  std::istringstream ia(a), ib(b);
  std::string la, lb;
  for (int n = 1;; ++n) {
    bool ga = static_cast<bool>(std::getline(ia, la)), gb = static_cast<bool>(std::getline(ib, lb));
    if (!ga && !gb) return "";
    if (!ga || !gb || la != lb)
      return "line " + std::to_string(n) + ": '" + (ga ? la : "<end>") + "' vs '" +
             (gb ? lb : "<end>") + "'";
  }
}

// `replay` equals `s` field by field; on a difference, its field and the snapshots' first
// differing line.
Fail same_state(const std::string& what, const State& s, const State& replay) {
  const char* field = s.first_difference(replay);
  if (!field) return std::nullopt;
  return what + " differs in its " + field + ", " +
         first_line_difference(s.snapshot(), replay.snapshot());
}

}  // namespace

InvariantChecker::InvariantChecker(const State& start, GameStart from, CheckOptions o)
    : opt_(o), from_(std::move(from)), game_(&start.game()) {
  for (const TileType& t : game_->tiles()) tiles_in_play_ += t.count;
  meeples_total_ = static_cast<int>(start.meeples().size());
  prev_cells_ = start.cells();
  for (int t = 0; t < start.score_count(); ++t) {
    const Score& sc = start.score(t);
    prev_scores_.push_back(sc.total);
    int classes = 0;
    for (int v : sc.by_feature) classes += v;
    score_offsets_.push_back(sc.total - classes);
  }
  const std::vector<FeatureClass>& listed = game_->score_classes();
  for (int f = 0; f < kScoreClassCapacity; ++f) {
    const auto c = static_cast<FeatureClass>(f);
    if (c == FeatureClass::None) continue;  // never holds points
    // A class a room outside the engine registered (engine/room_words.h) is its own room's:
    // no shipped room scores there, so it counts wherever it holds points.
    const bool registered = f > kScoreClasses;
    const bool counted = registered || std::find(listed.begin(), listed.end(), c) != listed.end();
    nth(counted ? counted_classes_ : stray_classes_, f) = ~0;
  }
  prev_active_pile_ = start.active_pile();
  turn_ = start.turn();
  finished_events_.assign(kFeatureClasses, 0);
  const RuleSet& r = game_->rules();
  followers_ = game_->rule_system().followers(r);
  old_small_city_ = reads_switch(r, "small-city") && game_->switches().small_city == SmallCity::Old;
  unfinished_only_ = reads_switch(r, "meeple-on-finished") &&
                     game_->switches().meeple_on_finished == MeepleOnFinished::UnfinishedOnly;
  for (const RoomCheckEntry& room : room_checks())
    if (std::unique_ptr<RoomCheck> check = room.make(start)) rooms_.push_back(std::move(check));
  for (int c = 0; c < kFeatureClasses; ++c)
    for (const std::unique_ptr<RoomCheck>& room : rooms_)
      nth(room_counts_, c) =
          nth(room_counts_, c) || room->counts_finished(static_cast<FeatureClass>(c));
  for (const SegmentKind k : {SegmentKind::Road, SegmentKind::City, SegmentKind::Field,
                              SegmentKind::Monastery, SegmentKind::Castle, SegmentKind::Cemetery})
    for (const std::unique_ptr<RoomCheck>& room : rooms_)
      if (room->refuses_in_mist(k)) refused_in_mist_ |= 1u << static_cast<int>(k);
}

// ---- Walking regions by the geometry -----------------------------------------------------------

void InvariantChecker::Walk::reset() {
  nodes.clear();  // keeps its capacity: walks run many times a turn
  cells = shields = open = 0;
  haunted = clear = false;
}

// New marks for a walk. At the wrap-around the old marks are cleared, so that no mark from
// before can pass for one of this walk or (close_turn) for a later one.
void InvariantChecker::next_stamps() {
  if (++stamp_ == 0) {
    std::fill(node_mark_.begin(), node_mark_.end(), 0);
    stamp_ = 1;
  }
  if (++cell_stamp_ == 0) {
    std::fill(cell_mark_.begin(), cell_mark_.end(), 0);
    cell_stamp_ = 1;
  }
}

void InvariantChecker::walk_segments(const State& s, int cell, int seg, Walk& w) {
  w.reset();
  size_t nodes = static_cast<size_t>(node_count(s.cells()));
  if (node_mark_.size() < nodes) node_mark_.resize(nodes, 0);
  if (cell_mark_.size() < static_cast<size_t>(s.cells()))
    cell_mark_.resize(static_cast<size_t>(s.cells()), 0);
  next_stamps();
  stack_.clear();
  int start = segment_node(cell, seg);
  stack_.push_back(start);
  nth(node_mark_, start) = stamp_;
  while (!stack_.empty()) {
    int n = stack_.back();
    stack_.pop_back();
    int c = node_cell(n), k = node_part(n);
    w.nodes.push_back(n);
    if (nth(cell_mark_, c) != cell_stamp_) {
      nth(cell_mark_, c) = cell_stamp_;
      ++w.cells;
    }
    const PlacedCell& pc = s.cell(c);
    PortMask links = 0;
    if (k == kBridgeSeg) {  // BCB: a bridge links the middles of the two sides it spans
      for (int side = 0; side < kSides; ++side)
        if ((side % 2 == 0) == (bridge_axis_at(s, c) == 0))
          links = static_cast<PortMask>(links | (1u << centre_port(side)));
    } else {
      const Segment& g = s.face(c).segments[k];
      w.shields += g.shields;
      links = g.links;
    }
    // The set ports only, lowest first (the order the open witness and the stack rely on).
    for (unsigned left = links; left != 0; left &= left - 1) {
      const int p = std::countr_zero(left);
      int side = side_of(p);
      int nb = s.cell_at(pc.x + kDx[side], pc.y + kDy[side]);
      if (nb < 0) {
        if (w.open++ == 0) {
          w.open_x = pc.x + kDx[side];
          w.open_y = pc.y + kDy[side];
        }
        continue;
      }
      if (s.hidden(nb)) {
        w.haunted = true;
        continue;
      }
      int m = linked_node(s, nb, facing_port(p));
      if (m < 0 || nth(node_mark_, m) == stamp_) continue;
      nth(node_mark_, m) = stamp_;
      stack_.push_back(m);
    }
  }
}

void InvariantChecker::walk_mist_into(const State& s, int cell, int area, Walk& w) {
  w.reset();
  size_t nodes = static_cast<size_t>(node_count(s.cells()));
  if (node_mark_.size() < nodes) node_mark_.resize(nodes, 0);
  if (cell_mark_.size() < static_cast<size_t>(s.cells()))
    cell_mark_.resize(static_cast<size_t>(s.cells()), 0);
  next_stamps();
  stack_.clear();
  int start = mist_node(cell, area);
  stack_.push_back(start);
  nth(node_mark_, start) = stamp_;
  while (!stack_.empty()) {
    int n = stack_.back();
    stack_.pop_back();
    int c = node_cell(n), a = node_mist_area(n);
    w.nodes.push_back(n);
    if (nth(cell_mark_, c) != cell_stamp_) {
      nth(cell_mark_, c) = cell_stamp_;
      ++w.cells;
    }
    const PlacedCell& pc = s.cell(c);
    PortMask ports = s.face(c).mist[a].ports;
    for (unsigned left = ports; left != 0; left &= left - 1) {
      const int p = std::countr_zero(left);
      int side = side_of(p);
      int nb = s.cell_at(pc.x + kDx[side], pc.y + kDy[side]);
      if (nb < 0) {
        ++w.open;
        continue;
      }
      if (s.hidden(nb)) {
        w.haunted = true;
        continue;
      }
      int nm = s.face(nb).port_mist[facing_port(p)];
      if (nm < 0) {  // mist against clear land: never finished (Dized.MoC.0043)
        w.clear = true;
        continue;
      }
      int m = mist_node(nb, nm);
      if (nth(node_mark_, m) == stamp_) continue;
      nth(node_mark_, m) = stamp_;
      stack_.push_back(m);
    }
  }
}

// The centre feature at `cell` by the geometry: a monastery is finished with all 8 spaces
// around it filled and scores 9 (seed 001); a centre of another kind is the room's that claims
// it (RoomCheck::centre: Mists' castles), and nobody's (never finished here) otherwise: a
// cemetery closes by the Mists room's own check.
RoomCheck::Centre InvariantChecker::centre(const State& s, int cell) const {
  if (s.hidden(cell)) return {};
  const CellFace& f = s.face(cell);
  if (f.centre < 0) return {};
  if (f.segments[f.centre].kind == SegmentKind::Monastery) {
    int occupied, fd, fd_orth;
    count8(s, cell, occupied, fd, fd_orth);
    return {occupied == 8, 9, false};
  }
  for (const std::unique_ptr<RoomCheck>& room : rooms_)
    if (std::optional<RoomCheck::Centre> c = room->centre(s, cell)) return *c;
  return {};
}

int InvariantChecker::segment_value(FeatureClass f, const Walk& w) const {
  if (f == FeatureClass::Road) return w.cells;
  if (old_small_city_ && w.cells == 2) return w.cells + w.shields;
  return 2 * w.cells + 2 * w.shields;
}

MistWalk InvariantChecker::walk_mist(const State& s, int cell, int area) {
  walk_mist_into(s, cell, area, walk_);
  return {*std::min_element(walk_.nodes.begin(), walk_.nodes.end()), walk_.open, walk_.haunted,
          walk_.clear};
}

int InvariantChecker::placements_by_geometry(const State& s, TileId tile, bool stop_at_first) {
  return carcheck::placements_by_geometry(s, tile, stop_at_first, spaces_);
}

// The geometry gives the family room's value; a rule set combining add-on rooms changes it by
// their own arithmetic (RuleSystem::add_on_value), taken on trust: the identity otherwise.
int InvariantChecker::added_value(const State& s, const Expected& x) const {
  PendingScore p;
  p.feature = x.feature;
  const bool centre = x.feature == FeatureClass::Monastery || x.feature == FeatureClass::Castle;
  p.node = static_cast<int16_t>(centre ? x.key : s.region_root(x.key));
  return game_->rule_system().add_on_value(s, p, false, x.value);
}

// ---- After every action
// --------------------------------------------------------------------------

Fail InvariantChecker::conservation(const State& s) {
  if (Fail f = board_pass(s)) return f;
  if (Fail f = meeple_conservation(s)) return f;
  if (Fail f = tile_conservation(s)) return f;
  // The rooms' own (checker/room_invariants.h): each holds trivially where its pieces are absent.
  const BoardCounts board{buried_meeples()};
  for (const RoomInvariant& inv : room_invariants())
    if (Fail f = inv.check(s, board)) return f;
  return std::nullopt;
}

// The tiles on the board, counted once a action for tile_conservation(), which runs next
// (a room's pieces on the cells, Mists' ghosts, are its own check's to count).
Fail InvariantChecker::board_pass(const State& s) const {
  int face_up_tiles = 0, face_down = 0;
  for (int c = 0; c < s.cells(); ++c) {
    const PlacedCell& pc = s.cell(c);
    face_down += pc.hidden ? 1 : 0;
    face_up_tiles += !pc.hidden && pc.index == 0 ? 1 : 0;
  }
  board_face_up_tiles_ = face_up_tiles;
  board_face_down_ = face_down;
  return std::nullopt;
}

Fail InvariantChecker::meeple_conservation(const State& s) {
  const Game& g = *game_;
  // Meeples: supply + board + buried + Level 6 scoring meeples = all of them.
  int supply = 0, on_board = 0, buried = 0, scoring = 0;
  std::array<int, kMaxColours> per_colour{}, supply_per_colour{};
  n_buried_ = 0;
  for (size_t i = 0; i < s.meeples().size(); ++i) {
    const Meeple& m = s.meeples()[i];
    if (m.colour >= 0 && m.colour < kMaxColours) {
      ++nth(per_colour, m.colour);
      if (m.in_play && m.cell < 0) ++nth(supply_per_colour, m.colour);
    }
    if (!m.in_play) {
      ++scoring;
      if (m.cell >= 0) return "meeples: a scoring meeple stands on the board";
    } else if (is_buried(m)) {
      ++buried;
      if (n_buried_ < kMaxMeeples) nth(buried_, n_buried_++) = static_cast<int>(i);
    } else if (m.cell >= 0) {
      ++on_board;
    } else {
      ++supply;
    }
    if (m.colour < 0 || m.colour >= g.colours()) return "meeples: a meeple of a colour not in play";
  }
  int expected_total = g.colours() * g.meeples_per_colour();
  int expected_scoring = 0;  // meeples a room holds out of play (RoomCheck::meeples_held)
  for (const std::unique_ptr<RoomCheck>& room : rooms_) expected_scoring += room->meeples_held(s);
  if (static_cast<int>(s.meeples().size()) != meeples_total_ || meeples_total_ != expected_total ||
      supply + on_board + buried + scoring != expected_total)
    return "meeples not conserved: supply " + std::to_string(supply) + " + board " +
           std::to_string(on_board) + " + buried " + std::to_string(buried) + " + scoring " +
           std::to_string(scoring) + ", not " + std::to_string(expected_total);
  for (int c = 0; c < g.colours(); ++c)
    if (nth(per_colour, c) != g.meeples_per_colour())
      return std::string("meeples: ") + s.game().colour_name(c) + " has " +
             std::to_string(nth(per_colour, c)) + " meeples, not " +
             std::to_string(g.meeples_per_colour());
  // The engine keeps each supply's count as meeples move (State::meeples_in_supply).
  for (int c = 0; c < g.colours(); ++c)
    if (s.meeples_in_supply(c) != nth(supply_per_colour, c))
      return std::string("meeples: ") + s.game().colour_name(c) + "'s supply counts " +
             std::to_string(s.meeples_in_supply(c)) + " meeples, but " +
             std::to_string(nth(supply_per_colour, c)) + " are there";
  if (scoring != expected_scoring)
    return "meeples: " + std::to_string(scoring) +
           " scoring meeple(s) out of the supplies, expected " + std::to_string(expected_scoring);
  if (buried < prev_buried_) return "meeples: a buried meeple came back";
  prev_buried_ = buried;
  return std::nullopt;
}

Fail InvariantChecker::tile_conservation(const State& s) {
  // Tiles: piles + board (a multi-cell tile once) + face-down + set aside + in hand = in play.
  // The board's tiles were counted by board_pass(), cell by cell, at this action.
  const int face_up_tiles = board_face_up_tiles_, face_down = board_face_down_;
  bool held_by_room = false;
  int revealed = 0;  // tiles a room holds (BCB: the ones a bazaar revealed)
  for (const std::unique_ptr<RoomCheck>& room : rooms_) {
    held_by_room = held_by_room || room->holds_drawn_tile(s.phase());
    revealed += room->tiles_held(s);
  }
  bool in_hand =
      s.drawn() >= 0 &&
      (s.phase() == Phase::Place || held_by_room ||
       (s.is_terminal() && !s.history().empty() && s.history().back().kind == ActionKind::Draw));
  int sum = s.tiles_remaining() + face_up_tiles + face_down + s.set_aside() + (in_hand ? 1 : 0) +
            revealed;
  if (sum != tiles_in_play_)
    return "tiles not conserved: piles " + std::to_string(s.tiles_remaining()) + " + board " +
           std::to_string(face_up_tiles) + " + face-down " + std::to_string(face_down) +
           " + set aside " + std::to_string(s.set_aside()) + " + in hand " +
           std::to_string(in_hand ? 1 : 0) + " + revealed in a bazaar " + std::to_string(revealed) +
           " = " + std::to_string(sum) + ", not " + std::to_string(tiles_in_play_);
  // Piles: drawn from the active one only; the ones before it are empty.
  if (s.active_pile() < prev_active_pile_) return "piles: the active pile went back";
  prev_active_pile_ = s.active_pile();
  for (int p = 0; p < s.active_pile(); ++p)
    if (s.pile_size(p) != 0)
      return "piles: pile " + std::to_string(p + 1) + " still holds tiles after the game moved on";
  return std::nullopt;
}

// Points move only through events: replaying the action's events over the scores before it
// gives the scores after it (the ghosts' ledger is the Mists room's check).
Fail InvariantChecker::ledgers(const State& s, const Action&) {
  int points = 0;
  std::array<int, kMaxColours> paid{};  // BCB bazaar points by player
  const bool shared_hound = s.game().rules().scoring != ScoringTracks::PerColour;
  for (const Event& e : s.events()) {
    switch (e.kind) {
      case EventKind::HoundScored:  // the shared track's points (per colour: a Scored too)
        if (shared_hound) points += e.value;
        break;
      case EventKind::Scored:
      case EventKind::FinalScored:
        if (e.value < 0) return "events: a negative scoring";
        points += e.value;
        break;
      case EventKind::BazaarPaid:  // BCB: signed, the only event that lowers a score
        points += e.value;
        if (e.who >= 0 && e.who < s.score_count()) nth(paid, e.who) += e.value;
        break;
      default:  // a room registered outside the engine says which of its events score
        if (static_cast<int>(e.kind) >= kRoomIdBase && registered_event_scores(e.kind)) {
          if (e.value < 0) return "events: a negative scoring";
          points += e.value;
        }
        break;
    }
  }
  int delta = 0;
  for (int t = 0; t < s.score_count(); ++t) {
    int now = s.score(t).total, before = nth(prev_scores_, t);
    if (now - nth(paid, t) < before)
      return "a score went down: track/player " + std::to_string(t + 1) + " from " +
             std::to_string(before) + " to " + std::to_string(now);
    delta += now - before;
    nth(prev_scores_, t) = now;
  }
  if (delta != points)
    return "points moved without events: the scores rose by " + std::to_string(delta) +
           ", the events say " + std::to_string(points);
  return breakdown(s);
}

// Every breakdown lists the rule system's score classes: they hold every point scored. The
// classes are read from the masks made once per game (this runs after every action).
Fail InvariantChecker::breakdown(const State& s) const {
  for (int t = 0; t < s.score_count(); ++t) {
    const Score& sc = s.score(t);
    int sum = 0, stray = 0;  // stray: bits of points in classes outside the rule system's
    for (size_t f = 0; f < kScoreClassCapacity; ++f) {  // masks, not branches: vectorised
      sum += sc.by_feature[f] & counted_classes_[f];
      stray |= sc.by_feature[f] & stray_classes_[f];
    }
    if (stray != 0) {
      int f = 0;
      while ((sc.by_feature[static_cast<size_t>(f)] & nth(stray_classes_, f)) == 0) ++f;
      const auto c = static_cast<FeatureClass>(f);
      return "score breakdown: track/player " + std::to_string(t + 1) + " holds " +
             std::to_string(sc.points(c)) + " points in " + feature_class_name(c) +
             ", not a score class of the rule system";
    }
    if (sum != sc.total - nth(score_offsets_, t))
      return "score breakdown: track/player " + std::to_string(t + 1) + "'s classes sum to " +
             std::to_string(sum) + ", its score is " + std::to_string(sc.total) +
             (nth(score_offsets_, t)
                  ? " (" + std::to_string(nth(score_offsets_, t)) + " of them set up at the start)"
                  : std::string());
  }
  return std::nullopt;
}

// The cells this action put on the board: on free spaces, matching every face-up neighbour,
// touching a face-up tile (Dized.MoC.0015).
Fail InvariantChecker::new_cells(const State& s) {
  for (int c = prev_cells_; c < s.cells(); ++c) {
    const PlacedCell& pc = s.cell(c);
    if (s.cell_at(pc.x, pc.y) != c) return "board: two tiles on " + at(s, c);
    if (pc.hidden) continue;  // where it may lie: the Mists room's check
    bool face_up = false;
    for (int side = 0; side < kSides; ++side) {
      int nb = s.cell_at(pc.x + kDx[side], pc.y + kDy[side]);
      if (nb < 0 || s.hidden(nb)) continue;
      face_up = true;
      if (shown_side(s, c, side) != shown_side(s, nb, opposite_side(side)))
        return std::string("board: the tile on ") + at(s, c) +
               " does not match its neighbour on side " + kSideNames[side];
    }
    if (!face_up) return "board: the tile on " + at(s, c) + " touches no face-up tile";
  }
  return std::nullopt;
}

Fail InvariantChecker::meeples(const State& s) {
  // Only the first n_* entries are ever read, so the arrays are left uninitialised: this runs
  // after every action (a std::pair would zero all kMaxMeeples of them on every call).
  struct Counted {
    int root, counted;
  };
  std::array<Counted, kMaxMeeples> roots;
  int n_roots = 0;
  std::array<int, kMaxMeeples> centres;
  int n_centres = 0;
  const int cells = s.cells();
  const auto nodes = static_cast<size_t>(node_count(cells));
  if (++root_stamp_ == 0) {  // wrapped: no old stamp may pass for this check's
    std::fill(root_slot_.begin(), root_slot_.end(), std::pair<uint32_t, int>{0, 0});
    root_stamp_ = 1;
  }
  for (const Meeple& m : s.meeples()) {
    if (m.cell < 0) continue;
    if (m.cell >= cells) return "meeples: a meeple on a cell that does not exist";
    if (is_buried(m)) continue;  // on a cemetery: the Mists room's check
    // The cell and its face are read once: this runs for every meeple after every action
    // (is_feature_of and kind_at, inlined).
    const PlacedCell& pc = s.cell(m.cell);
    if (pc.hidden) return "meeples: a meeple on the face-down tile on " + at(s, m.cell);
    const CellFace& f = s.face(m.cell);
    const bool on_bridge = m.seg == kBridgeSeg && pc.added != 0;
    if (!((m.seg >= 0 && m.seg < f.n_segments) || on_bridge))
      return "meeples: a meeple on no feature of " + at(s, m.cell);
    if (!meeple_kind_allowed(followers_, refused_in_mist_, f, m.seg))
      return std::string("meeples: a meeple on a ") + segment_kind_name(kind_at(s, m.cell, m.seg)) +
             " on " + at(s, m.cell) + " (" + followers_.rule + ")";
    const SegmentKind k = on_bridge ? SegmentKind::Road : f.segments[m.seg].kind;
    if (is_centre_kind(k)) {
      for (int j = 0; j < n_centres; ++j)
        if (nth(centres, j) == m.cell)
          return "meeples: two meeples on the " + std::string(segment_kind_name(k)) + " on " +
                 at(s, m.cell);
      nth(centres, n_centres++) = m.cell;
      continue;
    }
    // Each root's entry is found through a per-node slot stamped for this check (a search
    // of the roots so far cost a third of this check).
    const int root = s.region_root(segment_node(m.cell, m.seg));
    if (root < 0) return "regions: a region root off the board";
    if (static_cast<size_t>(root) >= root_slot_.size())
      root_slot_.resize(std::max(nodes, static_cast<size_t>(root) + 1), {0, 0});
    std::pair<uint32_t, int>& slot = nth(root_slot_, root);
    if (slot.first != root_stamp_) {
      slot = {root_stamp_, n_roots};
      nth(roots, n_roots++) = {root, 0};
    }
    ++nth(roots, slot.second).counted;
  }
  for (int j = 0; j < n_roots; ++j) {
    auto [root, counted] = nth(roots, j);
    if (s.region_node(root).meeples != counted)
      return "regions: the region at " + at(s, node_cell(root)) + " counts " +
             std::to_string(s.region_node(root).meeples) + " meeple(s), " +
             std::to_string(counted) + " stand on it";
  }
  return std::nullopt;
}

Fail InvariantChecker::check_legal(const State& s, const ActionList& legal) {
  if (s.is_terminal()) return legal.size == 0 ? Fail{} : Fail{"legal actions after the game ended"};
  if (legal.size == 0) return std::string("no legal action in phase ") + phase_name(s.phase());
  const Game& g = *game_;
  if (s.phase() == Phase::Place) {
    const TileType& t = g.tile(s.drawn());
    // BCB: the room adds placements with a bridge and the discard (seed 003 fn 17).
    const bool bridged_too = g.adds_placements();
    int plain = 0, bridged = 0, discards = 0;
    Around around;  // the space of the last placement tested (rotations come together)
    bool read = false;
    auto plain_fit = [&](const Action& a) {
      const CellFace* f = single_face(t, a.rot);
      if (!f) return fits_by_geometry(s, t, a.x, a.y, a.rot);
      if (!read || around.x != a.x || around.y != a.y) around.read(s, a.x, a.y);
      read = true;
      return around.fits(*f);
    };
    for (const Action& a : legal) {
      // BCB: a placement that fits only with a bridge comes with it (seed 003 fn 17).
      const bool fits =
          a.kind == ActionKind::Place &&
          (a.count == 0 ? plain_fit(a)
                        : bridged_too && fits_with_bridge(s, s.active_player(), s.drawn(), a.x, a.y,
                                                          a.rot, a.count));
      if (a.kind == ActionKind::Discard && bridged_too) {
        ++discards;
        continue;
      }
      if (!fits)
        return "legal actions: 'place " + std::to_string(a.x) + "," + std::to_string(a.y) + " r" +
               std::to_string(a.rot) + (a.count ? " with a bridge" : "") +
               "' is offered but does not fit";
      ++(a.count == 0 ? plain : bridged);
    }
    // fn 17: the tile may be set aside instead only when no placement works without a bridge.
    if (discards > 1 || (discards == 1 && (plain > 0 || bridged == 0)))
      return "legal actions: 'discard' offered though the tile fits without a bridge, or fits "
             "nowhere even with one (seed 003 fn 17)";
    if (++place_decisions_ % kCompletenessEvery == 0) {
      int n = placements_by_geometry(s, s.drawn(), false);
      if (n != plain)
        return "legal actions: " + std::to_string(plain) +
               " placements offered, the geometry allows " + std::to_string(n);
      if (bridged_too) {
        const int nb = bridged_placements_by_geometry(s, s.active_player(), s.drawn());
        if (nb != bridged)
          return "legal actions: " + std::to_string(bridged) +
                 " placements with a bridge offered, seed 003 fn 17 allows " + std::to_string(nb);
        if ((plain == 0 && nb > 0) != (discards == 1))
          return "legal actions: the tile fits only with a bridge but 'discard' is not offered "
                 "(seed 003 fn 17)";
      }
    }
  } else if (s.phase() == Phase::Meeple) {
    int cell = -1;
    for (int c = s.cells() - 1; c >= 0 && cell < 0; --c)
      if (!s.hidden(c)) cell = c;
    const CellFace& f = s.face(cell);
    Walk& w = walk_;
    for (const Action& a : legal) {
      if (a.kind == ActionKind::Pass) continue;
      if (a.kind != ActionKind::Meeple || !is_feature_of(s, cell, a.seg))
        return "legal actions: a meeple action on no feature";
      if (a.colour < 0 || a.colour >= g.colours() || g.owner(a.colour) != s.current_player())
        return "legal actions: a meeple of a colour the active player does not play";
      if (s.meeples_in_supply(a.colour) == 0)
        return "legal actions: a meeple offered from an empty supply";
      if (!meeple_kind_allowed(followers_, refused_in_mist_, f, a.seg))
        return std::string("legal actions: a meeple offered on a ") +
               segment_kind_name(kind_at(s, cell, a.seg));
      SegmentKind k = kind_at(s, cell, a.seg);
      if (is_centre_kind(k)) {
        for (const Meeple& m : s.meeples())
          if (m.cell == cell && m.seg == a.seg && !is_buried(m))
            return "legal actions: a meeple offered on an occupied castle";
        continue;
      }
      // Only where nobody stands on the connected feature (Dized.MoC.0051). The walk marks
      // the nodes it reaches with stamp_, so a meeple's node is looked up, not searched for.
      walk_segments(s, cell, a.seg, w);
      for (const Meeple& m : s.meeples())
        if (m.on_feature() && nth(node_mark_, segment_node(m.cell, m.seg)) == stamp_)
          return std::string("legal actions: a meeple offered on an occupied ") +
                 segment_kind_name(k) + " (Dized.MoC.0051)";
      if (unfinished_only_ && w.open == 0 && !w.haunted)
        return "legal actions: a meeple offered on a finished feature under "
               "meeple-on-finished=unfinished-only";
    }
  }
  for (const std::unique_ptr<RoomCheck>& room : rooms_)
    if (Fail f = room->check_legal(s, legal)) return f;
  return std::nullopt;
}

// A road or city through segment `seg` of `cell` that the geometry says is finished is
// expected to be scored this turn, once.
void InvariantChecker::expect_if_finished(const State& s, int cell, int seg) {
  Walk& w = walk_;
  SegmentKind kind = kind_at(s, cell, seg);
  if (kind != SegmentKind::Road && kind != SegmentKind::City) return;
  walk_segments(s, cell, seg, w);
  if (w.open != 0 || w.haunted) return;
  int key = *std::min_element(w.nodes.begin(), w.nodes.end());
  for (const Expected& e : expected_)
    if (e.key == key && e.feature == class_of(kind)) return;
  expected_.push_back({class_of(kind), key, segment_value(class_of(kind), w)});
}

// Per turn: the features the geometry says the tile finished are reported once each, at the
// value the geometry gives; the rooms add their own expectations and check their own events.
Fail InvariantChecker::turn_events(const State& s, const Action& a) {
  const std::vector<Event>& ev = s.events();
  int placed = -1;
  if (a.kind == ActionKind::Place && s.cells() > prev_cells_) {
    placed = prev_cells_;
    const CellFace& f = s.face(placed);
    for (int k = 0; k < f.n_segments; ++k) expect_if_finished(s, placed, k);
    const PlacedCell& pc = s.cell(placed);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        int c = s.cell_at(pc.x + dx, pc.y + dy);
        if (c < 0) continue;
        const RoomCheck::Centre centre_read = centre(s, c);
        if (!centre_read.finished) continue;
        const CellFace& cf = s.face(c);
        expected_.push_back({class_of(cf.segments[cf.centre].kind), c, centre_read.value});
      }
  }
  for (const std::unique_ptr<RoomCheck>& room : rooms_)
    if (Fail f = room->turn_action(s, a, placed, *this)) return f;
  for (const Event& e : ev) {
    if (e.kind == EventKind::FeatureFinished) ++nth(finished_events_, e.feature);
    bool room_checks = false;
    for (const std::unique_ptr<RoomCheck>& room : rooms_)
      room_checks = room_checks || room->checks_scoring(e);
    // A hound scores the ghosts on the board, a bazaar a bid: not a feature the geometry
    // finished.
    if (e.kind == EventKind::Scored && !room_checks && e.feature != FeatureClass::None &&
        e.feature != FeatureClass::Hound && e.feature != FeatureClass::Bazaar) {
      bool match = false;
      for (const Expected& x : expected_)
        match = match || (x.feature == e.feature && added_value(s, x) == e.value);
      if (!match)
        return std::string("scoring: a ") + feature_class_name(e.feature) + " scored " +
               std::to_string(e.value) + " points, but the geometry finished no " +
               feature_class_name(e.feature) + " of that value this turn";
    }
    if (e.kind == EventKind::TileSetAside &&
        placements_by_geometry(s, static_cast<TileId>(e.value), true) > 0)
      return "a tile was set aside as unplaceable, but it fits on the board";
  }
  if (s.turn() != turn_ || s.is_terminal()) return close_turn(s, s.turn() != turn_);
  return std::nullopt;
}

Fail InvariantChecker::close_turn(const State& s, bool completed) {
  for (const std::unique_ptr<RoomCheck>& room : rooms_)
    if (Fail f = room->close_turn(s, completed)) return f;
  std::array<int, kFeatureClasses> want{};
  for (const Expected& e : expected_) ++nth(want, e.feature);
  for (int c = 0; c < kFeatureClasses; ++c) {
    const auto fc = static_cast<FeatureClass>(c);
    if (fc == FeatureClass::Field || nth(room_counts_, c)) continue;
    for (const std::unique_ptr<RoomCheck>& room : rooms_)
      nth(want, c) -= room->finished_elsewhere(fc);
    int got = nth(finished_events_, c), exp = nth(want, c);
    if (got > exp || (completed && got != exp))
      return "scoring: the turn reported " + std::to_string(got) + " finished " +
             feature_class_name(static_cast<FeatureClass>(c)) +
             "(s); the geometry says the tile finished " + std::to_string(exp) +
             " (each finished feature is scored once)";
  }
  if (completed && !s.is_terminal()) {
    // Every finished feature has been scored, so no meeple stands on one (Dized.MoC.0047).
    Walk& w = walk_;
    if (witness_.size() < s.meeples().size()) witness_.resize(s.meeples().size());
    for (size_t i = 0; i < s.meeples().size(); ++i) {
      const Meeple& m = s.meeples()[i];
      if (!m.on_feature()) continue;
      bool kept = false;  // a room's reason to stay (a castle's follower, until it scores)
      for (const std::unique_ptr<RoomCheck>& room : rooms_)
        kept = kept || room->keeps_meeple(s, static_cast<int>(i));
      if (kept) continue;
      SegmentKind k = kind_at(s, m.cell, m.seg);
      bool finished = false;
      if (k == SegmentKind::Road || k == SegmentKind::City) {
        // A region only grows: tiles are never taken back and their links never removed, so
        // an empty space an earlier walk from this very segment found at an open end, still
        // empty, proves the region open without walking it again.
        Witness& wi = witness_[i];
        if (wi.cell == m.cell && wi.seg == m.seg && s.cell_at(wi.x, wi.y) < 0) continue;
        walk_segments(s, m.cell, m.seg, w);
        finished = w.open == 0 && !w.haunted;
        wi = w.open > 0 ? Witness{m.cell, m.seg, w.open_x, w.open_y} : Witness{};
      } else if (is_centre_kind(k)) {
        const RoomCheck::Centre centre_read = centre(s, m.cell);
        finished = centre_read.finished && !centre_read.never_scores;
      }
      if (finished)
        return std::string("scoring: after the turn a meeple still stands on the finished ") +
               segment_kind_name(k) + " at " + at(s, m.cell);
    }
  }
  expected_.clear();
  finished_events_.assign(kFeatureClasses, 0);
  for (const std::unique_ptr<RoomCheck>& room : rooms_) room->next_turn();
  turn_ = s.turn();
  return std::nullopt;
}

Fail InvariantChecker::after_action(const State& s, const Action& a) {
  ++actions_;
  if (ended_) return "an action after the game ended";
  Fail f;
  if ((f = conservation(s)) || (f = ledgers(s, a))) return f;
  const BoardCounts board{buried_meeples()};
  for (const std::unique_ptr<RoomCheck>& room : rooms_)
    if ((f = room->after_action(s, a, board))) return f;
  if ((f = new_cells(s)) || (f = meeples(s)) || (f = turn_events(s, a))) return f;
  prev_cells_ = s.cells();
  if (s.is_terminal()) {
    ended_ = true;
    return end_of_game(s);
  }
  if (opt_.full_every > 0 && actions_ % opt_.full_every == 0) return full_check(s);
  return std::nullopt;
}

// ---- O(board) ----------------------------------------------------------------------------------

Fail InvariantChecker::full_check(const State& s) {
  if (Fail f = board_check(s)) return f;
  for (const std::unique_ptr<RoomCheck>& room : rooms_)
    if (Fail f = room->full_check(s)) return f;
  if (Fail f = regions_check(s)) return f;
  if (opt_.determinism) return determinism(s);
  return std::nullopt;
}

Fail InvariantChecker::board_check(const State& s) const {
  const Game& g = *game_;
  const int cells = s.cells();
  // Board: one cell per space, matching face-up neighbours, counters of the 8 around, each
  // placement whole (the start tile is four cells placed together).
  std::vector<int>& per_placement = per_placement_;
  per_placement.clear();
  for (int c = 0; c < cells; ++c) {
    const PlacedCell& pc = s.cell(c);
    if (s.cell_at(pc.x, pc.y) != c) return "board: two tiles on " + at(s, c);
    int occupied, fd, fd_orth;  // the face-down counts are the Mists room's to check
    count8(s, c, occupied, fd, fd_orth);
    if (pc.n8 != occupied)
      return "board: the tile on " + at(s, c) + " counts " + std::to_string(pc.n8) +
             " neighbours, the board shows " + std::to_string(occupied);
    if (static_cast<size_t>(pc.placement) >= per_placement.size())
      per_placement.resize(static_cast<size_t>(pc.placement) + 1, 0);
    ++nth(per_placement, pc.placement);
    if (pc.hidden) continue;
    bool face_up = false;
    for (int side = 0; side < kSides; ++side) {
      int nb = s.cell_at(pc.x + kDx[side], pc.y + kDy[side]);
      if (nb < 0 || s.hidden(nb)) continue;
      face_up = true;
      if (shown_side(s, c, side) != shown_side(s, nb, opposite_side(side)))
        return std::string("board: the tile on ") + at(s, c) +
               " does not match its neighbour on side " + kSideNames[side];
    }
    if (!face_up && pc.tile != g.start_tile())
      return "board: the tile on " + at(s, c) + " touches no face-up tile";
  }
  for (int c = 0; c < cells; ++c) {
    const PlacedCell& pc = s.cell(c);
    int want = pc.hidden ? 1 : g.tile(pc.tile).n_cells;
    if (nth(per_placement, pc.placement) != want)
      return "board: the tile on " + at(s, c) + " has " +
             std::to_string(nth(per_placement, pc.placement)) +
             " cell(s) on the board, its shape has " + std::to_string(want);
  }
  return std::nullopt;
}

Fail InvariantChecker::regions_check(const State& s) {
  const Game& g = *game_;
  const int cells = s.cells();
  const size_t nodes = static_cast<size_t>(node_count(cells));
  // Regions: the union-find against the geometry, region by region. The buffers are the
  // checker's, reused from check to check.
  std::vector<int>& meeples_at = meeples_at_;
  meeples_at.assign(nodes, 0);
  for (const Meeple& m : s.meeples())
    if (m.on_feature()) ++nth(meeples_at, segment_node(m.cell, m.seg));
  std::vector<uint8_t>&seen = seen_, &claimed = claimed_;
  seen.assign(nodes, 0);
  claimed.assign(nodes, 0);
  Walk& w = walk_;
  auto compare = [&](bool mist, int start) -> Fail {
    int root = s.region_root(start);
    if (root < 0 || static_cast<size_t>(root) >= nodes)
      return "regions: a region root off the board";
    if (nth(claimed, root))
      return "regions: the union-find joins two regions the geometry keeps apart, at " +
             at(s, node_cell(start));
    nth(claimed, root) = 1;
    int on = 0;
    for (int n : w.nodes) {
      nth(seen, n) = 1;
      on += nth(meeples_at, n);
      if (s.region_root(n) != root)
        return "regions: the union-find splits the region at " + at(s, node_cell(start));
    }
    const RegionNode& r = s.region_node(root);
    // Sealed: a mist port against clear land, or a link facing a hidden cell where the room
    // says such a link seals its kind (Game::hidden_seals; the Mists room's check holds that
    // to the rules, checker/mists_invariants.cpp).
    const unsigned kind_seal = mist ? RuleSystem::kSealsMist : RuleSystem::kSealsFeatures;
    const bool sealed = (mist && w.clear) || (w.haunted && (g.hidden_seals() & kind_seal));
    auto where = [&] {  // for the message only
      return std::string(mist ? "mist bank" : "region") + " at " + at(s, node_cell(start));
    };
    if (r.open != w.open)
      return "regions: the " + where() + " counts " + std::to_string(r.open) +
             " open link(s), the geometry " + std::to_string(w.open);
    if (static_cast<bool>(r.sealed) != sealed)
      return "regions: the " + where() +
             (sealed ? " runs into a hidden cell or clear land but is not sealed"
                     : " is sealed for no reason") +
             " (Dized.MoC.0019, 0043)";
    if (s.region_finished(root) != (w.open == 0 && !sealed))
      return "regions: the " + where() + " is finished by the engine but not by the geometry";
    if (!mist && r.meeples != on)
      return "regions: the " + where() + " counts " + std::to_string(r.meeples) + " meeple(s), " +
             std::to_string(on) + " stand on it";
    return std::nullopt;
  };
  for (int c = 0; c < cells; ++c) {
    if (s.hidden(c)) continue;
    const CellFace& f = s.face(c);
    for (int k = 0; k < f.n_segments; ++k) {
      SegmentKind kind = f.segments[k].kind;
      int n = segment_node(c, k);
      if (is_centre_kind(kind) || nth(seen, n)) continue;
      walk_segments(s, c, k, w);
      if (Fail e = compare(false, n)) return e;
    }
    if (bridge_axis_at(s, c) >= 0 && !nth(seen, segment_node(c, kBridgeSeg))) {
      walk_segments(s, c, kBridgeSeg, w);
      if (Fail e = compare(false, segment_node(c, kBridgeSeg))) return e;
    }
    for (int m = 0; m < f.n_mist; ++m) {
      int n = mist_node(c, m);
      if (nth(seen, n)) continue;
      walk_mist_into(s, c, m, w);
      if (Fail e = compare(true, n)) return e;
    }
  }
  return std::nullopt;
}

// The replay runs alongside the game: each check applies the actions recorded since the last
// one, so the replay has taken every action from the start, in memory. With opt_.notation
// each action reaches it through its words (action_text, parse_action), so every action's text
// is checked once per game. end_of_game() also replays the game afresh from its game log.
Fail InvariantChecker::catch_up(const State& s) {
  if (!replay_) {
    replay_ = std::make_unique<State>(*game_, from_.seed);
    from_.apply(*replay_);
    if (opt_.determinism) {
      LogWriteOptions w;
      w.start_scores = from_.scores;
      log_.emplace(*game_, from_.seed, std::move(w));
    }
  }
  const std::vector<Action>& history = s.history();
  std::string text;
  for (; replayed_ < history.size(); ++replayed_) {
    const Action& a = history[replayed_];
    if (opt_.notation) {
      text = action_text(*replay_, a);
      if (Fail f = notation_.check(*replay_, a, text)) return f;
    }
    if (log_) log_->before(*replay_, a, opt_.notation ? &text : nullptr);
    if (Fail why = replay_->apply(a)) {
      if (log_) log_->fail();
      return "determinism: the replay refused action " + std::to_string(replayed_ + 1) + " '" +
             action_text(*replay_, a) + "': " + *why;
    }
    if (log_) log_->after(*replay_, a);
  }
  return std::nullopt;
}

Fail InvariantChecker::determinism(const State& s) {
  if (Fail f = catch_up(s)) return f;
  return same_state("determinism: the replay of the recorded actions", s, *replay_);
}

Fail InvariantChecker::end_of_game(const State& s) {
  const Game& g = *game_;
  if (s.end_reason() == EndReason::None) return "the game is over without a reason";
  if (g.cooperative()) {
    if (s.won() != (s.end_reason() == EndReason::GoalReached))
      return std::string("the game ended ") + (s.won() ? "won" : "lost") + " by " +
             end_reason_text(s.end_reason());
    if (s.won() && s.shared_score() < g.rules().goal) return "the game is won below the goal";
  } else if (s.end_reason() != EndReason::AllTilesPlayed || s.tiles_remaining() != 0) {
    return std::string("a competitive game ended by ") + end_reason_text(s.end_reason()) +
           " with " + std::to_string(s.tiles_remaining()) + " tiles left";
  }
  if (Fail f = full_check(s)) return f;
  if (opt_.determinism) {
    // The game written as a game log (docs/game-log.md), read back and replayed afresh: the
    // log must hold everything the game was, and replay to the same state.
    // full_check() above took the determinism replay, and with it the log, to the end.
    log_line_ = log_ ? log_->finish(*replay_, s) : "";
    LogError error;
    std::optional<GameLog> log = read_game_log(log_line_, 1, error);
    if (!log) return "game log: carcheck's own log does not read back: " + error.text();
    std::unique_ptr<State> r;
    ReplayResult replayed = replay_log(*log, g, {}, &r);
    if (!replayed.agrees())
      return "game log: the game's log does not replay: turn " +
             std::to_string(replayed.findings.front().turn) + ", " +
             disagreement_name(replayed.findings.front().kind) + ": " +
             replayed.findings.front().detail;
    if (Fail f = same_state("determinism: the game replayed from its log", s, *r)) return f;
  }
  if (opt_.notation && !opt_.determinism) {  // else full_check's determinism did this
    if (Fail f = catch_up(s)) return f;
    return same_state("notation: the game replayed from its words", s, *replay_);
  }
  return std::nullopt;
}

}  // namespace carcheck
