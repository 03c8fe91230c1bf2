// Compiled tiles: immutable flat tables with all four rotations precomputed, so the engine
// never rotates anything at run time. Produced by dsl/tile_compiler from the tile language.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/types.h"

namespace carcheck {

inline constexpr int kMaxSegments = 12;  // roads, cities, fields and one centre feature
inline constexpr int kMaxMist = 4;
// The segment index a room may add to a placed cell beyond its face's (PlacedCell::added; BCB:
// a bridge). Every tile such a room plays leaves it free.
inline constexpr int kAddedSeg = kMaxSegments - 1;

enum class SegmentKind : uint8_t { Road, City, Field, Monastery, Castle, Cemetery };
inline constexpr int kSegmentKinds = 6;
const char* segment_kind_name(SegmentKind k);

// Features that are marks on a cell and never regions or meeple spots. The River's spring and
// lake end the river (its one river side); the river itself is its sides (Terrain::River),
// whose centre ports belong to no segment. A cathedral (Inns & Cathedrals) is part of its city.
enum CellMark : uint8_t {
  kMarkBazaar = 1,
  kMarkRuins = 2,
  kMarkInn = 4,
  kMarkSpring = 8,
  kMarkLake = 16,
  kMarkCathedral = 32,
};

enum SegmentFlag : uint8_t {
  kSegInn = 1,        // an inn beside this road (data only without Inns and Cathedrals)
  kSegTriangle = 2,   // a city segment that is not a semicircular cap (BCB castle bases)
  kSegCathedral = 4,  // a cathedral in this city (data only without Inns and Cathedrals)
};

// One feature of a cell: a road, city or field segment over some ports, or a centre feature
// (monastery, castle, cemetery: no ports, counted by neighbours).
struct Segment {
  SegmentKind kind = SegmentKind::Field;
  PortMask ports = 0;    // in this rotation
  PortMask links = 0;    // ports that join a neighbour's feature: road and city side centres,
                         // field halves (a field side's centre is claimed but never links)
  uint8_t shields = 0;   // coats of arms (cities)
  uint8_t flags = 0;     // SegmentFlag
  uint16_t borders = 0;  // fields: bit i set when it borders city segment i of this cell
};

// A mist area over field halves and road centres, showing `ghosts` symbols.
struct MistArea {
  PortMask ports = 0;
  uint8_t ghosts = 0;
};

// One cell of a tile in one rotation.
struct CellFace {
  std::array<Terrain, kSides> sides{};
  std::array<int8_t, kPorts> port_segment{};  // segment owning each port
  std::array<int8_t, kPorts> port_mist{};     // mist area on each port, -1 when clear
  PortMask mist_ports = 0;
  uint8_t n_segments = 0;
  std::array<Segment, kMaxSegments> segments{};
  uint8_t n_mist = 0;
  std::array<MistArea, kMaxMist> mist{};
  uint8_t ghost_symbols = 0;  // sum over mist areas
  uint8_t marks = 0;          // CellMark
  int8_t centre = -1;         // segment index of the monastery, castle or cemetery
  int8_t dx = 0, dy = 0;      // offset within the tile (rotated, normalised to >= 0)
};

using TileId = int16_t;

// A tile type: a name, a count, one or more cells, every rotation precomputed.
struct TileType {
  std::string set;
  std::string name;
  int number = 0;      // image number (Mists), 0 when none
  int count = 0;       // physical copies
  bool start = false;  // one copy is the start tile
  int n_cells = 1;
  std::array<std::vector<CellFace>, kRotations> rot;  // rot[r][cell]
  std::string shape;                                  // the source text
  std::string file;                                   // where it was defined
  int line = 0, column = 0;

  const CellFace& face(int rotation, int cell = 0) const { return rot[rotation][cell]; }
  bool has(SegmentKind k) const;
  int shields() const;
  int ghost_symbols() const;
};

// A shape that replaces a tile's default one under a tile-set variant (tile58-symbols=1).
struct TileAlternative {
  std::string tile;     // name of the tile it replaces
  std::string variant;  // switch id
  std::string value;    // switch value
  TileType replacement;
};

struct TileSet {
  std::string name;
  std::string title;
  bool reconstructed = false;
  std::string note;
  std::string source;
  std::vector<TileType> tiles;
  std::vector<TileAlternative> alternatives;

  int physical_tiles() const;  // sum of counts, the start tile once
  const TileType* find(const std::string& tile_name) const;
};

}  // namespace carcheck
