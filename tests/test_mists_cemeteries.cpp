// Mists over Carcassonne: cemeteries. Levels 2-4 (seed 004 Level 2 "Kerkhoven" 1b, 2a, 2b;
// Dized.MoC.0025-0028, FAQ.MoC.0003, footnotes 17-19) and the haunted cemeteries of Levels 5-6
// (Level 5 "Het spookt op het kerkhof", Dized.MoC.0015-0021, footnotes 26-27), on hand-built
// boards (tests/test_mists_table.h).
#include "test_mists_table.h"

namespace carcheck::mists_test {
namespace {

// ---- Levels 2-4 ----------------------------------------------------------------------------

// Cemetery (0,2) with (-1,2) and (1,2) in place: (0,3) is its 4th orthogonal side.
void cemetery_below_start(Table& t) {
  t.put("G", 0, 2);
  t.put("F", -1, 2);
  t.put("F", 1, 2);
}

// "Zodra een kerkhof aan alle vier de zijden ... een buurtegel heeft, moeten jullie een meeple
// begraven ... Verwijder daarna alle spoken van de kerkhoftegel" (Dized.MoC.0027, 0028: 4, not
// 8). The one meeple on the board is buried; the 2 ghosts on the cemetery go to the supply.
TEST(MistsCemeteries, FourOrthogonalSidesBuryAMeepleAndClearTheGhosts) {
  for (int level : {2, 3, 4}) {
    SCOPED_TRACE("level " + std::to_string(level));
    Table t(level, 3);
    cemetery_below_start(t);
    t.ghosts(0, 2, 2, kCemeterySlot);
    int red = t.meeple(kRed, 0, 0, SegmentKind::Road);
    int supply = t.s().mists().ghost_supply;
    if (level >= 3) t.pile(0, {"R", "F"});
    t.play("F", 0, 3, 0);
    EXPECT_EQ(t.count(EventKind::CemeteryClosed), 1);
    EXPECT_EQ(t.count(EventKind::MeepleBuried), 1);
    const Meeple& m = t.s().meeples()[static_cast<size_t>(red)];
    EXPECT_TRUE(is_buried(m));
    EXPECT_EQ(m.cell, t.cell(0, 2));
    EXPECT_EQ(t.ghosts_at(0, 2), 0);
    EXPECT_EQ(t.s().mists().ghost_supply, supply + 2);
    EXPECT_EQ(t.in_supply(kRed), 4);  // "Vanaf nu speelt geel met één meeple minder"
    t.act("pass");
    EXPECT_EQ(t.in_supply(kRed), 4);
  }
}

// Diagonal neighbours do not close a Levels 2-4 cemetery.
TEST(MistsCemeteries, DiagonalsDoNotCloseLevels2To4) {
  Table t(2, 3);
  cemetery_below_start(t);
  t.put("F", -1, 3);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.play("F", 1, 3, 0);  // 7 of 8 neighbours, but (0,3) is still open
  EXPECT_EQ(t.count(EventKind::CemeteryClosed), 0);
  EXPECT_EQ(t.in_supply(kRed), 4);
}

// Several meeples on the board: the team chooses which one is buried.
TEST(MistsCemeteries, TheTeamChoosesWhichMeepleIsBuried) {
  Table t(2, 3);
  cemetery_below_start(t);
  t.put("C", 0, -1, 0);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  int blue = t.meeple(kBlue, 0, -1, SegmentKind::City);
  t.play("F", 0, 3, 0);
  ASSERT_EQ(t.s().phase(), Phase::Bury);
  EXPECT_EQ(t.legal_count(ActionKind::Bury), 2);  // board meeples only while there are any
  EXPECT_NE(t.refusal("bury green@supply"), "");
  t.act("bury blue@0,-1");
  EXPECT_TRUE(is_buried(t.s().meeples()[static_cast<size_t>(blue)]));
  EXPECT_EQ(t.in_supply(kRed), 4);
  EXPECT_EQ(t.s().phase(), Phase::Meeple);
}

// Dized.MoC.0026: no meeple on the board: one from the supply. bury-supply=active-player
// (default): the active player's; bury-supply=any-player: any player's, the team's choice.
TEST(MistsCemeteries, NoMeepleOnTheBoardBuriesOneFromASupply) {
  {
    Table t(2, 3);
    cemetery_below_start(t);
    ASSERT_EQ(t.s().current_player(), 0);
    t.play("F", 0, 3, 0);
    EXPECT_EQ(t.count(EventKind::MeepleBuried), 1);
    EXPECT_EQ(t.in_supply(kRed), 4);
    EXPECT_EQ(t.in_supply(kGreen), 5);
  }
  {
    Table t(2, 3, {"bury-supply=any-player"});
    cemetery_below_start(t);
    t.play("F", 0, 3, 0);
    ASSERT_EQ(t.s().phase(), Phase::Bury);
    EXPECT_EQ(t.legal_count(ActionKind::Bury), 3);
    t.act("bury green@supply");
    EXPECT_EQ(t.in_supply(kGreen), 4);
    EXPECT_EQ(t.in_supply(kRed), 5);
  }
}

// Footnotes 17, 18: a hound lying by the buried meeple leaves the game (Level 3+).
TEST(MistsCemeteries, BuryingAMeepleRemovesItsHound) {
  Table t(3, 3);
  cemetery_below_start(t);
  int red = t.meeple(kRed, 0, 0, SegmentKind::Road);
  ASSERT_FALSE(setup_hound(*t.st, 0, red));
  t.pile(0, {"R", "F"});
  t.play("F", 0, 3, 0);
  EXPECT_EQ(t.s().mists().hounds[0].status, Hound::Removed);
  EXPECT_EQ(t.count(EventKind::HoundRemoved), 1);
  EXPECT_TRUE(is_buried(t.s().meeples()[static_cast<size_t>(red)]));
}

// Level 2 2a: "Telkens als een speler tenminste één spook op een mistdeel moet zetten, moet je
// ook 1 spook op 1 open kerkhof ... zetten". One open cemetery: it takes the extra ghost.
TEST(MistsCemeteries, ExtraGhostOnTheOpenCemetery) {
  for (int level : {2, 3, 4}) {
    SCOPED_TRACE("level " + std::to_string(level));
    Table t(level, 3);
    t.put("G", 0, 2);
    if (level >= 3) t.pile(0, {"MS2"});
    int supply = t.s().mists().ghost_supply;
    t.play("MS2", 0, -1, 2);  // mist on N, touching no mist: 2 ghosts
    EXPECT_EQ(t.ghosts_at(0, -1), 2);
    EXPECT_EQ(t.s().mists().cell(t.cell(0, 2)).ghosts[kCemeterySlot], 1);
    EXPECT_EQ(t.s().mists().ghost_supply, supply - 3);
  }
}

// Dized.MoC.0025: several open cemeteries: still 1 extra ghost, on the one the team picks.
TEST(MistsCemeteries, OnlyOneExtraGhostOnTheChosenCemetery) {
  Table t(2, 3);
  t.put("G", 0, 2);
  t.put("G", -1, 1);
  t.play("MS2", 0, -1, 2);
  ASSERT_EQ(t.s().phase(), Phase::ExtraGhost);
  EXPECT_EQ(t.legal_count(ActionKind::ExtraGhost), 2);
  EXPECT_NE(t.refusal("extra-ghost 0,-1"), "");
  t.act("extra-ghost -1,1");
  EXPECT_EQ(t.ghosts_at(-1, 1), 1);
  EXPECT_EQ(t.ghosts_at(0, 2), 0);
  EXPECT_EQ(t.s().phase(), Phase::Meeple);
}

// No ghost on the mist, no extra ghost: a 1-symbol tile extending a bank; a tile finishing a
// bank (the 11/2022 community answer); a closed cemetery takes none.
TEST(MistsCemeteries, NoExtraGhostWithoutGhostsOnMist) {
  {
    Table t(2, 3);
    t.put("G", 0, 2);
    t.play("MS1", 1, -1, 0);  // extends (1,0)'s bank: 0 ghosts
    EXPECT_EQ(t.s().mists().ghosts_on_board(), 3);
  }
  {
    Table t(2, 3);
    t.put("G", 0, 2);
    t.play("MS2", 0, -1, 0);  // finishes (0,0)'s bank
    EXPECT_EQ(t.count(EventKind::BankFinished), 1);
    EXPECT_EQ(t.ghosts_at(0, 2), 0);
  }
  {
    Table t(2, 3);
    cemetery_below_start(t);
    t.put("F", 0, 3);  // closed (outside the turn: nobody buried)
    t.play("MS2", 0, -1, 2);
    EXPECT_EQ(t.ghosts_at(0, 2), 0);
    EXPECT_EQ(t.s().phase(), Phase::Meeple);
  }
}

// FAQ.MoC.0003: ghosts removed instead of points may come off a cemetery.
TEST(MistsCemeteries, ScoringMayClearACemetery) {
  Table t(2, 3);
  t.put("G", 0, 2);
  t.ghosts(0, 2, 3, kCemeterySlot);
  t.put("RE", 2, 0, 0);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.play("RE", -1, 0, 2);
  t.act("pass");
  t.act("remove-ghosts 0,2 3");
  EXPECT_EQ(t.ghosts_at(0, 2), 0);
}

// ---- Levels 5-6: haunted cemeteries ------------------------------------------------------------

// Level 5 2a, Dized.MoC.0020: a new cemetery puts 1 ghost on every surrounding tile showing mist,
// whether its bank is finished or empty. Cemetery (2,1): misty quarters (1,0) (diagonal) and
// (1,1) (orthogonal); (1,0) holds no ghost any more. haunted-cemetery-ghosts=orthogonal-4:
// only (1,1).
TEST(MistsHaunted, NewCemeteryHauntsItsMistyNeighbours) {
  for (bool orth : {false, true}) {
    SCOPED_TRACE(orth ? "orthogonal-4" : "surrounding-8");
    Table t(5, 3,
            orth ? std::vector<std::string>{"haunted-cemetery-ghosts=orthogonal-4"}
                 : std::vector<std::string>{});
    t.ghosts(1, 0, 0);
    t.pile(0, {"F", "G"});
    int supply = t.s().mists().ghost_supply;
    t.play("G", 2, 1, 0);
    EXPECT_EQ(t.ghosts_at(1, 0), orth ? 0 : 1);
    EXPECT_EQ(t.ghosts_at(1, 1), 2);
    EXPECT_EQ(t.ghosts_at(0, 0), 1);  // not a neighbour
    EXPECT_EQ(t.s().mists().ghost_supply, supply - (orth ? 1 : 2));
    EXPECT_EQ(t.s().phase(), Phase::Meeple);
    EXPECT_EQ(t.legal_count(ActionKind::Meeple), 0);  // never on the cemetery
  }
}

// Level 5 3b, Dized.MoC.0016, 0017: while a cemetery is open, each turn ends with 1 face-down
// tile from the active pile next to an open cemetery; one only, however many are open.
// face-down-adjacency=any-of-8 (default): any empty space of its 8 that shares a side with a
// placed tile (Dized.MoC.0052: corners alone are not enough).
TEST(MistsHaunted, OneFaceDownTileEveryTurnNextToAnOpenCemetery) {
  Table t(5, 3);
  t.put("G", 2, 1);
  t.put("G", -1, 1);
  t.pile(0, {"F", "F", "R"});
  t.play("R", 2, 0, 0);
  t.act("pass");
  ASSERT_EQ(t.s().phase(), Phase::FaceDownDraw);
  t.act("draw F");
  ASSERT_EQ(t.s().phase(), Phase::FaceDown);
  // Empty among (2,1)'s 8: (3,0), (3,1), (1,2), (2,2), (3,2); among (-1,1)'s 8: (-2,0),
  // (-1,0), (-2,1), (-2,2), (-1,2), (0,2). Of these (3,2), (-2,0) and (-2,2) touch the board
  // at corners only.
  EXPECT_EQ(t.legal_count(ActionKind::FaceDown), 8);
  EXPECT_NE(t.refusal("face-down 5,5").find("next to an open cemetery"), std::string::npos);
  EXPECT_NE(t.refusal("face-down 3,2").find("corner"), std::string::npos);
  EXPECT_NE(t.refusal("face-down -2,0").find("corner"), std::string::npos);
  t.act("face-down 2,2");
  EXPECT_EQ(t.count(EventKind::FaceDownPlaced), 1);
  EXPECT_TRUE(t.s().hidden(t.cell(2, 2)));
  EXPECT_EQ(t.s().phase(), Phase::Draw);
  EXPECT_EQ(t.s().current_player(), 1);
  EXPECT_EQ(t.s().pile_size(0), 1);
}

// A face-down tile fits anything and finishes nothing but cemeteries: as the 8th neighbour it
// closes the cemetery, which buries a meeple (Level 5 "Herinnering"); the ghosts on it stay
// (haunted-close-removal=keep-ghosts).
TEST(MistsHaunted, FaceDownTileClosesACemetery) {
  Table t(5, 3);
  t.put("G", 0, 2);
  t.put("F", -1, 1);
  t.put("F", -1, 2);
  t.put("F", 1, 2);
  t.put("F", -1, 3);
  t.put("F", 0, 3);
  t.ghosts(0, 2, 2, kCemeterySlot);
  int red = t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.pile(0, {"F", "C", "R"});
  t.play("R", 2, 0, 0);
  t.act("pass");
  t.act("draw C");  // one free space left: the tile goes there at once
  ASSERT_EQ(t.count(EventKind::FaceDownPlaced), 1);
  EXPECT_TRUE(t.s().hidden(t.cell(1, 3)));
  EXPECT_EQ(t.count(EventKind::CemeteryClosed), 1);
  EXPECT_TRUE(is_buried(t.s().meeples()[static_cast<size_t>(red)]));
  EXPECT_EQ(t.ghosts_at(0, 2), 2);
  EXPECT_EQ(t.s().phase(), Phase::Draw);
}

// Dized.MoC.0021: a haunted cemetery needs all 8; its 4 orthogonal sides do not close it. A
// face-up tile that is its 8th neighbour closes it too; no face-down tile follows then.
TEST(MistsHaunted, EightNeighboursCloseAHauntedCemetery) {
  Table t(5, 3);
  t.put("G", 0, 2);
  t.put("F", -1, 2);
  t.put("F", 1, 2);
  t.put("F", 0, 3);  // 4 orthogonal sides: still open
  t.put("F", -1, 1);
  t.put("F", -1, 3);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.pile(0, {"R", "F"});
  t.play("F", 1, 3, 0);
  EXPECT_EQ(t.count(EventKind::CemeteryClosed), 1);
  EXPECT_EQ(t.count(EventKind::MeepleBuried), 1);
  t.act("pass");
  EXPECT_EQ(t.s().phase(), Phase::Draw);  // no open cemetery: no face-down tile
}

// Dized.MoC.0019: a road that ends at a face-down tile is haunted: closing its other end
// finishes nothing and its meeple stays.
TEST(MistsHaunted, FaceDownTileHauntsARoad) {
  Table t(5, 3);
  t.put("G", 2, 1);
  int red = t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.pile(0, {"RE", "F", "F"});
  t.play("F", -1, 1, 0);
  t.act("pass");
  t.act("draw F");
  t.act("face-down 2,0");  // against the start road's east end
  t.play("RE", -1, 0, 2);  // closes the west end
  t.act("pass");
  EXPECT_EQ(t.count(EventKind::FeatureFinished), 0);
  EXPECT_EQ(t.s().meeples()[static_cast<size_t>(red)].cell, t.cell(0, 0));
  EXPECT_EQ(t.score(), 0);
}

// Dized.MoC.0019 for cities: the city through CC (0,-1) runs into the face-down tile at (1,-1);
// closing its west end with a cap finishes nothing.
TEST(MistsHaunted, FaceDownTileHauntsACity) {
  Table t(5, 3);
  t.put("CC", 0, -1, 1);  // city W+E
  t.put("G", 0, -2);
  int blue = t.meeple(kBlue, 0, -1, SegmentKind::City);
  t.pile(0, {"R", "C", "F", "F"});
  t.play("F", -1, 1, 0);
  t.act("pass");
  t.act("draw F");
  t.act("face-down 1,-1");
  t.play("C", -1, -1, 1);  // a cap on E
  t.act("pass");
  EXPECT_EQ(t.count(EventKind::FeatureFinished), 0);
  EXPECT_EQ(t.s().meeples()[static_cast<size_t>(blue)].cell, t.cell(0, -1));
}

// The ghost loss covers the extra cemetery ghost (Levels 2-4) and a haunted cemetery's ghosts
// (Levels 5-6) too (Dized.MoC.0059, 2a "Belangrijk").
TEST(MistsGhostSupply, ExtraAndHauntedGhostsCountForTheLoss) {
  {
    Table t(2, 3);
    t.put("G", 0, 2);
    t.ghosts(0, 1, 10);
    ASSERT_EQ(t.s().mists().ghost_supply, 2);
    t.play("MS2", 0, -1, 2);  // 2 on the tile, then 1 on the cemetery: short
    EXPECT_EQ(t.s().end_reason(), EndReason::GhostSupplyShort);
  }
  {
    Table t(5, 3);
    t.ghosts(0, 1, 9);
    ASSERT_EQ(t.s().mists().ghost_supply, 1);
    t.pile(0, {"F", "G"});
    t.play("G", 2, 1, 0);  // 2 misty neighbours
    EXPECT_EQ(t.s().end_reason(), EndReason::GhostSupplyShort);
  }
}

// Dized.MoC.0015: a face-up tile may touch a face-down tile only when it also shares a side
// with a face-up tile; face-down tiles may touch each other.
TEST(MistsHaunted, FaceUpNextToFaceDownNeedsAFaceUpNeighbour) {
  Table t(5, 3);
  t.put("GRC", 2, 0, 0);
  t.pile(0, {"F", "F", "R", "F", "F"});
  t.play("F", -1, 1, 0);
  t.act("pass");
  t.act("draw F");
  t.act("face-down 2,1");  // below the cemetery, east of the start tile
  t.act("draw F");
  EXPECT_NE(t.refusal("place 2,2 r0").find("face-up"), std::string::npos);  // touches (2,1) only
  EXPECT_NE(t.refusal("place 3,1 r0").find("face-up"), std::string::npos);
  t.act("place 0,2 r0");
  t.act("pass");
  t.act("draw F");
  t.act("face-down 3,1");  // next to the other face-down tile
  EXPECT_TRUE(t.s().hidden(t.cell(3, 1)));
  t.act("draw R");
  t.act("place 3,0 r0");  // touches the face-down (3,1) and the face-up cemetery
  EXPECT_EQ(t.s().phase(), Phase::Meeple);
}

// Level 5 "Opmerking", footnote 26: no extra ghost on open cemeteries in Levels 5-6
// (haunted-closed-ghosts=no-extra).
TEST(MistsHaunted, NoExtraGhostOnOpenHauntedCemeteries) {
  Table t(5, 3);
  t.put("G", 0, 2);
  t.pile(0, {"F", "MS2"});
  t.play("MS2", 0, -1, 2);
  EXPECT_EQ(t.ghosts_at(0, -1), 2);
  EXPECT_EQ(t.ghosts_at(0, 2), 0);
}

}  // namespace
}  // namespace carcheck::mists_test
