// The three grammars (tile language, spec language, action notation): PEGTL's analyze finds
// no rule that can loop without consuming input; the action notation reads back every verb
// the engine prints, fills a typed ActionSyntax, and reports bad text with its column.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <tao/pegtl/contrib/analyze.hpp>

#include "dsl/action_grammar.h"
#include "dsl/action_parser.h"
#include "dsl/library.h"
#include "dsl/spec_grammar.h"
#include "dsl/tile_grammar.h"
#include "engine/room_words.h"
#include "test_support.h"

namespace carcheck {
namespace {

namespace pg = tao::pegtl;

TEST(Grammars, AnalyzeFindsNoProblems) {
  EXPECT_EQ(pg::analyze<tilelang::shape>(), 0u);
  EXPECT_EQ(pg::analyze<speclang::file>(), 0u);
  EXPECT_EQ(pg::analyze<actionlang::action_text>(), 0u);
}

// Whether the spec language's own expectations take `expect <word> 1` as theirs: they read
// it, or they claim it and report what should have followed the word.
bool language_claims(const std::string& word) {
  const std::string text = word + " 1";
  pg::memory_input in(text, "test");
  try {
    return pg::parse<speclang::language_expectation>(in);
  } catch (const pg::parse_error&) {
    return true;
  }
}

// engine/room_words.h refuses a room's expectation word exactly when the spec language reads
// it as its own: every keyword of the language and every verb, alone and with "-x" after it
// (a keyword ends at '-'), is claimed by the grammar if and only if the registry refuses it.
TEST(Grammars, ARoomMayTakeNoExpectationWordTheSpecLanguageReads) {
  std::set<std::string> words = {"bells", "ring", "score-first", "nonesuch"};
  const std::regex keyword(R"re(CARCHECK_(SPEC|ACTION)_KEYWORD\(\w+, "([^"]+)"\))re");
  for (const char* file : {"/dsl/spec_grammar.h", "/dsl/action_grammar.h"}) {
    const std::string grammar = test_support::read_text(std::string(CARCHECK_DATA_DIR) + file);
    for (std::sregex_iterator i(grammar.begin(), grammar.end(), keyword), end; i != end; ++i)
      words.insert((*i)[2]);
  }
  ASSERT_GT(words.size(), 60u) << "the keywords of the spec and action grammars";
  for (std::string_view v : kActionVerbs) words.insert(std::string(v));
  for (std::string_view w : kSpecExpectationWords) {
    EXPECT_TRUE(words.contains(std::string(w))) << w;
    EXPECT_EQ(spec_expectation_keyword(w), w);
  }
  int claimed = 0;
  for (const std::string& w : words)
    for (const std::string& written : {w, w + "-x"}) {
      const bool refused = !spec_expectation_keyword(written).empty();
      EXPECT_EQ(language_claims(written), refused) << "expect " << written;
      claimed += refused;
    }
  EXPECT_GE(claimed, 2 * 27);
  EXPECT_EQ(spec_expectation_keyword("none"), "") << "a keyword ends at '-', not at 'n'";
  EXPECT_EQ(spec_expectation_keyword("players"), "");
  EXPECT_EQ(spec_expectation_keyword("castle-score"), "castle");
}

ActionSyntax read(const std::string& text) {
  std::string error;
  std::optional<ActionSyntax> a = parse_action(text, error);
  EXPECT_TRUE(a.has_value()) << text << ": " << error;
  return a.value_or(ActionSyntax{});
}

std::string refusal(const std::string& text) {
  std::string error;
  EXPECT_FALSE(parse_action(text, error).has_value()) << text;
  return error;
}

// One written example per kind, as engine/notation.h documents the notation.
TEST(ActionNotation, EveryVerbTheEnginePrintsIsReadAsItsKind) {
  const std::pair<ActionKind, const char*> examples[] = {
      {ActionKind::Draw, "draw straight"},
      {ActionKind::Place, "place 1,-2 r3"},
      {ActionKind::Meeple, "meeple road:W"},
      {ActionKind::Pass, "pass"},
      {ActionKind::TakePoints, "points"},
      {ActionKind::RemoveGhosts, "remove-ghosts 0,1 2"},
      {ActionKind::ExtraGhost, "extra-ghost -1,0"},
      {ActionKind::Bury, "bury red@supply"},
      {ActionKind::HoundPlace, "hound green@2,0"},
      {ActionKind::HoundClear, "clear stop"},
      {ActionKind::FaceDown, "face-down 3,3"},
      {ActionKind::Track, "track blue"},
      {ActionKind::Bridge, "bridge 1,0 N-S"},
      {ActionKind::Discard, "discard"},
      {ActionKind::Castle, "castle"},
      {ActionKind::CastleScore, "castle-score 1,0 road:W"},
      {ActionKind::Select, "select straight 2"},
      {ActionKind::Bid, "bid 3"},
      {ActionKind::Buy, "buy"},
      {ActionKind::Sell, "sell"},
      {ActionKind::ScoreFirst, "score-first 1,0 city:N"},
      {ActionKind::ScoringMeeples, "scoring-meeples yellow green blue"},
      {ActionKind::EmptySymbol, "empty-symbol 1,2 mist 2"},
      {ActionKind::HauntGhost, "haunt 2,0 mist 1"},
  };
  ASSERT_EQ(std::size(examples), static_cast<size_t>(kWrittenActionKinds));
  for (const auto& [kind, text] : examples) {
    EXPECT_EQ(std::string(text).rfind(action_verb(kind), 0), 0u) << text;
    EXPECT_EQ(read(text).kind, kind) << text;
  }
}

// The grammar's words are the engine's names: every colour, every feature kind, every verb
// (listed by the message that names the actions).
TEST(ActionNotation, TheGrammarsWordsAreTheEnginesNames) {
  for (const ColourWord& colour : kColourWords)
    EXPECT_EQ(read(std::string("track ") + colour.word).colour, colour.word);
  for (int k = 0; k < kSegmentKinds; ++k) {
    std::string kind = segment_kind_name(static_cast<SegmentKind>(k));
    EXPECT_EQ(read("meeple " + kind + ":N").feature, kind);
  }
  std::string listed = actionlang::error_message<actionlang::game_action>;
  for (const std::string& verb : action_verbs())
    EXPECT_NE(listed.find(" " + verb), std::string::npos) << verb;
}

// A scoring answered for one colour (FAQ.MoC.0004's attempt) is written, and read back.
TEST(ActionNotation, AScoringAnsweredForOneColour) {
  EXPECT_EQ(read("points red").colour, "red");
  EXPECT_EQ(read("points").colour, "");
  const ActionSyntax a = read("remove-ghosts 1,1 2 blue");
  EXPECT_EQ(a.kind, ActionKind::RemoveGhosts);
  EXPECT_EQ(a.x, 1);
  EXPECT_EQ(a.count, 2);
  EXPECT_EQ(a.colour, "blue");
}

TEST(ActionNotation, FillsTheTypedSyntax) {
  ActionSyntax place = read("  place 1,-2 r3 ");
  EXPECT_EQ(place.x, 1);
  EXPECT_EQ(place.y, -2);
  EXPECT_EQ(place.rot, 3);
  EXPECT_EQ(place.text, "place 1,-2 r3");
  EXPECT_EQ(place.column, 3);

  ActionSyntax meeple = read("meeple field:Nl yellow");
  EXPECT_EQ(meeple.feature, "field");
  EXPECT_EQ(meeple.port, "Nl");
  EXPECT_EQ(meeple.colour, "yellow");
  EXPECT_EQ(read("meeple castle").colour, "");

  ActionSyntax bury = read("bury red@-1,4");
  EXPECT_EQ(bury.meeple.colour, "red");
  EXPECT_FALSE(bury.meeple.supply);
  EXPECT_EQ(bury.meeple.x, -1);
  EXPECT_EQ(bury.meeple.y, 4);
  EXPECT_EQ(bury.meeple.text(), "red@-1,4");
  EXPECT_TRUE(read("bury pink@supply").meeple.supply);

  ActionSyntax clear = read("clear 2,3 1");
  EXPECT_EQ(clear.x, 2);
  EXPECT_EQ(clear.y, 3);
  EXPECT_EQ(clear.count, 1);
  EXPECT_EQ(read("clear stop").count, 0);
  EXPECT_EQ(read("draw city-cap").tile, "city-cap");
}

TEST(ActionNotation, ErrorsGiveTheColumn) {
  EXPECT_EQ(
      refusal("place 1,0 r4"),
      "column 11: expected a rotation r0, r1, r2 or r3 (quarter turns clockwise), found 'r4'");
  EXPECT_EQ(refusal("plce 1,0 r0"),
            "column 1: unknown action 'plce' (did you mean 'place'?); expected an action: draw, "
            "place, meeple, pass, points, remove-ghosts, extra-ghost, bury, hound, clear, "
            "face-down, track, bridge, discard, castle, castle-score, select, bid, buy, sell, "
            "score-first, scoring-meeples, empty-symbol or haunt");
  EXPECT_EQ(refusal("place 1,0 r0 extra"),
            "column 14: expected the end of the action, found 'extra'");
  EXPECT_EQ(refusal("place 1,0"),
            "column 10: expected a rotation r0, r1, r2 or r3 (quarter turns clockwise), found "
            "the end of the action");
  EXPECT_EQ(refusal("remove-ghosts 1,0 16"),
            "column 19: the game holds 15 ghosts: a count of 16 is a mistake");
  // The places ghosts come off: each named once, 1 to 3 each, summing to the count.
  EXPECT_EQ(refusal("remove-ghosts 1,0 2 from mist 1:1"),
            "column 21: the places give 1 ghosts, but the action removes 2");
  EXPECT_EQ(refusal("remove-ghosts 1,0 2 from mist 1:1, mist 1:1"),
            "column 43: that place is named twice");
  EXPECT_EQ(refusal("remove-ghosts 1,0 2 from mist 5:2"),
            "column 31: a tile has mist areas 1 to 4, not 5");
  EXPECT_EQ(refusal("remove-ghosts 1,0 2 from cemetery 2"),
            "column 35: expected ':' and how many ghosts come off that place, found '2'");
  EXPECT_EQ(refusal("remove-ghosts 1,0 2 from road:1"),
            "column 26: expected a place of the tile and its ghosts: mist K:n or cemetery:n "
            "(from mist 1:1, cemetery:2), found 'road:1'");
  EXPECT_EQ(refusal("remove-ghosts 1,0 2 and 2,0"),
            "column 28: expected how many ghosts come off the second tile, found the end of "
            "the action");
  EXPECT_EQ(refusal("track blue and"),
            "column 15: expected a second colour after 'and', found the end of the action");
  EXPECT_EQ(refusal("score-first 1,0 road"),
            "column 17: name the road by a port of the new tile, as in 'meeple road:W' (ports "
            "are board directions)");
  EXPECT_EQ(refusal("extra-ghost 501,0"),
            "column 13: coordinates lie between -500 and 500, not 501,0");
  EXPECT_EQ(refusal("meeple road"),
            "column 8: name the road by a port of the new tile, as in 'meeple road:W' (ports are "
            "board directions)");
  EXPECT_EQ(refusal("hound red"),
            "column 10: expected '@' after the colour, as in red@1,0, found "
            "the end of the action");
  EXPECT_EQ(refusal(""),
            "column 1: expected an action: draw, place, meeple, pass, points, "
            "remove-ghosts, extra-ghost, bury, hound, clear, face-down, track, bridge, discard, "
            "castle, castle-score, select, bid, buy, sell, score-first, scoring-meeples, "
            "empty-symbol or haunt, found the end of the action");
}

// What the text names is looked up in the state: tiles of the rule set, the meeple there.
TEST(ActionNotation, ResolvingNamesAgainstAState) {
  GameOptions o;
  o.rules = "base-c1";
  o.players = 2;
  auto game = make_game(o);
  State s(*game, 1);
  std::string error;
  std::optional<Action> draw = parse_action(s, "draw straight", error);
  ASSERT_TRUE(draw.has_value()) << error;
  EXPECT_EQ(draw->kind, ActionKind::Draw);
  EXPECT_EQ(draw->tile, game->find_tile("straight"));
  EXPECT_EQ(action_text(s, *draw), "draw straight");

  EXPECT_FALSE(parse_action(s, "draw straigth", error).has_value());
  EXPECT_EQ(error, "unknown tile 'straigth' (not in this rule set's tiles)");
  EXPECT_FALSE(parse_action(s, "bury red@0,0", error).has_value());
  EXPECT_EQ(error, "no unburied meeple 'red@0,0' (write <colour>@<x>,<y> or <colour>@supply)");
  EXPECT_FALSE(parse_action(s, "meeple road:W", error).has_value());
  EXPECT_EQ(error, "no meeple can be placed now (draw)");
  EXPECT_FALSE(parse_action(s, "place 1,0 r9", error).has_value());
  EXPECT_EQ(error.rfind("column 11: expected a rotation", 0), 0u) << error;
}

}  // namespace
}  // namespace carcheck
