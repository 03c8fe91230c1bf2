// The one registry of the rooms' invariants.
#include "checker/room_invariants.h"

#include <vector>

namespace carcheck {

std::span<const RoomInvariant> mists_invariants();
std::span<const RoomInvariant> bcb_invariants();

namespace {

std::vector<RoomInvariant>& registry() {
  static std::vector<RoomInvariant> all = [] {
    std::vector<RoomInvariant> v;
    for (std::span<const RoomInvariant> room : {mists_invariants(), bcb_invariants()})
      v.insert(v.end(), room.begin(), room.end());
    return v;
  }();
  return all;
}

}  // namespace

std::span<const RoomInvariant> room_invariants() { return registry(); }

void register_room_invariant(const RoomInvariant& inv) { registry().push_back(inv); }

}  // namespace carcheck
