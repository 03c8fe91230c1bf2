#include "dsl/library.h"

#include <fmt/format.h>

#include <map>
#include <stdexcept>

#include "dsl/level_loader.h"
#include "dsl/tile_compiler.h"
#include "dsl/tile_loader.h"

namespace carcheck {

const Library& Library::shipped(const std::string& tiles_path, const std::string& levels_path) {
  static std::map<std::pair<std::string, std::string>, Library> cache;
  auto key = std::make_pair(tiles_path, levels_path);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  Library lib;
  lib.tile_sets = load_tile_sets(tiles_path.empty() ? default_tiles_path() : tiles_path);
  lib.rule_sets = load_rule_sets(levels_path.empty() ? default_levels_path() : levels_path);
  return cache.emplace(key, std::move(lib)).first->second;
}

std::unique_ptr<Game> make_game(const Library& lib, const GameOptions& o) {
  return make_game(lib, o, {});
}

TileSet inline_tile_set(const std::string& set_name, const std::vector<InlineTile>& tiles,
                        const std::string& file) {
  TileSet set;
  set.name = set_name;
  set.title = "inline tiles";
  for (const InlineTile& t : tiles) {
    TileType tile = new_tile(set_name, t.name, t.count, t.start, t.shape, file);
    tile.line = t.line;
    tile.column = t.column;
    compile_shape(t.shape, ShapeOrigin{file, t.line, t.column}, tile);
    set.tiles.push_back(std::move(tile));
  }
  return set;
}

std::string rule_set_name(const std::string& rules, int level) {
  if (rules == "mists") {
    if (level < 1 || level > 6)
      throw std::invalid_argument("Mists over Carcassonne has levels 1 to 6; give --level 1..6");
    return fmt::format("mists-{}", level);
  }
  if (level != 0 && rules.rfind("mists", 0) != 0)
    throw std::invalid_argument("--level applies to --rules mists only");
  return rules;
}

std::unique_ptr<Game> make_game(const Library& lib, const GameOptions& o,
                                const std::vector<TileSet>& overrides) {
  const std::string name = rule_set_name(o.rules, o.level);
  RuleSet rules = find_rule_set(lib.rule_sets, name);
  for (const std::string& v : o.variants) select_variant(rules, v);
  return make_game(lib, std::move(rules), o.players, overrides);
}

std::unique_ptr<Game> make_game(const Library& lib, RuleSet rules, int players,
                                const std::vector<TileSet>& overrides,
                                std::shared_ptr<const RuleSystem> room) {
  if (overrides.empty())
    return std::make_unique<Game>(std::move(rules), lib.tile_sets, players, std::move(room));
  std::vector<TileSet> sets = lib.tile_sets;
  for (const TileSet& ov : overrides) {
    bool replaced = false;
    for (TileSet& s : sets)
      if (s.name == ov.name) s = ov, replaced = true;
    if (!replaced) sets.push_back(ov);
  }
  return std::make_unique<Game>(std::move(rules), sets, players, std::move(room));
}

std::unique_ptr<Game> make_game(const GameOptions& o) {
  return make_game(Library::shipped(o.tiles_path, o.levels_path), o);
}

}  // namespace carcheck
