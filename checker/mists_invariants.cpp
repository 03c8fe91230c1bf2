// Mists' invariants (checker/room_invariants.h): ghosts are neither made nor lost.
#include <span>

#include "checker/room_invariants.h"

namespace carcheck {

namespace {

// Supply + board + box = the rule set's total, the box holding the level's share (seed 004
// "Spelvoorbereiding"). A rule set without ghosts has a total of 0: none anywhere.
std::optional<std::string> ghost_conservation(const State& s, const BoardCounts& board) {
  const RuleSet& r = s.game().rules();
  if (s.mists().ghost_supply < 0)
    return "ghosts: the supply is negative (" + std::to_string(s.mists().ghost_supply) + ")";
  if (s.mists().ghost_box != r.ghosts_total - r.ghosts_in_play)
    return "ghosts: the box holds " + std::to_string(s.mists().ghost_box) + ", the level puts " +
           std::to_string(r.ghosts_total - r.ghosts_in_play) + " there";
  const int sum = s.mists().ghost_supply + board.ghosts + s.mists().ghost_box;
  if (sum != r.ghosts_total)
    return r.ghosts_total == 0
               ? std::string("ghosts in a game without ghosts")
               : "ghosts not conserved: supply " + std::to_string(s.mists().ghost_supply) +
                     " + board " + std::to_string(board.ghosts) + " + box " +
                     std::to_string(s.mists().ghost_box) + " = " + std::to_string(sum) + ", not " +
                     std::to_string(r.ghosts_total);
  return std::nullopt;
}

constexpr RoomInvariant kInvariants[] = {{"mists: ghost conservation", ghost_conservation}};

}  // namespace

std::span<const RoomInvariant> mists_invariants() { return kInvariants; }

}  // namespace carcheck
