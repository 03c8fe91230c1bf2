// The text form of actions, shared by specs, replays and error output.
//
//   draw <tile>                 place <x>,<y> r<0-3>        pass
//   meeple <kind>:<port> [colour] [large]   e.g. meeple road:W, meeple city:N red, meeple field:Nl,
//                               meeple road:W large (the large follower), meeple field (a field
//                               with no edge halves)
//   meeple castle|monastery [colour]
//   points [colour]             remove-ghosts <x>,<y> <n> [from <places>] [colour]
//   extra-ghost <x>,<y>         score-first <x>,<y> <feature>   (feature as `meeple` names it)
//   bury <colour>@<x>,<y>       bury <colour>@supply        hound <colour>@<x>,<y>
//   clear <x>,<y> <n> [from <places>]   clear stop          face-down <x>,<y>
//   track <colour>
//   scoring-meeples <colour> <colour> <colour>    (Level 6, at set-up)
//   empty-symbol <x>,<y> mist <k>   haunt <x>,<y> mist <k>   (mist areas count from 1)
//   <places>: the places of the tile the ghosts come off, with their counts:
//   `from mist 2:1, cemetery:1` (without `from`: its mist areas in order, then its cemetery)
//   Attempts the rules refuse, written so that a spec can pin the refusal:
//   remove-ghosts <x>,<y> <n> and <x2>,<y2> <n2> (two tiles)    track <colour> and <colour>
//   Bridges, Castles and Bazaars:
//   bridge <x>,<y> N-S|W-E      discard                     meeple bridge [colour]
//   place <x>,<y> r<0-3> bridge N-S|W-E          (the bridge on the tile placed)
//   place <x>,<y> r<0-3> bridge <x2>,<y2> N-S|W-E (on the neighbour at x2,y2, along the side)
//   castle     castle-score <x>,<y> <feature> [for <x2>,<y2>[:<side>]]   (feature as `meeple`
//              names it, or castle; `for`: the castle on x2,y2 scores it, when its owner has
//              several; the side towards its other tile where two castles lie on x2,y2)
//   select <tile> [<bid>]       bid <n>         buy         sell
//
// Ports name board directions after rotation: `meeple road:W` is the road segment leaving
// the new tile westwards, whatever the tile's rotation.
//
// One grammar reads the notation (dsl/action_grammar.h, dsl/action_parser.h) into an
// ActionSyntax; resolve_action() turns that into an Action against a State; action_text()
// is the one printer. The engine knows no parser.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/state.h"

namespace carcheck {

// The verb of each ActionKind, indexed by the kind (draw, place, meeple, ...), a registered
// room's too (engine/room_words.h).
const char* action_verb(ActionKind k);
// Every verb in ActionKind order, then the registered rooms' verbs, for messages ("expected
// an action: draw, place, ...").
std::vector<std::string> action_verbs();

// A meeple named by its colour and where it stands: red@1,0 or red@supply.
struct MeepleRef {
  std::string colour;
  bool supply = false;
  int x = 0, y = 0;
  std::string text() const;
};

// An action as written, before it meets a state: names are still names.
// ActionSyntax::room_fields: which of a registered action's fields were written.
inline constexpr uint8_t kRoomWroteCoords = 1, kRoomWroteCount = 2, kRoomWroteColour = 4;

struct ActionSyntax {
  ActionKind kind = ActionKind::Pass;
  std::string tile;   // draw, select
  int x = 0, y = 0;   // place, remove-ghosts, extra-ghost, clear, face-down, bridge,
                      // castle-score
  int rot = 0;        // place: quarter turns clockwise
  int count = 0;      // remove-ghosts, clear: ghosts (0 with `clear stop`); bridge: its axis
                      // (0 N-S, 1 W-E); select, bid: the amount (select without one: -1);
                      // empty-symbol, haunt: the mist area (from 1)
  uint16_t from = 0;  // remove-ghosts, clear: the places written after `from` (Action::from);
                      // kFromSeveralTiles: `and` named a second tile
  std::string also;   // track: the colour written after `and` (an attempt to share points)
  std::vector<std::string> colours;  // scoring-meeples: the colours written
  int place = 0;                     // while `from` is read: the ghost slot whose count comes next
  int bridge = 0;           // place: the bridge that comes with it (engine/bcb.h kPlaceBridge*)
  int bx = 0, by = 0;       // place: the neighbour written as carrying that bridge; castle-score:
                            // the castle written after `for`
  bool castle_for = false;  // castle-score: `for x,y` was written
  int castle_side = -1;     // castle-score: the side after `for x,y:` (N 0 .. W 3), -1: none
  std::string feature;  // meeple, castle-score, score-first: road, city, field, monastery, castle,
                        // cemetery, mist, bridge
  std::string port;     // meeple: "" or a side N/E/S/W with an optional half l/c/r
  std::string colour;   // meeple, points, remove-ghosts (optional), track
  bool large = false;   // meeple: `large` was written (the large follower, kMeepleLarge)
  MeepleRef meeple;     // bury, hound
  uint8_t room_fields = 0;  // a registered room's action: the fields written (kRoomWrote*)
  std::string text;         // as written
  int column = 1;           // where it starts on its line (1-based)
};

// The Action that `a` names in state `s` (its feature on the new tile, its meeple, the active
// player's colour when none is written), or nullopt with `error` set to the reason.
std::optional<Action> resolve_action(const State& s, const ActionSyntax& a, std::string& error);

// The meeple `ref` names (unburied, in play), or -1. `on_board`: a supply reference names none.
int find_meeple(const State& s, const MeepleRef& ref, bool on_board);

std::string action_text(const State& s, const Action& a);

}  // namespace carcheck
