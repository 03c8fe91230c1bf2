// The immutable half of a game (OpenSpiel's `Game`): a rule set with its variants, the
// tiles in play, the player count and the colours. States (engine/state.h) point to one.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rule_system.h"
#include "engine/rules.h"
#include "engine/switches.h"
#include "engine/tile.h"

namespace carcheck {

// The most tiles (cells) one game may hold: the shipped sets play fewer than 100.
inline constexpr int kMaxGameCells = 1000;

class Game {
 public:
  // Throws std::invalid_argument with a clear message for an unsupported player count or a
  // rule set the engine does not implement. `system`: the room the game plays in; null
  // picks the one for the rule set's family (rule_system_for), a caller may supply its own.
  Game(RuleSet rules, const std::vector<TileSet>& tile_sets, int players,
       std::shared_ptr<const RuleSystem> system = nullptr);

  const RuleSet& rules() const { return rules_; }
  int players() const { return players_; }
  const std::vector<TileType>& tiles() const { return tiles_; }
  const TileType& tile(TileId id) const { return nth(tiles_, id); }
  TileId find_tile(const std::string& name) const;  // -1 when not in play
  TileId start_tile() const { return start_; }
  // The rule set's printed start tile, before a room chose its own (AddOn::start_tile).
  TileId printed_start() const { return printed_start_; }
  int max_cells() const { return max_cells_; }
  // A one-cell tile's side terrains in its four rotations, one byte each (Rules::packed_sides),
  // rotation 0 lowest; worked out once for the placement scan. 0 for a larger tile.
  uint32_t packed_rotations(TileId id) const { return nth(packed_rotations_, id); }

  // Colours: competitive games give each player one colour; Mists may give one player two
  // (2 players) or four (solo). owner(c) is the player playing colour c, -1 if none.
  int colours() const { return colours_; }
  // Colour slot c's word in this rule set ("?" for a number that names no slot: an action
  // built by hand or by a fuzzer), the slot a word names (-1: not a colour of this rule set),
  // and the six words as a list for messages ("red, green, blue, yellow, black, grey").
  const char* colour_name(int c) const;
  const ColourWord& colour_word(int c) const;  // its fill and letter as well (red's for none)
  int colour_by_name(std::string_view word) const;
  std::string colour_list() const;
  int owner(int colour) const { return nth(owner_, colour); }
  int meeples_per_colour() const { return meeples_per_colour_; }
  // Of each colour's meeples_per_colour(), the last large_per_colour() are large followers:
  // weight 2 in every majority (Meeple::weight), placed by a Meeple action with kMeepleLarge.
  int large_per_colour() const { return large_per_colour_; }
  // Level 6: whether the scoring meeples come out of the players' supplies (3-5 players) or
  // from the box. Which colours get them the team chooses at set-up (State::scoring_colours).
  bool scoring_meeples_from_supply() const { return scoring_from_supply_; }

  // Whether the rule set is Mists over Carcassonne (the Python module's Game.is_mists); the
  // shared tools ask the room's questions instead (cooperative(), spec_rules()).
  bool is_mists() const { return rules_.family == Family::Mists; }
  // rule_system().cooperative(), read once: one outcome for the team, won or lost.
  bool cooperative() const { return cooperative_; }
  // How a spec's `rules` line names this rule set (rule_system().spec_rules).
  std::string spec_rules() const;
  // The score classes a score of this rule set can hold points in, in the order a breakdown
  // lists them: every point scored is in one of them (Score::by_feature), so a breakdown that
  // lists these sums to the total. Base game and demo: roads, cities, monasteries, farms (where
  // the rule set has farmers); Bridges, Castles and Bazaars adds castles and bazaars (signed:
  // points paid and received); Mists: roads, cities (FAQ.MoC.0002), castles where the level
  // plays them (from Level 2), hounds where it has them (from Level 3).
  const std::vector<FeatureClass>& score_classes() const { return score_classes_; }
  const Switches& switches() const { return sw_; }
  const RuleSystem& rule_system() const { return *system_; }
  // rule_system().restricts_placement(switches()), read once.
  bool restricts_placement() const { return restricts_placement_; }
  // ... for tile `t` (RuleSystem::restricts_tile): the placement scan asks the room only then.
  bool restricts_placement(TileId t) const { return nth(restricted_tiles_, t) != 0; }
  // rule_system().adds_placements(), read once.
  bool adds_placements() const { return adds_placements_; }
  // rule_system().tracks_cells(), read once.
  bool tracks_cells() const { return tracks_cells_; }
  // rule_system().hidden_seals(switches()), read once.
  uint8_t hidden_seals() const { return hidden_seals_; }

 private:
  RuleSet rules_;
  Switches sw_;
  std::shared_ptr<const RuleSystem> system_;
  bool restricts_placement_ = false;
  std::vector<uint8_t> restricted_tiles_;  // per tile
  bool adds_placements_ = false;
  bool tracks_cells_ = false;
  uint8_t hidden_seals_ = 0;
  bool cooperative_ = false;
  int players_;
  std::vector<TileType> tiles_;
  TileId start_ = -1;
  TileId printed_start_ = -1;
  int max_cells_ = 0;
  std::vector<uint32_t> packed_rotations_;  // per tile
  int colours_ = 0;
  std::vector<int> owner_;
  int meeples_per_colour_ = 0;
  int large_per_colour_ = 0;
  bool scoring_from_supply_ = false;
  std::vector<FeatureClass> score_classes_;
};

}  // namespace carcheck
