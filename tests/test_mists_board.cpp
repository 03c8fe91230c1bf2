// Mists over Carcassonne: the start tile counting as four, mist banks and ghost placement,
// on hand-built boards (tests/test_mists_table.h shows the start tile). Sources: seed 004 "Mist en
// de spoken" 1b, 2a, "Goed onthouden" (footnote 12), FAQ.MoC.0001, Dized.MoC.0002, 0038,
// 0041-0044, 0059; the 11/2022 answer of footnote 9.
#include "test_mists_table.h"

namespace carcheck::mists_test {
namespace {

// ---- The start tile counts as four -----------------------------------------------------------

// "De starttegel telt voor 4 tegels": the start road crosses two quarters, so closing both
// ends with one tile each makes a road of 4 tiles, 4 points (3 if the start were one tile).
TEST(MistsStartTile, RoadAcrossTwoQuartersCountsTwoTiles) {
  Table t(1, 3);
  t.put("RE", 2, 0, 0);  // closes the east end
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.play("RE", -1, 0, 2);  // closes the west end
  ASSERT_EQ(t.s().phase(), Phase::Meeple);
  t.act("pass");
  ASSERT_EQ(t.s().phase(), Phase::ScoreChoice);  // ghosts on the board: points or ghosts
  t.act("points");
  EXPECT_EQ(t.score(), 4);
  EXPECT_EQ(t.in_supply(kRed), 5);
}

// A castle next to the start tile counts every misty quarter around it: castle (2,1) has the
// misty quarters (1,0) and (1,1) among its 8 neighbours, the rest clear: 2 * (1 + 2) = 6
// (Dized.MoC.0030, 0031); 4 if the start were one tile.
TEST(MistsStartTile, CastleCountsEachQuarter) {
  Table t(2, 3);
  t.put("RE", 2, 0, 0);
  t.put("K", 2, 1, 0);
  t.put("F", 3, 0);
  t.put("F", 3, 1);
  t.put("F", 1, 2);
  t.put("F", 2, 2);
  t.meeple(kBlue, 2, 1, SegmentKind::Castle);
  t.play("F", 3, 2, 0);  // the 8th neighbour
  t.act("pass");
  t.act("points");
  EXPECT_EQ(t.score(), 6);
  EXPECT_EQ(t.in_supply(kBlue), 5);
}

// FAQ.MoC.0001, Dized.MoC.0002: ghosts removed instead of points come off one quarter only,
// at most 3 (Dized.MoC.0038); the other quarters keep theirs.
TEST(MistsStartTile, GhostRemovalFromOneQuarterOnly) {
  Table t(1, 3);
  t.ghosts(1, 1, 3);  // the south-east quarter now holds 3
  t.ghosts(0, 0, 2);
  t.put("RE", 2, 0, 0);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.play("RE", -1, 0, 2);
  t.act("pass");
  EXPECT_NE(t.refusal("remove-ghosts 1,1 4"), "");  // 4 never parses: at most 3
  EXPECT_NE(t.refusal("remove-ghosts 0,1 1"), "");  // that quarter holds no ghost
  t.act("remove-ghosts 1,1 3");
  EXPECT_EQ(t.ghosts_at(1, 1), 0);
  EXPECT_EQ(t.ghosts_at(0, 0), 2);
  EXPECT_EQ(t.ghosts_at(1, 0), 1);
  EXPECT_EQ(t.score(), 0);
  EXPECT_EQ(t.s().mists().ghost_supply,
            12 - 1 - 2 + 3);  // setup took 3 more, the scoring gave 3 back
}

// ---- Mist banks --------------------------------------------------------------------------------

// Seed 004 1b "Je legt deze tegel aan, waardoor de mistbank afgebouwd wordt. Je verwijdert alle
// 3 de spoken van de mist", and the tile that finishes it places none of its own (11/2022,
// footnote 9): the bank over (0,0)'s north halves is closed by a tile with mist on its south
// side; that tile shows 2 symbols (1 would be placed for an extension) and gets 0.
TEST(MistsBanks, FinishingRemovesAllItsGhostsAndPlacesNone) {
  Table t(1, 3);
  t.ghosts(0, 0, 3);
  int supply = t.s().mists().ghost_supply;
  t.play("MS2", 0, -1, 0);
  EXPECT_EQ(t.count(EventKind::BankFinished), 1);
  EXPECT_EQ(t.first(EventKind::BankFinished)->value, 3);
  EXPECT_EQ(t.count(EventKind::GhostsPlaced), 0);
  EXPECT_EQ(t.ghosts_at(0, 0), 0);
  EXPECT_EQ(t.ghosts_at(0, -1), 0);
  EXPECT_EQ(t.s().mists().ghost_supply, supply + 3);
  EXPECT_EQ(t.s().phase(), Phase::Meeple);
}

// Dized.MoC.0041: a tile that extends a bank places one ghost fewer; with one symbol, none.
TEST(MistsBanks, ExtendingPlacesOneFewer) {
  {
    Table t(1, 3);
    // (1,-1)'s south mist meets (1,0)'s misty Nr and clear Nl: extended (and blocked).
    t.play("MS2", 1, -1, 0);
    EXPECT_EQ(t.sum(EventKind::GhostsPlaced), 1);
    EXPECT_EQ(t.ghosts_at(1, -1), 1);
  }
  {
    Table t(1, 3);
    t.play("MS1", 1, -1, 0);
    EXPECT_EQ(t.count(EventKind::GhostsPlaced), 0);
    EXPECT_EQ(t.ghosts_at(1, -1), 0);
  }
  {
    Table t(1, 3);  // not touching any mist: all its symbols
    t.play("MS2", 0, 2, 0);
    EXPECT_EQ(t.sum(EventKind::GhostsPlaced), 2);
    EXPECT_EQ(t.ghosts_at(0, 2), 2);
  }
}

// The symbol left empty: the rule names none (Dized.MoC.0041), and here the tile's two mists
// lie in two banks (the north one extends (1,1)'s mist, the south one is new), so under
// ghost-scope=as-written the team chooses (empty-symbol); whichever it leaves empty, the other
// bank keeps its ghost. Under per-tile the place changes nothing: nothing is asked, and the
// symbol left empty is the one on the mist that extended the bank.
TEST(MistsBanks, TheEmptySymbolIsTheTeamsChoiceWhereItMatters) {
  for (int pick_north : {1, 0}) {
    Table t(1, 3);
    t.play("MNS", 1, 2, 2);  // turned: its 2nd area on N meets (1,1)'s Sl Sr; the 1st is new
    ASSERT_EQ(t.s().phase(), Phase::EmptySymbol);
    EXPECT_EQ(t.legal_count(ActionKind::EmptySymbol), 2);
    const CellFace& f = t.s().face(t.cell(1, 2));
    int north = -1;
    for (int m = 0; m < f.n_mist; ++m)
      if (f.mist[m].ports & side_mask(North)) north = m;
    ASSERT_GE(north, 0);
    const int empty = pick_north ? north : 1 - north;
    t.act("empty-symbol 1,2 mist " + std::to_string(empty + 1));
    EXPECT_EQ(t.sum(EventKind::GhostsPlaced), 1);
    const MistsCell& pc = t.s().mists().cell(t.cell(1, 2));
    for (int m = 0; m < f.n_mist; ++m)
      EXPECT_EQ(pc.ghosts[static_cast<size_t>(m)], m == empty ? 0 : 1);
  }
  Table t(1, 3, {"ghost-scope=per-tile"});
  t.play("MNS", 1, 2, 2);
  ASSERT_EQ(t.s().phase(), Phase::Meeple);
  EXPECT_EQ(t.sum(EventKind::GhostsPlaced), 1);
  const MistsCell& pc = t.s().mists().cell(t.cell(1, 2));
  const CellFace& f = t.s().face(t.cell(1, 2));
  for (int m = 0; m < f.n_mist; ++m) {
    bool north = f.mist[m].ports & side_mask(North);
    EXPECT_EQ(pc.ghosts[static_cast<size_t>(m)], north ? 0 : 1);
  }
}

// Dized.MoC.0043: once a side of the bank touches a clear field it can never be finished.
// (1,1)'s mist (E and S halves) is closed on both sides by misty tiles: finished, its ghost
// goes; with a clear field on its south side first, closing the east side finishes nothing.
TEST(MistsBanks, TouchingClearLandMakesABankUnfinishable) {
  {
    Table t(1, 3);
    t.play("MS2", 2, 1, 1);  // mist on W: joins (1,1)'s El Er
    EXPECT_EQ(t.ghosts_at(2, 1), 1);
    t.act("pass");
    t.play("MS2", 1, 2, 2);  // mist on N: closes (1,1)'s Sl Sr
    EXPECT_EQ(t.count(EventKind::BankFinished), 1);
    EXPECT_EQ(t.ghosts_at(1, 1), 0);
    EXPECT_EQ(t.ghosts_at(2, 1), 0);
    EXPECT_EQ(t.ghosts_at(1, 2), 0);
  }
  {
    Table t(1, 3);
    t.put("F", 1, 2);        // clear field against (1,1)'s Sl Sr
    t.play("MS2", 2, 1, 1);  // the last open side: nothing left open, but it touched clear land
    EXPECT_EQ(t.count(EventKind::BankFinished), 0);
    EXPECT_EQ(t.sum(EventKind::GhostsPlaced), 1);  // an extension, not a finishing tile
    EXPECT_EQ(t.ghosts_at(1, 1), 1);
    EXPECT_EQ(t.ghosts_at(2, 1), 1);
  }
}

// Dized.MoC.0044: mist is ignored for matching: a misty road fits a clear road.
TEST(MistsBanks, MistIsIgnoredForMatching) {
  Table t(1, 3);
  t.play("RM", 2, 0, 0);
  EXPECT_EQ(t.s().phase(), Phase::Meeple);
  EXPECT_EQ(t.ghosts_at(2, 0), 1);  // its misty road touches the clear start road: no extension
}

// ---- Ghost supply ---------------------------------------------------------------------------

// "Als er, op enig moment, minder spoken in voorraad zijn dan er nodig zijn ... hebben jullie
// het spel onmiddellijk verloren" (Dized.MoC.0059): 2 needed, 1 left.
TEST(MistsGhostSupply, ShortSupplyLosesAtOnce) {
  Table t(1, 3);
  t.ghosts(0, 1, 11);
  ASSERT_EQ(t.s().mists().ghost_supply, 1);
  t.play("MS2", 0, 2, 0);
  EXPECT_TRUE(t.s().is_terminal());
  EXPECT_FALSE(t.s().won());
  EXPECT_EQ(t.s().end_reason(), EndReason::GhostSupplyShort);
  EXPECT_EQ(t.count(EventKind::GameLost), 1);
}

TEST(MistsGhostSupply, ExactlyEnoughIsNoLoss) {
  Table t(1, 3);
  t.ghosts(0, 1, 10);
  ASSERT_EQ(t.s().mists().ghost_supply, 2);
  t.play("MS2", 0, 2, 0);
  EXPECT_FALSE(t.s().is_terminal());
  EXPECT_EQ(t.s().mists().ghost_supply, 0);
}

// Ghosts come in 2a, before the scorings of 3a: a shortage loses even when this tile's road
// would have reached the goal (Level 2: 73 + 4 >= 75). The castle tile ends the start road
// and shows 1 symbol; the supply is empty.
TEST(MistsGhostSupply, ShortageBeforeTheWinningScoring) {
  Table t(2, 3);
  t.ghosts(0, 1, 12);
  ASSERT_EQ(t.s().mists().ghost_supply, 0);
  t.s().setup_score(0, 73);
  t.put("RE", -1, 0, 2);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.play("KR", 2, 0, 1);  // road on W, ending at the castle: the road is finished
  EXPECT_EQ(t.s().end_reason(), EndReason::GhostSupplyShort);
  EXPECT_FALSE(t.s().won());
  EXPECT_EQ(t.score(), 73);
}

}  // namespace
}  // namespace carcheck::mists_test
