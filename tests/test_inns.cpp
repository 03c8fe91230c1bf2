// Inns & Cathedrals (C1), the add-on room `inns-cathedrals` (engine/inns.cpp): its tile set as
// river-inns-rules.md counts it, the large follower (supply, legal actions, notation, weight 2
// in majorities), inn and cathedral values, checked random games and the large-follower
// conservation invariant (checker/inns_invariants.cpp) catching a rule broken on purpose.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

#include "checker/play_checked.h"
#include "checker/policies.h"
#include "dsl/action_parser.h"
#include "dsl/library.h"
#include "engine/notation.h"
#include "engine/testing_hooks.h"
#include "test_support.h"

namespace carcheck {
namespace {

std::unique_ptr<Game> inns_game(int players = 2) {
  GameOptions o;
  o.rules = "base-inns";
  o.players = players;
  return make_game(Library::shipped(), o);
}

// river-inns-rules.md tile table: 18 tiles, 6 inns (I11-I16), 2 cathedrals (I1 x2), 3 coats of
// arms (I6, I10, I13); base-inns plays them with the base game's 72.
TEST(InnsTiles, TheSetCountsAsTheDigest) {
  std::unique_ptr<Game> g = inns_game();
  int tiles = 0, inns = 0, cathedrals = 0, shields = 0, all = 0;
  for (const TileType& t : g->tiles()) {
    all += t.count;
    if (t.set != "inns-c1") continue;
    tiles += t.count;
    const CellFace& f = t.face(0);
    for (int i = 0; i < f.n_segments; ++i) {
      inns += (f.segments[i].flags & kSegInn) ? t.count : 0;
      cathedrals += (f.segments[i].flags & kSegCathedral) ? t.count : 0;
    }
    shields += t.shields() * t.count;
  }
  EXPECT_EQ(tiles, 18);
  EXPECT_EQ(inns, 6);
  EXPECT_EQ(cathedrals, 2);
  EXPECT_EQ(shields, 3);
  EXPECT_EQ(all, 90);  // 72 + 18, the start tile among them
}

// I3: four caps claim all 12 ports; the field between them has no port and borders all four.
TEST(InnsTiles, TheFourCapTileHasAFieldInside) {
  std::unique_ptr<Game> g = inns_game();
  const TileId id = g->find_tile("four-city-caps");
  ASSERT_GE(id, 0);
  for (int r = 0; r < kRotations; ++r) {
    const CellFace& f = g->tile(id).face(r);
    ASSERT_EQ(f.n_segments, 5);
    const Segment& field = f.segments[4];
    EXPECT_EQ(field.kind, SegmentKind::Field);
    EXPECT_EQ(field.ports, 0);
    EXPECT_EQ(field.borders, 0b1111);
  }
}

// S17: 7 followers and 1 large follower in each supply; the base game alone has no large one.
TEST(InnsLargeFollower, OnePerColourInSupply) {
  std::unique_ptr<Game> g = inns_game(6);
  EXPECT_EQ(g->meeples_per_colour(), 8);
  EXPECT_EQ(g->large_per_colour(), 1);
  State s(*g, 1);
  for (int c = 0; c < 6; ++c) EXPECT_EQ(s.meeples_in_supply(c), 8);
  int large = 0;
  for (const Meeple& m : s.meeples()) large += m.weight == 2;
  EXPECT_EQ(large, 6);

  GameOptions o;
  o.rules = "base-c1";
  o.players = 2;
  std::unique_ptr<Game> base = make_game(Library::shipped(), o);
  EXPECT_EQ(base->large_per_colour(), 0);
  EXPECT_EQ(base->meeples_per_colour(), 7);
}

// The meeple step offers each spot twice (normal, large) while the large one is in supply, once
// when it is on the board; the notation writes and reads `large`.
TEST(InnsLargeFollower, OfferedOnceAndWrittenLarge) {
  std::unique_ptr<Game> g = inns_game();
  State s(*g, 7);
  ActionList list;
  // Play until a meeple step offers something.
  for (int guard = 0; guard < 40 && s.phase() != Phase::Meeple; ++guard) {
    s.legal_actions(list);
    ASSERT_FALSE(s.apply(list.items[list.size - 1]));
  }
  ASSERT_EQ(s.phase(), Phase::Meeple);
  s.legal_actions(list);
  int normal = 0, large = 0;
  std::optional<Action> big;
  for (int i = 0; i < list.size; ++i) {
    const Action& a = list.items[i];
    if (a.kind != ActionKind::Meeple) continue;
    (a.count == kMeepleLarge ? large : normal) += 1;
    if (a.count == kMeepleLarge && !big) big = a;
  }
  ASSERT_GT(normal, 0);
  EXPECT_EQ(normal, large);
  ASSERT_TRUE(big);
  const std::string text = action_text(s, *big);
  EXPECT_NE(text.find(" large"), std::string::npos) << text;
  std::string error;
  std::optional<Action> back = parse_action(s, text, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(*back, *big);
  const int colour = big->colour;
  ASSERT_FALSE(s.apply(*big));
  EXPECT_EQ(s.meeples_in_supply(colour), 7);
  // The large follower is on the board: asking for it again is refused with the reason.
  int large_in_supply = 0;
  for (const Meeple& m : s.meeples())
    large_in_supply += m.colour == colour && m.weight == 2 && m.cell < 0;
  EXPECT_EQ(large_in_supply, 0);
}

// A large follower written in a base game is refused: that rule set has none.
TEST(InnsLargeFollower, RefusedWithoutTheRoom) {
  GameOptions o;
  o.rules = "base-c1";
  o.players = 2;
  std::unique_ptr<Game> g = make_game(Library::shipped(), o);
  State s(*g, 7);
  ActionList list;
  for (int guard = 0; guard < 40 && s.phase() != Phase::Meeple; ++guard) {
    s.legal_actions(list);
    ASSERT_FALSE(s.apply(list.items[list.size - 1]));
  }
  s.legal_actions(list);
  for (int i = 0; i < list.size; ++i) EXPECT_NE(list.items[i].count, kMeepleLarge);
  Action a = list.items[list.size - 1];
  ASSERT_EQ(a.kind, ActionKind::Meeple);
  a.count = kMeepleLarge;
  std::optional<std::string> why = s.apply(a);
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "this rule set has no large followers");
}

std::optional<std::string> first_failure(const Game& g, int games) {
  for (int i = 1; i <= games; ++i) {
    GameStart from;
    from.seed = static_cast<uint64_t>(i);
    State s(g, from.seed);
    Rng chooser(from.seed * 31 + 7);
    CheckedGame r = play_checked(s, from, uniform_choice(chooser), false);
    if (r.failure) return r.failure;
  }
  return std::nullopt;
}

// Random games of 2 to 6 players pass every invariant, large-follower conservation included.
TEST(InnsGames, CheckedRandomGamesAreClean) {
  for (int players = 2; players <= 6; ++players) {
    std::unique_ptr<Game> g = inns_game(players);
    std::optional<std::string> f = first_failure(*g, 4);
    EXPECT_FALSE(f) << players << " players: " << *f;
  }
}

// engine/testing_hooks.h LargeFollowerShrinks: a large follower put down turns normal. The
// conservation invariant sees a colour without its large follower.
TEST(InnsGames, ConservationCatchesALargeFollowerLost) {
  std::unique_ptr<Game> g = inns_game();
  {
    testing::break_rule = testing::BrokenRule::LargeFollowerShrinks;
    std::optional<std::string> found = first_failure(*g, 20);
    testing::break_rule = testing::BrokenRule::None;
    ASSERT_TRUE(found) << "a large follower lost went unnoticed";
    EXPECT_NE(found->find("inns: large followers not conserved"), std::string::npos) << *found;
  }
  EXPECT_FALSE(first_failure(*g, 20));
}

}  // namespace
}  // namespace carcheck
