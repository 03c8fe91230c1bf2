// The invariants every rule set keeps, written once and checked after every action of a
// random game (OpenSpiel's RandomSimTest): fuzz/prop_games.cpp, `carcheck fuzz` and
// tests/test_fuzzer.cpp all use this one checker, so a new rule set or level gets every
// check for free.
//
// After every action (cheap): meeple and tile conservation; the legality of every new cell;
// meeples only where the rule set allows them, each region's meeple counter; scores move only
// through Scored events and never decrease but by a BCB bazaar's BazaarPaid ones, and each
// score's breakdown by the rule system's score classes (Game::score_classes) sums to its total
// with no point in another class (what `play`, the JSON and the Python module show); every
// finished feature of a turn reported once (recomputed from the geometry, not from the
// union-find) at the value the geometry gives; no meeple left on a finished feature; a
// set-aside tile fits nowhere; every action legal_actions() offers is legal by the geometry
// (and, now and then, every legal placement is offered). Then the rooms' own
// (checker/room_invariants.h: Mists' ghosts, mist, hounds and burials; BCB's bridges and
// castles), lent this checker's reading of the geometry.
// Every `full_every` actions and at the end (O(board)): every region recomputed from the
// geometry against the union-find (members, open links, haunting, meeples), the neighbour
// counters, the legality of the whole board, and determinism: the recorded actions, each
// passed through its words (action_text/parse_action give it back), replayed in memory give
// the same state, field by field (State::first_difference). At the end the game also replays
// afresh from its game log (gamelog/, docs/game-log.md) to the same state; the log is written
// from the determinism replay as it goes (the words the notation check made, the states before
// and after each action), byte for byte the line write_game_log gives.
//
// Cheap without checking less: the checker keeps its scratch buffers (no allocation per action
// once they have grown), the placement oracle reads a space's neighbours once for its four
// rotations (packed, so that a rotation fits by one masked compare) and lists each empty space
// once without sorting, and the end-of-turn "no meeple on a finished feature" walks a meeple's
// region again only when the empty space that proved it open last time has been filled (regions
// only grow, so that space still proves it); region walks visit a segment's set ports only, and one
// pass over the cells counts the tiles on the board. The game log is written
// and read without a JSON DOM (gamelog/json_out.h, gamelog/json_in.h), its strings read as views
// into the line.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "checker/game_start.h"
#include "checker/notation_check.h"
#include "checker/room_invariants.h"
#include "engine/state.h"
#include "gamelog/log_write.h"

namespace carcheck {

struct CheckOptions {
  int full_every = 50;      // O(board) checks and replay every N actions (0: only at the end)
  bool determinism = true;  // replay the game and compare snapshots
  bool notation = true;     // every action's words parse back to it (action_text/parse_action)
};

// The rooms' own checks (checker/room_invariants.h) run inside it, lent its geometry.
class InvariantChecker final : private CheckerView {
 public:
  // `start` is the state before the first action, made from `from`.
  InvariantChecker(const State& start, GameStart from, CheckOptions o = {});

  // The actions legal_actions() offers at `s`, before one is chosen: each one is legal by the
  // geometry; at every 8th placement decision, no legal placement is missing either.
  std::optional<std::string> check_legal(const State& s, const ActionList& legal);
  // After `a` took the game to `s`. Runs full_check() every `full_every` actions and
  // end_of_game() once the game is over.
  std::optional<std::string> after_action(const State& s, const Action& a);
  std::optional<std::string> full_check(const State& s);
  std::optional<std::string> board_check(const State& s) const;  // one tile a space, matching
  std::optional<std::string> regions_check(const State& s);      // union-find vs geometry
  std::optional<std::string> end_of_game(const State& s);

  int64_t actions() const { return actions_; }
  // The game log line end_of_game() read back and replayed ("" before the end, or without
  // opt.determinism): written from the determinism check's replay as it went.
  const std::string& game_log() const { return log_line_; }

 private:
  using Expected = ExpectedFeature;
  // CheckerView, for the rooms' checks.
  void expect_if_finished(const State& s, int cell, int seg) override;
  std::span<const ExpectedFeature> expected() const override { return expected_; }
  MistWalk walk_mist(const State& s, int cell, int area) override;
  int placements_by_geometry(const State& s, TileId tile, bool stop_at_first) override;
  std::optional<std::string> conservation(const State& s);
  std::optional<std::string> board_pass(const State& s) const;
  std::optional<std::string> meeple_conservation(const State& s);
  std::optional<std::string> tile_conservation(const State& s);
  std::optional<std::string> ledgers(const State& s, const Action& a);
  std::optional<std::string> breakdown(const State& s) const;
  std::optional<std::string> new_cells(const State& s);
  std::optional<std::string> meeples(const State& s);
  std::optional<std::string> turn_events(const State& s, const Action& a);
  std::optional<std::string> close_turn(const State& s, bool completed);
  std::optional<std::string> catch_up(const State& s);
  std::optional<std::string> determinism(const State& s);

  // The geometry's own view of a region, by walking ports from cell to cell.
  struct Walk {
    std::vector<int> nodes;
    int cells = 0, shields = 0, open = 0;
    int open_x = 0, open_y = 0;  // the empty space the first open link faces
    bool haunted = false;        // a link or mist port runs into a face-down tile
    bool clear = false;          // mist only: a mist port meets clear land
    void reset();
  };
  void next_stamps();
  void walk_segments(const State& s, int cell, int seg, Walk& w);
  void walk_mist_into(const State& s, int cell, int area, Walk& w);
  RoomCheck::Centre centre(const State& s, int cell) const;
  int segment_value(FeatureClass f, const Walk& w) const;
  int added_value(const State& s, const Expected& x) const;

  CheckOptions opt_;
  GameStart from_;
  const Game* game_;
  // The room's rules the checks read, asked once: where followers may stand
  // (RuleSystem::followers), the switches that only some rooms read (small-city=old,
  // meeple-on-finished=unfinished-only).
  FollowerSpots followers_;
  bool old_small_city_ = false, unfinished_only_ = false;
  // A bit per SegmentKind: a segment of that kind showing mist takes no follower
  // (RoomCheck::refuses_in_mist, asked once).
  uint32_t refused_in_mist_ = 0;
  // The rooms' stateful checks this game has (room_checks(): each made or not for the game).
  std::vector<std::unique_ptr<RoomCheck>> rooms_;
  // Per FeatureClass: a room counts its finished features itself (RoomCheck::counts_finished,
  // asked once per game).
  std::array<bool, kScoreClasses + 1> room_counts_{};  // Road .. None
  int64_t actions_ = 0;
  int tiles_in_play_ = 0;
  int meeples_total_ = 0;
  int prev_cells_ = 0;
  mutable int board_face_up_tiles_ = 0, board_face_down_ = 0;  // at this action (board_pass)
  int prev_buried_ = 0;
  // The buried meeples at this action, by index (meeple_conservation), lent to the rooms'
  // checks so that none walks every meeple again for the few that lie buried.
  std::array<int, kMaxMeeples> buried_{};
  int n_buried_ = 0;
  std::span<const int> buried_meeples() const {
    return {buried_.data(), static_cast<size_t>(n_buried_)};
  }
  int prev_active_pile_ = 0;
  std::vector<int> prev_scores_;
  // Per score: its total less its classes' points at the start (a setup's points, no class).
  std::vector<int> score_offsets_;
  // breakdown(), per FeatureClass: ~0 for the classes whose points a score's total holds (the
  // rule system's listed ones and every registered one), and for those that must hold none.
  std::array<int, kScoreClassCapacity> counted_classes_{}, stray_classes_{};
  int turn_ = 0;
  std::vector<Expected> expected_;
  std::vector<int> finished_events_;  // per FeatureClass, this turn
  bool ended_ = false;
  int place_decisions_ = 0;

  std::unique_ptr<State> replay_;  // the determinism check's replay, `replayed_` actions in
  size_t replayed_ = 0;
  // The game log, written from replay_ as it takes each action (opt_.determinism), so that the
  // end-of-game round trip needs no replay of its own to write the log.
  std::optional<GameLogWriter> log_;
  NotationCheck notation_;  // opt_.notation
  std::string log_line_;

  std::vector<uint32_t> node_mark_, cell_mark_;
  // meeples(): per union-find root, the check that last met it and its entry there.
  std::vector<std::pair<uint32_t, int>> root_slot_;
  uint32_t root_stamp_ = 0;
  uint32_t stamp_ = 0, cell_stamp_ = 0;
  std::vector<int> stack_;
  // Scratch buffers, kept between checks so that a check allocates nothing once they grew.
  Walk walk_;
  std::vector<std::pair<int, int>> spaces_;
  std::vector<int> meeples_at_;
  std::vector<uint8_t> seen_, claimed_;
  mutable std::vector<int> per_placement_;
  // Per meeple: the segment it stood on at the last end-of-turn check and an empty space at an
  // open end of that segment's region (close_turn); cell -1 when there is none.
  struct Witness {
    int cell = -1, seg = -1, x = 0, y = 0;
  };
  std::vector<Witness> witness_;
};

}  // namespace carcheck
