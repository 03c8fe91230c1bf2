// A game carcheck played, as one line of the game log (docs/game-log.md).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/state.h"
#include "gamelog/game_log.h"

namespace carcheck {

struct LogWriteOptions {
  bool scores = true;             // the scores after every turn
  bool legal = false;             // the legal placements and followers of every turn
  std::vector<int> start_scores;  // a head start the game began with (State::setup_score)
};

// The game of `s` (from its seed, with `o.start_scores`) as one JSON line without the
// newline; "" when its history is not one this format holds. Replays the game on a fresh State
// to feed a GameLogWriter.
std::string write_game_log(const State& s, const LogWriteOptions& o = {});

// Writes a game's log line while the game is played (or replayed): each action is given with
// the state it is taken in, then with the state it led to, so that it is written with the words
// and the turn it had when it was taken. The invariant checker feeds one from its own replay,
// so that the end-of-game log round trip replays the game once, not twice. The line is the one
// write_game_log gives for the same game, byte for byte.
class GameLogWriter {
 public:
  // The header of the game of `seed` in `g`, with `o.start_scores` as its head start.
  GameLogWriter(const Game& g, uint64_t seed, LogWriteOptions o = {});
  ~GameLogWriter();
  GameLogWriter(GameLogWriter&&) noexcept;
  GameLogWriter& operator=(GameLogWriter&&) noexcept;

  // `a` is about to be taken at `at`. `text`, when given, is action_text(at, a) (the caller
  // may have made it already). False (and the line is "" from then on) when the history is
  // not one this format holds.
  bool before(const State& at, const Action& a, const std::string* text = nullptr);
  // `a` took the game to `now`.
  void after(const State& now, const Action& a);
  // Marks the line unwritable (the replay refused an action).
  void fail();
  // The line, once: `at` is where the actions fed so far led, `game` the game whose end (or not)
  // and final scores the line reports (the same state, unless a replay went astray).
  std::string finish(const State& at, const State& game);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A meeple action as the log's `follower` names it: the feature of the tile just placed
// ("road:W", "monastery", "bridge"), and its colour when a player plays several (Mists:
// "road:W red").
std::string follower_text(const State& s, const Action& a);

// At a bazaar decision with bids (a selection with bids, a raise), the legal bids of `s` as
// the game log's ranges (LogBidRange), in the order of the legal actions: a run of listed
// bids is one range, a range entry one without `to`. nullopt: no bid decision now.
std::optional<std::vector<LogBidRange>> legal_bid_ranges(const State& s);

}  // namespace carcheck
