#include "render/tile_art.h"

#include <algorithm>
#include <array>
#include <utility>

namespace carcheck {
namespace {

using Grid = std::vector<std::string>;
struct RC {
  int row, col;
};

constexpr int kCentreRow = kArtHeight / 2;  // 2
constexpr int kCentreCol = kArtWidth / 2;   // 4

// The border characters of port p: a field half spans three columns (N, S) or one row (E, W).
std::vector<RC> port_cells(int p) {
  int side = side_of(p), k = p % kPortsPerSide;
  switch (side) {
    case North:
      if (k == 1) return {{0, 4}};
      return k == 0 ? std::vector<RC>{{0, 1}, {0, 2}, {0, 3}}
                    : std::vector<RC>{{0, 5}, {0, 6}, {0, 7}};
    case East:
      return {{1 + k, kArtWidth - 1}};
    case South:
      if (k == 1) return {{kArtHeight - 1, 4}};
      return k == 0 ? std::vector<RC>{{4, 5}, {4, 6}, {4, 7}}
                    : std::vector<RC>{{4, 1}, {4, 2}, {4, 3}};
    default:
      return {{3 - k, 0}};  // West: Wl south (row 3), Wc, Wr north (row 1)
  }
}

char port_char(const CellFace& f, int p) {
  int side = side_of(p), k = p % kPortsPerSide;
  if (f.port_mist[p] >= 0) return '~';
  switch (f.sides[side]) {
    case Terrain::City:
      return '#';
    case Terrain::Road:
      if (k != 1) return '.';
      return side == North || side == South ? '|' : '=';
    case Terrain::River:
      return k == 1 ? 'w' : '.';
    case Terrain::Field: {
      // A field side's centre is not a mist port; show it misty when both halves are.
      bool misty =
          k == 1 && f.port_mist[port_of(side, 0)] >= 0 && f.port_mist[port_of(side, 2)] >= 0;
      return misty ? '~' : '.';
    }
  }
  return '?';
}

// The corners, clockwise from the north-west, with the two ports that meet there.
constexpr std::array<RC, kSides> kCorners = {
    RC{0, 0}, RC{0, kArtWidth - 1}, RC{kArtHeight - 1, kArtWidth - 1}, RC{kArtHeight - 1, 0}};
constexpr std::array<std::pair<int, int>, kSides> kCornerPorts = {std::pair{0, 11}, std::pair{2, 3},
                                                                  std::pair{5, 6}, std::pair{8, 9}};

char corner_char(const CellFace& f, int corner) {
  auto [a, b] = kCornerPorts[corner];
  if (f.sides[side_of(a)] == Terrain::City && f.sides[side_of(b)] == Terrain::City &&
      f.port_segment[a] == f.port_segment[b])
    return '#';
  if (f.port_mist[a] >= 0 && f.port_mist[b] >= 0) return '~';
  return '+';
}

// Two-character label slots inside the box, one per corner, in the same order as kCorners.
constexpr std::array<RC, kSides> kSlots = {RC{1, 1}, RC{1, 6}, RC{3, 6}, RC{3, 1}};

bool slot_free(const Grid& g, int slot) {
  RC at = kSlots[slot];
  return g[at.row][at.col] == ' ' && g[at.row][at.col + 1] == ' ';
}

void put_label(Grid& g, int slot, char letter, int n) {
  RC at = kSlots[slot];
  g[at.row][at.col] = letter;
  g[at.row][at.col + 1] = n <= 9 ? static_cast<char>('0' + n) : '+';
}

// The first free slot, trying `order` in turn; -1 when all are taken.
int free_slot(const Grid& g, const std::array<int, kSides>& order) {
  for (int s : order)
    if (slot_free(g, s)) return s;
  return -1;
}

void put_near_centre(Grid& g, char c) {
  static constexpr RC kSpots[] = {{2, 4}, {1, 4}, {3, 4}, {2, 3}, {2, 5},
                                  {1, 3}, {1, 5}, {3, 3}, {3, 5}};
  for (RC at : kSpots)
    if (g[at.row][at.col] == ' ') {
      g[at.row][at.col] = c;
      return;
    }
}

char centre_letter(SegmentKind k) {
  switch (k) {
    case SegmentKind::Monastery:
      return 'M';
    case SegmentKind::Castle:
      return 'C';
    case SegmentKind::Cemetery:
      return 'X';
    default:
      return '?';
  }
}

}  // namespace

std::vector<std::string> draw_cell(const CellFace& f) {
  Grid g(kArtHeight, std::string(kArtWidth, ' '));

  // Border: ports and corners.
  for (int p = 0; p < kPorts; ++p)
    for (RC at : port_cells(p)) g[at.row][at.col] = port_char(f, p);
  for (int c = 0; c < kSides; ++c) g[kCorners[c].row][kCorners[c].col] = corner_char(f, c);

  // Road arms from each road side to the centre, and the hub where they meet.
  int through = -1;  // a road segment that crosses the cell, entering and leaving
  bool road_ends = false;
  for (int i = 0; i < f.n_segments; ++i) {
    const Segment& s = f.segments[i];
    if (s.kind != SegmentKind::Road) continue;
    int sides = 0;
    for (int side = 0; side < kSides; ++side) {
      if (!(s.ports & (1u << centre_port(side)))) continue;
      ++sides;
      switch (side) {
        case North:
          g[1][kCentreCol] = '|';
          break;
        case South:
          g[3][kCentreCol] = '|';
          break;
        case East:
          for (int c = kCentreCol + 1; c < kArtWidth - 1; ++c) g[kCentreRow][c] = '=';
          break;
        default:
          for (int c = 1; c < kCentreCol; ++c) g[kCentreRow][c] = '=';
      }
    }
    if (sides >= 2)
      through = i;
    else
      road_ends = true;
  }
  if (through >= 0) {
    PortMask m = f.segments[through].ports;
    bool ns = (m & (1u << centre_port(North))) && (m & (1u << centre_port(South)));
    bool we = (m & (1u << centre_port(West))) && (m & (1u << centre_port(East)));
    g[kCentreRow][kCentreCol] = ns ? '|' : we ? '=' : '+';
  }

  // The river: an arm from each river side to the centre (beside a road's, which bridges it).
  for (int side = 0; side < kSides; ++side) {
    if (f.sides[side] != Terrain::River) continue;
    static constexpr RC kRiverArm[kSides][2] = {
        {{1, 4}, {1, 4}}, {{2, 5}, {2, 6}}, {{3, 4}, {3, 4}}, {{2, 2}, {2, 3}}};
    for (RC at : kRiverArm[side])
      if (g[at.row][at.col] == ' ') g[at.row][at.col] = 'w';
  }

  // Centre features: in the centre unless a road passes through it, then beside it.
  std::string letters;
  if (f.marks & kMarkSpring) letters += 'Q';
  if (f.marks & kMarkLake) letters += 'L';
  if (f.centre >= 0) letters += centre_letter(f.segments[f.centre].kind);
  if (f.marks & kMarkBazaar) letters += 'B';
  if (f.marks & kMarkRuins) letters += 'R';
  for (char c : letters) put_near_centre(g, c);
  if (letters.empty() && road_ends && through < 0) g[kCentreRow][kCentreCol] = '*';

  // Inns beside their road's arm.
  for (int i = 0; i < f.n_segments; ++i) {
    const Segment& s = f.segments[i];
    if (s.kind != SegmentKind::Road || !(s.flags & kSegInn)) continue;
    static constexpr RC kInnAt[kSides] = {{1, 5}, {3, 5}, {3, 3}, {1, 3}};
    bool placed = false;
    for (int side = 0; side < kSides && !placed; ++side) {
      RC at = kInnAt[side];
      if ((s.ports & (1u << centre_port(side))) && g[at.row][at.col] == ' ') {
        g[at.row][at.col] = 'i';
        placed = true;
      }
    }
    if (!placed) put_near_centre(g, 'i');
  }

  // A cathedral (Inns & Cathedrals): its spire near the centre of its city.
  for (int i = 0; i < f.n_segments; ++i)
    if (f.segments[i].kind == SegmentKind::City && (f.segments[i].flags & kSegCathedral))
      put_near_centre(g, '^');

  // Coats of arms: in the corner slot between two sides of the city segment if there is one,
  // else next to its first side.
  for (int i = 0; i < f.n_segments; ++i) {
    const Segment& s = f.segments[i];
    if (s.kind != SegmentKind::City || s.shields == 0) continue;
    int first = 0;
    while (first < kSides && !(s.ports & side_mask(first))) ++first;
    first %= kSides;
    std::array<int, kSides> order{};
    for (int k = 0; k < kSides; ++k) order[k] = (first + k) % kSides;
    auto sides_in_segment = [&](int slot) {  // slot k lies between sides k-1 and k (NW: W, N)
      return ((s.ports & side_mask(slot)) != 0) + ((s.ports & side_mask((slot + 3) % kSides)) != 0);
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](int x, int y) { return sides_in_segment(x) > sides_in_segment(y); });
    int slot = free_slot(g, order);
    if (slot >= 0) put_label(g, slot, 'S', s.shields);
  }

  // Ghost symbols: in the free corner slot nearest the mist.
  if (f.ghost_symbols > 0) {
    std::array<int, kSides> order = {2, 3, 1, 0};  // SE, SW, NE, NW on a tie
    auto score = [&](int slot) {
      auto [a, b] = kCornerPorts[slot];
      int n = 2 * ((f.port_mist[a] >= 0) + (f.port_mist[b] >= 0));
      for (int p = 0; p < kPorts; ++p)
        if (f.port_mist[p] >= 0 && (side_of(p) == side_of(a) || side_of(p) == side_of(b))) ++n;
      return n;
    };
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return score(x) > score(y); });
    int slot = free_slot(g, order);
    if (slot >= 0) put_label(g, slot, 'G', f.ghost_symbols);
  }
  return g;
}

std::vector<std::string> draw_tile(const TileType& tile, int rotation) {
  const std::vector<CellFace>& cells =
      tile.rot[((rotation % kRotations) + kRotations) % kRotations];
  int w = 1, h = 1;
  for (const CellFace& c : cells) {
    w = std::max(w, c.dx + 1);
    h = std::max(h, c.dy + 1);
  }
  Grid out(static_cast<size_t>(h * kArtHeight),
           std::string(static_cast<size_t>(w * kArtWidth), ' '));
  for (const CellFace& c : cells) {
    Grid art = draw_cell(c);
    for (int r = 0; r < kArtHeight; ++r)
      out[c.dy * kArtHeight + r].replace(static_cast<size_t>(c.dx * kArtWidth), kArtWidth, art[r]);
  }
  return out;
}

std::vector<std::string> art_legend() {
  return {
      "#  city            = |  road            .  field         ~  mist",
      "M  monastery       C  castle            X  cemetery      B  bazaar      R  ruins",
      "*  road end or junction (roads stop at the centre)       +  corner, or a road bend",
      "i  inn             Sn n coats of arms   Gn n ghost symbols   ^  cathedral",
      "w  river           Q  spring            L  lake",
  };
}

}  // namespace carcheck
