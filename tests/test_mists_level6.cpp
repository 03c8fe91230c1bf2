// Mists over Carcassonne, Level 6 (the revised rules, FAQ.MoC.0007): three scoring meeples,
// each colour scoring its own points, markers reached only when every scoring meeple has
// reached them. Sources: seed 004 Level 6 "3. Puntentelling afhandelen", Voorbeeld 1a/1b,
// footnote 29; interpretations.md level6-unowned-colour. With 4 players the colours are red,
// green, blue, yellow; the tables here choose red, green and blue for the scoring meeples
// (tracks 0, 1, 2), so yellow is the colour without one (the seed's example has red in that
// place), except where the choice itself is tested.
#include "test_mists_table.h"

namespace carcheck::mists_test {
namespace {

// Seed 004 Level 6: "Jullie bepalen de kleuren van die meeples" (you decide the colours of
// those meeples). Before the first draw the team chooses 3 of the colours in play: every such
// set is listed (C(4,3) = 4 with 4 colours, C(5,3) = 10 with 5), and with 3 colours there is
// nothing to choose. The tracks follow the chosen colours in ascending order; 3-5 players
// take the scoring meeples out of those colours' supplies.
TEST(MistsLevel6, TheTeamChoosesTheScoringColoursBeforeTheFirstDraw) {
  const int choices[] = {0, 4, 4, 1, 4, 10};  // by players: solo and 2 players play 4 colours
  for (int players = 1; players <= 5; ++players) {
    SCOPED_TRACE(std::to_string(players) + " players");
    Table t(6, players, {}, 7, false);
    if (players == 3) {
      EXPECT_EQ(t.s().phase(), Phase::Draw);
      EXPECT_EQ(t.s().mists().scorers.size(), 3);
      continue;
    }
    ASSERT_EQ(t.s().phase(), Phase::ScoringMeeples);
    EXPECT_TRUE(t.s().mists().scorers.empty());
    EXPECT_EQ(t.legal_count(ActionKind::ScoringMeeples), choices[players]);
    EXPECT_NE(t.refusal("draw F"), "");                     // no draw before the choice
    EXPECT_NE(t.refusal("scoring-meeples red green"), "");  // three, not two
    EXPECT_NE(t.refusal("scoring-meeples red green blue yellow"), "");
    EXPECT_NE(t.refusal("scoring-meeples red red green"), "");  // a colour twice
    const std::string last = players == 5 ? "black" : "yellow";
    t.act("scoring-meeples " + last + " green blue");
    ASSERT_EQ(t.s().mists().scorers.size(), 3);
    EXPECT_EQ(t.s().mists().scorers[0], kGreen);  // tracks in ascending colour order
    EXPECT_EQ(t.s().mists().scorers[1], kBlue);
    EXPECT_EQ(t.s().mists().scorers[2], players == 5 ? kBlack : kYellow);
    EXPECT_EQ(t.s().phase(), Phase::Draw);
    if (players >= 3) {  // out of the chosen colours' supplies (5 each)
      EXPECT_EQ(t.in_supply(kRed), 5);
      EXPECT_EQ(t.in_supply(kGreen), 4);
      EXPECT_EQ(t.in_supply(players == 5 ? kBlack : kYellow), 4);
    } else {  // from the box: 3 each stay in supply
      EXPECT_EQ(t.in_supply(kRed), 3);
      EXPECT_EQ(t.in_supply(kGreen), 3);
    }
  }
}

// Voorbeeld 1a: red's tile closes a city that red and yellow occupy: 2 tiles + 1 coat of arms,
// 6 points for each colour; the points are taken.
void red_and_yellow_close_a_city(Table& t) {
  t.put("C", 0, -1, 0);
  t.meeple(kRed, 0, -1, SegmentKind::City);
  t.meeple(kYellow, 0, -1, SegmentKind::City);
  t.pile(0, {"F", "CS"});
  t.play("CS", 0, -2, 2);
  t.act("pass");
  t.act("points");
}

// Turn order makes the colours unequal, so the choice changes the game: with 4 players red
// unowned, red's 6 city points go to a track the team picks (Voorbeeld 1a with red as the
// seed has it: "Rood mag daarom kiezen welke kleur de punten die rood verdiend heeft gaat
// krijgen").
TEST(MistsLevel6, TheSeedsExampleWithRedWithoutAScoringMeeple) {
  Table t(6, 4, {}, 7, false);
  t.act("scoring-meeples green blue yellow");
  red_and_yellow_close_a_city(t);
  ASSERT_EQ(t.s().phase(), Phase::Track);
  EXPECT_NE(t.refusal("track red"), "");
  t.act("track green");
  EXPECT_EQ(t.s().score(0).total, 6);  // green, for red
  EXPECT_EQ(t.s().score(1).total, 0);  // blue
  EXPECT_EQ(t.s().score(2).total, 6);  // yellow
  EXPECT_EQ(t.in_supply(kRed), 5);     // red has no scoring meeple: 5 to play
}

// Voorbeeld 1a/1b: "Zowel rood als geel krijgen 6 punten ... Rood mag daarom kiezen welke kleur
// de punten die rood verdiend heeft gaat krijgen. Je kiest voor groen en verzet zowel de gele
// als de groene telmeeple elk 6 velden vooruit."
TEST(MistsLevel6, EachColourScoresItsOwnAndUnownedPointsGoToAChosenTrack) {
  Table t(6, 4);
  red_and_yellow_close_a_city(t);
  ASSERT_EQ(t.s().phase(), Phase::Track);
  EXPECT_EQ(t.legal_count(ActionKind::Track), 3);
  EXPECT_NE(t.refusal("track yellow"), "");
  t.act("track green");
  EXPECT_EQ(t.s().score(0).total, 6);  // red
  EXPECT_EQ(t.s().score(1).total, 6);  // green, for yellow
  EXPECT_EQ(t.s().score(2).total, 0);  // blue
  EXPECT_EQ(t.score(), 0);             // the lowest track
  EXPECT_EQ(t.in_supply(kRed), 4);     // 5 minus the scoring meeple (3-5 players)
  EXPECT_EQ(t.in_supply(kYellow), 5);
  EXPECT_EQ(t.s().phase(), Phase::Draw);
}

// "Het vereiste aantal punten voor elke hond of het doelfiche is pas bereikt als elke speler
// die bereikt of gepasseerd heeft": hound I (10) waits for the lowest track.
TEST(MistsLevel6, AHoundIsReachedOnlyWhenEveryTrackPassedIt) {
  Table t(6, 4);
  t.put("RE", 2, 0, 0);
  t.put("C", 0, -1, 0);
  t.put("C", 1, -1, 0);
  t.meeple(kRed, 0, 0, SegmentKind::Road);
  t.meeple(kBlue, 0, -1, SegmentKind::City);
  int green = t.meeple(kGreen, 1, -1, SegmentKind::City);
  t.pile(0, {"F", "CS", "RE"});
  t.s().setup_score(0, 12);
  t.s().setup_score(1, 12);
  t.s().setup_score(2, 8);
  t.play("RE", -1, 0, 2);  // red's road: 4
  t.act("pass");
  t.act("points");
  EXPECT_EQ(t.s().score(0).total, 16);
  EXPECT_EQ(t.s().mists().hounds[0].status, Hound::Waiting);
  EXPECT_EQ(t.s().active_pile(), 0);
  t.play("CS", 0, -2, 2);  // blue's city: 6, the lowest track now 12
  t.act("pass");
  t.act("points");
  EXPECT_EQ(t.score(), 12);
  EXPECT_EQ(t.s().mists().hounds[0].status, Hound::Placed);
  EXPECT_EQ(t.s().mists().hounds[0].meeple, green);
  ASSERT_EQ(t.s().phase(), Phase::HoundClear);
  t.act("clear stop");
  EXPECT_EQ(t.s().active_pile(), 1);
}

// FAQ.MoC.0007 (second answer), footnote 29: a hound scores for the colour of its meeple; for a
// colour without a scoring meeple the team picks the track, for the hound's points as well.
TEST(MistsLevel6, TheHoundScoresForItsMeeplesColour) {
  for (int colour : {kBlue, kYellow}) {
    SCOPED_TRACE(kColourWords[static_cast<size_t>(colour)].word);
    Table t(6, 4);
    t.put("RE", 2, 0, 0);
    t.ghosts(1, 1, 3);
    int m = t.meeple(colour, 0, 0, SegmentKind::Road);
    ASSERT_FALSE(setup_hound(*t.st, 0, m));
    ASSERT_FALSE(t.st->setup_active_pile(1));
    t.pile(1, {"F", "RE"});
    t.play("RE", -1, 0, 2);
    t.act("pass");
    t.act("points");
    if (colour == kYellow) {
      ASSERT_EQ(t.s().phase(), Phase::Track);
      t.act("track red");  // the road's 4
      ASSERT_EQ(t.s().phase(), Phase::Track);
      t.act("track green");  // the hound's 5 (one per ghost on the board)
      EXPECT_EQ(t.s().score(0).total, 4);
      EXPECT_EQ(t.s().score(1).total, 5);
      EXPECT_EQ(t.s().score(2).total, 0);
    } else {
      EXPECT_EQ(t.s().score(2).total, 4 + 5);
      EXPECT_EQ(t.s().score(2).by_feature[7], 5);
      EXPECT_EQ(t.s().score(0).total, 0);
    }
    EXPECT_EQ(t.s().mists().hounds[0].status, Hound::Scored);
    EXPECT_EQ(t.s().phase(), Phase::Draw);
  }
}

// The goal (50) is reached only when every scoring meeple has reached it.
TEST(MistsLevel6, TheGoalNeedsEveryTrack) {
  for (bool all : {true, false}) {
    SCOPED_TRACE(all ? "every track passes 50" : "green stays at 48");
    Table t(6, 4);
    t.put("RE", 2, 0, 0);
    t.meeple(kBlue, 0, 0, SegmentKind::Road);
    ASSERT_FALSE(t.st->setup_active_pile(2));
    t.pile(2, {"F", "RE"});
    t.s().setup_score(0, 60);
    t.s().setup_score(1, all ? 60 : 48);
    t.s().setup_score(2, 48);
    t.play("RE", -1, 0, 2);
    t.act("pass");
    t.act("points");
    EXPECT_EQ(t.s().score(2).total, 52);
    EXPECT_EQ(t.s().is_terminal(), all);
    EXPECT_EQ(t.s().won(), all);
  }
}

// Solo and 2 players take the scoring meeples from the box: every colour keeps its 3.
TEST(MistsLevel6, SoloScoringMeeplesComeFromTheBox) {
  Table t(6, 1);
  EXPECT_EQ(t.s().score_count(), 3);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(t.in_supply(c), 3);
  t.put("C", 0, -1, 0);
  t.meeple(kYellow, 0, -1, SegmentKind::City);
  t.pile(0, {"F", "CS"});
  t.play("CS", 0, -2, 2);
  t.act("pass");
  t.act("points");
  ASSERT_EQ(t.s().phase(), Phase::Track);  // yellow has no scoring meeple
  t.act("track blue");
  EXPECT_EQ(t.s().score(2).total, 6);
}

}  // namespace
}  // namespace carcheck::mists_test
