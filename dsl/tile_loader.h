// Loads tiles.yaml: every tile set, every shape compiled (dsl/tile_compiler.h).
#pragma once

#include <string>
#include <vector>

#include "engine/tile.h"

namespace carcheck {

// Throws InputError (file:line:column: reason) for any malformed or inconsistent input.
std::vector<TileSet> load_tile_sets(const std::string& path);
std::vector<TileSet> load_tile_sets_from_string(const std::string& yaml_text,
                                                const std::string& file);

// A tile as the loaders make it, before its shape is compiled: both tiles.yaml and a spec's
// inline tiles (dsl/library.h inline_tile_set) go through here.
TileType new_tile(const std::string& set, const std::string& name, int count, bool start,
                  const std::string& shape, const std::string& file);

// The default locations of the shipped data (the source tree, or $CARCHECK_DATA).
std::string default_tiles_path();
std::string default_levels_path();

}  // namespace carcheck
