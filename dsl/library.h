// The data library: the shipped (or a user's) tiles.yaml and levels.yaml loaded once, and a
// Game built from command-line style options.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/state.h"

namespace carcheck {

struct GameOptions {
  std::string rules;  // "base-c1", "pnp-demo", "bcb", "mists"
  int level = 0;      // Mists level when rules == "mists"
  int players = 2;
  std::vector<std::string> variants;  // "key=value"
  std::string tiles_path;             // default: the shipped tiles.yaml
  std::string levels_path;            // default: the shipped levels.yaml
};

// The data files, loaded once per process and shared.
struct Library {
  std::vector<TileSet> tile_sets;
  std::vector<RuleSet> rule_sets;
  static const Library& shipped(const std::string& tiles_path = "",
                                const std::string& levels_path = "");
};

// The levels.yaml name of a rule set given as on the command line: "mists" with a level 1-6
// is "mists-N"; any other name stands as it is and takes no level. The one place that
// resolves it; throws std::invalid_argument saying what is wrong.
std::string rule_set_name(const std::string& rules, int level);

// Throws std::invalid_argument (bad option) or InputError (bad data).
std::unique_ptr<Game> make_game(const GameOptions& o);
std::unique_ptr<Game> make_game(const Library& lib, const GameOptions& o);
// The same with some tile sets replaced (or added) by name: specs and tests define their
// own tiles inline instead of relying on the shipped (possibly reconstructed) geometry.
std::unique_ptr<Game> make_game(const Library& lib, const GameOptions& o,
                                const std::vector<TileSet>& overrides);
// A Game of a rule set already found and with its variants selected, so nothing is resolved
// twice; `overrides` as above; `room`: the room it plays in (null: the family's).
std::unique_ptr<Game> make_game(const Library& lib, RuleSet rules, int players,
                                const std::vector<TileSet>& overrides = {},
                                std::shared_ptr<const RuleSystem> room = nullptr);

// A tile set from (name, count, shape) triples in the tile language; `file`, `line` say
// where the shapes came from for error messages. Throws InputError.
struct InlineTile {
  std::string name;
  int count = 1;
  std::string shape;
  bool start = false;
  int line = 1, column = 1;
};
TileSet inline_tile_set(const std::string& set_name, const std::vector<InlineTile>& tiles,
                        const std::string& file);

}  // namespace carcheck
