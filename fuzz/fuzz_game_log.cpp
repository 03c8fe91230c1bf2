// libFuzzer harness for the game-log reader (gamelog/game_log.h) and its replay: a line is
// read, or refused with a reason; a line read is replayed through the rules. A game the
// library cannot build (an unknown rule set, bad inline tiles) or a replay that throws is
// refused with a std::exception, as `carcheck replay` reports such a line; a disagreement is
// a result. Nothing else may happen: no crash, no hang, no other escape.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>

#include "fuzz/fuzz_common.h"
#include "gamelog/game_log.h"
#include "gamelog/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace carcheck;
  if (size > 1 << 16) return 0;  // one line of a log; longer inputs only slow the search
  const std::string text(reinterpret_cast<const char*>(data), size);
  LogError error;
  const std::optional<GameLog> log = read_game_log(text, 1, error);
  if (!log) {
    if (error.reason.empty()) fuzzing::fail("a line refused without a reason: " + error.text());
    return 0;
  }
  try {
    const std::unique_ptr<Game> game = log_game(*log);
    replay_log(*log, *game, ReplayOptions{});
  } catch (const std::exception&) {
    // refused as `carcheck replay` refuses it (an unreadable line)
  }
  return 0;
}
