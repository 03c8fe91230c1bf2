#include "dsl/tile_loader.h"

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>

#include "dsl/tile_compiler.h"
#include "dsl/yaml_util.h"

namespace carcheck {
namespace {

ShapeOrigin origin_of(const YAML::Node& n, const std::string& file) {
  YAML::Mark m = n.Mark();
  bool quoted = n.Tag() == "!";  // yaml-cpp tags non-plain (quoted) scalars "!"
  return {file, m.line + 1, m.column + 1 + (quoted ? 1 : 0)};
}

// The file position (line, column) of every character of scalar `n`'s value, traced through
// quotes, escapes, block indicators (> |), indentation and line folding; empty when the trace
// fails. Lets errors in a shape written over several lines point at the right place.
std::vector<std::pair<int, int>> trace_scalar(const YAML::Node& n, const std::string& text) {
  YAML::Mark m = n.Mark();
  const std::string& value = n.Scalar();
  if (m.pos < 0 || static_cast<size_t>(m.pos) >= text.size()) return {};
  size_t i = static_cast<size_t>(m.pos);
  int line = m.line + 1, col = m.column + 1;
  auto advance = [&] {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
    ++i;
  };
  char open = text[i];
  bool dq = open == '"', sq = open == '\'';
  if (dq || sq) advance();
  if (open == '>' || open == '|')
    while (i < text.size() && text[i] != '\n') advance();  // the block header
  std::vector<std::pair<int, int>> out;
  for (size_t k = 0; k < value.size();) {
    if (i >= text.size()) return {};
    char c = text[i], v = value[k];
    if (dq && c == '\\') {  // an escape: one character of the value
      out.emplace_back(line, col);
      advance();
      if (i < text.size()) advance();
      ++k;
    } else if (sq && c == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
      out.emplace_back(line, col);
      advance();
      advance();
      ++k;
    } else if (c == v && c != '\n') {
      out.emplace_back(line, col);
      advance();
      ++k;
    } else if (c == '\n' || c == '\r') {  // a line break, folded into a space or kept
      std::pair<int, int> at{line, col};
      while (i < text.size() &&
             (text[i] == '\n' || text[i] == '\r' || text[i] == ' ' || text[i] == '\t'))
        advance();
      if (v == ' ' || v == '\n') {
        out.push_back(at);
        ++k;
      }
    } else if (c == ' ' || c == '\t') {  // trailing blanks that folding dropped
      advance();
    } else {
      return {};
    }
  }
  return out;
}

// Compiles the shape held by scalar `node`, so that errors point into the file even when the
// shape is written over several lines or as a block scalar; `what` prefixes error reasons.
void compile_at(const YAML::Node& node, const std::string& file, const std::string& text,
                const std::string& what, TileType& tile) {
  ShapeOrigin o = origin_of(node, file);
  std::vector<std::pair<int, int>> at = trace_scalar(node, text);
  if (!at.empty()) o.line = at[0].first, o.column = at[0].second;
  tile.line = o.line;
  tile.column = o.column;
  try {
    compile_shape(tile.shape, o, tile);
  } catch (const InputError& e) {
    SourcePos pos = e.pos();
    if (!at.empty() && pos.file == file) {
      // Back to an offset in the shape (the inverse of the compiler's mapping), then to the file.
      int shape_line = pos.line - o.line + 1;
      size_t offset = 0;
      for (int l = 1; l < shape_line && offset < tile.shape.size(); ++offset)
        if (tile.shape[offset] == '\n') ++l;
      offset += static_cast<size_t>(shape_line == 1 ? pos.column - o.column : pos.column - 1);
      if (offset < at.size()) {
        pos.line = at[offset].first, pos.column = at[offset].second;
      } else if (offset == at.size()) {  // just past the end of the shape
        pos.line = at.back().first, pos.column = at.back().second + 1;
      }
    }
    throw InputError(pos, what + e.reason());
  }
}

// "tile 'NAME'" when the node has a text name, else `fallback`: for messages about the node.
std::string named(const YAML::Node& n, const char* kind, const char* fallback) {
  YAML::Node name = n["name"];
  if (name && name.IsScalar()) return std::string(kind) + " '" + name.Scalar() + "'";
  return fallback;
}

TileType load_tile(const yamlx::Reader& rd, const std::string& text, const YAML::Node& t,
                   const std::string& set) {
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
  compile_at(shape, rd.file(), text, "", tile);
  return tile;
}

TileSet load_set(const yamlx::Reader& rd, const std::string& text, const YAML::Node& s) {
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
    TileType tile = load_tile(rd, text, t, set.name);
    if (!names.insert(tile.name).second)
      rd.fail(t["name"], "tile name '" + tile.name + "' is used twice in " + what);
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
          compile_at(
              val.second, rd.file(), text,
              "alternative shape of tile '" + tile.name + "' under " + id + "=" + alt.value + ": ",
              alt.replacement);
          if (alt.replacement.n_cells != tile.n_cells)
            rd.fail(val.second, "alternative shape of tile '" + tile.name + "' under " + id + "=" +
                                    alt.value + " has " + std::to_string(alt.replacement.n_cells) +
                                    " cells, the tile " + std::to_string(tile.n_cells));
          set.alternatives.push_back(std::move(alt));
        }
      }
    }
    set.tiles.push_back(std::move(tile));
  }
  return set;
}

std::vector<TileSet> load_root(const YAML::Node& root, const std::string& text,
                               const std::string& file) {
  yamlx::Reader rd(file);
  rd.expect_map(root, "the top level of a tiles file");
  rd.check_keys(root, {"sets"}, "the top level of a tiles file");
  YAML::Node sets = rd.required(root, "sets", "a tiles file");
  rd.expect_seq(sets, "sets");
  std::vector<TileSet> out;
  for (const YAML::Node& s : sets) {
    TileSet set = load_set(rd, text, s);
    for (const TileSet& o : out)
      if (o.name == set.name) rd.fail(s["name"], "tile set '" + set.name + "' is defined twice");
    out.push_back(std::move(set));
  }
  return out;
}

}  // namespace

std::vector<TileSet> load_tile_sets(const std::string& path) {
  std::ifstream in(path);
  if (!in) return load_root(yamlx::load_file(path), "", path);  // throws "cannot open the file"
  std::stringstream ss;
  ss << in.rdbuf();
  return load_tile_sets_from_string(ss.str(), path);
}

std::vector<TileSet> load_tile_sets_from_string(const std::string& yaml_text,
                                                const std::string& file) {
  return load_root(yamlx::load_text(yaml_text, file), yaml_text, file);
}

static std::string data_dir() {
  const char* env = std::getenv("CARCHECK_DATA");
  return env && *env ? env : CARCHECK_DATA_DIR;
}
std::string default_tiles_path() { return data_dir() + "/tiles.yaml"; }
std::string default_levels_path() { return data_dir() + "/levels.yaml"; }

}  // namespace carcheck
