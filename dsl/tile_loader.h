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

// The data folder (tiles.yaml, levels.yaml, specs/), first found wins: the folder given to
// set_data_dir (the command's --data), $CARCHECK_DATA, <exe dir>/../share/carcheck (an
// installed carcheck, found through /proc/self/exe), the source tree it was built from.
std::string data_dir();
std::string default_tiles_path();
std::string default_levels_path();
// Why `dir` cannot be a data folder (not a folder, or without tiles.yaml or levels.yaml);
// empty when it can.
std::string data_dir_problem(const std::string& dir);
// Makes `dir` the data folder for the rest of the process; throws std::invalid_argument
// with data_dir_problem's reason. Call it before the first Library::shipped().
void set_data_dir(const std::string& dir);

}  // namespace carcheck
