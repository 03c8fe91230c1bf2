// legal_placements against the placement rule read off the board (issue 18 section 2): on
// boards from random games of every rule set, every tile type the pile holds is drawn on a
// copy of the state and the placements offered must be exactly those the geometry allows,
// each once. The oracle is written here from the public State (the same reading as
// checker/invariants.cpp's, which another room owns), so the engine's frontier and its
// caches cannot vouch for themselves. Copies and replays must offer the same lists, in order.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "checker/bcb_geometry.h"
#include "checker/policies.h"
#include "dsl/library.h"
#include "test_support.h"

namespace carcheck {
namespace {

using Placement = std::tuple<int, int, int>;  // x, y, rotation

std::unique_ptr<Game> game_for(const std::string& rules, int level) {
  GameOptions o;
  o.rules = rules;
  o.level = level;
  o.players = 2;
  return make_game(Library::shipped(), o);
}

// The placement rule for a one-cell tile: an empty space, at least one placed tile along a
// side (corners do not count), every face-up neighbour's side (a bridge end a road) of the
// same terrain, and beside a face-down tile only when a face-up one is touched too.
bool fits_here(const State& s, const TileType& t, int x, int y, int rot) {
  if (s.cell_at(x, y) >= 0) return false;
  const CellFace& f = t.rot[rot][0];
  bool face_up = false;
  for (int side = 0; side < kSides; ++side) {
    const int nb = s.cell_at(x + kDx[side], y + kDy[side]);
    if (nb < 0) continue;
    if (s.hidden(nb)) continue;  // touches, but does not count alone (Dized.MoC.0015)
    face_up = true;
    if (shown_side(s, nb, opposite_side(side)) != f.sides[side]) return false;
  }
  return face_up;
}

// Every placement the rule allows, found from the placed cells (not from the frontier).
std::vector<Placement> oracle(const State& s, TileId tile) {
  const TileType& t = s.game().tile(tile);
  std::set<Placement> all;
  for (int c = 0; c < s.cells(); ++c)
    for (int side = 0; side < kSides; ++side) {
      const int x = s.cell(c).x + kDx[side], y = s.cell(c).y + kDy[side];
      for (int rot = 0; rot < kRotations; ++rot)
        if (fits_here(s, t, x, y, rot)) all.emplace(x, y, rot);
    }
  return {all.begin(), all.end()};
}

struct Offered {
  std::vector<Placement> plain;  // sorted; duplicates kept so that they show
  int bridged = 0;               // BCB: placements that come with a bridge
};

Offered offered(const ActionList& legal) {
  Offered o;
  for (const Action& a : legal) {
    if (a.kind != ActionKind::Place) continue;
    if (a.count != 0)
      ++o.bridged;
    else
      o.plain.emplace_back(a.x, a.y, a.rot);
  }
  std::sort(o.plain.begin(), o.plain.end());
  return o;
}

// Draws each distinct tile of the pile on a copy of `s` (a chance node) and compares what
// is offered with the oracle. Returns the tile types checked.
std::set<TileId> check_every_draw(const State& s, const std::string& where) {
  std::set<TileId> checked;
  ActionList draws, legal;
  s.legal_actions(draws);
  for (const Action& d : draws) {
    State copy = s;
    if (!test_support::ok(copy.apply(d))) {
      ADD_FAILURE() << where << ": the draw of tile " << d.tile << " was refused";
      continue;
    }
    const std::vector<Placement> want = oracle(copy, d.tile);
    bool set_aside = false;
    for (const Event& e : copy.events()) set_aside |= e.kind == EventKind::TileSetAside;
    if (copy.phase() != Phase::Place) {  // set aside, or the room took the turn over
      if (set_aside) {
        EXPECT_TRUE(want.empty()) << where << ": tile " << d.tile << " set aside";
      }
      continue;
    }
    copy.legal_actions(legal);
    const Offered got = offered(legal);
    EXPECT_EQ(got.plain, want) << where << ": tile " << s.game().tile(d.tile).name;
    if (s.game().rules().family == Family::Bcb) {
      EXPECT_EQ(got.bridged, bridged_placements_by_geometry(copy, copy.active_player(), d.tile))
          << where << ": bridged placements of " << s.game().tile(d.tile).name;
    }
    checked.insert(d.tile);
  }
  return checked;
}

void check_rule_set(const std::string& rules, int level, int games, int every) {
  const std::unique_ptr<Game> game = game_for(rules, level);
  std::set<TileId> checked;
  bool saw_face_down = false;
  ActionList legal;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(games); ++seed) {
    State s(*game, seed);
    Rng chooser(seed * 31 + 5);
    int draws = 0;
    while (!s.is_terminal()) {
      if (s.phase() == Phase::Draw && draws++ % every == 0) {
        const std::string where = rules + " " + std::to_string(level) + " seed " +
                                  std::to_string(seed) + " turn " + std::to_string(s.turn());
        const std::set<TileId> here = check_every_draw(s, where);
        checked.insert(here.begin(), here.end());
        if (::testing::Test::HasFailure()) return;  // one board's report is enough
      }
      if (s.is_chance()) {
        s.apply_random_draw();
        continue;
      }
      s.legal_actions(legal);
      ASSERT_GT(legal.size, 0);
      ASSERT_TRUE(test_support::ok(s.apply(random_action(s, legal, chooser))));
    }
    for (int c = 0; c < s.cells(); ++c) saw_face_down |= s.hidden(c);
  }
  // Every tile type that is ever drawn (all but a start tile of one copy) was checked.
  for (size_t i = 0; i < game->tiles().size(); ++i) {
    const TileType& t = game->tiles()[i];
    if (t.count - (t.start ? 1 : 0) > 0) {
      EXPECT_TRUE(checked.count(static_cast<TileId>(i))) << rules << ": " << t.name;
    }
  }
  if (rules == "mists" && level >= 5) {
    EXPECT_TRUE(saw_face_down) << "no face-down tile seen";
  }
}

// The placement scan reads a tile's fitting rotations from rotation 0's sides alone (a table
// in engine/board.cpp, with a slower path for any other tile): a quarter turn clockwise puts
// what showed North on the East, so side s of rotation r shows side (s - r) of rotation 0.
TEST(Placements, EveryRotationIsAQuarterTurnOfTheFirst) {
  const std::vector<std::pair<std::string, int>> sets = {
      {"base-c1", 0}, {"pnp-demo", 0}, {"bcb", 0}, {"mists", 1}, {"mists", 6}};
  for (const auto& [rules, level] : sets) {
    const std::unique_ptr<Game> game = game_for(rules, level);
    for (const TileType& t : game->tiles()) {
      if (t.n_cells != 1) continue;
      for (int rot = 0; rot < kRotations; ++rot)
        for (int side = 0; side < kSides; ++side)
          EXPECT_EQ(t.rot[rot][0].sides[side], t.rot[0][0].sides[(side + kSides - rot) % kSides])
              << rules << " " << t.name << " rotation " << rot << " side " << side;
    }
  }
}

TEST(Placements, BaseMatchesGeometry) { check_rule_set("base-c1", 0, 6, 2); }
TEST(Placements, DemoMatchesGeometry) { check_rule_set("pnp-demo", 0, 6, 1); }
TEST(Placements, BcbMatchesGeometry) { check_rule_set("bcb", 0, 6, 2); }
TEST(Placements, MistsMatchesGeometry) {
  for (int level = 1; level <= 6; ++level) check_rule_set("mists", level, 8, 1);
}

// A copy made mid-game and a replay of the history from the seed offer the same lists, in
// the same order, at every step: whatever the engine keeps to find placements travels with
// the state and is rebuilt identically by the same actions.
void check_copies_and_replays(const std::string& rules, int level, int copy_at) {
  const std::unique_ptr<Game> game = game_for(rules, level);
  State s(*game, 11);
  Rng chooser(3);
  ActionList legal, again;
  std::unique_ptr<State> copy;
  int steps = 0;
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      s.apply_random_draw();
      if (copy) copy->apply(s.history().back());
      continue;
    }
    if (++steps == copy_at) copy = std::make_unique<State>(s);
    s.legal_actions(legal);
    if (copy) {
      copy->legal_actions(again);
      ASSERT_EQ(std::vector<Action>(legal.begin(), legal.end()),
                std::vector<Action>(again.begin(), again.end()))
          << rules << " step " << steps;
    }
    const Action a = random_action(s, legal, chooser);
    ASSERT_TRUE(test_support::ok(s.apply(a)));
    if (copy) {
      ASSERT_TRUE(test_support::ok(copy->apply(a)));
    }
  }
  ASSERT_TRUE(copy) << "the game was too short to copy";
  EXPECT_EQ(copy->first_difference(s), nullptr);

  State replay(*game, 11);
  size_t i = 0;
  for (const Action& a : s.history()) {
    if (a.kind == ActionKind::Place && !replay.is_chance()) {
      replay.legal_actions(again);
      EXPECT_NE(std::find(again.begin(), again.end(), a), again.end()) << rules << " action " << i;
    }
    ASSERT_TRUE(test_support::ok(replay.apply(a))) << rules << " action " << i;
    ++i;
  }
  EXPECT_EQ(replay.first_difference(s), nullptr);
}

TEST(Placements, CopiesAndReplaysAgree) {
  check_copies_and_replays("base-c1", 0, 40);
  check_copies_and_replays("bcb", 0, 40);
  check_copies_and_replays("pnp-demo", 0, 20);
  check_copies_and_replays("mists", 6, 4);
}

}  // namespace
}  // namespace carcheck
