// Setup operations for specs (tiles, meeples, ghosts and scores put on the board outside
// the turn order) and the canonical snapshot used to compare states.
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
  Rules::place_tile(*this, tile, x, y, rot, nullptr);
  Action a;
  a.kind = ActionKind::Place;
  a.tile = tile;
  a.x = static_cast<int16_t>(x);
  a.y = static_cast<int16_t>(y);
  a.rot = static_cast<int8_t>(rot);
  return std::nullopt;
}

std::optional<std::string> State::setup_meeple(int colour, int cell, int seg) {
  if (colour < 0 || colour >= game_->colours()) return "no such colour in play";
  if (cell < 0 || cell >= cells() || cells_[static_cast<size_t>(cell)].face_down) return "no tile there";
  const CellFace& f = face(cell);
  if (seg < 0 || seg >= f.n_segments) return "no such feature on that tile";
  if (meeples_in_supply(colour) == 0) return std::string("no ") + kColourNames[colour] + " meeple left in supply";
  Rules::put_meeple(*this, colour, cell, seg);
  meeple_placed_ = false;
  return std::nullopt;
}

std::optional<std::string> State::setup_ghosts(int cell, int slot, int count) {
  if (cell < 0 || cell >= cells()) return "no tile there";
  if (slot < 0 || slot >= kGhostSlots) return "no such ghost spot";
  int have = cells_[static_cast<size_t>(cell)].ghosts[static_cast<size_t>(slot)];
  int delta = count - have;
  if (delta > ghost_supply_) return "the supply holds only " + std::to_string(ghost_supply_) + " ghosts";
  ghost_supply_ -= delta;
  cells_[static_cast<size_t>(cell)].ghosts[static_cast<size_t>(slot)] = static_cast<uint8_t>(count);
  return std::nullopt;
}

void State::setup_score(int who, int points) { scores_[static_cast<size_t>(who)].total = points; }

std::string State::snapshot() const {
  std::ostringstream o;
  o << "rules " << game_->rules().name << " players " << game_->players() << " rng " << rng_.state() << "\n";
  o << "phase " << phase_name(phase_) << " player " << player_ << " turn " << turn_ << " drawn " << drawn_
    << " step " << step_ << " new " << new_cell_ << "\n";
  for (size_t p = 0; p < piles_.size(); ++p) {
    o << "pile " << p << (static_cast<int>(p) == active_pile_ ? "*" : "") << ":";
    for (TileId t : piles_[p]) o << ' ' << t;
    o << "\n";
  }
  o << "aside:";
  for (TileId t : set_aside_) o << ' ' << t;
  o << "\n";
  for (size_t i = 0; i < cells_.size(); ++i) {
    const PlacedCell& c = cells_[i];
    o << "cell " << i << " tile " << c.tile << " rot " << int(c.rot) << " part " << int(c.index) << " at "
      << c.x << "," << c.y << (c.face_down ? " face-down" : "") << " n8 " << int(c.n8) << " ghosts";
    for (uint8_t g : c.ghosts) o << ' ' << int(g);
    o << "\n";
  }
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const RegionNode& n = nodes_[i];
    if (n.parent < 0) continue;
    int root = Rules::find_const(*this, static_cast<int>(i));
    const RegionNode& r = nodes_[static_cast<size_t>(root)];
    o << "node " << i << " root " << root << " open " << r.open << " meeples " << int(r.meeples) << " blocked "
      << int(r.blocked) << "\n";
  }
  for (size_t i = 0; i < meeples_.size(); ++i) {
    const Meeple& m = meeples_[i];
    o << "meeple " << i << ' ' << kColourNames[m.colour] << " cell " << m.cell << " seg " << int(m.seg)
      << (m.buried ? " buried" : "") << (m.in_play ? "" : " scoring") << "\n";
  }
  for (size_t i = 0; i < scores_.size(); ++i) {
    o << "score " << i << ' ' << scores_[i].total << " :";
    for (int v : scores_[i].by_feature) o << ' ' << v;
    o << "\n";
  }
  o << "ghosts supply " << ghost_supply_ << " box " << ghost_box_ << " thresholds " << thresholds_passed_ << "\n";
  for (const Hound& h : hounds_) o << "hound " << int(h.status) << " meeple " << h.meeple << "\n";
  o << "end " << end_reason_text(end_reason_) << (won_ ? " won" : "") << "\n";
  return o.str();
}

}  // namespace carcheck
