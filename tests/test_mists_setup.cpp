// Mists over Carcassonne: setup per level and player count, on the inline tile set
// (tests/test_mists_table.h). Sources: seed 004 (Dutch) "Speelmateriaal en voorbereiding", the
// setup of Levels 2-6, FAQ.MoC.0006, FAQ.MoC.0007; reference/mists-rules.md.
#include <stdexcept>

#include "test_mists_table.h"

namespace carcheck::mists_test {
namespace {

// "Leg tenslotte 15 spoken als algemene voorraad ... Zet 3 van de spoken op de spook-symbolen
// die op de starttegel staan"; Levels 4 and 5 "Doe ... 2 spoken terug in de doos", Level 6
// "Doe 3 spoken terug in de doos". In play 15/15/15/13/13/12, supply 12/12/12/10/10/9.
TEST(MistsSetup, GhostsPerLevel) {
  const int in_play[] = {15, 15, 15, 13, 13, 12};
  for (int level = 1; level <= 6; ++level) {
    SCOPED_TRACE("level " + std::to_string(level));
    Table t(level, 3);
    EXPECT_EQ(t.s().mists().ghosts_on_board(), 3);
    EXPECT_EQ(t.ghosts_at(0, 0), 1);
    EXPECT_EQ(t.ghosts_at(1, 0), 1);
    EXPECT_EQ(t.ghosts_at(0, 1), 0);
    EXPECT_EQ(t.ghosts_at(1, 1), 1);
    EXPECT_EQ(t.s().mists().ghost_supply, in_play[level - 1] - 3);
    EXPECT_EQ(t.s().mists().ghost_box, 15 - in_play[level - 1]);
  }
}

// 3-5 players: 5 meeples of one colour each; 2 players: 3+3 of two colours each; solo: 12,
// 3 in each of 4 colours (FAQ.MoC.0006). The same for Levels 1-5.
TEST(MistsSetup, MeeplesPerPlayerCount) {
  for (int level = 1; level <= 5; ++level) {
    SCOPED_TRACE("level " + std::to_string(level));
    {
      Table t(level, 1);
      EXPECT_EQ(t.game->colours(), 4);
      for (int c = 0; c < 4; ++c) {
        EXPECT_EQ(t.in_supply(c), 3);
        EXPECT_EQ(t.game->owner(c), 0);
      }
      EXPECT_EQ(t.s().meeples().size(), 12u);
    }
    {
      Table t(level, 2);
      EXPECT_EQ(t.game->colours(), 4);
      const int owner[] = {0, 0, 1, 1};
      for (int c = 0; c < 4; ++c) {
        EXPECT_EQ(t.in_supply(c), 3);
        EXPECT_EQ(t.game->owner(c), owner[c]);
      }
    }
    for (int players = 3; players <= 5; ++players) {
      Table t(level, players);
      EXPECT_EQ(t.game->colours(), players);
      for (int c = 0; c < players; ++c) {
        EXPECT_EQ(t.in_supply(c), 5);
        EXPECT_EQ(t.game->owner(c), c);
      }
    }
    EXPECT_EQ(Table(level, 3).s().score_count(), 1);  // one shared scoring meeple
  }
}

// 6 colours in the box, one of them for the scoring meeple: at most 5 players.
TEST(MistsSetup, SixPlayersRefusedNamingTheScoringMeeple) {
  for (int level : {1, 3, 6}) {
    SCOPED_TRACE("level " + std::to_string(level));
    try {
      Table t(level, 6);
      ADD_FAILURE() << "6 players were accepted";
    } catch (const std::invalid_argument& e) {
      std::string what = e.what();
      EXPECT_NE(what.find("1-5 players"), std::string::npos) << what;
      EXPECT_NE(what.find("scoring meeple"), std::string::npos) << what;
    }
  }
  EXPECT_THROW(Table(2, 0), std::invalid_argument);
}

// Level 6 (FAQ.MoC.0007, revised rules): 3 scoring meeples, one track each. 3-5 players take
// them out of their own supplies ("Bij een spel met 3 spelers heeft elke speler (kleur) zijn
// eigen telmeeple"); solo and 2 players take them from the box. (The Table chooses red, green
// and blue where there is a choice: test_mists_level6.cpp tests the choice.)
TEST(MistsSetup, Level6ScoringMeeples) {
  for (int players = 1; players <= 5; ++players) {
    SCOPED_TRACE(std::to_string(players) + " players");
    Table t(6, players);
    EXPECT_EQ(t.s().score_count(), 3);
    ASSERT_EQ(t.s().mists().scorers.size(), 3);
    EXPECT_EQ(t.game->scoring_meeples_from_supply(), players >= 3);
    for (int c = 0; c < t.game->colours(); ++c) {
      bool scorer = c < 3;
      int expected = players <= 2 ? 3 : (scorer ? 4 : 5);
      EXPECT_EQ(t.in_supply(c), expected) << kColourWords[static_cast<size_t>(c)].word;
    }
  }
}

// Level 1: "Doe voor niveau 1 de 5 kerkhoven en de 5 spookslotten terug in de doos" (50 land
// tiles); Level 2 shuffles them in (60).
TEST(MistsSetup, Level1HasNoCastlesNorCemeteries) {
  for (int level = 1; level <= 6; ++level) {
    SCOPED_TRACE("level " + std::to_string(level));
    Table t(level, 2);
    int castles = 0, cemeteries = 0;
    for (const TileType& tt : t.game->tiles()) {
      castles += tt.has(SegmentKind::Castle) ? tt.count : 0;
      cemeteries += tt.has(SegmentKind::Cemetery) ? tt.count : 0;
    }
    EXPECT_EQ(castles, level == 1 ? 0 : 5);
    EXPECT_EQ(cemeteries, level == 1 ? 0 : 5);
    EXPECT_EQ(t.s().tiles_remaining(), level == 1 ? 50 : 60);
  }
}

// Levels 1-2: one face-down supply; Levels 3+: "3 gelijke stapels van elk 20 tegels", the
// first one active; two hounds waiting from Level 3 on.
TEST(MistsSetup, PilesOfTwentyFromLevel3) {
  for (int level = 1; level <= 6; ++level) {
    SCOPED_TRACE("level " + std::to_string(level));
    Table t(level, 2);
    if (level <= 2) {
      EXPECT_EQ(t.s().piles(), 1);
      EXPECT_TRUE(t.s().mists().hounds.empty());
    } else {
      ASSERT_EQ(t.s().piles(), 3);
      for (int p = 0; p < 3; ++p) EXPECT_EQ(t.s().pile_size(p), 20);
      EXPECT_EQ(t.s().active_pile(), 0);
      ASSERT_EQ(t.s().mists().hounds.size(), 2u);
      for (const Hound& h : t.s().mists().hounds) EXPECT_EQ(h.status, Hound::Waiting);
    }
    EXPECT_EQ(t.s().phase(), Phase::Draw);
  }
}

// Levels 3+: a draw comes only from the active pile (summary 1a).
TEST(MistsSetup, DrawOnlyFromTheActivePile) {
  Table t(3, 2);
  t.pile(0, {"F", "R"});
  t.pile(1, {"C"});
  EXPECT_NE(t.refusal("draw C").find("active pile"), std::string::npos);
  t.act("draw R");
  EXPECT_EQ(t.s().pile_size(0), 1);
  EXPECT_EQ(t.s().phase(), Phase::Place);
}

}  // namespace
}  // namespace carcheck::mists_test
