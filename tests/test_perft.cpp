// Perft (checker/perft.h, `carcheck perft`) and the spec statements that pin legal moves
// (`expect legal count`, `placements`, `meeples`, `then`). The counts are worked out by hand
// in specs/base/perft-start.spec from reference/tiles.md.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "checker/perft.h"
#include "checker/spec_runner.h"
#include "dsl/library.h"
#include "test_support.h"

namespace carcheck {
namespace {

std::unique_ptr<Game> base_game() {
  GameOptions o;
  o.rules = "base-c1";
  return make_game(o);
}

// From the start of a base game: 24 shapes to draw; 4 + (road sides) placements each, 123 in
// all; pass or a follower on any segment of the new tile, 589 lines of three actions.
TEST(Perft, BaseGameFromTheStart) {
  auto g = base_game();
  const State s(*g, 1);
  EXPECT_EQ(perft(s, 0).leaves, 1u);
  EXPECT_EQ(perft(s, 1).leaves, 24u);
  EXPECT_EQ(perft(s, 2).leaves, 123u);
  const PerftCount c = perft(s, 3);
  EXPECT_EQ(c.leaves, 589u);
  EXPECT_EQ(c.positions, 24u + 123u + 589u);  // every ply's positions, the last counted
  EXPECT_EQ(c.made, 24u + 123u);              // the last ply is not made
  EXPECT_TRUE(s.history().empty());           // counted on copies
}

TEST(Perft, DivideSplitsTheCountByFirstAction) {
  auto g = base_game();
  const State s(*g, 1);
  const std::vector<PerftBranch> rows = perft_divide(s, 3);
  ASSERT_EQ(rows.size(), 24u);
  uint64_t sum = 0;
  for (const PerftBranch& b : rows) sum += b.count.leaves;
  EXPECT_EQ(sum, 589u);
  // A straight (F R F R): 6 placements, then pass or its road or one of its two fields.
  bool seen = false;
  for (const PerftBranch& b : rows)
    if (b.text == "draw straight") {
      seen = true;
      EXPECT_EQ(b.count.leaves, 6u * 4u);
    }
  EXPECT_TRUE(seen);
}

SpecResult run_text(const std::string& text) {
  return run_spec(parse_spec(text, "t.spec"), SpecRunOptions{});
}

constexpr const char* kHeader = "rules base-c1 players 2\ncites seed 001 \"test\"\n";

TEST(LegalSpecs, ThenTriesALineOfPlayOnACopy) {
  SpecResult r = run_text(std::string(kHeader) +
                          "draw straight\n"
                          "expect legal place 1,0 r0 then meeple road:W\n"
                          "expect phase place\n"
                          "expect meeples board 0\n");
  EXPECT_EQ(r.outcome, SpecOutcome::Pass) << r.error;
  EXPECT_EQ(r.checked, 3);
}

TEST(LegalSpecs, ThenFailsAtTheRefusedAction) {
  SpecResult r = run_text(std::string(kHeader) +
                          "draw straight\n"
                          "expect legal place 0,-1 r0 then meeple road:W\n");
  ASSERT_EQ(r.outcome, SpecOutcome::Fail) << r.error;
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_NE(r.failures[0].actual.find("'place 0,-1 r0' refused"), std::string::npos)
      << r.failures[0].actual;
  // Illegal: the first accepted, the second refused (one follower per turn).
  r = run_text(std::string(kHeader) +
               "draw straight\n"
               "expect illegal place 1,0 r0 then meeple road:W then meeple field:Nl\n");
  EXPECT_EQ(r.outcome, SpecOutcome::Pass) << r.error;
}

TEST(LegalSpecs, SetsListWhatIsMissingAndWhatIsNotLegal) {
  SpecResult r = run_text(std::string(kHeader) +
                          "draw straight\n"
                          "expect legal placements { 1,0 r0; 1,0 r1; 0,1 r0; 0,1 r2; -1,0 r0; "
                          "-1,0 r2 }\n");
  ASSERT_EQ(r.outcome, SpecOutcome::Fail) << r.error;
  const std::string& actual = r.failures.at(0).actual;
  EXPECT_NE(actual.find("not written: 1,0 r2"), std::string::npos) << actual;
  EXPECT_NE(actual.find("not legal: 1,0 r1"), std::string::npos) << actual;
  // The follower step is not open while the tile waits for its place.
  r = run_text(std::string(kHeader) + "draw straight\nexpect legal meeples { none }\n");
  ASSERT_EQ(r.outcome, SpecOutcome::Fail) << r.error;
  EXPECT_NE(r.failures.at(0).actual.find("no follower step now"), std::string::npos);
}

TEST(LegalSpecs, CountFailsWithTheCountByFirstAction) {
  SpecResult r = run_text(std::string(kHeader) + "expect legal count 124 depth 2\n");
  ASSERT_EQ(r.outcome, SpecOutcome::Fail) << r.error;
  const std::string& actual = r.failures.at(0).actual;
  EXPECT_EQ(actual.rfind("123 line(s) of play 2 deep (by first action: ", 0), 0u) << actual;
  EXPECT_NE(actual.find("draw straight 6"), std::string::npos) << actual;
}

TEST(PerftCommand, CountsDividesAndRefusesBadDepths) {
  const std::string bin = CARCHECK_BINARY;
  FILE* p = popen((bin + " perft --rules base-c1 --depth 2 --divide --json").c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  ASSERT_EQ(pclose(p), 0);
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["leaves"], 123);
  EXPECT_EQ(j["depth"], 2);
  EXPECT_EQ(j["divide"].size(), 24u);
  EXPECT_EQ(test_support::shell(bin + " perft --rules base-c1 --depth x >/dev/null 2>&1"), 2);
  EXPECT_EQ(test_support::shell(bin + " perft --help >/dev/null"), 0);
}

}  // namespace
}  // namespace carcheck
