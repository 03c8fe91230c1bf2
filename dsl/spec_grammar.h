// PEGTL grammar of the spec language (docs/spec-language.md). Pure grammar: the actions that
// build a SpecFile live in spec_parser.cpp. The actions of the turns and the words they share
// with the rest of the language (coordinates, colours, features, meeple references) are the
// action grammar's (dsl/action_grammar.h). Every rule a must<> names has its message in
// error_message<> at the end (a missing one does not compile: dsl/grammar_errors.h).
//
// A spec is a list of lines; each line holds one statement (a comment starts with '#'):
//   spec "title"                       rules mists level 3 players 2 [seed 7]
//   variant coop-scoring=majority      cites Dized.MoC.0041 / cites seed 004 "passage"
//   tile T = "shape" [xN]              start S = "shape"   (or = <tiles.yaml name>)
//   setup { ... }                      draw T; place 1,0 r1; meeple road:W ...
//   expect ...                         under key=value[, key=value] <expect or action>
//   (Bridges, Castles and Bazaars: expect bridges red 2, expect bridge at 1,0 N-S|W-E|none,
//    expect castle-tokens red 3, expect castle at 1,0 red|none)
#pragma once

#include <optional>
#include <string_view>
#include <tao/pegtl.hpp>

#include "dsl/action_grammar.h"

namespace carcheck::speclang {

namespace pg = tao::pegtl;
using namespace actionlang;

// ---- Lexical ----------------------------------------------------------------------------------

struct sp : pg::star<pg::blank> {};
struct comment : pg::seq<pg::one<'#'>, pg::until<pg::at<pg::eolf>>> {};
struct line_end : pg::seq<sp, pg::opt<comment>, pg::eolf> {};
// Resets the statement's tokens at the start of each line.
struct line_begin : pg::success {};

struct name_word : pg::plus<pg::sor<pg::alpha, pg::one<'-'>>> {};

struct string_open : pg::one<'"'> {};
struct string_close : pg::one<'"'> {};
struct string_body : pg::star<pg::not_one<'"', '\r', '\n'>> {};
struct quoted : pg::seq<string_open, string_body, pg::must<string_close>> {};

#define CARCHECK_SPEC_KEYWORD(NAME, TEXT) \
  struct NAME : TAO_PEGTL_KEYWORD(TEXT) {};
CARCHECK_SPEC_KEYWORD(kw_spec, "spec")
CARCHECK_SPEC_KEYWORD(kw_rules, "rules")
CARCHECK_SPEC_KEYWORD(kw_level, "level")
CARCHECK_SPEC_KEYWORD(kw_players, "players")
CARCHECK_SPEC_KEYWORD(kw_seed, "seed")
CARCHECK_SPEC_KEYWORD(kw_variant, "variant")
CARCHECK_SPEC_KEYWORD(kw_cites, "cites")
CARCHECK_SPEC_KEYWORD(kw_tile, "tile")
CARCHECK_SPEC_KEYWORD(kw_start, "start")
CARCHECK_SPEC_KEYWORD(kw_setup, "setup")
CARCHECK_SPEC_KEYWORD(kw_under, "under")
CARCHECK_SPEC_KEYWORD(kw_expect, "expect")
CARCHECK_SPEC_KEYWORD(kw_at, "at")
CARCHECK_SPEC_KEYWORD(kw_on, "on")
CARCHECK_SPEC_KEYWORD(kw_by, "by")
// Setup.
CARCHECK_SPEC_KEYWORD(kw_buried, "buried")
CARCHECK_SPEC_KEYWORD(kw_ghosts, "ghosts")
CARCHECK_SPEC_KEYWORD(kw_meeples, "meeples")
CARCHECK_SPEC_KEYWORD(kw_score, "score")
CARCHECK_SPEC_KEYWORD(kw_pile, "pile")
CARCHECK_SPEC_KEYWORD(kw_active_pile, "active-pile")
CARCHECK_SPEC_KEYWORD(kw_player, "player")
// Expectations.
CARCHECK_SPEC_KEYWORD(kw_board, "board")
CARCHECK_SPEC_KEYWORD(kw_box, "box")
CARCHECK_SPEC_KEYWORD(kw_holds, "holds")
CARCHECK_SPEC_KEYWORD(kw_tiles_left, "tiles-left")
CARCHECK_SPEC_KEYWORD(kw_set_aside, "set-aside")
CARCHECK_SPEC_KEYWORD(kw_finished, "finished")
CARCHECK_SPEC_KEYWORD(kw_not, "not")
CARCHECK_SPEC_KEYWORD(kw_no, "no")
CARCHECK_SPEC_KEYWORD(kw_size, "size")
CARCHECK_SPEC_KEYWORD(kw_event, "event")
CARCHECK_SPEC_KEYWORD(kw_value, "value")
CARCHECK_SPEC_KEYWORD(kw_illegal, "illegal")
CARCHECK_SPEC_KEYWORD(kw_legal, "legal")
CARCHECK_SPEC_KEYWORD(kw_won, "won")
CARCHECK_SPEC_KEYWORD(kw_lost, "lost")
CARCHECK_SPEC_KEYWORD(kw_over, "over")
CARCHECK_SPEC_KEYWORD(kw_phase, "phase")
CARCHECK_SPEC_KEYWORD(kw_mist_bank, "mist-bank")
CARCHECK_SPEC_KEYWORD(kw_bridges, "bridges")
CARCHECK_SPEC_KEYWORD(kw_castle_tokens, "castle-tokens")
CARCHECK_SPEC_KEYWORD(kw_none, "none")
CARCHECK_SPEC_KEYWORD(kw_goal, "goal")
CARCHECK_SPEC_KEYWORD(kw_reached, "reached")
CARCHECK_SPEC_KEYWORD(kw_contains, "contains")
CARCHECK_SPEC_KEYWORD(kw_top, "top")
CARCHECK_SPEC_KEYWORD(kw_from, "from")
CARCHECK_SPEC_KEYWORD(kw_count, "count")
CARCHECK_SPEC_KEYWORD(kw_depth, "depth")
CARCHECK_SPEC_KEYWORD(kw_placements, "placements")
CARCHECK_SPEC_KEYWORD(kw_then, "then")
#undef CARCHECK_SPEC_KEYWORD

// ---- Values -----------------------------------------------------------------------------------

struct value : signed_number {};  // an expected or set value
struct index_n : number {};       // a pile, hound, mist area or player number
struct count_n : number {};       // copies of a tile, occurrences of an event
struct at_coords : pg::seq<kw_at, pg::must<then<coords>>> {};

// ---- Actions of the turns (dsl/action_grammar.h) ---------------------------------------------

// One action of a turn, an `expect legal`, an `expect illegal` (its own ActionSyntax).
struct step_action : pg::seq<game_action> {};
struct action_sep : pg::seq<sp, pg::one<';'>, sp> {};
struct action_line : pg::seq<step_action, pg::star<action_sep, pg::must<step_action>>> {};

// ---- Setup ------------------------------------------------------------------------------------

struct mist_area : pg::seq<kw_mist, pg::must<then<index_n>>> {};
struct ghost_slot : pg::sor<kw_cemetery, mist_area> {};
struct ghosts_at : pg::seq<value, pg::must<then<at_coords>>, pg::opt<then<ghost_slot>>> {};
struct ghosts_supply : pg::seq<kw_supply, pg::must<then<value>>> {};
struct setup_ghosts_tail : pg::sor<ghosts_supply, ghosts_at> {};
struct pile_colon : pg::one<':'> {};
struct pile_tile : word {};

struct s_place : pg::seq<kw_place, pg::must<then<tile_name>>, pg::must<then<at_coords>>,
                         pg::must<then<rotation>>> {};
struct s_face_down : pg::seq<kw_face_down, pg::must<then<tile_name>>, pg::must<then<at_coords>>> {};
// meeple red [large] on road:W at 1,0 (large: the colour's large follower, Inns & Cathedrals)
struct s_meeple
    : pg::seq<kw_meeple, pg::must<then<colour>>, pg::opt<then<kw_large>>, pg::must<then<kw_on>>,
              pg::must<then<feature>>, pg::must<then<at_coords>>> {};
struct s_buried : pg::seq<kw_buried, pg::must<then<colour>>, pg::must<then<at_coords>>> {};
struct s_ghosts : pg::seq<kw_ghosts, pg::must<then<setup_ghosts_tail>>> {};
struct s_meeples : pg::seq<kw_meeples, pg::must<then<kw_supply>>, pg::must<then<colour>>,
                           pg::must<then<value>>> {};
struct s_score : pg::seq<kw_score, pg::opt<then<colour>>, pg::must<then<value>>> {};
struct s_pile : pg::seq<kw_pile, pg::must<then<index_n>>, sp, pg::must<pile_colon>,
                        pg::star<then<pile_tile>>> {};
struct s_active_pile : pg::seq<kw_active_pile, pg::must<then<index_n>>> {};
// Level 6: the team's choice of the colours with a scoring meeple (the set-up decision).
struct s_scoring_meeples
    : pg::seq<kw_scoring_meeples, pg::must<then<colour>>, pg::star<then<colour>>> {};
struct s_player : pg::seq<kw_player, pg::must<then<index_n>>> {};
// hound K by red@x,y (placed) | hound K waiting|lost|scored|removed
struct setup_hound_by : pg::seq<kw_by, pg::must<then<meeple_ref>>> {};
struct setup_hound_status : name_word {};
struct setup_hound_tail : pg::sor<setup_hound_by, setup_hound_status> {};
struct s_hound : pg::seq<kw_hound, pg::must<then<index_n>>, pg::must<then<setup_hound_tail>>> {};
struct setup_statement
    : pg::sor<s_place, s_face_down, s_meeple, s_buried, s_ghosts, s_meeples, s_score, s_pile,
              s_active_pile, s_player, s_hound, s_scoring_meeples> {};
struct setup_open : pg::one<'{'> {};
struct setup_close : pg::seq<sp, pg::one<'}'>> {};
struct setup_line : pg::seq<line_begin, sp,
                            pg::sor<pg::seq<pg::opt<comment>, pg::eol>,
                                    pg::seq<pg::must<setup_statement>, pg::must<line_end>>>> {};
struct setup_block : pg::seq<kw_setup, sp, pg::must<setup_open>, pg::must<line_end>,
                             pg::until<setup_close, setup_line>> {};

// ---- Expectations -----------------------------------------------------------------------------

// A room's words (engine/room_words.h, read by actionlang::registered_word): a name_word's
// run of letters and '-'.
constexpr bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
}
inline bool is_room_score_class(std::string_view w) {
  const std::optional<FeatureClass> f = score_class_by_word(w);
  return f && registered_score_class(*f) != nullptr;
}
inline bool is_room_expectation(std::string_view w) { return registered_expectation(w) != nullptr; }

struct room_score_class : registered_word<is_name_char, is_room_score_class> {};
struct score_feature
    : pg::sor<kw_road, kw_city, kw_monastery, kw_field, kw_castle, kw_hound, room_score_class> {};
struct e_score : pg::seq<kw_score, pg::opt<then<colour>>, pg::opt<then<score_feature>>,
                         pg::must<then<value>>> {};
// Level 6: track red [feature] N, red's scoring meeple's track (the same as score red).
struct e_track : pg::seq<kw_track, pg::must<then<colour>>, pg::opt<then<score_feature>>,
                         pg::must<then<value>>> {};
// Level 6: scoring-meeples red green blue [from supply|box]: the colours with a scoring
// meeple, and where those meeples came from.
struct scoring_source : pg::sor<kw_supply, kw_box> {};
struct scoring_from : pg::seq<kw_from, pg::must<then<scoring_source>>> {};
struct e_scoring_meeples : pg::seq<kw_scoring_meeples, pg::must<then<colour>>,
                                   pg::star<then<colour>>, pg::opt<then<scoring_from>>> {};
struct ghosts_where : pg::sor<kw_supply, kw_board, kw_box> {};
struct e_ghosts_where : pg::seq<ghosts_where, pg::must<then<value>>> {};
struct e_ghosts_tail : pg::sor<e_ghosts_where, ghosts_at> {};
struct e_ghosts : pg::seq<kw_ghosts, pg::must<then<e_ghosts_tail>>> {};
struct meeples_where : pg::sor<kw_supply, kw_board, kw_buried, kw_box> {};
struct e_meeples_where : pg::seq<meeples_where, pg::opt<then<colour>>, pg::must<then<value>>> {};
struct e_meeples_at : pg::seq<value, pg::must<then<at_coords>>, pg::opt<then<colour>>> {};
struct e_meeples_tail : pg::sor<e_meeples_where, e_meeples_at> {};
struct e_meeples : pg::seq<kw_meeples, pg::must<then<e_meeples_tail>>> {};
struct pile_holds : pg::seq<kw_holds, pg::must<then<value>>> {};
// pile K contains T [N]: N copies of tile T (at least one without N).
struct pile_contains : pg::seq<kw_contains, pg::must<then<pile_tile>>, pg::opt<then<value>>> {};
// pile K top T: T is drawn next from pile K (the rest of a pile goes on top of the next).
struct pile_top : pg::seq<kw_top, pg::must<then<pile_tile>>> {};
struct pile_more : pg::sor<pile_holds, pile_contains, pile_top> {};
struct e_pile : pg::seq<kw_pile, pg::must<then<value>>, pg::opt<then<pile_more>>> {};
struct e_active_pile : pg::seq<kw_active_pile, pg::must<then<value>>> {};
struct e_tiles_left : pg::seq<kw_tiles_left, pg::must<then<value>>> {};
struct e_set_aside : pg::seq<kw_set_aside, pg::must<then<value>>> {};
struct e_finished : pg::seq<kw_finished, pg::must<then<feature>>, pg::must<then<at_coords>>> {};
struct not_what : pg::sor<e_finished, kw_over> {};
struct e_not : pg::seq<kw_not, pg::must<then<not_what>>> {};
struct e_size
    : pg::seq<kw_size, pg::must<then<value>>, pg::must<then<feature>>, pg::must<then<at_coords>>> {
};
struct event_name : name_word {};
struct event_value : pg::seq<kw_value, pg::must<then<value>>> {};
struct event_by : pg::seq<kw_by, pg::must<then<colour>>> {};
struct event_feature
    : pg::sor<kw_mist_bank, kw_road, kw_city, kw_monastery, kw_field, kw_castle, kw_cemetery> {};
struct event_option : pg::sor<event_value, at_coords, event_by, event_feature, count_n> {};
struct event_tail : pg::seq<pg::must<then<event_name>>, pg::star<then<event_option>>> {};
struct e_event : pg::seq<kw_event, event_tail> {};
struct e_no_event : pg::seq<kw_no, pg::must<then<kw_event>>, event_tail> {};
struct reason_text : quoted {};
// An action, or a line of them tried in turn on a copy: place 2,0 r1 then meeple road:W red.
struct action_chain : pg::seq<step_action, pg::star<then<kw_then>, pg::must<then<step_action>>>> {};
struct e_illegal : pg::seq<kw_illegal, pg::must<then<action_chain>>, pg::opt<then<reason_text>>> {};
// expect legal count N [depth D]: the lines of play D actions deep (perft; D 1: the actions
// open now). expect legal placements|meeples { ... }: exactly that set is open now, its
// entries written as the action without its verb (1,0 r2 bridge N-S; road:W red; none).
struct legal_depth : pg::seq<kw_depth, pg::must<then<index_n>>> {};
struct legal_count : pg::seq<kw_count, pg::must<then<value>>, pg::opt<then<legal_depth>>> {};
struct set_open : pg::one<'{'> {};
struct set_close : pg::one<'}'> {};
struct set_sep : pg::seq<sp, pg::one<';'>, sp> {};
template <typename Entry>
struct entry_set
    : pg::seq<pg::must<set_open>, sp, pg::opt<Entry, pg::star<set_sep, pg::must<Entry>>>, sp,
              pg::must<set_close>> {};
struct placement_written : pg::seq<coords, pg::must<then<rotation>>, pg::opt<then<place_bridge>>> {
};
struct placement_entry : pg::seq<placement_written> {};
struct meeple_written
    : pg::sor<kw_none, pg::seq<feature, pg::opt<then<colour>>, pg::opt<then<kw_large>>>> {};
struct meeple_entry : pg::seq<meeple_written> {};
struct placement_set : entry_set<placement_entry> {};
struct meeple_set : entry_set<meeple_entry> {};
struct legal_placements : pg::seq<kw_placements, pg::must<then<placement_set>>> {};
struct legal_meeples : pg::seq<kw_meeples, pg::must<then<meeple_set>>> {};
struct legal_what : pg::sor<legal_count, legal_placements, legal_meeples, action_chain> {};
struct e_legal : pg::seq<kw_legal, pg::must<then<legal_what>>> {};
struct end_reason : name_word {};
struct e_won : kw_won {};
struct e_lost : pg::seq<kw_lost, pg::opt<then<end_reason>>> {};
struct e_over : pg::seq<kw_over, pg::opt<then<end_reason>>> {};
struct phase_word : name_word {};
// expect phase score-choice road at x,y: the scoring under decision is that feature's.
struct phase_scoring : pg::seq<feature, pg::must<then<at_coords>>> {};
struct e_phase : pg::seq<kw_phase, pg::must<then<phase_word>>, pg::opt<then<phase_scoring>>> {};
struct e_player : pg::seq<kw_player, pg::must<then<value>>> {};
struct hound_status : name_word {};
struct hound_by : pg::seq<kw_by, pg::must<then<meeple_ref>>> {};
struct e_hound : pg::seq<kw_hound, pg::must<then<index_n>>, pg::must<then<hound_status>>,
                         pg::opt<then<hound_by>>> {};
// Bridges, Castles and Bazaars: the supplies of bridges and castle tokens, a tile's bridge
// and castle.
struct e_bridges : pg::seq<kw_bridges, pg::must<then<colour>>, pg::must<then<value>>> {};
struct bridge_state : pg::sor<bridge_axis, kw_none> {};
struct e_bridge : pg::seq<kw_bridge, pg::must<then<at_coords>>, pg::must<then<bridge_state>>> {};
struct e_castle_tokens : pg::seq<kw_castle_tokens, pg::must<then<colour>>, pg::must<then<value>>> {
};
struct castle_owner : kw_none {};
struct castle_state : pg::sor<colour, castle_owner> {};
struct e_castle : pg::seq<kw_castle, pg::must<then<at_coords>>, pg::must<then<castle_state>>> {};
// expect goal N (the rule set's goal, absolute points) | goal reached | goal not reached.
struct goal_not_reached : pg::seq<kw_not, pg::must<then<kw_reached>>> {};
struct goal_word : pg::sor<kw_reached, goal_not_reached> {};
struct goal_state : pg::sor<goal_word, value> {};
struct e_goal : pg::seq<kw_goal, pg::must<then<goal_state>>> {};
// A room's own expectation (engine/room_words.h): its word, then its arguments as words,
// which the room's check reads (`expect bells red 1`). Last: the language's own come first.
struct room_expect_word : registered_word<is_name_char, is_room_expectation> {};
struct room_arg : pg::plus<pg::not_one<' ', '\t', '#', '\r', '\n'>> {};
struct e_room : pg::seq<room_expect_word, pg::star<then<room_arg>>> {};
// The language's own, each opened by a word of engine/room_words.h kSpecExpectationWords
// (which a room may not register; tests/test_grammars.cpp holds the two to each other).
struct language_expectation
    : pg::sor<e_score, e_track, e_scoring_meeples, e_ghosts, e_meeples, e_pile, e_active_pile,
              e_tiles_left, e_set_aside, e_finished, e_not, e_size, e_event, e_no_event, e_illegal,
              e_legal, e_won, e_lost, e_over, e_phase, e_player, e_hound, e_bridges, e_bridge,
              e_castle_tokens, e_castle, e_goal> {};
struct expectation : pg::sor<language_expectation, e_room> {};
struct expect_statement : pg::seq<kw_expect, pg::must<then<expectation>>> {};

// ---- Header, tiles, bindings ------------------------------------------------------------------

struct rules_name : word {};
struct level_n : number {};
struct players_n : number {};
struct seed_n : number {};
struct rules_level : pg::seq<kw_level, pg::must<then<level_n>>> {};
struct rules_players : pg::seq<kw_players, pg::must<then<players_n>>> {};
struct rules_seed : pg::seq<kw_seed, pg::must<then<seed_n>>> {};
struct rules_option : pg::sor<rules_level, rules_players, rules_seed> {};
struct rules_statement
    : pg::seq<kw_rules, pg::must<then<rules_name>>, pg::star<then<rules_option>>> {};
struct seed_statement : pg::seq<kw_seed, pg::must<then<seed_n>>> {};
struct title_text : quoted {};
struct spec_statement : pg::seq<kw_spec, pg::must<then<title_text>>> {};

struct variant_key : pg::plus<word_char> {};
// A value may carry a parameter after a colon: `board-bounds=table-edge:12x8`.
struct variant_value : pg::seq<pg::plus<word_char>, pg::opt<pg::one<':'>, pg::plus<word_char>>> {};
struct equals : pg::one<'='> {};
struct binding : pg::seq<variant_key, pg::must<equals>, pg::must<variant_value>> {};
struct bindings : pg::list<binding, pg::seq<sp, pg::one<','>, sp>> {};
struct variant_statement : pg::seq<kw_variant, pg::must<then<binding>>> {};

struct cite_word : pg::plus<pg::not_one<' ', '\t', '"', '#', '\r', '\n'>> {};
struct cite_item : pg::sor<quoted, cite_word> {};
struct cite_body : pg::list<cite_item, gap> {};
struct cites_statement : pg::seq<kw_cites, pg::must<then<cite_body>>> {};

// tile NAME = "shape" ["more shape" on the next lines] [xN]  |  tile NAME = tiles.yaml-name [xN]
struct tile_decl_name : word {};
struct shape_part : quoted {};
struct shape_text : pg::seq<shape_part, pg::star<sp, pg::eol, sp, shape_part>> {};
struct shipped_name : word {};
struct tile_shape : pg::sor<shape_text, shipped_name> {};
struct tile_copies : pg::seq<pg::one<'x'>, sp, pg::must<count_n>> {};
struct tile_equals : pg::one<'='> {};
struct tile_tail : pg::seq<pg::must<then<tile_decl_name>>, sp, pg::must<tile_equals>, sp,
                           pg::must<tile_shape>, pg::opt<then<tile_copies>>> {};
struct tile_statement : pg::seq<kw_tile, tile_tail> {};
struct start_statement : pg::seq<kw_start, tile_tail> {};

struct bound_statement : pg::sor<expect_statement, action_line> {};
struct under_statement
    : pg::seq<kw_under, pg::must<then<bindings>>, pg::must<then<bound_statement>>> {};

// ---- File -------------------------------------------------------------------------------------

struct statement : pg::sor<spec_statement, rules_statement, seed_statement, variant_statement,
                           cites_statement, tile_statement, start_statement, setup_block,
                           under_statement, expect_statement, action_line> {};
// Every alternative consumes input, so that until<> cannot loop (analyze<> proves it).
struct empty_line : pg::sor<pg::seq<sp, pg::opt<comment>, pg::eol>, pg::seq<sp, comment, pg::eof>,
                            pg::seq<pg::plus<pg::blank>, pg::eof>> {};
struct line : pg::seq<line_begin,
                      pg::sor<empty_line, pg::seq<sp, pg::must<statement>, pg::must<line_end>>>> {};
struct file : pg::until<pg::eof, line> {};

// ---- Error messages: "expected X" -----------------------------------------------------------

template <typename Rule>
inline constexpr const char* error_message = nullptr;
#define CARCHECK_SPEC_MESSAGE(RULE, TEXT) \
  template <>                             \
  inline constexpr const char* error_message<RULE> = TEXT;
// The statements, then every action verb (engine/action_words.h), in ActionKind order.
inline constexpr WordsText kStatementText{
    "expected a statement: spec, rules, variant, cites, tile, start, setup, expect, under or "
    "an action (",
    ", ", ", ", ")"};
// `static`, not `inline`: GCC with -fsanitize=address does not fold an inline variable's
// address compared with nullptr, which PEGTL's must<> static_asserts on.
static constexpr auto kStatementMessage =
    kStatementText.text<kStatementText.length(kActionVerbs)>(kActionVerbs);
CARCHECK_SPEC_MESSAGE(statement, kStatementMessage.data())
CARCHECK_SPEC_MESSAGE(line_end, "expected the end of the line")
CARCHECK_SPEC_MESSAGE(
    setup_statement,
    "expected a setup statement (place, face-down, meeple, buried, ghosts, meeples, score, "
    "pile, active-pile, player, hound, scoring-meeples) or '}' to close the setup block")
CARCHECK_SPEC_MESSAGE(setup_hound_tail,
                      "expected 'by <colour>@x,y' or the hound's status (waiting, lost, scored, "
                      "removed) after the hound's number (hound 1 by red@1,0, hound 2 lost)")
CARCHECK_SPEC_MESSAGE(pile_tile, "expected a tile's name (expect pile 2 contains ROAD 3)")
CARCHECK_SPEC_MESSAGE(scoring_source,
                      "expected 'supply' or 'box': where the scoring meeples came from")
CARCHECK_SPEC_MESSAGE(
    setup_open,
    "expected '{' after 'setup' (the setup statements follow, one a line, closed by '}')")
CARCHECK_SPEC_MESSAGE(
    expectation,
    "expected what to expect: score, track, scoring-meeples, ghosts, meeples, pile, active-pile, "
    "tiles-left, set-aside, finished, not, size, event, no event, illegal, legal, won, lost, over, "
    "phase, player, hound, goal, bridges, bridge, castle-tokens or castle")
CARCHECK_SPEC_MESSAGE(at_coords, "expected 'at x,y'")
CARCHECK_SPEC_MESSAGE(value, "expected a number")
CARCHECK_SPEC_MESSAGE(index_n, "expected a number (1 for the first)")
CARCHECK_SPEC_MESSAGE(count_n, "expected a number of copies, as in x3")
CARCHECK_SPEC_MESSAGE(string_close, "expected '\"' to close the string (a string ends on its line)")
CARCHECK_SPEC_MESSAGE(
    title_text, "expected the spec's title in quotes, as in spec \"A road of 3 tiles scores 3\"")
CARCHECK_SPEC_MESSAGE(reason_text, "expected the reason in quotes")
CARCHECK_SPEC_MESSAGE(rules_name,
                      "expected a rule set after 'rules': base-c1, pnp-demo, bcb or mists")
CARCHECK_SPEC_MESSAGE(level_n, "expected the Mists level, 1 to 6")
CARCHECK_SPEC_MESSAGE(players_n, "expected the number of players")
CARCHECK_SPEC_MESSAGE(seed_n, "expected the seed, a whole number")
CARCHECK_SPEC_MESSAGE(binding, "expected a variant as key=value, such as coop-scoring=majority")
CARCHECK_SPEC_MESSAGE(bindings, "expected a variant as key=value, such as coop-scoring=majority")
CARCHECK_SPEC_MESSAGE(equals,
                      "expected '=' between the variant's name and its value, without spaces")
CARCHECK_SPEC_MESSAGE(variant_value, "expected the variant's value after '='")
CARCHECK_SPEC_MESSAGE(
    cite_body,
    "expected what the spec cites: an FAQ id (Dized.MoC.0041), or a seed and a passage "
    "(seed 004 \"Level 1, 2a\")")
CARCHECK_SPEC_MESSAGE(tile_decl_name, "expected the tile's name")
CARCHECK_SPEC_MESSAGE(tile_equals, "expected '=' after the tile's name")
CARCHECK_SPEC_MESSAGE(
    tile_shape,
    "expected the tile's shape in the tile language, in quotes (\"road W-E; field Wr Nl Nr "
    "El; field Er Sl Sr Wl\"), or the name of a tile of the rule set")
CARCHECK_SPEC_MESSAGE(bound_statement, "expected an expectation or an action after the variant")
CARCHECK_SPEC_MESSAGE(kw_on,
                      "expected 'on <feature>' after the colour (meeple red on road:W at 1,0)")
CARCHECK_SPEC_MESSAGE(kw_by,
                      "expected 'by <colour>@x,y' after the hound's number (hound 1 by red@1,0)")
CARCHECK_SPEC_MESSAGE(kw_supply, "expected 'supply' (meeples supply <colour> N)")
CARCHECK_SPEC_MESSAGE(pile_colon,
                      "expected ':' after the pile's number, then its tiles, the next drawn first")
CARCHECK_SPEC_MESSAGE(setup_ghosts_tail, "expected 'supply N' or 'N at x,y' after 'ghosts'")
CARCHECK_SPEC_MESSAGE(e_ghosts_tail, "expected supply, board, box or 'N at x,y' after 'ghosts'")
CARCHECK_SPEC_MESSAGE(e_meeples_tail,
                      "expected supply, board, buried, box or 'N at x,y' after 'meeples'")
CARCHECK_SPEC_MESSAGE(event_name, "expected an event's name, such as bank-finished")
CARCHECK_SPEC_MESSAGE(kw_event, "expected 'event' after 'no'")
CARCHECK_SPEC_MESSAGE(not_what, "expected 'finished' or 'over' after 'not'")
CARCHECK_SPEC_MESSAGE(phase_word, "expected a phase, such as meeple or score-choice")
CARCHECK_SPEC_MESSAGE(hound_status,
                      "expected a hound's status: waiting, placed, lost, scored or removed")
CARCHECK_SPEC_MESSAGE(step_action, actionlang::error_message<game_action>)
CARCHECK_SPEC_MESSAGE(action_chain, actionlang::error_message<game_action>)
CARCHECK_SPEC_MESSAGE(legal_what,
                      "expected what is legal: an action (or actions joined by 'then'), 'count N "
                      "[depth D]', 'placements { x,y rN; ... }' or 'meeples { road:W; ...; none }'")
CARCHECK_SPEC_MESSAGE(placement_set,
                      "expected the placements in braces: placements { 1,0 r0; 1,0 r2 }")
CARCHECK_SPEC_MESSAGE(meeple_set,
                      "expected the followers in braces: meeples { road:W; field:Nl; none }")
CARCHECK_SPEC_MESSAGE(set_open, "expected '{' to open the set")
CARCHECK_SPEC_MESSAGE(set_close, "expected ';' and another entry, or '}' to close the set")
CARCHECK_SPEC_MESSAGE(placement_entry,
                      "expected a placement x,y rN, as 'place' writes it without the verb (1,0 r2; "
                      "BCB: 1,0 r2 bridge N-S)")
CARCHECK_SPEC_MESSAGE(meeple_entry,
                      "expected a follower as 'meeple' writes it without the verb (road:W, "
                      "field:Nl red, monastery), or none for no follower")
CARCHECK_SPEC_MESSAGE(goal_state, "expected the goal in points, 'reached' or 'not reached'")
CARCHECK_SPEC_MESSAGE(kw_reached, "expected 'reached' after 'not' (expect goal not reached)")
CARCHECK_SPEC_MESSAGE(bridge_state, "expected the tile's bridge: N-S, W-E or none")
CARCHECK_SPEC_MESSAGE(castle_state,
                      "expected the castle's owner, a colour (red, green, ...), or none")
#undef CARCHECK_SPEC_MESSAGE

// The error table of the spec grammar, the action grammar's messages included
// (dsl/grammar_errors.h must_control).
template <typename Rule>
inline constexpr const char* message_of =
    error_message<Rule> != nullptr ? error_message<Rule> : actionlang::error_message<Rule>;
struct errors {
  template <typename Rule>
  static constexpr const char* message = message_of<typename unthen<Rule>::type>;
  template <typename Rule>
  static constexpr bool raise_on_failure = false;
};

}  // namespace carcheck::speclang
