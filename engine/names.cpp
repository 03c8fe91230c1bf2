// Names of enums, for events, refusals, renderings and the spec language.
#include <string>

#include "engine/action.h"
#include "engine/state.h"

namespace carcheck {

namespace {

// Read from the emit() calls of the rule steps; a new kind or a new use of a field is
// written here. `who` of Scored is a player in competitive games, a track in Mists; its
// `extra` is the colour whose meeples scored.
constexpr EventFields kEvents[kEventKindCount] = {
    {"tile-drawn", "player", false, "tile", nullptr},
    {"tile-set-aside", "player", false, "tile", nullptr},
    {"tile-placed", "player", true, "tile", "rotation"},
    {"meeple-placed", "colour", true, "segment", nullptr},
    {"feature-finished", nullptr, false, nullptr, nullptr},
    {"scored", "player or track", true, "points", "colour"},
    {"meeple-returned", "colour", true, nullptr, nullptr},
    {"ghosts-placed", nullptr, true, "ghosts", nullptr},
    {"ghosts-removed", nullptr, true, "ghosts", nullptr},
    {"bank-finished", nullptr, true, "ghosts removed", "tiles"},
    {"cemetery-closed", nullptr, true, nullptr, nullptr},
    {"meeple-buried", "colour", true, "meeple", nullptr},
    {"hound-placed", "colour", true, "hound", nullptr},
    {"hound-lost", nullptr, false, "hound", nullptr},
    {"hound-scored", "colour", false, "points", nullptr},
    {"hound-removed", "colour", false, nullptr, nullptr},
    {"pile-switched", nullptr, false, "pile", "tiles moved"},
    {"face-down-placed", nullptr, true, "tile", nullptr},
    {"game-won", nullptr, false, "score", "end reason"},
    {"game-lost", nullptr, false, "score", "end reason"},
    {"game-ended", nullptr, false, nullptr, "end reason"},
    {"final-scored", "player", true, "points", "colour"},
};
static_assert(static_cast<int>(EventKind::FinalScored) + 1 == kEventKindCount);

}  // namespace

const EventFields& event_fields(EventKind k) { return kEvents[static_cast<int>(k)]; }

const char* event_name(EventKind k) { return event_fields(k).name; }

std::string describe(const Event& e) {
  const EventFields& f = event_fields(e.kind);
  std::string out = f.name;
  if (e.feature != FeatureClass::None) out += std::string(" ") + feature_class_name(e.feature);
  std::string sep = ": ";
  auto field = [&](const char* what, int v) {
    if (!what) return;
    out += sep + what + " " + std::to_string(v);
    sep = ", ";
  };
  field(f.who, e.who);
  if (f.at) {
    out += sep + "at " + std::to_string(e.x) + "," + std::to_string(e.y);
    sep = ", ";
  }
  field(f.value, e.value);
  field(f.extra, e.extra);
  return out;
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
