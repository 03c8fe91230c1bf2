// An add-on room: an expansion played over a family's room (The River, Inns & Cathedrals over
// the base game). A rule set names the add-ons it combines (levels.yaml `rooms:`); the game then
// plays in a RoomChain (engine/room_chain.h): the family's room with the add-ons over it, in
// the order listed, every hook chained. No room tests which other rooms are present.
//
//   hook               default           chain (B: the family's room; A1..An: the add-ons)
//   start_tile         the one so far    the printed start tile, then A1..An each given it
//   setup              nothing           B, then A1..An
//   draw_due/drawn/    not taken         A1..An, then B; the first that takes the turn stops
//   unplaceable                          the chain and hands it back later (ChainRest)
//   placement_allowed  allowed           B and A1..An must all allow; B's reason first
//   added_placements   none              B's, then A1..An's (one room may own Place extras)
//   meeple_allowed     allowed           B and A1..An must all allow; B's reason first
//   after_place/       not taken         A1..An, then B (B's step moves on: the meeple step,
//   after_meeple                         the scoring); an add-on may take the turn into its
//                                        own phase and hand it back with ChainRest
//   feature_value      the value so far  B's value, then A1..An each given the value so far
//   final_scoring      nothing           B's, then A1..An's additions
//   followers          unchanged         B's spots, then A1..An each may add or remove kinds
//   cells_added        nothing           B, then A1..An
//   seat               unchanged         B's seating, then A1..An each may add to the supplies
//   legal/apply        -                 by ownership: the add-on owning the phase (or the
//                                        action) answers; B answers the rest
//
// Each add-on says which hooks it fills (hooks(), read once per Game when the chain is built):
// the chain calls an add-on only for those, so a hook no add-on fills costs one call of B. A
// rule set without `rooms:` plays in its family's room directly, with no chain at all.
//
// An add-on is stateless and shared (its state, when it needs some, lives in State, as a
// room's block); it reads the state through State's public accessors, or through Rules when it
// is one of the engine's own rooms.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/rules.h"
#include "engine/switches.h"
#include "engine/tile.h"

namespace carcheck {

class State;
class RoomChain;
enum class Phase : uint8_t;  // engine/state.h
struct ActionList;
struct FollowerSpots;
struct PendingScore;
struct Seating;

// The hooks an add-on fills (AddOn::hooks(), or-ed). The chain never calls the others.
namespace add_on_hooks {
inline constexpr uint32_t kSetup = 1u << 0;
inline constexpr uint32_t kDrawDue = 1u << 1;
inline constexpr uint32_t kDrawn = 1u << 2;
inline constexpr uint32_t kUnplaceable = 1u << 3;
inline constexpr uint32_t kPlacement = 1u << 4;        // restricts_placement, placement_allowed
inline constexpr uint32_t kAddedPlacements = 1u << 5;  // added_placements, place_with
inline constexpr uint32_t kMeeple = 1u << 6;           // meeple_allowed, meeple_refusal
inline constexpr uint32_t kAfterPlace = 1u << 7;
inline constexpr uint32_t kAfterMeeple = 1u << 8;
inline constexpr uint32_t kFeatureValue = 1u << 9;
inline constexpr uint32_t kFinalScoring = 1u << 10;
inline constexpr uint32_t kFollowers = 1u << 11;
inline constexpr uint32_t kDecisions = 1u << 12;  // owns, legal, apply
inline constexpr uint32_t kSeating = 1u << 13;    // seat: the players' supplies
inline constexpr uint32_t kStartTile = 1u << 14;
inline constexpr uint32_t kCellsAdded = 1u << 15;
}  // namespace add_on_hooks

// The add-on rooms one rule set may combine: RoomChain keeps a bit per add-on and hook in one
// 64-bit word of State (State::retired_links); levels.yaml refuses more where it lists them.
inline constexpr int kMaxRooms = 5;

// The rest of the chain after one add-on: what an add-on that took the turn calls to hand it
// back. It runs the add-ons after this one that fill the hook, then the family's room, never
// this add-on or one before it again: the hand-back cannot loop.
class ChainRest {
 public:
  void draw_due(State& s) const;
  bool drawn(State& s, TileId t) const;
  void unplaceable(State& s, TileId t) const;
  void after_place(State& s, bool extended_bank) const;
  void after_meeple(State& s) const;
  // The add-on that holds this hand-back has nothing left to do in `hooks` (add_on_hooks
  // bits: kDrawDue, kDrawn, kUnplaceable, kAfterPlace, kAfterMeeple, kCellsAdded) for the
  // rest of this game, whatever is played: the chain calls them no more, so a room that is
  // over (The River once the land tiles are drawn) costs the turn nothing. The condition
  // must stay true as the game goes on; a spec's set-up never undoes it (the active pile
  // only moves on).
  void retire(State& s, uint32_t hooks) const;

 private:
  friend class RoomChain;
  ChainRest(const RoomChain& chain, int next) : chain_(&chain), next_(next) {}
  const RoomChain* chain_;
  int next_;  // the first add-on (index in the rule set's `rooms:`) still to run
};

class AddOn {
 public:
  virtual ~AddOn() = default;

  // The families whose room it plays over (levels.yaml refuses another), and the hooks it
  // fills (add_on_hooks, or-ed).
  virtual bool combines_with(Family f) const = 0;
  virtual uint32_t hooks() const = 0;

  // The tile placed at 0,0 before the first turn, given the one so far (the rule set's printed
  // start tile, or an earlier add-on's choice): The River's spring. Asked once, by Game; the
  // tile it returns is the start tile, and every copy of the one it replaces joins the supply.
  virtual TileId start_tile(const std::vector<TileType>&, TileId so_far) const { return so_far; }

  // After the family's room's set-up (the start tile, the meeples and the scores are out).
  virtual void setup(State&) const {}

  // Cells joined the board, from index `first` on (a placement, the start tile, a spec's
  // set-up): after the family's room's own bookkeeping. For a room keeping a block in step
  // with the board (The River's course).
  virtual void cells_added(State&, int /*first*/) const {}

  // Draw: `true` takes the turn; the add-on then hands it back with `rest` (or decides the
  // turn itself, e.g. draws again). draw_due: a turn begins; drawn: tile `t` was drawn and
  // reported; unplaceable: `t` fits nowhere and was reported set aside.
  virtual bool draw_due(State&, const ChainRest&) const { return false; }
  virtual bool drawn(State&, TileId, const ChainRest&) const { return false; }
  virtual bool unplaceable(State&, TileId, const ChainRest&) const { return false; }

  // Placement legality beyond edge matching (with the reason in `why` when it is given), asked
  // only when restricts_placement(switches) is true (read once per Game).
  virtual bool restricts_placement(const Switches&) const { return false; }
  // The tiles placement_allowed may refuse (read once per tile and Game).
  virtual bool restricts_tile(const TileType&) const { return true; }
  virtual bool placement_allowed(const State&, TileId, int /*x*/, int /*y*/, int /*rot*/,
                                 std::string* /*why*/) const {
    return true;
  }
  // The one space the add-on confines `tile` to (RuleSystem::placement_space): 1 with x, y
  // set, 0 nowhere, -1 not confined. With kPlacement, asked when restricts_placement holds.
  virtual int placement_space(const State&, TileId, int& /*x*/, int& /*y*/) const { return -1; }
  // Placements beyond edge matching, each a Place carrying the add-on's extra (Action::count);
  // place_with performs one. One room of a chain at most adds placements.
  virtual void added_placements(const State&, TileId, ActionList&, int /*from*/) const {}
  virtual std::optional<std::string> place_with(State&, const Action&) const {
    return "this add-on places a tile with nothing else";
  }

  // What a meeple may join on the tile just placed: the add-on restricts (the family's room
  // must allow too), and says why not. Follower options of its own (a second follower kind,
  // the large meeple) are not a hook yet: see docs/architecture.md.
  virtual bool meeple_allowed(const State&, int /*seg*/) const { return true; }
  virtual std::string meeple_refusal(const State&, int /*seg*/) const { return {}; }

  // What follows a placement and the meeple step, before the family's room's step: `true`
  // takes the turn (into the add-on's own phase); `rest` hands it back.
  virtual bool after_place(State&, bool /*extended_bank*/, const ChainRest&) const { return false; }
  virtual bool after_meeple(State&, const ChainRest&) const { return false; }

  // A finished (or, at the end, unfinished) feature's value, given the value so far.
  virtual int feature_value(const State&, const PendingScore&, bool /*final_scoring*/,
                            int value) const {
    return value;
  }

  // End of game: points added after the family's room's final scoring.
  virtual void final_scoring(State&) const {}

  // The players' supplies, given the chain's seating so far: an add-on may add followers to
  // each colour (Seating::meeples_per_colour; large ones: Seating::large_per_colour).
  virtual void seat(const RuleSet&, int /*players*/, Seating&) const {}

  // The segment kinds a follower may ever stand on, given the chain's answer so far.
  virtual void followers(const RuleSet&, FollowerSpots&) const {}

  // The add-on's own decisions: the phases and actions it owns (no other room of the chain
  // may own them), the actions open in its phases, and applying one of its actions (`rest`:
  // to hand the turn back once its phase is over).
  virtual bool owns(Phase) const { return false; }
  virtual bool owns(ActionKind) const { return false; }
  virtual void legal(const State&, ActionList&) const {}
  virtual std::optional<std::string> apply(State&, const Action&, const ChainRest&) const {
    return "the add-on has no such action";
  }
};

// ---- The registry of add-on rooms by name (levels.yaml `rooms:`) ------------------------------
// The engine's own add-ons and any caller's (a test, a program built on the engine) register
// the same way, before the levels file that names them is loaded.
using AddOnFactory = std::function<std::shared_ptr<const AddOn>()>;
// Throws std::invalid_argument for a name already registered or not kebab-case.
void register_add_on(const std::string& name, AddOnFactory factory);
// The add-on registered under `name`, or null.
std::shared_ptr<const AddOn> find_add_on(const std::string& name);
// Every registered name, in registration order.
std::vector<std::string> add_on_names();

}  // namespace carcheck
