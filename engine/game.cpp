#include "engine/game.h"

#include <stdexcept>

namespace carcheck {

int colour_by_name(const std::string& name) {
  for (int c = 0; c < kMaxColours; ++c)
    if (name == kColourNames[c]) return c;
  return -1;
}

namespace {

const TileSet& find_set(const std::vector<TileSet>& sets, const std::string& name) {
  for (const TileSet& s : sets)
    if (s.name == name) return s;
  throw std::invalid_argument("tile set '" + name + "' is not in the tiles file");
}

}  // namespace

Game::Game(RuleSet rules, const std::vector<TileSet>& tile_sets, int players)
    : rules_(std::move(rules)), players_(players) {
  rules_.check_player_count(players);
  sw_ = resolve_switches(rules_);
  // Tiles: the rule set's own set after the sets it adds to (bcb adds to base-c1); the
  // start tile is the base set's.
  std::vector<std::string> names = rules_.base_tile_sets;
  names.push_back(rules_.tile_set);
  for (const std::string& n : names) {
    const TileSet& set = find_set(tile_sets, n);
    for (const TileType& t0 : set.tiles) {
      const TileType* t = &t0;
      for (const TileAlternative& alt : set.alternatives)
        if (alt.tile == t0.name) {
          bool known = false;
          for (const VariantSwitch& v : rules_.variants) known = known || v.id == alt.variant;
          if (known && rules_.variant(alt.variant) == alt.value) t = &alt.replacement;
        }
      if (rules_.exclude_castles && t->has(SegmentKind::Castle)) continue;
      if (rules_.exclude_cemeteries && t->has(SegmentKind::Cemetery)) continue;
      TileType copy = *t;
      if (copy.start && start_ >= 0) copy.start = false;  // an added set's start is a land tile
      if (copy.start) start_ = static_cast<TileId>(tiles_.size());
      max_cells_ += copy.count * copy.n_cells;
      tiles_.push_back(std::move(copy));
    }
  }
  if (start_ < 0) throw std::invalid_argument("rule set " + rules_.name + " has no start tile");

  if (rules_.family == Family::Mists) {
    const MeepleSetup* m = &rules_.meeples_for(players);
    colours_ = m->colours;
    meeples_per_colour_ = m->meeples_per_colour;
    for (int c = 0; c < colours_; ++c)
      owner_.push_back(c / std::max(1, m->colours_per_player) % players);
    if (rules_.scoring == ScoringTracks::PerColour) {
      for (int c = 0; c < rules_.scoring_meeples && c < colours_; ++c)
        scoring_colours_.push_back(c);
      scoring_from_supply_ = m->scorers_from_supply > 0;  // solo and 2 players: from the box
    }
  } else {
    colours_ = players;
    meeples_per_colour_ = rules_.followers_per_player;
    for (int c = 0; c < players; ++c) owner_.push_back(c);
  }
}

TileId Game::find_tile(const std::string& name) const {
  for (size_t i = 0; i < tiles_.size(); ++i)
    if (tiles_[i].name == name) return static_cast<TileId>(i);
  return -1;
}

}  // namespace carcheck
