// Mists over Carcassonne: the switches of the interpretation register, each under every value
// (interpretations.md; levels.yaml `variants:`), on hand-built boards (tests/test_mists_table.h).
// coop-scoring: test_mists_scoring.cpp; bury-supply, haunted-cemetery-ghosts:
// test_mists_cemeteries.cpp; pile-threshold-loss, hound-trigger, pile-end-timing (piles),
// double-threshold: test_mists_hounds.cpp.
#include "test_mists_table.h"

namespace carcheck::mists_test {
namespace {

std::vector<std::string> variant_if(bool on, const std::string& v) {
  return on ? std::vector<std::string>{v} : std::vector<std::string>{};
}

// unoccupied-scoring: a road finished with no meeple on it. no-scoring (default): no scoring,
// no choice. ghost-choice: the team may remove up to 3 ghosts from one tile instead of 0 points.
TEST(MistsVariants, UnoccupiedScoring) {
  for (bool choice : {false, true}) {
    SCOPED_TRACE(choice ? "ghost-choice" : "no-scoring");
    Table t(1, 3, variant_if(choice, "unoccupied-scoring=ghost-choice"));
    t.put("RE", 2, 0, 0);
    t.play("RE", -1, 0, 2);
    t.act("pass");
    EXPECT_EQ(t.count(EventKind::FeatureFinished), 1);
    if (!choice) {
      EXPECT_EQ(t.s().phase(), Phase::Draw);
      continue;
    }
    ASSERT_EQ(t.s().phase(), Phase::ScoreChoice);
    t.act("remove-ghosts 1,1 1");
    EXPECT_EQ(t.ghosts_at(1, 1), 0);
    EXPECT_EQ(t.score(), 0);
    EXPECT_EQ(t.s().phase(), Phase::Draw);
  }
}

// misty-road-meeple: allowed (FAQ.MoC.0002, default) or clear-only (Dized.MoC.0040 "heldere
// weg"). A clear road stays open to a meeple either way.
TEST(MistsVariants, MistyRoadMeeple) {
  for (bool clear_only : {false, true}) {
    SCOPED_TRACE(clear_only ? "clear-only" : "allowed");
    Table t(1, 3, variant_if(clear_only, "misty-road-meeple=clear-only"));
    t.play("RM", 2, 0, 0);
    std::string why = t.refusal("meeple road:W");
    if (clear_only) {
      EXPECT_NE(why.find("clear road"), std::string::npos) << why;
      t.act("pass");
      t.play("R", -1, 0, 0);
      EXPECT_EQ(t.refusal("meeple road:W"), "");
    } else {
      EXPECT_EQ(why, "");
      EXPECT_EQ(t.in_supply(kRed), 4);
    }
  }
}

// meeple-on-finished: allowed (default, only "unoccupied" is asked, Dized.MoC.0051): the meeple
// goes on the road this tile finished and scores at once. unfinished-only (seed 004 Level 2 2b
// "een onafgebouwde weg of stad"): refused.
TEST(MistsVariants, MeepleOnFinished) {
  for (bool unfinished : {false, true}) {
    SCOPED_TRACE(unfinished ? "unfinished-only" : "allowed");
    Table t(2, 3, variant_if(unfinished, "meeple-on-finished=unfinished-only"));
    t.put("RE", 2, 0, 0);
    t.play("RE", -1, 0, 2);
    std::string why = t.refusal("meeple road:E");
    if (unfinished) {
      EXPECT_NE(why.find("finished"), std::string::npos) << why;
      EXPECT_EQ(t.legal_count(ActionKind::Meeple), 0);
      continue;
    }
    EXPECT_EQ(why, "");
    t.act("points");
    EXPECT_EQ(t.score(), 4);
    EXPECT_EQ(t.in_supply(kRed), 5);
  }
}

// ghost-scope, mist banks: the bank over (1,1)'s E and S halves and the north mist of MNS at
// (1,2) is finished by a tile at (2,1). as-written (Dized.MoC.0042, "van de betreffende mist"):
// only the ghosts on that bank's mist; per-tile (summary 1b "van de betreffende tegels"): every
// ghost on its tiles, MNS's other mist included. per-area reads banks as as-written.
TEST(MistsVariants, GhostScopeForAFinishedBank) {
  for (const char* scope : {"as-written", "per-tile", "per-area"}) {
    SCOPED_TRACE(scope);
    Table t(1, 3, {std::string("ghost-scope=") + scope});
    int mns = t.put("MNS", 1, 2, 0);
    const CellFace& f = t.s().face(mns);
    for (int m = 0; m < f.n_mist; ++m)
      t.ghosts(1, 2, (f.mist[m].ports & side_mask(North)) ? 1 : 2, m);
    t.play("MS2", 2, 1, 1);  // mist on W
    EXPECT_EQ(t.count(EventKind::BankFinished), 1);
    EXPECT_EQ(t.ghosts_at(1, 1), 0);
    EXPECT_EQ(t.ghosts_at(1, 2), std::string(scope) == "per-tile" ? 0 : 2);
    EXPECT_EQ(t.ghosts_at(2, 1), 0);
  }
}

// ghost-scope, closing cemeteries (Levels 2-4): the cemetery tile GRC at (2,0) holds 1 ghost on
// its mist and 2 on its cemetery. as-written ("alle spoken van de kerkhoftegel", Dized.MoC.0027)
// and per-tile: all 3 go; per-area (summary 1c "op het kerkhof"): the cemetery's 2 only.
TEST(MistsVariants, GhostScopeForAClosingCemetery) {
  for (const char* scope : {"as-written", "per-tile", "per-area"}) {
    SCOPED_TRACE(scope);
    Table t(2, 3, {std::string("ghost-scope=") + scope});
    t.put("GRC", 2, 0, 0);
    t.put("C", 2, -1, 2);
    t.put("RE", 3, 0, 0);
    t.ghosts(2, 0, 1, 0);
    t.ghosts(2, 0, 2, kCemeterySlot);
    t.play("F", 2, 1, 0);  // the 4th orthogonal side
    EXPECT_EQ(t.count(EventKind::CemeteryClosed), 1);
    EXPECT_EQ(t.count(EventKind::MeepleBuried), 1);  // from the active player's supply
    EXPECT_EQ(t.ghosts_at(2, 0), std::string(scope) == "per-area" ? 1 : 0);
  }
}

// haunted-close-removal: closing a haunted cemetery (Level 5) buries a meeple; keep-ghosts
// (default, Level 5 1b names no removal) leaves its ghosts, remove-ghosts clears them.
TEST(MistsVariants, HauntedCloseRemoval) {
  for (bool remove : {false, true}) {
    SCOPED_TRACE(remove ? "remove-ghosts" : "keep-ghosts");
    Table t(5, 3, variant_if(remove, "haunted-close-removal=remove-ghosts"));
    t.put("G", 0, 2);
    for (auto [x, y] : {std::pair{-1, 1}, {-1, 2}, {1, 2}, {-1, 3}, {0, 3}}) t.put("F", x, y);
    t.ghosts(0, 2, 2, kCemeterySlot);
    t.pile(0, {"R", "F"});
    t.play("F", 1, 3, 0);
    EXPECT_EQ(t.count(EventKind::MeepleBuried), 1);
    EXPECT_EQ(t.ghosts_at(0, 2), remove ? 0 : 2);
  }
}

// face-down-adjacency: any-of-8 (default) or orthogonal-first (diagonal spaces of a cemetery
// only once its orthogonal ones are taken, judged per cemetery); under both a space shares a
// side with a placed tile (Dized.MoC.0052). Cemetery (2,1) with (2,0) taken: 5 free spaces, 2
// of them orthogonal, and (3,2) touches the board at a corner only: 4 under any-of-8.
TEST(MistsVariants, FaceDownAdjacency) {
  for (bool orth : {false, true}) {
    SCOPED_TRACE(orth ? "orthogonal-first" : "any-of-8");
    {
      Table t(5, 3, variant_if(orth, "face-down-adjacency=orthogonal-first"));
      t.put("G", 2, 1);
      t.put("R", 2, 0, 0);
      t.pile(0, {"F", "F", "F"});
      t.play("F", -1, 1, 0);
      t.act("pass");
      t.act("draw F");
      EXPECT_EQ(t.legal_count(ActionKind::FaceDown), orth ? 2 : 4);
      EXPECT_NE(t.refusal("face-down 3,2"), "");
      if (orth) t.act("face-down 2,2");
    }
    {
      // (2,1)'s orthogonal spaces all taken; a 2nd cemetery (0,2) with free orthogonal spaces.
      Table t(5, 3, variant_if(orth, "face-down-adjacency=orthogonal-first"));
      t.put("G", 2, 1);
      t.put("R", 2, 0, 0);
      t.put("F", 3, 1);
      t.put("F", 2, 2);
      t.put("G", 0, 2);
      t.pile(0, {"F", "F", "F"});
      t.play("F", -1, 1, 0);
      t.act("pass");
      t.act("draw F");
      // any-of-8: (3,0), (1,2), (3,2), (-1,2), (0,3) ((-1,3) and (1,3) touch corners only);
      // orthogonal-first: the diagonals of (2,1) and the orthogonal spaces of (0,2), the same.
      EXPECT_EQ(t.legal_count(ActionKind::FaceDown), 5);
      EXPECT_NE(t.refusal("face-down 1,3"), "");
    }
  }
}

// face-down-haunting, castles: a face-down tile diagonal to a castle. faq (default,
// Dized.MoC.0018 "eromheen"): haunted, never scored; rules-text ("naast spookslot"): only an
// orthogonal face-down tile haunts it, so it scores 2 * (itself + misty quarter (1,1)) = 4.
TEST(MistsVariants, FaceDownHauntingCastle) {
  for (bool text : {false, true}) {
    SCOPED_TRACE(text ? "rules-text" : "faq");
    Table t(5, 3, variant_if(text, "face-down-haunting=rules-text"));
    t.put("K", 1, 2);
    t.put("F", 2, 2);
    t.put("G", 3, 2);
    t.put("F", 0, 2);
    t.put("F", 0, 3);
    t.put("F", 1, 3);
    t.meeple(kRed, 1, 2, SegmentKind::Castle);
    t.pile(0, {"F", "F", "F", "R"});
    t.play("R", 2, 0, 0);
    t.act("pass");
    t.act("draw F");
    t.act("face-down 2,1");  // diagonal to the castle, next to the cemetery (3,2)
    t.play("F", 2, 3, 0);    // the castle's 8th neighbour
    t.act("pass");
    if (text) {
      ASSERT_EQ(t.s().phase(), Phase::ScoreChoice);
      t.act("points");
      EXPECT_EQ(t.score(), 4);
      EXPECT_EQ(t.in_supply(kRed), 5);
    } else {
      EXPECT_EQ(t.count(EventKind::FeatureFinished), 0);
      EXPECT_EQ(t.in_supply(kRed), 4);
    }
  }
}

// face-down-haunting, mist banks: (1,1)'s bank runs into the face-down tile at (2,1). faq
// (Dized.MoC.0019): haunted, closing its south side finishes nothing; rules-text: the face-down
// side counts as closed, the later face-up tile finishes it (its ghost goes).
TEST(MistsVariants, FaceDownHauntingMistBank) {
  for (bool text : {false, true}) {
    SCOPED_TRACE(text ? "rules-text" : "faq");
    Table t(5, 3, variant_if(text, "face-down-haunting=rules-text"));
    t.put("GRC", 2, 0, 0);
    t.pile(0, {"F", "MS2", "F", "F"});
    t.play("F", -1, 1, 0);
    t.act("pass");
    t.act("draw F");
    t.act("face-down 2,1");
    t.play("MS2", 1, 2, 2);  // mist on N, against (1,1)'s Sl Sr
    EXPECT_EQ(t.count(EventKind::BankFinished), text ? 1 : 0);
    EXPECT_EQ(t.ghosts_at(1, 1), text ? 0 : 1);
    EXPECT_EQ(t.ghosts_at(1, 2), text ? 0 : 1);
  }
}

// haunted-closed-ghosts: no-extra (default): no Levels 2-4 extra ghost in Level 5;
// extra-on-open: open haunted cemeteries still take it.
TEST(MistsVariants, HauntedClosedGhosts) {
  for (bool extra : {false, true}) {
    SCOPED_TRACE(extra ? "extra-on-open" : "no-extra");
    Table t(5, 3, variant_if(extra, "haunted-closed-ghosts=extra-on-open"));
    t.put("G", 0, 2);
    t.pile(0, {"F", "MS2"});
    t.play("MS2", 0, -1, 2);
    EXPECT_EQ(t.ghosts_at(0, -1), 2);
    EXPECT_EQ(t.ghosts_at(0, 2), extra ? 1 : 0);
  }
}

// pile-end-timing on the one supply of Levels 1-2: the last tile closes a road that reaches the
// goal. after-last-turn (default): it is scored, the game is won; on-last-draw: the supply is
// out when that tile is drawn, the game is lost.
TEST(MistsVariants, PileEndTimingOnTheLastTileOfTheSupply) {
  for (bool on_draw : {false, true}) {
    SCOPED_TRACE(on_draw ? "on-last-draw" : "after-last-turn");
    Table t(1, 3, variant_if(on_draw, "pile-end-timing=on-last-draw"));
    t.put("RE", 2, 0, 0);
    t.meeple(kRed, 0, 0, SegmentKind::Road);
    t.pile(0, {"RE"});
    t.s().setup_score(0, 46);
    t.act("draw RE");
    if (on_draw) {
      EXPECT_EQ(t.s().end_reason(), EndReason::TilesExhausted);
      EXPECT_FALSE(t.s().won());
      continue;
    }
    t.act("place -1,0 r2");
    t.act("pass");
    t.act("points");
    EXPECT_TRUE(t.s().won());
    EXPECT_EQ(t.score(), 50);
  }
}

// pile-end-timing for the face-down tile: with on-last-draw, drawing a pile's last tile face
// down (Level 5, 3c) runs the pile out at once, as a face-up draw would.
TEST(MistsVariants, PileEndTimingOnTheLastFaceDownTile) {
  for (bool on_draw : {false, true}) {
    SCOPED_TRACE(on_draw ? "on-last-draw" : "after-last-turn");
    Table t(5, 3, variant_if(on_draw, "pile-end-timing=on-last-draw"));
    t.put("G", 2, 1);
    ASSERT_FALSE(t.st->setup_active_pile(2));
    t.pile(2, {"F", "F"});
    t.play("F", -1, 1, 0);
    t.act("pass");
    t.act("draw F");  // the last tile of the last pile, face down
    if (on_draw) {
      EXPECT_EQ(t.s().end_reason(), EndReason::TilesExhausted);
      continue;
    }
    ASSERT_EQ(t.s().phase(), Phase::FaceDown);
    t.act("face-down 3,1");
    EXPECT_EQ(t.s().end_reason(), EndReason::TilesExhausted);  // the next turn has no tile
  }
}

// tile58-symbols, on the SHIPPED tiles: tile 58 shows 2 symbols (seed 004, default) or 1
// (seed 000).
TEST(MistsVariants, Tile58SymbolsOnTheShippedTiles) {
  for (const char* v : {"2", "1"}) {
    SCOPED_TRACE(v);
    GameOptions o;
    o.rules = "mists";
    o.level = 2;
    o.players = 2;
    o.variants = {std::string("tile58-symbols=") + v};
    auto game = make_game(o);
    TileId t = game->find_tile("58");
    ASSERT_GE(t, 0);
    EXPECT_EQ(game->tile(t).ghost_symbols(), std::stoi(v));
    int land = 0;  // the overviews' totals over the 60 land tiles (the start tile's 3 apart)
    for (const TileType& tt : game->tiles())
      if (!tt.start) land += tt.count * tt.ghost_symbols();
    EXPECT_EQ(land, std::string(v) == "2" ? 76 : 75);
  }
}

}  // namespace
}  // namespace carcheck::mists_test
