// The Bridges, Castles and Bazaars room (seed 003, first edition): the base game's turn with
// the expansion's steps. Bridges: a bridge is a road segment of its cell (kBridgeSeg), one a
// turn, on the tile just placed or one beside it; a placement that fits only with a bridge
// comes with it (Place.count), and may be declined by setting the tile aside (fn 17).
#include "engine/bcb.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "engine/rules_impl.h"

namespace carcheck {

const char* bridge_axis_name(BridgeAxis a) { return a == BridgeAxis::NorthSouth ? "N-S" : "W-E"; }

namespace {

unsigned side_terrain(unsigned packed, int side) { return (packed >> (2 * side)) & 3u; }
const char* terrain_name(unsigned t) {
  static const char* names[] = {"field", "road", "city", "?"};
  return names[t & 3u];
}
int end_side(BridgeAxis a, int k) { return a == BridgeAxis::NorthSouth ? 2 * k : 2 * k + 1; }

// bcb-bridge-across-river=forbidden (register row; the one place BCB and The River meet): no
// bridge on a tile a river runs through. Data only: a tile with a river side.
bool river_forbidden(const State& s, const CellFace& f) {
  if (s.game().switches().bcb_bridge_across_river != BcbBridgeAcrossRiver::Forbidden) return false;
  for (Terrain t : f.sides)
    if (t == Terrain::River) return true;
  return false;
}

// Why a bridge may not go somewhere, without building a string (the generator asks often).
enum class BridgeProblem : uint8_t {
  None,
  NoSupply,
  SecondBridge,
  NoTile,
  NotHere,
  HasBridge,
  Monastery,
  AcrossRiver,
  EndNotField,
  EndMeets,
};
struct BridgeCheck {
  BridgeProblem why = BridgeProblem::None;
  int side = 0;
  unsigned terrain = 0;
};

// A tile about to be placed at (x, y), for a bridge that comes with its placement.
struct Incoming {
  int x = 0, y = 0;
  const CellFace* face = nullptr;
};

class BcbRules : public CompetitiveRules {
 public:
  void setup(State& s) const override { Rules::bcb_setup(s); }
  // Between turns and draws: bazaars (engine/bcb_bazaars.cpp).
  void draw_due(State& s) const override {
    if (!Rules::bcb_bazaar_draw_due(s)) CompetitiveRules::draw_due(s);
  }
  bool drawn(State& s, TileId t) const override { return Rules::bcb_bazaar_drawn(s, t); }
  void unplaceable(State& s, TileId t) const override { Rules::bcb_bazaar_unplaceable(s, t); }
  bool adds_placements() const override { return true; }
  void added_placements(const State& s, TileId tile, ActionList& out, int from) const override {
    Rules::bridged_placements(s, tile, out, from);
  }
  std::optional<std::string> place_with(State& s, const Action& a) const override {
    return Rules::bcb_place_with(s, a);
  }
  bool meeple_allowed(const State& s, int seg) const override {
    if (seg == kBridgeSeg && s.cell(s.new_cell()).added)
      return s.region_node(s.region_root(segment_node(s.new_cell(), seg))).meeples == 0;
    return CompetitiveRules::meeple_allowed(s, seg);
  }
  std::string meeple_refusal(const State& s, int seg) const override {
    if (seg == kBridgeSeg && s.cell(s.new_cell()).added)
      return "the road over the bridge is already occupied (a follower stands on the connected "
             "road, however far away)";
    return CompetitiveRules::meeple_refusal(s, seg);
  }
  void after_place(State& s, bool) const override { Rules::bcb_after_place(s); }
  void after_meeple(State& s) const override { Rules::bcb_after_meeple(s); }
  void final_scoring(State& s) const override {
    Rules::bcb_castle_final(s);
    Rules::final_scoring(s);
  }
  void legal(const State& s, ActionList& out) const override { Rules::bcb_legal(s, out); }
  std::optional<std::string> apply(State& s, const Action& a) const override {
    return Rules::bcb_apply(s, a);
  }
  // Board hooks: a bridge is a road the room adds to its cell; a road meeting a field side
  // links through a bridge there along that side's axis (or one built with this placement will:
  // Rules::build_bridge). A pass declines a bridge, a castle or a higher bid.
  SegmentKind added_segment_kind(const State&, int) const override { return SegmentKind::Road; }
  int unmatched_link(const State& s, int nb, int side, int k) const override {
    const uint8_t b = s.cell(nb).added;
    return b && k == 1 && axis_has_side(static_cast<BridgeAxis>(b - 1), side)
               ? segment_node(nb, kBridgeSeg)
               : -1;
  }
  int city_farm_value(const State& s, int root) const override {
    const int castle = Rules::bcb_castle_farm_value(s, root);  // seed 003
    return castle >= 0 ? castle : 3;
  }
  bool takes_pass(Phase p) const override {
    return p == Phase::Bridge || p == Phase::CastleChoice || p == Phase::BazaarBid;
  }
};

}  // namespace

std::shared_ptr<const RuleSystem> bcb_rules() {
  static const auto room = std::make_shared<const BcbRules>();
  return room;
}

namespace {

// The checks of seed 003 "Podurile" and its footnotes, in the order a player meets them.
BridgeCheck check_bridge(const State& s, int player, const BcbState& b, int new_cell, int x, int y,
                         BridgeAxis axis, const Incoming* in, bool forbid_monastery) {
  if (nth(b.bridges, player) <= 0) return {BridgeProblem::NoSupply};
  if (b.bridge_cell >= 0) return {BridgeProblem::SecondBridge};
  const bool incoming_here = in && in->x == x && in->y == y;
  const int cell = incoming_here ? -1 : s.cell_at(x, y);
  if (!incoming_here && cell < 0) return {BridgeProblem::NoTile};
  const int nx = in ? in->x : s.cell(new_cell).x, ny = in ? in->y : s.cell(new_cell).y;
  if (std::abs(x - nx) + std::abs(y - ny) > 1) return {BridgeProblem::NotHere};
  if (cell >= 0 && s.cell(cell).added) return {BridgeProblem::HasBridge};
  const CellFace& f = incoming_here ? *in->face : s.face(cell);
  if (forbid_monastery && f.centre >= 0 && f.segments[f.centre].kind == SegmentKind::Monastery)
    return {BridgeProblem::Monastery};
  if (river_forbidden(s, f)) return {BridgeProblem::AcrossRiver};
  for (int k = 0; k < 2; ++k) {
    const int side = end_side(axis, k);
    if (f.sides[side] != Terrain::Field)
      return {BridgeProblem::EndNotField, side, static_cast<unsigned>(f.sides[side])};
    const int ex = x + kDx[side], ey = y + kDy[side];
    unsigned theirs;
    if (in && !incoming_here && in->x == ex && in->y == ey) {
      theirs = static_cast<unsigned>(in->face->sides[opposite_side(side)]);
    } else {
      const int nb = s.cell_at(ex, ey);
      if (nb < 0) continue;  // faces an empty space (fn 18)
      theirs = side_terrain(s.cell(nb).sides, opposite_side(side));
    }
    if (theirs != static_cast<unsigned>(Terrain::Road))
      return {BridgeProblem::EndMeets, side, theirs};
  }
  return {};
}

std::string bridge_text(const BridgeCheck& c, int x, int y) {
  const std::string at = std::to_string(x) + "," + std::to_string(y);
  const std::string side(1, kSideNames[c.side]);
  switch (c.why) {
    case BridgeProblem::None:
      return "";
    case BridgeProblem::NoSupply:
      return "no bridge is left in the player's supply";
    case BridgeProblem::SecondBridge:
      return "a second bridge this turn (a player builds 1 bridge a turn, seed 003 \"Podurile\")";
    case BridgeProblem::NoTile:
      return "no tile at " + at + " to carry a bridge";
    case BridgeProblem::NotHere:
      return "a bridge goes on the tile just placed or on one sharing a side with it (seed 003)";
    case BridgeProblem::HasBridge:
      return "the tile at " + at + " already has a bridge (at most one a tile, seed 003 fn 21)";
    case BridgeProblem::Monastery:
      return "no bridge crosses a monastery tile (bridge-on-monastery=forbidden)";
    case BridgeProblem::AcrossRiver:
      return "no bridge crosses a river tile (bcb-bridge-across-river=forbidden)";
    case BridgeProblem::EndNotField:
      return "a bridge end on a " + std::string(terrain_name(c.terrain)) + " side (" + side +
             "): both ends must lie on field (seed 003 \"Podurile\")";
    case BridgeProblem::EndMeets:
      return "the bridge end at side " + side + " meets the neighbour's " +
             terrain_name(c.terrain) +
             ": each end continues a road or bridge, or faces an empty space (seed 003 fn 18)";
  }
  return "";
}

bool forbid_monastery(const State& s) {
  return s.game().switches().bridge_on_monastery == BridgeOnMonastery::Forbidden;
}

// check_bridge() finds nothing wrong with a bridge along `axis` on placed `cell` at (x, y),
// once the caller has seen the player's supply hold a bridge, no bridge built this turn and
// (x, y) on or beside the new tile (or the space a tile is about to take): the rest, read
// from the cells' packed sides (a cell without a bridge shows its face's). A bridge end
// facing the space of a tile about to be placed with it faces that tile's road (the
// placement's bridge code says so): as check_bridge, it passes.
inline bool bridge_fits(const State& s, int cell, int x, int y, int axis, bool no_monastery) {
  const PlacedCell& c = s.cell(cell);
  if (c.added) return false;
  constexpr unsigned field = static_cast<unsigned>(Terrain::Field);
  constexpr unsigned road = static_cast<unsigned>(Terrain::Road);
  if (side_terrain(c.sides, axis) != field || side_terrain(c.sides, axis + 2) != field)
    return false;
  if (no_monastery) {
    const CellFace& f = s.face(cell);
    if (f.centre >= 0 && f.segments[f.centre].kind == SegmentKind::Monastery) return false;
  }
  if (river_forbidden(s, s.face(cell))) return false;
  for (int side = axis; side < kSides; side += 2) {  // end_side(axis, 0), end_side(axis, 1)
    const int nb = s.cell_at(x + kDx[side], y + kDy[side]);
    if (nb >= 0 && side_terrain(s.cell(nb).sides, opposite_side(side)) != road) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> Rules::bridge_refusal(const State& s, int x, int y, BridgeAxis axis,
                                                 const CellFace* incoming, int vx, int vy) {
  Incoming in{vx, vy, incoming};
  const BridgeCheck c = check_bridge(s, s.player_, s.bcb_, s.new_cell_, x, y, axis,
                                     incoming ? &in : nullptr, forbid_monastery(s));
  if (c.why == BridgeProblem::None) return std::nullopt;
  return bridge_text(c, x, y);
}

void Rules::build_bridge(State& s, int cell, BridgeAxis axis) {
  PlacedCell& pc = nth(s.cells_, cell);
  pc.added = static_cast<uint8_t>(1 + static_cast<int>(axis));
  --nth(s.bcb_.bridges, s.player_);
  s.bcb_.bridge_cell = static_cast<int16_t>(cell);
  const int b = segment_node(cell, kBridgeSeg);
  RegionNode& n = nth(s.nodes_, b);
  n.parent = n.next = static_cast<int16_t>(b);
  n.open = 2;
  n.meeples = 0;
  n.sealed = 0;
  for (int k = 0; k < 2; ++k) {
    const int side = end_side(axis, k);
    const unsigned road = static_cast<unsigned>(Terrain::Road);
    pc.sides = static_cast<uint8_t>((pc.sides & ~(3u << (2 * side))) | (road << (2 * side)));
    const int ex = pc.x + kDx[side], ey = pc.y + kDy[side];
    const int nb = s.cell_at(ex, ey);
    if (nb < 0) {  // the empty space there now asks for a road on that side
      const int theirs = opposite_side(side);
      const size_t at = s.grid_index(ex, ey);
      const unsigned need = s.space_needs_[at];
      set_needs(s, at,
                static_cast<uint16_t>((need & ~(3u << (2 * theirs))) | (road << (2 * theirs))));
      continue;
    }
    const CellFace& nf = s.face(nb);
    const int q = facing_port(centre_port(side));
    const int nseg = nf.port_segment[q];
    int target = -1;
    if (nf.segments[nseg].kind == SegmentKind::Road && (nf.segments[nseg].links & (1u << q)))
      target = segment_node(nb, nseg);
    else if (nth(s.cells_, nb).added &&
             axis_has_side(static_cast<BridgeAxis>(nth(s.cells_, nb).added - 1), side))
      target = segment_node(nb, kBridgeSeg);
    if (target < 0) continue;
    unite(s, b, target);
    nth(s.nodes_, find(s, b)).open -= 2;
  }
  emit(s, EventKind::BridgeBuilt, FeatureClass::Road, s.player_, pc.x, pc.y,
       static_cast<int>(axis));
}

// Why `tile` may not go at (x, y, rot) with bridge `code` (Place.count), or nullopt.
std::optional<std::string> Rules::bridged_placement_refusal(const State& s, TileId tile, int x,
                                                            int y, int rot, int code) {
  if (code <= kPlaceBridgeNone || code >= kPlaceBridgeCodes) return "no such bridge";
  if (rot < 0 || rot >= kRotations) return "rotation must be 0..3";
  const TileType& t = s.game_->tile(tile);
  if (t.n_cells != 1) return "only a one-cell tile is placed with a bridge";
  if (s.cell_at(x, y) >= 0)
    return "space " + std::to_string(x) + "," + std::to_string(y) + " is already taken";
  if (auto why = off_table(s, x, y)) return why;
  const CellFace& f = t.rot[rot][0];
  const bool self = code < kPlaceBridgeBeside;
  const BridgeAxis axis = self ? static_cast<BridgeAxis>(code - kPlaceBridgeSelf)
                               : axis_of_side(code - kPlaceBridgeBeside);
  const int beside = self ? -1 : code - kPlaceBridgeBeside;
  bool touches = false, bridged = false;
  for (int side = 0; side < kSides; ++side) {
    const int nb = s.cell_at(x + kDx[side], y + kDy[side]);
    if (nb < 0) continue;
    touches = true;
    const unsigned mine = static_cast<unsigned>(f.sides[side]);
    const unsigned theirs = side_terrain(s.cell(nb).sides, opposite_side(side));
    if (mine == theirs) continue;
    const unsigned field = static_cast<unsigned>(Terrain::Field);
    const unsigned road = static_cast<unsigned>(Terrain::Road);
    // fn 17: a road meeting a field is carried on by a bridge on either tile.
    if ((self && axis_has_side(axis, side) && mine == field && theirs == road) ||
        (side == beside && mine == road && theirs == field)) {
      bridged = true;
      continue;
    }
    return std::string("side ") + kSideNames[side] + " (" + terrain_name(mine) +
           ") does not match the neighbour's " + terrain_name(theirs) +
           ", and the bridge does not carry a road across it";
  }
  if (!touches) return "the tile touches no placed tile along a side (corners do not count)";
  if (!self && s.cell_at(x + kDx[beside], y + kDy[beside]) < 0)
    return std::string("no tile beside side ") + kSideNames[beside] + " to carry the bridge";
  if (!bridged) return "the tile fits here without a bridge: place it, then build the bridge";
  const int bx = self ? x : x + kDx[beside], by = self ? y : y + kDy[beside];
  return bridge_refusal(s, bx, by, axis, &f, x, y);
}

namespace {

// The bridge (a kPlaceBridge* code, kPlaceBridgeNone when none) that alone could make a
// one-cell tile whose side terrains are `mine` (Rules::packed_sides) fit a space that asks
// `needs` (State::space_needs_), when it does not fit without one: on the tile, along the
// axis of every field-against-road side; or beside, across the one road-against-field side.
// A bridge on the tile is also checked against the space (check_bridge's end checks, all of
// which the tile and the neighbours' terrains decide): both ends on field, each facing a
// road or an empty space. One beside is left to check_bridge (it reads the board).
constexpr int bridge_code(uint8_t mine4, uint16_t needs) {
  const unsigned mask = needs >> 8, want = needs & 0xFFu, mine = mine4;
  if (((mine ^ want) & mask) == 0) return kPlaceBridgeNone;  // fits without a bridge
  constexpr unsigned field = static_cast<unsigned>(Terrain::Field);
  constexpr unsigned road = static_cast<unsigned>(Terrain::Road);
  int code = kPlaceBridgeNone, mismatches = 0;
  for (int side = 0; side < kSides; ++side) {
    if (!((mask >> (2 * side)) & 3u)) continue;
    const unsigned m = (mine >> (2 * side)) & 3u, theirs = (want >> (2 * side)) & 3u;
    if (m == theirs) continue;
    ++mismatches;
    int w = kPlaceBridgeNone;
    if (m == field && theirs == road)
      w = kPlaceBridgeSelf + (side % 2);  // axis_of_side
    else if (m == road && theirs == field)
      w = kPlaceBridgeBeside + side;
    if (w == kPlaceBridgeNone || (code != kPlaceBridgeNone && code != w) ||
        (w >= kPlaceBridgeBeside && mismatches > 1))
      return kPlaceBridgeNone;
    code = w;
  }
  if (code == kPlaceBridgeNone || code >= kPlaceBridgeBeside) return code;
  for (int k = 0; k < 2; ++k) {  // a bridge on the tile: its ends (check_bridge)
    const int side = 2 * k + (code - kPlaceBridgeSelf);
    if (((mine >> (2 * side)) & 3u) != field) return kPlaceBridgeNone;
    if (((mask >> (2 * side)) & 3u) && ((want >> (2 * side)) & 3u) != road) return kPlaceBridgeNone;
  }
  return code;
}

// bridge_code() of the four rotations, a nibble each (rotation 0 lowest).
constexpr uint16_t bridge_codes(uint32_t sides4, uint16_t needs) {
  unsigned v = 0;
  for (int rot = 0; rot < kRotations; ++rot)
    v |= static_cast<unsigned>(bridge_code(static_cast<uint8_t>(sides4 >> (8 * rot)), needs))
         << (4 * rot);
  return static_cast<uint16_t>(v);
}

// A quarter turn clockwise moves each side's terrain one side on: rotation `rot`'s packed
// sides are rotation 0's rotated left by 2 * rot bits (engine/board.cpp's turned_rotations).
constexpr uint32_t quarter_turns(uint8_t sides0) {
  uint32_t v = 0;
  for (int rot = 0; rot < kRotations; ++rot) {
    const unsigned s = sides0, k = 2u * static_cast<unsigned>(rot);
    v |= static_cast<uint32_t>(static_cast<uint8_t>((s << k) | (s >> ((8u - k) & 7u))))
         << (8 * rot);
  }
  return v;
}

constexpr unsigned kBridgeNeedsCodes = Rules::needs_code(kNeedsNoTile) + 1;

// kBridgeTable.codes[sides0][code]: bridge_codes() for a tile whose rotation 0 has packed
// sides `sides0` (its rotations quarter turns of it) on a space whose needs have that code
// (Rules::needs_code, State::frontier_code_): one load a frontier space, as the plain scan's
// kFitTable (engine/board.cpp). 0 for kNeedsNoTile (nothing fits there, bridged or not).
struct BridgeTable {
  uint16_t codes[256][kBridgeNeedsCodes];
};
BridgeTable make_bridge_table() {
  BridgeTable t{};
  for (unsigned sides0 = 0; sides0 < 256; ++sides0) {
    const uint32_t sides4 = quarter_turns(static_cast<uint8_t>(sides0));
    for (unsigned per_side = 0; per_side < 256; ++per_side) {  // 0: no neighbour, 1 + terrain
      unsigned mask = 0, terrain = 0;
      for (unsigned side = 0; side < kSides; ++side) {
        const unsigned v = (per_side >> (2 * side)) & 3u;
        if (v) mask |= 3u << (2 * side), terrain |= (v - 1) << (2 * side);
      }
      const auto needs = static_cast<uint16_t>(mask << 8 | terrain);
      t.codes[sides0][Rules::needs_code(needs)] = bridge_codes(sides4, needs);
    }
  }
  return t;
}
// Built at start-up (as kFitTable: too many steps for a constant); nothing reads it during
// static initialisation.
const BridgeTable kBridgeTable = make_bridge_table();

}  // namespace

// fn 17: every placement that fits only with a bridge, then `discard` when none fits
// without one (the player may decline the bridge and set the tile aside). Order: frontier,
// then rotation. Which bridge could make a rotation fit a space, and whether a bridge on the
// tile itself is possible there, is one table load a space (kBridgeTable); only a bridge on
// a neighbour reads the board (bridge_fits).
void Rules::bridged_placements(const State& s, TileId tile, ActionList& out, int from) {
  const bool plain = out.size > from;
  const TileType& t = s.game_->tile(tile);
  if (t.n_cells != 1 || nth(s.bcb_.bridges, s.player_) <= 0) return;
  if (s.bcb_.bridge_cell >= 0) return;  // check_bridge refuses a second bridge everywhere
  const int before = out.size;
  const bool no_monastery = forbid_monastery(s);
  const uint32_t sides4 = s.game_->packed_rotations(tile);
  const auto sides0 = static_cast<uint8_t>(sides4);
  // A quarter-turned tile reads its row of the table; another works each space out, as does a
  // tile with a river side (the table's codes do not tell a river need apart: needs_code).
  const bool river = sides0 & (sides0 >> 1) & 0x55u;
  const uint16_t* row =
      sides4 == quarter_turns(sides0) && !river ? kBridgeTable.codes[sides0] : nullptr;
  unsigned self_ok = 0;  // bit rot: a bridge on the tile in that rotation (bridge-on-monastery)
  for (int rot = 0; rot < kRotations; ++rot) {
    const CellFace& f = t.rot[rot][0];
    const bool monastery = f.centre >= 0 && f.segments[f.centre].kind == SegmentKind::Monastery;
    self_ok |= static_cast<unsigned>(!(no_monastery && monastery) && !river_forbidden(s, f)) << rot;
  }
  const size_t n = s.frontier_.size();
  const uint16_t* code = s.frontier_code_.data();
  const uint32_t* at = s.frontier_at_.data();
  const bool bounded = s.game_->switches().board_bounds == BoardBounds::TableEdge;
  // As the plain scan (engine/board.cpp scan_spaces): one pass reads every space's entry and
  // marks those with a candidate, without a branch on it (most spaces have none, and which do
  // is not predictable); a second visits the marked ones in frontier order.
  uint16_t entry[64];
  for (size_t first = 0; first < n; first += 64) {
    const size_t end = std::min(n, first + 64);
    uint64_t marks = 0;
    for (size_t i = first; i < end; ++i) {
      const uint16_t e = row ? row[code[i]] : bridge_codes(sides4, s.space_needs_[at[i]]);
      entry[i - first] = e;
      marks |= static_cast<uint64_t>(e != 0) << (i - first);
    }
    for (; marks; marks &= marks - 1) {
      const size_t i = first + static_cast<size_t>(std::countr_zero(marks));
      const unsigned e = entry[i - first];
      const Pos p = s.frontier_[i];
      if (bounded && !on_table(s, p.x, p.y)) continue;
      // The rotations with a code (codes are 1..6: a nibble's low three bits).
      for (unsigned live = (e | e >> 1 | e >> 2) & 0x1111u; live; live &= live - 1) {
        const int rot = std::countr_zero(live) / 4;
        const int c = static_cast<int>((e >> (4 * rot)) & 0xFu);
        if (c < kPlaceBridgeBeside) {
          if (!((self_ok >> rot) & 1u)) continue;
        } else {
          const int side = c - kPlaceBridgeBeside, bx = p.x + kDx[side], by = p.y + kDy[side];
          if (!bridge_fits(s, s.cell_at(bx, by), bx, by, side % 2, no_monastery)) continue;
        }
        Action a;
        a.kind = ActionKind::Place;
        a.tile = tile;
        a.x = static_cast<int16_t>(p.x);
        a.y = static_cast<int16_t>(p.y);
        a.rot = static_cast<int8_t>(rot);
        a.count = static_cast<int8_t>(c);
        out.push(a);
      }
    }
  }
  if (!plain && out.size > before) {
    Action d;
    d.kind = ActionKind::Discard;
    out.push(d);
  }
}

std::optional<std::string> Rules::bcb_place_with(State& s, const Action& a) {
  if (auto why = bridged_placement_refusal(s, s.drawn_, a.x, a.y, a.rot, a.count)) return why;
  s.new_cell_ = place_tile(s, s.drawn_, a.x, a.y, a.rot, nullptr);
  emit(s, EventKind::TilePlaced, FeatureClass::None, s.player_, a.x, a.y, s.drawn_, a.rot);
  if (a.count < kPlaceBridgeBeside) {
    build_bridge(s, s.new_cell_, static_cast<BridgeAxis>(a.count - kPlaceBridgeSelf));
  } else {
    const int side = a.count - kPlaceBridgeBeside;
    build_bridge(s, s.cell_at(a.x + kDx[side], a.y + kDy[side]), axis_of_side(side));
  }
  bcb_after_place(s);
  return std::nullopt;
}

void Rules::bcb_setup(State& s) {
  competitive_setup(s);
  const RuleSet& r = s.game_->rules();
  const int per = s.game_->players() <= 4 ? r.bridges_per_player_2_4 : r.bridges_per_player_5_6;
  const int castles = s.game_->players() <= 4 ? r.castles_per_player_2_4 : r.castles_per_player_5_6;
  s.bcb_ = BcbState{};
  for (int p = 0; p < s.game_->players(); ++p) {
    nth(s.bcb_.bridges, p) = static_cast<int8_t>(per);
    nth(s.bcb_.castle_tokens, p) = static_cast<int8_t>(castles);  // seed 003 "Pregătire"
  }
}

namespace {

// The bridges open now: on the new tile and its four neighbours, each axis.
template <class Visit>
void each_bridge(const State& s, Visit&& visit) {
  // check_bridge's checks that hold for every cell first (a bridge in supply, none built
  // this turn), then each cell's (bridge_fits).
  if (nth(s.bcb().bridges, s.current_player()) <= 0 || s.bcb().bridge_cell >= 0) return;
  const bool no_monastery = forbid_monastery(s);
  const PlacedCell& nc = s.cell(s.new_cell());
  for (int k = -1; k < kSides; ++k) {
    const int x = k < 0 ? nc.x : nc.x + kDx[k], y = k < 0 ? nc.y : nc.y + kDy[k];
    const int cell = s.cell_at(x, y);
    if (cell < 0) continue;
    for (int axis = 0; axis < kBridgeAxes; ++axis)
      if (bridge_fits(s, cell, x, y, axis, no_monastery))
        if (!visit(x, y, axis)) return;
  }
}

bool any_bridge(const State& s) {
  bool any = false;
  each_bridge(s, [&](int, int, int) {
    any = true;
    return false;
  });
  return any;
}

}  // namespace

// bridge-timing=with-tile: the bridge step comes right after the placement (when the
// placement brought no bridge), before the follower (fn 20).
void Rules::bcb_after_place(State& s) {
  if (s.bcb_.bridge_cell < 0 && any_bridge(s)) {
    s.bcb_.bridge_after_meeple = false;
    s.phase_ = Phase::Bridge;
    return;
  }
  s.phase_ = Phase::Meeple;
}

// bridge-timing=before-scoring: a bridge not built yet may still come after the follower
// (fn 16: the rules name no moment of the turn).
void Rules::bcb_after_meeple(State& s) {
  if (s.game_->switches().bridge_timing == BridgeTiming::BeforeScoring && s.bcb_.bridge_cell < 0 &&
      any_bridge(s)) {
    s.bcb_.bridge_after_meeple = true;
    s.phase_ = Phase::Bridge;
    return;
  }
  bcb_score_turn(s);
}

// What the tile finished, and the road of a bridge built beside it, then the base scoring.
void Rules::bcb_score_turn(State& s) {
  collect_finished(s, s.new_cell_, false);
  if (s.bcb_.bridge_cell >= 0) {
    const int root = find(s, segment_node(s.bcb_.bridge_cell, kBridgeSeg));
    bool seen = false;
    for (const PendingScore& q : s.pending_) seen = seen || q.node == root;
    if (!seen && s.region_finished(root))
      s.pending_.push_back({FeatureClass::Road, static_cast<int16_t>(root)});
  }
  s.bcb_.bridge_cell = -1;
  s.bcb_.bridge_after_meeple = false;
  bcb_castle_scoring(s);  // scores s.pending_ with the castle decisions, then bcb_turn_scored
}

// The turn's scoring is over: what follows it (a bazaar), else the next turn.
void Rules::bcb_turn_scored(State& s) { bcb_bazaar_after_turn(s); }

void Rules::bcb_legal(const State& s, ActionList& out) {
  if (s.phase_ == Phase::CastleChoice || s.phase_ == Phase::CastleScore)
    return bcb_castle_legal(s, out);
  if (s.phase_ == Phase::BazaarSelect || s.phase_ == Phase::BazaarBid ||
      s.phase_ == Phase::BazaarDeal) {
    bcb_bazaar_legal(s, out);
    return;
  }
  if (s.phase_ != Phase::Bridge) return;
  Action pass;
  pass.kind = ActionKind::Pass;
  out.push(pass);
  each_bridge(s, [&](int x, int y, int axis) {
    Action a;
    a.kind = ActionKind::Bridge;
    a.x = static_cast<int16_t>(x);
    a.y = static_cast<int16_t>(y);
    a.count = static_cast<int8_t>(axis);
    out.push(a);
    return true;
  });
}

std::optional<std::string> Rules::bcb_apply(State& s, const Action& a) {
  if (a.kind == ActionKind::Castle || a.kind == ActionKind::CastleScore ||
      (a.kind == ActionKind::Pass && s.phase_ == Phase::CastleChoice))
    return bcb_castle_apply(s, a);
  if (a.kind == ActionKind::Pass && s.phase_ == Phase::BazaarBid) return bcb_bazaar_apply(s, a);
  switch (a.kind) {
    case ActionKind::Select:
    case ActionKind::Bid:
    case ActionKind::Buy:
    case ActionKind::Sell:
      return bcb_bazaar_apply(s, a);
    case ActionKind::Bridge:
    case ActionKind::Pass: {
      if (a.kind == ActionKind::Bridge && s.bcb_.bridge_cell >= 0 &&
          (s.phase_ == Phase::Meeple || s.phase_ == Phase::Bridge))
        return bridge_text({BridgeProblem::SecondBridge}, a.x, a.y);
      if (s.phase_ != Phase::Bridge)
        return std::string("no bridge can be built now (") + phase_name(s.phase_) + ")";
      if (a.kind == ActionKind::Bridge) {
        if (a.count < 0 || a.count >= kBridgeAxes) return "a bridge runs N-S (0) or W-E (1)";
        const auto axis = static_cast<BridgeAxis>(a.count);
        if (auto why = bridge_refusal(s, a.x, a.y, axis, nullptr, 0, 0)) return why;
        build_bridge(s, s.cell_at(a.x, a.y), axis);
      }
      if (s.bcb_.bridge_after_meeple)
        bcb_score_turn(s);
      else
        s.phase_ = Phase::Meeple;
      return std::nullopt;
    }
    case ActionKind::Discard: {
      if (s.phase_ != Phase::Place)
        return std::string("no tile is to be set aside now (") + phase_name(s.phase_) + ")";
      ActionList plain;  // the placements without a bridge the rules allow (board-bounds too)
      edge_placements(s, s.drawn_, plain);
      if (s.game_->restricts_placement(s.drawn_)) keep_room_placements(s, plain, 0);
      if (plain.size > 0)
        return "the tile fits without a bridge; only a tile that fits only with a bridge may be "
               "set aside (seed 003 fn 17)";
      emit(s, EventKind::TileSetAside, FeatureClass::None, s.player_, 0, 0, s.drawn_);
      bcb_bazaar_unplaceable(s, s.drawn_);
      return std::nullopt;
    }
    default:
      return "that action belongs to Mists over Carcassonne";
  }
}

}  // namespace carcheck
