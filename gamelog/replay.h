// Replaying a logged game through the rules (`carcheck replay`): every turn of the log is
// played on carcheck's engine, and the first point where the two disagree is reported: an
// action the rules refuse, a score that differs, a legal set that differs, a game that ends
// elsewhere.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/state.h"
#include "gamelog/game_log.h"

namespace carcheck {

enum class Disagreement : uint8_t {
  Refused,          // the rules refuse a logged action (or a draw, or a discard)
  Score,            // a turn's scores differ
  FinalScore,       // the final scores differ
  LegalPlacements,  // the writer's legal placements differ from the rules'
  LegalFollowers,   // the writer's legal followers differ from the rules'
  Order,            // the logged player is not the one whose turn it is
  Missing,          // the log stops where the rules wait for a decision
  End,              // the game ends elsewhere (before the log does, or the log stops early)
  LegalBids,        // the writer's legal bids at a bazaar decision differ from the rules'
};
inline constexpr int kDisagreementKinds = 9;
const char* disagreement_name(Disagreement d);  // "refused", "score", ...

// An event behind a finding (a scoring), typed: its fields named as event_fields() names
// them, its cell in the log's frame.
struct FindingEvent {
  std::string event;    // "scored", "final-scored"
  std::string feature;  // "road"; empty when the kind has none
  std::string who_is;   // "player", "track", ...; empty when unused
  int who = -1;
  bool at = false;  // x, y name a cell (the log's frame)
  int x = 0, y = 0;
  std::string value_is;  // "points", ...
  int value = 0;
  std::string extra_is;  // "colour", ...; empty when unused
  int extra = 0;
};

struct Finding {
  Disagreement kind = Disagreement::Refused;
  int turn = 0;  // 1-based entry of `turns`, 0 for the game as a whole
  std::string detail;
  std::string board;  // the board where it happened (text picture, carcheck's frame)
  // The same as data, in the log's frame and seat numbers, each field for the kinds it names:
  std::string action;  // refused: the action as the log has it (a follower: "meeple road:W")
  std::string reason;  // refused: the rules' reason
  int log_seat = -1, rules_seat = -1;                   // order
  std::vector<int> log_scores, rules_scores;            // score, final-score
  std::vector<FindingEvent> scorings;                   // score, final-score: carcheck's scorings
  std::vector<std::array<int, 3>> placements_log_only,  // legal-placements, in full: what the
      placements_rules_only;                            // log allows and the rules forbid, and
  std::vector<std::string> followers_log_only,          // the other way round (x, y, rotation;
      followers_rules_only;                             // followers as in `follower`)
};

// What the replay does after a finding (`replay --after-finding`).
enum class AfterFinding : uint8_t {
  Stop,      // report the first finding of a game and stop there
  Rules,     // go on with the rules' correction: a refused action is skipped (a refused
             // follower becomes no follower), a turn that cannot be played (an unknown tile,
             // another seat's turn, a turn started while the rules wait) is skipped, and
             // carcheck's own scores go on
  AsLogged,  // as Rules, but where the log's scores differ, the replay takes the log's
             // totals and goes on from them (competitive rule sets: a Mists track crosses its
             // thresholds by the rules' scorings, so it keeps the rules' scores), so a score
             // difference is reported once, not again at every later turn
};
inline constexpr int kAfterFindingModes = 3;
const char* after_finding_name(AfterFinding a);  // "stop", "rules", "as-logged"

// One action the replay applied or had refused, for a trace (`replay --trace`).
struct ReplayStep {
  int turn = 0;                  // 1-based entry of `turns`
  const State* state = nullptr;  // after the action (unchanged when refused)
  std::string action;            // in carcheck's notation and frame
  bool refused = false;
  std::optional<ActionKind> kind;  // nullopt: the text did not resolve to an action
  std::string reason;              // the refusal
};

struct ReplayOptions {
  AfterFinding after_finding = AfterFinding::Stop;
  std::function<void(const ReplayStep&)> on_step;  // called for every action when set
};

// Something the log does differently without disagreeing with the rules: a legal set that
// lists one rotation of two that are the same placement (a symmetric tile) and not the other.
struct Note {
  int turn = 0;  // 1-based entry of `turns`
  std::string detail;
};

struct ReplayResult {
  int line = 0;
  std::string writer;  // the log's `writer`, for reports
  std::string rules;
  int players = 0;
  int turns = 0;                  // entries replayed
  std::vector<Finding> findings;  // empty: carcheck agrees with the log
  std::vector<Note> notes;        // not disagreements; agrees() does not look at them
  bool agrees() const { return findings.empty(); }
};

// The smallest rotation of `tile` that is the same placement as rotation `r`: the rotations
// show equal faces (the same terrain, features, ports, coats of arms and mist on every cell),
// as a straight road's 0 and 2 do.
int same_placement_rotation(const TileType& tile, int r);

// The Game a log is played in (its rule set, players, variants and tiles). Throws
// std::invalid_argument or InputError with the reason.
std::unique_ptr<Game> log_game(const GameLog& g);

// Replays `g` in `game` (from log_game). With `upto` >= 0, stops after that many entries and
// leaves the state in `out` (for export-spec).
ReplayResult replay_log(const GameLog& g, const Game& game, const ReplayOptions& o,
                        std::unique_ptr<State>* out = nullptr, int upto = -1);

}  // namespace carcheck
