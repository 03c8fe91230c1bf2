// Geometry, placement legality and the region union-find. Regions are roads, cities,
// fields and mist banks; each root keeps a counter of open links, so finishing is detected
// in constant time per placement. A multi-cell tile is just several cells placed together.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>

#include "engine/rules_impl.h"

namespace carcheck {

int Rules::find(State& s, int node) {
  int root = node;
  while (nth(s.nodes_, root).parent != root) root = nth(s.nodes_, root).parent;
  while (nth(s.nodes_, node).parent != root) {  // path compression
    int next = nth(s.nodes_, node).parent;
    nth(s.nodes_, node).parent = static_cast<int16_t>(root);
    node = next;
  }
  return root;
}

int Rules::find_const(const State& s, int node) {
  while (nth(s.nodes_, node).parent != node) node = nth(s.nodes_, node).parent;
  return node;
}

int State::region_root(int node) const { return Rules::find_const(*this, node); }

int Rules::unite(State& s, int a, int b) {
  a = find(s, a);
  b = find(s, b);
  if (a == b) return a;
  if (a > b) std::swap(a, b);  // the older node stays root: stable, deterministic
  RegionNode& ra = nth(s.nodes_, a);
  RegionNode& rb = nth(s.nodes_, b);
  rb.parent = static_cast<int16_t>(a);
  ra.open = static_cast<int16_t>(ra.open + rb.open);
  ra.meeples = static_cast<int8_t>(ra.meeples + rb.meeples);
  ra.sealed |= rb.sealed;
  std::swap(ra.next, rb.next);  // splice the two circular member lists
  return a;
}

// The root after unite(s, node, other), with `node`'s path compressed as find() would: its
// parent was made a root by unite's own find, which may since have joined the other root.
int Rules::join(State& s, int node, int other) {
  const int root = unite(s, node, other);
  if (node != root) nth(s.nodes_, node).parent = static_cast<int16_t>(root);
  return root;
}

// A face's side terrains packed two bits a side, North lowest. The four one-byte terrains
// (0..2) are read as one word and folded: byte 1 onto bits 2-3, then the upper pair onto 4-7.
uint8_t Rules::packed_sides(const CellFace& f) {
  static_assert(sizeof(f.sides) == 4 && sizeof(Terrain) == 1);
  if constexpr (std::endian::native == std::endian::little) {
    uint32_t v;
    std::memcpy(&v, f.sides.data(), sizeof v);
    const uint32_t pairs = v | (v >> 6);  // bits 0-3: N, E; bits 16-19: S, W
    return static_cast<uint8_t>((pairs & 0xFu) | ((pairs >> 12) & 0xF0u));
  }
  unsigned v = 0;
  for (int side = 0; side < kSides; ++side) v |= static_cast<unsigned>(f.sides[side]) << (2 * side);
  return static_cast<uint8_t>(v);
}

namespace {

// fits() for a one-cell tile on a frontier space, from what the space asks (State::space_needs_,
// kept up to date by occupy()): the packed sides against the neighbours' terrains in one test.
bool accepts(uint16_t needs, uint8_t sides) { return (sides & (needs >> 8)) == (needs & 0xFF); }

// accepts() for the four rotations at once: bit 8 * rot + 7 is set when rotation `rot` fits.
// Each byte of (sides & mask) ^ terrain is zero exactly when that rotation fits; the usual
// zero-byte test finds them without carries between bytes, so no false positives.
constexpr uint32_t fitting_rotations(uint16_t needs, uint32_t sides4) {
  constexpr uint32_t kEach = 0x01010101u, kLow7 = 0x7F7F7F7Fu;
  const uint32_t x = (sides4 & ((needs >> 8) * kEach)) ^ ((needs & 0xFFu) * kEach);
  return ~(((x & kLow7) + kLow7) | x | kLow7);
}

// fitting_rotations() as a nibble, rotation 0 lowest: the four flag bits (7, 15, 23, 31)
// gathered by one multiply whose partial products never overlap.
constexpr uint32_t rotation_nibble(uint32_t fit) {
  return (((fit >> 7) & 0x01010101u) * 0x01020408u) >> 24;
}

// A quarter turn clockwise moves each side's terrain one side on (North to East): the packed
// sides of rotation `rot` are rotation 0's rotated left by 2 * rot bits (checked per tile).
constexpr uint32_t turned_rotations(uint8_t sides0) {
  uint32_t v = 0;
  for (int rot = 0; rot < kRotations; ++rot) {
    const unsigned s = sides0, k = 2u * static_cast<unsigned>(rot);
    v |= static_cast<uint32_t>(static_cast<uint8_t>((s << k) | (s >> ((8u - k) & 7u))))
         << (8 * rot);
  }
  return v;
}

constexpr unsigned kNeedsCodes = Rules::needs_code(kNeedsNoTile) + 1;

// kFitTable.nibble[sides0][code]: rotation_nibble(fitting_rotations(needs, ...)) for a tile
// whose rotation 0 has packed sides `sides0` and a space whose needs have that code
// (Rules::needs_code, State::frontier_code_), so the scan does one load a space.
// One tile's row is 341 bytes (6 cache lines), the same for every space of a draw.
struct FitTable {
  uint8_t nibble[256][kNeedsCodes];
  uint32_t turned[256];  // turned_rotations()
};
constexpr FitTable make_fit_table() {
  FitTable t{};
  for (unsigned sides0 = 0; sides0 < 256; ++sides0) {
    const uint32_t sides4 = turned_rotations(static_cast<uint8_t>(sides0));
    t.turned[sides0] = sides4;
    for (unsigned per_side = 0; per_side < 256; ++per_side) {  // 0: no neighbour, 1 + terrain
      unsigned mask = 0, terrain = 0;
      for (unsigned side = 0; side < kSides; ++side) {
        const unsigned v = (per_side >> (2 * side)) & 3u;
        if (v) mask |= 3u << (2 * side), terrain |= (v - 1) << (2 * side);
      }
      const auto needs = static_cast<uint16_t>(mask << 8 | terrain);
      t.nibble[sides0][Rules::needs_code(needs)] =
          static_cast<uint8_t>(rotation_nibble(fitting_rotations(needs, sides4)));
    }
  }
  return t;
}
// Built at start-up, not as a constant: its 65,536 entries pass clang's constexpr step limit
// (the libFuzzer build), and computing it takes microseconds. Nothing reads it during static
// initialisation.
const FitTable kFitTable = make_fit_table();

// For each nibble, the rotations it holds in ascending order (the rest repeats the last, so
// four actions can always be written) and how many; `word`: the same rotations shifted to
// the rotation byte of a record's first 8 bytes (write_four).
struct RotationOrder {
  int8_t rot[16][kRotations];
  int8_t count[16];
  uint64_t word[16][kRotations];
};
constexpr RotationOrder make_rotation_order() {
  RotationOrder o{};
  for (int m = 0; m < 16; ++m) {
    int n = 0;
    for (int rot = 0; rot < kRotations; ++rot)
      if (m & (1 << rot)) o.rot[m][n++] = static_cast<int8_t>(rot);
    o.count[m] = static_cast<int8_t>(n);
    for (int k = n; k < kRotations; ++k) o.rot[m][k] = n ? o.rot[m][n - 1] : 0;
    for (int k = 0; k < kRotations; ++k) o.word[m][k] = static_cast<uint64_t>(o.rot[m][k]) << 8;
  }
  return o;
}
constexpr RotationOrder kRotationOrder = make_rotation_order();

}  // namespace

namespace {

// What the placement rule says of `t` at (x, y) in `rot`, found in one walk of the
// neighbours: every touching side matches (mist ignored), at least one side touches, corners
// do not count; a hidden cell shows no side to match, so a tile touching hidden cells only
// fits nowhere (PlacedCell::hidden). `where`/`side`/`mine`/`theirs` say what is wrong, for the
// refusal.
enum class Fit : uint8_t { Ok, Taken, Mismatch, NoTouch, HiddenOnly };
struct FitReport {
  Fit fit = Fit::Ok;
  int x = 0, y = 0, side = 0;
  Terrain mine = Terrain::Field, theirs = Terrain::Field;
};

FitReport check_fit(const State& s, const TileType& t, int x, int y, int rot) {
  FitReport r;
  bool touches = false, touches_shown = false, touches_hidden = false;
  for (const CellFace& f : t.rot[rot]) {
    int cx = x + f.dx, cy = y + f.dy;
    if (s.cell_at(cx, cy) >= 0) return {Fit::Taken, cx, cy, 0, Terrain::Field, Terrain::Field};
    for (int side = 0; side < kSides; ++side) {
      int nb = s.cell_at(cx + kDx[side], cy + kDy[side]);
      if (nb < 0) continue;
      touches = true;
      if (s.cell(nb).hidden) {
        touches_hidden = true;
        continue;
      }
      touches_shown = true;
      // The placed cell's packed sides: its face's, with a BCB bridge end read as road.
      Terrain theirs = static_cast<Terrain>((s.cell(nb).sides >> (2 * opposite_side(side))) & 3u);
      if (theirs != f.sides[side]) return {Fit::Mismatch, cx, cy, side, f.sides[side], theirs};
    }
  }
  if (!touches)
    r.fit = Fit::NoTouch;
  else if (touches_hidden && !touches_shown)
    r.fit = Fit::HiddenOnly;
  return r;
}

}  // namespace

bool Rules::fits(const State& s, const TileType& t, int x, int y, int rot) {
  return check_fit(s, t, x, y, rot).fit == Fit::Ok;
}

std::optional<std::string> Rules::placement_problem(const State& s, TileId tile, int x, int y,
                                                    int rot) {
  if (rot < 0 || rot >= kRotations) return "rotation must be 0..3";
  const TileType& t = s.game_->tile(tile);
  const bool on_board = x >= -s.grid_origin_ + 2 && y >= -s.grid_origin_ + 2 &&
                        x <= s.grid_origin_ - 3 && y <= s.grid_origin_ - 3;
  if (t.n_cells == 1 &&
      on_board) {  // the usual case, a legal one-cell placement, as legal_placements
    const uint16_t needs = s.space_needs_.at_or_empty(x + s.grid_origin_, y + s.grid_origin_);
    if (s.cell_at(x, y) < 0 && needs && accepts(needs, packed_sides(t.rot[rot][0])))
      return room_refusal(s, tile, x, y, rot);
  }  // anything else: the long way, which says what is wrong
  static const char* names[] = {"field", "road", "city", "river"};
  const FitReport r = check_fit(s, t, x, y, rot);
  switch (r.fit) {
    case Fit::Taken:
      return "space " + std::to_string(r.x) + "," + std::to_string(r.y) + " is already taken";
    case Fit::Mismatch:
      return std::string("side ") + kSideNames[r.side] + " (" + names[static_cast<int>(r.mine)] +
             ") does not match the neighbour's " + names[static_cast<int>(r.theirs)];
    case Fit::NoTouch:
      return "the tile touches no placed tile along a side (corners do not count)";
    case Fit::HiddenOnly:
      return s.game_->rule_system().hidden_only_refusal();
    case Fit::Ok:
      break;
  }
  if (!on_board) return "outside the board";
  return room_refusal(s, tile, x, y, rot);
}

std::optional<std::string> Rules::room_refusal(const State& s, TileId tile, int x, int y, int rot) {
  if (!s.game_->restricts_placement(tile)) return std::nullopt;
  return s.game_->rule_system().placement_refusal(s, tile, x, y, rot);
}

// The room's placement rule (RuleSystem::placement_allowed: no reason built) on the
// candidates from `from` on.
void Rules::keep_room_placements(const State& s, ActionList& out, int from) {
  int kept = from;
  const RuleSystem& room = s.game_->rule_system();
  for (int i = from; i < out.size; ++i)
    if (room.placement_allowed(s, out.items[i].tile, out.items[i].x, out.items[i].y,
                               out.items[i].rot, nullptr))
      out.items[kept++] = out.items[i];
  out.size = kept;
}

// One-cell tiles (all but a start tile of several cells): one pass reads, for every frontier space,
// which rotations fit (kFitTable, one load) and marks the spaces where any fits; a second
// writes those spaces' placements, four actions each with the count advanced by how many
// fit. No branch depends on a fit (a mispredicted one per space cost more than the test).
// The order is fits()'s: frontier, then rotation.
void Rules::legal_placements(const State& s, TileId tile, ActionList& out) {
  const int from = out.size;
  if (s.game_->restricts_placement(tile)) {
    int x = 0, y = 0;
    const int confined = s.game_->rule_system().placement_space(s, tile, x, y);
    if (confined < 0 || (confined > 0 && !space_placements(s, tile, x, y, out)))
      edge_placements(s, tile, out);
    keep_room_placements(s, out, from);
  } else {
    edge_placements(s, tile, out);
  }
  if (s.game_->adds_placements()) s.game_->rule_system().added_placements(s, tile, out, from);
}

namespace {

// The tile's row of kFitTable, or nullptr when its rotations are not quarter turns of
// rotation 0 or it has a river side, which the table's codes cannot tell apart (then the scan
// tests all four `sides4` with fitting_rotations, on the needs themselves).
const uint8_t* fit_row(const Game& game, TileId tile, uint32_t& sides4) {
  sides4 = game.packed_rotations(tile);
  const auto sides0 = static_cast<uint8_t>(sides4);
  const bool river = sides0 & (sides0 >> 1) & 0x55u;
  return sides4 == kFitTable.turned[sides0] && !river ? kFitTable.nibble[sides0] : nullptr;
}

// A placement as the two 8-byte words of its 16-byte record (bytes 0-7: kind .. x; bytes
// 8-15: y .. from), so that writing one takes two stores (little-endian only).
struct PlaceWords {
  uint64_t lo = 0, hi = 0;
};
// The layout this assumes (the one padding byte is byte 5); another one takes the field writes.
constexpr bool kWordWrites = std::endian::native == std::endian::little && sizeof(Action) == 16 &&
                             offsetof(Action, kind) == 0 && offsetof(Action, rot) == 1 &&
                             offsetof(Action, seg) == 2 && offsetof(Action, colour) == 3 &&
                             offsetof(Action, count) == 4 && offsetof(Action, x) == 6 &&
                             offsetof(Action, y) == 8 && offsetof(Action, meeple) == 10 &&
                             offsetof(Action, tile) == 12 && offsetof(Action, from) == 14;
// On a little-endian machine a change to Action's fields must update PlaceWords, not silently
// fall back to the slower field writes.
static_assert(kWordWrites || std::endian::native != std::endian::little,
              "Action's layout changed: update PlaceWords and kWordWrites");

// `proto` (x = y = 0) as words, the padding byte zero.
PlaceWords place_words(const Action& proto) {
  unsigned char bytes[16] = {};
  std::memcpy(bytes, &proto, sizeof(Action));
  PlaceWords w;
  std::memcpy(&w.lo, bytes, 8);
  std::memcpy(&w.hi, bytes + 8, 8);
  w.lo &= ~(0xFFull << 8 | 0xFFull << 40 | 0xFFFFull << 48);  // no rotation, padding, x yet
  w.hi &= ~0xFFFFull;                                         // no y yet
  return w;
}

// Writes the four placements at (x, y) with the rotations `order` lists (kRotationOrder.word).
void write_four(Action* dst, PlaceWords w, int x, int y, const uint64_t* order) {
  const uint64_t ux = static_cast<uint16_t>(x), uy = static_cast<uint16_t>(y);
  w.lo |= ux << 48;
  w.hi |= uy;
  auto* bytes = reinterpret_cast<unsigned char*>(dst);
  for (int k = 0; k < kRotations; ++k) {
    const uint64_t lo = w.lo | order[k];
    std::memcpy(bytes + sizeof(Action) * static_cast<size_t>(k), &lo, 8);
    std::memcpy(bytes + sizeof(Action) * static_cast<size_t>(k) + 8, &w.hi, 8);
  }
}

// The one-cell scan: one pass reads, for every frontier slot, which rotations fit
// (`nibble_of` the slot: a table load) into a byte array; a second reads the array eight
// slots a word and writes the placements of the slots where any rotation fits, four records
// each with the count advanced by how many fit (the rest are overwritten or never read). No
// branch depends on a fit (about half the spaces take a base tile: a mispredicted branch per
// space cost more than the test). The caller made room for four placements a space.
template <class NibbleOf>
void scan_spaces(const std::vector<Pos>& frontier, Action proto, ActionList& out,
                 NibbleOf nibble_of) {
  constexpr size_t kMaxSpaces = kMaxActions / kRotations;
  constexpr uint64_t kSevens = 0x7F7F7F7F7F7F7F7Full, kHighs = 0x8080808080808080ull;
  const Pos* where = frontier.data();
  const size_t n = frontier.size();
  const PlaceWords words = place_words(proto);
  Action* dst = out.items + out.size;  // a local: the record stores cannot change it
  uint8_t nibble[kMaxSpaces + 8];
  for (size_t i = 0; i < n; ++i) nibble[i] = static_cast<uint8_t>(nibble_of(i));
  std::memset(nibble + n, 0, 8);  // the last word's tail fits nowhere
  for (size_t first = 0; first < n; first += 8) {
    uint64_t w;
    std::memcpy(&w, nibble + first, sizeof w);
    // A byte's high bit: whether the byte (at most 15) is not zero; no carry crosses bytes.
    for (uint64_t any = (w + kSevens) & kHighs; any; any &= any - 1) {
      const size_t i = first + static_cast<size_t>(std::countr_zero(any) >> 3);
      const uint8_t m = nibble[i];
      if constexpr (kWordWrites) {
        write_four(dst, words, where[i].x, where[i].y, kRotationOrder.word[m]);
      } else {
        proto.x = static_cast<int16_t>(where[i].x);
        proto.y = static_cast<int16_t>(where[i].y);
        for (int k = 0; k < kRotations; ++k) {
          proto.rot = kRotationOrder.rot[m][k];
          std::construct_at(dst + k, proto);
        }
      }
      dst += kRotationOrder.count[m];
    }
  }
  out.size = static_cast<int>(dst - out.items);
}

}  // namespace

// One space of the one-cell scan, the same test and rotation order (ascending).
bool Rules::space_placements(const State& s, TileId tile, int x, int y, ActionList& out) {
  if (s.game_->tile(tile).n_cells != 1 || out.size + kRotations > kMaxActions) return false;
  const int16_t mark = s.grid_.at_or_empty(x + s.grid_origin_, y + s.grid_origin_);
  if (mark > -2) return true;  // taken, or no frontier space: no placement there
  const auto slot = static_cast<size_t>(-2 - mark);  // marked_slot (below)
  uint32_t sides4 = 0;
  const uint8_t* row = fit_row(*s.game_, tile, sides4);
  const uint32_t m = row ? row[nth(s.frontier_code_, slot)]
                         : rotation_nibble(fitting_rotations(
                               s.space_needs_.data()[nth(s.frontier_at_, slot)], sides4));
  Action a;
  a.kind = ActionKind::Place;
  a.tile = tile;
  a.x = static_cast<int16_t>(x);
  a.y = static_cast<int16_t>(y);
  for (int k = 0; k < kRotationOrder.count[m]; ++k) {
    a.rot = kRotationOrder.rot[m][k];
    out.push(a);
  }
  return true;
}

void Rules::edge_placements(const State& s, TileId tile, ActionList& out) {
  const TileType& t = s.game_->tile(tile);
  Action a;
  a.kind = ActionKind::Place;
  a.tile = tile;
  const size_t room = static_cast<size_t>(kMaxActions - out.size);
  if (t.n_cells == 1 && s.frontier_.size() * kRotations <= room) {
    uint32_t sides4 = 0;
    const uint8_t* row = fit_row(*s.game_, tile, sides4);
    if (row) {
      const uint16_t* code = s.frontier_code_.data();
      scan_spaces(s.frontier_, a, out, [row, code](size_t i) -> uint32_t { return row[code[i]]; });
    } else {
      const uint16_t* needs = s.space_needs_.data();
      const uint32_t* at = s.frontier_at_.data();
      scan_spaces(s.frontier_, a, out, [needs, at, sides4](size_t i) {
        return rotation_nibble(fitting_rotations(needs[at[i]], sides4));
      });
    }
    return;
  }
  for (Pos p : s.frontier_) {
    for (int rot = 0; rot < kRotations; ++rot) {
      if (!fits(s, t, p.x, p.y, rot)) continue;
      a.x = static_cast<int16_t>(p.x);
      a.y = static_cast<int16_t>(p.y);
      a.rot = static_cast<int8_t>(rot);
      out.push(a);
    }
  }
}

bool Rules::placeable_anywhere(const State& s, TileId tile) {
  if (s.game_->restricts_placement(tile)) {
    ActionList all;
    legal_placements(s, tile, all);
    return all.size > 0;
  }
  const TileType& t = s.game_->tile(tile);
  if (t.n_cells == 1) {
    uint32_t sides4 = 0;
    const uint8_t* row = fit_row(*s.game_, tile, sides4);
    // Newest spaces first: they have the fewest neighbours, so a tile usually fits the first
    // one or two (the answer is the same in any order).
    for (size_t i = s.frontier_at_.size(); i-- > 0;)
      if (row ? row[nth(s.frontier_code_, i)]
              : fitting_rotations(s.space_needs_[nth(s.frontier_at_, i)], sides4))
        return true;
    if (!s.game_->adds_placements()) return false;
    ActionList added;  // fits nowhere as printed: the room's placements (BCB bridges)
    s.game_->rule_system().added_placements(s, tile, added, 0);
    return added.size > 0;
  }
  for (Pos p : s.frontier_)
    for (int rot = 0; rot < kRotations; ++rot)
      if (fits(s, t, p.x, p.y, rot)) return true;
  return false;
}

namespace {

// The grid index beside `at` (a placed cell's) across `side`; the band holds it.
size_t side_index(size_t at, int dim, int side) {
  return static_cast<size_t>(static_cast<ptrdiff_t>(at) + kDy[side] * dim + kDx[side]);
}

// Set bits of a port mask (12 ports), from a table: std::popcount is a libgcc call on the
// amd64 baseline (no POPCNT without -march).
struct BitCounts {
  uint8_t n[1u << kPorts];
};
constexpr BitCounts make_bit_counts() {
  BitCounts b{};
  for (unsigned m = 1; m < (1u << kPorts); ++m)
    b.n[m] = static_cast<uint8_t>(b.n[m >> 1] + (m & 1u));
  return b;
}
constexpr BitCounts kBitCounts = make_bit_counts();
int bit_count(PortMask m) { return kBitCounts.n[m & ((1u << kPorts) - 1)]; }

// facing_port() as a table (it divides by 3).
struct FacingPorts {
  int8_t port[kPorts];
};
constexpr FacingPorts make_facing_ports() {
  FacingPorts f{};
  for (int p = 0; p < kPorts; ++p) f.port[p] = static_cast<int8_t>(facing_port(p));
  return f;
}
constexpr FacingPorts kFacingPort = make_facing_ports();

constexpr int kDx8[8] = {-1, 0, 1, 1, 1, 0, -1, -1};
constexpr int kDy8[8] = {-1, -1, -1, 0, 1, 1, 1, 0};

// A frontier space's slot as grid_ holds it (State::grid_), and back.
constexpr int16_t slot_mark(size_t slot) {
  return static_cast<int16_t>(-2 - static_cast<int>(slot));
}
constexpr size_t marked_slot(int16_t mark) { return static_cast<size_t>(-2 - mark); }

// The frontier's three parallel lists (State::frontier_, frontier_at_, frontier_code_).
struct FrontierLists {
  std::vector<Pos>& where;
  std::vector<uint32_t>& at;
  std::vector<uint16_t>& code;
};

// Takes the space in `slot` off the frontier: the last entry moves into the slot (and the
// grid learns its new slot).
void leave_frontier(GridPlane<int16_t, -1>& grid, const FrontierLists& f, size_t slot) {
  const size_t last = f.at.size() - 1;
  if (slot != last) grid[f.at[last]] = slot_mark(slot);
  f.where[slot] = f.where.back();
  f.where.pop_back();
  f.at[slot] = f.at.back();
  f.at.pop_back();
  f.code[slot] = f.code.back();
  f.code.pop_back();
}

// The 8 neighbours clockwise from the north-west (kDx8, kDy8): the four sides are the odd ones.
constexpr unsigned side_bits(unsigned eight) {
  return ((eight >> 1) & 1u) | ((eight >> 2) & 2u) | ((eight >> 3) & 4u) | ((eight >> 4) & 8u);
}

// Marks the cell last added to `cells` taken: grid, frontier, the 8-neighbour counter and
// what the empty spaces beside it now ask of a tile (State::space_needs_). The caller wrote
// the cell in place (no copy of a freshly written record: reading it back whole stalls).
// `surrounded_out`: the cells it left surrounded (State::surrounded_); `sides_out`: bit s
// when a placed cell lies across side s.
int occupy(State& s, int origin, GridPlane<int16_t, -1>& grid, std::vector<PlacedCell>& cells,
           const FrontierLists& frontier, GridPlane<uint16_t, 0>& needs, uint16_t& surrounded_out,
           unsigned& sides_out) {
  const int idx = static_cast<int>(cells.size()) - 1;
  PlacedCell& pc = cells.back();
  const size_t packed = s.grid_index(pc.x, pc.y);
  const int row = pc.y + origin;      // of packed (State::grid_origin_)
  grid.cover_rows(row - 1, row + 1);  // the cell and the spaces it touches (never the edge row)
  needs.cover_rows(row - 1, row + 1);
  if (grid[packed] <= -2)  // a space with a neighbour is on the frontier
    leave_frontier(grid, frontier, marked_slot(grid[packed]));
  grid[packed] = static_cast<int16_t>(idx);
  const auto dim = static_cast<ptrdiff_t>(grid.dim());
  // The neighbours are read first, into a mask of the placed ones: the loops below visit only
  // those, where a branch per neighbour mispredicted about as often as not.
  int16_t nb[8];
  unsigned taken = 0;
  for (int k = 0; k < 8; ++k) {  // the band holds the rows around; no cell is on the rim
    nb[k] = grid[static_cast<size_t>(static_cast<ptrdiff_t>(packed) + kDy8[k] * dim + kDx8[k])];
    taken |= static_cast<unsigned>(nb[k] >= 0) << k;
  }
  unsigned surrounded = 0;
  for (unsigned m = taken; m; m &= m - 1) {
    const int k = std::countr_zero(m);
    PlacedCell& n = nth(cells, nb[k]);
    ++n.n8;
    surrounded |= static_cast<unsigned>(n.n8 == 8) << ((kDy8[k] + 1) * 3 + kDx8[k] + 1);
  }
  const int n8 = bit_count(static_cast<PortMask>(taken));
  pc.n8 = static_cast<uint8_t>(n8);
  surrounded |= static_cast<unsigned>(n8 == 8) << 4;
  surrounded_out = static_cast<uint16_t>(surrounded);
  sides_out = side_bits(taken);
  for (unsigned m = ~sides_out & 0xFu; m; m &= m - 1) {  // the empty spaces beside it
    const int side = std::countr_zero(m);
    const Pos np{pc.x + kDx[side], pc.y + kDy[side]};
    const size_t ni = side_index(packed, grid.dim(), side);
    uint16_t& need = needs[ni];
    const bool joins = !need;  // a space with no neighbour until now joins the frontier
    if (pc.hidden) {           // shows no side: the space takes a tile only once a shown side joins
      if (!need) need = kNeedsNoTile;
    } else {
      if (need == kNeedsNoTile) need = 0;      // a face-up neighbour at last
      const int theirs = opposite_side(side);  // the space sees this cell on its opposite side
      const unsigned terrain = (pc.sides >> (2 * side)) & 3u;
      need = static_cast<uint16_t>(need | (3u << (8 + 2 * theirs)) | (terrain << (2 * theirs)));
    }
    const auto code = static_cast<uint16_t>(Rules::needs_code(need));
    if (joins) {
      grid[ni] = slot_mark(frontier.at.size());
      frontier.where.push_back(np);
      frontier.at.push_back(static_cast<uint32_t>(ni));
      frontier.code.push_back(code);
    } else {
      frontier.code[marked_slot(grid[ni])] = code;
    }
  }
  return idx;
}

}  // namespace

void Rules::set_needs(State& s, size_t at, uint16_t needs) {
  s.space_needs_[at] = needs;
  if (s.grid_[at] <= -2)
    s.frontier_code_[marked_slot(s.grid_[at])] = static_cast<uint16_t>(Rules::needs_code(needs));
}

// The union-find grows a cell at a time (unused: parent -1), so a new State fills and a copy
// moves only the placed cells' nodes; the constructor reserved them all.
void Rules::add_nodes(State& s, int cell) {
  static constexpr std::array<RegionNode, kNodesPerCell> kUnused{};
  while (s.nodes_.size() < static_cast<size_t>(node_count(cell + 1)))  // one copy a cell
    s.nodes_.insert(s.nodes_.end(), kUnused.begin(), kUnused.end());
}

int Rules::place_tile(State& s, TileId tile, int x, int y, int rot, bool* extended_bank) {
  const TileType& t = s.game_->tile(tile);
  int first = static_cast<int>(s.cells_.size());
  bool extended = false;
  const bool unmatched = s.game_->adds_placements();  // ports may meet ports that do not link
  const RuleSystem& room = s.game_->rule_system();
  const unsigned seals = s.game_->hidden_seals();
  for (int ci = 0; ci < t.n_cells; ++ci) {
    const CellFace& f = t.rot[rot][ci];
    PlacedCell& pc = s.cells_.emplace_back();
    pc.tile = tile;
    pc.rot = static_cast<int8_t>(rot);
    pc.index = static_cast<int8_t>(ci);
    pc.x = static_cast<int16_t>(x + f.dx);
    pc.y = static_cast<int16_t>(y + f.dy);
    pc.placement = static_cast<int16_t>(s.placements_);
    pc.sides = packed_sides(f);
    unsigned sides = 0;
    const int c = occupy(s, s.grid_origin_, s.grid_, s.cells_,
                         {s.frontier_, s.frontier_at_, s.frontier_code_}, s.space_needs_,
                         s.surrounded_, sides);
    s.surround_cell_ = c;
    add_nodes(s, c);
    unsigned linked = 0;  // the ports that link to a neighbour's feature (Segment::links)
    for (int i = 0; i < f.n_segments; ++i) {
      RegionNode& n = nth(s.nodes_, segment_node(c, i));
      n.parent = n.next = static_cast<int16_t>(segment_node(c, i));
      n.open = static_cast<int16_t>(bit_count(f.segments[i].links));
      n.meeples = 0;
      n.sealed = 0;
      linked |= f.segments[i].links;
    }
    for (int m = 0; m < f.n_mist; ++m) {
      RegionNode& n = nth(s.nodes_, mist_node(c, m));
      n.parent = n.next = static_cast<int16_t>(mist_node(c, m));
      n.open = static_cast<int16_t>(bit_count(f.mist[m].ports));
      n.meeples = 0;
      n.sealed = 0;
    }
    const size_t at = s.grid_index(pc.x, pc.y);  // occupy() put its rows in the band
    for (; sides; sides &= sides - 1) {          // the placed cells beside it
      const int side = std::countr_zero(sides);
      const int nb = s.grid_[side_index(at, s.grid_dim_, side)];
      const PlacedCell& ncell = nth(s.cells_, nb);
      if (ncell.hidden) {  // these links face a cell that shows no face, for good
        close_facing(s, f, c, side, seals);
        continue;
      }
      const CellFace& nf = s.face(nb);
      // Only the linked ports (a field side's centre never links), not a branch per port.
      for (unsigned m = (linked >> port_of(side, 0)) & 7u; m; m &= m - 1) {
        const int k = std::countr_zero(m);
        const int p = port_of(side, k), q = kFacingPort.port[p];
        const int seg = f.port_segment[p];
        // Matched sides link both ways. Where the room adds placements beyond edge matching,
        // a port may meet one that does not link: the room says what it joins, if anything.
        int theirs_node = segment_node(nb, nf.port_segment[q]);
        if (unmatched && !(nf.segments[nf.port_segment[q]].links & (1u << q)))
          theirs_node = room.unmatched_link(s, nb, side, k);
        if (theirs_node >= 0) nth(s.nodes_, join(s, segment_node(c, seg), theirs_node)).open -= 2;
      }
      if (!f.n_mist && !nf.n_mist) continue;  // no mist on either side of this edge
      for (int k = 0; k < kPortsPerSide; ++k) {
        const int p = port_of(side, k), q = kFacingPort.port[p];
        bool mine = f.port_mist[p] >= 0, theirs = nf.port_mist[q] >= 0;
        if (mine && theirs) {
          nth(s.nodes_, join(s, mist_node(c, f.port_mist[p]), mist_node(nb, nf.port_mist[q])))
              .open -= 2;
          if (ncell.placement != pc.placement) extended = true;
        } else if (mine || theirs) {  // a mist port against land that never takes it: the
          // link closes and the bank can never finish (Dized.MoC.0043)
          int r = mine ? find(s, mist_node(c, f.port_mist[p]))
                       : find(s, mist_node(nb, nf.port_mist[q]));
          --nth(s.nodes_, r).open;
          nth(s.nodes_, r).sealed = 1;
        }
      }
    }
  }
  if (s.game_->tracks_cells()) room.cells_added(s, first);
  ++s.placements_;
  if (extended_bank) *extended_bank = extended;
  return first;
}

// A cell that shows no face (PlacedCell::hidden) on the one space (x, y): the links of its
// shown neighbours that face it close for good, their regions sealed as `seals` says
// (RuleSystem::hidden_seals; the room that puts it down passes them).
int Rules::place_hidden(State& s, TileId tile, int x, int y, unsigned seals) {
  PlacedCell& pc = s.cells_.emplace_back();
  pc.tile = tile;
  pc.hidden = true;
  pc.x = static_cast<int16_t>(x);
  pc.y = static_cast<int16_t>(y);
  pc.placement = static_cast<int16_t>(s.placements_++);
  unsigned sides = 0;
  const int c =
      occupy(s, s.grid_origin_, s.grid_, s.cells_, {s.frontier_, s.frontier_at_, s.frontier_code_},
             s.space_needs_, s.surrounded_, sides);
  s.surround_cell_ = c;
  add_nodes(s, c);
  for (int side = 0; side < kSides; ++side) {
    int nb = s.cell_at(x + kDx[side], y + kDy[side]);
    if (nb < 0 || nth(s.cells_, nb).hidden) continue;
    close_facing(s, s.face(nb), nb, opposite_side(side), seals);
  }
  if (s.game_->tracks_cells()) s.game_->rule_system().cells_added(s, c);
  return c;
}

// The links of shown cell `c` (face `f`) across `side`, which a hidden cell faces: each closes,
// and its region is sealed when `seals` says so for its kind (RuleSystem::kSealsFeatures,
// kSealsMist).
void Rules::close_facing(State& s, const CellFace& f, int c, int side, unsigned seals) {
  for (int k = 0; k < kPortsPerSide; ++k) {
    const int p = port_of(side, k);
    const int seg = f.port_segment[p];
    if (f.segments[seg].links & (1u << p)) {
      RegionNode& r = nth(s.nodes_, find(s, segment_node(c, seg)));
      --r.open;
      if (seals & RuleSystem::kSealsFeatures) r.sealed = 1;
    }
    if (f.port_mist[p] >= 0) {
      RegionNode& r = nth(s.nodes_, find(s, mist_node(c, f.port_mist[p])));
      --r.open;
      if (seals & RuleSystem::kSealsMist) r.sealed = 1;
    }
  }
}

int Rules::orthogonal_neighbours(const State& s, int cell) {
  const PlacedCell& c = nth(s.cells_, cell);
  int n = 0;
  for (int side = 0; side < kSides; ++side) n += s.cell_at(c.x + kDx[side], c.y + kDy[side]) >= 0;
  return n;
}

}  // namespace carcheck
