// PEGTL grammar of the action notation (engine/notation.h), and its words that the spec
// language shares (coordinates, colours, features, meeple references). Pure grammar: the
// actions that fill an ActionSyntax live in dsl/action_fill.h, the message of every rule a
// must<> names in error_message<> below (dsl/grammar_errors.h makes a missing one a compile
// error).
//
//   draw T | place x,y rN | meeple road:W [colour] [large] | pass | points [colour]
//   remove-ghosts x,y N [colour]
//   extra-ghost x,y | bury red@x,y | bury red@supply | hound red@x,y | clear x,y N
//   clear stop | face-down x,y | track colour
//   scoring-meeples colour colour colour | empty-symbol x,y mist K | haunt x,y mist K
//   Bridges, Castles and Bazaars: bridge x,y N-S|W-E | discard
//   place x,y rN bridge N-S (on the tile placed) | place x,y rN bridge x2,y2 W-E (on a neighbour)
//   meeple bridge | castle | castle-score x,y <feature> [for x,y[:side]] | select T [N] | bid N |
//   buy sell
#pragma once

#include <string_view>
#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>
#include <utility>

#include "engine/action_words.h"
#include "engine/room_words.h"

namespace carcheck::actionlang {

using carcheck::ActionKind;
using carcheck::kActionVerbs;
using carcheck::WordsText;

namespace pg = tao::pegtl;

// ---- Lexical ----------------------------------------------------------------------------------

struct gap : pg::plus<pg::blank> {};
// A word that follows the previous one after a space.
template <typename Rule>
struct then : pg::seq<gap, Rule> {};
// must<then<R>> reports R.
template <typename Rule>
struct unthen {
  using type = Rule;
};
template <typename Rule>
struct unthen<then<Rule>> {
  using type = Rule;
};

struct number : pg::plus<pg::digit> {};
struct signed_number : pg::seq<pg::opt<pg::one<'-'>>, number> {};
struct word_char : pg::sor<pg::alnum, pg::one<'-', '_', '.'>> {};
struct word : pg::plus<word_char> {};

// The verbs: keywords spelled by the one list of action words (engine/action_words.h), so
// that the grammar, the printer and the messages below cannot drift apart.
template <ActionKind K,
          typename = std::make_index_sequence<kActionVerbs[static_cast<size_t>(K)].size()>>
struct verb_keyword;
template <ActionKind K, size_t... I>
struct verb_keyword<K, std::index_sequence<I...>> {
  using type = pg::keyword<kActionVerbs[static_cast<size_t>(K)][I]...>;
};
template <ActionKind K>
using verb = typename verb_keyword<K>::type;
struct kw_draw : verb<ActionKind::Draw> {};
struct kw_place : verb<ActionKind::Place> {};
struct kw_meeple : verb<ActionKind::Meeple> {};
struct kw_pass : verb<ActionKind::Pass> {};
struct kw_points : verb<ActionKind::TakePoints> {};
struct kw_remove_ghosts : verb<ActionKind::RemoveGhosts> {};
struct kw_extra_ghost : verb<ActionKind::ExtraGhost> {};
struct kw_bury : verb<ActionKind::Bury> {};
struct kw_hound : verb<ActionKind::HoundPlace> {};
struct kw_clear : verb<ActionKind::HoundClear> {};
struct kw_face_down : verb<ActionKind::FaceDown> {};
struct kw_track : verb<ActionKind::Track> {};
struct kw_bridge : verb<ActionKind::Bridge> {};
struct kw_discard : verb<ActionKind::Discard> {};
struct kw_castle_score : verb<ActionKind::CastleScore> {};
struct kw_select : verb<ActionKind::Select> {};
struct kw_bid : verb<ActionKind::Bid> {};
struct kw_buy : verb<ActionKind::Buy> {};
struct kw_sell : verb<ActionKind::Sell> {};
struct kw_score_first : verb<ActionKind::ScoreFirst> {};
struct kw_scoring_meeples : verb<ActionKind::ScoringMeeples> {};
struct kw_empty_symbol : verb<ActionKind::EmptySymbol> {};
struct kw_haunt : verb<ActionKind::HauntGhost> {};

#define CARCHECK_ACTION_KEYWORD(NAME, TEXT) \
  struct NAME : TAO_PEGTL_KEYWORD(TEXT) {};
CARCHECK_ACTION_KEYWORD(kw_stop, "stop")
CARCHECK_ACTION_KEYWORD(kw_from, "from")
CARCHECK_ACTION_KEYWORD(kw_and, "and")
CARCHECK_ACTION_KEYWORD(kw_for, "for")
CARCHECK_ACTION_KEYWORD(kw_supply, "supply")
CARCHECK_ACTION_KEYWORD(kw_large, "large")  // meeple ... large: the large follower
// Features (segment_kind_name) and colours (engine/colours.h kColourWords: every edition's;
// the game says which six are its own, engine/notation.cpp colour_slot).
CARCHECK_ACTION_KEYWORD(kw_road, "road")
CARCHECK_ACTION_KEYWORD(kw_city, "city")
CARCHECK_ACTION_KEYWORD(kw_field, "field")
CARCHECK_ACTION_KEYWORD(kw_monastery, "monastery")
CARCHECK_ACTION_KEYWORD(kw_castle, "castle")
CARCHECK_ACTION_KEYWORD(kw_cemetery, "cemetery")
CARCHECK_ACTION_KEYWORD(kw_mist, "mist")
CARCHECK_ACTION_KEYWORD(kw_red, "red")
CARCHECK_ACTION_KEYWORD(kw_green, "green")
CARCHECK_ACTION_KEYWORD(kw_blue, "blue")
CARCHECK_ACTION_KEYWORD(kw_yellow, "yellow")
CARCHECK_ACTION_KEYWORD(kw_black, "black")
CARCHECK_ACTION_KEYWORD(kw_pink, "pink")
CARCHECK_ACTION_KEYWORD(kw_grey, "grey")
#undef CARCHECK_ACTION_KEYWORD

// ---- Words --------------------------------------------------------------------------------------

struct coord_x : signed_number {};
struct coord_y : signed_number {};
struct comma : pg::one<','> {};
struct coords : pg::seq<coord_x, pg::must<comma>, pg::must<coord_y>> {};
struct rotation : pg::seq<pg::one<'r'>, pg::range<'0', '3'>, pg::not_at<word_char>> {};
struct colour : pg::sor<kw_red, kw_green, kw_blue, kw_yellow, kw_black, kw_pink, kw_grey> {};
struct tile_name : word {};

// A feature of a placed tile: road:W, city:N, field:Nl, castle, mist:Er (ports name board
// directions, after rotation); bridge: the bridge on the tile (BCB).
struct feature_kind : pg::sor<kw_road, kw_city, kw_field, kw_monastery, kw_castle, kw_cemetery,
                              kw_mist, kw_bridge> {};
struct port_name
    : pg::seq<pg::one<'N', 'E', 'S', 'W'>, pg::opt<pg::one<'l', 'c', 'r'>>, pg::not_at<word_char>> {
};
struct port_colon : pg::one<':'> {};
struct feature : pg::seq<feature_kind, pg::opt<port_colon, pg::must<port_name>>> {};

// A meeple by colour and place: red@1,0, red@supply.
struct at_sign : pg::one<'@'> {};
struct ref_colour : colour {};
struct meeple_where : pg::sor<kw_supply, coords> {};
struct meeple_ref : pg::seq<ref_colour, pg::must<at_sign>, pg::must<meeple_where>> {};

// A bridge's axis (engine/bcb.h bridge_axis_name): from the middle of one side to the middle
// of the opposite one.
struct axis_ns : pg::string<'N', '-', 'S'> {};
struct axis_we : pg::string<'W', '-', 'E'> {};
struct bridge_axis : pg::seq<pg::sor<axis_ns, axis_we>, pg::not_at<word_char>> {};

// ---- Actions ------------------------------------------------------------------------------------

struct ghost_n : number {};
struct a_draw : pg::seq<kw_draw, pg::must<then<tile_name>>> {};
// BCB: the bridge a placement comes with, on the tile placed (bridge N-S) or on the
// neighbour across one of its sides (bridge 2,0 W-E), as action_text prints it.
struct bridge_x : signed_number {};
struct bridge_y : signed_number {};
struct bridge_coords : pg::seq<bridge_x, pg::must<comma>, pg::must<bridge_y>> {};
struct bridge_beside : pg::seq<bridge_coords, pg::must<then<bridge_axis>>> {};
struct bridge_where : pg::sor<bridge_axis, bridge_beside> {};
struct place_bridge : pg::seq<kw_bridge, pg::must<then<bridge_where>>> {};
struct a_place : pg::seq<kw_place, pg::must<then<coords>>, pg::must<then<rotation>>,
                         pg::opt<then<place_bridge>>> {};
struct a_meeple
    : pg::seq<kw_meeple, pg::must<then<feature>>, pg::opt<then<colour>>, pg::opt<then<kw_large>>> {
};
struct a_pass : kw_pass {};
// The places of a tile the ghosts come off, with their counts: from mist 2:1, cemetery:1.
struct mist_k : number {};
struct place_n : number {};
struct place_colon : pg::one<':'> {};
struct cemetery_place : kw_cemetery {};
struct ghost_place : pg::seq<pg::sor<pg::seq<kw_mist, pg::must<then<mist_k>>>, cemetery_place>,
                             pg::must<place_colon>, pg::must<place_n>> {};
struct place_comma : pg::seq<pg::star<pg::blank>, pg::one<','>, pg::star<pg::blank>> {};
struct ghost_places
    : pg::seq<kw_from, pg::must<then<ghost_place>>, pg::star<place_comma, pg::must<ghost_place>>> {
};
// A second tile in one removal: an attempt the rules refuse (FAQ.MoC.0001, Dized.MoC.0002).
struct also_coords : pg::seq<bridge_x, pg::must<comma>, pg::must<bridge_y>> {};
struct also_n : number {};
struct also_tile : pg::seq<kw_and, pg::must<then<also_coords>>, pg::must<then<also_n>>> {};
// A colour after `points` or `remove-ghosts` answers for that colour alone: an attempt the
// engine refuses in a joint scoring (FAQ.MoC.0004), written so that a spec can pin it.
struct a_points : pg::seq<kw_points, pg::opt<then<colour>>> {};
struct a_remove_ghosts
    : pg::seq<kw_remove_ghosts, pg::must<then<coords>>, pg::must<then<ghost_n>>,
              pg::opt<then<ghost_places>>, pg::opt<then<also_tile>>, pg::opt<then<colour>>> {};
// Of the scorings one tile finished, the feature whose scoring is decided next.
struct a_score_first : pg::seq<kw_score_first, pg::must<then<coords>>, pg::must<then<feature>>> {};
struct a_extra_ghost : pg::seq<kw_extra_ghost, pg::must<then<coords>>> {};
struct a_bury : pg::seq<kw_bury, pg::must<then<meeple_ref>>> {};
struct a_hound : pg::seq<kw_hound, pg::must<then<meeple_ref>>> {};
struct clear_what
    : pg::sor<kw_stop, pg::seq<coords, pg::must<then<ghost_n>>, pg::opt<then<ghost_places>>>> {};
struct a_clear : pg::seq<kw_clear, pg::must<then<clear_what>>> {};
struct a_face_down : pg::seq<kw_face_down, pg::must<then<coords>>> {};
// A second colour: an attempt to share the points over two tracks, refused (Level 6).
struct also_colour : colour {};
struct track_also : pg::seq<kw_and, pg::must<then<also_colour>>> {};
struct a_track : pg::seq<kw_track, pg::must<then<colour>>, pg::opt<then<track_also>>> {};
// Bridges, Castles and Bazaars.
struct a_bridge : pg::seq<kw_bridge, pg::must<then<coords>>, pg::must<then<bridge_axis>>> {};
struct a_discard : kw_discard {};
// The keyword castle also matches the start of castle-score ('-' ends a keyword).
struct a_castle : pg::seq<verb<ActionKind::Castle>, pg::not_at<pg::one<'-'>>> {};
// `for x,y`: the castle that scores, when its owner has several to decide (castle-order).
// A tile may hold two castles (two caps): `:side` names the one across that side.
struct castle_coords : pg::seq<bridge_x, pg::must<comma>, pg::must<bridge_y>> {};
struct castle_side : pg::seq<pg::one<'N', 'E', 'S', 'W'>, pg::not_at<word_char>> {};
struct castle_for
    : pg::seq<kw_for, pg::must<then<castle_coords>>, pg::opt<port_colon, pg::must<castle_side>>> {};
struct a_castle_score : pg::seq<kw_castle_score, pg::must<then<coords>>, pg::must<then<feature>>,
                                pg::opt<then<castle_for>>> {};
struct amount : number {};
struct a_select : pg::seq<kw_select, pg::must<then<tile_name>>, pg::opt<then<amount>>> {};
struct a_bid : pg::seq<kw_bid, pg::must<then<amount>>> {};
struct a_buy : kw_buy {};
struct a_sell : kw_sell {};
// Level 6, at set-up: the colours the team gives a scoring meeple.
struct scoring_colour : colour {};
struct a_scoring_meeples
    : pg::seq<kw_scoring_meeples, pg::must<then<scoring_colour>>, pg::star<then<scoring_colour>>> {
};
// A mist area of the tile at x,y, counted from 1: where a ghost goes, or which symbol stays
// empty, when the rules leave the place to the team.
struct area_k : number {};
struct tile_mist_area : pg::seq<kw_mist, pg::must<then<area_k>>> {};
struct a_empty_symbol
    : pg::seq<kw_empty_symbol, pg::must<then<coords>>, pg::must<then<tile_mist_area>>> {};
struct a_haunt : pg::seq<kw_haunt, pg::must<then<coords>>, pg::must<then<tile_mist_area>>> {};
// A word a room outside the engine registered (engine/room_words.h), read at run time: the
// longest run of characters `Char` accepts, when `Known` says the run is such a word. The
// action grammar's verbs and the spec grammar's score classes and expectation words use it.
template <bool (*Char)(char), bool (*Known)(std::string_view)>
struct registered_word {
  using rule_t = registered_word;
  using subs_t = pg::type_list<>;
  template <typename ParseInput>
  static bool match(ParseInput& in) {
    size_t n = 0;
    while (in.size(n + 1) > n && Char(in.peek_char(n))) ++n;
    if (n == 0 || !Known(std::string_view(in.current(), n))) return false;
    in.bump(n);
    return true;
  }
};
}  // namespace carcheck::actionlang

// For PEGTL's grammar analysis (tests/test_grammars.cpp): a registered word consumes input.
template <typename Name, bool (*Char)(char), bool (*Known)(std::string_view)>
struct tao::pegtl::analyze_traits<Name, carcheck::actionlang::registered_word<Char, Known>>
    : tao::pegtl::analyze_any_traits<> {};

namespace carcheck::actionlang {

constexpr bool is_verb_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.';
}
inline bool is_room_verb(std::string_view w) { return registered_action_by_verb(w).has_value(); }

// A room outside the engine: a verb it registered at run time, then the fields it declared,
// in this order: x,y, a count, a colour (dsl/action_fill.h checks which are due). Last, so
// that no registered verb hides one of the engine's.
struct room_verb : registered_word<is_verb_char, is_room_verb> {};
struct room_coords : pg::seq<coord_x, comma, coord_y> {};
struct room_count : number {};
struct room_colour : colour {};
struct a_room : pg::seq<room_verb, pg::opt<then<room_coords>>, pg::opt<then<room_count>>,
                        pg::opt<then<room_colour>>> {};

struct game_action
    : pg::sor<a_draw, a_place, a_meeple, a_pass, a_points, a_remove_ghosts, a_extra_ghost, a_bury,
              a_hound, a_clear, a_face_down, a_track, a_bridge, a_discard, a_castle_score, a_castle,
              a_select, a_bid, a_buy, a_sell, a_score_first, a_scoring_meeples, a_empty_symbol,
              a_haunt, a_room> {};

// A bare action string (dsl/action_parser.h): one action, blanks around it.
struct end_of_action : pg::seq<pg::star<pg::blank>, pg::eof> {};
struct action_text : pg::seq<pg::star<pg::blank>, pg::must<game_action>, pg::must<end_of_action>> {
};

// ---- Error messages: "expected X" -----------------------------------------------------------

template <typename Rule>
inline constexpr const char* error_message = nullptr;
#define CARCHECK_ACTION_MESSAGE(RULE, TEXT) \
  template <>                               \
  inline constexpr const char* error_message<RULE> = TEXT;
// Every verb, in ActionKind order.
inline constexpr WordsText kActionsText{"expected an action: ", ", ", " or ", ""};
// `static`, not `inline`: GCC with -fsanitize=address does not fold an inline variable's
// address compared with nullptr, which PEGTL's must<> static_asserts on.
static constexpr auto kGameActionMessage =
    kActionsText.text<kActionsText.length(kActionVerbs)>(kActionVerbs);
CARCHECK_ACTION_MESSAGE(game_action, kGameActionMessage.data())
CARCHECK_ACTION_MESSAGE(end_of_action, "expected the end of the action")
CARCHECK_ACTION_MESSAGE(tile_name, "expected a tile's name")
CARCHECK_ACTION_MESSAGE(coords, "expected coordinates x,y such as 1,0 or -2,3")
CARCHECK_ACTION_MESSAGE(comma, "expected ',' between x and y, without spaces (as in 1,0)")
CARCHECK_ACTION_MESSAGE(coord_y, "expected the y coordinate after ','")
CARCHECK_ACTION_MESSAGE(rotation, "expected a rotation r0, r1, r2 or r3 (quarter turns clockwise)")
CARCHECK_ACTION_MESSAGE(colour, "expected a colour: red, green, blue, yellow, black, pink or grey")
CARCHECK_ACTION_MESSAGE(
    feature,
    "expected a feature: road, city, field, monastery, castle, cemetery, mist or bridge, with a "
    "port where needed (road:W, city:N, field:Nl)")
CARCHECK_ACTION_MESSAGE(port_name,
                        "expected a port after ':': a side N, E, S or W, with a half l, c or r "
                        "where needed (road:W, field:Nl)")
CARCHECK_ACTION_MESSAGE(ghost_n, "expected how many ghosts (0 to 3)")
CARCHECK_ACTION_MESSAGE(at_sign, "expected '@' after the colour, as in red@1,0")
CARCHECK_ACTION_MESSAGE(meeple_where,
                        "expected where the meeple stands, x,y (or supply), after '@'")
CARCHECK_ACTION_MESSAGE(meeple_ref, "expected a meeple as <colour>@<x>,<y>, such as red@1,0")
CARCHECK_ACTION_MESSAGE(clear_what, "expected 'clear x,y N' or 'clear stop'")
CARCHECK_ACTION_MESSAGE(bridge_axis, "expected a bridge's axis: N-S or W-E")
CARCHECK_ACTION_MESSAGE(bridge_where,
                        "expected where the bridge lies: its axis on the tile placed (bridge N-S), "
                        "or a neighbour and its axis (bridge 2,0 W-E)")
CARCHECK_ACTION_MESSAGE(bridge_y, "expected the y coordinate after ','")
CARCHECK_ACTION_MESSAGE(amount, "expected an amount of points, a whole number")
CARCHECK_ACTION_MESSAGE(ghost_place,
                        "expected a place of the tile and its ghosts: mist K:n or cemetery:n "
                        "(from mist 1:1, cemetery:2)")
CARCHECK_ACTION_MESSAGE(mist_k, "expected which mist area of the tile, 1 to 4 (mist 1:2)")
CARCHECK_ACTION_MESSAGE(place_colon, "expected ':' and how many ghosts come off that place")
CARCHECK_ACTION_MESSAGE(place_n, "expected how many ghosts come off that place (1 to 3)")
CARCHECK_ACTION_MESSAGE(also_coords, "expected the second tile's coordinates x,y after 'and'")
CARCHECK_ACTION_MESSAGE(castle_coords, "expected the castle's coordinates x,y after 'for'")
CARCHECK_ACTION_MESSAGE(castle_side,
                        "expected the side of the tile towards the castle's other tile: N, E, S "
                        "or W")
CARCHECK_ACTION_MESSAGE(also_n, "expected how many ghosts come off the second tile")
CARCHECK_ACTION_MESSAGE(also_colour, "expected a second colour after 'and'")
CARCHECK_ACTION_MESSAGE(scoring_colour,
                        "expected the colours with a scoring meeple, such as "
                        "'scoring-meeples red green blue'")
CARCHECK_ACTION_MESSAGE(tile_mist_area, "expected which mist area of the tile: mist K (from 1)")
CARCHECK_ACTION_MESSAGE(area_k, "expected which mist area of the tile, 1 to 4 (mist 2)")
#undef CARCHECK_ACTION_MESSAGE

// The error table of the action grammar (dsl/grammar_errors.h must_control).
struct errors {
  template <typename Rule>
  static constexpr const char* message = error_message<typename unthen<Rule>::type>;
  template <typename Rule>
  static constexpr bool raise_on_failure = false;
};

}  // namespace carcheck::actionlang
