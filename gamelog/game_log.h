// The game log (docs/game-log.md, docs/game-log.schema.json): one complete game per line of a
// JSON Lines file, written by carcheck or by any other engine, read back and replayed through
// the rules (gamelog/replay.h). This header is the format as data: what a line holds once
// read, in the log's own frame (its axes, rotation sense and start position); the replay
// turns it into carcheck's frame.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dsl/library.h"

namespace carcheck {

// Format versions. Version 2 adds fields to a turn (kLogFieldsSince) and the header's
// `scoring_meeples` (kLogHeaderFieldsSince); a line of version 1 is read as before, and a
// version-2 field in it is refused. carcheck writes version 1, and version 2 for a game that
// has a version-2 field (Mists Level 6 where the team chose its scoring colours; with the
// legal sets, a game with a bazaar's bid decisions: `legal_bids`).
inline constexpr int kLogFormatVersion = 1;  // written
inline constexpr int kLogFormatNewest = 2;   // read: 1 .. kLogFormatNewest
struct LogFieldSince {
  const char* field;  // a turn's field
  int version;        // the first version that has it
};
// One row per field a version added.
inline constexpr std::array<LogFieldSince, 2> kLogFieldsSince = {{{"legal", 2}, {"legal_bids", 2}}};
// The same for the header's fields.
inline constexpr std::array<LogFieldSince, 1> kLogHeaderFieldsSince = {{{"scoring_meeples", 2}}};
inline constexpr const char* kLogFormatName = "carcheck-game-log";

// A follower as the log names it: the feature of the tile just placed (road:W, city:N,
// field:Nl, monastery, bridge), in board directions.
struct LogFollower {
  std::string feature;  // "road:W", "monastery"
};

// Version 2: one legal move of the writer's, a placement with the followers it allows there
// (`legal`, in the log's frame): x, y, rotation, the bridge it comes with (BCB), and its
// follower options as in `follower` ("none" for no follower; a colour after the feature where
// a seat plays several, Mists).
struct LogMove {
  int x = 0, y = 0, rotation = 0;
  std::optional<std::array<int, 2>> bridge_at;
  std::string bridge_axis;
  std::optional<std::vector<std::string>> followers;  // absent: not given for this placement
};

// Version 2: the legal bids at one bazaar decision of a turn (`legal_bids`): `action`, the
// index in the turn's `actions` of the decision (a `select`, or the `bid` or `pass` of a
// player asked to raise), and the bids open there as ranges: at a selection one or more per
// tile (`tile`), at a raise without `tile`; `from` the lowest bid, `to` the highest (absent:
// no highest, every bid from `from` up, as under negative-score=allowed). No range: no bid is
// legal (only `pass`).
struct LogBidRange {
  std::string tile;  // a selection's tile; empty: a raise
  int from = 0;
  std::optional<int> to;
  friend bool operator==(const LogBidRange&, const LogBidRange&) = default;
};
struct LogBids {
  int action = 0;
  std::vector<LogBidRange> ranges;
};

// One turn: the tile drawn and what became of it, then every decision in order.
struct LogTurn {
  int player = 0;  // 0-based seat
  std::string tile;
  bool bazaar = false;   // BCB: a tile won in a bazaar, placed in a turn of its own (no draw)
  bool discard = false;  // set aside: it fits nowhere, or (BCB) the player declined a bridge
  bool placed = false;   // x, y, rotation given (neither placed nor discarded: the rules took
                         // the tile over after the draw, e.g. Mists face-down tiles)
  int x = 0, y = 0, rotation = 0;
  // BCB: the bridge the placement comes with (on the tile or a neighbour), or none.
  std::optional<std::array<int, 2>> bridge_at;
  std::string bridge_axis;  // "N-S" or "W-E"
  // The follower step: absent (the decision is among `actions`), none, or a follower.
  bool has_follower_step = false;
  std::optional<LogFollower> follower;
  // Every other decision of the turn in order, in carcheck's action notation
  // (engine/notation.h), coordinates in the log's frame: "points", "bridge 1,0 N-S".
  std::vector<std::string> actions;
  // The writer's scores after the turn: per seat (competitive), per track (Mists: one, or
  // one per scoring colour at Level 6).
  std::optional<std::vector<int>> scores;
  // The writer's legal sets at this turn, when it logged them.
  std::optional<std::vector<std::array<int, 3>>> legal_placements;  // x, y, rotation
  std::optional<std::vector<std::string>> legal_followers;          // features; "none" too
  std::optional<std::vector<LogMove>> legal;       // version 2: every placement, its followers
  std::optional<std::vector<LogBids>> legal_bids;  // version 2: the bids of its decisions
  std::string path;                                // "turns[3]", for messages
};

struct LogTileDef {  // a tile of the log's own tile set, in the tile language
  std::string set;
  InlineTile tile;
};

struct GameLog {
  int line = 0;  // line of the file (1-based)
  int version = kLogFormatVersion;
  std::string writer;
  GameOptions game;  // rules, level, players, variants
  std::optional<uint64_t> seed;
  bool y_up = false;              // frame.y: "down" (carcheck's) or "up"
  bool counterclockwise = false;  // frame.rotation
  int start_x = 0, start_y = 0;   // where the start tile lies in the log's frame
  std::vector<LogTileDef> tiles;  // empty: the shipped tiles of the rule set
  // Per tile, how the writer draws it: its rotation 0 is carcheck's shape turned this many
  // quarter turns in the log's rotation sense (`tile_rotations`; absent: 0).
  std::vector<std::pair<std::string, int>> tile_rotations;
  std::vector<std::string> colours;  // per seat, for reports (optional)
  std::vector<int> start_scores;     // a head start before the first turn (optional)
  // Mists Level 6, version 2: the team's set-up choice of the colours with a scoring meeple
  // (`scoring_meeples`); empty: not given.
  std::vector<std::string> scoring_meeples;
  std::vector<LogTurn> turns;
  std::optional<std::vector<int>> final_scores;
  bool partial = false;  // the log stops before the game's end
};

// A line that is not a game log: its line, the JSON path of the field (may be empty) and why.
struct LogError {
  int line = 0;
  std::string path;
  std::string reason;
  std::string text() const;  // "line 3: turns[2].x: expected an integer"
};

// Reads one line; on failure returns nullopt and fills `error`.
std::optional<GameLog> read_game_log(const std::string& line_text, int line, LogError& error);

}  // namespace carcheck
