// PEGTL grammar of the spec language (docs/spec-language.md). Pure grammar: the actions that
// build a SpecFile live in spec_parser.cpp, and so do the error messages (one per must<>).
//
// A spec is a list of lines; each line holds one statement (a comment starts with '#'):
//   spec "title"                       rules mists level 3 players 2 [seed 7]
//   variant coop-scoring=majority      cites Dized.MoC.0041 / cites seed 004 "passage"
//   tile T = "shape" [xN]              start S = "shape"   (or = <tiles.yaml name>)
//   setup { ... }                      draw T; place 1,0 r1; meeple road:W ...
//   expect ...                         under key=value[, key=value] <expect or action>
#pragma once

#include <tao/pegtl.hpp>

namespace carcheck::speclang {

namespace pg = tao::pegtl;

// ---- Lexical ----------------------------------------------------------------------------------

struct sp : pg::star<pg::blank> {};
struct gap : pg::plus<pg::blank> {};
struct comment : pg::seq<pg::one<'#'>, pg::until<pg::at<pg::eolf>>> {};
struct line_end : pg::seq<sp, pg::opt<comment>, pg::eolf> {};
// A word that follows the previous one after a space.
template <typename Rule>
struct then : pg::seq<gap, Rule> {};
// Resets the statement's tokens at the start of each line.
struct line_begin : pg::success {};

struct number : pg::plus<pg::digit> {};
struct signed_number : pg::seq<pg::opt<pg::one<'-'>>, number> {};
struct word_char : pg::sor<pg::alnum, pg::one<'-', '_', '.'>> {};
struct word : pg::plus<word_char> {};
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
// Actions (engine/notation.h).
CARCHECK_SPEC_KEYWORD(kw_draw, "draw")
CARCHECK_SPEC_KEYWORD(kw_place, "place")
CARCHECK_SPEC_KEYWORD(kw_meeple, "meeple")
CARCHECK_SPEC_KEYWORD(kw_pass, "pass")
CARCHECK_SPEC_KEYWORD(kw_points, "points")
CARCHECK_SPEC_KEYWORD(kw_remove_ghosts, "remove-ghosts")
CARCHECK_SPEC_KEYWORD(kw_extra_ghost, "extra-ghost")
CARCHECK_SPEC_KEYWORD(kw_bury, "bury")
CARCHECK_SPEC_KEYWORD(kw_hound, "hound")
CARCHECK_SPEC_KEYWORD(kw_clear, "clear")
CARCHECK_SPEC_KEYWORD(kw_stop, "stop")
CARCHECK_SPEC_KEYWORD(kw_face_down, "face-down")
CARCHECK_SPEC_KEYWORD(kw_track, "track")
CARCHECK_SPEC_KEYWORD(kw_supply, "supply")
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
// Features and colours.
CARCHECK_SPEC_KEYWORD(kw_road, "road")
CARCHECK_SPEC_KEYWORD(kw_city, "city")
CARCHECK_SPEC_KEYWORD(kw_field, "field")
CARCHECK_SPEC_KEYWORD(kw_monastery, "monastery")
CARCHECK_SPEC_KEYWORD(kw_castle, "castle")
CARCHECK_SPEC_KEYWORD(kw_cemetery, "cemetery")
CARCHECK_SPEC_KEYWORD(kw_mist, "mist")
CARCHECK_SPEC_KEYWORD(kw_mist_bank, "mist-bank")
CARCHECK_SPEC_KEYWORD(kw_red, "red")
CARCHECK_SPEC_KEYWORD(kw_green, "green")
CARCHECK_SPEC_KEYWORD(kw_blue, "blue")
CARCHECK_SPEC_KEYWORD(kw_yellow, "yellow")
CARCHECK_SPEC_KEYWORD(kw_black, "black")
CARCHECK_SPEC_KEYWORD(kw_pink, "pink")
#undef CARCHECK_SPEC_KEYWORD

// ---- Values -----------------------------------------------------------------------------------

struct value : signed_number {};  // an expected or set value
struct index_n : number {};       // a pile, hound, mist area or player number
struct count_n : number {};       // copies of a tile, occurrences of an event
struct coord_x : signed_number {};
struct coord_y : signed_number {};
struct comma : pg::one<','> {};
struct coords : pg::seq<coord_x, pg::must<comma>, pg::must<coord_y>> {};
struct at_coords : pg::seq<kw_at, pg::must<then<coords>>> {};
struct rotation : pg::seq<pg::one<'r'>, pg::range<'0', '3'>, pg::not_at<word_char>> {};
struct colour : pg::sor<kw_red, kw_green, kw_blue, kw_yellow, kw_black, kw_pink> {};
struct tile_name : word {};

// A feature of a placed tile: road:W, city:N, field:Nl, castle, mist:Er (ports name board
// directions, after rotation).
struct feature_kind
    : pg::sor<kw_road, kw_city, kw_field, kw_monastery, kw_castle, kw_cemetery, kw_mist> {};
struct port_name
    : pg::seq<pg::one<'N', 'E', 'S', 'W'>, pg::opt<pg::one<'l', 'c', 'r'>>, pg::not_at<word_char>> {
};
struct port_colon : pg::one<':'> {};
struct feature : pg::seq<feature_kind, pg::opt<port_colon, pg::must<port_name>>> {};

// ---- Actions: the engine's words (engine/notation.h) -------------------------------------------

struct ghost_n : number {};
struct a_draw : pg::seq<kw_draw, pg::must<then<tile_name>>> {};
struct a_place : pg::seq<kw_place, pg::must<then<coords>>, pg::must<then<rotation>>> {};
struct a_meeple : pg::seq<kw_meeple, pg::must<then<feature>>, pg::opt<then<colour>>> {};
struct a_pass : kw_pass {};
struct a_points : kw_points {};
struct a_remove_ghosts
    : pg::seq<kw_remove_ghosts, pg::must<then<coords>>, pg::must<then<ghost_n>>> {};
struct a_extra_ghost : pg::seq<kw_extra_ghost, pg::must<then<coords>>> {};
struct at_sign : pg::one<'@'> {};
struct meeple_where : pg::sor<kw_supply, coords> {};
struct meeple_ref : pg::seq<colour, pg::must<at_sign>, pg::must<meeple_where>> {};
struct a_bury : pg::seq<kw_bury, pg::must<then<meeple_ref>>> {};
struct a_hound : pg::seq<kw_hound, pg::must<then<meeple_ref>>> {};
struct clear_what : pg::sor<kw_stop, pg::seq<coords, pg::must<then<ghost_n>>>> {};
struct a_clear : pg::seq<kw_clear, pg::must<then<clear_what>>> {};
struct a_face_down : pg::seq<kw_face_down, pg::must<then<coords>>> {};
struct a_track : pg::seq<kw_track, pg::must<then<colour>>> {};
struct game_action : pg::sor<a_draw, a_place, a_meeple, a_pass, a_points, a_remove_ghosts,
                             a_extra_ghost, a_bury, a_hound, a_clear, a_face_down, a_track> {};
struct action_sep : pg::seq<sp, pg::one<';'>, sp> {};
struct action_line : pg::seq<game_action, pg::star<action_sep, pg::must<game_action>>> {};

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
struct s_meeple : pg::seq<kw_meeple, pg::must<then<colour>>, pg::must<then<kw_on>>,
                          pg::must<then<feature>>, pg::must<then<at_coords>>> {};
struct s_buried : pg::seq<kw_buried, pg::must<then<colour>>, pg::must<then<at_coords>>> {};
struct s_ghosts : pg::seq<kw_ghosts, pg::must<then<setup_ghosts_tail>>> {};
struct s_meeples : pg::seq<kw_meeples, pg::must<then<kw_supply>>, pg::must<then<colour>>,
                           pg::must<then<value>>> {};
struct s_score : pg::seq<kw_score, pg::opt<then<colour>>, pg::must<then<value>>> {};
struct s_pile : pg::seq<kw_pile, pg::must<then<index_n>>, sp, pg::must<pile_colon>,
                        pg::star<then<pile_tile>>> {};
struct s_active_pile : pg::seq<kw_active_pile, pg::must<then<index_n>>> {};
struct s_player : pg::seq<kw_player, pg::must<then<index_n>>> {};
struct s_hound : pg::seq<kw_hound, pg::must<then<index_n>>, pg::must<then<kw_by>>,
                         pg::must<then<meeple_ref>>> {};
struct setup_statement : pg::sor<s_place, s_face_down, s_meeple, s_buried, s_ghosts, s_meeples,
                                 s_score, s_pile, s_active_pile, s_player, s_hound> {};
struct setup_open : pg::one<'{'> {};
struct setup_close : pg::seq<sp, pg::one<'}'>> {};
struct setup_line : pg::seq<line_begin, sp,
                            pg::sor<pg::seq<pg::opt<comment>, pg::eol>,
                                    pg::seq<pg::must<setup_statement>, pg::must<line_end>>>> {};
struct setup_block : pg::seq<kw_setup, sp, pg::must<setup_open>, pg::must<line_end>,
                             pg::until<setup_close, setup_line>> {};

// ---- Expectations -----------------------------------------------------------------------------

struct score_feature : pg::sor<kw_road, kw_city, kw_monastery, kw_field, kw_castle, kw_hound> {};
struct e_score : pg::seq<kw_score, pg::opt<then<colour>>, pg::opt<then<score_feature>>,
                         pg::must<then<value>>> {};
struct ghosts_where : pg::sor<kw_supply, kw_board, kw_box> {};
struct e_ghosts_where : pg::seq<ghosts_where, pg::must<then<value>>> {};
struct e_ghosts_tail : pg::sor<e_ghosts_where, ghosts_at> {};
struct e_ghosts : pg::seq<kw_ghosts, pg::must<then<e_ghosts_tail>>> {};
struct meeples_where : pg::sor<kw_supply, kw_board, kw_buried> {};
struct e_meeples_where : pg::seq<meeples_where, pg::opt<then<colour>>, pg::must<then<value>>> {};
struct e_meeples_at : pg::seq<value, pg::must<then<at_coords>>, pg::opt<then<colour>>> {};
struct e_meeples_tail : pg::sor<e_meeples_where, e_meeples_at> {};
struct e_meeples : pg::seq<kw_meeples, pg::must<then<e_meeples_tail>>> {};
struct pile_holds : pg::seq<kw_holds, pg::must<then<value>>> {};
struct e_pile : pg::seq<kw_pile, pg::must<then<value>>, pg::opt<then<pile_holds>>> {};
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
struct e_illegal : pg::seq<kw_illegal, pg::must<then<game_action>>, pg::opt<then<reason_text>>> {};
struct e_legal : pg::seq<kw_legal, pg::must<then<game_action>>> {};
struct end_reason : name_word {};
struct e_won : kw_won {};
struct e_lost : pg::seq<kw_lost, pg::opt<then<end_reason>>> {};
struct e_over : pg::seq<kw_over, pg::opt<then<end_reason>>> {};
struct phase_word : name_word {};
struct e_phase : pg::seq<kw_phase, pg::must<then<phase_word>>> {};
struct e_player : pg::seq<kw_player, pg::must<then<value>>> {};
struct hound_status : name_word {};
struct hound_by : pg::seq<kw_by, pg::must<then<meeple_ref>>> {};
struct e_hound : pg::seq<kw_hound, pg::must<then<index_n>>, pg::must<then<hound_status>>,
                         pg::opt<then<hound_by>>> {};
struct expectation : pg::sor<e_score, e_ghosts, e_meeples, e_pile, e_active_pile, e_tiles_left,
                             e_set_aside, e_finished, e_not, e_size, e_event, e_no_event, e_illegal,
                             e_legal, e_won, e_lost, e_over, e_phase, e_player, e_hound> {};
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
struct variant_value : pg::plus<word_char> {};
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
struct line : pg::seq<line_begin, sp,
                      pg::sor<pg::seq<pg::opt<comment>, pg::eolf>,
                              pg::seq<pg::must<statement>, pg::must<line_end>>>> {};
struct file : pg::until<pg::eof, line> {};

}  // namespace carcheck::speclang
