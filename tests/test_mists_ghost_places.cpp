// Mists over Carcassonne: where a ghost goes when the rules leave the place to the team.
// Dized.MoC.0041 ("één spook minder op de tegel": which symbol stays empty) and Dized.MoC.0020
// (a new cemetery's ghost on a neighbour's mist: which area). The place is the team's decision
// (empty-symbol, haunt) only where it can change an outcome: the candidate mist areas lie in
// different banks, and ghost-scope takes ghosts by place (as-written, per-area). Two areas of
// one bank are one place for every rule (a bank only grows), so nothing is asked; the specs
// (specs/mists/empty-symbol-*.spec, haunt-ghost-mist-area.spec) show the decisions.
#include "test_mists_table.h"

namespace carcheck::mists_test {
namespace {

// A ring of mist around the space 1,2, one bank with the start tile's quarter 1,1 (mist on
// its east and south sides): M1 (mist on every side) at 2,1, 2,2, 2,3 and 1,3. A tile with a
// mist on its north side and one on its south (MNS) at 1,2 joins both to that bank.
void ring(Table& t) {
  t.put("M1", 2, 1);
  t.put("M1", 2, 2);
  t.put("M1", 2, 3);
  t.put("M1", 1, 3);
}

TEST(MistsGhostPlaces, NoEmptySymbolDecisionWhenBothMistsJoinOneBank) {
  Table t(1, 2);
  ring(t);
  t.play("MNS", 1, 2, 0);
  // 2 symbols, one fewer for extending a bank: 1 ghost, on either mist of one bank.
  EXPECT_EQ(t.s().phase(), Phase::Meeple);
  EXPECT_EQ(t.legal_count(ActionKind::EmptySymbol), 0);
  EXPECT_EQ(t.ghosts_at(1, 2), 1);
  EXPECT_NE(t.refusal("empty-symbol 1,2 mist 2"), "");
}

TEST(MistsGhostPlaces, AnEmptySymbolDecisionWhenTheMistsLieInTwoBanks) {
  for (const char* scope :
       {"ghost-scope=as-written", "ghost-scope=per-area", "ghost-scope=per-tile"}) {
    SCOPED_TRACE(scope);
    Table t(1, 2, {scope});
    t.play("MNS", 1, 2, 0);  // its north mist extends 1,1's bank, its south mist is new
    const bool asked = std::string(scope) != "ghost-scope=per-tile";
    ASSERT_EQ(t.s().phase(), asked ? Phase::EmptySymbol : Phase::Meeple);
    if (!asked) continue;
    EXPECT_EQ(t.legal_count(ActionKind::EmptySymbol), 2);
    EXPECT_NE(t.refusal("empty-symbol 1,2 mist 3").find("2 mist area"), std::string::npos);
    t.act("empty-symbol 1,2 mist 2");
    EXPECT_EQ(t.s().mists().cell(t.cell(1, 2)).ghosts[0], 1);  // the north mist's symbol is filled
    EXPECT_EQ(t.s().mists().cell(t.cell(1, 2)).ghosts[1], 0);
    EXPECT_EQ(t.s().phase(), Phase::Meeple);
  }
}

TEST(MistsGhostPlaces, NoHauntDecisionWhenTheNeighboursMistsAreOneBank) {
  Table t(5, 2);
  ring(t);
  t.put("MNS", 1, 2);  // a setup placement places no ghosts
  const int before = t.s().mists().ghosts_on_board();
  t.play("G", 0, 2, 0);
  // Misty neighbours of 0,2: the start quarter 1,1, MNS at 1,2 and M1 at 1,3.
  EXPECT_EQ(t.s().phase(), Phase::Meeple);
  EXPECT_EQ(t.legal_count(ActionKind::HauntGhost), 0);
  EXPECT_EQ(t.s().mists().ghosts_on_board() - before, 3);
  EXPECT_EQ(t.ghosts_at(1, 2), 1);
}

}  // namespace
}  // namespace carcheck::mists_test
