// The immutable half of a game (OpenSpiel's `Game`): a rule set with its variants, the
// tiles in play, the player count and the colours. States (engine/state.h) point to one.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "engine/switches.h"
#include "engine/tile.h"

namespace carcheck {

inline constexpr int kMaxColours = 6;
inline constexpr const char* kColourNames[kMaxColours] = {"red",    "green", "blue",
                                                          "yellow", "black", "pink"};
int colour_by_name(const std::string& name);  // -1 when unknown

class Game {
 public:
  // Throws std::invalid_argument with a clear message for an unsupported player count.
  Game(RuleSet rules, const std::vector<TileSet>& tile_sets, int players);

  const RuleSet& rules() const { return rules_; }
  int players() const { return players_; }
  const std::vector<TileType>& tiles() const { return tiles_; }
  const TileType& tile(TileId id) const { return tiles_[static_cast<size_t>(id)]; }
  TileId find_tile(const std::string& name) const;  // -1 when not in play
  TileId start_tile() const { return start_; }
  int max_cells() const { return max_cells_; }

  // Colours: competitive games give each player one colour; Mists may give one player two
  // (2 players) or four (solo). owner(c) is the player playing colour c, -1 if none.
  int colours() const { return colours_; }
  int owner(int colour) const { return owner_[static_cast<size_t>(colour)]; }
  int meeples_per_colour() const { return meeples_per_colour_; }
  // Level 6: the colours with a scoring meeple (chosen by the team; the first three here),
  // and whether it came out of a player's supply (3-5 players) or from the box.
  const std::vector<int>& scoring_colours() const { return scoring_colours_; }
  bool scoring_meeples_from_supply() const { return scoring_from_supply_; }

  bool is_mists() const { return rules_.family == Family::Mists; }
  const Switches& switches() const { return sw_; }

 private:
  RuleSet rules_;
  Switches sw_;
  int players_;
  std::vector<TileType> tiles_;
  TileId start_ = -1;
  int max_cells_ = 0;
  int colours_ = 0;
  std::vector<int> owner_;
  int meeples_per_colour_ = 0;
  std::vector<int> scoring_colours_;
  bool scoring_from_supply_ = false;
};

}  // namespace carcheck
