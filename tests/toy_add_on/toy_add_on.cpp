// The toy add-on rooms (toy_add_on.h): each a few lines over engine/add_on.h.
#include "toy_add_on.h"

#include <memory>
#include <string>

#include "engine/add_on.h"
#include "engine/state.h"

namespace carcheck::toy {
namespace {

using namespace add_on_hooks;

bool over_competitive(Family f) {
  return f == Family::Base || f == Family::Pnp || f == Family::Bcb;
}

// No follower on a monastery: a restriction of the meeple step, and the followers' kinds the
// invariant checker holds every meeple to.
class NoMonks final : public AddOn {
 public:
  bool combines_with(Family f) const override { return over_competitive(f); }
  uint32_t hooks() const override { return kMeeple | kFollowers; }
  bool meeple_allowed(const State& s, int seg) const override {
    return s.face(s.new_cell()).segments[seg].kind != SegmentKind::Monastery;
  }
  std::string meeple_refusal(const State&, int) const override {
    return "no follower goes on a monastery (the toy room)";
  }
  void followers(const RuleSet&, FollowerSpots& spots) const override {
    spots.kinds &= ~(1u << static_cast<int>(SegmentKind::Monastery));
    spots.rule = "no follower on a monastery (the toy room)";
  }
};

class DoubleRoads final : public AddOn {
 public:
  bool combines_with(Family f) const override { return over_competitive(f); }
  uint32_t hooks() const override { return kFeatureValue; }
  int feature_value(const State&, const PendingScore& p, bool, int value) const override {
    return p.feature == FeatureClass::Road ? 2 * value : value;
  }
};

class RoadBonus final : public AddOn {
 public:
  bool combines_with(Family f) const override { return f == Family::Base; }
  uint32_t hooks() const override { return kFeatureValue; }
  int feature_value(const State& s, const PendingScore& p, bool, int value) const override {
    return p.feature == FeatureClass::Road ? value + s.region_tiles(p.node) : value;
  }
};

class NoWest final : public AddOn {
 public:
  bool combines_with(Family f) const override { return over_competitive(f); }
  uint32_t hooks() const override { return kPlacement; }
  bool restricts_placement(const Switches&) const override { return true; }
  bool placement_allowed(const State&, TileId, int x, int y, int, std::string* why) const override {
    if (x >= kWestmostColumn) return true;
    if (why)
      *why = "space " + std::to_string(x) + "," + std::to_string(y) + " is west of column " +
             std::to_string(kWestmostColumn) + " (no-west: nothing goes west of it)";
    return false;
  }
};

template <typename Room>
AddOnFactory shared() {
  return [] {
    static const auto room = std::make_shared<const Room>();
    return room;
  };
}

}  // namespace

void register_toy_add_ons() {
  static bool done = false;
  if (done) return;
  done = true;
  register_add_on("toy", shared<NoMonks>());
  register_add_on("double-roads", shared<DoubleRoads>());
  register_add_on("road-bonus", shared<RoadBonus>());
  register_add_on("no-west", shared<NoWest>());
}

}  // namespace carcheck::toy
