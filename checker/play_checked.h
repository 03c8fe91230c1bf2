// A game played to its end by a policy, with every invariant checked after every action.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "checker/game_start.h"
#include "checker/invariants.h"
#include "checker/policies.h"
#include "engine/room_words.h"

namespace carcheck {

inline constexpr int kEventKinds = kEventKindCount;  // every event kind the engine has
// A game counts the events of rooms registered outside the engine too (engine/room_words.h:
// their kinds come after kRoomIdBase).
inline constexpr int kCountedEventKinds = kRoomIdBase + kMaxRoomIds;

struct CheckedGame {
  std::optional<std::string> failure;  // the first broken invariant
  int64_t actions = 0;
  std::array<int64_t, kCountedEventKinds> events{};  // how often each event happened (coverage)
};

// `s` is a fresh State of `from.seed`: applies the head start, plays the game to its end, every
// choice made by `choose` among legal_actions(), and checks the invariants after every action.
// Draws are choices too when `draws_by_choice` (one option per distinct tile, so a shrinker can
// steer them); otherwise the pile's top tile (uniform). `s` is left where the game ended or failed.
CheckedGame play_checked(State& s, const GameStart& from, const Choose& choose,
                         bool draws_by_choice, CheckOptions o = {});

}  // namespace carcheck
