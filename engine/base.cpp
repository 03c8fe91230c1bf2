// The competitive room: the base game, first edition (seed 001), and the Print-and-Play demo
// (seed 002). Each player has one colour; a turn is draw, place, meeple, score; the game ends
// when no tile is left, with a final scoring. The demo differs only in data (tiles,
// followers, no farmers), so both play here.
#include "engine/rules_impl.h"

namespace carcheck {

Seating CompetitiveRules::seat(const RuleSet& r, int players) const {
  Seating s;
  s.colours = players;
  s.meeples_per_colour = r.followers_per_player;
  for (int c = 0; c < players; ++c) s.owner.push_back(c);
  return s;
}

void CompetitiveRules::setup(State& s) const { Rules::competitive_setup(s); }

// The game ends when no tile is left to draw: final scoring, then over. The game's room
// scores: a rule set combining add-ons adds theirs (engine/room_chain.h).
void CompetitiveRules::draw_due(State& s) const {
  if (s.tiles_left()) return;
  s.game().rule_system().final_scoring(s);
  Rules::finish_game(s, EndReason::AllTilesPlayed, false);
}

bool CompetitiveRules::drawn(State&, TileId) const { return false; }

void CompetitiveRules::unplaceable(State& s, TileId t) const {
  Rules::competitive_unplaceable(s, t);
}

bool CompetitiveRules::restricts_placement(const Switches& sw) const {
  return sw.board_bounds == BoardBounds::TableEdge;
}

bool CompetitiveRules::placement_allowed(const State& s, TileId, int x, int y, int,
                                         std::string* why) const {
  if (Rules::on_table(s, x, y)) return true;
  if (why) *why = *Rules::off_table(s, x, y);
  return false;
}

// Follower placement (seed 001): only on the new tile, on a feature nobody occupies
// anywhere, farmers only where the rule set has them.
bool CompetitiveRules::meeple_allowed(const State& s, int seg) const {
  switch (s.face(s.new_cell()).segments[seg].kind) {
    case SegmentKind::Field:
      if (!s.game().rules().farmers) return false;
      [[fallthrough]];
    case SegmentKind::Road:
    case SegmentKind::City:
      return s.region_node(s.region_root(segment_node(s.new_cell(), seg))).meeples == 0;
    case SegmentKind::Monastery:
      return true;  // nothing connects to a monastery
    default:
      return false;
  }
}

// Seed 001 "Plasează un supus", seed 002: no farmers where the rule set has none; otherwise
// someone stands on the connected feature, however far away.
std::string CompetitiveRules::meeple_refusal(const State& s, int seg) const {
  const Segment& g = s.face(s.new_cell()).segments[seg];
  if (g.kind == SegmentKind::Field && !s.game().rules().farmers)
    return "this rule set has no farmers (followers are thieves, knights and monks only)";
  if (g.kind != SegmentKind::Road && g.kind != SegmentKind::City && g.kind != SegmentKind::Field)
    return std::string("a follower never goes on a ") + segment_kind_name(g.kind);
  std::string what = g.kind == SegmentKind::Field ? "farm" : segment_kind_name(g.kind);
  return "the " + what + " is already occupied (a follower stands on the connected " + what +
         ", however far away)";
}

void CompetitiveRules::after_place(State& s, bool) const { Rules::competitive_after_place(s); }

// After the meeple step, score everything the tile finished, then end the turn.
void CompetitiveRules::after_meeple(State& s) const { Rules::competitive_score_turn(s); }

// small-city=old (seed 001 fn 12): a city of two tiles scores 2 points per tile and shield
// when finished, as if unfinished.
int CompetitiveRules::feature_value(const State& s, const PendingScore& p,
                                    bool final_scoring) const {
  if (p.feature == FeatureClass::City && !final_scoring &&
      (s.game().switches().small_city == SmallCity::Old) && s.region_tiles(p.node) == 2)
    return RuleSystem::feature_value(s, p, true);
  return RuleSystem::feature_value(s, p, final_scoring);
}

void CompetitiveRules::final_scoring(State& s) const { Rules::final_scoring(s); }

// Seed 001 "Folosirea unei mese" (HiG 5/2013): when a table is used, its edge is the limit
// of play, and the tiles are not moved to make room. The table is the switch's WxH.
bool Rules::on_table(const State& s, int x, int y) {
  const Switches& sw = s.game().switches();
  return sw.board_bounds != BoardBounds::TableEdge ||
         (x >= sw.table_west && x < sw.table_west + sw.table_width && y >= sw.table_north &&
          y < sw.table_north + sw.table_height);
}

std::optional<std::string> Rules::off_table(const State& s, int x, int y) {
  if (on_table(s, x, y)) return std::nullopt;
  const Switches& sw = s.game().switches();
  const int west = sw.table_west, north = sw.table_north;
  const int east = west + sw.table_width - 1, south = north + sw.table_height - 1;
  return "space " + std::to_string(x) + "," + std::to_string(y) +
         " is beyond the table's edge (board-bounds=table-edge:" + std::to_string(sw.table_width) +
         "x" + std::to_string(sw.table_height) + ": columns " + std::to_string(west) + ".." +
         std::to_string(east) + ", rows " + std::to_string(north) + ".." + std::to_string(south) +
         "; seed 001 'Folosirea unei mese': the table's edge is "
         "the limit of play)";
}

void CompetitiveRules::game_over(State& s, EndReason r, bool) const {
  Rules::emit(s, EventKind::GameEnded, FeatureClass::None, -1, 0, 0, 0, static_cast<int>(r));
}

int CompetitiveRules::shared_score(const State&) const { return 0; }

void CompetitiveRules::legal(const State&, ActionList&) const {}

std::optional<std::string> CompetitiveRules::apply(State&, const Action& a) const {
  if (a.kind == ActionKind::Bridge || a.kind == ActionKind::Discard ||
      a.kind == ActionKind::Select || a.kind == ActionKind::Bid || a.kind == ActionKind::Buy ||
      a.kind == ActionKind::Sell)
    return "that action belongs to Bridges, Castles and Bazaars";
  return "that action belongs to Mists over Carcassonne";
}

// ---- The steps, with the state's fields at hand (Rules is State's friend) ----------------------

void Rules::competitive_setup(State& s) {
  s.scores_.assign(static_cast<size_t>(s.game_->players()), Score{});
  // first-player (seed 001 fn 3, seed 002 fn 1): the youngest player (default) and "the
  // players agree" both seat the starting player as player 1 (a spec seats another with
  // setup_active_player); the house rule draws the starting player at random.
  if (s.game_->switches().first_player == FirstPlayer::Random)
    s.player_ = static_cast<int>(s.rng_.below(static_cast<uint32_t>(s.game_->players())));
}

// Removed from the game and another drawn (base-unplaceable-tile=removed), or shuffled back
// into the supply (back-in-pile).
void Rules::competitive_unplaceable(State& s, TileId t) {
  competitive_discard(s, t);
  s.drawn_ = -1;
  enter_draw(s);
}

void Rules::competitive_discard(State& s, TileId t) {
  if ((s.game_->switches().base_unplaceable_tile == BaseUnplaceableTile::BackInPile) &&
      s.tiles_left()) {
    auto& pile = nth(s.piles_, s.active_pile_);
    pile.insert(pile.begin() + s.rng_.below(static_cast<uint32_t>(pile.size() + 1)), t);
    // Once every tile left is unplaceable the game ends instead of looping.
    set_aside_if_none_fits(s, pile);
  } else {
    s.set_aside_.push_back(t);
  }
}

void Rules::set_aside_if_none_fits(State& s, std::vector<TileId>& pile) {
  bool any = false;
  for (TileId u : pile) any = any || placeable_anywhere(s, u);
  if (!any) {
    for (TileId u : pile) s.set_aside_.push_back(u);
    pile.clear();
  }
}

void Rules::competitive_after_place(State& s) {
  collect_finished(s, s.new_cell_, false);
  s.phase_ = Phase::Meeple;
}

void Rules::competitive_score_turn(State& s) {
  for (const PendingScore& p : s.pending_) {
    emit(s, EventKind::FeatureFinished, p.feature);
    score_competitive(s, p, false);
  }
  s.pending_.clear();
  end_turn(s);
}

}  // namespace carcheck
