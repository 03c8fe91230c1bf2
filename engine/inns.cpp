// Inns & Cathedrals (C1): the values of roads with an inn and cities with a cathedral, and the
// large follower in each colour's supply. Sources: river-inns-rules.md S12-S17 (the large
// follower counts 2 in majorities and never adds points: the shared scoring reads
// Meeple::weight; here only its supply).
#include "engine/inns.h"

#include "engine/rules_impl.h"

namespace carcheck {
namespace {

class InnsCathedrals final : public AddOn {
 public:
  // Over the base game (and, as the first edition allows, with Bridges, Castles and Bazaars).
  bool combines_with(Family f) const override { return f == Family::Base || f == Family::Bcb; }
  uint32_t hooks() const override { return add_on_hooks::kFeatureValue | add_on_hooks::kSeating; }

  // S17: each player adds the large follower of his colour to his supply (7 + 1 large).
  void seat(const RuleSet&, int, Seating& seats) const override {
    ++seats.meeples_per_colour;
    ++seats.large_per_colour;
  }

  // S13, S14: a finished road with one or more inns scores 2 a tile, a finished city with one
  // or both cathedrals 3 a tile and 3 a coat of arms; unfinished at the end, either scores 0.
  // An inn belongs to the one road segment it stands beside (kSegInn on that segment, S12).
  int feature_value(const State& s, const PendingScore& p, bool, int value) const override {
    if (p.feature != FeatureClass::Road && p.feature != FeatureClass::City) return value;
    const int root = Rules::find_const(s, p.node);
    const uint8_t flags = Rules::region_flags(s, root);
    const bool finished = s.region_finished(root);
    if (p.feature == FeatureClass::Road && (flags & kSegInn))
      return finished ? 2 * s.region_tiles(root) : 0;
    if (p.feature == FeatureClass::City && (flags & kSegCathedral))
      return finished ? 3 * (s.region_tiles(root) + Rules::region_shields(s, root)) : 0;
    return value;
  }
};

}  // namespace

std::shared_ptr<const AddOn> inns_cathedrals_add_on() {
  static const auto room = std::make_shared<const InnsCathedrals>();
  return room;
}

}  // namespace carcheck
