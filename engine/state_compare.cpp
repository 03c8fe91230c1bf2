// State::first_difference: the determinism check's comparison of two states, field by field
// and without text. It covers exactly what State::snapshot() writes (engine/setup.cpp), in the
// same order, so that equal snapshots and no difference mean the same thing; a field added to
// State belongs in both.
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "engine/state.h"

namespace carcheck {

namespace {

bool same(const PlacedCell& a, const PlacedCell& b) {
  return a.tile == b.tile && a.rot == b.rot && a.index == b.index && a.x == b.x && a.y == b.y &&
         a.hidden == b.hidden && a.placement == b.placement && a.n8 == b.n8 && a.sides == b.sides &&
         a.added == b.added;
}

bool same(const RegionNode& a, const RegionNode& b) {
  return a.parent == b.parent && a.next == b.next && a.open == b.open && a.meeples == b.meeples &&
         a.sealed == b.sealed;
}

bool same(const Meeple& a, const Meeple& b) {
  return a.colour == b.colour && a.cell == b.cell && a.seg == b.seg && a.in_play == b.in_play &&
         a.weight == b.weight;
}

bool same(const Score& a, const Score& b) {
  return a.total == b.total && a.by_feature == b.by_feature;
}

bool same(const Event& a, const Event& b) {
  return a.kind == b.kind && a.feature == b.feature && a.who == b.who && a.x == b.x && a.y == b.y &&
         a.value == b.value && a.extra == b.extra;
}

template <class T>
bool same(const std::vector<T>& a, const std::vector<T>& b) {
  if constexpr (requires(const T& x) { x == x; })
    return a == b;
  else
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const T& x, const T& y) { return same(x, y); });
}

// Union-find nodes as the snapshot lists them: only those in use (parent >= 0).
bool same_nodes(const std::vector<RegionNode>& a, const std::vector<RegionNode>& b) {
  static_assert(std::has_unique_object_representations_v<RegionNode>);
  if (a.size() == b.size() && !std::memcmp(a.data(), b.data(), a.size() * sizeof(RegionNode)))
    return true;  // the usual case, without a branch per node
  const size_t n = std::max(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    bool in_a = i < a.size() && a[i].parent >= 0, in_b = i < b.size() && b[i].parent >= 0;
    if (in_a != in_b || (in_a && !same(a[i], b[i]))) return false;
  }
  return true;
}

}  // namespace

const char* State::first_difference(const State& o) const {
  if (game_ != o.game_ &&
      (game_->rules().name != o.game_->rules().name || game_->players() != o.game_->players()))
    return "game";
  if (seed_ != o.seed_) return "seed";
  if (rng_.state() != o.rng_.state()) return "rng";
  if (phase_ != o.phase_ || player_ != o.player_ || turn_ != o.turn_ || drawn_ != o.drawn_ ||
      step_ != o.step_ || new_cell_ != o.new_cell_)
    return "turn";
  if (grid_dim_ != o.grid_dim_ || grid_origin_ != o.grid_origin_ || placements_ != o.placements_)
    return "grid";
  // The frontier first: grid_ holds each frontier space's slot too (state.h).
  if (!same(frontier_, o.frontier_)) return "frontier";
  if (!grid_.same_entries(o.grid_)) return "taken";
  if (!space_needs_.same_entries(o.space_needs_)) return "needs";
  if (active_pile_ != o.active_pile_ || !same(piles_, o.piles_)) return "pile";
  if (!same(set_aside_, o.set_aside_)) return "aside";
  if (!same(cells_, o.cells_) || !same(mists_.cells, o.mists_.cells)) return "cell";
  if (!(river_ == o.river_)) return "river";  // kept in step with the cells: a check of it
  if (!same_nodes(nodes_, o.nodes_)) return "node";
  if (!same(meeples_, o.meeples_)) return "meeple";
  if (!same(scores_, o.scores_)) return "score";
  if (!(bcb_ == o.bcb_) || decider_ != o.decider_) return "bcb";
  if (mists_.ghost_supply != o.mists_.ghost_supply || mists_.ghost_box != o.mists_.ghost_box ||
      mists_.thresholds_passed != o.mists_.thresholds_passed)
    return "ghosts";
  if (!same(mists_.hounds, o.mists_.hounds)) return "hound";
  if (pending_index_ != o.pending_index_ || !same(pending_, o.pending_)) return "pending";
  if (!same(mists_.bury_queue, o.mists_.bury_queue)) return "bury-queue";
  if (mists_.hound_active != o.mists_.hound_active ||
      mists_.hound_clears_left != o.mists_.hound_clears_left ||
      mists_.hound_first_clear != o.mists_.hound_first_clear ||
      mists_.hound_surround_clear != o.mists_.hound_surround_clear)
    return "hound-active";
  if (mists_.bank_finished_this_turn != o.mists_.bank_finished_this_turn ||
      mists_.extended_bank != o.mists_.extended_bank || mists_.score_sub != o.mists_.score_sub ||
      mists_.order_chosen != o.mists_.order_chosen)
    return "bank-finished";
  if (!same(mists_.track_queue, o.mists_.track_queue)) return "track-queue";
  if (!(mists_.scorers == o.mists_.scorers) || mists_.ghosts_placed != o.mists_.ghosts_placed ||
      mists_.haunt_next != o.mists_.haunt_next || mists_.haunt_cell != o.mists_.haunt_cell)
    return "scorers";
  if (end_reason_ != o.end_reason_ || won_ != o.won_) return "end";
  if (!same(events_, o.events_)) return "event";
  if (!same(history_, o.history_)) return "action";
  return nullptr;
}

}  // namespace carcheck
