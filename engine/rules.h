// A compiled rule set: one entry of levels.yaml (base-c1, pnp-demo, bcb, mists-1..6) with
// its variant switches resolved. Immutable once loaded; the engine reads it, never writes.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/colours.h"
#include "engine/types.h"

namespace carcheck {

enum class Family : uint8_t { Base, Pnp, Bcb, Mists };

// How cemeteries close (one dispatch point in the engine; levels.yaml `cemetery:`).
enum class CemeteryMode : uint8_t {
  None,        // Level 1: no cemeteries in play
  Orthogonal,  // Levels 2-4: closed by 4 orthogonal neighbours, extra ghost on open ones
  Haunted,     // Levels 5-6: closed by 8 neighbours, face-down tiles while open
};

// Where Mists points go (levels.yaml `scoring:`).
enum class ScoringTracks : uint8_t {
  None,       // competitive games: one score per player
  Shared,     // Levels 1-5: one shared scoring meeple
  PerColour,  // Level 6: three scoring meeples, one per chosen colour
};

// One variant switch of the interpretation register, with the value in force.
struct VariantSwitch {
  std::string id;                     // e.g. "coop-scoring"
  std::vector<std::string> values;    // allowed values, the default first
  int chosen = 0;                     // index into values
  std::string question;               // what is disputed (for --help and reports)
  std::string source;                 // where the dispute comes from
  std::vector<std::string> meanings;  // one per value, same order: what the value means
  // Values the register lists that the engine does not implement yet (levels.yaml
  // `not-implemented:`): the loader accepts them, selecting one is refused.
  std::vector<std::string> not_implemented;
  // A value may carry a parameter after a colon (`table-edge:12x8`, the table's size): the
  // listed name is values[chosen], the text after the colon is `parameter`.
  std::string parameter;
  const std::string& name() const { return nth(values, chosen); }
  // The value in force as written: its name, and `:parameter` when it has one.
  std::string value() const { return parameter.empty() ? name() : name() + ":" + parameter; }
  // The index of the listed value `text` names (its part before a colon), or -1.
  int index_of(const std::string& text) const {
    const std::string n = text.substr(0, text.find(':'));
    for (size_t i = 0; i < values.size(); ++i)
      if (values[i] == n) return static_cast<int>(i);
    return -1;
  }
  static std::string parameter_of(const std::string& text) {
    const size_t colon = text.find(':');
    return colon == std::string::npos ? "" : text.substr(colon + 1);
  }
  bool implemented(const std::string& v) const {
    const std::string bare = v.substr(0, v.find(':'));
    for (const std::string& n : not_implemented)
      if (n == bare) return false;
    return true;
  }
};

// Meeples for one player count (Mists): colours in play and meeples per colour.
struct MeepleSetup {
  int players = 0;
  int colours = 0;             // colours in play (one or two per player, four solo)
  int meeples_per_colour = 0;  // before Level 6 scoring meeples are taken
  int colours_per_player = 0;
  int scorers_from_supply = 0;  // Level 6, 3-5 players: scoring meeples taken from supplies
};

struct RuleSet {
  std::string name;   // "base-c1", "pnp-demo", "bcb", "mists-1" .. "mists-6"
  std::string title;  // human-readable
  Family family = Family::Base;
  int level = 0;                            // Mists level 1..6, 0 otherwise
  std::string tile_set;                     // a set of tiles.yaml
  std::vector<std::string> base_tile_sets;  // sets added to tile_set (bcb adds base-c1)
  int land_tiles = 0;  // land tiles in play (72, 48, 84; Mists 50/60 plus the 2x2 start tile)
  bool exclude_castles = false;     // Level 1 returns castles to the box
  bool exclude_cemeteries = false;  // Level 1 returns cemeteries to the box
  int min_players = 2;
  int max_players = 5;
  // Which colour word each colour slot is (engine/colours.h; levels.yaml `colour-names`).
  ColourSlots colour_words = kDefaultColourSlots;

  // Competitive games.
  int followers_per_player = 0;  // excluding the scorer
  bool farmers = false;
  int bridges_per_player_2_4 = 0, bridges_per_player_5_6 = 0;  // bcb
  int castles_per_player_2_4 = 0, castles_per_player_5_6 = 0;  // bcb

  // Mists.
  int meeple_colours = 0;             // guard meeple colours in the box (6)
  int meeples_per_colour_in_box = 0;  // guard meeples of each colour (5)
  int ghosts_total = 0;               // the general supply before the box takes its share (15)
  int ghosts_in_play = 0;             // 15/15/15/13/13/12
  int ghosts_on_start = 0;            // 3
  int piles = 0;                      // 0: one supply; else piles of pile_size
  int pile_size = 0;
  std::vector<int> thresholds;  // absolute points: hound I, hound II, goal (Levels 3+)
  int goal = 0;                 // absolute points
  CemeteryMode cemetery = CemeteryMode::None;
  ScoringTracks scoring = ScoringTracks::None;
  int scoring_meeples = 0;  // 1 (Levels 1-5) or 3 (Level 6)
  bool hounds = false;
  std::vector<MeepleSetup> meeples;  // per player count, Mists only

  std::vector<VariantSwitch> variants;

  // The add-on rooms it combines over its family's room, in chain order (levels.yaml `rooms:`,
  // engine/add_on.h); empty: the family's room alone.
  std::vector<std::string> rooms;

  // The value in force for a switch; throws std::out_of_range for an unknown id.
  std::string variant(const std::string& id) const;
  bool variant_is(const std::string& id, const std::string& value) const {
    return variant(id) == value;
  }

  // Throws std::invalid_argument, saying why, for a player count outside min..max (Mists:
  // 6 players would leave no colour for the scoring meeple).
  void check_player_count(int players) const;
  // The Mists meeple row for a player count; throws as check_player_count.
  const MeepleSetup& meeples_for(int players) const;
};

}  // namespace carcheck
