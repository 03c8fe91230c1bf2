// The mutable half of a game (OpenSpiel's `State`): board, regions, meeples, scores, piles
// and the turn machine. Every choice is an Action; legal_actions() lists those open now,
// apply() performs one or refuses it with a reason and records Events.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/game.h"
#include "engine/grid_plane.h"
#include "engine/meeple.h"
#include "engine/rng.h"
#include "engine/room_states.h"

namespace carcheck {

inline constexpr int kMaxActions = 4096;
inline constexpr int kNodesPerCell = kMaxSegments + kMaxMist;  // segments, then mist areas
inline constexpr int kMaxMeeples = 48;

// Union-find nodes: each placed cell owns kNodesPerCell of them, its segments first, then its
// mist areas (docs/architecture.md). These two say which node a feature is.
inline constexpr int segment_node(int cell, int seg) { return cell * kNodesPerCell + seg; }
inline constexpr int mist_node(int cell, int area) {
  return cell * kNodesPerCell + kMaxSegments + area;
}
inline constexpr int node_cell(int node) { return node / kNodesPerCell; }
// The segment (0..kMaxSegments-1) or kMaxSegments + mist area a node stands for on its cell.
inline constexpr int node_part(int node) { return node % kNodesPerCell; }
inline constexpr int node_mist_area(int node) { return node_part(node) - kMaxSegments; }
inline constexpr int node_count(int cells) { return cells * kNodesPerCell; }  // nodes of `cells`
// State::space_needs_: for an empty space beside placed cells, the terrain each shown
// neighbour shows towards it (low byte, 2 bits a side, North lowest) under a mask of those
// sides (high byte); a tile fits there when (sides & mask) == terrain. A space touched only
// by hidden cells (PlacedCell::hidden) takes no tile and holds kNeedsNoTile. 0: no neighbour.
inline constexpr uint16_t kNeedsNoTile = 0xFFFF;  // terrain 3 on every side: nothing matches

// A fixed buffer the caller owns (Stockfish's move list): no allocation while generating,
// and nothing written when one is made (the rule steps make lists on the stack as they go).
struct ActionList {
  union {
    Action items[kMaxActions];  // the first `size` are the actions; the rest is never read
  };
  int size = 0;
  ActionList() {}  // leaves `items` unwritten
  // More than kMaxActions choices is a bug (the bound is far above any game's): stop loudly
  // rather than drop a legal action.
  void push(const Action& a) {
    if (size >= kMaxActions) overflow();
    std::construct_at(items + size++, a);
  }
  [[noreturn]] static void overflow() {
    std::fprintf(stderr, "carcheck: more than %d legal actions (ActionList is full)\n",
                 kMaxActions);
    std::abort();
  }
  const Action* begin() const { return items; }
  const Action* end() const { return items + size; }
  // Whether some item is `a` or a range entry that stands for it (engine/action.h offers()).
  bool offers(const Action& a) const {
    for (const Action& e : *this)
      if (carcheck::offers(e, a)) return true;
    return false;
  }
};

// The turn machine's phases, shared by every rule system: X(member, value, word); Over comes
// last. A room's own phases are in its header (engine/rooms.h lists them).
//   Draw    chance: a tile comes from the supply or the active pile
//   Place   place the drawn tile
//   Meeple  place a meeple on it, or pass
#define CARCHECK_SHARED_PHASES(X) \
  X(Draw, 0, "draw")              \
  X(Place, 1, "place")            \
  X(Meeple, 2, "meeple")

enum class Phase : uint8_t {
  CARCHECK_SHARED_PHASES(CARCHECK_ID_MEMBER) CARCHECK_ROOM_PHASES(CARCHECK_ID_MEMBER) Over =
      0 CARCHECK_SHARED_PHASES(CARCHECK_ID_COUNT) CARCHECK_ROOM_PHASES(CARCHECK_ID_COUNT),
};
const char* phase_name(Phase p);

struct PlacedCell {
  TileId tile = -1;
  int8_t rot = 0;
  int8_t index = 0;  // cell within its tile
  // Geometry, not a rule: the cell shows no face (a tile put down face down). It has no
  // segments and no regions, the links facing it close for good (the room says whether their
  // regions can still finish: RuleSystem::hidden_seals), and it matches no side: a space beside
  // hidden cells only takes no tile (kNeedsNoTile). What a room makes of it beyond that
  // (haunting, counts of hidden neighbours) is the room's, in its own state block.
  bool hidden = false;
  int16_t x = 0, y = 0;
  int16_t placement = 0;  // the how-many-th tile placed (the start tile is 0)
  uint8_t n8 = 0;         // occupied spaces among the 8 around
  uint8_t sides = 0;      // side terrains, 2 bits a side (Rules::packed_sides), as the room
                          // may have changed them (an added segment's ends)
  uint8_t added = 0;      // the segment a room added at kAddedSeg: 0 none, else the room's
                          // code (RuleSystem::added_segment_kind; BCB: 1 + BridgeAxis)
};

struct RegionNode {
  int16_t parent = -1;  // -1: node unused
  int16_t next = -1;    // circular member list
  int16_t open = 0;     // open links (roots only)
  int8_t meeples = 0;   // meeples on the region (roots only)
  // Roots only: the region can never finish, whatever its open count (unite ORs it). The board
  // sets it where a link meets a port that can never take it (mist against clear land), a
  // room's hook where its rule says so (RuleSystem::hidden_seals).
  uint8_t sealed = 0;
};

// One finished feature waiting to be scored this turn.
struct PendingScore {
  FeatureClass feature = FeatureClass::None;
  int16_t node = -1;       // region root, or the cell of a monastery or castle
  bool announced = false;  // its feature-finished event is out (a room's scoring order moves it)
  friend bool operator==(const PendingScore&, const PendingScore&) = default;
};

struct Score {
  int total = 0;
  // Points by FeatureClass (hounds included), a room's registered classes after None's slot
  // (engine/action.h kScoreClassCapacity).
  std::array<int, kScoreClassCapacity> by_feature{};
  int points(FeatureClass f) const { return by_feature[static_cast<size_t>(f)]; }
};

class State {
 public:
  State(const Game& game, uint64_t seed);

  const Game& game() const { return *game_; }
  uint64_t seed() const { return seed_; }
  Phase phase() const { return phase_; }
  // A chance node: the shared draw, or a room's own draw (RuleSystem::chance_phase, asked in
  // the room's phases only).
  bool is_chance() const {
    return phase_ == Phase::Draw || (in_room_phase() && game_->rule_system().chance_phase(phase_));
  }
  // A phase of the game's room, not of the shared turn machine (Draw, Place, Meeple, Over).
  bool in_room_phase() const { return phase_ > Phase::Meeple && phase_ != Phase::Over; }
  bool is_terminal() const { return phase_ == Phase::Over; }
  // Who decides now: the active player, unless the rules give a decision to another (a room's
  // steps set decider_; BCB: the occupant of a small city, a bidder).
  int current_player() const { return decider_ >= 0 ? decider_ : player_; }
  int decider() const { return decider_; }       // -1: the active player decides
  int active_player() const { return player_; }  // whose turn it is
  int turn() const { return turn_; }
  TileId drawn() const { return drawn_; }
  int new_cell() const { return new_cell_; }  // the first cell of the tile placed this turn

  // Every action open now (draws included at chance nodes, one per distinct tile).
  void legal_actions(ActionList& out) const;
  // Performs `a`, or returns the reason it is illegal (the state is then unchanged).
  std::optional<std::string> apply(const Action& a);
  // Performs `a`, an item of the list legal_actions() produced for this very state, or a bid
  // a range entry of it stands for (a policy's pick; the range entry itself is refused), without
  // apply()'s checks of a placement or a meeple: that list passed them when it was made (the
  // fuzzer's legal-actions invariant shows apply() accepting every item). A build without NDEBUG
  // checks anyway; a refusal throws std::logic_error.
  void apply_legal(const Action& a);
  // Chance: draw a random tile with the state's own generator.
  void apply_random_draw();
  const std::vector<Event>& events() const { return events_; }
  // What the game waits for, in words, with the actions that answer it: "the scoring of the
  // road at -3,0 (5 points; meeples of red, blue): points, or remove-ghosts x,y N".
  std::string waiting_for() const;
  // A room's scoring-order phase: the finished feature whose scoring is being decided.
  std::optional<PendingScore> scoring_under_decision() const;
  const std::vector<Action>& history() const { return history_; }

  // Outcome.
  EndReason end_reason() const { return end_reason_; }
  bool won() const { return won_; }
  const Score& score(int who) const { return nth(scores_, who); }
  int score_count() const { return static_cast<int>(scores_.size()); }
  int shared_score() const;  // a cooperative game's (RuleSystem::shared_score), else 0

  // Board queries.
  int cells() const { return static_cast<int>(cells_.size()); }
  const PlacedCell& cell(int i) const { return nth(cells_, i); }
  bool hidden(int i) const { return nth(cells_, i).hidden; }  // shows no face (PlacedCell)
  int cell_at(int x, int y) const {                           // -1 when empty
    const int v = grid_.at_or_empty(x + grid_origin_, y + grid_origin_);
    return v < 0 ? -1 : v;  // a frontier space holds its slot there (grid_)
  }
  // Index of (x, y) in grid_ and space_needs_; only for spaces on the grid, and read or
  // written only in their band (rows of placed cells and their neighbours: GridPlane).
  size_t grid_index(int x, int y) const {
    return static_cast<size_t>((y + grid_origin_) * grid_dim_ + x + grid_origin_);
  }
  const CellFace& face(int i) const {
    const PlacedCell& c = nth(cells_, i);
    return game_->tile(c.tile).face(c.rot, c.index);
  }
  int region_root(int node) const;
  int region_tiles(int root) const;  // distinct cells, the start tile's quarters each counted
  bool region_finished(int root) const;
  // A monastery or castle surrounded (and not sealed: RuleSystem::centre_sealed), a cemetery
  // closed.
  bool centre_finished(int cell) const;
  // A union-find node (segment_node, mist_node); a root carries its region's open links,
  // meeples and sealed flag (checker/invariants.cpp).
  const RegionNode& region_node(int node) const { return nth(nodes_, node); }
  const std::vector<Meeple>& meeples() const { return meeples_; }
  int meeples_in_supply(int colour) const;
  int pile_size(int pile) const { return static_cast<int>(nth(piles_, pile).size()); }
  const std::vector<TileId>& pile(int pile) const { return nth(piles_, pile); }  // top last
  int piles() const { return static_cast<int>(piles_.size()); }
  int active_pile() const { return active_pile_; }
  int set_aside() const { return static_cast<int>(set_aside_.size()); }
  int tiles_remaining() const;
  // Whether a tile is left in any pile (tiles_remaining() > 0), the active pile asked first.
  bool tiles_left() const;
  uint64_t retired_links() const { return retired_links_; }  // RoomChain's (engine/room_chain.h)
  // Each room's own state block (engine/room_states.h), read-only here.
#define CARCHECK_ROOM_STATE_READ(type, name) \
  const type& name() const { return name##_; }
  CARCHECK_ROOM_STATES(CARCHECK_ROOM_STATE_READ)
#undef CARCHECK_ROOM_STATE_READ

  // Setup, for specs: put a tile on the board outside the turn order (no scoring, no
  // ghosts), put a meeple somewhere, force the order of the supply (a room's own set-up is
  // the room's own set-up file).
  std::optional<std::string> setup_place(TileId tile, int x, int y, int rot);
  // `large`: the colour's large follower (Game::large_per_colour).
  std::optional<std::string> setup_meeple(int colour, int cell, int seg, bool large = false);
  void setup_score(int who, int points);
  // Whose turn it is (the next Draw and Place are theirs).
  std::optional<std::string> setup_active_player(int player);
  // Pile `pile` holds exactly `tiles`, the last one on top. Each listed tile is taken out of
  // the supply (any pile, this one first); what the pile held and is not listed goes back
  // to the box. Refused, with the state unchanged, when a listed tile has no copy left.
  std::optional<std::string> setup_pile(int pile, const std::vector<TileId>& tiles);
  // `pile` becomes the active pile as if the thresholds of the piles before it had been
  // reached: what is left of the earlier piles goes on top of it, and the room hears of the
  // thresholds (RuleSystem::piles_passed: what of the room waits on them follows).
  std::optional<std::string> setup_active_pile(int pile);
  // `colour` keeps `count` meeples in its supply; the others go back to the box.
  std::optional<std::string> setup_meeple_supply(int colour, int count);
  // Several piles at once (the `pile` lines of a spec's setup): each listed pile holds
  // exactly its tiles, the last one on top, every copy taken out of the supply as it was
  // before (its own pile first), so that no listed pile takes another's tiles. What a
  // listed pile held and is not listed goes back to the box; other piles keep the rest.
  std::optional<std::string> setup_piles(
      const std::vector<std::pair<int, std::vector<TileId>>>& piles);

  // A canonical dump of every field: equal snapshots mean equal states.
  std::string snapshot() const;
  // The determinism check's comparison, without text (engine/state_compare.cpp): the name of
  // the first field snapshot() writes in which this state differs from `o`, or nullptr when
  // none does (then the snapshots are equal too).
  const char* first_difference(const State& o) const;

 private:
  friend struct Rules;      // the rule steps (engine/turn.cpp, board.cpp, scoring.cpp, the rooms)
  friend struct RoomSteps;  // the same for a room outside the engine (engine/room_steps.h)

  const Game* game_;
  uint64_t seed_;
  Rng rng_;
  Phase phase_ = Phase::Draw;
  int player_ = 0;
  int turn_ = 0;
  TileId drawn_ = -1;
  int new_cell_ = -1;    // first cell of the tile placed this turn
  int step_ = 0;         // where the turn machine resumes (engine/turn.cpp)
  int8_t decider_ = -1;  // the player a room gives the decision now (current_player), or -1

  // Board.
  int grid_dim_ = 0, grid_origin_ = 0;
  // Both planes hold rows from a placed cell's row - 1 to + 1 (occupy() widens the band).
  // By grid_index: the cell there (>= 0), or -1 for an empty space, or -2 - k for the empty
  // space in slot k of the frontier (so a space's slot is one load: occupy(), set_needs()).
  GridPlane<int16_t, -1> grid_;
  std::vector<PlacedCell> cells_;
  std::vector<Pos> frontier_;  // empty spaces next to a placed cell
  // A derived cache, kept by occupy() alone: grid_index of each frontier_ entry, same order
  // (a slot's space when another moves into it; the scan for a tile whose rotations are not
  // quarter turns). Copies carry it; first_difference() need not (frontier_ decides it).
  std::vector<uint32_t> frontier_at_;
  // Another, kept beside it: what each frontier space asks as the placement scan's table
  // index (Rules::needs_code of its space_needs_), so the scan reads it in one load.
  std::vector<uint16_t> frontier_code_;
  GridPlane<uint16_t, 0>
      space_needs_;               // by grid_index: what a tile there must match (kNeedsNoTile)
  KeptVector<RegionNode> nodes_;  // the placed cells' (Rules::add_nodes), reserved for all
  // Derived, kept by occupy() for collect_finished(): the cells around (and at) the cell
  // occupied last that it left surrounded (n8 reached 8), bit (dy + 1) * 3 + dx + 1.
  int surround_cell_ = -1;
  uint16_t surrounded_ = 0;
  int placements_ = 0;

  // Supply.
  std::vector<std::vector<TileId>> piles_;  // one (Levels 1-2, base) or three
  int active_pile_ = 0;
  std::vector<TileId> set_aside_;

  // Players.
  std::vector<Meeple> meeples_;  // colour by colour, meeples_per_colour() each
  // Derived: meeples in each colour's supply (in play, not on the board, not buried). Every
  // step that moves a meeple in or out of a supply keeps it (put_meeple, return_meeples,
  // bury, the castles' release, the setups); the invariant checker counts them afresh.
  std::array<int, kMaxColours> supply_{};
  std::vector<Score> scores_;  // per player (competitive) or per track (cooperative)

  std::vector<PendingScore> pending_;  // the finished features of this turn, in order
  int pending_index_ = 0;

  // The add-on hooks retired for the rest of the game (RoomChain's link bits, ChainRest::retire):
  // derived, a function of the rest (a retired hook had nothing left to do), so neither
  // snapshot() nor first_difference() reads it.
  uint64_t retired_links_ = 0;

  // The rooms' own state blocks, inline (engine/room_states.h).
#define CARCHECK_ROOM_STATE_MEMBER(type, name) type name##_;
  CARCHECK_ROOM_STATES(CARCHECK_ROOM_STATE_MEMBER)
#undef CARCHECK_ROOM_STATE_MEMBER

  EndReason end_reason_ = EndReason::None;
  bool won_ = false;
  std::vector<Event> events_;
  std::vector<Action> history_;

  // apply() is perform() undone on a refusal: the previous action's events wait here meanwhile
  // (scratch, not part of the state: snapshot() and first_difference() leave it out).
  std::optional<std::string> perform(const Action& a);
  // perform()'s steps once its checks have passed (apply_legal and apply_random_draw take
  // them directly). take_draw draws the active pile's top tile.
  void take_draw(const Action& a);
  void take_place(const Action& a);
  void take_meeple(const Action& a);
  std::vector<Event> events_before_;
};

}  // namespace carcheck
