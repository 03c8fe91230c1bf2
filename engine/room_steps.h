// The steps a room written outside the engine takes on a State from its hooks (a test's toy
// rule system): the engine's own rooms call Rules, State's friend (engine/rules_impl.h, an
// internal header), for the same. With its ids from engine/room_words.h, these are all such
// a room needs to run a phase of its own, score a class of its own and report its events.
#pragma once

#include "engine/state.h"

namespace carcheck {

struct RoomSteps {
  // The game waits in phase `p` (a registered phase: legal_actions() then asks the room's
  // RuleSystem::legal, apply() its RuleSystem::apply, `pass` included).
  static void set_phase(State& s, Phase p);
  // Score `who` (a player, or a Mists track) gains `points` under class `f`, and the total
  // with them. An event saying so is the room's to emit (RoomEvent::scores).
  static void award(State& s, int who, FeatureClass f, int points);
  // Reports `e` among the events of the action being applied.
  static void emit(State& s, const Event& e);
};

}  // namespace carcheck
