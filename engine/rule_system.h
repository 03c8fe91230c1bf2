// A rule system is a room with named hooks (JCloisterZone's capabilities): the turn machine
// (engine/turn.cpp) draws, places, asks for a meeple and scores, and leaves every step that
// differs between rule systems to the hooks below. One room per rule system, each in a file
// of its own; a Game picks its room once, from RuleSet::family, and keeps it.
//
//   room             file               fills
//   CompetitiveRules engine/base.cpp    the base game (C1) and the Print-and-Play demo
//   Mists            engine/mists.cpp   Mists over Carcassonne, Levels 1-6
//   BcbRules         engine/bcb.cpp     Bridges, Castles and Bazaars on the base game
//                    (+ bcb_bazaars.cpp, its bazaars between turns)
//
// The base game and the demo share a room: they differ only in data (tiles, followers,
// farmers, switches), never in a step of the turn.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/rules.h"
#include "engine/switches.h"
#include "engine/tile.h"

namespace carcheck {

class State;
struct ActionList;
struct PendingScore;
enum class Phase : uint8_t;  // engine/state.h

// Who plays which colours, fixed when the Game is built.
struct Seating {
  int colours = 0;
  std::vector<int> owner;  // by colour: the player playing it
  int meeples_per_colour = 0;
  int large_per_colour = 0;  // of meeples_per_colour, how many are large (weight 2 in majorities)
  bool scoring_from_supply = false;  // Mists Level 6: scoring meeples out of the players'
                                     // supplies (else from the box)
};

// The segment kinds a follower may stand on (RuleSystem::followers), and the rule that says
// so, named in the checker's messages ("not allowed in this rule set" when no passage does).
struct FollowerSpots {
  uint32_t kinds = 0;  // a bit per SegmentKind
  std::string rule;
  bool allows(SegmentKind k) const { return (kinds >> static_cast<int>(k)) & 1u; }
};

class RuleSystem {
 public:
  virtual ~RuleSystem() = default;

  // Setup: the colours in play (Game), then the state's scores, ghosts and first player
  // once the start tile and the meeples are out (State's constructor).
  virtual Seating seat(const RuleSet& r, int players) const = 0;
  virtual void setup(State& s) const = 0;
  // The start tile among the game's tiles, given the printed one (add-on rooms: AddOn::start_tile).
  virtual TileId start_tile(const std::vector<TileType>&, TileId printed) const { return printed; }

  // Draw. `draw_due`: a turn begins (the rule system may end the game instead of drawing).
  // `drawn`: tile `t` was drawn and reported; true when the hook took over the turn (a
  // face-down tile, the game lost on the last draw). `unplaceable`: `t` fits nowhere and was
  // reported set aside; the hook decides what follows.
  virtual void draw_due(State& s) const = 0;
  virtual bool drawn(State& s, TileId t) const = 0;
  virtual void unplaceable(State& s, TileId t) const = 0;

  // Placement legality beyond edge matching: whether `tile` may go at (x, y, rot), and when
  // not and `why` is given, the reason in it (generating placements asks without: no string
  // is built). Asked only when restricts_placement() (read once per Game), so a rule system
  // without such a rule costs the hot path nothing.
  virtual bool restricts_placement(const Switches&) const { return false; }
  // Which tiles that restriction can refuse (read once per tile and Game): The River's rule
  // is about tiles with a river side only, so the other tiles skip the per-placement call.
  virtual bool restricts_tile(const TileType&) const { return true; }
  virtual bool placement_allowed(const State& s, TileId tile, int x, int y, int rot,
                                 std::string* why) const;
  // The one space a room confines `tile` to, when it does (The River's open end): 1 with x, y
  // set, 0 when it allows the tile nowhere, -1 when it does not confine it (the whole frontier
  // is scanned). Asked only for a tile restricts_placement(tile); the placements at that
  // space still go through placement_allowed. It saves scanning what would all be refused.
  virtual int placement_space(const State&, TileId, int& /*x*/, int& /*y*/) const { return -1; }
  // The reason of a refused placement, or nullopt (placement_allowed with its reason).
  std::optional<std::string> placement_refusal(const State& s, TileId tile, int x, int y,
                                               int rot) const;

  // Placements beyond edge matching (BCB: a tile that fits only with a bridge). Asked only
  // when adds_placements() (read once per Game): `added_placements` appends to `out` what
  // the room offers besides the edge-matched placements from `from` on; `place_with`
  // performs a Place action carrying the room's extra (Action::count), or refuses it.
  virtual bool adds_placements() const { return false; }
  virtual void added_placements(const State& s, TileId tile, ActionList& out, int from) const;
  virtual std::optional<std::string> place_with(State& s, const Action& a) const;

  // What a meeple may join on the tile just placed, and why not.
  virtual bool meeple_allowed(const State& s, int seg) const = 0;
  virtual std::string meeple_refusal(const State& s, int seg) const = 0;

  // What follows a placement (`extended_bank`: its mist joined mist on the board), and what
  // follows the meeple step (placed or passed).
  virtual void after_place(State& s, bool extended_bank) const = 0;
  virtual void after_meeple(State& s) const = 0;

  // The points a finished (or, at the end, unfinished) feature is worth. The default is the
  // printed values every rule system shares (engine/scoring.cpp).
  virtual int feature_value(const State& s, const PendingScore& p, bool final_scoring) const;
  // What a rule set's add-on rooms make of `value`, the family room's value of the feature
  // (engine/room_chain.h): the invariant checker's geometry gives the family's value and takes
  // the add-ons' arithmetic on trust. The identity for a family's room alone.
  virtual int add_on_value(const State&, const PendingScore&, bool /*final_scoring*/,
                           int value) const {
    return value;
  }
  // Likewise whether its add-on rooms allow a placement the geometry (and the family) allows.
  virtual bool add_ons_allow_placement(const State&, TileId, int /*x*/, int /*y*/,
                                       int /*rot*/) const {
    return true;
  }

  // End of game: the scoring of what is left when the game ends, the event that says how it
  // ended, and the shared score a cooperative game is judged by (0 when there is none).
  virtual void final_scoring(State& s) const = 0;
  virtual void game_over(State& s, EndReason r, bool won) const = 0;
  virtual int shared_score(const State& s) const = 0;

  // The rule system's own decisions: the actions open in its phases, and applying one of
  // its actions (the state unchanged and the reason returned when refused).
  virtual void legal(const State& s, ActionList& out) const = 0;
  virtual std::optional<std::string> apply(State& s, const Action& a) const = 0;

  // Questions the shared tools (the checker, the commands, the renderers, the game log) ask
  // instead of testing which rule system plays. `cooperative`: the players win or lose
  // together, judged by shared_score() (a score per track), rather than each by a score of
  // their own. `spec_rules`: the words a spec's `rules` line names rule set `r` by.
  virtual bool cooperative() const { return false; }
  virtual std::string spec_rules(const RuleSet& r) const { return r.name; }
  // `followers`: the segment kinds a follower may ever stand on in rule set `r` (the feature
  // being free or open aside), and the rule that says so. The invariant checker tests every
  // meeple on the board and every meeple action offered against it, apart from
  // meeple_allowed()'s own code. The default is the base game's (roads, cities, monasteries,
  // and fields when the rule set has farmers).
  virtual FollowerSpots followers(const RuleSet& r) const;

  // ---- Board hooks: where a room changes the shared board or the turn machine ---------------
  // The board (engine/board.cpp) knows ports, segments and regions, the turn machine
  // (engine/turn.cpp) its draw, place and meeple phases, scoring (engine/scoring.cpp) the
  // printed values; none of them names a rule system. Where a room changes them, they ask
  // here. Each hook is asked only where the room's own data shows (a cell with an added
  // segment, a port no edge matching joins, a phase of the room's), so the base game's hot
  // path makes no call it did not make before.

  // The kind of the segment the room added to `cell` (PlacedCell::added != 0, at index
  // kAddedSeg; BCB: a bridge, a road). Never asked of a room that adds none.
  virtual SegmentKind added_segment_kind(const State& s, int cell) const;
  // Placing a cell: its port `k` (0..2) on side `side` links a feature, the placed neighbour
  // `nb`'s facing port does not (only when adds_placements(): edges match everywhere else).
  // The node of `nb` it joins (BCB: a bridge of `nb` along that side), or -1: it stays open.
  virtual int unmatched_link(const State& s, int nb, int side, int k) const;
  // A Pass in phase `p`, a phase of the room's own, is the room's to apply (BCB: no bridge, no
  // castle, no higher bid); elsewhere outside the meeple phase it is refused.
  virtual bool takes_pass(Phase p) const;
  // Phase `p`, the room's own, is a chance node: a tile comes from the active pile, one
  // Draw action per distinct tile (Mists: the face-down tile).
  virtual bool chance_phase(Phase p) const;
  // The board grew: cells `first` to the last were added (a tile placed face up or down, in
  // play or by a spec's set-up, the start tile), each with its regions' nodes set up. Asked
  // only when tracks_cells() (read once per Game): a room keeping a table by cell grows it
  // (Mists: its per-cell table and its list of cemeteries).
  virtual bool tracks_cells() const { return false; }
  virtual void cells_added(State& s, int first) const;
  // A spec's set-up made pile `pile` the active one as if the thresholds of the piles before
  // it had been reached (State::setup_active_pile): what of the room waits on those
  // thresholds follows (Mists: a hound still waiting is out of the game). Set-up only.
  virtual void piles_passed(State& s, int pile) const;
  // Third- and second-edition farm scoring: what the finished city at root `root` is worth to
  // a farm (3, seed 001; BCB: a castle's value, castle-farm-value). Once per game.
  virtual int city_farm_value(const State& s, int root) const;

  // Hidden cells (PlacedCell::hidden: a tile that shows no face). The links facing one close
  // for good; which of the regions they leave can never finish (RegionNode::sealed): bits
  // kSealsFeatures (roads, cities) and kSealsMist (mist banks), read once per Game (Mists:
  // haunting, Dized.MoC.0019; mist too unless face-down-haunting=rules-text). A room that
  // puts a hidden cell down passes its own bits to Rules::place_hidden.
  static constexpr uint8_t kSealsFeatures = 1, kSealsMist = 2;
  virtual uint8_t hidden_seals(const Switches&) const { return kSealsFeatures | kSealsMist; }
  // A placement refused because the tile touches hidden cells only: the reason, in the room's
  // words (Mists: face-down tiles, Dized.MoC.0015). Refusal path only.
  virtual std::string hidden_only_refusal() const;
  // A surrounded centre (a castle) that the room says is not finished (Mists: haunted by a
  // face-down tile, Dized.MoC.0018). Asked only of a surrounded castle.
  virtual bool centre_sealed(const State& s, int cell) const;
  // A centre of a kind the shared board does not finish (not a monastery or castle) that the
  // room says is finished (Mists: a closed cemetery). Asked by State::centre_finished only.
  virtual bool own_centre_finished(const State& s, int cell) const;
};

// The base game and the Print-and-Play demo. Public so that a caller may build on it (a
// house rule, a test's toy rule system) and override one hook.
class CompetitiveRules : public RuleSystem {
 public:
  Seating seat(const RuleSet& r, int players) const override;
  void setup(State& s) const override;
  void draw_due(State& s) const override;
  bool drawn(State& s, TileId t) const override;
  void unplaceable(State& s, TileId t) const override;
  // board-bounds=table-edge: nothing goes beyond the table's edge.
  bool restricts_placement(const Switches& sw) const override;
  bool placement_allowed(const State& s, TileId tile, int x, int y, int rot,
                         std::string* why) const override;
  bool meeple_allowed(const State& s, int seg) const override;
  std::string meeple_refusal(const State& s, int seg) const override;
  void after_place(State& s, bool extended_bank) const override;
  void after_meeple(State& s) const override;
  int feature_value(const State& s, const PendingScore& p, bool final_scoring) const override;
  void final_scoring(State& s) const override;
  void game_over(State& s, EndReason r, bool won) const override;
  int shared_score(const State& s) const override;
  void legal(const State& s, ActionList& out) const override;
  std::optional<std::string> apply(State& s, const Action& a) const override;
};

// Mists over Carcassonne (engine/mists.cpp), Levels 1-6: the level's data and switches
// choose within the room.
std::shared_ptr<const RuleSystem> mists_rules();

// The room a rule set's family plays in; throws std::invalid_argument for a family the
// engine does not implement yet. A rule set naming add-on rooms (RuleSet::rooms) plays in a
// RoomChain of its family's room and those add-ons (engine/room_chain.h), built for it.
std::shared_ptr<const RuleSystem> rule_system_for(const RuleSet& r);

// The one registry of the families by name (the only list outside the rooms that names
// them): the word levels.yaml's `family:` and citations.yaml's `families:` write, and what a
// family's rule sets write in levels.yaml beyond the keys every rule set has, as groups of
// keys that dsl/level_loader.cpp reads one reader each.
namespace rule_set_keys {
inline constexpr uint8_t kFollowers = 1;       // followers, farmers (the competitive games)
inline constexpr uint8_t kBridgesCastles = 2;  // bridges, castles (per player)
inline constexpr uint8_t kLevel = 4;           // level, guard-meeples, ghosts, ... (Mists)
}  // namespace rule_set_keys

struct FamilyEntry {
  const char* name;  // "base", "pnp", "bcb", "mists"
  Family family;
  uint8_t keys;          // rule_set_keys, or-ed
  bool tile_exclusions;  // its `tiles:` may `exclude` tile kinds (castles, cemeteries)
};
std::span<const FamilyEntry> families();
const FamilyEntry& family_entry(Family f);

}  // namespace carcheck
