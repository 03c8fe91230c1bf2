// engine/grid_plane.h: a square of which only a band of rows is live. What lies outside the
// band reads as empty, a copy carries the band only, and two planes compare entry for entry
// whatever their bands.
#include <gtest/gtest.h>

#include <cstdint>

#include "engine/grid_plane.h"

namespace carcheck {
namespace {

using Plane = GridPlane<int16_t, int16_t{-1}>;
constexpr int kDim = 10;
size_t at(int col, int row) { return static_cast<size_t>(row) * kDim + static_cast<size_t>(col); }

TEST(GridPlane, ANewPlaneReadsEmptyEverywhere) {
  const Plane p(kDim);
  EXPECT_EQ(p.band_begin(), p.band_end());
  for (int row = -1; row <= kDim; ++row)
    for (int col = -1; col <= kDim; ++col) EXPECT_EQ(p.at_or_empty(col, row), -1);
  EXPECT_EQ(p.value(at(4, 4)), -1);
}

TEST(GridPlane, TheBandGrowsWithItsNewRowsEmptyAndKeepsWhatItHeld) {
  Plane p(kDim);
  p.cover_rows(3, 4);
  EXPECT_EQ(p.at_or_empty(1, 3), -1);
  p[at(1, 3)] = 7;
  EXPECT_EQ(p.at_or_empty(1, 3), 7);
  EXPECT_EQ(p.at_or_empty(1, 5), -1);  // below the band
  p.cover_rows(2, 6);
  EXPECT_EQ(p.at_or_empty(1, 3), 7);
  EXPECT_EQ(p.at_or_empty(1, 2), -1);
  EXPECT_EQ(p.at_or_empty(9, 6), -1);
  EXPECT_EQ(p.band_begin(), at(0, 2));
  EXPECT_EQ(p.band_end(), at(0, 7));
}

TEST(GridPlane, ACopyIsEqualAndIndependent) {
  Plane a(kDim);
  a.cover_rows(4, 5);
  a[at(2, 4)] = 3;
  Plane b = a;
  EXPECT_TRUE(b.same_entries(a));
  EXPECT_EQ(b.at_or_empty(2, 4), 3);
  b[at(2, 4)] = 8;
  EXPECT_FALSE(b.same_entries(a));
  EXPECT_EQ(a.at_or_empty(2, 4), 3);
}

// Assigning over a plane whose band was wider: what it held outside the new band is gone.
TEST(GridPlane, AssignmentOverAWiderBandLeavesNothingBehind) {
  Plane wide(kDim);
  wide.cover_rows(0, 8);
  wide[at(5, 8)] = 9;
  Plane narrow(kDim);
  narrow.cover_rows(4, 4);
  narrow[at(0, 4)] = 1;
  wide = narrow;
  EXPECT_EQ(wide.at_or_empty(5, 8), -1);
  EXPECT_EQ(wide.value(at(5, 8)), -1);
  EXPECT_EQ(wide.at_or_empty(0, 4), 1);
  EXPECT_TRUE(wide.same_entries(narrow));
}

TEST(GridPlane, PlanesWithOtherBandsCompareEntryForEntry) {
  Plane p(kDim), q(kDim);
  p.cover_rows(2, 3);
  q.cover_rows(5, 6);
  EXPECT_TRUE(p.same_entries(q));  // both empty everywhere
  q[at(3, 5)] = 2;
  EXPECT_FALSE(p.same_entries(q));
  EXPECT_FALSE(q.same_entries(p));
  p.cover_rows(2, 5);
  p[at(3, 5)] = 2;
  EXPECT_TRUE(p.same_entries(q));
}

}  // namespace
}  // namespace carcheck
