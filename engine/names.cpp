// Names of enums, for events, refusals, renderings and the spec language.
#include "engine/action.h"
#include "engine/state.h"

namespace carcheck {

const char* event_name(EventKind k) {
  static const char* names[] = {
      "tile-drawn",       "tile-set-aside",   "tile-placed",     "meeple-placed",
      "feature-finished", "scored",           "meeple-returned", "ghosts-placed",
      "ghosts-removed",   "bank-finished",    "cemetery-closed", "meeple-buried",
      "hound-placed",     "hound-lost",       "hound-scored",    "hound-removed",
      "pile-switched",    "face-down-placed", "game-won",        "game-lost",
      "game-ended",       "final-scored"};
  return names[static_cast<int>(k)];
}

const char* feature_class_name(FeatureClass f) {
  static const char* names[] = {"road",     "city",      "monastery", "field", "castle",
                                "cemetery", "mist-bank", "hound",     "none"};
  return names[static_cast<int>(f)];
}

const char* end_reason_text(EndReason r) {
  switch (r) {
    case EndReason::None:
      return "none";
    case EndReason::GoalReached:
      return "goal-reached";
    case EndReason::TilesExhausted:
      return "no-tiles-left";
    case EndReason::GhostSupplyShort:
      return "ghost-supply-short";
    case EndReason::PileBelowThreshold:
      return "pile-out-below-threshold";
    case EndReason::AllTilesPlayed:
      return "all-tiles-played";
  }
  return "?";
}

const char* phase_name(Phase p) {
  static const char* names[] = {"draw",           "place",     "meeple",      "score-choice",
                                "extra-ghost",    "bury",      "hound-place", "hound-clear",
                                "face-down-draw", "face-down", "track",       "over"};
  return names[static_cast<int>(p)];
}

}  // namespace carcheck
