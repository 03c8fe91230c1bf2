// The one registry of the rooms' invariants and stateful checks.
#include "checker/room_invariants.h"

#include <vector>

namespace carcheck {

std::span<const RoomInvariant> bcb_invariants();
std::span<const RoomInvariant> inns_invariants();
std::span<const RoomInvariant> river_invariants();
std::span<const RoomCheckEntry> mists_checks();
std::span<const RoomCheckEntry> bcb_checks();

namespace {

std::vector<RoomInvariant>& registry() {
  static std::vector<RoomInvariant> all = [] {
    std::vector<RoomInvariant> v;
    for (std::span<const RoomInvariant> room :
         {bcb_invariants(), inns_invariants(), river_invariants()})
      v.insert(v.end(), room.begin(), room.end());
    return v;
  }();
  return all;
}

std::vector<RoomCheckEntry>& check_registry() {
  static std::vector<RoomCheckEntry> all = [] {
    std::vector<RoomCheckEntry> v;
    for (std::span<const RoomCheckEntry> room : {mists_checks(), bcb_checks()})
      v.insert(v.end(), room.begin(), room.end());
    return v;
  }();
  return all;
}

}  // namespace

std::span<const RoomInvariant> room_invariants() { return registry(); }

void register_room_invariant(const RoomInvariant& inv) { registry().push_back(inv); }

std::span<const RoomCheckEntry> room_checks() { return check_registry(); }

void register_room_check(const RoomCheckEntry& entry) { check_registry().push_back(entry); }

}  // namespace carcheck
