// Small value types shared by the whole engine: sides, ports, terrain, coordinates.
// Ports are plain integers 0..11, clockwise from the north-west corner (docs/tile-language.md).
#pragma once

#include <cstddef>
#include <cstdint>

namespace carcheck {

inline constexpr int kSides = 4;
inline constexpr int kPortsPerSide = 3;
inline constexpr int kPorts = 12;
inline constexpr int kRotations = 4;

enum Side : uint8_t { North = 0, East = 1, South = 2, West = 3 };
// River (The River): a side matches only a river side; it fills the 2-bit side code's fourth
// value, so the placement tables need no wider code (engine/board.cpp).
enum class Terrain : uint8_t { Field = 0, Road = 1, City = 2, River = 3 };

using PortMask = uint16_t;  // bit p set: port p

constexpr int port_of(int side, int k) { return side * kPortsPerSide + k; }
constexpr int side_of(int port) { return port / kPortsPerSide; }
constexpr int centre_port(int side) { return port_of(side, 1); }
constexpr int opposite_side(int side) { return (side + 2) % kSides; }
// The neighbour's port that touches port p across p's side: Nl meets the neighbour's Sr.
constexpr int facing_port(int p) {
  return port_of(opposite_side(side_of(p)), kPortsPerSide - 1 - p % kPortsPerSide);
}
// A quarter turn clockwise moves every port three places on.
constexpr int rotate_port(int p, int quarter_turns) {
  return (p + kPortsPerSide * quarter_turns) % kPorts;
}
constexpr PortMask rotate_mask(PortMask m, int quarter_turns) {
  int s = (kPortsPerSide * quarter_turns) % kPorts;
  return static_cast<PortMask>(((m << s) | (m >> (kPorts - s))) & 0xFFF);
}
constexpr PortMask side_mask(int side) {
  return static_cast<PortMask>(0x7u << (side * kPortsPerSide));
}

// Grid offsets: x grows east, y grows south.
inline constexpr int kDx[kSides] = {0, 1, 0, -1};
inline constexpr int kDy[kSides] = {-1, 0, 1, 0};

struct Pos {
  int x = 0, y = 0;
  friend constexpr bool operator==(Pos a, Pos b) { return a.x == b.x && a.y == b.y; }
};

constexpr char kSideNames[kSides] = {'N', 'E', 'S', 'W'};

// The i-th element of a table indexed by one of the engine's ids (a cell, node, meeple,
// colour, pile or score as an int, or an enum such as FeatureClass): the one cast from an
// id to a container index.
template <class Table, class Id>
constexpr decltype(auto) nth(Table& t, Id i) {
  return t[static_cast<std::size_t>(i)];
}

}  // namespace carcheck
