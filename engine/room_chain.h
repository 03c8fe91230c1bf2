// The room of a rule set that combines add-ons (levels.yaml `rooms:`): the family's room with
// the add-ons over it, in the order the rule set lists them, every hook chained as
// engine/add_on.h's table says. Built once per Game (rule_system_for); which add-ons fill
// which hook, who owns which phase and action, and whether placement is restricted are read
// then, so a hook costs a loop over the add-ons that fill it.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/add_on.h"
#include "engine/rule_system.h"
#include "engine/state.h"

namespace carcheck {

class RoomChain final : public RuleSystem {
 public:
  // Throws std::invalid_argument when the rooms cannot combine: an add-on that does not play
  // over `r`'s family, two rooms owning one phase or action, or two adding placements.
  RoomChain(std::shared_ptr<const RuleSystem> base, const RuleSet& r,
            std::vector<std::shared_ptr<const AddOn>> add_ons);

  const RuleSystem& base() const { return *base_; }

  Seating seat(const RuleSet& r, int players) const override;
  void setup(State& s) const override;
  TileId start_tile(const std::vector<TileType>& tiles, TileId printed) const override;
  // The per-turn hooks go straight to the family's room when no add-on's link is live (none
  // fills the hook, or each that does retired it): the common case costs one test.
  void draw_due(State& s) const override {
    if (live(s, kDrawDue))
      draw_due_from(s, 0);
    else
      base_->draw_due(s);
  }
  bool drawn(State& s, TileId t) const override {
    return live(s, kDrawn) ? drawn_from(s, t, 0) : base_->drawn(s, t);
  }
  void unplaceable(State& s, TileId t) const override {
    if (live(s, kUnplaceable))
      unplaceable_from(s, t, 0);
    else
      base_->unplaceable(s, t);
  }
  bool restricts_placement(const Switches&) const override { return restricts_; }
  bool restricts_tile(const TileType& t) const override;
  bool placement_allowed(const State& s, TileId tile, int x, int y, int rot,
                         std::string* why) const override;
  int placement_space(const State& s, TileId tile, int& x, int& y) const override;
  bool adds_placements() const override { return adds_; }
  void added_placements(const State& s, TileId tile, ActionList& out, int from) const override;
  std::optional<std::string> place_with(State& s, const Action& a) const override;
  bool meeple_allowed(const State& s, int seg) const override {
    return links_[kMeeple].empty() ? base_->meeple_allowed(s, seg) : chained_meeple_allowed(s, seg);
  }
  std::string meeple_refusal(const State& s, int seg) const override;
  void after_place(State& s, bool extended_bank) const override {
    if (live(s, kAfterPlace))
      after_place_from(s, extended_bank, 0);
    else
      base_->after_place(s, extended_bank);
  }
  void after_meeple(State& s) const override {
    if (live(s, kAfterMeeple))
      after_meeple_from(s, 0);
    else
      base_->after_meeple(s);
  }
  int feature_value(const State& s, const PendingScore& p, bool final_scoring) const override;
  int add_on_value(const State& s, const PendingScore& p, bool final_scoring,
                   int value) const override;
  bool add_ons_allow_placement(const State& s, TileId tile, int x, int y, int rot) const override;
  void final_scoring(State& s) const override;
  void game_over(State& s, EndReason r, bool won) const override { base_->game_over(s, r, won); }
  int shared_score(const State& s) const override { return base_->shared_score(s); }
  void legal(const State& s, ActionList& out) const override;
  std::optional<std::string> apply(State& s, const Action& a) const override;
  bool cooperative() const override { return base_->cooperative(); }
  std::string spec_rules(const RuleSet& r) const override { return base_->spec_rules(r); }
  FollowerSpots followers(const RuleSet& r) const override;
  // The board hooks are the family's room's; a pass in an add-on's own phase is its owner's
  // to apply, and no add-on phase is a chance node.
  SegmentKind added_segment_kind(const State& s, int cell) const override {
    return base_->added_segment_kind(s, cell);
  }
  int unmatched_link(const State& s, int nb, int side, int k) const override {
    return base_->unmatched_link(s, nb, side, k);
  }
  bool takes_pass(Phase p) const override {
    return phase_owner_[static_cast<size_t>(p)] >= 0 || base_->takes_pass(p);
  }
  bool chance_phase(Phase p) const override {
    return phase_owner_[static_cast<size_t>(p)] < 0 && base_->chance_phase(p);
  }
  bool tracks_cells() const override { return tracks_cells_; }
  void cells_added(State& s, int first) const override {
    if (base_tracks_cells_)
      base_and_chained_cells_added(s, first);
    else if (live(s, kCellsAdded))
      chained_cells_added(s, first);
  }
  void piles_passed(State& s, int pile) const override { base_->piles_passed(s, pile); }
  int city_farm_value(const State& s, int root) const override {
    return base_->city_farm_value(s, root);
  }
  uint8_t hidden_seals(const Switches& sw) const override { return base_->hidden_seals(sw); }
  std::string hidden_only_refusal() const override { return base_->hidden_only_refusal(); }
  bool centre_sealed(const State& s, int cell) const override {
    return base_->centre_sealed(s, cell);
  }
  bool own_centre_finished(const State& s, int cell) const override {
    return base_->own_centre_finished(s, cell);
  }

 private:
  friend class ChainRest;
  struct Link {
    const AddOn* add_on;
    int index;     // its place in the rule set's `rooms:`
    uint64_t bit;  // its bit in State::retired_links (link_bit)
  };
  enum Hook : int {
    kSetup,
    kDrawDue,
    kDrawn,
    kUnplaceable,
    kPlacement,
    kMeeple,
    kAfterPlace,
    kAfterMeeple,
    kFeatureValue,
    kFinalScoring,
    kFollowers,
    kCellsAdded,
    kHooks
  };
  // Add-on `index`'s link for hook `k` as a bit of State::retired_links: kHooks bits an
  // add-on, so a chain holds at most kMaxRooms add-ons (the constructor refuses more).
  static_assert(kMaxRooms * kHooks <= 64, "State::retired_links holds every link's bit");
  static uint64_t link_bit(int index, int k) { return 1ull << (index * kHooks + k); }
  // Whether some add-on's link for hook `k` has not been retired in `s`.
  bool live(const State& s, Hook k) const {
    return (live_[static_cast<size_t>(k)] & ~s.retired_links()) != 0;
  }
  void retire(State& s, int index, uint32_t hooks) const;  // ChainRest::retire
  bool chained_meeple_allowed(const State& s, int seg) const;
  // Out of line, so that the inline test before them costs no register saves.
  [[gnu::noinline]] void chained_cells_added(State& s, int first) const;
  [[gnu::noinline]] void base_and_chained_cells_added(State& s, int first) const;
  // The chained hooks from add-on `from` on (ChainRest hands back with from = its index + 1).
  void draw_due_from(State& s, int from) const;
  bool drawn_from(State& s, TileId t, int from) const;
  void unplaceable_from(State& s, TileId t, int from) const;
  void after_place_from(State& s, bool extended_bank, int from) const;
  void after_meeple_from(State& s, int from) const;
  ChainRest rest_after(int index) const { return ChainRest(*this, index + 1); }
  const AddOn* owner(int8_t index) const {
    return index < 0 ? nullptr : add_ons_[static_cast<size_t>(index)].get();
  }

  std::shared_ptr<const RuleSystem> base_;
  std::vector<std::shared_ptr<const AddOn>> add_ons_;
  std::array<std::vector<Link>, kHooks> links_;  // per hook, the add-ons filling it, in order
  std::array<uint64_t, kHooks> live_{};          // per hook, its links' bits
  bool base_restricts_ = false;
  bool base_tracks_cells_ = false;
  bool tracks_cells_ = false;  // the family's room or an add-on keeps step with the cells
  bool restricts_ = false;
  bool adds_ = false;
  int8_t placer_ = -1;                    // the add-on adding placements, or -1
  std::array<int8_t, 256> phase_owner_;   // by Phase value: the owning add-on, or -1
  std::array<int8_t, 256> action_owner_;  // by ActionKind value
};

}  // namespace carcheck
