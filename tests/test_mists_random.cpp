// Mists over Carcassonne: random legal games on the inline tiles (tests/test_mists_table.h), every
// level and player count, checking after every action what the rules conserve: 15 ghosts
// (supply + board + box), every meeple, every tile; scores never go down; every listed action
// is accepted; a game always ends.
#include "test_mists_table.h"

namespace carcheck::mists_test {
namespace {

TEST(MistsRandom, InvariantsHoldOverRandomGames) {
  const std::vector<std::vector<std::string>> variant_sets = {
      {},
      {"hound-trigger=when-surrounded", "pile-threshold-loss=continue", "ghost-scope=per-tile"},
      {"unoccupied-scoring=ghost-choice", "face-down-adjacency=orthogonal-first",
       "face-down-haunting=rules-text", "haunted-close-removal=remove-ghosts",
       "bury-supply=any-player"},
      {"pile-end-timing=on-last-draw", "coop-scoring=majority",
       "haunted-closed-ghosts=extra-on-open", "ghost-scope=per-area",
       "meeple-on-finished=unfinished-only"},
  };
  int games = 0;
  for (int level = 1; level <= 6; ++level)
    for (int players = 1; players <= 5; ++players)
      for (size_t v = 0; v < variant_sets.size(); ++v)
        for (uint64_t seed = 1; seed <= 6; ++seed) {
          SCOPED_TRACE("level " + std::to_string(level) + " players " + std::to_string(players) +
                       " variants " + std::to_string(v) + " seed " + std::to_string(seed));
          Table t(level, players, variant_sets[v], seed * 7919 + level);
          State& s = t.s();
          const int tiles = s.tiles_remaining() + s.cells();
          const size_t meeples = s.meeples().size();
          Rng chooser(seed * 31 + static_cast<uint64_t>(players));
          ActionList legal;
          std::vector<int> last(static_cast<size_t>(s.score_count()), 0);
          int steps = 0;
          while (!s.is_terminal() && steps < 5000) {
            ++steps;
            if (s.is_chance()) {
              s.apply_random_draw();
            } else {
              s.legal_actions(legal);
              ASSERT_GT(legal.size, 0) << phase_name(s.phase());
              const Action& a = legal.items[chooser.below(static_cast<uint32_t>(legal.size))];
              auto why = s.apply(a);
              ASSERT_FALSE(why) << *why << " (" << action_text(s, a) << ")";
            }
            ASSERT_EQ(s.mists().ghost_supply + s.mists().ghosts_on_board() + s.mists().ghost_box,
                      15);
            ASSERT_GE(s.mists().ghost_supply, 0);
            ASSERT_EQ(s.meeples().size(), meeples);
            int faces = 0;
            for (int c = 0; c < s.cells(); ++c) faces += s.cell(c).index == 0;
            if (!s.is_terminal()) {  // (pile-end-timing=on-last-draw ends the game holding a tile)
              ASSERT_EQ(s.tiles_remaining() + faces + s.set_aside() +
                            ((s.phase() == Phase::Place || s.phase() == Phase::FaceDown) ? 1 : 0),
                        tiles - 3);
            }
            for (int k = 0; k < s.score_count(); ++k) {
              ASSERT_GE(s.score(k).total, last[static_cast<size_t>(k)]);
              last[static_cast<size_t>(k)] = s.score(k).total;
            }
          }
          ASSERT_TRUE(s.is_terminal());
          ++games;
        }
  EXPECT_EQ(games, 6 * 5 * 4 * 6);
}

}  // namespace
}  // namespace carcheck::mists_test
