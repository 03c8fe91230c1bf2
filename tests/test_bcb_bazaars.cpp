// Bridges, Castles and Bazaars: bazaars (seed 003 "Bazarul" and footnotes 5-14). Supplies
// are built by hand from inline tiles, and every expected value is worked out from the
// seed's text (quoted in Romanian where it decides), never copied from the engine's output.
//
// As in test_bcb_bridges.cpp, a bcb Game is built with the room passed explicitly, and the
// rule set keeps only the switches the engine reads.
//
// The board: the start tile is a monastery at 0,0 whose four sides are field; every tile
// here has field sides only (or city sides only, which then fits nowhere), so each tile goes
// east of the last one at x = cells(), y = 0, finishes nothing and scores nothing: every
// point in these tests comes from a bazaar. Player i plays colour i (0 red, 1 blue, 2 green).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bcb_support.h"
#include "checker/invariants.h"
#include "checker/policies.h"
#include "dsl/level_loader.h"
#include "dsl/library.h"
#include "engine/bcb.h"
#include "engine/notation.h"
#include "engine/state.h"
#include "test_support.h"

namespace carcheck {
namespace {

const std::map<std::string, std::string>& shapes() {
  static const std::map<std::string, std::string> s = {
      {"monastery", "monastery; field Nl Nr El Er Sl Sr Wl Wr"},
      {"meadow", "field Nl Nr El Er Sl Sr Wl Wr"},
      // The bcb set's field-bazaar and full-city-bazaar (tiles.yaml), and a full city
      // without one.
      {"bazaar", "field Nl Nr El Er Sl Sr Wl Wr; bazaar"},
      {"city-bazaar", "city N+E+S+W; bazaar"},
      {"city", "city N+E+S+W"},
  };
  return s;
}

std::vector<TileSet> hand_sets(const std::vector<std::pair<std::string, int>>& counts) {
  return test_support::bcb_sets(shapes(), "monastery", "monastery", counts, "test_bcb_bazaars.cpp",
                                {{"monastery", "monastery-land"}});
}

using test_support::bcb_game;
using test_support::ok;

struct Table {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> s;

  Table(const std::vector<std::pair<std::string, int>>& counts, int players,
        const std::vector<std::string>& variants = {}) {
    game = bcb_game(hand_sets(counts), players, variants);
    s = std::make_unique<State>(*game, 1);
  }
  TileId tile(const std::string& n) const {
    return game->find_tile(n == "monastery" ? "monastery-land" : n);
  }
  // With watch(): the invariant checker after every action; its first failure.
  std::optional<InvariantChecker> checker;
  std::string failure;
  void watch() { checker.emplace(*s, GameStart{1, {}, false}); }
  std::optional<std::string> checked(const Action& a) {
    auto why = s->apply(a);
    if (!why && checker && failure.empty())
      if (auto f = checker->after_action(*s, a)) failure = action_text(*s, a) + ": " + *f;
    return why;
  }
  std::optional<std::string> act(ActionKind k, int x = 0, const std::string& t = "") {
    Action a;
    a.kind = k;
    a.x = static_cast<int16_t>(x);
    if (!t.empty()) a.tile = tile(t);
    return checked(a);
  }
  std::optional<std::string> draw(const std::string& n) { return act(ActionKind::Draw, 0, n); }
  // The tile in hand east of the last one (all sides field: it fits there).
  std::optional<std::string> place() {
    Action a;
    a.kind = ActionKind::Place;
    a.x = static_cast<int16_t>(s->cells());
    a.tile = s->drawn();
    return checked(a);
  }
  std::optional<std::string> pass() { return act(ActionKind::Pass); }
  std::optional<std::string> select(const std::string& t, int bid) {
    return act(ActionKind::Select, bid, t);
  }
  std::optional<std::string> bid(int n) { return act(ActionKind::Bid, n); }
  std::optional<std::string> buy() { return act(ActionKind::Buy); }
  std::optional<std::string> sell() { return act(ActionKind::Sell); }
  // A whole turn of the tile in hand: placed, no bridge, no follower (the scoring finds
  // nothing).
  void place_turn() {
    ASSERT_EQ(s->phase(), Phase::Place);
    ASSERT_TRUE(ok(place()));
    if (s->phase() == Phase::Bridge) {
      ASSERT_TRUE(ok(pass()));
    }
    ASSERT_EQ(s->phase(), Phase::Meeple);
    ASSERT_TRUE(ok(pass()));
  }
  // The active player draws `n` and plays it.
  void regular_turn(const std::string& n) {
    ASSERT_TRUE(ok(draw(n)));
    place_turn();
  }
  void reveal(const std::vector<std::string>& tiles) {
    for (const std::string& t : tiles) {
      ASSERT_TRUE(s->is_chance());
      ASSERT_TRUE(ok(draw(t)));
    }
  }
  // The bidding tests' auction: red has 5 points, blue 2; red places the bazaar and two
  // meadows are revealed, for blue to select.
  void two_meadow_auction() {
    s->setup_score(0, 5);
    s->setup_score(1, 2);
    regular_turn("bazaar");
    reveal({"meadow", "meadow"});
  }
  int score(int p) const { return s->score(p).total; }
  int bazaar_points(int p) const { return s->score(p).points(FeatureClass::Bazaar); }
  int count(EventKind k) const {
    return static_cast<int>(std::count_if(s->events().begin(), s->events().end(),
                                          [k](const Event& e) { return e.kind == k; }));
  }
  const Event* find(EventKind k, int who) const {
    for (const Event& e : s->events())
      if (e.kind == k && e.who == who) return &e;
    return nullptr;
  }
  std::vector<Action> legal() const {
    ActionList out;
    s->legal_actions(out);
    return {out.begin(), out.end()};
  }
};

// Seed 003: "Jucătorul activ dezvăluie atâtea cartonașe de teren câți jucători sunt. Apoi
// jucătorul următor selectează unul dintre cartonașe și declară câte puncte ar licita ...
// restul jucătorilor au posibilitatea de a face o singură ofertă: fie cresc oferta actuală,
// fie zic pas", then the selector buys ("plătindu-i numărul de puncte licitate") or sells
// ("primind în schimb punctele licitate"). 3 players at 10 points each; red (0) places the
// bazaar tile.
//   Tile 1: blue (after red) selects the monastery at 3; green raises to 5; red passes; blue
//   buys: blue pays green 5 -> blue 10 - 5 = 5, green 10 + 5 = 15.
//   Tile 2: the next player clockwise after blue without a tile is green: green selects the
//   meadow at 2; blue has a tile and takes no part; red raises to 4; the round is back at
//   green, who sells: red pays 4 -> red 10 - 4 = 6, green 15 + 4 = 19; red takes the meadow.
//   Tile 3: "Ultimul cartonaș poate fi luat fără plată de către jucătorul rămas": green takes
//   the last revealed tile (a bazaar tile) for nothing.
// Bazaar points by player: red -4, blue -5, green 5 + 4 = 9 (the totals above minus 10).
TEST(BcbBazaars, FullAuctionWithBuySellAndTheLastTileFree) {
  Table t({{"bazaar", 2}, {"meadow", 6}, {"monastery", 3}}, 3);
  for (int p = 0; p < 3; ++p) t.s->setup_score(p, 10);
  t.regular_turn("bazaar");
  EXPECT_EQ(t.count(EventKind::BazaarOpened), 1) << "fn 5: after that turn's scoring";
  t.reveal({"monastery", "meadow", "bazaar"});
  ASSERT_EQ(t.s->phase(), Phase::BazaarSelect);
  EXPECT_EQ(t.s->current_player(), 1) << "jucătorul următor selects";
  EXPECT_EQ(t.s->active_player(), 0);
  ASSERT_TRUE(ok(t.select("monastery", 3)));
  ASSERT_EQ(t.s->phase(), Phase::BazaarBid);
  EXPECT_EQ(t.s->current_player(), 2);
  ASSERT_TRUE(ok(t.bid(5)));
  EXPECT_EQ(t.s->current_player(), 0) << "the host bids too: he has no tile yet";
  ASSERT_TRUE(ok(t.pass()));
  ASSERT_EQ(t.s->phase(), Phase::BazaarDeal);
  EXPECT_EQ(t.s->current_player(), 1);
  ASSERT_TRUE(ok(t.buy()));
  EXPECT_EQ(t.score(1), 5);
  EXPECT_EQ(t.score(2), 15);

  ASSERT_EQ(t.s->phase(), Phase::BazaarSelect);
  EXPECT_EQ(t.s->current_player(), 2);
  ASSERT_TRUE(ok(t.select("meadow", 2)));
  EXPECT_EQ(t.s->current_player(), 0) << "blue holds a tile and takes no part";
  ASSERT_TRUE(ok(t.bid(4)));
  ASSERT_EQ(t.s->phase(), Phase::BazaarDeal);
  EXPECT_EQ(t.s->current_player(), 2);
  ASSERT_TRUE(ok(t.sell()));
  EXPECT_EQ(t.score(0), 6);
  EXPECT_EQ(t.score(2), 19);
  const Event* last = t.find(EventKind::BazaarTileTaken, 2);
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->value, t.tile("bazaar"));
  EXPECT_EQ(last->extra, 0) << "fără plată";
  EXPECT_EQ(t.bazaar_points(0), -4);
  EXPECT_EQ(t.bazaar_points(1), -5);
  EXPECT_EQ(t.bazaar_points(2), 9);
}

// "Asta începe cu jucătorul de după jucătorul activ": with red the host, blue places first,
// then green, then red, each as a whole turn ("ca într-o tură normală"); then regular turns
// go on with blue. Green's tile is a bazaar tile won in the bazaar: "Fără reacție în lanț"
// (fn 12), it opens no bazaar. Turns: red's regular turn (1) and three placement turns (4).
TEST(BcbBazaars, PlacementOrderNoChainReactionAndResumption) {
  Table t({{"bazaar", 3}, {"meadow", 6}, {"monastery", 3}}, 3);
  t.regular_turn("bazaar");
  t.reveal({"monastery", "meadow", "bazaar"});
  ASSERT_TRUE(ok(t.select("monastery", 0)));  // blue
  ASSERT_TRUE(ok(t.pass()));                  // green
  ASSERT_TRUE(ok(t.pass()));                  // red: a lone bid of 0, blue takes it
  ASSERT_TRUE(ok(t.select("bazaar", 0)));     // green
  ASSERT_TRUE(ok(t.pass()));                  // red: green takes the bazaar tile
  // Red takes the meadow, free.
  EXPECT_EQ(t.s->active_player(), 1);
  EXPECT_EQ(t.s->drawn(), t.tile("monastery"));
  t.place_turn();
  EXPECT_EQ(t.s->active_player(), 2);
  EXPECT_EQ(t.s->drawn(), t.tile("bazaar"));
  t.place_turn();
  EXPECT_EQ(t.count(EventKind::BazaarOpened), 0) << "fn 12: no chain reaction";
  EXPECT_EQ(t.s->active_player(), 0);
  EXPECT_EQ(t.s->drawn(), t.tile("meadow"));
  t.place_turn();
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.s->active_player(), 1);
  EXPECT_EQ(t.s->turn(), 4);
  EXPECT_EQ(t.s->bcb().bazaar, BazaarStage::None);
  // The next regular bazaar tile opens a bazaar again.
  t.regular_turn("bazaar");
  EXPECT_EQ(t.count(EventKind::BazaarOpened), 1);
}

// The host need not be the first player: with green (2) the host, red (0) selects first and
// places first, then blue, then green; then red plays the next regular turn.
TEST(BcbBazaars, OrderStartsAfterAnyHost) {
  Table t({{"bazaar", 1}, {"meadow", 6}}, 3);
  ASSERT_TRUE(ok(t.s->setup_active_player(2)));
  t.regular_turn("bazaar");
  t.reveal({"meadow", "meadow", "meadow"});
  EXPECT_EQ(t.s->current_player(), 0);
  EXPECT_EQ(t.s->active_player(), 2);
  ASSERT_TRUE(ok(t.select("meadow", 0)));
  ASSERT_TRUE(ok(t.pass()));  // blue
  ASSERT_TRUE(ok(t.pass()));  // green: red takes a meadow for 0
  EXPECT_EQ(t.s->current_player(), 1);
  ASSERT_TRUE(ok(t.select("meadow", 0)));
  ASSERT_TRUE(ok(t.pass()));  // green: blue takes one; green the last
  for (int p : {0, 1, 2}) {
    EXPECT_EQ(t.s->active_player(), p);
    t.place_turn();
  }
  EXPECT_EQ(t.s->active_player(), 0);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
}

// "Dacă jucătorul care a selectat cartonașul este singurul care a făcut o ofertă, atunci
// punctele ar trebui scăzute din scorul acestuia, dar fără a fi acordate nimănui altcuiva",
// and "Jucătorii au posibilitatea de a licita mai mult decât au ... dincolo 0" (fn 7,
// negative-score=allowed). 2 players at 0: blue selects at 3, red passes: blue pays 3 to
// nobody -> -3, red stays 0; no deal phase: blue's placement turn follows at once (red
// takes the other tile free).
TEST(BcbBazaars, LoneBidIsPaidToNobodyAndMayGoBelowZero) {
  Table t({{"bazaar", 1}, {"meadow", 4}}, 2);
  t.regular_turn("bazaar");
  t.reveal({"meadow", "meadow"});
  ASSERT_TRUE(ok(t.select("meadow", 3)));
  ASSERT_TRUE(ok(t.pass()));
  EXPECT_EQ(t.s->phase(), Phase::Place);
  EXPECT_EQ(t.s->active_player(), 1);
  EXPECT_EQ(t.score(1), -3);
  EXPECT_EQ(t.score(0), 0);
  EXPECT_EQ(t.bazaar_points(1), -3);
  const Event* paid = t.find(EventKind::BazaarPaid, 1);
  ASSERT_NE(paid, nullptr);
  EXPECT_EQ(paid->value, -3);
  EXPECT_EQ(paid->extra, -1) << "paid to nobody";
  EXPECT_EQ(t.find(EventKind::BazaarPaid, 0), nullptr);
}

// A bid must raise ("fie cresc oferta actuală, fie zic pas"): refused with its reason and
// the state unchanged; so are a negative opening bid, a tile not revealed, and actions of
// another phase.
TEST(BcbBazaars, RefusalsSayWhyAndChangeNothing) {
  Table t({{"bazaar", 1}, {"meadow", 4}, {"monastery", 2}}, 3);
  t.regular_turn("bazaar");
  t.reveal({"meadow", "meadow", "monastery"});
  std::string before = t.s->snapshot();
  auto why = t.select("bazaar", 1);
  ASSERT_NE(why, std::nullopt);
  EXPECT_NE(why->find("not among the revealed"), std::string::npos) << *why;
  why = t.select("meadow", -1);
  ASSERT_NE(why, std::nullopt);
  EXPECT_NE(why->find("0 points or more"), std::string::npos) << *why;
  EXPECT_NE(t.bid(3), std::nullopt) << "no bid is open before a selection";
  EXPECT_EQ(t.s->snapshot(), before);
  ASSERT_TRUE(ok(t.select("meadow", 4)));
  before = t.s->snapshot();
  why = t.bid(4);
  ASSERT_NE(why, std::nullopt);
  EXPECT_NE(why->find("must raise the current bid of 4"), std::string::npos) << *why;
  EXPECT_NE(t.bid(2), std::nullopt);
  EXPECT_NE(t.buy(), std::nullopt) << "no deal before the round of bids";
  EXPECT_EQ(t.s->snapshot(), before);
  // legal_actions (negative-score=allowed, the default): pass, and one range entry for every
  // raise from 5 up, none lower.
  const auto legal = t.legal();
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_EQ(legal.front().kind, ActionKind::Pass);
  EXPECT_TRUE(is_bid_range(legal[1]));
  EXPECT_EQ(legal[1].x, 5);
  ASSERT_TRUE(ok(t.bid(5)));
}

// bazaar-next-selector (fn 9). Blue selects and sells to green (green raised, red passed).
// next-clockwise: "jucătorului următor care nu a primit un cartonaș": after blue, green has a
// tile, so red selects. seller-again (RGG Big Box 3: "ar putea fi același jucător dacă nu a
// cumpărat cartonașul"): blue selects again at once.
TEST(BcbBazaars, NextSelectorUnderBothReadings) {
  for (const char* v :
       {"bazaar-next-selector=next-clockwise", "bazaar-next-selector=seller-again"}) {
    Table t({{"bazaar", 1}, {"meadow", 6}}, 3, {v});
    t.regular_turn("bazaar");
    t.reveal({"meadow", "meadow", "meadow"});
    ASSERT_TRUE(ok(t.select("meadow", 1)));
    ASSERT_TRUE(ok(t.bid(2)));  // green
    ASSERT_TRUE(ok(t.pass()));  // red
    ASSERT_TRUE(ok(t.sell()));  // blue sells: green pays 2
    EXPECT_EQ(t.score(1), 2) << v;
    EXPECT_EQ(t.score(2), -2) << v;
    ASSERT_EQ(t.s->phase(), Phase::BazaarSelect) << v;
    const bool again = std::string(v).ends_with("seller-again");
    EXPECT_EQ(t.s->current_player(), again ? 1 : 0) << v;
  }
}

// Fn 11 (bazaar-too-few=ignored): "Dacă un jucător plasează un bazar și nu sunt destule
// cartonașe cu fața în jos pentru toți jucătorii, nu are loc nicio licitație". 3 players, 1
// tile left after the bazaar tile: the bazaar is ignored (reported with the 1 tile left) and
// blue plays the next turn.
TEST(BcbBazaars, TooFewTilesIgnoreTheBazaar) {
  Table t({{"bazaar", 1}, {"meadow", 1}}, 3);
  t.regular_turn("bazaar");
  EXPECT_EQ(t.count(EventKind::BazaarOpened), 0);
  const Event* e = t.find(EventKind::BazaarIgnored, 0);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->value, 1);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.s->active_player(), 1);
  EXPECT_EQ(t.s->bcb().bazaar, BazaarStage::None);
  // Exactly as many tiles as players is enough: fn 11 asks for one per player.
  Table u({{"bazaar", 1}, {"meadow", 2}}, 2);
  u.regular_turn("bazaar");
  EXPECT_EQ(u.count(EventKind::BazaarOpened), 1);
}

// A bazaar tile that fits nowhere (a full city on a board of fields) is set aside and
// another drawn (seed 001). bazaar-unplaced=no-bazaar (fn 6: "dacă cartonașul nu poate fi
// plasat și este respins, bazarul nu se va petrece"): red just draws again. bazaar-held
// (the RGG wording "chiar să nu îl plaseze"): before-replacement, the bazaar comes at once
// and red draws the replacement after it; after-replacement, it comes after red's
// replacement turn.
TEST(BcbBazaars, DiscardedBazaarTileUnderEachReading) {
  {
    Table t({{"city-bazaar", 1}, {"meadow", 6}}, 2);
    ASSERT_TRUE(ok(t.draw("city-bazaar")));
    EXPECT_EQ(t.count(EventKind::TileSetAside), 1);
    EXPECT_EQ(t.count(EventKind::BazaarOpened), 0);
    EXPECT_EQ(t.s->phase(), Phase::Draw);
    EXPECT_EQ(t.s->active_player(), 0);
    t.regular_turn("meadow");
    EXPECT_EQ(t.count(EventKind::BazaarOpened), 0);
    EXPECT_EQ(t.s->active_player(), 1);
  }
  {
    Table t({{"city-bazaar", 1}, {"meadow", 6}}, 2,
            {"bazaar-unplaced=bazaar-held", "bazaar-held-timing=before-replacement"});
    ASSERT_TRUE(ok(t.draw("city-bazaar")));
    EXPECT_EQ(t.count(EventKind::BazaarOpened), 1);
    t.reveal({"meadow", "meadow"});
    ASSERT_TRUE(ok(t.select("meadow", 0)));  // blue
    ASSERT_TRUE(ok(t.pass()));               // red; red takes the other
    EXPECT_EQ(t.s->active_player(), 1);
    t.place_turn();
    EXPECT_EQ(t.s->active_player(), 0);
    t.place_turn();
    EXPECT_EQ(t.s->phase(), Phase::Draw);
    EXPECT_EQ(t.s->active_player(), 0) << "red still draws the replacement";
    t.regular_turn("meadow");
    EXPECT_EQ(t.s->active_player(), 1);
  }
  {
    Table t({{"city-bazaar", 1}, {"meadow", 6}}, 2,
            {"bazaar-unplaced=bazaar-held", "bazaar-held-timing=after-replacement"});
    ASSERT_TRUE(ok(t.draw("city-bazaar")));
    EXPECT_EQ(t.count(EventKind::BazaarOpened), 0);
    EXPECT_EQ(t.s->active_player(), 0);
    t.regular_turn("meadow");
    EXPECT_EQ(t.count(EventKind::BazaarOpened), 1);
    t.reveal({"meadow", "meadow"});
    EXPECT_EQ(t.s->current_player(), 1);
  }
}

// A held bazaar obeys fn 11 too. before-replacement with 1 tile left for 2 players: ignored
// (1 tile left reported), and red still draws the replacement. after-replacement with no
// tile left: no replacement turn comes, the bazaar is ignored with 0 tiles left, and the
// game ends.
TEST(BcbBazaars, HeldBazaarWithTooFewTilesIsIgnored) {
  {
    Table t({{"city-bazaar", 1}, {"meadow", 1}}, 2,
            {"bazaar-unplaced=bazaar-held", "bazaar-held-timing=before-replacement"});
    ASSERT_TRUE(ok(t.draw("city-bazaar")));
    const Event* e = t.find(EventKind::BazaarIgnored, 0);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->value, 1);
    EXPECT_EQ(t.s->phase(), Phase::Draw);
    EXPECT_EQ(t.s->active_player(), 0);
  }
  {
    Table t({{"city-bazaar", 1}}, 2,
            {"bazaar-unplaced=bazaar-held", "bazaar-held-timing=after-replacement"});
    ASSERT_TRUE(ok(t.draw("city-bazaar")));
    const Event* e = t.find(EventKind::BazaarIgnored, 0);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->value, 0);
    EXPECT_TRUE(t.s->is_terminal());
  }
}

// A tile won in a bazaar that fits nowhere (bazaar-won-unplaceable). Blue wins the full city,
// which fits nowhere beside the meadows; 4 meadows - 1 revealed leave 3 in the supply.
// set-aside: it is removed with no replacement draw, and red places next.
TEST(BcbBazaars, UnplaceableWonTileSetAsideWithoutReplacement) {
  Table t({{"bazaar", 1}, {"city", 1}, {"meadow", 4}}, 2, {"bazaar-won-unplaceable=set-aside"});
  t.watch();
  t.regular_turn("bazaar");
  t.reveal({"city", "meadow"});
  ASSERT_TRUE(ok(t.select("city", 0)));
  ASSERT_TRUE(ok(t.pass()));
  EXPECT_EQ(t.count(EventKind::TileSetAside), 1);
  EXPECT_EQ(t.s->set_aside(), 1);
  EXPECT_EQ(t.s->tiles_remaining(), 3);
  EXPECT_EQ(t.s->active_player(), 0);
  EXPECT_EQ(t.s->drawn(), t.tile("meadow"));
  t.place_turn();
  EXPECT_EQ(t.s->active_player(), 1);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.s->tiles_remaining(), 3);
}

// normal-turn (the default) with base-unplaceable-tile=remove: "ca într-o tură normală" (seed
// 003), and in a normal turn the tile "este eliminat din joc, iar jucătorul trage altul" (seed
// 001): the city is removed and blue draws from the supply (3 tiles) and plays that tile as
// the placement turn; then red places the meadow it took, then blue's regular turn.
TEST(BcbBazaars, UnplaceableWonTileRemovedAndAnotherDrawn) {
  Table t({{"bazaar", 1}, {"city", 1}, {"meadow", 4}}, 2);
  t.watch();
  t.regular_turn("bazaar");
  t.reveal({"city", "meadow"});
  ASSERT_TRUE(ok(t.select("city", 0)));
  ASSERT_TRUE(ok(t.pass()));
  EXPECT_EQ(t.count(EventKind::TileSetAside), 1);
  EXPECT_EQ(t.s->set_aside(), 1);
  EXPECT_TRUE(t.s->is_chance());
  EXPECT_EQ(t.s->active_player(), 1);
  EXPECT_EQ(t.s->tiles_remaining(), 3);
  ASSERT_TRUE(ok(t.draw("meadow")));
  EXPECT_EQ(t.s->tiles_remaining(), 2);
  EXPECT_EQ(t.s->active_player(), 1);
  t.place_turn();
  EXPECT_EQ(t.s->active_player(), 0);
  EXPECT_EQ(t.s->drawn(), t.tile("meadow"));
  t.place_turn();
  EXPECT_EQ(t.s->active_player(), 1);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.s->tiles_remaining(), 2);
  EXPECT_EQ(t.s->set_aside(), 1);
  // The last two meadows end the game: the checker's end-of-game checks (the replay from the
  // game log included) hold too.
  t.regular_turn("meadow");
  t.regular_turn("meadow");
  EXPECT_TRUE(t.s->is_terminal());
  EXPECT_EQ(t.failure, "");
}

// A bazaar tile drawn in place of a won tile (fn 12, "Fără reacție în lanț"): its bazaar comes
// once the round's tiles are placed, hosted by its player (blue); then red, the first host,
// is followed by blue's regular turn. Every invariant holds throughout.
TEST(BcbBazaars, BazaarDrawnInPlaceOfAWonTileWaitsForTheRound) {
  Table t({{"bazaar", 2}, {"city", 1}, {"meadow", 6}}, 2);
  t.watch();
  t.regular_turn("bazaar");
  t.reveal({"city", "meadow"});
  ASSERT_TRUE(ok(t.select("city", 0)));
  ASSERT_TRUE(ok(t.pass()));
  ASSERT_TRUE(t.s->is_chance());
  ASSERT_TRUE(ok(t.draw("bazaar")));
  EXPECT_EQ(t.s->active_player(), 1);
  t.place_turn();
  EXPECT_EQ(t.count(EventKind::BazaarOpened), 0);
  EXPECT_EQ(t.s->active_player(), 0);
  t.place_turn();  // red's meadow: the round is over, blue's bazaar opens
  EXPECT_EQ(t.count(EventKind::BazaarOpened), 1);
  EXPECT_EQ(t.s->bcb().bazaar_host, 1);
  t.reveal({"meadow", "meadow"});
  EXPECT_EQ(t.s->phase(), Phase::BazaarSelect);
  EXPECT_EQ(t.s->current_player(), 0);  // red, after the host blue
  ASSERT_TRUE(ok(t.select("meadow", 0)));
  ASSERT_TRUE(ok(t.pass()));
  EXPECT_EQ(t.s->active_player(), 0);
  t.place_turn();
  EXPECT_EQ(t.s->active_player(), 1);
  t.place_turn();
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  EXPECT_EQ(t.s->active_player(), 1);  // after red, the first bazaar's host
  // 9 tiles: red's bazaar, 2 revealed, blue's bazaar drawn in place of the city, 2 revealed.
  EXPECT_EQ(t.s->tiles_remaining(), 3);
  EXPECT_EQ(t.s->bcb().bazaar, BazaarStage::None);
  for (int k = 0; k < 3; ++k) t.regular_turn("meadow");  // to the end, the log replay included
  EXPECT_TRUE(t.s->is_terminal());
  EXPECT_EQ(t.failure, "");
}

// normal-turn with base-unplaceable-tile=back-in-pile: the city goes back into the supply
// (3 + 1 tiles, none set aside) and blue draws another. When the supply is empty nothing
// comes: one meadow, revealed, leaves none to draw, so the won city is removed and red places.
TEST(BcbBazaars, UnplaceableWonTileBackInPileAndAnotherDrawn) {
  {
    Table t({{"bazaar", 1}, {"city", 1}, {"meadow", 4}}, 2, {"base-unplaceable-tile=back-in-pile"});
    t.watch();
    t.regular_turn("bazaar");
    t.reveal({"city", "meadow"});
    ASSERT_TRUE(ok(t.select("city", 0)));
    ASSERT_TRUE(ok(t.pass()));
    EXPECT_EQ(t.s->set_aside(), 0);
    EXPECT_EQ(t.s->tiles_remaining(), 4);
    EXPECT_TRUE(t.s->is_chance());
    EXPECT_EQ(t.s->active_player(), 1);
    ASSERT_TRUE(ok(t.draw("meadow")));
    t.place_turn();
    EXPECT_EQ(t.s->active_player(), 0);
    EXPECT_EQ(t.failure, "");
  }
  for (const char* base : {"base-unplaceable-tile=remove", "base-unplaceable-tile=back-in-pile"}) {
    SCOPED_TRACE(base);
    Table t({{"bazaar", 1}, {"city", 1}, {"meadow", 1}}, 2, {base});
    t.regular_turn("bazaar");
    t.reveal({"city", "meadow"});
    ASSERT_TRUE(ok(t.select("city", 0)));
    ASSERT_TRUE(ok(t.pass()));
    EXPECT_EQ(t.s->set_aside(), 1);
    EXPECT_EQ(t.s->tiles_remaining(), 0);
    EXPECT_EQ(t.s->phase(), Phase::Place);
    EXPECT_EQ(t.s->active_player(), 0);
    EXPECT_EQ(t.s->drawn(), t.tile("meadow"));
  }
}

// negative-score=forbidden (fn 8, ZMG: "un jucător nu are posibilitatea de a licita mai
// multe puncte decât are"). Blue 2, red 5. Blue may open at 2, not 3; red may raise to 5,
// not 6. Blue then faces a bid of 5 with 2 points (bazaar-buy-short):
//   must-sell: buying is refused (and not offered); blue sells: red 5 - 5 = 0, blue 2 + 5 = 7.
//   stop-at-zero: blue buys, paying down to 0 (2 points); red receives the bid: 5 + 5 = 10.
//   below-zero: blue buys: 2 - 5 = -3; red 10.
TEST(BcbBazaars, ForbiddenNegativeScoresCapBidsAndBuying) {
  for (const char* shortfall : {"must-sell", "stop-at-zero", "below-zero"}) {
    Table t({{"bazaar", 1}, {"meadow", 4}}, 2,
            {"negative-score=forbidden", std::string("bazaar-buy-short=") + shortfall});
    t.two_meadow_auction();
    // Offered (engine/bcb.h): select meadow at 0, 1 or 2 (one tile twice is one choice).
    EXPECT_EQ(t.legal().size(), 3u);
    auto why = t.select("meadow", 3);
    ASSERT_NE(why, std::nullopt);
    EXPECT_NE(why->find("more points than they have"), std::string::npos) << *why;
    ASSERT_TRUE(ok(t.select("meadow", 2)));
    EXPECT_EQ(t.legal().size(), 4u) << "pass, or red raises to 3, 4 or 5";
    EXPECT_NE(t.bid(6), std::nullopt);
    ASSERT_TRUE(ok(t.bid(5)));
    ASSERT_EQ(t.s->phase(), Phase::BazaarDeal);
    const auto legal = t.legal();
    const bool buy_offered = std::any_of(legal.begin(), legal.end(),
                                         [](const Action& a) { return a.kind == ActionKind::Buy; });
    if (std::string(shortfall) == "must-sell") {
      EXPECT_FALSE(buy_offered);
      why = t.buy();
      ASSERT_NE(why, std::nullopt);
      EXPECT_NE(why->find("sell instead"), std::string::npos) << *why;
      ASSERT_TRUE(ok(t.sell()));
      EXPECT_EQ(t.score(0), 0);
      EXPECT_EQ(t.score(1), 7);
    } else {
      EXPECT_TRUE(buy_offered);
      ASSERT_TRUE(ok(t.buy()));
      EXPECT_EQ(t.score(0), 10) << shortfall;
      EXPECT_EQ(t.score(1), std::string(shortfall) == "stop-at-zero" ? 0 : -3) << shortfall;
    }
  }
}

// Under negative-score=allowed the same bids are accepted (fn 7): blue opens at 3 with 2
// points, red raises to 6 with 5; blue buys: 2 - 6 = -4, red 5 + 6 = 11.
TEST(BcbBazaars, AllowedNegativeScoresTakeAnyBid) {
  Table t({{"bazaar", 1}, {"meadow", 4}}, 2, {"negative-score=allowed"});
  t.two_meadow_auction();
  ASSERT_TRUE(ok(t.select("meadow", 3)));
  ASSERT_TRUE(ok(t.bid(6)));
  ASSERT_TRUE(ok(t.buy()));
  EXPECT_EQ(t.score(1), -4);
  EXPECT_EQ(t.score(0), 11);
}

// Under negative-score=allowed the seed bounds no bid (fn 7: "Jucătorii au posibilitatea de a
// licita mai mult decât au"), so legal_actions() holds one range entry per tile for every bid
// from the lowest up (engine/action.h kBidRange). Blue (2 points) selects among two meadows,
// one tile twice: one entry, select meadow from 0. Blue opens at 0; red (5 points) may pass or
// raise from 1: two entries. The entry itself is refused; a bid of 40, far past the bidder's
// score, is one it stands for; blue buys: 2 - 40 = -38, red 5 + 40 = 45.
TEST(BcbBazaars, AllowedNegativeScoresListEveryBidAsARangeEntry) {
  Table t({{"bazaar", 1}, {"meadow", 4}}, 2, {"negative-score=allowed"});
  t.two_meadow_auction();
  auto legal = t.legal();
  ASSERT_EQ(legal.size(), 1u);
  EXPECT_EQ(legal[0].kind, ActionKind::Select);
  EXPECT_EQ(legal[0].tile, t.tile("meadow"));
  EXPECT_TRUE(is_bid_range(legal[0]));
  EXPECT_EQ(legal[0].x, 0);
  EXPECT_EQ(action_text(*t.s, legal[0]), "select meadow 0+");
  EXPECT_TRUE(offers(legal[0], with_amount(legal[0], 32767)));
  auto why = t.s->apply(legal[0]);
  ASSERT_NE(why, std::nullopt);
  EXPECT_NE(why->find("range entry"), std::string::npos) << *why;
  ASSERT_TRUE(ok(t.select("meadow", 0)));
  legal = t.legal();
  ASSERT_EQ(legal.size(), 2u) << "pass, or one entry: every raise from 1";
  EXPECT_EQ(legal[0].kind, ActionKind::Pass);
  EXPECT_EQ(legal[1].kind, ActionKind::Bid);
  EXPECT_TRUE(is_bid_range(legal[1]));
  EXPECT_EQ(legal[1].x, 1);
  EXPECT_EQ(action_text(*t.s, legal[1]), "bid 1+");
  Action forty = with_amount(legal[1], 40);
  EXPECT_TRUE(offers(legal[1], forty));
  EXPECT_FALSE(offers(legal[1], with_amount(legal[1], 0)));
  ASSERT_TRUE(ok(t.bid(40)));
  ASSERT_TRUE(ok(t.buy()));
  EXPECT_EQ(t.score(1), -38);
  EXPECT_EQ(t.score(0), 45);
}

// Under negative-score=forbidden the bids are finite (fn 8), and each is listed: blue with 30
// points selects one of two meadows at 0 to 30 (31 entries, none a range); red with 50 raises
// from 8 to 50 (43 entries) or passes.
TEST(BcbBazaars, ForbiddenNegativeScoresListEveryBidUpToTheScore) {
  Table t({{"bazaar", 1}, {"meadow", 4}}, 2, {"negative-score=forbidden"});
  t.s->setup_score(0, 50);
  t.s->setup_score(1, 30);
  t.regular_turn("bazaar");
  t.reveal({"meadow", "meadow"});
  auto legal = t.legal();
  ASSERT_EQ(legal.size(), 31u);
  for (int i = 0; i <= 30; ++i) {
    EXPECT_EQ(legal[static_cast<size_t>(i)].x, i);
    EXPECT_FALSE(is_bid_range(legal[static_cast<size_t>(i)]));
  }
  ASSERT_TRUE(ok(t.select("meadow", 7)));
  legal = t.legal();
  ASSERT_EQ(legal.size(), 44u) << "pass, or a raise to 8 .. 50";
  EXPECT_EQ(legal.back().x, 50);
  EXPECT_NE(t.bid(51), std::nullopt);
}

// Random play's bids (checker/policies.h random_action): the bids on one tile are one choice,
// so red, to raise or pass, raises half the time; the amount is the lowest bid with
// probability 1/2, one more with 1/4, two more with 1/8, and never above the bidder's score
// (5) when the lowest is below it. 4000 picks: each frequency within 5 standard deviations.
TEST(BcbBazaars, RandomPlayDrawsBidsFromTheDocumentedDistribution) {
  for (const char* reading : {"negative-score=allowed", "negative-score=forbidden"}) {
    Table t({{"bazaar", 1}, {"meadow", 4}}, 2, {reading});
    t.two_meadow_auction();
    ASSERT_TRUE(ok(t.select("meadow", 1)));
    ActionList legal;
    t.s->legal_actions(legal);
    Rng rng(42);
    constexpr int kPicks = 4000;
    std::map<int, int> seen;  // amount (-1: pass)
    for (int i = 0; i < kPicks; ++i) {
      const Action a = random_action(*t.s, legal, rng);
      ASSERT_TRUE(legal.offers(a)) << action_text(*t.s, a);
      ASSERT_FALSE(is_bid_range(a));
      ++seen[a.kind == ActionKind::Pass ? -1 : a.x];
    }
    auto near = [&](int count, double p) {
      const double sd = std::sqrt(kPicks * p * (1 - p));
      return std::abs(count - kPicks * p) < 5 * sd;
    };
    EXPECT_TRUE(near(seen[-1], 0.5)) << reading << " pass " << seen[-1];
    EXPECT_TRUE(near(seen[2], 0.25)) << reading << " bid 2: " << seen[2];
    EXPECT_TRUE(near(seen[3], 0.125)) << reading << " bid 3: " << seen[3];
    EXPECT_TRUE(near(seen[4], 0.0625)) << reading << " bid 4: " << seen[4];
    EXPECT_TRUE(near(seen[5], 0.0625)) << reading << " bid 5 (capped at the score): " << seen[5];
    EXPECT_EQ(seen.upper_bound(5), seen.end()) << reading << ": a bid above red's score of 5";
  }
}

// Fn 14 (ZMG): with negative-score=forbidden and every player at 0, the variant is played:
// no bid is accepted, each picks in turn.
TEST(BcbBazaars, ForbiddenWithEveryScoreZeroPicksInTurn) {
  Table t({{"bazaar", 1}, {"meadow", 4}}, 2, {"negative-score=forbidden"});
  t.regular_turn("bazaar");
  t.reveal({"meadow", "meadow"});
  EXPECT_NE(t.select("meadow", 0), std::nullopt);
  ASSERT_TRUE(ok(t.select("meadow", -1)));
  EXPECT_EQ(t.s->phase(), Phase::Place);
  EXPECT_EQ(t.s->active_player(), 1);
}

// bazaar-variant=pick-in-turn, seed 003 "Variație": "Începând cu jucătorul următor, în tură
// fiecare jucător selectează unul dintre cartonașe și îl plasează ca într-o tură normală ...
// după aceea jocul continuă ca în mod normal" and fn 13 ("nicio licitație"). With red the
// host: blue picks and places, then green picks (from the two left) and places, then red
// gets the last one; then blue's regular turn. No points move.
TEST(BcbBazaars, PickInTurnVariantSelectsAndPlacesInTurn) {
  Table t({{"bazaar", 1}, {"meadow", 4}, {"monastery", 2}}, 3, {"bazaar-variant=pick-in-turn"});
  t.regular_turn("bazaar");
  t.reveal({"meadow", "monastery", "meadow"});
  ASSERT_EQ(t.s->phase(), Phase::BazaarSelect);
  EXPECT_EQ(t.s->current_player(), 1);
  auto why = t.select("monastery", 2);
  ASSERT_NE(why, std::nullopt);
  EXPECT_NE(why->find("nobody bids"), std::string::npos) << *why;
  EXPECT_EQ(t.legal().size(), 2u) << "select meadow, select monastery";
  ASSERT_TRUE(ok(t.select("monastery", -1)));
  EXPECT_EQ(t.s->active_player(), 1);
  EXPECT_EQ(t.s->drawn(), t.tile("monastery"));
  t.place_turn();
  ASSERT_EQ(t.s->phase(), Phase::BazaarSelect);
  EXPECT_EQ(t.s->current_player(), 2);
  ASSERT_TRUE(ok(t.select("meadow", -1)));
  t.place_turn();
  EXPECT_EQ(t.s->active_player(), 0);
  EXPECT_EQ(t.s->drawn(), t.tile("meadow"));
  t.place_turn();
  EXPECT_EQ(t.s->active_player(), 1);
  EXPECT_EQ(t.s->phase(), Phase::Draw);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(t.score(p), 0);
}

// The game ends when no tile is left and no bazaar tile waits: a bazaar that reveals the
// last tiles still has its placement turns, then the final scoring.
TEST(BcbBazaars, TheGameEndsOnlyAfterTheLastBazaarTileIsPlaced) {
  Table t({{"bazaar", 1}, {"meadow", 2}}, 2);
  t.regular_turn("bazaar");
  t.reveal({"meadow", "meadow"});
  EXPECT_EQ(t.s->tiles_remaining(), 0);
  ASSERT_TRUE(ok(t.select("meadow", 0)));
  ASSERT_TRUE(ok(t.pass()));
  t.place_turn();
  EXPECT_FALSE(t.s->is_terminal());
  t.place_turn();
  EXPECT_TRUE(t.s->is_terminal());
}

// Snapshots see the bazaar, so equal snapshots still mean equal states.
TEST(BcbBazaars, SnapshotShowsTheBazaar) {
  Table a({{"bazaar", 1}, {"meadow", 4}}, 2);
  Table b({{"bazaar", 1}, {"meadow", 4}}, 2);
  a.regular_turn("bazaar");
  b.regular_turn("bazaar");
  a.reveal({"meadow", "meadow"});
  b.reveal({"meadow", "meadow"});
  ASSERT_TRUE(ok(a.select("meadow", 1)));
  ASSERT_TRUE(ok(b.select("meadow", 2)));
  EXPECT_NE(a.s->snapshot(), b.s->snapshot());
  EXPECT_NE(a.s->first_difference(*b.s), nullptr);
}

// Random complete games on the shipped tiles (bazaar tiles included) under each bazaar
// reading: every legal action is accepted, every game ends, and after every action each
// tile is in one place only: supply + board + set aside + in hand + revealed and waiting =
// the tiles in play; every revealed tile is taken by one player; no bazaar is open at the
// end; by_feature sums to the total.
TEST(BcbBazaars, RandomGamesPlaceEveryRevealedTileOnce) {
  const Library& lib = Library::shipped();
  int bazaars = 0, paid = 0;
  const std::vector<std::vector<std::string>> readings = {
      {},
      {"bazaar-variant=pick-in-turn"},
      {"negative-score=forbidden", "bazaar-buy-short=stop-at-zero"},
      {"negative-score=forbidden", "bazaar-buy-short=below-zero",
       "bazaar-next-selector=seller-again"},
      {"bazaar-unplaced=bazaar-held", "bazaar-held-timing=before-replacement"},
      {"bazaar-unplaced=bazaar-held", "bazaar-held-timing=after-replacement",
       "negative-score=forbidden"},
      {"base-unplaceable-tile=back-in-pile"},
      {"bazaar-won-unplaceable=set-aside"},
  };
  for (const auto& variants : readings)
    for (int players = 2; players <= 5; ++players) {
      std::unique_ptr<Game> g = bcb_game(lib.tile_sets, players, variants);
      int in_play = 0;
      for (const TileType& tt : g->tiles()) in_play += tt.count;
      for (uint64_t seed = 1; seed <= 20; ++seed) {
        State s(*g, seed);
        Rng pick(seed * 7919 + static_cast<uint64_t>(players));
        ActionList out;
        // Every invariant of the checker (bridges, castles and bazaars included, its replays
        // and the game log too) on the first games.
        CheckOptions every;
        every.full_every = 25;
        std::optional<InvariantChecker> check;
        if (seed <= 3) check.emplace(s, GameStart{seed, {}, false}, every);
        int revealed = 0, taken = 0, actions = 0;
        while (!s.is_terminal() && actions < 20000) {
          ++actions;
          Action a;
          if (s.is_chance()) {
            s.apply_random_draw();
            a = s.history().back();
          } else {
            s.legal_actions(out);
            ASSERT_GT(out.size, 0) << phase_name(s.phase());
            if (check) {
              ASSERT_EQ(check->check_legal(s, out), std::nullopt);
            }
            a = random_action(s, out, pick);
            ASSERT_TRUE(out.offers(a)) << action_text(s, a);
            ASSERT_EQ(s.apply(a), std::nullopt) << action_text(s, a);
          }
          if (check) {
            ASSERT_EQ(check->after_action(s, a), std::nullopt) << action_text(s, a);
          }
          for (const Event& e : s.events()) {
            revealed += e.kind == EventKind::BazaarOpened ? e.value : 0;
            taken += e.kind == EventKind::BazaarTileTaken;
            paid += e.kind == EventKind::BazaarPaid;
          }
          int board = 0;
          for (int c = 0; c < s.cells(); ++c) board += s.cell(c).index == 0;
          const int in_hand = s.drawn() >= 0 && s.phase() == Phase::Place ? 1 : 0;
          ASSERT_EQ(s.tiles_remaining() + board + s.set_aside() + in_hand +
                        s.bcb().bazaar_tiles_waiting(),
                    in_play)
              << "seed " << seed << " players " << players << " phase " << phase_name(s.phase());
        }
        ASSERT_TRUE(s.is_terminal()) << "seed " << seed;
        bazaars += revealed > 0;
        EXPECT_EQ(taken, revealed) << "seed " << seed;
        EXPECT_EQ(s.bcb().bazaar, BazaarStage::None);
        EXPECT_EQ(s.bcb().bazaar_tiles_waiting(), 0);
        for (int p = 0; p < players; ++p) {
          int sum = 0;
          for (int v : s.score(p).by_feature) sum += v;
          EXPECT_EQ(sum, s.score(p).total);
        }
      }
    }
  EXPECT_GT(bazaars, 100) << "random games hold bazaars";
  EXPECT_GT(paid, 0) << "random bids move points";
}

}  // namespace
}  // namespace carcheck
