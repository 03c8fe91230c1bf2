// The state only Bridges, Castles and Bazaars has (engine/bcb.cpp plays it). Fixed-size and
// allocation-free: State holds one inline, so a copy of any game stays one copy.
#pragma once

#include <array>
#include <cstdint>

namespace carcheck {

// A bridge spans its tile from the middle of one side to the middle of the opposite one
// (seed 003 "Podurile"; JCloisterZone's two bridge positions).
enum class BridgeAxis : uint8_t { NorthSouth, WestEast };
inline constexpr int kBridgeAxes = 2;
inline constexpr int kBcbMaxPlayers = 6;

struct BcbState {
  std::array<int8_t, kBcbMaxPlayers> bridges{};  // per player, in supply
  int16_t bridge_cell = -1;                      // the bridge built this turn (-1: none yet)
  bool bridge_after_meeple = false;  // bridge-timing=before-scoring: the late bridge step
};

}  // namespace carcheck
