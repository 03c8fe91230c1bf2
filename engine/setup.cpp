// Setup operations for specs (tiles, meeples, ghosts and scores put on the board outside
// the turn order) and the canonical snapshot used to compare states.
#include <algorithm>
#include <sstream>

#include "engine/rules_impl.h"

namespace carcheck {

std::optional<std::string> State::setup_place(TileId tile, int x, int y, int rot) {
  if (tile < 0 || tile >= static_cast<TileId>(game_->tiles().size())) return "no such tile";
  if (auto why = Rules::placement_problem(*this, tile, x, y, rot)) return why;
  // The tile comes out of the supply, as it would in play.
  bool taken = false;
  for (auto& pile : piles_)
    for (size_t i = 0; i < pile.size() && !taken; ++i)
      if (pile[i] == tile) {
        pile.erase(pile.begin() + static_cast<long>(i));
        taken = true;
      }
  if (!taken) return "no copy of tile '" + game_->tile(tile).name + "' is left in the supply";
  Rules::place_tile(*this, tile, x, y, rot, nullptr);  // not in history(): setup is no action
  return std::nullopt;
}

std::optional<std::string> State::setup_meeple(int colour, int cell, int seg, bool large) {
  if (colour < 0 || colour >= game_->colours()) return "no such colour in play";
  if (cell < 0 || cell >= cells() || nth(cells_, cell).hidden) return "no tile there";
  const CellFace& f = face(cell);
  if (seg < 0 || seg >= f.n_segments) return "no such feature on that tile";
  if (meeples_in_supply(colour) == 0)
    return std::string("no ") + game_->colour_name(colour) + " meeple left in supply";
  const int big = Rules::large_in_supply(*this, colour);
  if (large && big == 0)
    return std::string("no ") + game_->colour_name(colour) + " large follower in supply";
  if (!large && meeples_in_supply(colour) == big)
    return std::string("no normal ") + game_->colour_name(colour) + " follower left in supply";
  Rules::put_meeple(*this, colour, cell, seg, large);
  return std::nullopt;
}

void State::setup_score(int who, int points) { nth(scores_, who).total = points; }

std::optional<std::string> State::setup_active_player(int player) {
  if (player < 0 || player >= game_->players()) return "no such player";
  player_ = player;
  return std::nullopt;
}

std::optional<std::string> State::setup_pile(int pile, const std::vector<TileId>& tiles) {
  if (pile < 0 || pile >= static_cast<int>(piles_.size())) return "no such pile";
  std::vector<std::vector<TileId>> piles = piles_;
  std::vector<TileId> former = std::move(nth(piles, pile));
  nth(piles, pile).clear();
  for (TileId t : tiles) {
    if (t < 0 || t >= static_cast<TileId>(game_->tiles().size())) return "no such tile";
    auto take = [t](std::vector<TileId>& from) {
      auto it = std::find(from.begin(), from.end(), t);
      if (it == from.end()) return false;
      from.erase(it);
      return true;
    };
    bool taken = take(former);
    for (size_t p = 0; p < piles.size() && !taken; ++p)
      if (static_cast<int>(p) != pile) taken = take(piles[p]);
    if (!taken) return "no copy of tile '" + game_->tile(t).name + "' is left in the supply";
  }
  nth(piles, pile) = tiles;  // `former`'s rest goes back to the box
  piles_ = std::move(piles);
  return std::nullopt;
}

std::optional<std::string> State::setup_active_pile(int pile) {
  if (pile < 0 || pile >= static_cast<int>(piles_.size())) return "no such pile";
  if (pile < active_pile_) return "a pile before the active one cannot become active again";
  auto& to = nth(piles_, pile);
  for (int p = pile - 1; p >= active_pile_; --p) {  // the rest goes on top (the back is the top)
    auto& from = nth(piles_, p);
    to.insert(to.end(), from.begin(), from.end());
    from.clear();
  }
  active_pile_ = pile;
  game_->rule_system().piles_passed(*this, pile);  // Mists: the hounds of those thresholds
  return std::nullopt;
}

std::optional<std::string> State::setup_meeple_supply(int colour, int count) {
  if (colour < 0 || colour >= game_->colours()) return "no such colour in play";
  int have = meeples_in_supply(colour);
  if (count > have)
    return std::string(game_->colour_name(colour)) + " has only " + std::to_string(have) +
           " meeple(s) in its supply (the others are on the board, buried or out of play)";
  for (Meeple& m : meeples_)
    if (have > count && m.colour == colour && m.cell < 0 && m.in_play) {
      m.in_play = false;
      --have;
      --nth(supply_, colour);
    }
  return std::nullopt;
}

std::optional<std::string> State::setup_piles(
    const std::vector<std::pair<int, std::vector<TileId>>>& piles) {
  std::vector<std::vector<TileId>> pool = piles_;
  for (const auto& [pile, tiles] : piles) {
    if (pile < 0 || pile >= static_cast<int>(piles_.size())) return "no such pile";
    for (TileId t : tiles) {
      if (t < 0 || t >= static_cast<TileId>(game_->tiles().size())) return "no such tile";
      auto take = [t](std::vector<TileId>& from) {
        auto it = std::find(from.begin(), from.end(), t);
        if (it == from.end()) return false;
        from.erase(it);
        return true;
      };
      bool taken = take(nth(pool, pile));
      for (size_t p = 0; p < pool.size() && !taken; ++p) taken = take(pool[p]);
      if (!taken) return "no copy of tile '" + game_->tile(t).name + "' is left in the supply";
    }
  }
  for (const auto& [pile, tiles] : piles) nth(pool, pile) = tiles;
  piles_ = std::move(pool);
  return std::nullopt;
}

namespace {

template <class List>
void list(std::ostringstream& o, const char* name, const List& items) {
  o << name << ':';
  for (const auto& v : items) o << ' ' << v;
  o << '\n';
}

}  // namespace

// Every field of the state, in declaration order (state.h); a field added there belongs here
// too, or the determinism check cannot see it diverge.
std::string State::snapshot() const {
  std::ostringstream o;
  o << "rules " << game_->rules().name << " players " << game_->players() << " seed " << seed_
    << " rng " << rng_.state() << "\n";
  o << "phase " << phase_name(phase_) << " player " << player_ << " turn " << turn_ << " drawn "
    << drawn_ << " step " << step_ << " new " << new_cell_ << "\n";
  o << "grid " << grid_dim_ << " origin " << grid_origin_ << " placements " << placements_ << "\n";
  o << "taken:";
  for (size_t i = grid_.band_begin(); i < grid_.band_end(); ++i)  // nothing outside the band
    if (grid_[i] >= 0) o << ' ' << i << '=' << grid_[i];
  o << "\nfrontier:";
  for (Pos p : frontier_) o << ' ' << p.x << ',' << p.y;
  o << "\nneeds:";
  for (size_t i = space_needs_.band_begin(); i < space_needs_.band_end(); ++i)
    if (space_needs_[i]) o << ' ' << i << '=' << space_needs_[i];
  o << "\n";
  for (size_t p = 0; p < piles_.size(); ++p) {
    o << "pile " << p << (static_cast<int>(p) == active_pile_ ? "*" : "") << ":";
    for (TileId t : piles_[p]) o << ' ' << t;
    o << "\n";
  }
  list(o, "aside", set_aside_);
  for (size_t i = 0; i < cells_.size(); ++i) {
    const PlacedCell& c = cells_[i];
    o << "cell " << i << " tile " << c.tile << " rot " << int(c.rot) << " part " << int(c.index)
      << " at " << c.x << "," << c.y << (c.hidden ? " hidden" : "") << " placement " << c.placement
      << " n8 " << int(c.n8) << " sides " << int(c.sides) << " bridge " << int(c.added) << " fd8 "
      << int(mists_.cell(static_cast<int>(i)).fd8) << " ghosts";
    for (uint8_t g : mists_.cell(static_cast<int>(i)).ghosts) o << ' ' << int(g);
    o << "\n";
  }
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const RegionNode& n = nodes_[i];
    if (n.parent < 0) continue;
    o << "node " << i << " parent " << n.parent << " next " << n.next << " open " << n.open
      << " meeples " << int(n.meeples) << " sealed " << int(n.sealed) << "\n";
  }
  for (size_t i = 0; i < meeples_.size(); ++i) {
    const Meeple& m = meeples_[i];
    o << "meeple " << i << ' ' << game_->colour_name(m.colour) << " cell " << m.cell << " seg "
      << int(m.seg) << (is_buried(m) ? " buried" : "") << (m.in_play ? "" : " scoring")
      << (m.weight == 2 ? " large" : "") << "\n";
  }
  for (size_t i = 0; i < scores_.size(); ++i) {
    o << "score " << i << ' ' << scores_[i].total << " :";
    for (int v : scores_[i].by_feature) o << ' ' << v;
    o << "\n";
  }
  o << "bcb bridges";
  for (int8_t b : bcb_.bridges) o << ' ' << int(b);
  o << " built " << bcb_.bridge_cell << (bcb_.bridge_after_meeple ? " late" : "") << " castles";
  for (int8_t c : bcb_.castle_tokens) o << ' ' << int(c);
  o << " decider " << int(decider_) << " castle-fresh " << int(bcb_.castle_fresh) << " scored-now "
    << bcb_.castles_scored_now << " deciding " << int(bcb_.castle_deciding) << "\n";
  o << "bazaar " << int(bcb_.bazaar) << " host " << int(bcb_.bazaar_host)
    << (bcb_.bazaar_no_bids ? " no-bids" : "") << (bcb_.bazaar_resume_same ? " resume-same" : "")
    << " due " << int(bcb_.bazaars_due) << (bcb_.bazaar_redrawn ? " redrawn" : "") << " outer-host "
    << int(bcb_.bazaar_outer_host) << " delayed";
  for (int8_t d : bcb_.delayed) o << ' ' << int(d);
  o << " placed " << int(bcb_.placed) << " revealed";
  for (int i = 0; i < kBcbMaxRevealed; ++i)
    o << ' ' << nth(bcb_.revealed, i) << ':' << int(nth(bcb_.taker, i));
  o << " selector " << int(bcb_.selector) << " selected " << int(bcb_.selected) << " bid "
    << bcb_.bid << " high " << int(bcb_.high_bidder) << " count " << int(bcb_.revealed_count)
    << "\n";
  for (int i = 0; i < bcb_.castle_count; ++i) {
    const CastleRecord& c = nth(bcb_.castles, i);
    o << "castle " << i << " cells " << c.cells[0] << ' ' << c.cells[1] << " owner " << int(c.owner)
      << " meeple " << c.meeple << (c.scored ? " scored" : "") << " points " << c.points << "\n";
  }
  o << "ghosts supply " << mists_.ghost_supply << " box " << mists_.ghost_box << " thresholds "
    << mists_.thresholds_passed << "\n";
  for (const Hound& h : mists_.hounds)
    o << "hound " << int(h.status) << " meeple " << h.meeple << (h.cleared ? " cleared" : "")
      << "\n";
  o << "pending " << pending_index_ << ":";
  for (const PendingScore& p : pending_)
    o << ' ' << feature_class_name(p.feature) << '@' << p.node << (p.announced ? "!" : "");
  o << "\n";
  list(o, "bury-queue", mists_.bury_queue);
  o << "hound-active " << mists_.hound_active << " clears-left " << mists_.hound_clears_left
    << " first-clear " << mists_.hound_first_clear
    << (mists_.hound_surround_clear ? " when-surrounded" : "") << "\n";
  o << "bank-finished " << mists_.bank_finished_this_turn << " extended-bank "
    << mists_.extended_bank << " score-sub " << mists_.score_sub
    << (mists_.order_chosen ? " order-chosen" : "") << "\n";
  list(o, "track-queue", mists_.track_queue);
  o << "scorers";
  for (int c : mists_.scorers) o << ' ' << c;
  o << " ghosts-placed " << mists_.ghosts_placed << " haunt-next " << mists_.haunt_next
    << " haunt-cell " << mists_.haunt_cell << "\n";
  o << "end " << end_reason_text(end_reason_) << (won_ ? " won" : "") << "\n";
  for (const Event& e : events_)
    o << "event " << event_name(e.kind) << ' ' << feature_class_name(e.feature) << ' ' << int(e.who)
      << ' ' << e.x << ',' << e.y << ' ' << int(e.seg) << ' ' << e.value << ' ' << e.extra << "\n";
  for (const Action& a : history_)
    o << "action " << int(a.kind) << ' ' << int(a.rot) << ' ' << int(a.seg) << ' ' << int(a.colour)
      << ' ' << int(a.count) << ' ' << a.x << ',' << a.y << ' ' << a.meeple << ' ' << a.tile
      << "\n";
  return o.str();
}

}  // namespace carcheck
