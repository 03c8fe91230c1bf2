// What the Bridges, Castles and Bazaars tests share: a bcb Game on hand-made tiles (or the
// shipped ones) and the tile sets those tests build from a table of shapes.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "dsl/level_loader.h"
#include "dsl/library.h"

namespace carcheck::test_support {

// The shipped bcb rule set with `variants` selected, played on `sets`.
inline std::unique_ptr<Game> bcb_game(const std::vector<TileSet>& sets, int players,
                                      const std::vector<std::string>& variants) {
  RuleSet r;
  for (const RuleSet& rs : Library::shipped().rule_sets)
    if (rs.name == "bcb") r = rs;
  for (const std::string& v : variants) select_variant(r, v);
  return std::make_unique<Game>(std::move(r), sets, players);
}

// `start` (named `start_name`) once as the base-c1 start tile, `counts` land tiles of set bcb,
// each shape looked up in `shapes`; `rename` gives a land tile another name (none: its own).
inline std::vector<TileSet> bcb_sets(const std::map<std::string, std::string>& shapes,
                                     const std::string& start, const std::string& start_name,
                                     const std::vector<std::pair<std::string, int>>& counts,
                                     const std::string& file,
                                     const std::map<std::string, std::string>& rename = {}) {
  InlineTile st;
  st.name = start_name;
  st.count = 1;
  st.start = true;
  st.shape = shapes.at(start);
  std::vector<InlineTile> land;
  for (const auto& [name, n] : counts) {
    InlineTile t;
    t.name = rename.count(name) ? rename.at(name) : name;
    t.count = n;
    t.shape = shapes.at(name);
    land.push_back(t);
  }
  return {inline_tile_set("base-c1", {st}, file), inline_tile_set("bcb", land, file)};
}

}  // namespace carcheck::test_support
