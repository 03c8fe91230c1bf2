// Loading the shipped data and building a Game from command-line style options.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/state.h"

namespace carcheck {

struct GameOptions {
  std::string rules;                  // "base-c1", "pnp-demo", "bcb", "mists"
  int level = 0;                      // Mists level when rules == "mists"
  int players = 2;
  std::vector<std::string> variants;  // "key=value"
  std::string tiles_path;             // default: the shipped tiles.yaml
  std::string levels_path;            // default: the shipped levels.yaml
};

// The data files, loaded once per process and shared.
struct Library {
  std::vector<TileSet> tile_sets;
  std::vector<RuleSet> rule_sets;
  static const Library& shipped(const std::string& tiles_path = "", const std::string& levels_path = "");
};

// Throws std::invalid_argument (bad option) or InputError (bad data).
std::unique_ptr<Game> make_game(const GameOptions& o);
std::unique_ptr<Game> make_game(const Library& lib, const GameOptions& o);

// Plays random legal choices to the end; `chooser` picks among legal actions.
void play_random(State& s, Rng& chooser);

}  // namespace carcheck
