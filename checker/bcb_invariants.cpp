// Bridges, Castles and Bazaars' invariants (checker/room_invariants.h): bridges and castle
// tokens are neither made nor lost.
#include <span>

#include "checker/bcb_geometry.h"
#include "checker/room_invariants.h"

namespace carcheck {

namespace {

// Seed 003 "Pregătire": 3 of each per player with 2-4 players, 2 with 5-6: supply + board =
// the players' share. A rule set that gives none has none to conserve (and no board walk).
std::optional<std::string> bcb_conservation(const State& s, const BoardCounts&) {
  const RuleSet& r = s.game().rules();
  const int players = s.game().players();
  const bool few = players <= 4;
  const int want_bridges = players * (few ? r.bridges_per_player_2_4 : r.bridges_per_player_5_6);
  const int want_tokens = players * (few ? r.castles_per_player_2_4 : r.castles_per_player_5_6);
  if (want_bridges == 0 && want_tokens == 0) return std::nullopt;
  int bridges = 0, tokens = 0;
  for (int p = 0; p < players; ++p) {
    const int b = s.bcb().bridges[static_cast<size_t>(p)];
    const int t = s.bcb().castle_tokens[static_cast<size_t>(p)];
    if (b < 0 || t < 0) return "bcb: a negative supply of bridges or castle tokens";
    bridges += b;
    tokens += t;
  }
  for (int c = 0; c < s.cells(); ++c) bridges += bridge_axis_at(s, c) >= 0;
  tokens += s.bcb().castle_count;
  if (bridges != want_bridges)
    return "bcb: bridges not conserved: supply + board = " + std::to_string(bridges) + ", not " +
           std::to_string(want_bridges);
  if (tokens != want_tokens)
    return "bcb: castle tokens not conserved: supply + castles = " + std::to_string(tokens) +
           ", not " + std::to_string(want_tokens);
  return std::nullopt;
}

constexpr RoomInvariant kInvariants[] = {
    {"bcb: bridge and castle-token conservation", bcb_conservation}};

}  // namespace

std::span<const RoomInvariant> bcb_invariants() { return kInvariants; }

}  // namespace carcheck
