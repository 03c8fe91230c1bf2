#include "engine/tile.h"

namespace carcheck {

const char* segment_kind_name(SegmentKind k) {
  switch (k) {
    case SegmentKind::Road:
      return "road";
    case SegmentKind::City:
      return "city";
    case SegmentKind::Field:
      return "field";
    case SegmentKind::Monastery:
      return "monastery";
    case SegmentKind::Castle:
      return "castle";
    case SegmentKind::Cemetery:
      return "cemetery";
  }
  return "?";
}

bool TileType::has(SegmentKind k) const {
  for (const CellFace& c : rot[0])
    for (int i = 0; i < c.n_segments; ++i)
      if (c.segments[i].kind == k) return true;
  return false;
}

int TileType::shields() const {
  int n = 0;
  for (const CellFace& c : rot[0])
    for (int i = 0; i < c.n_segments; ++i) n += c.segments[i].shields;
  return n;
}

int TileType::ghost_symbols() const {
  int n = 0;
  for (const CellFace& c : rot[0]) n += c.ghost_symbols;
  return n;
}

int TileSet::physical_tiles() const {
  int n = 0;
  for (const TileType& t : tiles) n += t.count;
  return n;
}

const TileType* TileSet::find(const std::string& tile_name) const {
  for (const TileType& t : tiles)
    if (t.name == tile_name) return &t;
  return nullptr;
}

}  // namespace carcheck
