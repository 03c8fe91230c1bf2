// The chained hooks of a rule set that combines rooms (engine/room_chain.h, engine/add_on.h).
#include "engine/room_chain.h"

#include <stdexcept>
#include <utility>

#include "engine/rules_impl.h"
#include "engine/state.h"

namespace carcheck {

namespace {

// The turn machine's own phases and actions stay the turn machine's: an add-on changes them
// through the hooks, never by owning them.
bool shared_phase(Phase p) {
  return p == Phase::Draw || p == Phase::Place || p == Phase::Meeple || p == Phase::Over;
}
bool shared_action(ActionKind k) {
  return k == ActionKind::Draw || k == ActionKind::Place || k == ActionKind::Meeple ||
         k == ActionKind::Pass;
}

}  // namespace

TileId RoomChain::start_tile(const std::vector<TileType>& tiles, TileId printed) const {
  TileId t = base_->start_tile(tiles, printed);
  for (const auto& a : add_ons_)
    if (a->hooks() & add_on_hooks::kStartTile) t = a->start_tile(tiles, t);
  return t;
}

RoomChain::RoomChain(std::shared_ptr<const RuleSystem> base, const RuleSet& r,
                     std::vector<std::shared_ptr<const AddOn>> add_ons)
    : base_(std::move(base)), add_ons_(std::move(add_ons)) {
  phase_owner_.fill(-1);
  action_owner_.fill(-1);
  const Switches sw = resolve_switches(r);
  base_restricts_ = base_->restricts_placement(sw);
  restricts_ = base_restricts_;
  adds_ = base_->adds_placements();
  base_tracks_cells_ = tracks_cells_ = base_->tracks_cells();
  namespace h = add_on_hooks;  // its bits; kSetup.. below are RoomChain's own hook indices
  constexpr uint32_t kBits[kHooks] = {h::kSetup,        h::kDrawDue,     h::kDrawn,
                                      h::kUnplaceable,  h::kPlacement,   h::kMeeple,
                                      h::kAfterPlace,   h::kAfterMeeple, h::kFeatureValue,
                                      h::kFinalScoring, h::kFollowers,   h::kCellsAdded};
  if (add_ons_.size() > static_cast<size_t>(kMaxRooms))
    throw std::invalid_argument("rule set " + r.name + " combines " +
                                std::to_string(add_ons_.size()) + " rooms; at most " +
                                std::to_string(kMaxRooms) + " can be combined");
  for (size_t i = 0; i < add_ons_.size(); ++i) {
    const AddOn& a = *add_ons_[i];
    const int index = static_cast<int>(i);
    const std::string which = "room '" + (i < r.rooms.size() ? r.rooms[i] : std::to_string(i + 1)) +
                              "' of rule set " + r.name;
    if (!a.combines_with(r.family))
      throw std::invalid_argument(which + " does not play over its family's room");
    const uint32_t hooks = a.hooks();
    for (int k = 0; k < kHooks; ++k) {
      if (!(hooks & kBits[k])) continue;
      if (k == kPlacement && !a.restricts_placement(sw)) continue;  // not under these switches
      links_[static_cast<size_t>(k)].push_back({&a, index, link_bit(index, k)});
      live_[static_cast<size_t>(k)] |= link_bit(index, k);
    }
    restricts_ = restricts_ || !links_[kPlacement].empty();
    tracks_cells_ = base_tracks_cells_ || !links_[kCellsAdded].empty();
    if (hooks & h::kAddedPlacements) {
      if (adds_) throw std::invalid_argument(which + ": two rooms add placements");
      adds_ = true;
      placer_ = static_cast<int8_t>(index);
    }
    if (!(hooks & h::kDecisions)) continue;
    for (int v = 0; v < 256; ++v) {
      const auto p = static_cast<Phase>(v);
      const auto k = static_cast<ActionKind>(v);
      if (a.owns(p)) {
        if (shared_phase(p) || phase_owner_[static_cast<size_t>(v)] >= 0)
          throw std::invalid_argument(which + " owns phase '" + phase_name(p) +
                                      "', which another room owns");
        phase_owner_[static_cast<size_t>(v)] = static_cast<int8_t>(index);
      }
      if (a.owns(k)) {
        if (shared_action(k) || action_owner_[static_cast<size_t>(v)] >= 0)
          throw std::invalid_argument(which + " owns action " + std::to_string(v) +
                                      ", which another room owns");
        action_owner_[static_cast<size_t>(v)] = static_cast<int8_t>(index);
      }
    }
  }
}

void RoomChain::setup(State& s) const {
  base_->setup(s);
  for (const Link& l : links_[kSetup]) l.add_on->setup(s);
}

namespace {

// A link runs from add-on `from` on and until its add-on retires it.
bool runs(const State& s, uint64_t bit, int index, int from) {
  return index >= from && !(s.retired_links() & bit);
}

}  // namespace

void RoomChain::retire(State& s, int index, uint32_t hooks) const {
  namespace h = add_on_hooks;
  constexpr std::pair<uint32_t, Hook> kRetirable[] = {
      {h::kDrawDue, kDrawDue},         {h::kDrawn, kDrawn},
      {h::kUnplaceable, kUnplaceable}, {h::kAfterPlace, kAfterPlace},
      {h::kAfterMeeple, kAfterMeeple}, {h::kCellsAdded, kCellsAdded}};
  uint64_t bits = 0;
  for (const auto& [bit, k] : kRetirable)
    if (hooks & bit) bits |= link_bit(index, k);
  Rules::retire_links(s, bits);
}

void RoomChain::base_and_chained_cells_added(State& s, int first) const {
  base_->cells_added(s, first);
  if (live(s, kCellsAdded)) chained_cells_added(s, first);
}

void RoomChain::chained_cells_added(State& s, int first) const {
  for (const Link& l : links_[kCellsAdded])
    if (runs(s, l.bit, l.index, 0)) l.add_on->cells_added(s, first);
}

void RoomChain::draw_due_from(State& s, int from) const {
  for (const Link& l : links_[kDrawDue])
    if (runs(s, l.bit, l.index, from) && l.add_on->draw_due(s, rest_after(l.index))) return;
  base_->draw_due(s);
}

bool RoomChain::drawn_from(State& s, TileId t, int from) const {
  for (const Link& l : links_[kDrawn])
    if (runs(s, l.bit, l.index, from) && l.add_on->drawn(s, t, rest_after(l.index))) return true;
  return base_->drawn(s, t);
}

void RoomChain::unplaceable_from(State& s, TileId t, int from) const {
  for (const Link& l : links_[kUnplaceable])
    if (runs(s, l.bit, l.index, from) && l.add_on->unplaceable(s, t, rest_after(l.index))) return;
  base_->unplaceable(s, t);
}

bool RoomChain::placement_allowed(const State& s, TileId tile, int x, int y, int rot,
                                  std::string* why) const {
  if (base_restricts_ && !base_->placement_allowed(s, tile, x, y, rot, why)) return false;
  if (!why) return add_ons_allow_placement(s, tile, x, y, rot);
  for (const Link& l : links_[kPlacement])
    if (!l.add_on->placement_allowed(s, tile, x, y, rot, why)) return false;
  return true;
}

// The first room that confines the tile names its space; every room's placement_allowed still
// judges the placements there (keep_room_placements).
int RoomChain::placement_space(const State& s, TileId tile, int& x, int& y) const {
  if (base_restricts_) {
    const int r = base_->placement_space(s, tile, x, y);
    if (r >= 0) return r;
  }
  for (const Link& l : links_[kPlacement]) {
    const int r = l.add_on->placement_space(s, tile, x, y);
    if (r >= 0) return r;
  }
  return -1;
}

bool RoomChain::restricts_tile(const TileType& t) const {
  if (base_restricts_ && base_->restricts_tile(t)) return true;
  for (const Link& l : links_[kPlacement])
    if (l.add_on->restricts_tile(t)) return true;
  return false;
}

bool RoomChain::add_ons_allow_placement(const State& s, TileId tile, int x, int y, int rot) const {
  for (const Link& l : links_[kPlacement])
    if (!l.add_on->placement_allowed(s, tile, x, y, rot, nullptr)) return false;
  return true;
}

// The placements a room adds (BCB's bridged ones) obey the add-ons' placement rules as the
// plain ones do (The River's continuity and turns); a discard offered beside them (BCB fn 17)
// goes when none of them is left.
void RoomChain::added_placements(const State& s, TileId tile, ActionList& out, int from) const {
  const int before = out.size;
  if (const AddOn* a = owner(placer_))
    a->added_placements(s, tile, out, from);
  else
    base_->added_placements(s, tile, out, from);
  if (links_[kPlacement].empty()) return;
  int kept = before, places = 0;
  for (int i = before; i < out.size; ++i) {
    const Action& p = out.items[i];
    const bool place = p.kind == ActionKind::Place;
    if (!place || add_ons_allow_placement(s, tile, p.x, p.y, p.rot)) {
      out.items[kept++] = p;
      places += place;
    }
  }
  out.size = places ? kept : before;
}

std::optional<std::string> RoomChain::place_with(State& s, const Action& a) const {
  // The add-ons are asked before the placing room checks the action (as placement_problem
  // does first for a plain placement): an action from outside may carry any rotation.
  if (a.rot < 0 || a.rot >= kRotations) return "rotation must be 0..3";
  std::string why;
  for (const Link& l : links_[kPlacement])
    if (!l.add_on->placement_allowed(s, s.drawn(), a.x, a.y, a.rot, &why)) return why;
  if (const AddOn* o = owner(placer_)) return o->place_with(s, a);
  return base_->place_with(s, a);
}

bool RoomChain::chained_meeple_allowed(const State& s, int seg) const {
  if (!base_->meeple_allowed(s, seg)) return false;
  for (const Link& l : links_[kMeeple])
    if (!l.add_on->meeple_allowed(s, seg)) return false;
  return true;
}

std::string RoomChain::meeple_refusal(const State& s, int seg) const {
  if (!base_->meeple_allowed(s, seg)) return base_->meeple_refusal(s, seg);
  for (const Link& l : links_[kMeeple])
    if (!l.add_on->meeple_allowed(s, seg)) return l.add_on->meeple_refusal(s, seg);
  return base_->meeple_refusal(s, seg);
}

void RoomChain::after_place_from(State& s, bool extended_bank, int from) const {
  for (const Link& l : links_[kAfterPlace])
    if (runs(s, l.bit, l.index, from) &&
        l.add_on->after_place(s, extended_bank, rest_after(l.index)))
      return;
  base_->after_place(s, extended_bank);
}

void RoomChain::after_meeple_from(State& s, int from) const {
  for (const Link& l : links_[kAfterMeeple])
    if (runs(s, l.bit, l.index, from) && l.add_on->after_meeple(s, rest_after(l.index))) return;
  base_->after_meeple(s);
}

int RoomChain::feature_value(const State& s, const PendingScore& p, bool final_scoring) const {
  return add_on_value(s, p, final_scoring, base_->feature_value(s, p, final_scoring));
}

int RoomChain::add_on_value(const State& s, const PendingScore& p, bool final_scoring,
                            int value) const {
  for (const Link& l : links_[kFeatureValue])
    value = l.add_on->feature_value(s, p, final_scoring, value);
  return value;
}

void RoomChain::final_scoring(State& s) const {
  base_->final_scoring(s);
  for (const Link& l : links_[kFinalScoring]) l.add_on->final_scoring(s);
}

// Once per Game: B's seating, then each add-on filling kSeating adds to the supplies.
Seating RoomChain::seat(const RuleSet& r, int players) const {
  Seating seats = base_->seat(r, players);
  for (const auto& a : add_ons_)
    if (a->hooks() & add_on_hooks::kSeating) a->seat(r, players, seats);
  return seats;
}

FollowerSpots RoomChain::followers(const RuleSet& r) const {
  FollowerSpots spots = base_->followers(r);
  for (const Link& l : links_[kFollowers]) l.add_on->followers(r, spots);
  return spots;
}

void RoomChain::legal(const State& s, ActionList& out) const {
  if (const AddOn* a = owner(phase_owner_[static_cast<size_t>(s.phase())]))
    a->legal(s, out);
  else
    base_->legal(s, out);
}

std::optional<std::string> RoomChain::apply(State& s, const Action& a) const {
  int8_t o = phase_owner_[static_cast<size_t>(s.phase())];
  if (o < 0) o = action_owner_[static_cast<size_t>(a.kind)];
  if (o >= 0) return owner(o)->apply(s, a, rest_after(o));
  return base_->apply(s, a);
}

// ---- ChainRest: the hand-back -------------------------------------------------------------------

void ChainRest::draw_due(State& s) const { chain_->draw_due_from(s, next_); }
bool ChainRest::drawn(State& s, TileId t) const { return chain_->drawn_from(s, t, next_); }
void ChainRest::unplaceable(State& s, TileId t) const { chain_->unplaceable_from(s, t, next_); }
void ChainRest::after_place(State& s, bool extended_bank) const {
  chain_->after_place_from(s, extended_bank, next_);
}
void ChainRest::after_meeple(State& s) const { chain_->after_meeple_from(s, next_); }
void ChainRest::retire(State& s, uint32_t hooks) const { chain_->retire(s, next_ - 1, hooks); }

}  // namespace carcheck
