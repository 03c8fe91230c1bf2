// Replaying a logged game through the rules (`carcheck replay`): every turn of the log is
// played on carcheck's engine, and the first point where the two disagree is reported: an
// action the rules refuse, a score that differs, a legal set that differs, a game that ends
// elsewhere.
#pragma once

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
};
inline constexpr int kDisagreementKinds = 8;
const char* disagreement_name(Disagreement d);  // "refused", "score", ...

struct Finding {
  Disagreement kind = Disagreement::Refused;
  int turn = 0;  // 1-based entry of `turns`, 0 for the game as a whole
  std::string detail;
  std::string board;  // the board where it happened (text picture), for refusals
};

struct ReplayOptions {
  bool continue_after_refusal = false;  // skip a refused action and go on
};

struct ReplayResult {
  int line = 0;
  std::string rules;
  int players = 0;
  int turns = 0;                  // entries replayed
  std::vector<Finding> findings;  // empty: carcheck agrees with the log
  bool agrees() const { return findings.empty(); }
};

// The Game a log is played in (its rule set, players, variants and tiles). Throws
// std::invalid_argument or InputError with the reason.
std::unique_ptr<Game> log_game(const GameLog& g);

// Replays `g` in `game` (from log_game). With `upto` >= 0, stops after that many entries and
// leaves the state in `out` (for export-spec).
ReplayResult replay_log(const GameLog& g, const Game& game, const ReplayOptions& o,
                        std::unique_ptr<State>* out = nullptr, int upto = -1);

// The spec (docs/spec-language.md) that replays the first `upto` entries of `g` (all when
// < 0) and expects the scores the log gives after them.
std::string export_spec(const GameLog& g, const Game& game, int upto, const std::string& file);

}  // namespace carcheck
