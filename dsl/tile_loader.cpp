#include "dsl/tile_loader.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "dsl/tile_compiler.h"
#include "dsl/yaml_reader.h"

namespace carcheck {

namespace fs = std::filesystem;

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
  if (n.IsMap() && n["name"] && n["name"].IsScalar())
    return fmt::format("{} '{}'", kind, n["name"].Scalar());
  return fallback;
}

const std::vector<std::string> kRootKeys = {"sets"};
const std::vector<std::string> kSetKeys = {"name", "title",  "reconstructed",
                                           "note", "source", "tiles"};
const std::vector<std::string> kTileKeys = {"name",  "number",   "count", "start",
                                            "shape", "variants", "note"};

TileType load_tile(const yamlx::Reader& rd, const std::string& text, const yamlx::Value& v,
                   const std::string& set) {
  yamlx::Map t(rd, yamlx::Value{v.node, v.mark, named(v.node, "tile", "a tile")}, &kTileKeys);
  const std::string name = rd.string(t.required("name"));
  t.rename(fmt::format("tile '{}'", name));
  t.qualify_fields();
  const int count = rd.integer(t.required("count"), 1, 100);
  const int number = t.optional("number") ? rd.integer(*t.optional("number"), 1, 999) : 0;
  const bool start = t.optional("start") && rd.boolean(*t.optional("start"));
  if (const auto note = t.optional("note")) rd.string(*note);
  const yamlx::Value shape = t.required("shape");
  TileType tile = new_tile(set, name, count, start, rd.string(shape), rd.file());
  tile.number = number;
  compile_at(shape.node, rd.file(), text, "", tile);
  return tile;
}

// `variants: {switch: {value: shape}}`: the tile's shape under a switch value (tile58-symbols).
void load_alternatives(const yamlx::Reader& rd, const std::string& text, const yamlx::Value& v,
                       const TileType& tile, TileSet& set) {
  const yamlx::Map switches(rd, v, nullptr);
  for (const auto& [id, id_mark] : switches.keys()) {
    const yamlx::Map values(rd, switches.required(id), nullptr);
    for (const auto& [value, value_mark] : values.keys()) {
      const std::string under =
          fmt::format("alternative shape of tile '{}' under {}={}", tile.name, id, value);
      TileAlternative alt;
      alt.tile = tile.name;
      alt.variant = id;
      alt.value = value;
      alt.replacement = tile;
      const yamlx::Value shape = values.required(value);
      alt.replacement.shape = rd.string(shape);
      compile_at(shape.node, rd.file(), text, under + ": ", alt.replacement);
      if (alt.replacement.n_cells != tile.n_cells)
        rd.fail(shape, fmt::format("{} has {} cells, the tile {}", under, alt.replacement.n_cells,
                                   tile.n_cells));
      set.alternatives.push_back(std::move(alt));
    }
  }
}

TileSet load_set(const yamlx::Reader& rd, const std::string& text, const yamlx::Value& v) {
  yamlx::Map s(rd, yamlx::Value{v.node, v.mark, named(v.node, "tile set", "a tile set")},
               &kSetKeys);
  TileSet set;
  set.name = rd.string(s.required("name"));
  const std::string what = fmt::format("tile set '{}'", set.name);
  s.rename(what);
  s.qualify_fields();
  if (const auto t = s.optional("title")) set.title = rd.string(*t);
  if (const auto n = s.optional("note")) set.note = rd.string(*n);
  if (const auto src = s.optional("source")) set.source = rd.string(*src);
  set.reconstructed = rd.boolean(s.required("reconstructed"));
  std::set<std::string> names;
  std::string start;  // the name of the start tile, once one is marked
  for (const yamlx::Value& item : rd.list(s.required("tiles"))) {
    TileType tile = load_tile(rd, text, item, set.name);
    const yamlx::Map t(rd, item, nullptr);  // checked by load_tile; for the places below
    if (!names.insert(tile.name).second)
      rd.fail(t.required("name"),
              fmt::format("tile name '{}' is used twice in {}", tile.name, what));
    if (tile.start && !start.empty())
      rd.fail(t.required("start"),
              fmt::format("tile '{}' is marked as the start tile, but '{}' is the start tile of "
                          "{} already (one per set)",
                          tile.name, start, what));
    if (tile.start) start = tile.name;
    if (tile.n_cells > 1 && !tile.start)
      rd.fail(t.required("shape"),
              "only a start tile may span several cells (it is placed at setup)");
    if (const auto alts = t.optional("variants")) load_alternatives(rd, text, *alts, tile, set);
    set.tiles.push_back(std::move(tile));
  }
  return set;
}

}  // namespace

TileType new_tile(const std::string& set, const std::string& name, int count, bool start,
                  const std::string& shape, const std::string& file) {
  TileType tile;
  tile.set = set;
  tile.name = name;
  tile.count = count;
  tile.start = start;
  tile.shape = shape;
  tile.file = file;
  return tile;
}

std::vector<TileSet> load_tile_sets(const std::string& path) {
  return load_tile_sets_from_string(read_file(path), path);
}

std::vector<TileSet> load_tile_sets_from_string(const std::string& yaml_text,
                                                const std::string& file) {
  yamlx::Reader rd(file);
  const yamlx::Map root(rd, rd.document(yaml_text, "empty file: expected the key sets"),
                        &kRootKeys);
  std::vector<TileSet> out;
  for (const yamlx::Value& item : rd.list(root.required("sets"))) {
    TileSet set = load_set(rd, yaml_text, item);
    for (const TileSet& o : out)
      if (o.name == set.name)
        rd.fail(yamlx::Map(rd, item, nullptr).required("name"),
                fmt::format("tile set '{}' is defined twice", set.name));
    out.push_back(std::move(set));
  }
  return out;
}

namespace {

std::string& chosen_data_dir() {
  static std::string dir;
  return dir;
}

// <exe dir>/../share/carcheck when it holds the data: the layout `cmake --install` and the
// .deb make, so an installed carcheck needs no environment variable.
std::string installed_data_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  const fs::path dir = exe.parent_path().parent_path() / "share" / "carcheck";
  return data_dir_problem(dir.string()).empty() ? dir.string() : "";
}

}  // namespace

std::string data_dir_problem(const std::string& dir) {
  std::error_code ec;
  if (dir.empty()) return "the data folder name is empty";
  if (!fs::is_directory(dir, ec)) return fmt::format("'{}' is not a folder", dir);
  for (const char* file : {"tiles.yaml", "levels.yaml"})
    if (!fs::is_regular_file(fs::path(dir) / file, ec))
      return fmt::format("the data folder '{}' has no {}", dir, file);
  return "";
}

void set_data_dir(const std::string& dir) {
  if (std::string why = data_dir_problem(dir); !why.empty()) throw std::invalid_argument(why);
  chosen_data_dir() = dir;
}

std::string data_dir() {
  if (!chosen_data_dir().empty()) return chosen_data_dir();
  const char* env = std::getenv("CARCHECK_DATA");
  if (env && *env) return env;
  static const std::string installed = installed_data_dir();
  return installed.empty() ? CARCHECK_DATA_DIR : installed;
}

std::string default_tiles_path() { return data_dir() + "/tiles.yaml"; }
std::string default_levels_path() { return data_dir() + "/levels.yaml"; }

}  // namespace carcheck
