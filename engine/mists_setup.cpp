// Mists' set-up for specs (engine/mists_setup.h): the steps, with the state's fields at hand
// (Rules is State's friend), and the public entry points.
#include "engine/mists_setup.h"

#include <algorithm>

#include "engine/rules_impl.h"

namespace carcheck {

std::optional<std::string> Rules::mists_setup_ghosts(State& s, int cell, int slot, int count) {
  if (cell < 0 || cell >= s.cells()) return "no tile there";
  if (slot < 0 || slot >= kGhostSlots) return "no such ghost spot";
  int have = s.mists_.cell(cell).ghosts[static_cast<size_t>(slot)];
  int delta = count - have;
  if (delta > s.mists_.ghost_supply)
    return "the supply holds only " + std::to_string(s.mists_.ghost_supply) + " ghosts";
  s.mists_.ghost_supply -= delta;
  if (delta == 0) return std::nullopt;  // a game without ghosts has no table to write
  nth(s.mists_.cells, cell).ghosts[static_cast<size_t>(slot)] = static_cast<uint8_t>(count);
  return std::nullopt;
}

std::optional<std::string> Rules::mists_setup_hound(State& s, int hound, int meeple) {
  if (hound < 0 || hound >= static_cast<int>(s.mists_.hounds.size()))
    return "no such hound in this rule set";
  if (meeple < 0 || meeple >= static_cast<int>(s.meeples_.size())) return "no such meeple";
  const Meeple& m = nth(s.meeples_, meeple);
  if (!m.on_feature()) return "a hound lies by an unburied meeple on the board";
  Hound& h = nth(s.mists_.hounds, hound);
  h.status = Hound::Placed;
  h.meeple = static_cast<int16_t>(meeple);
  h.cleared = !(s.game_->switches().hound_trigger == HoundTrigger::WhenSurrounded) ||
              nth(s.cells_, m.cell).n8 == 8;
  s.mists_.thresholds_passed = std::max(s.mists_.thresholds_passed, hound + 1);
  return std::nullopt;
}

std::optional<std::string> Rules::mists_setup_hound_status(State& s, int hound,
                                                           Hound::Status status) {
  if (hound < 0 || hound >= static_cast<int>(s.mists_.hounds.size()))
    return "no such hound in this rule set";
  if (status == Hound::Placed) return "a placed hound lies by a meeple (setup_hound)";
  Hound& h = nth(s.mists_.hounds, hound);
  h.status = status;
  h.meeple = -1;
  h.cleared = status != Hound::Waiting;
  // The hounds come in threshold order: those before the first waiting one have passed.
  s.mists_.thresholds_passed = 0;
  while (s.mists_.thresholds_passed < static_cast<int>(s.mists_.hounds.size()) &&
         nth(s.mists_.hounds, s.mists_.thresholds_passed).status != Hound::Waiting)
    ++s.mists_.thresholds_passed;
  return std::nullopt;
}

// A spec's `active-pile K` (State::setup_active_pile): the thresholds of piles 1..K are
// passed, and a hound that still waited on one of them is out of the game.
void Rules::mists_piles_passed(State& s, int pile) {
  for (int h = s.mists_.thresholds_passed; h < pile && h < static_cast<int>(s.mists_.hounds.size());
       ++h)
    if (nth(s.mists_.hounds, h).status == Hound::Waiting)
      nth(s.mists_.hounds, h).status = Hound::Lost;
  s.mists_.thresholds_passed = std::max(s.mists_.thresholds_passed, pile);
}

std::optional<std::string> Rules::mists_setup_ghost_supply(State& s, int count) {
  if (s.game_->rules().ghosts_total == 0) return "this rule set has no ghosts";
  if (count < 0) return "a supply holds 0 ghosts or more";
  if (count > s.mists_.ghost_supply + s.mists_.ghost_box)
    return "only " + std::to_string(s.mists_.ghost_supply + s.mists_.ghost_box) +
           " ghosts are off the board (supply and box)";
  s.mists_.ghost_box -= count - s.mists_.ghost_supply;
  s.mists_.ghost_supply = count;
  return std::nullopt;
}

std::optional<std::string> Rules::mists_setup_buried(State& s, int colour, int cell) {
  if (colour < 0 || colour >= s.game_->colours()) return "no such colour in play";
  if (cell < 0 || cell >= s.cells() || nth(s.cells_, cell).hidden) return "no face-up tile there";
  const CellFace& f = s.face(cell);
  if (f.centre < 0 || f.segments[f.centre].kind != SegmentKind::Cemetery)
    return "no cemetery on that tile";
  for (Meeple& m : s.meeples_)
    if (m.colour == colour && m.cell < 0 && m.in_play) {
      --nth(s.supply_, colour);
      m.cell = static_cast<int16_t>(cell);
      m.seg = -1;
      return std::nullopt;
    }
  return std::string("no ") + s.game().colour_name(colour) + " meeple left in supply";
}

std::optional<std::string> Rules::mists_setup_face_down(State& s, TileId tile, int x, int y) {
  if (tile < 0 || tile >= static_cast<TileId>(s.game_->tiles().size())) return "no such tile";
  if (x < -s.grid_origin_ + 2 || y < -s.grid_origin_ + 2 || x > s.grid_origin_ - 3 ||
      y > s.grid_origin_ - 3)
    return "outside the board";
  if (s.cell_at(x, y) >= 0)
    return "space " + std::to_string(x) + "," + std::to_string(y) + " is already taken";
  bool beside = false;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      beside = beside || ((dx || dy) && s.cell_at(x + dx, y + dy) >= 0);
  if (!beside) return "a face-down tile lies next to a placed tile";
  for (auto& pile : s.piles_) {
    auto it = std::find(pile.begin(), pile.end(), tile);
    if (it == pile.end()) continue;
    pile.erase(it);
    Rules::place_hidden(s, tile, x, y, Rules::face_down_seals(s));
    return std::nullopt;
  }
  return "no copy of tile '" + s.game_->tile(tile).name + "' is left in the supply";
}

std::optional<std::string> setup_ghosts(State& s, int cell, int slot, int count) {
  return Rules::mists_setup_ghosts(s, cell, slot, count);
}

std::optional<std::string> setup_hound(State& s, int hound, int meeple) {
  return Rules::mists_setup_hound(s, hound, meeple);
}

std::optional<std::string> setup_hound_status(State& s, int hound, Hound::Status status) {
  return Rules::mists_setup_hound_status(s, hound, status);
}

std::optional<std::string> setup_ghost_supply(State& s, int count) {
  return Rules::mists_setup_ghost_supply(s, count);
}

std::optional<std::string> setup_buried(State& s, int colour, int cell) {
  return Rules::mists_setup_buried(s, colour, cell);
}

std::optional<std::string> setup_face_down(State& s, TileId tile, int x, int y) {
  return Rules::mists_setup_face_down(s, tile, x, y);
}

}  // namespace carcheck
