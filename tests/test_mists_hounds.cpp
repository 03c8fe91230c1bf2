// Mists over Carcassonne, Levels 3+: piles, thresholds, hounds; and the end of the game (win at
// the goal, loss on an empty pile). Sources: seed 004 Level 3 "Honden", "3. Puntentelling
// afhandelen", footnotes 21, 22, 31; "Einde van het spel"; Dized.MoC.0022-0024, 0032, 0059,
// 0060; interpretations.md rows pile-threshold-loss, hound-trigger, pile-end-timing,
// double-threshold, hound-no-meeple (tests/test_mists_table.h shows the board).
#include "test_mists_table.h"

namespace carcheck::mists_test {
namespace {

// The city C (0,-1), CC (0,-2) that CS at (0,-3) closes: 3 tiles + 1 coat of arms = 8 points
// ("Jullie krijgen 8 punten!"). Blue stands on it.
void eight_point_city(Table& t) {
  t.put("C", 0, -1, 0);
  t.put("CC", 0, -2, 0);
  t.meeple(kBlue, 0, -1, SegmentKind::City);
}

// Seed 004 Level 3, Voorbeeld 1a/1b: 8 + 8 = 16 passes Rufus on 15. Rufus goes by red's
// meeple (the only unburied one left on the board, on the start road at (0,0)); the team clears
// 2 ghosts from the hound's own tile and 3 from a cemetery tile in its 3x3 area, which keeps 1
// ("Jullie zullen 1 spook op de kerkhoftegel achter moeten laten"); then the rest of the first
// pile goes on top of the second, which becomes active.
TEST(MistsHounds, SeedExampleRufusClearsTwoThenThree) {
  Table t(3, 3);
  eight_point_city(t);
  t.put("G", -1, 1);
  t.ghosts(-1, 1, 4, kCemeterySlot);
  t.ghosts(0, 0, 2);
  int red = t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.pile(0, {"F", "R", "CS"});
  t.pile(1, {"C", "RE"});
  t.s().setup_score(0, 8);
  t.play("CS", 0, -3, 2);
  t.act("pass");
  t.act("points");
  EXPECT_EQ(t.score(), 16);
  ASSERT_EQ(t.s().mists().hounds[0].status, Hound::Placed);
  EXPECT_EQ(t.s().mists().hounds[0].meeple, red);
  ASSERT_EQ(t.s().phase(), Phase::HoundClear);
  EXPECT_NE(t.refusal("clear 3,3 1").find("3x3 area"), std::string::npos);
  t.act("clear 0,0 2");
  EXPECT_NE(t.refusal("clear 0,0 1"), "");  // 2 different tiles
  t.act("clear -1,1 3");
  EXPECT_EQ(t.ghosts_at(0, 0), 0);
  EXPECT_EQ(t.ghosts_at(-1, 1), 1);
  EXPECT_EQ(t.s().active_pile(), 1);
  EXPECT_EQ(t.s().pile_size(0), 0);
  EXPECT_EQ(t.s().pile_size(1), 4);
  const Event* sw = t.first(EventKind::PileSwitched);
  ASSERT_NE(sw, nullptr);
  EXPECT_EQ(sw->value, 1);
  EXPECT_EQ(sw->extra, 2);
  EXPECT_EQ(t.s().phase(), Phase::Draw);
  t.s().apply_random_draw();  // the top of the new pile: the first pile's rest (F, R), R on top
  EXPECT_EQ(t.s().drawn(), t.id("R"));
}

// Several unburied meeples on the board: the team picks the one the hound lies by.
TEST(MistsHounds, TheTeamPicksTheMeeple) {
  Table t(3, 3);
  eight_point_city(t);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.put("RE", 2, 0, 0);
  t.put("C", 2, -1, 0);
  int green = t.meeple(kGreen, 2, -1, SegmentKind::City);
  t.pile(0, {"F", "CS"});
  t.s().setup_score(0, 8);
  t.play("CS", 0, -3, 2);
  t.act("pass");
  t.act("points");
  ASSERT_EQ(t.s().phase(), Phase::HoundPlace);
  EXPECT_EQ(t.legal_count(ActionKind::HoundPlace), 2);  // red and green; blue went home
  t.act("hound green@2,-1");
  EXPECT_EQ(t.s().mists().hounds[0].meeple, green);
  ASSERT_EQ(t.s().phase(), Phase::HoundClear);
  t.act("clear stop");
  EXPECT_EQ(t.s().active_pile(), 1);
}

// Footnote 22 (11/2022): no unburied meeple on the board: the hound is lost; the pile switch
// still happens (hound-no-meeple).
TEST(MistsHounds, NoMeepleOnTheBoardLosesTheHound) {
  Table t(3, 3);
  eight_point_city(t);
  t.pile(0, {"F", "CS"});
  t.s().setup_score(0, 8);
  t.play("CS", 0, -3, 2);
  t.act("pass");
  t.act("points");
  EXPECT_EQ(t.s().mists().hounds[0].status, Hound::Lost);
  EXPECT_EQ(t.count(EventKind::HoundLost), 1);
  EXPECT_EQ(t.s().active_pile(), 1);
  EXPECT_EQ(t.s().phase(), Phase::Draw);
}

// A buried meeple is no place for a hound ("bij een willekeurige niet-begraven meeple"): red
// lies on the cemetery (0,2) since the last turn, blue's city scores: the hound is lost.
TEST(MistsHounds, ABuriedMeepleTakesNoHound) {
  Table t(3, 3);
  eight_point_city(t);
  t.put("G", 0, 2);
  t.put("F", -1, 2);
  t.put("F", 1, 2);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.pile(0, {"R", "CS", "F"});
  t.play("F", 0, 3, 0);  // closes the cemetery
  ASSERT_EQ(t.s().phase(), Phase::Bury);
  t.act("bury red@0,0");
  t.act("pass");
  t.s().setup_score(0, 8);
  t.play("CS", 0, -3, 2);
  t.act("pass");
  t.act("points");
  EXPECT_EQ(t.s().mists().hounds[0].status, Hound::Lost);
  EXPECT_EQ(t.s().active_pile(), 1);
}

// "Een hond blijft bij de meeple ... totdat die meeple geteld wordt. Nadat de punten voor de
// meeple zijn geteld, worden die voor de hond geteld ... 1 punt voor elk spook dat zich op dat
// moment op het speelveld bevindt", whether the meeple's scoring took points or removed ghosts;
// the hound's own scoring is never exchanged for ghosts (Dized.MoC.0022).
TEST(MistsHounds, HoundScoresOnePerGhostRightAfterItsMeeple) {
  for (bool remove : {false, true}) {
    SCOPED_TRACE(remove ? "meeple's scoring removes ghosts" : "meeple's scoring takes points");
    Table t(3, 3);
    t.put("RE", 2, 0, 0);
    t.ghosts(1, 1, 3);
    t.ghosts(0, 1, 2);
    int red = t.meeple(kRed, 0, 0, SegmentKind::Road);
    ASSERT_FALSE(setup_hound(*t.st, 0, red));
    ASSERT_FALSE(t.st->setup_active_pile(1));
    t.pile(1, {"F", "RE"});
    ASSERT_EQ(t.s().mists().ghosts_on_board(), 7);
    t.play("RE", -1, 0, 2);
    t.act("pass");
    t.act(remove ? "remove-ghosts 1,1 3" : "points");
    int ghosts = remove ? 4 : 7;
    EXPECT_EQ(t.s().mists().hounds[0].status, Hound::Scored);
    ASSERT_NE(t.first(EventKind::HoundScored), nullptr);
    EXPECT_EQ(t.first(EventKind::HoundScored)->value, ghosts);
    EXPECT_EQ(t.score(), (remove ? 0 : 4) + ghosts);
    EXPECT_EQ(t.s().score(0).by_feature[7], ghosts);
    EXPECT_EQ(t.in_supply(kRed), 5);
    EXPECT_EQ(t.s().phase(), Phase::Draw);  // no decision for the hound
  }
}

// double-threshold=track-order: one scoring passing both hounds (14 + 8 tiles x 5 colours =
// 54 >= 15, 50) resolves hound I (placement, removal, pile 1's rest onto pile 2), then hound II
// (the same), the goal (100) not reached.
TEST(MistsHounds, OneScoringPassingBothHoundsResolvesThemInTrackOrder) {
  Table t(3, 5);
  for (int x = 2; x <= 5; ++x) t.put("R", x, 0, 0);
  t.put("RE", 6, 0, 0);
  t.put("C", 0, -1, 0);
  int yellow = t.meeple(kYellow, 0, -1, SegmentKind::City);
  for (int c = 0; c < 5; ++c) t.meeple(c, 3, 0, SegmentKind::Road);
  t.pile(0, {"F", "RE"});
  t.pile(1, {"MS1"});
  t.pile(2, {"M1"});
  t.s().setup_score(0, 14);
  t.play("RE", -1, 0, 2);
  t.act("pass");
  t.act("points");
  EXPECT_EQ(t.score(), 54);
  ASSERT_EQ(t.s().phase(), Phase::HoundClear);  // hound I by yellow, the only meeple left
  EXPECT_EQ(t.s().mists().hounds[0].meeple, yellow);
  t.act("clear stop");
  EXPECT_EQ(t.s().active_pile(), 1);
  ASSERT_EQ(t.s().phase(), Phase::HoundClear);  // hound II
  EXPECT_EQ(t.s().mists().hounds[1].status, Hound::Placed);
  EXPECT_EQ(t.s().mists().hounds[1].meeple, yellow);
  t.act("clear 0,0 1");
  t.act("clear stop");
  EXPECT_EQ(t.s().active_pile(), 2);
  EXPECT_EQ(t.s().pile_size(2), 3);  // M1, then MS1, then F on top
  EXPECT_EQ(t.count(EventKind::PileSwitched), 2);
  EXPECT_EQ(t.s().phase(), Phase::Draw);
}

// ---- hound-trigger ---------------------------------------------------------------------------

// Red's meeple on the city C at (0,-1) carries hound I; 7 of the tile's 8 neighbours are there,
// (1,-1) comes in play. Default (on-placement): the removal happened when the hound was placed,
// surrounding the tile changes nothing. hound-trigger=when-surrounded (footnote 31): the 8th
// neighbour triggers the removal (3b, after the scorings): 2 tiles, up to 3 each.
void hound_by_a_city(Table& t) {
  t.put("C", 0, -1, 0);
  t.put("CC", 0, -2, 0);
  t.put("F", -1, -2);
  t.put("F", 1, -2);
  t.put("F", -1, -1);
  t.put("RE", -1, 0, 2);
  t.ghosts(-1, -1, 2);
  int red = t.meeple(kRed, 0, -1, SegmentKind::City);
  if (auto why = setup_hound(*t.st, 0, red)) throw std::runtime_error(*why);
  t.st->setup_active_pile(1);
  t.pile(1, {"C", "C", "R", "F"});
}

TEST(MistsHounds, WhenSurroundedTheHoundClearsOnceItsTileIsSurrounded) {
  {
    Table t(3, 3);
    hound_by_a_city(t);
    EXPECT_TRUE(t.s().mists().hounds[0].cleared);
    t.play("F", 1, -1, 0);
    t.act("pass");
    EXPECT_EQ(t.s().phase(), Phase::Draw);
    EXPECT_EQ(t.ghosts_at(-1, -1), 2);
  }
  {
    Table t(3, 3, {"hound-trigger=when-surrounded"});
    hound_by_a_city(t);
    EXPECT_FALSE(t.s().mists().hounds[0].cleared);
    t.play("R", 2, 0, 0);  // not a neighbour: nothing yet
    t.act("pass");
    EXPECT_EQ(t.s().phase(), Phase::Draw);
    EXPECT_FALSE(t.s().mists().hounds[0].cleared);
    t.play("F", 1, -1, 0);  // the 8th neighbour
    t.act("pass");
    ASSERT_EQ(t.s().phase(), Phase::HoundClear);
    EXPECT_NE(t.refusal("clear 2,0 1"), "");  // outside the 3x3 area
    t.act("clear -1,-1 2");
    t.act("clear 0,0 1");
    EXPECT_TRUE(t.s().mists().hounds[0].cleared);
    EXPECT_EQ(t.ghosts_at(-1, -1), 0);
    EXPECT_EQ(t.ghosts_at(0, 0), 0);
    EXPECT_EQ(t.s().active_pile(), 1);  // no pile switch for a late removal
    EXPECT_EQ(t.s().phase(), Phase::Draw);
    EXPECT_EQ(t.s().current_player(), 2);
  }
}

// when-surrounded, Levels 5-6: a face-down tile may be the 8th neighbour of the hound's tile;
// the removal follows that tile (3c). Red's castle (1,2) is surrounded by the face-down tile at
// (2,1) (and, haunted, never scores).
TEST(MistsHounds, WhenSurroundedByAFaceDownTile) {
  Table t(5, 3, {"hound-trigger=when-surrounded"});
  t.put("K", 1, 2);
  for (auto [x, y] : {std::pair{0, 2}, {2, 2}, {0, 3}, {1, 3}, {2, 3}}) t.put("F", x, y);
  t.put("G", 3, 2);
  t.ghosts(1, 2, 2);
  int red = t.meeple(kRed, 1, 2, SegmentKind::Castle);
  ASSERT_FALSE(setup_hound(*t.st, 0, red));
  ASSERT_FALSE(t.st->setup_active_pile(1));
  t.pile(1, {"C", "F", "R"});
  t.play("R", 2, 0, 0);
  t.act("pass");
  EXPECT_FALSE(t.s().mists().hounds[0].cleared);
  t.act("draw F");
  t.act("face-down 2,1");
  ASSERT_EQ(t.s().phase(), Phase::HoundClear);
  t.act("clear 1,2 2");
  t.act("clear 1,1 1");
  EXPECT_EQ(t.ghosts_at(1, 2), 0);
  EXPECT_EQ(t.ghosts_at(1, 1), 0);
  EXPECT_EQ(t.s().phase(), Phase::Draw);
  EXPECT_EQ(t.in_supply(kRed), 4);
}

// when-surrounded at the threshold: the hound is placed and the pile switched at once, the
// removal waits.
TEST(MistsHounds, WhenSurroundedThePileSwitchesAtOnce) {
  Table t(3, 3, {"hound-trigger=when-surrounded"});
  eight_point_city(t);
  t.ghosts(0, 0, 2);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.pile(0, {"F", "CS"});
  t.s().setup_score(0, 8);
  t.play("CS", 0, -3, 2);
  t.act("pass");
  t.act("points");
  EXPECT_EQ(t.s().mists().hounds[0].status, Hound::Placed);
  EXPECT_FALSE(t.s().mists().hounds[0].cleared);
  EXPECT_EQ(t.s().active_pile(), 1);
  EXPECT_EQ(t.s().phase(), Phase::Draw);
  EXPECT_EQ(t.ghosts_at(0, 0), 2);
}

// ---- piles running out -------------------------------------------------------------------------

// Level 3 (ZMG's sentence, footnote 21), pile-threshold-loss=lose: the first pile runs out below
// 15: lost when the next tile must be drawn. =continue: play on with the next pile; the late
// hound still comes (placement, removal) and moves no pile.
TEST(MistsPiles, PileRunOutBelowItsThreshold) {
  {
    Table t(3, 3);
    t.pile(0, {"F"});
    t.play("F", -1, 1, 0);
    t.act("pass");
    EXPECT_TRUE(t.s().is_terminal());
    EXPECT_EQ(t.s().end_reason(), EndReason::PileBelowThreshold);
    EXPECT_FALSE(t.s().won());
  }
  {
    Table t(3, 3, {"pile-threshold-loss=continue"});
    t.put("RE", 2, 0, 0);
    t.put("C", 0, -1, 0);
    t.pile(0, {"F"});
    t.pile(1, {"R", "C", "RE"});
    t.meeple(kRed, 0, 0, SegmentKind::Road);
    int green = t.meeple(kGreen, 0, -1, SegmentKind::City);
    t.play("F", -1, 1, 0);
    t.act("pass");
    ASSERT_FALSE(t.s().is_terminal());
    EXPECT_EQ(t.s().active_pile(), 1);
    EXPECT_EQ(t.count(EventKind::PileSwitched), 1);
    t.s().setup_score(0, 12);
    t.play("RE", -1, 0, 2);  // closes the road: 4 points, 16 >= 15
    t.act("pass");
    t.act("points");
    EXPECT_EQ(t.s().mists().hounds[0].status, Hound::Placed);
    EXPECT_EQ(t.s().mists().hounds[0].meeple, green);
    ASSERT_EQ(t.s().phase(), Phase::HoundClear);
    t.act("clear 0,0 1");
    t.act("clear stop");
    EXPECT_EQ(t.s().active_pile(), 1);  // its pile is long gone: nothing moves
    EXPECT_EQ(t.s().pile_size(1), 2);
    EXPECT_EQ(t.count(EventKind::PileSwitched), 1);
    EXPECT_EQ(t.s().phase(), Phase::Draw);
  }
}

// pile-end-timing=after-last-turn (default): the pile's last tile is played and its scorings
// resolved first; a threshold reached by then counts. =on-last-draw: the pile is out when its
// last tile is drawn, before it is played.
TEST(MistsPiles, LastTileOfAPileScoresFirstUnlessOnLastDraw) {
  for (bool on_draw : {false, true}) {
    SCOPED_TRACE(on_draw ? "on-last-draw" : "after-last-turn");
    Table t(3, 3,
            on_draw ? std::vector<std::string>{"pile-end-timing=on-last-draw"}
                    : std::vector<std::string>{});
    t.put("RE", 2, 0, 0);
    t.put("C", 0, -1, 0);
    t.meeple(kRed, 0, 0, SegmentKind::Road);
    t.meeple(kGreen, 0, -1, SegmentKind::City);
    t.pile(0, {"RE"});
    t.pile(1, {"F", "R"});
    t.s().setup_score(0, 12);
    t.act("draw RE");
    if (on_draw) {
      EXPECT_TRUE(t.s().is_terminal());
      EXPECT_EQ(t.s().end_reason(), EndReason::PileBelowThreshold);
      continue;
    }
    t.act("place -1,0 r2");
    t.act("pass");
    t.act("points");
    t.act("clear stop");
    EXPECT_EQ(t.score(), 16);
    EXPECT_EQ(t.s().active_pile(), 1);
    EXPECT_EQ(t.s().phase(), Phase::Draw);
  }
}

// "Nederlaag 1. Er zijn geen tegels meer in voorraad" (Dized.MoC.0059): a tile must be drawn and
// none is left. Level 1: the one supply; Level 3: the last pile.
TEST(MistsPiles, EmptySupplyLosesWhenATileMustBeDrawn) {
  {
    Table t(1, 3);
    t.pile(0, {"F"});
    t.play("F", -1, 1, 0);
    t.act("pass");
    EXPECT_TRUE(t.s().is_terminal());
    EXPECT_EQ(t.s().end_reason(), EndReason::TilesExhausted);
    EXPECT_FALSE(t.s().won());
  }
  {
    Table t(3, 3);
    ASSERT_FALSE(t.st->setup_active_pile(2));
    t.pile(2, {"F"});
    t.play("F", -1, 1, 0);
    t.act("pass");
    EXPECT_EQ(t.s().end_reason(), EndReason::TilesExhausted);
  }
}

// Levels 5-6: the face-down tile must be drawn too: none left loses at once (summary 3c with
// "Nederlaag").
TEST(MistsPiles, EmptyPileForTheFaceDownTileLoses) {
  Table t(5, 3);
  t.put("G", 2, 1);
  ASSERT_FALSE(t.st->setup_active_pile(2));
  t.pile(2, {"F"});
  t.play("F", -1, 1, 0);
  t.act("pass");
  EXPECT_TRUE(t.s().is_terminal());
  EXPECT_EQ(t.s().end_reason(), EndReason::TilesExhausted);
  EXPECT_EQ(t.count(EventKind::FaceDownPlaced), 0);
}

// ---- The goal ----------------------------------------------------------------------------------

// Dized.MoC.0032, 0060: reaching or passing the goal wins at once, no exact landing needed; the
// rest of the turn is not played (here Level 5: no face-down tile after the win). Goals: 50, 75,
// 100, 120, 100 (absolute totals).
TEST(MistsGoal, ReachingOrPassingTheGoalWinsAtOnce) {
  const int goal[] = {50, 75, 100, 120, 100};
  for (int level = 1; level <= 5; ++level) {
    SCOPED_TRACE("level " + std::to_string(level));
    Table t(level, 3);
    t.put("RE", 2, 0, 0);
    if (level >= 2) t.put("G", -1, 1);  // an open cemetery
    t.meeple(kRed, 0, 0, SegmentKind::Road);
    if (level >= 3) t.pile(0, {"F", "RE"});
    t.s().setup_score(0, goal[level - 1] - 2);  // the road is worth 4: passes the goal by 2
    t.play("RE", -1, 0, 2);
    t.act("pass");
    t.act("points");
    EXPECT_TRUE(t.s().is_terminal());
    EXPECT_TRUE(t.s().won());
    EXPECT_EQ(t.s().end_reason(), EndReason::GoalReached);
    EXPECT_EQ(t.score(), goal[level - 1] + 2);
    EXPECT_EQ(t.count(EventKind::GameWon), 1);
    EXPECT_EQ(t.count(EventKind::FaceDownPlaced), 0);
    EXPECT_EQ(t.count(EventKind::HoundPlaced), 0);
  }
}

// One point short is no win.
TEST(MistsGoal, OneShortPlaysOn) {
  Table t(1, 3);
  t.put("RE", 2, 0, 0);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.s().setup_score(0, 45);
  t.play("RE", -1, 0, 2);
  t.act("pass");
  t.act("points");
  EXPECT_FALSE(t.s().is_terminal());
  EXPECT_EQ(t.score(), 49);
}

}  // namespace
}  // namespace carcheck::mists_test
