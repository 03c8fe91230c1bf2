// Engine hygiene (issue 17, section 5): the action buffer refuses to drop an action, every
// event kind says what its fields mean, a hound's points have a class of their own.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/state.h"

namespace carcheck {
namespace {

// A list with more than kMaxActions choices is a bug to stop at, never a silent drop.
TEST(EngineHygiene, ActionListOverflowAborts) {
  EXPECT_DEATH(
      {
        ActionList list;
        Action a;
        for (int i = 0; i <= kMaxActions; ++i) list.push(a);
      },
      "more than 4096 legal actions");
}

TEST(EngineHygiene, EveryEventKindHasANameAndSaysWhatItsFieldsMean) {
  std::set<std::string> names;
  for (int k = 0; k < kEventKindCount; ++k) {
    const EventFields& f = event_fields(static_cast<EventKind>(k));
    ASSERT_NE(f.name, nullptr) << k;
    EXPECT_EQ(std::string(event_name(static_cast<EventKind>(k))), f.name);
    names.insert(f.name);
  }
  EXPECT_EQ(static_cast<int>(names.size()), kEventKindCount) << "names are distinct";
  // Seed 001: a player's points carry where and how many; TilePlaced its tile and rotation.
  EXPECT_STREQ(event_fields(EventKind::Scored).value, "points");
  EXPECT_STREQ(event_fields(EventKind::TilePlaced).extra, "rotation");
  EXPECT_EQ(event_fields(EventKind::CemeteryClosed).who, nullptr);
}

TEST(EngineHygiene, DescribeNamesEachFieldTheKindUses) {
  Event e;
  e.kind = EventKind::PileSwitched;
  e.value = 2;
  e.extra = 7;
  EXPECT_EQ(describe(e), "pile-switched: pile 2, tiles moved 7");
  e = Event{};
  e.kind = EventKind::GhostsPlaced;
  e.feature = FeatureClass::Cemetery;
  e.x = 1;
  e.y = -2;
  e.value = 1;
  EXPECT_EQ(describe(e), "ghosts-placed cemetery: at 1,-2, ghosts 1");
}

// Hound points (Dized.MoC.0022) are no feature's: their own column, named for specs.
TEST(EngineHygiene, HoundPointsHaveTheirOwnClass) {
  EXPECT_STREQ(feature_class_name(FeatureClass::Hound), "hound");
  EXPECT_LT(static_cast<int>(FeatureClass::Hound), kScoreClasses);
  EXPECT_EQ(static_cast<int>(FeatureClass::None), kScoreClasses) << "None holds no points";
  // segment_node and mist_node: a cell's segments, then its mist areas, never overlapping.
  EXPECT_EQ(segment_node(3, 0), node_count(3));
  EXPECT_EQ(mist_node(3, 0), segment_node(3, kMaxSegments));
  EXPECT_EQ(node_cell(mist_node(5, 1)), 5);
  EXPECT_EQ(node_mist_area(mist_node(5, 1)), 1);
}

}  // namespace
}  // namespace carcheck
