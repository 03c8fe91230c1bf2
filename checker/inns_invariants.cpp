// Inns & Cathedrals' invariant (checker/room_invariants.h): large-follower conservation. Each
// player adds the large follower of his colour to his supply (river-inns-rules.md S17, "Contents
// and setup"): with the room, every colour has exactly one, in its supply or on a feature of the
// board, never made, lost or turned into a normal follower; without it, none. Read from the
// public State and the rule set's `rooms:`, never from the room's own code.
#include <algorithm>
#include <array>
#include <span>
#include <string>

#include "checker/room_invariants.h"

namespace carcheck {

namespace {

using Fail = std::optional<std::string>;

Fail large_follower_conservation(const State& s, const BoardCounts&) {
  const std::vector<std::string>& rooms = s.game().rules().rooms;
  const int want = static_cast<int>(std::count(rooms.begin(), rooms.end(), "inns-cathedrals"));
  std::array<int, kMaxColours> large{};
  for (const Meeple& m : s.meeples()) {
    if (m.weight != 1 && m.weight != 2)
      return "inns: a meeple of " + std::string(s.game().colour_name(m.colour)) + " counts as " +
             std::to_string(m.weight) + " followers (1, or 2 for the large one)";
    if (m.weight != 2) continue;
    ++large[static_cast<size_t>(m.colour)];
    if (!m.on_feature() && m.cell >= 0)
      return "inns: the " + std::string(s.game().colour_name(m.colour)) +
             " large follower is held on a cell on no feature (it is in supply or on a feature)";
  }
  for (int c = 0; c < s.game().colours(); ++c)
    if (large[static_cast<size_t>(c)] != want)
      return "inns: large followers not conserved: " + std::string(s.game().colour_name(c)) +
             " has " + std::to_string(large[static_cast<size_t>(c)]) +
             " (in supply and on the board), not " + std::to_string(want);
  return std::nullopt;
}

constexpr RoomInvariant kInvariants[] = {
    {"inns: large-follower conservation", large_follower_conservation}};

}  // namespace

std::span<const RoomInvariant> inns_invariants() { return kInvariants; }

}  // namespace carcheck
