// The PEGTL actions of the action grammar (dsl/action_grammar.h): they fill an ActionSyntax.
// Used by the bare action reader (dsl/action_parser.cpp) and by the spec parser, which parses
// each action of a spec into its own ActionSyntax (change_action_and_states).
#pragma once

#include <fmt/format.h>

#include <string>

#include "dsl/action_grammar.h"
#include "dsl/diagnostic.h"
#include "engine/bcb.h"
#include "engine/notation.h"

namespace carcheck::actionlang {

// Coordinates beyond this are a typo: no game grows a board that large.
inline constexpr int kMaxCoordinate = 500;
// The game holds 15 ghosts: a larger count is a typo (more than 3 parses, so that a spec can
// show the engine refusing it).
inline constexpr int kMaxGhostCount = 15;
// A bazaar's bid: as large as the engine accepts (Action::x, engine/bcb_bazaars.cpp max_bid);
// random play with unbounded bids reaches four digits.
inline constexpr int kMaxAmount = 32767;

template <typename Input>
SourcePos source_pos(const Input& in) {
  const auto p = in.position();
  return {p.source, static_cast<int>(p.line), static_cast<int>(p.column)};
}

// A whole number as matched by number / signed_number, with its magnitude capped at `cap + 1`
// so that a long run of digits cannot overflow.
int capped_number(const std::string& digits, int cap);

// Refuses coordinates outside ±kMaxCoordinate, at the position of `in` (the matched x,y).
template <typename Input>
void check_coordinates(const Input& in, int x, int y) {
  if (x < -kMaxCoordinate || x > kMaxCoordinate || y < -kMaxCoordinate || y > kMaxCoordinate)
    throw InputError(source_pos(in), fmt::format("coordinates lie between -{0} and {0}, not {1}",
                                                 kMaxCoordinate, in.string()));
}

// A meeple is placed on a feature named by a port where the tile may hold several.
template <typename Input>
void check_meeple_feature(const Input& in, const ActionSyntax& a) {
  if (a.feature == "mist")
    throw InputError(source_pos(in),
                     "mist is no meeple spot: a meeple goes on road:<port>, city:<port>, "
                     "field:<port>, castle, monastery (or is refused on a cemetery)");
  if (a.feature == "bridge" && !a.port.empty())
    throw InputError(source_pos(in),
                     "a bridge is named without a port: 'bridge' (the tile holds "
                     "at most one, seed 003 fn 21)");
  // A field with no edge halves (Inns & Cathedrals' four-city tile) is named `field` alone.
  if (a.port.empty() && (a.feature == "road" || a.feature == "city"))
    throw InputError(source_pos(in),
                     fmt::format("name the {0} by a port of the new tile, as in 'meeple {0}{1}' "
                                 "(ports are board directions)",
                                 a.feature, a.feature == "field" ? ":Nl" : ":W"));
}

template <typename Rule>
struct fill : tao::pegtl::nothing<Rule> {};

// The kind of each action, set once its rule has matched.
template <ActionKind K>
struct fill_kind {
  static void apply0(ActionSyntax& a) { a.kind = K; }
};
template <>
struct fill<a_draw> : fill_kind<ActionKind::Draw> {};
template <>
struct fill<a_place> : fill_kind<ActionKind::Place> {};
template <>
struct fill<a_meeple> : fill_kind<ActionKind::Meeple> {};
template <>
struct fill<a_pass> : fill_kind<ActionKind::Pass> {};
template <>
struct fill<a_points> : fill_kind<ActionKind::TakePoints> {};
template <>
struct fill<a_remove_ghosts> : fill_kind<ActionKind::RemoveGhosts> {};
template <>
struct fill<a_extra_ghost> : fill_kind<ActionKind::ExtraGhost> {};
template <>
struct fill<a_bury> : fill_kind<ActionKind::Bury> {};
template <>
struct fill<a_hound> : fill_kind<ActionKind::HoundPlace> {};
template <>
struct fill<a_clear> : fill_kind<ActionKind::HoundClear> {};
template <>
struct fill<a_face_down> : fill_kind<ActionKind::FaceDown> {};
template <>
struct fill<a_track> : fill_kind<ActionKind::Track> {};
template <>
struct fill<a_bridge> : fill_kind<ActionKind::Bridge> {};
template <>
struct fill<a_discard> : fill_kind<ActionKind::Discard> {};
template <>
struct fill<a_castle> : fill_kind<ActionKind::Castle> {};
template <>
struct fill<a_castle_score> : fill_kind<ActionKind::CastleScore> {};
template <>
struct fill<a_select> : fill_kind<ActionKind::Select> {};
template <>
struct fill<a_bid> : fill_kind<ActionKind::Bid> {};
template <>
struct fill<a_buy> : fill_kind<ActionKind::Buy> {};
template <>
struct fill<a_sell> : fill_kind<ActionKind::Sell> {};
template <>
struct fill<a_score_first> : fill_kind<ActionKind::ScoreFirst> {};
template <>
struct fill<a_scoring_meeples> : fill_kind<ActionKind::ScoringMeeples> {};
template <>
struct fill<a_empty_symbol> : fill_kind<ActionKind::EmptySymbol> {};
template <>
struct fill<a_haunt> : fill_kind<ActionKind::HauntGhost> {};

template <>
struct fill<game_action> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.text = in.string();
    a.column = static_cast<int>(in.position().column);
  }
};

template <>
struct fill<tile_name> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.tile = in.string();
  }
};

template <>
struct fill<coord_x> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.x = capped_number(in.string(), kMaxCoordinate);
  }
};
template <>
struct fill<coord_y> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.y = capped_number(in.string(), kMaxCoordinate);
  }
};
template <>
struct fill<coords> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    check_coordinates(in, a.x, a.y);
  }
};

template <>
struct fill<rotation> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.rot = in.peek_char(1) - '0';
  }
};

template <>
struct fill<feature_kind> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.feature = in.string();
  }
};
template <>
struct fill<port_name> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.port = in.string();
  }
};
// In the action grammar a feature is always a meeple's.
template <>
struct fill<feature> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    check_meeple_feature(in, a);
  }
};

template <>
struct fill<colour> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.colour = in.string();
  }
};

template <>
struct fill<ref_colour> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.meeple.colour = in.string();
  }
};
template <>
struct fill<kw_large> {
  static void apply0(ActionSyntax& a) { a.large = true; }
};

template <>
struct fill<kw_supply> {
  static void apply0(ActionSyntax& a) { a.meeple.supply = true; }
};
// The coordinates after '@' are the meeple's, not the action's.
template <>
struct fill<meeple_ref> {
  static void apply0(ActionSyntax& a) {
    if (!a.meeple.supply) a.meeple.x = a.x, a.meeple.y = a.y;
    a.x = a.y = 0;
  }
};

template <>
struct fill<ghost_n> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.count = capped_number(in.string(), kMaxGhostCount);
    if (a.count > kMaxGhostCount)
      throw InputError(source_pos(in),
                       fmt::format("the game holds {} ghosts: a count of {} is a mistake",
                                   kMaxGhostCount, in.string()));
  }
};

// ---- The places ghosts come off, a second tile, a second track
// -----------------------------------

// A mist area's number as written (from 1), refused outside 1..kMaxMist.
template <typename Input>
int mist_area_number(const Input& in) {
  const int k = capped_number(in.string(), kMaxMist);
  if (k < 1 || k > kMaxMist)
    throw InputError(source_pos(in),
                     fmt::format("a tile has mist areas 1 to {}, not {}", kMaxMist, in.string()));
  return k;
}

template <>
struct fill<mist_k> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.place = mist_area_number(in) - 1;
  }
};
template <>
struct fill<cemetery_place> {
  static void apply0(ActionSyntax& a) { a.place = kMaxMist; }  // the cemetery's ghost slot
};
template <>
struct fill<place_n> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    const int n = capped_number(in.string(), 3);
    if (n < 1 || n > 3)
      throw InputError(source_pos(in),
                       "1 to 3 ghosts come off a place of a tile, not " + in.string());
    if (from_count(a.from, a.place) != 0)
      throw InputError(source_pos(in), "that place is named twice");
    a.from = from_with(a.from, a.place, n);
  }
};
template <>
struct fill<ghost_places> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    int sum = 0;
    for (int slot = 0; slot <= kMaxMist; ++slot) sum += from_count(a.from, slot);
    if (sum != a.count)
      throw InputError(
          source_pos(in),
          fmt::format("the places give {} ghosts, but the action removes {}", sum, a.count));
  }
};
template <>
struct fill<also_coords> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    check_coordinates(in, a.bx, a.by);
    a.from |= kFromSeveralTiles;
  }
};
template <>
struct fill<scoring_colour> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.colours.push_back(in.string());
  }
};
template <>
struct fill<area_k> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.count = mist_area_number(in);
  }
};
template <>
struct fill<castle_coords> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    check_coordinates(in, a.bx, a.by);
    a.castle_for = true;
  }
};
template <>
struct fill<castle_side> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    for (int k = 0; k < kSides; ++k)
      if (in.string()[0] == kSideNames[k]) a.castle_side = k;
  }
};
template <>
struct fill<also_colour> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.also = in.string();
  }
};

// ---- Bridges, Castles and Bazaars -------------------------------------------------------------

// The axis of a bridge: in ActionSyntax::count (a bridge action's own field; a placement's
// bridge moves it to ActionSyntax::bridge).
template <>
struct fill<axis_ns> {
  static void apply0(ActionSyntax& a) { a.count = static_cast<int>(BridgeAxis::NorthSouth); }
};
template <>
struct fill<axis_we> {
  static void apply0(ActionSyntax& a) { a.count = static_cast<int>(BridgeAxis::WestEast); }
};

template <>
struct fill<bridge_x> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.bx = capped_number(in.string(), kMaxCoordinate);
  }
};
template <>
struct fill<bridge_y> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.by = capped_number(in.string(), kMaxCoordinate);
  }
};
template <>
struct fill<bridge_coords> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    check_coordinates(in, a.bx, a.by);
  }
};

// A bridge on a neighbour carries the new tile's road on across their shared side, so it
// lies along that side's axis (seed 003 fn 17): the only code engine/bcb.h has for it.
template <>
struct fill<bridge_beside> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    const std::string at = fmt::format("{},{}", a.bx, a.by);
    int side = -1;
    for (int k = 0; k < kSides; ++k)
      if (a.bx == a.x + kDx[k] && a.by == a.y + kDy[k]) side = k;
    if (side < 0)
      throw InputError(source_pos(in),
                       fmt::format("the bridge of a placement lies on the tile placed or on a "
                                   "neighbour sharing a side with it: {} is not beside {},{}",
                                   at, a.x, a.y));
    const BridgeAxis axis = axis_of_side(side);
    if (a.count != static_cast<int>(axis))
      throw InputError(
          source_pos(in),
          fmt::format("a bridge on the neighbour across side {0} carries the new tile's "
                      "road on along {1}: write 'bridge {2} {1}'",
                      kSideNames[side], bridge_axis_name(axis), at));
    a.bridge = kPlaceBridgeBeside + side;
  }
};
template <>
struct fill<place_bridge> {
  static void apply0(ActionSyntax& a) {
    if (a.bridge == kPlaceBridgeNone) a.bridge = kPlaceBridgeSelf + a.count;
    a.count = 0;
  }
};

template <>
struct fill<kw_select> {
  static void apply0(ActionSyntax& a) { a.count = -1; }  // no bid written
};
template <>
struct fill<amount> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.count = capped_number(in.string(), kMaxAmount);
    if (a.count > kMaxAmount)
      throw InputError(source_pos(in), fmt::format("a bid of {} points is a mistake (at most {})",
                                                   in.string(), kMaxAmount));
  }
};

// ---- A registered room's action (engine/room_words.h) ------------------------------------------

inline constexpr int kMaxRoomCount = 99;

template <>
struct fill<room_verb> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.kind = *registered_action_by_verb(in.string());
    a.room_fields = 0;
  }
};
template <>
struct fill<room_coords> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    check_coordinates(in, a.x, a.y);
    a.room_fields |= kRoomWroteCoords;
  }
};
template <>
struct fill<room_count> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.count = capped_number(in.string(), kMaxRoomCount);
    if (a.count > kMaxRoomCount)
      throw InputError(source_pos(in), fmt::format("a count of {} is a mistake (at most {})",
                                                   in.string(), kMaxRoomCount));
    a.room_fields |= kRoomWroteCount;
  }
};
template <>
struct fill<room_colour> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.colour = in.string();
    a.room_fields |= kRoomWroteColour;
  }
};
// The fields written are the ones the room declared: "ring is written 'ring [colour]'".
template <>
struct fill<a_room> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    const RoomAction& r = *registered_action(a.kind);
    const bool colour_ok = r.colour == RoomField::Required ? (a.room_fields & kRoomWroteColour)
                           : r.colour == RoomField::None   ? !(a.room_fields & kRoomWroteColour)
                                                           : true;
    if (r.coords == !(a.room_fields & kRoomWroteCoords) ||
        r.count == !(a.room_fields & kRoomWroteCount) || !colour_ok) {
      std::string usage = r.verb;
      if (r.coords) usage += " x,y";
      if (r.count) usage += " N";
      if (r.colour == RoomField::Required) usage += " <colour>";
      if (r.colour == RoomField::Optional) usage += " [colour]";
      throw InputError(source_pos(in), fmt::format("{} is written '{}'", r.verb, usage));
    }
  }
};

}  // namespace carcheck::actionlang
