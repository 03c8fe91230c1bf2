#include "dsl/tile_loader.h"

#include <cstdlib>
#include <set>

#include "dsl/tile_compiler.h"
#include "dsl/yaml_util.h"

namespace carcheck {
namespace {

ShapeOrigin origin_of(const YAML::Node& n, const std::string& file) {
  YAML::Mark m = n.Mark();
  bool quoted = n.Tag() == "!";  // yaml-cpp tags non-plain (quoted) scalars "!"
  return {file, m.line + 1, m.column + 1 + (quoted ? 1 : 0)};
}

// "tile 'NAME'" when the node has a text name, else `fallback`: for messages about the node.
std::string named(const YAML::Node& n, const char* kind, const char* fallback) {
  YAML::Node name = n["name"];
  if (name && name.IsScalar()) return std::string(kind) + " '" + name.Scalar() + "'";
  return fallback;
}

TileType load_tile(const yamlx::Reader& rd, const YAML::Node& t, const std::string& set) {
  rd.expect_map(t, "a tile");
  rd.check_keys(t, {"name", "number", "count", "start", "shape", "variants", "note"},
                named(t, "tile", "a tile"));
  TileType tile;
  tile.set = set;
  tile.name = rd.str(rd.required(t, "name", "a tile"), "a tile's name");
  std::string what = "tile '" + tile.name + "'";
  tile.count = rd.integer(rd.required(t, "count", what), what + ": count", 1, 100);
  if (t["number"]) tile.number = rd.integer(t["number"], what + ": number", 1, 999);
  if (t["start"]) tile.start = rd.boolean(t["start"], what + ": start");
  if (t["note"]) rd.str(t["note"], what + ": note");
  YAML::Node shape = rd.required(t, "shape", what);
  tile.shape = rd.str(shape, what + ": shape");
  tile.file = rd.file();
  ShapeOrigin o = origin_of(shape, rd.file());
  tile.line = o.line;
  tile.column = o.column;
  compile_shape(tile.shape, o, tile);
  return tile;
}

TileSet load_set(const yamlx::Reader& rd, const YAML::Node& s) {
  rd.expect_map(s, "a tile set");
  rd.check_keys(s, {"name", "title", "reconstructed", "note", "source", "tiles"},
                named(s, "tile set", "a tile set"));
  TileSet set;
  set.name = rd.str(rd.required(s, "name", "a tile set"), "a tile set's name");
  std::string what = "tile set '" + set.name + "'";
  if (s["title"]) set.title = rd.str(s["title"], what + ": title");
  if (s["note"]) set.note = rd.str(s["note"], what + ": note");
  if (s["source"]) set.source = rd.str(s["source"], what + ": source");
  set.reconstructed = rd.boolean(rd.required(s, "reconstructed", what), what + ": reconstructed");
  YAML::Node tiles = rd.required(s, "tiles", what);
  rd.expect_seq(tiles, what + ": tiles");
  std::set<std::string> names;
  std::string start;  // the name of the start tile, once one is marked
  for (const YAML::Node& t : tiles) {
    TileType tile = load_tile(rd, t, set.name);
    if (!names.insert(tile.name).second) rd.fail(t["name"], "tile name '" + tile.name + "' is used twice in " + what);
    if (tile.start && !start.empty())
      rd.fail(t["start"], "tile '" + tile.name + "' is marked as the start tile, but '" + start +
                              "' is the start tile of " + what + " already (one per set)");
    if (tile.start) start = tile.name;
    if (tile.n_cells > 1 && !tile.start)
      rd.fail(t["shape"], "only a start tile may span several cells (it is placed at setup)");
    YAML::Node variants = t["variants"];
    if (variants) {
      rd.expect_map(variants, "tile '" + tile.name + "': variants");
      for (const auto& sw : variants) {
        std::string id = rd.str(sw.first, "a variant switch id");
        rd.expect_map(sw.second, "variant " + id);
        for (const auto& val : sw.second) {
          TileAlternative alt;
          alt.tile = tile.name;
          alt.variant = id;
          alt.value = rd.str(val.first, "a variant value");
          alt.replacement = tile;
          alt.replacement.shape = rd.str(val.second, "an alternative shape");
          ShapeOrigin o = origin_of(val.second, rd.file());
          alt.replacement.line = o.line;
          alt.replacement.column = o.column;
          try {
            compile_shape(alt.replacement.shape, o, alt.replacement);
          } catch (const InputError& e) {
            throw InputError(e.pos(), "alternative shape of tile '" + tile.name + "' under " + id +
                                          "=" + alt.value + ": " + e.reason());
          }
          set.alternatives.push_back(std::move(alt));
        }
      }
    }
    set.tiles.push_back(std::move(tile));
  }
  return set;
}

std::vector<TileSet> load_root(const YAML::Node& root, const std::string& file) {
  yamlx::Reader rd(file);
  rd.expect_map(root, "the top level of a tiles file");
  rd.check_keys(root, {"sets"}, "the top level of a tiles file");
  YAML::Node sets = rd.required(root, "sets", "a tiles file");
  rd.expect_seq(sets, "sets");
  std::vector<TileSet> out;
  for (const YAML::Node& s : sets) {
    TileSet set = load_set(rd, s);
    for (const TileSet& o : out)
      if (o.name == set.name) rd.fail(s["name"], "tile set '" + set.name + "' is defined twice");
    out.push_back(std::move(set));
  }
  return out;
}

}  // namespace

std::vector<TileSet> load_tile_sets(const std::string& path) {
  return load_root(yamlx::load_file(path), path);
}

std::vector<TileSet> load_tile_sets_from_string(const std::string& yaml_text, const std::string& file) {
  return load_root(yamlx::load_text(yaml_text, file), file);
}

static std::string data_dir() {
  const char* env = std::getenv("CARCHECK_DATA");
  return env && *env ? env : CARCHECK_DATA_DIR;
}
std::string default_tiles_path() { return data_dir() + "/tiles.yaml"; }
std::string default_levels_path() { return data_dir() + "/levels.yaml"; }

}  // namespace carcheck
