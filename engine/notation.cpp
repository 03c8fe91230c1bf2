#include "engine/notation.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <sstream>
#include <string_view>
#include <vector>

#include "engine/bcb.h"
#include "engine/room_words.h"
#include "engine/vocabulary.h"

namespace carcheck {

namespace {

std::string xy(int x, int y) { return std::to_string(x) + "," + std::to_string(y); }

// The name of segment `seg` of `f` as <kind>:<port>, using its first linking port.
std::string segment_text(const CellFace& f, int seg) {
  const Segment& g = f.segments[seg];
  if (g.kind == SegmentKind::Monastery || g.kind == SegmentKind::Castle ||
      g.kind == SegmentKind::Cemetery)
    return segment_kind_name(g.kind);
  for (int p = 0; p < kPorts; ++p)
    if (g.links & (1u << p)) {
      std::string port(1, kSideNames[side_of(p)]);
      if (g.kind == SegmentKind::Field) port += "lcr"[p % kPortsPerSide];
      return std::string(segment_kind_name(g.kind)) + ":" + port;
    }
  // A field with no edge halves (inside a cell whose sides are all city, Inns & Cathedrals'
  // four-city tile) is the cell's one such field: named by its kind alone.
  if (g.kind == SegmentKind::Field) return segment_kind_name(g.kind);
  return std::string(segment_kind_name(g.kind)) + ":?";  // a road that ends where it starts
}

// The segment of `f` a meeple action names: its kind and, for roads, cities and fields, a
// side (N) or a half (Nl) it touches; -1 when none.
int segment_named(const CellFace& f, const std::string& kind, const std::string& port) {
  const std::string written = port.empty() ? kind : kind + ":" + port;
  for (int i = 0; i < f.n_segments; ++i)
    if (segment_text(f, i) == written) return i;
  // Any port of the segment names it too (city:E for a city over N+E).
  if (port.empty() || port.size() > 2) return -1;
  size_t side = std::string_view("NESW").find(port[0]);
  size_t half = port.size() == 1 ? 1 : std::string_view("lcr").find(port[1]);
  if (side == std::string_view::npos || half == std::string_view::npos) return -1;
  int seg = f.port_segment[port_of(static_cast<int>(side), static_cast<int>(half))];
  if (seg < 0 || kind != segment_kind_name(f.segments[seg].kind)) return -1;
  return seg;
}

// The cell a meeple goes on: the last tile placed face up.
int new_cell(const State& s) {
  for (int i = s.cells() - 1; i >= 0; --i)
    if (!s.hidden(i)) return i;
  return -1;
}

std::string meeple_ref(const State& s, int m) {
  const Meeple& mp = s.meeples()[static_cast<size_t>(m)];
  std::string c = s.game().colour_name(mp.colour);
  if (mp.cell < 0) return c + "@supply";
  return c + "@" + xy(s.cell(mp.cell).x, s.cell(mp.cell).y);
}

// The colour slot a word names in this game's rule set. The grammars know the colour words of
// every edition (engine/colours.h), so a word of another edition ("grey" in a game whose sixth
// set is pink) is refused here, naming the rule set's own.
std::optional<int8_t> colour_slot(const State& s, const std::string& word, std::string& error) {
  const int c = s.game().colour_by_name(word);
  if (c >= 0) return static_cast<int8_t>(c);
  error = "'" + word + "' is not a colour of " + s.game().rules().name + " (" +
          s.game().colour_list() + ")";
  return std::nullopt;
}

// The places written after `from` (" from mist 1:1, cemetery:2"), or the attempt on several
// tiles; nothing when the ghosts come off as listed.
std::string from_text(uint16_t from) {
  if (from == 0) return "";
  if (from & kFromSeveralTiles) return " and another tile";
  std::string text;
  for (int slot = 0; slot < kGhostSlots; ++slot) {
    const int n = from_count(from, slot);
    if (n == 0) continue;
    text += text.empty() ? " from " : ", ";
    if (slot == kCemeterySlot) {
      text += "cemetery";
    } else {
      text += "mist ";
      text += std::to_string(slot + 1);
    }
    text += ':';
    text += std::to_string(n);
  }
  return text;
}

// A feature of the cell at x, y as `meeple` and `castle-score` name it: the segment, or -1
// for its centre feature (monastery, castle); nullopt with `error` set when it has none.
std::optional<int8_t> feature_at(const State& s, const ActionSyntax& a, std::string& error) {
  const int cell = s.cell_at(a.x, a.y);
  if (cell < 0) {
    error = "no tile at " + xy(a.x, a.y);
    return std::nullopt;
  }
  const int seg = segment_named(s.face(cell), a.feature, a.port);
  if (seg < 0) {
    error = "the tile at " + xy(a.x, a.y) + " has no feature '" + a.feature +
            (a.port.empty() ? "" : ":" + a.port) + "'";
    return std::nullopt;
  }
  return static_cast<int8_t>(s.face(cell).centre == seg ? -1 : seg);
}

// The name of the feature an action names at x, y (segment `seg`, -1: the centre feature).
std::string feature_text(const State& s, const Action& a) {
  const int cell = s.cell_at(a.x, a.y);
  if (cell >= 0 && a.seg >= 0 && a.seg < s.face(cell).n_segments)
    return segment_text(s.face(cell), a.seg);
  if (cell >= 0 && a.seg == kBridgeSeg && s.cell(cell).added) return "bridge";
  if (cell >= 0 && s.face(cell).centre >= 0)
    return segment_kind_name(s.face(cell).segments[s.face(cell).centre].kind);
  return "castle";
}

// How many castles lie on `cell` (a tile with two caps may hold two).
int castles_on(const State& s, int cell) {
  int n = 0;
  for (int i = 0; i < s.bcb().castle_count; ++i) {
    const auto& c = s.bcb().castles[static_cast<size_t>(i)].cells;
    n += c[0] == cell || c[1] == cell;
  }
  return n;
}

// Castle `i` as `castle-score ... for` names it: a tile of it no other castle lies on (the
// north or west one first), else its north or west tile with the side towards the other.
std::string castle_text(const State& s, int i) {
  if (i < 0 || i >= s.bcb().castle_count) return "?";
  const auto& c = s.bcb().castles[static_cast<size_t>(i)].cells;
  for (const int cell : c)
    if (castles_on(s, cell) == 1) return xy(s.cell(cell).x, s.cell(cell).y);
  const PlacedCell &a = s.cell(c[0]), &b = s.cell(c[1]);
  for (int side = 0; side < kSides; ++side)
    if (a.x + kDx[side] == b.x && a.y + kDy[side] == b.y)
      return xy(a.x, a.y) + ":" + kSideNames[side];
  return "?";
}

}  // namespace

const char* action_verb(ActionKind k) {
  if (static_cast<size_t>(k) < kActionVerbs.size())
    return kActionVerbs[static_cast<size_t>(k)].data();  // engine/action_words.h
  const RoomAction* a = registered_action(k);
  return a ? a->verb.c_str() : "?";
}

std::vector<std::string> action_verbs() {
  std::vector<std::string> v;
  for (int k = 0; k < kWrittenActionKinds; ++k)
    v.emplace_back(action_verb(static_cast<ActionKind>(k)));
  for (std::string& verb : registered_action_verbs()) v.push_back(std::move(verb));
  return v;
}

namespace {

// A registered room's action, as its RoomAction says it is written.
std::string room_action_text(const State& s, const RoomAction& r, const Action& a) {
  std::string text = r.verb;
  if (r.coords) text.append(" ").append(xy(a.x, a.y));
  if (r.count) text.append(" ").append(std::to_string(a.count));
  if (r.colour != RoomField::None && a.colour >= 0)
    text.append(" ").append(s.game().colour_name(a.colour));
  return text;
}

}  // namespace

std::string action_text(const State& s, const Action& a) {
  std::string verb = action_verb(a.kind);
  switch (a.kind) {
    case ActionKind::Draw:
      return verb + " " + (a.tile >= 0 ? s.game().tile(a.tile).name : std::string("?"));
    case ActionKind::Place: {
      std::string text = verb + " " + xy(a.x, a.y) + " r" + std::to_string(a.rot);
      if (a.count >= kPlaceBridgeSelf && a.count < kPlaceBridgeBeside)
        text += std::string(" bridge ") +
                bridge_axis_name(static_cast<BridgeAxis>(a.count - kPlaceBridgeSelf));
      else if (a.count >= kPlaceBridgeBeside && a.count < kPlaceBridgeCodes) {
        const int side = a.count - kPlaceBridgeBeside;
        text += " bridge " + xy(a.x + kDx[side], a.y + kDy[side]) + " " +
                bridge_axis_name(axis_of_side(side));
      }
      return text;
    }
    case ActionKind::Meeple: {
      int cell = new_cell(s);
      std::string seg = cell >= 0 && a.seg >= 0 && a.seg < s.face(cell).n_segments
                            ? segment_text(s.face(cell), a.seg)
                        : cell >= 0 && a.seg == kBridgeSeg && s.cell(cell).added ? "bridge"
                                                                                 : "?";
      return verb + " " + seg +
             (a.colour >= 0 ? std::string(" ") + s.game().colour_name(a.colour) : "") +
             (a.count == kMeepleLarge ? " large" : "");
    }
    case ActionKind::Pass:
      return verb;
    case ActionKind::TakePoints:
      return verb + (a.colour >= 0 ? std::string(" ") + s.game().colour_name(a.colour) : "");
    case ActionKind::RemoveGhosts:
      return verb + " " + xy(a.x, a.y) + " " + std::to_string(a.count) + from_text(a.from) +
             (a.colour >= 0 ? std::string(" ") + s.game().colour_name(a.colour) : "");
    case ActionKind::ExtraGhost:
    case ActionKind::FaceDown:
      return verb + " " + xy(a.x, a.y);
    case ActionKind::Bury:
    case ActionKind::HoundPlace:
      return verb + " " + (a.meeple >= 0 ? meeple_ref(s, a.meeple) : "?");
    case ActionKind::HoundClear:
      if (a.count == 0) return verb + " stop";
      return verb + " " + xy(a.x, a.y) + " " + std::to_string(a.count) + from_text(a.from);
    case ActionKind::Track:
      return verb + " " + s.game().colour_name(a.colour) +
             (a.count > 0 ? std::string(" and ") + s.game().colour_name(a.count - 1) : "");
    case ActionKind::ScoreFirst:
      return verb + " " + xy(a.x, a.y) + " " + feature_text(s, a);
    case ActionKind::Bridge:
      return verb + " " + xy(a.x, a.y) + " " +
             (a.count >= 0 && a.count < kBridgeAxes
                  ? bridge_axis_name(static_cast<BridgeAxis>(a.count))
                  : "?");
    case ActionKind::Discard:
    case ActionKind::Castle:
    case ActionKind::Buy:
    case ActionKind::Sell:
      return verb;
    case ActionKind::CastleScore: {
      std::string text = verb + " " + xy(a.x, a.y) + " " + feature_text(s, a);
      if (a.count > 0) text += " for " + castle_text(s, a.count - 1);
      return text;
    }
    case ActionKind::Select: {
      std::string text = verb + " " + (a.tile >= 0 ? s.game().tile(a.tile).name : "?");
      if (a.x >= 0) text += ' ' + std::to_string(a.x);
      if (is_bid_range(a)) text += '+';  // a range entry: this bid and every one above
      return text;
    }
    case ActionKind::Bid:
      return verb + " " + std::to_string(a.x) + (is_bid_range(a) ? "+" : "");
    case ActionKind::ScoringMeeples: {
      std::string text = verb;
      for (int c = 0; c < kMaxColours; ++c)
        if (a.from & (1u << c)) text += std::string(" ") + s.game().colour_name(c);
      return text;
    }
    case ActionKind::EmptySymbol:
    case ActionKind::HauntGhost:  // mist areas count from 1, as `from mist K:N` writes them
      return verb + " " + xy(a.x, a.y) + " mist " + std::to_string(a.seg + 1);
  }
  if (const RoomAction* r = registered_action(a.kind)) return room_action_text(s, *r, a);
  return "?";
}

std::string MeepleRef::text() const { return colour + "@" + (supply ? "supply" : xy(x, y)); }

int find_meeple(const State& s, const MeepleRef& ref, bool on_board) {
  const int colour = s.game().colour_by_name(ref.colour);
  if (colour < 0 || (on_board && ref.supply)) return -1;
  for (size_t i = 0; i < s.meeples().size(); ++i) {
    const Meeple& m = s.meeples()[i];
    if (m.colour != colour || is_buried(m) || !m.in_play) continue;
    bool here = ref.supply ? m.cell < 0
                           : m.cell >= 0 && s.cell(m.cell).x == ref.x && s.cell(m.cell).y == ref.y;
    if (here) return static_cast<int>(i);
  }
  return -1;
}

namespace {

// Without a colour, the active player's: the one colour with meeples left, else their first.
std::optional<int> default_colour(const State& s, const ActionSyntax& a, std::string& error) {
  int found = -1, count = 0;
  for (int c = 0; c < s.game().colours(); ++c)
    if (s.game().owner(c) == s.current_player() && s.meeples_in_supply(c) > 0) found = c, ++count;
  if (count > 1) {
    error = "the active player has several colours: name one (meeple " + a.feature +
            (a.port.empty() ? "" : ":" + a.port) + " <colour>)";
    return std::nullopt;
  }
  return found >= 0 ? found : s.current_player();
}

std::optional<Action> resolve_meeple(const State& s, const ActionSyntax& a, std::string& error) {
  int cell = new_cell(s);
  if (s.phase() != Phase::Meeple || cell < 0) {
    error = std::string("no meeple can be placed now (") + phase_name(s.phase()) + ")";
    return std::nullopt;
  }
  // BCB: the bridge of the new tile is a road segment of its own (engine/bcb.h kBridgeSeg).
  if (a.feature == "bridge" && !s.cell(cell).added) {
    error = "the new tile has no bridge (a follower goes on a bridge of the tile just placed)";
    return std::nullopt;
  }
  int seg = a.feature == "bridge" ? kBridgeSeg : segment_named(s.face(cell), a.feature, a.port);
  if (seg < 0) {
    error = "the new tile has no feature '" + a.feature + (a.port.empty() ? "" : ":" + a.port) +
            "' (name one as road:W, city:N, field:Nl, castle, monastery)";
    return std::nullopt;
  }
  Action r;
  r.kind = ActionKind::Meeple;
  r.seg = static_cast<int8_t>(seg);
  int colour = -1;
  if (!a.colour.empty()) {
    const std::optional<int8_t> c = colour_slot(s, a.colour, error);
    if (!c) return std::nullopt;
    colour = *c;
  } else if (std::optional<int> c = default_colour(s, a, error)) {
    colour = *c;
  } else {
    return std::nullopt;
  }
  r.colour = static_cast<int8_t>(colour);
  if (a.large) r.count = kMeepleLarge;
  return r;
}

}  // namespace

std::optional<Action> resolve_action(const State& s, const ActionSyntax& a, std::string& error) {
  Action r;
  r.kind = a.kind;
  r.x = static_cast<int16_t>(a.x);
  r.y = static_cast<int16_t>(a.y);
  switch (a.kind) {
    case ActionKind::Draw:
      r.x = r.y = 0;
      r.tile = s.game().find_tile(a.tile);
      if (r.tile < 0) {
        error = "unknown tile '" + a.tile + "' (not in this rule set's tiles)";
        return std::nullopt;
      }
      return r;
    case ActionKind::Place:
      r.rot = static_cast<int8_t>(a.rot);
      r.count = static_cast<int8_t>(a.bridge);  // BCB: the bridge that comes with it
      r.tile = s.drawn();
      return r;
    case ActionKind::Meeple:
      return resolve_meeple(s, a, error);
    case ActionKind::RemoveGhosts:
    case ActionKind::HoundClear:
      r.count = static_cast<int8_t>(a.count);
      r.from = a.from;
      if (!a.colour.empty()) {
        const std::optional<int8_t> c = colour_slot(s, a.colour, error);
        if (!c) return std::nullopt;
        r.colour = *c;
      }
      if (a.kind == ActionKind::HoundClear && a.count == 0) r.x = r.y = 0;  // clear stop
      // Places written as the engine would take them anyway name the plain action.
      if (r.from != 0 && !(r.from & kFromSeveralTiles) && s.cell_at(a.x, a.y) >= 0 &&
          r.from == listed_from(s.mists().cell(s.cell_at(a.x, a.y)), a.count))
        r.from = 0;
      return r;
    case ActionKind::ScoreFirst: {
      std::optional<int8_t> seg = feature_at(s, a, error);
      if (!seg) return std::nullopt;
      r.seg = *seg;
      return r;
    }
    case ActionKind::ExtraGhost:
    case ActionKind::FaceDown:
      return r;
    case ActionKind::Bury:
    case ActionKind::HoundPlace: {
      r.x = r.y = 0;
      bool bury = a.kind == ActionKind::Bury;
      int m = find_meeple(s, a.meeple, !bury);
      if (m < 0) {
        error = "no unburied meeple '" + a.meeple.text() + "' (write <colour>@<x>,<y>" +
                (bury ? " or <colour>@supply)" : ")");
        return std::nullopt;
      }
      r.meeple = static_cast<int16_t>(m);
      return r;
    }
    case ActionKind::Track:
      r.x = r.y = 0;
      if (const std::optional<int8_t> c = colour_slot(s, a.colour, error))
        r.colour = *c;
      else
        return std::nullopt;
      if (!a.also.empty()) {  // the attempt to share the points with a second track
        const std::optional<int8_t> also = colour_slot(s, a.also, error);
        if (!also) return std::nullopt;
        r.count = static_cast<int8_t>(*also + 1);
      }
      return r;
    case ActionKind::TakePoints:
      if (!a.colour.empty()) {
        const std::optional<int8_t> c = colour_slot(s, a.colour, error);
        if (!c) return std::nullopt;
        r.colour = *c;
      }
      [[fallthrough]];
    case ActionKind::Pass:
    case ActionKind::Discard:
      r.x = r.y = 0;
      return r;
    case ActionKind::Bridge:
      r.count = static_cast<int8_t>(a.count);  // the axis
      return r;
    case ActionKind::Castle:
    case ActionKind::Buy:
    case ActionKind::Sell:
      r.x = r.y = 0;
      return r;
    case ActionKind::Bid:
      r.x = static_cast<int16_t>(a.count);  // the amount
      r.y = 0;
      return r;
    case ActionKind::ScoringMeeples:
      r.x = r.y = 0;
      for (const std::string& name : a.colours) {
        const int c = s.game().colour_by_name(name);
        if (c < 0 || c >= s.game().colours()) {
          error = "colour '" + name + "' is not in play";
          return std::nullopt;
        }
        if (r.from & (1u << c)) {
          error = "colour '" + name + "' is named twice";
          return std::nullopt;
        }
        r.from = static_cast<uint16_t>(r.from | (1u << c));
      }
      return r;
    case ActionKind::EmptySymbol:
    case ActionKind::HauntGhost: {
      const int cell = s.cell_at(a.x, a.y);
      if (cell < 0) {
        error = "no tile at " + xy(a.x, a.y);
        return std::nullopt;
      }
      r.seg = static_cast<int8_t>(a.count - 1);
      return r;
    }
    case ActionKind::Select:
      r.y = 0;
      r.x = static_cast<int16_t>(a.count);  // the opening bid; -1: none written
      r.tile = s.game().find_tile(a.tile);
      if (r.tile < 0) {
        error = "unknown tile '" + a.tile + "' (not in this rule set's tiles)";
        return std::nullopt;
      }
      return r;
    case ActionKind::CastleScore: {
      // The feature as `meeple` names one, on the cell at x,y: road:W, city:N, monastery,
      // castle (a castle lies on two cells; either names it), bridge.
      const int cell = s.cell_at(a.x, a.y);
      if (cell < 0) {
        error = "no tile at " + xy(a.x, a.y);
        return std::nullopt;
      }
      if (a.castle_for) {  // `for x,y[:side]`: the castle that scores, by either of its tiles
        const int at = s.cell_at(a.bx, a.by);
        const int other = a.castle_side >= 0
                              ? s.cell_at(a.bx + kDx[a.castle_side], a.by + kDy[a.castle_side])
                              : -1;
        int found = 0;
        for (int i = 0; i < s.bcb().castle_count && at >= 0; ++i) {
          const auto& c = s.bcb().castles[static_cast<size_t>(i)].cells;
          if ((c[0] == at || c[1] == at) && (a.castle_side < 0 || c[0] == other || c[1] == other))
            r.count = static_cast<int8_t>(i + 1), ++found;
        }
        if (found == 0) {
          error = "no castle lies on " + xy(a.bx, a.by) +
                  (a.castle_side >= 0 ? std::string(" across its side ") + kSideNames[a.castle_side]
                                      : std::string()) +
                  " (for x,y names the castle that scores)";
          return std::nullopt;
        }
        if (found > 1) {
          error = "two castles lie on " + xy(a.bx, a.by) +
                  ": name the side towards the castle's other tile (for " + xy(a.bx, a.by) +
                  ":N, E, S or W)";
          return std::nullopt;
        }
      }
      if (a.feature == "castle") return r;  // seg -1: the castle at x,y
      if (a.feature == "bridge") {
        if (!s.cell(cell).added) {
          error = "the tile at " + xy(a.x, a.y) + " has no bridge";
          return std::nullopt;
        }
        r.seg = static_cast<int8_t>(kBridgeSeg);
        return r;
      }
      std::optional<int8_t> seg = feature_at(s, a, error);
      if (!seg) return std::nullopt;
      r.seg = *seg;
      return r;
    }
  }
  if (const RoomAction* room = registered_action(a.kind)) {  // engine/room_words.h
    if (!room->coords) r.x = r.y = 0;
    if (room->count) r.count = static_cast<int8_t>(a.count);
    if (!a.colour.empty()) {
      const std::optional<int8_t> c = colour_slot(s, a.colour, error);
      if (!c) return std::nullopt;
      r.colour = *c;
    }
    return r;
  }
  error = "unknown action";
  return std::nullopt;
}

}  // namespace carcheck
