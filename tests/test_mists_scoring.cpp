// Mists over Carcassonne: meeples (2b) and cooperative scoring (3a) on hand-built boards
// (tests/test_mists_table.h). Sources: seed 004 "Wegen", "Steden", 2b, 3, "Gezamenlijk punten
// krijgen", Level 2 "Spookslotten", footnotes 4, 5, 10, 15, 16; FAQ.MoC.0002-0005;
// Dized.MoC.0001, 0003, 0004, 0030, 0031, 0034-0036, 0040, 0047, 0051.
#include "test_mists_table.h"

namespace carcheck::mists_test {
namespace {

bool meeple_offered(const Table& t, int seg, int colour) {
  ActionList l;
  t.st->legal_actions(l);
  for (const Action& a : l)
    if (a.kind == ActionKind::Meeple && a.seg == seg && a.colour == colour) return true;
  return false;
}

// ---- 2b: where a meeple may go --------------------------------------------------------------

// On a road, misty or clear (FAQ.MoC.0002), or in a city; never on a field, misty or not.
TEST(MistsMeeples, RoadsMistyOrClearAndCitiesButNeverFields) {
  Table t(1, 3);
  t.play("CRM", 2, 0, 0);  // city N, misty road W-E, misty south field
  ASSERT_EQ(t.s().phase(), Phase::Meeple);
  EXPECT_TRUE(meeple_offered(t, t.seg(2, 0, SegmentKind::Road), kRed));
  EXPECT_TRUE(meeple_offered(t, t.seg(2, 0, SegmentKind::City), kRed));
  EXPECT_FALSE(meeple_offered(t, t.seg_at(2, 0, port_of(South, 0)), kRed));  // misty field
  EXPECT_FALSE(meeple_offered(t, t.seg_at(2, 0, port_of(East, 0)), kRed));   // clear field
  EXPECT_NE(t.refusal("meeple field:Sl").find("never goes on a field"), std::string::npos);
  EXPECT_NE(t.refusal("meeple field:El").find("never goes on a field"), std::string::npos);
  t.act("meeple road:W");
  EXPECT_EQ(t.in_supply(kRed), 4);
}

// Dized.MoC.0051: only on an unoccupied road or city.
TEST(MistsMeeples, OnlyOnAnUnoccupiedFeature) {
  Table t(1, 3);
  t.meeple(kBlue, 0, 0, SegmentKind::Road);
  t.play("R", 2, 0, 0);
  EXPECT_EQ(t.legal_count(ActionKind::Meeple), 0);
  EXPECT_NE(t.refusal("meeple road:W").find("occupied"), std::string::npos);
}

// Level 2: "Een meeple mag op het spookslot gezet worden in plaats van op de weg"; never on a
// cemetery, but on its road or city (Level 2 2b).
TEST(MistsMeeples, CastlesYesCemeteriesNo) {
  {
    Table t(2, 3);
    t.play("KR", 2, 0, 1);  // road on W ending at the castle
    EXPECT_TRUE(meeple_offered(t, t.seg(2, 0, SegmentKind::Castle), kRed));
    EXPECT_TRUE(meeple_offered(t, t.seg(2, 0, SegmentKind::Road), kRed));
    t.act("meeple castle");
    EXPECT_EQ(t.in_supply(kRed), 4);
  }
  {
    Table t(2, 3);
    t.play("GRC", 2, 0, 0);
    EXPECT_FALSE(meeple_offered(t, t.seg(2, 0, SegmentKind::Cemetery), kRed));
    EXPECT_TRUE(meeple_offered(t, t.seg(2, 0, SegmentKind::Road), kRed));
    EXPECT_TRUE(meeple_offered(t, t.seg(2, 0, SegmentKind::City), kRed));
    EXPECT_NE(t.refusal("meeple cemetery").find("never goes on a cemetery"), std::string::npos);
  }
}

// Footnote 4 (11/2022), footnote 5 (3/2023): with 2 players each picks either of their two
// colours every turn; solo, any of the four.
TEST(MistsMeeples, TwoPlayersAndSoloPickAColourEachTurn) {
  {
    Table t(1, 2);
    t.play("R", 2, 0, 0);
    int road = t.seg(2, 0, SegmentKind::Road);
    EXPECT_TRUE(meeple_offered(t, road, kRed));
    EXPECT_TRUE(meeple_offered(t, road, kGreen));
    EXPECT_FALSE(meeple_offered(t, road, kBlue));
    EXPECT_FALSE(meeple_offered(t, road, kYellow));
    EXPECT_NE(t.refusal("meeple road:W blue").find("not a colour of the active player"),
              std::string::npos);
    EXPECT_NE(t.refusal("meeple road:W").find("name one"), std::string::npos);
    t.act("meeple road:W green");
    EXPECT_EQ(t.in_supply(kGreen), 2);
    ASSERT_EQ(t.s().current_player(), 1);
    t.play("C", 0, -1, 0);  // player 2's turn: a city
    int city = t.seg(0, -1, SegmentKind::City);
    EXPECT_FALSE(meeple_offered(t, city, kRed));
    EXPECT_FALSE(meeple_offered(t, city, kGreen));
    EXPECT_TRUE(meeple_offered(t, city, kBlue));
    EXPECT_TRUE(meeple_offered(t, city, kYellow));
    t.act("meeple city:N yellow");
    EXPECT_EQ(t.in_supply(kYellow), 2);
  }
  {
    Table t(1, 1);
    t.play("R", 2, 0, 0);
    int road = t.seg(2, 0, SegmentKind::Road);
    for (int c = 0; c < 4; ++c)
      EXPECT_TRUE(meeple_offered(t, road, c)) << kColourWords[static_cast<size_t>(c)].word;
    t.act("meeple road:W blue");
    EXPECT_EQ(t.s().current_player(), 0);
    t.play("C", 0, -1, 0);
    t.act("meeple city:N yellow");  // another colour next turn
    EXPECT_EQ(t.in_supply(kBlue), 2);
    EXPECT_EQ(t.in_supply(kYellow), 2);
  }
}

// ---- 3a: cooperative scoring -------------------------------------------------------------------

// Two roads along row -1, one with a red meeple (west part: RE at -1, R at 0) and one with a
// yellow meeple (RE at 2), joined by an R at (1,-1): seed 004 "Gezamenlijk punten krijgen",
// Voorbeeld 1b: "elk 4 punten, in totaal dus 8".
void two_roads(Table& t, int west_colour, int east_colour) {
  t.put("R", 0, -1, 0);
  t.put("RE", -1, -1, 2);
  t.put("RE", 2, 0, 0);
  t.put("RE", 2, -1, 0);
  t.meeple(west_colour, 0, -1, SegmentKind::Road);
  t.meeple(east_colour, 2, -1, SegmentKind::Road);
}

TEST(MistsScoring, RoadSharedByTwoColoursPaysEach) {
  Table t(1, 4);
  two_roads(t, kRed, kYellow);
  t.play("R", 1, -1, 0);
  t.act("pass");
  ASSERT_EQ(t.s().phase(), Phase::ScoreChoice);
  t.act("points");
  EXPECT_EQ(t.score(), 8);
  EXPECT_EQ(t.count(EventKind::Scored), 2);
  EXPECT_EQ(t.in_supply(kRed), 5);
  EXPECT_EQ(t.in_supply(kYellow), 5);
}

// FAQ.MoC.0004, Dized.MoC.0003: choosing to remove ghosts instead voids the whole combined
// scoring, for every colour; the meeples still go home.
TEST(MistsScoring, RemovingGhostsVoidsTheWholeCombinedScoring) {
  Table t(1, 4);
  two_roads(t, kRed, kYellow);
  t.ghosts(1, 1, 3);
  t.play("R", 1, -1, 0);
  t.act("pass");
  t.act("remove-ghosts 1,1 3");
  EXPECT_EQ(t.score(), 0);
  EXPECT_EQ(t.count(EventKind::Scored), 0);
  EXPECT_EQ(t.ghosts_at(1, 1), 0);
  EXPECT_EQ(t.in_supply(kRed), 5);
  EXPECT_EQ(t.in_supply(kYellow), 5);
  EXPECT_EQ(t.count(EventKind::MeepleReturned), 2);
}

// Dized.MoC.0034: several meeples of one colour count once.
TEST(MistsScoring, OneColourCountsOnce) {
  Table t(1, 4);
  two_roads(t, kRed, kRed);
  t.play("R", 1, -1, 0);
  t.act("pass");
  t.act("points");
  EXPECT_EQ(t.score(), 4);
  EXPECT_EQ(t.in_supply(kRed), 5);
}

// A 5-tile road (RE, R, joiner, R, RE on row -1) with 2 blue meeples and 1 red one:
// Dized.MoC.0004 "In dit geval krijgen jullie in totaal 10 punten, 5 voor blauw en 5 voor rood";
// coop-scoring=majority (the earlier answer of footnote 14): "slechts 5 punten".
void five_tile_road(Table& t) {
  t.put("R", 0, -1, 0);
  t.put("RE", -1, -1, 2);
  t.put("RE", 2, 0, 0);
  t.put("R", 2, -1, 0);
  t.put("RE", 3, -1, 0);
  t.meeple(kBlue, 0, -1, SegmentKind::Road);
  t.meeple(kBlue, 2, -1, SegmentKind::Road);
  t.meeple(kRed, 3, -1, SegmentKind::Road);
}

TEST(MistsScoring, TwoBlueOneRedOnFiveTilesIsTenOrFiveUnderMajority) {
  for (bool majority : {false, true}) {
    SCOPED_TRACE(majority ? "coop-scoring=majority" : "coop-scoring=per-colour");
    Table t(
        1, 3,
        majority ? std::vector<std::string>{"coop-scoring=majority"} : std::vector<std::string>{});
    five_tile_road(t);
    t.play("R", 1, -1, 0);
    t.act("pass");
    t.act("points");
    EXPECT_EQ(t.score(), majority ? 5 : 10);
    EXPECT_EQ(t.in_supply(kBlue), 5);
    EXPECT_EQ(t.in_supply(kRed), 5);
  }
}

// FAQ.MoC.0005's own example: "Jullie krijgen elk 6 punten voor de weg, dus in totaal 12" with
// different numbers of meeples of two colours (here 2 red, 1 blue on a 6-tile road); under
// coop-scoring=majority only red scores, 6.
TEST(MistsScoring, Faq0005SixTileRoadIsTwelve) {
  for (bool majority : {false, true}) {
    SCOPED_TRACE(majority ? "coop-scoring=majority" : "coop-scoring=per-colour");
    Table t(
        1, 3,
        majority ? std::vector<std::string>{"coop-scoring=majority"} : std::vector<std::string>{});
    t.put("R", 0, -1, 0);
    t.put("R", -1, -1, 0);
    t.put("RE", -2, -1, 2);
    t.put("RE", 2, 0, 0);
    t.put("R", 2, -1, 0);
    t.put("RE", 3, -1, 0);
    t.meeple(kRed, -1, -1, SegmentKind::Road);
    t.meeple(kRed, 0, -1, SegmentKind::Road);
    t.meeple(kBlue, 2, -1, SegmentKind::Road);
    t.play("R", 1, -1, 0);
    t.act("pass");
    t.act("points");
    EXPECT_EQ(t.score(), majority ? 6 : 12);
  }
}

// Dized.MoC.0001: the multiplication covers coats of arms: a 2-tile city with a shield is worth
// 2*2 + 2 = 6 (Dized.MoC.0046, 0048), 12 for two colours (both put on the open city, as if
// two cities had been joined).
TEST(MistsScoring, CoatsOfArmsAreMultipliedToo) {
  Table t(1, 3);
  t.put("C", 0, -1, 0);
  t.meeple(kBlue, 0, -1, SegmentKind::City);
  t.meeple(kRed, 0, -1, SegmentKind::City);
  t.play("CS", 0, -2, 2);  // city on S, closing the city
  t.act("pass");
  t.act("points");
  EXPECT_EQ(t.score(), 12);
  EXPECT_EQ(t.in_supply(kRed), 5);
  EXPECT_EQ(t.in_supply(kBlue), 5);
}

// Seed 004 Level 2 "Spookslotten": "Er zijn in totaal 5 tegels met mist erop rondom het
// spookslot, plus de spookslot-tegel zelf. Jullie krijgen 12 punten" (Dized.MoC.0029-0031).
// Castle (0,3) with misty (-1,2), (0,2), (1,2), (-1,3) and, last, (1,4); clear (1,3), (-1,4),
// (0,4).
TEST(MistsScoring, CastleWithFiveMistyNeighboursIsTwelve) {
  Table t(2, 3);
  t.put("M1", 0, 2);
  t.put("M1", 1, 2);
  t.put("M1", -1, 2);
  t.put("K", 0, 3);
  t.put("MS1", -1, 3);
  t.put("F", 1, 3);
  t.put("F", -1, 4);
  t.put("F", 0, 4);
  t.meeple(kRed, 0, 3, SegmentKind::Castle);
  t.play("M1", 1, 4, 0);
  t.act("pass");
  ASSERT_EQ(t.s().phase(), Phase::ScoreChoice);
  t.act("points");
  EXPECT_EQ(t.score(), 12);
  EXPECT_EQ(t.in_supply(kRed), 5);
}

// A castle not yet surrounded scores nothing; a surrounded castle without a meeple neither
// (unoccupied-scoring=no-scoring).
TEST(MistsScoring, CastleScoresOnlyWhenSurroundedAndOccupied) {
  Table t(2, 3);
  t.put("RE", 2, 0, 0);
  t.put("K", 2, 1, 0);
  t.put("F", 3, 0);
  t.put("F", 3, 1);
  t.put("F", 1, 2);
  t.meeple(kRed, 2, 1, SegmentKind::Castle);
  t.play("F", 2, 2, 0);  // 7 of 8
  t.act("pass");
  EXPECT_EQ(t.count(EventKind::FeatureFinished), 0);
  EXPECT_EQ(t.s().phase(), Phase::Draw);
  EXPECT_EQ(t.in_supply(kRed), 4);
}

// Dized.MoC.0036: one tile, two scorings, each its own choice: the tile at (2,0) finishes the
// start road (blue) and a 2-tile city (red); the road takes its points (5 tiles), the city
// removes ghosts instead.
TEST(MistsScoring, EachScoringIsItsOwnChoice) {
  Table t(1, 3);
  t.put("RE", -1, 0, 2);
  t.put("F", 1, -1);
  t.put("C", 2, -1, 2);  // city on S
  t.put("F", 3, -1);
  t.put("RE", 3, 0, 0);  // road on W
  t.ghosts(1, 1, 3);
  t.meeple(kBlue, 0, 0, SegmentKind::Road);
  t.meeple(kRed, 2, -1, SegmentKind::City);
  t.play("CRM", 2, 0, 0);
  t.act("pass");
  int decisions = 0;
  while (t.s().phase() == Phase::ScoreChoice) {
    ++decisions;
    FeatureClass under = FeatureClass::None;  // the feature under decision: the last finished
    for (const Event& e : t.log)
      if (e.kind == EventKind::FeatureFinished) under = e.feature;
    if (under == FeatureClass::City)
      t.act("remove-ghosts 1,1 3");
    else
      t.act("points");
  }
  EXPECT_EQ(decisions, 2);
  EXPECT_EQ(t.count(EventKind::FeatureFinished), 2);
  EXPECT_EQ(t.score(), 5);
  EXPECT_EQ(t.ghosts_at(1, 1), 0);
  EXPECT_EQ(t.in_supply(kRed), 5);
  EXPECT_EQ(t.in_supply(kBlue), 5);
}

// Dized.MoC.0047: meeples come back only when their feature is scored; an unfinished road
// keeps its meeple.
TEST(MistsScoring, MeeplesStayOnUnfinishedFeatures) {
  Table t(1, 3);
  t.play("R", 2, 0, 0);
  t.act("meeple road:W");
  EXPECT_EQ(t.count(EventKind::Scored), 0);
  EXPECT_EQ(t.in_supply(kRed), 4);
  EXPECT_EQ(t.s().phase(), Phase::Draw);
}

}  // namespace
}  // namespace carcheck::mists_test
