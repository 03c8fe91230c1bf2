// The rule steps of the turn machine and of the rooms (engine/rule_system.h), shared by the
// engine's .cpp files. Internal header: only engine/*.cpp include it. `Rules` is State's one
// friend, so a rule lives in one place and reads the state directly; a room's hooks call
// its steps here.
#pragma once

#include "engine/state.h"

namespace carcheck {

struct Rules {
  // ---- board.cpp: geometry, placement, regions --------------------------------------------
  static int find(State& s, int node);
  static int find_const(const State& s, int node);
  static int unite(State& s, int a, int b);  // returns the root of the joined region
  static int join(State& s, int node, int other);
  static std::optional<std::string> placement_problem(const State& s, TileId tile, int x, int y,
                                                      int rot);
  static bool fits(const State& s, const TileType& t, int x, int y, int rot);
  static uint8_t packed_sides(const CellFace& f);
  // A space_needs_ value squeezed into 9 bits for the placement scan's table: 2 bits a
  // side, 0 when no neighbour is there, else 1 + the terrain shown (field, road, city: no
  // carry between sides); kNeedsNoTile becomes 0x154, which no rotation fits. A space beside
  // a river side (terrain 3) takes that code too: no tile without a river side fits there, and
  // a tile with one never reads the table (fit_row in board.cpp reads the needs themselves).
  static constexpr unsigned needs_code(uint16_t needs) {
    const unsigned terrain = needs & 0xFFu;
    return (terrain & (terrain >> 1) & 0x55u) ? 0xFFu + 0x55u : terrain + ((needs >> 8) & 0x55u);
  }
  // Sets what the empty space at grid index `at` (in the band) asks of a tile, and the
  // frontier's copy of it when the space is on the frontier.
  static void set_needs(State& s, size_t at, uint16_t needs);
  static bool placeable_anywhere(const State& s, TileId tile);
  // A tile put back in `pile` may never fit: once no tile left there fits anywhere, every one
  // is set aside (the pile empties instead of looping).
  static void set_aside_if_none_fits(State& s, std::vector<TileId>& pile);
  // Every placement of `tile` the edges allow and the room's placement rule keeps.
  static void legal_placements(const State& s, TileId tile, ActionList& out);
  static void edge_placements(const State& s, TileId tile, ActionList& out);
  // edge_placements at the one frontier space x,y (a room's placement_space); false when it
  // cannot say (not a one-cell tile, no room in `out`): then scan the whole frontier.
  static bool space_placements(const State& s, TileId tile, int x, int y, ActionList& out);
  static std::optional<std::string> room_refusal(const State& s, TileId tile, int x, int y,
                                                 int rot);
  static void keep_room_placements(const State& s, ActionList& out, int from);
  // Puts every cell of `tile` on the board; returns the first cell's index. Sets
  // `extended_bank` when the tile's mist joined mist already on the board.
  static int place_tile(State& s, TileId tile, int x, int y, int rot, bool* extended_bank);
  // A cell that shows no face (PlacedCell::hidden); `seals`: RuleSystem::hidden_seals bits.
  static int place_hidden(State& s, TileId tile, int x, int y, unsigned seals);
  static void close_facing(State& s, const CellFace& f, int c, int side, unsigned seals);
  static void add_nodes(State& s, int cell);  // nodes_ holds the nodes of cells 0..cell
  static int orthogonal_neighbours(const State& s, int cell);

  // ---- scoring.cpp: feature values, majority, final scoring -------------------------------
  static int region_tiles(const State& s, int root);
  static int region_shields(const State& s, int root);
  // The printed values every rule system shares (RuleSystem::feature_value's default).
  static int printed_value(const State& s, const PendingScore& p, bool final_scoring);
  // What the game's room says a feature is worth.
  static int feature_value(const State& s, const PendingScore& p, bool final_scoring) {
    return s.game_->rule_system().feature_value(s, p, final_scoring);
  }
  // The one place points are added: score `who` (a player, or a Mists track) gains `points`
  // under `f`. The second form also reports them as event `k` (Scored or FinalScored).
  static void award(State& s, int who, FeatureClass f, int points);
  // The event is reported at feature `where`: the cell of its root node (a monastery's or
  // castle's own cell) and the segment of that cell the region holds (Event::seg).
  static void award(State& s, EventKind k, int who, FeatureClass f, int points,
                    const PendingScore& where, int extra);
  // Each meeple's root (of the node its segment is), or -1 in supply or buried: found once
  // for scorings that join no regions (final scoring), which then pass it as `roots`.
  static void meeple_roots(State& s, std::vector<int16_t>& out);
  // Meeples on a feature, counted per colour; `roots`: meeple_roots(), or nullptr to find them.
  static void meeples_on(const State& s, const PendingScore& p,
                         std::array<int, kMaxColours>& per_colour, const int16_t* roots = nullptr);
  static void return_meeples(State& s, const PendingScore& p, const int16_t* roots = nullptr);
  static void collect_finished(State& s, int first_cell, bool castles);
  static void score_competitive(State& s, const PendingScore& p, bool final_scoring,
                                const int16_t* roots = nullptr);
  static void final_scoring(State& s);
  // A road or city final scoring scores at its root `seg` of `cell`, or a monastery.
  static std::optional<PendingScore> final_feature(State& s, int cell, int seg);
  static void farm_scoring(State& s, const int16_t* roots);

  // ---- base.cpp: the competitive room's steps ---------------------------------------------
  static void competitive_setup(State& s);
  static void competitive_unplaceable(State& s, TileId t);
  // The tile's fate under base-unplaceable-tile (removed, or back in the pile), no draw.
  static void competitive_discard(State& s, TileId t);
  // board-bounds=table-edge: why (x, y) is off the table, or nullopt (engine/base.cpp).
  static std::optional<std::string> off_table(const State& s, int x, int y);
  static bool on_table(const State& s, int x, int y);
  static void competitive_after_place(State& s);
  static void competitive_score_turn(State& s);

  // ---- river.cpp: The River (an add-on room, engine/river.h) -------------------------------
  // The piles in draw order: the river stack, the lake, the base start tile (river-start-tile
  // =after-river), the land tiles; each empty pile gives way to the next (river_next_pile).
  static void river_setup(State& s);
  static bool river_next_pile(State& s);
  static void river_unplaceable(State& s, TileId t);
  // The hook cells_added: the kept course (State::river()) walks on over the new cells.
  static void river_cells_added(State& s);
  // ChainRest::retire's write: add-on hooks the chain calls no more in this game.
  static void retire_links(State& s, uint64_t links) { s.retired_links_ |= links; }

  // ---- turn.cpp: the turn machine ----------------------------------------------------------
  static void end_turn(State& s);
  static void enter_draw(State& s);
  static void finish_game(State& s, EndReason r, bool won);
  static void on_draw(State& s, TileId t);
  static void legal_draws(const State& s, ActionList& out);  // at a chance node
  static bool meeple_allowed(const State& s, int seg);
  static std::optional<std::string> meeple_problem(const State& s, const Action& a);
  // `large`: the colour's large follower (else a normal one) goes down.
  // The SegmentFlag bits of every segment of the region at `root`, or-ed (an inn on a road, a
  // cathedral in a city).
  static uint8_t region_flags(const State& s, int root);
  static void put_meeple(State& s, int colour, int cell, int seg, bool large = false);
  // The large followers of `colour` in its supply (0 in a rule set without them).
  static int large_in_supply(const State& s, int colour);
  // The kind of segment `seg` of `cell`; kAddedSeg on a cell with an added segment is the
  // room's (RuleSystem::added_segment_kind).
  static SegmentKind segment_kind(const State& s, int cell, int seg);
  static void after_meeple(State& s);
  static void emit(State& s, EventKind k, FeatureClass f = FeatureClass::None, int who = -1,
                   int x = 0, int y = 0, int value = 0, int extra = 0);

  // ---- names.cpp: decisions in words ---------------------------------------------------------
  // "the road at -3,0 (5 points; meeples of red, blue)".
  static std::string scoring_text(const State& s, const PendingScore& p);
  static std::string waiting_for(const State& s);

  // ---- bcb.cpp: Bridges, Castles and Bazaars ------------------------------------------------
  // Why a bridge along `axis` may not go on the cell at (x, y), or nullopt. `incoming`: the
  // face of a tile about to be placed at (vx, vy), for a bridge that comes with it.
  static std::optional<std::string> bridge_refusal(const State& s, int x, int y, BridgeAxis axis,
                                                   const CellFace* incoming, int vx, int vy);
  static void build_bridge(State& s, int cell, BridgeAxis axis);
  static void bridge_options(const State& s, ActionList& out);
  static std::optional<std::string> bridged_placement_refusal(const State& s, TileId tile, int x,
                                                              int y, int rot, int code);
  static void bridged_placements(const State& s, TileId tile, ActionList& out, int from);
  static std::optional<std::string> bcb_place_with(State& s, const Action& a);
  static void bcb_setup(State& s);
  static void bcb_after_place(State& s);
  static void bcb_after_meeple(State& s);
  static void bcb_score_turn(State& s);
  static void bcb_turn_scored(State& s);
  static std::optional<std::string> bcb_apply(State& s, const Action& a);
  static void bcb_legal(const State& s, ActionList& out);

  // ---- bcb_castles.cpp: castles (seed 003 "Cetățile", fn 23-36) ---------------------------
  // The turn's scoring with its castle decisions: the features in s.pending_ in order (a
  // small city's occupant may convert it), then the castles whose fief holds a finished
  // feature; resumable after each decision; ends with bcb_turn_scored.
  static void bcb_castle_scoring(State& s);
  static void bcb_castle_resume(State& s);
  // One step of the castles' scoring in castle-order's order: true when a castle scored
  // without a decision (look again), false when a player decides now or none is left.
  static bool bcb_castle_next(State& s);
  // The occupant's player when the city at root `root` may become a castle now, else -1.
  static int bcb_castle_decider(const State& s, int root);
  // The decider turns the small city at pending_[pending_index_] into a castle.
  static void bcb_castle_build(State& s);
  // Castle `i` scores `points` (FeatureClass::Castle) and its follower goes home.
  static void bcb_castle_score(State& s, int i, int points);
  // The castle's follower leaves its city segment (scored, or the game ended).
  static void bcb_castle_release(State& s, int i);
  static void bcb_castle_legal(const State& s, ActionList& out);
  static std::optional<std::string> bcb_castle_apply(State& s, const Action& a);
  // End of game: unscored castles score nothing and their followers leave (seed 003).
  static void bcb_castle_final(State& s);
  // Third-edition farm scoring: what the finished city `root` is worth to a farm when it is a
  // castle (castle-farm-value), or -1 when it is no castle.
  static int bcb_castle_farm_value(const State& s, int root);
  // ---- bcb_bazaars.cpp: bazaars (seed 003 "Bazarul", footnotes 5-14) -----------------------
  static bool bcb_is_bazaar_tile(const State& s, TileId t);
  // A turn's scoring is over (bcb_turn_scored): the next placement turn of a bazaar, a
  // bazaar the tile opened, or the next turn.
  static void bcb_bazaar_after_turn(State& s);
  // Between turns (RuleSystem::draw_due): true when a bazaar held before the replacement
  // draw took over.
  static bool bcb_bazaar_draw_due(State& s);
  // A drawn tile (RuleSystem::drawn): true when it was a bazaar's reveal.
  static bool bcb_bazaar_drawn(State& s, TileId t);
  // A tile set aside (RuleSystem::unplaceable, or `discard`): a bazaar's tile gets no
  // replacement; a drawn bazaar tile may hold its bazaar anyway (bazaar-unplaced).
  static void bcb_bazaar_unplaceable(State& s, TileId t);
  static void bcb_bazaar_start(State& s);
  static void bcb_bazaar_next(State& s);
  static void bcb_bazaar_resume(State& s);
  static bool bcb_bazaar_place_turn(State& s, int player);
  // A tile of a bazaar's placement turn fits nowhere or is set aside (fn 17): removed, or
  // back in the pile and another drawn (bazaar-won-unplaceable); true when a draw follows.
  static bool bcb_bazaar_lost_tile(State& s, TileId t);
  static void bcb_bazaar_ask_bidder(State& s, int from);
  static void bcb_bazaar_take(State& s, int index, int player, int price);
  static void bcb_bazaar_dealt(State& s, int next_selector);
  // The one path of bazaar points: `who` gains `points` (negative: pays) from `other`
  // (-1: nobody), under FeatureClass::Bazaar, reported as BazaarPaid.
  static void bcb_bazaar_pay(State& s, int who, int points, int other);
  static void bcb_bazaar_legal(const State& s, ActionList& out);
  static std::optional<std::string> bcb_bazaar_apply(State& s, const Action& a);
  // A policy's look-ahead (engine/bcb.h setup_bazaar_turn).
  static std::optional<std::string> bcb_setup_bazaar_turn(State& s, int player, TileId tile);

  // ---- mists.cpp: the cooperative game ------------------------------------------------------
  // Steps of a Mists turn (the seed's summary numbers them 1b, 1c, 2a, 2b, 3a, 3b, 3c).
  // kStepHounds and kStepFaceDownHounds: hound-trigger=when-surrounded clearings.
  enum Step : int {
    kStepMist = 1,
    kStepCemetery,
    kStepGhosts,
    kStepMeeple,
    kStepScore,
    kStepHounds,
    kStepFaceDown,
    kStepFaceDownBury,
    kStepFaceDownHounds,
    kStepEnd,
    kStepHaunt,       // 2a, Levels 5-6: a new cemetery haunts its misty neighbours
    kStepExtraGhost,  // 2a, Levels 2-4: the extra ghost on an open cemetery
  };
  enum class Flow { Continue, Decide, Done };
  static void mists_after_place(State& s, bool extended_bank);
  static void mists_after_meeple(State& s);
  static bool mists_drawn(State& s);
  static void mists_advance(State& s);
  static Flow mists_step(State& s);
  static std::string mists_meeple_refusal(const State& s, int seg);
  static void mists_unplaceable(State& s, TileId t);
  static bool mists_meeple_allowed(const State& s, int seg);
  // RuleSystem::cells_added: the per-cell table grows (with its face-down counts); a face-up
  // cemetery joins the list.
  static void mists_cells_added(State& s, int first);
  // RuleSystem::centre_sealed: a castle haunted by a face-down tile around it.
  static bool mists_castle_haunted(const State& s, int cell);
  // A cemetery closed: by its 4 orthogonal neighbours, or all 8 (CemeteryMode::Haunted).
  static bool cemetery_closed(const State& s, int cell);
  // The seals a face-down tile put down brings (RuleSystem::hidden_seals, the broken rule
  // FaceDownFinishes aside).
  static unsigned face_down_seals(const State& s);
  // engine/mists_setup.cpp: a spec's Mists set-up (engine/mists_setup.h).
  static std::optional<std::string> mists_setup_ghosts(State& s, int cell, int slot, int count);
  static std::optional<std::string> mists_setup_hound(State& s, int hound, int meeple);
  static std::optional<std::string> mists_setup_hound_status(State& s, int hound,
                                                             Hound::Status status);
  static std::optional<std::string> mists_setup_ghost_supply(State& s, int count);
  static std::optional<std::string> mists_setup_buried(State& s, int colour, int cell);
  static std::optional<std::string> mists_setup_face_down(State& s, TileId tile, int x, int y);
  // RuleSystem::piles_passed: the hounds of the thresholds passed that still wait are lost.
  static void mists_piles_passed(State& s, int pile);
  // A surrounded castle's value: 2 per surrounding tile showing mist, plus 2 for itself.
  static int mists_castle_value(const State& s, int cell);
  static void mists_legal(const State& s, ActionList& out);
  static std::optional<std::string> mists_apply(State& s, const Action& a);
  static void mists_setup(State& s);
  static int track_score(const State& s);
  // `why`: the feature whose rule removes them (a finished bank, a closing cemetery).
  static int remove_ghosts(State& s, int cell, int n, bool cemetery_first = false,
                           FeatureClass why = FeatureClass::None);
  static Flow take_tile(State& s, bool face_down);
  // Level 6, set-up: every choice of the colours with a scoring meeple (a bit per colour in
  // Action::from, in increasing order), and the choice taken.
  static void scoring_meeple_options(const State& s, ActionList& out);
  static void choose_scorers(State& s, unsigned colours);
  // 2a: the new tile's ghost symbols filled, the one on mist area `empty` left empty (-1:
  // none, it extended no bank); the haunted cemetery's ghosts; the extra ghost.
  static void fill_symbols(State& s, int empty);
  // The new tile's mist areas (a bit each) whose symbols are filled this turn, and of those
  // the ones with a symbol (one of which a tile that extended a bank leaves empty).
  static unsigned filled_areas(const State& s);
  static unsigned symbol_areas(const State& s);
  static Flow haunt_neighbours(State& s);
  static void haunt(State& s, int cell, int area);
  static Flow extra_ghost(State& s);
  // 2a: the mist areas a decision lists (empty-symbol: of the new tile; haunt: of
  // mists_.haunt_cell), as actions.
  static void ghost_place_options(const State& s, ActionList& out);
  static Flow start_bury(State& s);
  static void bury(State& s, int meeple);
  static int bury_candidates(const State& s, std::vector<int>& out);
  static void close_cemetery_ghosts(State& s, int cell);
  static Flow score_step(State& s);
  static void resolve_scoring(State& s, bool points, int cell, int count, uint16_t from = 0);
  // Ghosts off `cell` from the places `from` names (Action::from; 0: as remove_ghosts takes
  // them).
  static int remove_from(State& s, int cell, int count, uint16_t from);
  // The removals of up to 3 ghosts from `cell` as `kind` actions: each count as listed, then
  // each other way to take it from the tile's places where the place matters (ghost-scope).
  static void removal_options(const State& s, int cell, ActionKind kind, ActionList& out);
  // A later scoring of this turn that has its own decision (score-first may pick it): a
  // meeple on it, or unoccupied-scoring=ghost-choice.
  static bool scoring_decided(const State& s, const PendingScore& p);
  // The pending scoring (index > pending_index_) that a score-first action names, or -1.
  static int pending_named(const State& s, const Action& a);
  // `points red` / `remove-ghosts x,y N red`: one colour's answer to a scoring.
  static std::optional<std::string> one_colour_refusal(const State& s, const Action& a);
  static void add_points(State& s, int colour, int points, FeatureClass f,
                         const PendingScore& where);
  // The goal, then (with `hounds`) the hound thresholds reached; hound-timing=after-scorings
  // passes `hounds` false between a tile's scorings.
  static Flow thresholds(State& s, bool hounds = true);
  static void hound_place(State& s, int meeple);
  static Flow hound_clear_next(State& s);
  static void switch_pile(State& s, int threshold);
  static Flow surround_clear(State& s);
  static void hound_clear_options(const State& s, ActionList& out);
  static void face_down_options(const State& s, ActionList& out);
  static void put_face_down(State& s, int x, int y);
  static void mists_face_down_drawn(State& s);  // one place only: the decision resolves itself
  static void score_options(const State& s, ActionList& out);
  // Where a scoring is shown and named: a cell of the feature and its segment (-1: centre).
  static void scoring_spot(const State& s, const PendingScore& p, int& cell, int& seg);
  static int open_cemeteries(const State& s, ActionList* out);
  static Flow place_ghosts(State& s);
};

}  // namespace carcheck
