// The hooks' shared defaults and the one place a rule set's family picks its room.
#include "engine/rule_system.h"

#include <stdexcept>

#include "engine/bcb.h"
#include "engine/room_chain.h"
#include "engine/rules_impl.h"

namespace carcheck {

bool RuleSystem::placement_allowed(const State&, TileId, int, int, int, std::string*) const {
  return true;
}

std::optional<std::string> RuleSystem::placement_refusal(const State& s, TileId tile, int x, int y,
                                                         int rot) const {
  std::string why;
  if (placement_allowed(s, tile, x, y, rot, &why)) return std::nullopt;
  return why;
}

void RuleSystem::added_placements(const State&, TileId, ActionList&, int) const {}

std::optional<std::string> RuleSystem::place_with(State&, const Action&) const {
  return "this rule system places a tile with nothing else (Place takes no bridge)";
}

int RuleSystem::feature_value(const State& s, const PendingScore& p, bool final_scoring) const {
  return Rules::printed_value(s, p, final_scoring);
}

FollowerSpots RuleSystem::followers(const RuleSet& r) const {
  auto bit = [](SegmentKind k) { return 1u << static_cast<int>(k); };
  return {bit(SegmentKind::Road) | bit(SegmentKind::City) | bit(SegmentKind::Monastery) |
              (r.farmers ? bit(SegmentKind::Field) : 0u),
          "not allowed in this rule set"};
}

// ---- Board hooks: the defaults of a room that changes nothing of the board ------------------

SegmentKind RuleSystem::added_segment_kind(const State&, int) const {
  throw std::logic_error("added_segment_kind: this rule system adds no segment to a cell");
}

int RuleSystem::unmatched_link(const State&, int, int, int) const { return -1; }

bool RuleSystem::takes_pass(Phase) const { return false; }

bool RuleSystem::chance_phase(Phase) const { return false; }

void RuleSystem::cells_added(State&, int) const {}

void RuleSystem::piles_passed(State&, int) const {}

int RuleSystem::city_farm_value(const State&, int) const { return 3; }

std::string RuleSystem::hidden_only_refusal() const {
  return "the tile must also share a side with a tile that shows its face";
}

bool RuleSystem::centre_sealed(const State&, int) const { return false; }

bool RuleSystem::own_centre_finished(const State&, int) const { return false; }

namespace {

using namespace rule_set_keys;
constexpr FamilyEntry kFamilies[] = {
    {"base", Family::Base, kFollowers, false},
    {"pnp", Family::Pnp, kFollowers, false},
    {"bcb", Family::Bcb, kFollowers | kBridgesCastles, false},
    {"mists", Family::Mists, kLevel, true},
};

}  // namespace

std::span<const FamilyEntry> families() { return kFamilies; }

const FamilyEntry& family_entry(Family f) {
  for (const FamilyEntry& e : kFamilies)
    if (e.family == f) return e;
  throw std::invalid_argument("a rule system family the registry does not name");
}

namespace {

std::shared_ptr<const RuleSystem> family_room(const RuleSet& r) {
  switch (r.family) {
    case Family::Base:
    case Family::Pnp: {
      static const auto competitive = std::make_shared<const CompetitiveRules>();
      return competitive;
    }
    case Family::Mists:
      return mists_rules();
    case Family::Bcb:
      return bcb_rules();
  }
  throw std::invalid_argument("rule set " + r.name + " (" + r.title +
                              ") is not implemented in the engine");
}

}  // namespace

std::shared_ptr<const RuleSystem> rule_system_for(const RuleSet& r) {
  std::shared_ptr<const RuleSystem> room = family_room(r);
  if (r.rooms.empty()) return room;  // the shipped rule sets: no chain at all
  std::vector<std::shared_ptr<const AddOn>> add_ons;
  for (const std::string& name : r.rooms) {
    auto a = find_add_on(name);
    if (!a) {
      std::string known;
      for (const std::string& n : add_on_names()) known += (known.empty() ? "" : ", ") + n;
      throw std::invalid_argument(
          "rule set " + r.name + " names add-on room '" + name +
          "', which is not registered (registered: " + (known.empty() ? "none" : known) + ")");
    }
    add_ons.push_back(std::move(a));
  }
  return std::make_shared<const RoomChain>(std::move(room), r, std::move(add_ons));
}

}  // namespace carcheck
