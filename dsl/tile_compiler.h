// Compiles one shape of the tile language into a TileType's flat, pre-rotated tables.
#pragma once

#include <string>

#include "dsl/diagnostic.h"
#include "engine/tile.h"

namespace carcheck {

// Where the shape text starts in its file, so errors point into the YAML file itself.
struct ShapeOrigin {
  std::string file;
  int line = 1;    // 1-based line of the shape's first character
  int column = 1;  // 1-based column of the shape's first character
};

// Parses and checks `shape`, filling tile.rot and tile.n_cells. Throws InputError with the
// position of the offending text: syntax errors, ports claimed twice or never, a road side
// without a road, mist on a city, an unknown border, inner sides of a multi-cell tile that
// do not match.
void compile_shape(const std::string& shape, const ShapeOrigin& origin, TileType& tile);

}  // namespace carcheck
