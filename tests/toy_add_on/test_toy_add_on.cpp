// Rooms compose (issue 29 section 4): the toy add-on rooms (toy_add_on.h), in their own files,
// combined over the base game's room and over Bridges, Castles and Bazaars' by levels.yaml
// `rooms:` (data/levels.yaml, which extends the shipped one). Values are worked out by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "checker/play_checked.h"
#include "checker/policies.h"
#include "dsl/diagnostic.h"
#include "dsl/level_loader.h"
#include "dsl/library.h"
#include "engine/add_on.h"
#include "engine/room_chain.h"
#include "engine/state.h"
#include "tests/test_support.h"
#include "toy_add_on.h"

namespace carcheck {
namespace {

const std::string kLevels = std::string(TOY_DIR) + "/data/levels.yaml";

// The toy rooms are registered before any levels file naming them is loaded.
class Registered : public ::testing::Environment {
 public:
  void SetUp() override { toy::register_toy_add_ons(); }
};
const auto* const kRegistered = ::testing::AddGlobalTestEnvironment(new Registered);

const Library& library() { return Library::shipped("", kLevels); }
RuleSet rules(const std::string& name) { return find_rule_set(library().rule_sets, name); }

using test_support::draw;
using test_support::ok;
using test_support::pass;
using test_support::place;

// Seed 001's start tile (city N, road W-E) and two T junctions: red closes the start tile's
// road in the east with a junction and puts a thief on it, green closes it in the west.
TileSet road_tiles() {
  std::vector<InlineTile> tiles(2);
  tiles[0].name = "city-cap-straight-road";
  tiles[0].shape = "city N; road W-E; field Wr El @N; field Er Sl Sr Wl";
  tiles[0].start = true;
  tiles[1].name = "t-junction";
  tiles[1].count = 2;
  tiles[1].shape = "road E*; road S*; road W*; field Wr Nl Nr El; field Er Sl; field Sr Wl";
  return inline_tile_set("base-c1", tiles, "test_toy_add_on.cpp");
}

// The points red scores for the 3-tile road (-1,0 .. 1,0) in rule set `name`.
int road_points(const std::string& name) {
  std::unique_ptr<Game> game = make_game(library(), rules(name), 2, {road_tiles()});
  State s(*game, 1);
  const TileId t = game->find_tile("t-junction");
  EXPECT_TRUE(ok(s.apply(draw(t))));
  EXPECT_TRUE(ok(s.apply(place(1, 0, 0))));
  Action thief;
  thief.kind = ActionKind::Meeple;
  thief.colour = 0;
  thief.seg = static_cast<int8_t>(s.face(s.cell_at(1, 0)).port_segment[port_of(3, 1)]);
  EXPECT_TRUE(ok(s.apply(thief)));
  EXPECT_TRUE(ok(s.apply(draw(t))));
  EXPECT_TRUE(ok(s.apply(place(-1, 0, 0))));
  EXPECT_TRUE(ok(s.apply(pass())));
  EXPECT_EQ(s.score(0).total, s.score(0).points(FeatureClass::Road));
  return s.score(0).total;
}

TEST(ToyAddOn, TheLevelsFileNamesTheRoomsInChainOrder) {
  EXPECT_EQ(rules("base-c1").rooms, std::vector<std::string>{}) << "extended: shipped first";
  EXPECT_EQ(rules("base-toy").rooms, std::vector<std::string>{"toy"});
  EXPECT_EQ(rules("base-double-roads-no-west").rooms,
            (std::vector<std::string>{"double-roads", "no-west"}));
  // A rule set without rooms plays in its family's room itself; with rooms, in a chain.
  EXPECT_EQ(dynamic_cast<const RoomChain*>(rule_system_for(rules("base-c1")).get()), nullptr);
  auto chain = rule_system_for(rules("base-double-roads"));
  ASSERT_NE(dynamic_cast<const RoomChain*>(chain.get()), nullptr);
  EXPECT_EQ(&dynamic_cast<const RoomChain&>(*chain).base(),
            rule_system_for(rules("base-c1")).get());
}

// Seed 001: a finished road scores 1 a tile: 3 for the 3-tile road. double-roads doubles the
// value so far; road-bonus adds 1 a tile to it. The chain runs in `rooms:` order after the
// family's room: (3 + 3) x 2 = 12; 3 x 2 + 3 = 9.
TEST(ToyAddOn, FeatureValuesChainInTheOrderTheRuleSetLists) {
  EXPECT_EQ(road_points("base-c1"), 3);
  EXPECT_EQ(road_points("base-toy"), 3) << "the toy room leaves values alone";
  EXPECT_EQ(road_points("base-double-roads"), 6);
  EXPECT_EQ(road_points("base-double-roads-no-west"), 6);
  EXPECT_EQ(road_points("base-bonus-then-double"), 12);
  EXPECT_EQ(road_points("base-double-then-bonus"), 9);
}

TEST(ToyAddOn, NoWestRefusesWithItsReasonAndOffersNothingWest) {
  for (const char* name : {"base-no-west", "base-double-roads-no-west"}) {
    SCOPED_TRACE(name);
    std::unique_ptr<Game> game = make_game(library(), rules(name), 2, {road_tiles()});
    State s(*game, 1);
    const TileId t = game->find_tile("t-junction");
    ASSERT_TRUE(ok(s.apply(draw(t))));
    // Column -1 is east of -3: allowed; nothing can reach -4 yet, so the reason is asked of
    // the placement rule directly, as apply() does.
    ActionList legal;
    s.legal_actions(legal);
    EXPECT_GT(legal.size, 0);
    EXPECT_EQ(game->rule_system().placement_refusal(s, t, -4, 0, 0),
              "space -4,0 is west of column -3 (no-west: nothing goes west of it)");
    EXPECT_EQ(game->rule_system().placement_refusal(s, t, -3, 0, 0), std::nullopt);
    EXPECT_TRUE(game->restricts_placement());
  }
  EXPECT_FALSE(make_game(library(), rules("base-double-roads"), 2)->restricts_placement());
}

// A whole board: the westmost tile stands on column -3 at the farthest, every game ends.
TEST(ToyAddOn, NoWestHoldsInWholeGamesAndTheRefusalIsApplys) {
  std::unique_ptr<Game> game = make_game(library(), rules("base-no-west"), 2);
  int westmost = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    State s(*game, seed);
    Rng chooser(seed);
    while (!s.is_terminal()) {
      if (s.is_chance()) {
        s.apply_random_draw();
        continue;
      }
      ActionList legal;
      s.legal_actions(legal);
      for (const Action& a : legal) {
        EXPECT_FALSE(a.kind == ActionKind::Place && a.x < toy::kWestmostColumn);
      }
      if (s.phase() == Phase::Place) {  // every space west of -3 beside the board: refused
        for (int c = 0; c < s.cells(); ++c) {
          const int x = s.cell(c).x - 1, y = s.cell(c).y;
          if (x >= toy::kWestmostColumn || s.cell_at(x, y) >= 0) continue;
          EXPECT_EQ(game->rule_system().placement_refusal(s, s.drawn(), x, y, 0),
                    "space " + std::to_string(x) + "," + std::to_string(y) +
                        " is west of column -3 (no-west: nothing goes west of it)");
          State copy = s;
          EXPECT_TRUE(copy.apply(place(x, y, 0)).has_value());
        }
      }
      s.apply_legal(legal.items[chooser.below(static_cast<uint32_t>(legal.size))]);
    }
    for (int c = 0; c < s.cells(); ++c) westmost = std::min<int>(westmost, s.cell(c).x);
    EXPECT_EQ(s.end_reason(), EndReason::AllTilesPlayed);
  }
  EXPECT_EQ(westmost, toy::kWestmostColumn) << "random boards reach the edge and stop there";
}

TEST(ToyAddOn, TheToyRoomRefusesAMonk) {
  std::unique_ptr<Game> game = make_game(library(), rules("base-toy"), 2);
  EXPECT_EQ(game->rule_system().followers(game->rules()).allows(SegmentKind::Monastery), false);
  EXPECT_EQ(game->rule_system().followers(game->rules()).allows(SegmentKind::Road), true);
  // A monastery tile placed next to the start tile: every segment but the monastery may take
  // red's follower; the monastery is refused with the toy's reason.
  const TileId m = game->find_tile("monastery-road");
  ASSERT_GE(m, 0);
  State s(*game, 1);
  ASSERT_TRUE(ok(s.apply(draw(m))));
  ASSERT_TRUE(ok(s.apply(place(-1, 0, 3))));
  const CellFace& f = s.face(s.new_cell());
  ASSERT_GE(f.centre, 0);
  Action monk;
  monk.kind = ActionKind::Meeple;
  monk.colour = 0;
  monk.seg = static_cast<int8_t>(f.centre);
  EXPECT_EQ(s.apply(monk), "no follower goes on a monastery (the toy room)");
  ActionList legal;
  s.legal_actions(legal);
  for (const Action& a : legal) EXPECT_FALSE(a.kind == ActionKind::Meeple && a.seg == f.centre);
  // In base-c1 the same monk is legal.
  std::unique_ptr<Game> base = make_game(library(), rules("base-c1"), 2);
  State b(*base, 1);
  ASSERT_TRUE(ok(b.apply(draw(m))));
  ASSERT_TRUE(ok(b.apply(place(-1, 0, 3))));
  EXPECT_TRUE(ok(b.apply(monk)));
}

// Whole random games with every invariant checked after every action, in each rule set that
// combines rooms, 2-5 players: they end, and each room's rule holds on the final board.
TEST(ToyAddOn, WholeGamesKeepEveryInvariant) {
  for (const char* name :
       {"base-toy", "base-double-roads", "base-no-west", "base-double-roads-no-west",
        "base-bonus-then-double", "base-double-then-bonus", "bcb-double-roads-no-west"})
    for (int players = 2; players <= 5; players += 3)
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        SCOPED_TRACE(std::string(name) + " players " + std::to_string(players) + " seed " +
                     std::to_string(seed));
        std::unique_ptr<Game> game = make_game(library(), rules(name), players);
        GameStart from;
        from.seed = seed;
        State s(*game, seed);
        Rng chooser(seed + 7);
        CheckedGame r = play_checked(s, from, uniform_choice(chooser), false);
        ASSERT_FALSE(r.failure) << *r.failure;
        ASSERT_TRUE(s.is_terminal());
        const std::string n = name;
        const bool doubled =
            n.find("double-roads") != std::string::npos && n.find("bonus") == std::string::npos;
        for (int p = 0; p < players && doubled; ++p) {
          EXPECT_EQ(s.score(p).points(FeatureClass::Road) % 2, 0) << "every road point doubled";
        }
        for (int c = 0; c < s.cells() && n.find("no-west") != std::string::npos; ++c) {
          EXPECT_GE(s.cell(c).x, toy::kWestmostColumn);
        }
        for (const Meeple& m : s.meeples()) {
          if (n.find("toy") == std::string::npos || m.cell < 0) continue;
          EXPECT_NE(s.face(m.cell).segments[m.seg].kind, SegmentKind::Monastery);
        }
      }
}

// ---- Interposition: an add-on takes the turn and hands it back ---------------------------------

// Records, in order, which add-on's after_meeple ran; each takes the turn and hands it back
// through its ChainRest at once (a room with its own phase would hand it back from apply()).
std::vector<int>* calls = nullptr;

class Interposer final : public AddOn {
 public:
  explicit Interposer(int id) : id_(id) {}
  bool combines_with(Family) const override { return true; }
  uint32_t hooks() const override { return add_on_hooks::kAfterMeeple; }
  bool after_meeple(State& s, const ChainRest& rest) const override {
    if (calls) calls->push_back(id_);
    rest.after_meeple(s);  // the add-ons after this one, then the base room: never this again
    return true;
  }

 private:
  int id_;
};

TEST(ToyAddOn, AHandBackRunsTheRestOfTheChainOnceInOrder) {
  RuleSet r = rules("base-c1");
  auto base = rule_system_for(r);
  auto chain = std::make_shared<const RoomChain>(
      base, r,
      std::vector<std::shared_ptr<const AddOn>>{std::make_shared<const Interposer>(1),
                                                std::make_shared<const Interposer>(2)});
  Game game(r, library().tile_sets, 2, chain);
  Game plain(r, library().tile_sets, 2);
  State s(game, 5), t(plain, 5);
  std::vector<int> seen;
  calls = &seen;
  int turns = 0;
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      s.apply_random_draw();
      t.apply_random_draw();
      continue;
    }
    ActionList legal;
    s.legal_actions(legal);
    const Action a = legal.items[0];
    if (a.kind == ActionKind::Pass || a.kind == ActionKind::Meeple) ++turns;
    s.apply_legal(a);
    t.apply_legal(a);
  }
  calls = nullptr;
  ASSERT_EQ(static_cast<int>(seen.size()), 2 * turns);
  for (size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], 1 + static_cast<int>(i % 2));
  // The base room's step ran once a turn: the same game as the base room alone.
  EXPECT_TRUE(t.is_terminal());
  EXPECT_EQ(s.score(0).total, t.score(0).total);
  EXPECT_EQ(s.score(1).total, t.score(1).total);
  EXPECT_EQ(s.history().size(), t.history().size());
}

// ---- Retirement: an add-on whose hooks have nothing left to do
// -----------------------------------

// Counts its calls per hook; retires draw_due and cells_added at its `draws`-th draw_due call
// and after_meeple at its `meeples`-th after_meeple call (0: never), as The River retires
// once its piles are drawn. `cells_when_retired`: the board's cells at that draw_due.
struct Calls {
  int draw_due = 0, cells_added = 0, after_meeple = 0, cells_when_retired = -1;
};

class Retirer final : public AddOn {
 public:
  Retirer(Calls* calls, int draws, int meeples) : calls_(calls), draws_(draws), meeples_(meeples) {}
  bool combines_with(Family) const override { return true; }
  uint32_t hooks() const override {
    return add_on_hooks::kDrawDue | add_on_hooks::kCellsAdded | add_on_hooks::kAfterMeeple;
  }
  bool draw_due(State& s, const ChainRest& rest) const override {
    if (++calls_->draw_due == draws_) {
      rest.retire(s, add_on_hooks::kDrawDue | add_on_hooks::kCellsAdded);
      calls_->cells_when_retired = s.cells();
    }
    return false;
  }
  void cells_added(State&, int) const override { ++calls_->cells_added; }
  bool after_meeple(State& s, const ChainRest& rest) const override {
    if (++calls_->after_meeple == meeples_) rest.retire(s, add_on_hooks::kAfterMeeple);
    return false;
  }

 private:
  Calls* calls_;
  int draws_, meeples_;
};

// Plays to the end taking the first legal action each time: the draws and the placements.
std::pair<int, int> play_first_choices(State& s) {
  int draws = 0, placements = 0;
  ActionList legal;
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      s.apply_random_draw();
      ++draws;
      continue;
    }
    s.legal_actions(legal);
    placements += legal.items[0].kind == ActionKind::Place;
    s.apply_legal(legal.items[0]);
  }
  return {draws, placements};
}

// A hook is called once a turn start (draw_due: before each draw and once more, when no
// tile is left), once a placement and once for the start tile (cells_added, every tile of
// base-c1 one cell), once a meeple step (after_meeple, one a placement); a retired one no
// more, for its own add-on in its own state only.
TEST(ToyAddOn, ARetiredHookIsCalledNoMoreAndOnlyForItsAddOnAndState) {
  RuleSet r = rules("base-c1");
  Calls first, second;
  auto chain = std::make_shared<const RoomChain>(
      rule_system_for(r), r,
      std::vector<std::shared_ptr<const AddOn>>{std::make_shared<const Retirer>(&first, 5, 3),
                                                std::make_shared<const Retirer>(&second, 0, 0)});
  Game game(r, library().tile_sets, 2, chain);
  Game plain(r, library().tile_sets, 2);
  State s(game, 7), t(plain, 7);
  const auto [draws, placements] = play_first_choices(s);
  ASSERT_GT(placements, 10);
  EXPECT_EQ(first.draw_due, 5);
  EXPECT_EQ(first.cells_added, first.cells_when_retired) << "no cell after its retirement";
  EXPECT_GE(first.cells_when_retired, 2) << "the start tile and at least one placement";
  EXPECT_EQ(first.after_meeple, 3);
  EXPECT_EQ(second.draw_due, draws + 1);
  EXPECT_EQ(second.cells_added, placements + 1);
  EXPECT_EQ(second.after_meeple, placements);
  // Retiring changes nothing else: the same game as the base room alone.
  EXPECT_EQ(play_first_choices(t), std::make_pair(draws, placements));
  EXPECT_EQ(s.score(0).total, t.score(0).total);
  EXPECT_EQ(s.score(1).total, t.score(1).total);
  EXPECT_EQ(s.history().size(), t.history().size());
  // Retirement is the state's: a new game on the same Game calls the hooks again.
  first = Calls{};
  State u(game, 7);
  play_first_choices(u);
  EXPECT_EQ(first.draw_due, 5);
  EXPECT_EQ(first.after_meeple, 3);
}

TEST(ToyAddOn, AChainOfMoreAddOnsThanTheRetiredBitsHoldIsRefused) {
  RuleSet r = rules("base-c1");
  Calls calls;
  std::vector<std::shared_ptr<const AddOn>> many;
  for (int i = 0; i < 6; ++i) many.push_back(std::make_shared<const Retirer>(&calls, 0, 0));
  try {
    RoomChain chain(rule_system_for(r), r, many);
    FAIL() << "six add-ons were combined";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "rule set base-c1 combines 6 rooms; at most 5 can be combined");
  }
  many.pop_back();
  EXPECT_NO_THROW(RoomChain(rule_system_for(r), r, many));
}

// ---- Bad `rooms:` entries: located errors ------------------------------------------------------

std::string load_error(const std::string& rooms, const std::string& family = "base") {
  const std::string text =
      "variants:\n  small-city:\n    question: q\n    source: s\n"
      "    default: modern\n    values: {modern: m, old: o}\n"
      "rule-sets:\n  - name: r\n    title: t\n    family: " +
      family + "\n    rooms: " + rooms + "\n    tiles: {set: base-c1, land-tiles: 72}\n";
  try {
    load_rule_sets_from_string(text, "rooms.yaml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ToyAddOn, BadRoomsAreLocatedErrors) {
  EXPECT_EQ(load_error("[toy, tunnels]"),
            "rooms.yaml:11:18: unknown add-on room 'tunnels' (known: inns-cathedrals, river, "
            "toy, double-roads, road-bonus, no-west)");
  EXPECT_EQ(load_error("[double-roads, road-bonus]", "pnp"),
            "rooms.yaml:11:27: add-on room 'road-bonus' does not combine with a pnp rule set "
            "(it combines with: base)");
  EXPECT_EQ(load_error("[toy, no-west, toy]"),
            "rooms.yaml:11:27: add-on room 'toy' is listed twice");
  EXPECT_EQ(load_error("[toy, double-roads, road-bonus, no-west, river, inns-cathedrals]"),
            "rooms.yaml:11:12: 'rooms' lists 6 add-on rooms; a rule set combines at most 5");
  EXPECT_EQ(load_error("[]"),
            "rooms.yaml:11:12: 'rooms' is empty: leave the key out for the family's room alone");
  EXPECT_EQ(load_error("[No-West]"),
            "rooms.yaml:11:13: 'No-West' is not a kebab-case name (lower-case letters, digits, "
            "single hyphens)");
}

TEST(ToyAddOn, TheRegistryRefusesAClashAndANonName) {
  EXPECT_THROW(register_add_on("toy", [] { return std::shared_ptr<const AddOn>(); }),
               std::invalid_argument);
  EXPECT_THROW(register_add_on("Toy Room", [] { return std::shared_ptr<const AddOn>(); }),
               std::invalid_argument);
  EXPECT_EQ(find_add_on("no-such-room"), nullptr);
}

}  // namespace
}  // namespace carcheck
