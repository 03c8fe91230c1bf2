#include "engine/game.h"

#include <stdexcept>

#include "engine/rules_impl.h"

namespace carcheck {

namespace {

const TileSet& find_set(const std::vector<TileSet>& sets, const std::string& name) {
  for (const TileSet& s : sets)
    if (s.name == name) return s;
  throw std::invalid_argument("tile set '" + name + "' is not in the tiles file");
}

}  // namespace

Game::Game(RuleSet rules, const std::vector<TileSet>& tile_sets, int players,
           std::shared_ptr<const RuleSystem> system)
    : rules_(std::move(rules)),
      system_(system ? std::move(system) : rule_system_for(rules_)),
      adds_placements_(system_->adds_placements()),
      tracks_cells_(system_->tracks_cells()),
      cooperative_(system_->cooperative()),
      players_(players) {
  rules_.check_player_count(players);
  sw_ = resolve_switches(rules_);
  restricts_placement_ = system_->restricts_placement(sw_);
  hidden_seals_ = system_->hidden_seals(sw_);
  switch (rules_.family) {
    case Family::Mists:  // Level 1 returns the castles to the box; hounds from Level 3
      score_classes_ = {FeatureClass::Road, FeatureClass::City};
      if (!rules_.exclude_castles) score_classes_.push_back(FeatureClass::Castle);
      if (rules_.hounds) score_classes_.push_back(FeatureClass::Hound);
      break;
    case Family::Base:
    case Family::Pnp:
    case Family::Bcb:
      score_classes_ = {FeatureClass::Road, FeatureClass::City, FeatureClass::Monastery};
      if (rules_.farmers) score_classes_.push_back(FeatureClass::Field);
      if (rules_.family == Family::Bcb) {
        score_classes_.push_back(FeatureClass::Castle);
        score_classes_.push_back(FeatureClass::Bazaar);
      }
      break;
  }
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
  // A room's own start tile (The River's spring): the printed one's copies join the supply.
  printed_start_ = start_;
  if (const TileId chosen = system_->start_tile(tiles_, start_); chosen != start_) {
    nth(tiles_, start_).start = false;
    nth(tiles_, chosen).start = true;
    start_ = chosen;
  }
  // The board's grids grow with the square of the tiles in play: a set far larger than any
  // game (a log's or spec's own tiles) is refused rather than allocated.
  if (max_cells_ > kMaxGameCells)
    throw std::invalid_argument("rule set " + rules_.name + " plays " + std::to_string(max_cells_) +
                                " tiles; at most " + std::to_string(kMaxGameCells) +
                                " are supported");
  for (const TileType& t : tiles_)
    restricted_tiles_.push_back(restricts_placement_ && system_->restricts_tile(t) ? 1 : 0);
  for (const TileType& t : tiles_) {
    uint32_t v = 0;
    for (int rot = 0; t.n_cells == 1 && rot < kRotations; ++rot)
      v |= static_cast<uint32_t>(Rules::packed_sides(t.rot[rot][0])) << (8 * rot);
    packed_rotations_.push_back(v);
  }

  Seating seats = system_->seat(rules_, players);
  colours_ = seats.colours;
  owner_ = std::move(seats.owner);
  meeples_per_colour_ = seats.meeples_per_colour;
  large_per_colour_ = seats.large_per_colour;
  scoring_from_supply_ = seats.scoring_from_supply;
}

TileId Game::find_tile(const std::string& name) const {
  for (size_t i = 0; i < tiles_.size(); ++i)
    if (tiles_[i].name == name) return static_cast<TileId>(i);
  return -1;
}

std::string Game::spec_rules() const { return system_->spec_rules(rules_); }

const char* Game::colour_name(int c) const {
  if (c < 0 || c >= kMaxColours) return "?";
  return colour_word(c).word;
}

const ColourWord& Game::colour_word(int c) const {
  return kColourWords[c < 0 || c >= kMaxColours ? 0 : rules_.colour_words[static_cast<size_t>(c)]];
}

int Game::colour_by_name(std::string_view word) const {
  for (int c = 0; c < kMaxColours; ++c)
    if (word == colour_name(c)) return c;
  return -1;
}

std::string Game::colour_list() const {
  std::string out;
  for (int c = 0; c < kMaxColours; ++c) out.append(c ? ", " : "").append(colour_name(c));
  return out;
}

}  // namespace carcheck
