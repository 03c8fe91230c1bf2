#include "engine/room_steps.h"

#include "engine/rules_impl.h"

namespace carcheck {

void RoomSteps::set_phase(State& s, Phase p) { s.phase_ = p; }

void RoomSteps::award(State& s, int who, FeatureClass f, int points) {
  Rules::award(s, who, f, points);
}

void RoomSteps::emit(State& s, const Event& e) {
  Rules::emit(s, e.kind, e.feature, e.who, e.x, e.y, e.value, e.extra);
}

}  // namespace carcheck
