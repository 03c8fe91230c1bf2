// PEGTL grammar of the tile language (docs/tile-language.md). Pure grammar: the actions
// that build a ParsedShape live in tile_compiler.cpp. Every rule a must<> names has its
// message in error_message<> at the end (a missing one does not compile:
// dsl/grammar_errors.h).
#pragma once

#include <tao/pegtl.hpp>

namespace carcheck::tilelang {

namespace pg = tao::pegtl;

struct blank : pg::star<pg::blank> {};
struct gap : pg::plus<pg::blank> {};
struct side_letter : pg::one<'N', 'E', 'S', 'W'> {};
struct number : pg::plus<pg::digit> {};
struct signed_number : pg::seq<pg::opt<pg::one<'-'>>, number> {};

// city N+E+W shield | shields 2 | triangle | cathedral
struct city_side : side_letter {};
struct city_sides : pg::list<city_side, pg::one<'+'>> {};
struct shield_count : number {};
struct attr_shields : pg::seq<TAO_PEGTL_KEYWORD("shields"), gap, pg::must<shield_count>> {};
struct attr_shield : TAO_PEGTL_KEYWORD("shield") {};
struct attr_triangle : TAO_PEGTL_KEYWORD("triangle") {};
struct attr_cathedral : TAO_PEGTL_KEYWORD("cathedral") {};
struct city_attr : pg::sor<attr_shields, attr_shield, attr_triangle, attr_cathedral> {};
struct city_body : pg::seq<city_sides, pg::star<gap, city_attr>> {};
struct kw_city : TAO_PEGTL_KEYWORD("city") {};
struct city : pg::seq<kw_city, gap, pg::must<city_body>> {};

// road W-E | road S* [inn]
struct road_from : side_letter {};
struct road_to : side_letter {};
struct road_end : pg::one<'*'> {};
struct road_ends : pg::seq<road_from, pg::sor<pg::seq<pg::one<'-'>, pg::must<road_to>>, road_end>> {
};
struct attr_inn : TAO_PEGTL_KEYWORD("inn") {};
struct road_body : pg::seq<road_ends, pg::opt<gap, attr_inn>> {};
struct kw_road : TAO_PEGTL_KEYWORD("road") {};
struct road : pg::seq<kw_road, gap, pg::must<road_body>> {};

// field Wr Nl @N | field @N @E @S @W (no edge halves: a field inside the cell, bordering cities)
struct half : pg::seq<side_letter, pg::one<'l', 'r'>> {};
struct field_half : half {};
struct border_side : side_letter {};
struct border : pg::seq<pg::one<'@'>, pg::must<border_side>> {};
struct edge_field : pg::seq<pg::list<field_half, gap>, pg::star<blank, border>> {};
struct inner_field : pg::seq<border, pg::star<blank, border>> {};
struct field_body : pg::sor<edge_field, inner_field> {};
struct kw_field : TAO_PEGTL_KEYWORD("field") {};
struct field : pg::seq<kw_field, gap, pg::must<field_body>> {};

// mist Nl Nr Nc ghosts 2
struct mist_port : pg::seq<side_letter, pg::one<'l', 'c', 'r'>> {};
struct ghost_count : number {};
struct mist_ghosts : pg::seq<TAO_PEGTL_KEYWORD("ghosts"), gap, pg::must<ghost_count>> {};
struct mist_body : pg::seq<pg::list<mist_port, gap>, gap, pg::must<mist_ghosts>> {};
struct kw_mist : TAO_PEGTL_KEYWORD("mist") {};
struct mist : pg::seq<kw_mist, gap, pg::must<mist_body>> {};

// river W-E | river E* (a river end: the cell holds the spring or the lake)
struct river_from : side_letter {};
struct river_to : side_letter {};
struct river_end : pg::one<'*'> {};
struct river_body
    : pg::seq<river_from, pg::sor<pg::seq<pg::one<'-'>, pg::must<river_to>>, river_end>> {};
struct kw_river : TAO_PEGTL_KEYWORD("river") {};
struct river : pg::seq<kw_river, gap, pg::must<river_body>> {};

struct centre_word
    : pg::sor<TAO_PEGTL_KEYWORD("monastery"), TAO_PEGTL_KEYWORD("castle"),
              TAO_PEGTL_KEYWORD("cemetery"), TAO_PEGTL_KEYWORD("bazaar"),
              TAO_PEGTL_KEYWORD("ruins"), TAO_PEGTL_KEYWORD("spring"), TAO_PEGTL_KEYWORD("lake")> {
};

struct item : pg::sor<city, road, field, mist, river, centre_word> {};
struct item_start : pg::sor<pg::one<'}'>, pg::eof> {};
struct separator : pg::seq<blank, pg::one<';'>, blank> {};
struct cell_body
    : pg::seq<pg::must<item>, pg::star<separator, pg::not_at<item_start>, pg::must<item>>,
              pg::opt<separator>> {};

struct kw_cell : TAO_PEGTL_KEYWORD("cell") {};
struct cell_x : signed_number {};
struct cell_y : signed_number {};
struct cell_open : pg::one<'{'> {};
struct cell_close : pg::one<'}'> {};
struct cell_comma : pg::one<','> {};
struct cell_head : pg::seq<kw_cell, gap, pg::must<cell_x>, blank, pg::must<cell_comma>, blank,
                           pg::must<cell_y>, blank, pg::must<cell_open>> {};
struct cell_block : pg::seq<cell_head, blank, cell_body, blank, pg::must<cell_close>, blank> {};
struct multi_cell : pg::plus<cell_block> {};
struct single_cell : cell_body {};
struct end_of_shape : pg::eof {};

struct shape : pg::seq<blank, pg::sor<multi_cell, single_cell>, blank, pg::must<end_of_shape>> {};

// ---- Error messages: "expected X" -----------------------------------------------------------

template <typename Rule>
inline constexpr const char* error_message = nullptr;
#define CARCHECK_TILE_MESSAGE(RULE, TEXT) \
  template <>                             \
  inline constexpr const char* error_message<RULE> = TEXT;
CARCHECK_TILE_MESSAGE(item,
                      "expected an item (city, road, field, mist, river, monastery, castle, "
                      "cemetery, bazaar, ruins, spring, lake)")
CARCHECK_TILE_MESSAGE(city_body, "expected city sides such as N or N+E+W after 'city'")
CARCHECK_TILE_MESSAGE(shield_count, "expected a number after 'shields'")
CARCHECK_TILE_MESSAGE(road_body, "expected a road such as W-E or S* after 'road'")
CARCHECK_TILE_MESSAGE(road_to, "expected the side where the road leaves (N, E, S or W) after '-'")
CARCHECK_TILE_MESSAGE(river_body, "expected a river such as W-E or E* after 'river'")
CARCHECK_TILE_MESSAGE(river_to, "expected the side where the river leaves (N, E, S or W) after '-'")
CARCHECK_TILE_MESSAGE(
    field_body,
    "expected field halves such as Nl Nr (sides N E S W, halves l r), or only borders such as "
    "@N, after 'field'")
CARCHECK_TILE_MESSAGE(border_side,
                      "expected the side of the bordered city (N, E, S or W) after '@'")
CARCHECK_TILE_MESSAGE(mist_body,
                      "expected mist ports such as Nl Nc Nr followed by 'ghosts N' after 'mist'")
CARCHECK_TILE_MESSAGE(mist_ghosts, "expected 'ghosts N' after the mist ports")
CARCHECK_TILE_MESSAGE(ghost_count, "expected a number after 'ghosts'")
CARCHECK_TILE_MESSAGE(cell_x, "expected the cell's x offset after 'cell'")
CARCHECK_TILE_MESSAGE(cell_y, "expected the cell's y offset after ','")
CARCHECK_TILE_MESSAGE(cell_comma, "expected ',' between the cell's x and y")
CARCHECK_TILE_MESSAGE(cell_open, "expected '{' after the cell's offsets")
CARCHECK_TILE_MESSAGE(cell_close, "expected '}' or ';' after a cell's items")
CARCHECK_TILE_MESSAGE(end_of_shape, "expected ';' between items, or the end of the shape")
#undef CARCHECK_TILE_MESSAGE

// The error table of the tile grammar (dsl/grammar_errors.h must_control).
struct errors {
  template <typename Rule>
  static constexpr const char* message = error_message<Rule>;
  template <typename Rule>
  static constexpr bool raise_on_failure = false;
};

}  // namespace carcheck::tilelang
