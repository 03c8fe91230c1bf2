// The invariants a room adds to the shared ones of checker/invariants.cpp (Mists' ghosts,
// castles and cemeteries, bridge and castle-token conservation with Bridges, Castles and
// Bazaars, the large follower, the river's course). The checker runs every registered one
// after every action of every game and asks no question about which room plays: each holds
// trivially in a game without the room's pieces (a rule set that gives no ghosts, bridges or
// castle tokens has none to conserve).
//
// Two forms: a RoomInvariant is a stateless check of one state; a RoomCheck keeps state across
// a turn (what the tile of this turn finished, what the events reported), is made once per
// checked game, sees the shared checker's own reading of the geometry (CheckerView), and
// answers the rules the shared checker leaves to the room (a centre feature other than the
// monastery, a follower in mist).
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>

#include "engine/state.h"

namespace carcheck {

// What the shared pass over the meeples counted at this action (InvariantChecker).
struct BoardCounts {
  std::span<const int> buried;  // the buried meeples (engine/mists_state.h), by index
};

struct RoomInvariant {
  const char* name;  // for the reader: "mists: ghost conservation"
  // The failure, or nullopt.
  std::optional<std::string> (*check)(const State& s, const BoardCounts& board);
};

// The rooms' invariants, each room's written in its own file (checker/bcb_invariants.cpp,
// checker/inns_invariants.cpp, checker/river_invariants.cpp), then the ones registered at run
// time.
std::span<const RoomInvariant> room_invariants();
// A room outside the engine (a test's toy rule system) adds its own; before the checker runs.
void register_room_invariant(const RoomInvariant& inv);

// ---- Stateful checks ---------------------------------------------------------------------------

// A feature the geometry says the tile of this turn finished, at the value the geometry gives:
// the shared checker's list, which every Scored event of the turn is matched against.
struct ExpectedFeature {
  FeatureClass feature;
  int key;    // a node (roads, cities) or a cell (monasteries, castles)
  int value;  // its value by the geometry
};

// A mist bank (or an area of one) as the shared checker's walk of the geometry found it.
struct MistWalk {
  int key = 0;           // its lowest node: the same for every area of one bank
  int open = 0;          // mist ports facing an empty space
  bool haunted = false;  // a mist port faces a face-down tile
  bool clear = false;    // a mist port meets clear land (Dized.MoC.0043: never finished)
};

// The shared checker's geometry, lent to a room's checks: its walks read the public State and
// the tile faces only, never the engine's union-find.
class CheckerView {
 public:
  // The road or city through segment `seg` of `cell`, when the geometry says it is finished,
  // is expected to be scored this turn, once (a BCB bridge's segment included).
  virtual void expect_if_finished(const State& s, int cell, int seg) = 0;
  virtual std::span<const ExpectedFeature> expected() const = 0;
  virtual MistWalk walk_mist(const State& s, int cell, int area) = 0;
  // How many placements of `tile` the geometry allows (stop_at_first: 0 or 1).
  virtual int placements_by_geometry(const State& s, TileId tile, bool stop_at_first) = 0;

 protected:
  ~CheckerView() = default;
};

class RoomCheck {
 public:
  using Fail = std::optional<std::string>;
  virtual ~RoomCheck() = default;

  // After action `a` took the game to `s`, once the shared per-action checks passed (the
  // board's ghosts counted in `board`): the room's own ledgers and counters.
  virtual Fail after_action(const State&, const Action&, const BoardCounts&) { return {}; }
  // During the shared turn check of `a`: after the geometry's expectations of a placement are
  // listed (`placed`: the cell `a` put down, or -1) and before the turn's Scored events are
  // matched against them. A room adds its own expectations here and checks its events.
  virtual Fail turn_action(const State&, const Action&, int /*placed*/, CheckerView&) { return {}; }
  // A Scored event the room checks itself (turn_action), not against the geometry's list.
  virtual bool checks_scoring(const Event&) const { return false; }
  // Features of class `f` the geometry found finished this turn that are reported otherwise
  // (a small city turned into a castle reports no finished city), subtracted from the count.
  virtual int finished_elsewhere(FeatureClass) const { return 0; }
  // A class whose finished-count the room checks itself (the shared count skips it). Asked
  // once, when the checker is made: the answer holds for the whole game.
  virtual bool counts_finished(FeatureClass) const { return false; }
  // A centre feature (a tile's centre, finished by the 8 spaces around it) of a kind the
  // shared checker leaves to the room (Mists' castle; the monastery is the shared one's):
  // nullopt when `cell`'s centre is not the room's; else the room's reading of the geometry.
  struct Centre {
    bool finished = false;      // the placement that filled its last space scores it now
    int value = 0;              // what it scores then
    bool never_scores = false;  // finished, yet no rule will score it: a follower may stay
  };
  virtual std::optional<Centre> centre(const State&, int /*cell*/) const { return std::nullopt; }
  // Segments of kind `k` that show mist take no follower under the room's rules (Mists'
  // misty-road-meeple=clear-only, FAQ.MoC.0002). Asked once, when the checker is made.
  virtual bool refuses_in_mist(SegmentKind /*k*/) const { return false; }
  // A meeple that stays on a finished feature for the room's reason (a castle's follower,
  // until its castle scores): the end-of-turn check skips it.
  virtual bool keeps_meeple(const State&, int /*meeple*/) const { return false; }
  // The turn ended (`completed`: play passed on; else the game ended during it): the room's
  // per-turn checks, before the shared ones. Then next_turn(): its per-turn state afresh.
  virtual Fail close_turn(const State&, bool /*completed*/) { return {}; }
  virtual void next_turn() {}
  // What the room holds outside the piles, the board and the supplies, for the shared tile and
  // meeple counts: tiles (BCB: the ones a bazaar revealed that nobody has taken into a turn
  // yet), whether the drawn tile is still in hand in the room's phase `p` (Mists: a face-down
  // tile to put down), and meeples out of play (Mists Level 6: the scoring meeples).
  virtual int tiles_held(const State&) const { return 0; }
  virtual bool holds_drawn_tile(Phase /*p*/) const { return false; }
  virtual int meeples_held(const State&) const { return 0; }
  // With the shared O(board) checks, every `full_every` actions and at the end: the room's own
  // checks of the whole board (Mists: the board's list of cemeteries).
  virtual Fail full_check(const State&) { return {}; }
  // The actions legal_actions() offers at `s` in a phase of the room's.
  virtual Fail check_legal(const State&, const ActionList&) { return {}; }
};

// A room's stateful check: made for each checked game from its start state; null when the game
// has none of the room's pieces (so a game of another rule system pays nothing for it).
struct RoomCheckEntry {
  const char* name;
  std::unique_ptr<RoomCheck> (*make)(const State& start);
};
std::span<const RoomCheckEntry> room_checks();
void register_room_check(const RoomCheckEntry& entry);

}  // namespace carcheck
