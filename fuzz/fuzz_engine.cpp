// libFuzzer harness for the engine itself: the input bytes are a game. The first bytes pick a
// configuration the engine plays (checker/fuzz_targets.h: rule set, level, player count and
// implemented switch values, all derived from the loaded levels.yaml) and a seed; then each
// step takes either a legal action (by index into legal_actions()) or an action built from the
// bytes, which may be illegal. A refused action must come with a reason and leave the state
// exactly as it was (State::first_difference); after every action that is taken, the
// invariant checker (checker/invariants.h) runs, replay and notation included.
// Layout: fuzz/engine_input.h.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "checker/fuzz_targets.h"
#include "checker/game_start.h"
#include "checker/invariants.h"
#include "dsl/library.h"
#include "engine/notation.h"
#include "fuzz/engine_input.h"
#include "fuzz/fuzz_common.h"
#include "gamelog/log_write.h"

namespace {

using namespace carcheck;

// Every configuration, built once per process.
const std::vector<FuzzTarget>& targets() {
  static const std::vector<FuzzTarget> all = [] {
    const Library& lib = Library::shipped();
    std::vector<FuzzTarget> t = default_targets(lib).targets;
    std::vector<FuzzTarget> values = variant_targets(lib).targets;
    t.insert(t.end(), values.begin(), values.end());
    if (t.empty()) fuzzing::fail("no configuration the engine plays");
    return t;
  }();
  return all;
}

// An action from raw bytes: any kind, coordinates near the start tile, fields that may be
// out of range (a negative segment, a colour not in play, a tile id past the set).
Action built_action(fuzzing::EngineInput& in) {
  Action a;
  a.kind = static_cast<ActionKind>(in.byte() % kActionKinds);
  a.x = static_cast<int16_t>(static_cast<int8_t>(in.byte()) / 8);
  a.y = static_cast<int16_t>(static_cast<int8_t>(in.byte()) / 8);
  a.rot = static_cast<int8_t>(in.byte() % 6 - 1);
  a.seg = static_cast<int8_t>(in.byte() % 20 - 2);
  a.colour = static_cast<int8_t>(in.byte() % 10 - 2);
  a.count = static_cast<int8_t>(in.byte() % 6 - 1);
  a.meeple = static_cast<int16_t>(in.byte() % 60 - 2);
  a.tile = static_cast<TileId>(in.byte() % 100 - 2);
  a.from = static_cast<uint16_t>(in.byte() | (in.byte() << 8));  // places, or several tiles
  return a;
}

// `s` is `before` after a built action was taken. It must be one legal_actions() offers, up
// to fields its kind does not read (a `pass` with coordinates): some offered action (a bid
// of a range entry with the taken amount: engine/action.h kBidRange) takes `before` to the
// same state but for the last recorded action. The game goes on from that one, so that the
// history holds offered actions only, as the notation check expects.
Action offered_equivalent(const State& before, State& s, const ActionList& legal,
                          const std::string& label) {
  const Action taken = s.history().back();
  for (const Action& offered : legal) {
    if (offered.kind != taken.kind) continue;
    const Action tried = is_bid_range(offered) ? with_amount(offered, taken.x) : offered;
    if (is_bid_range(offered) && taken.x < offered.x) continue;
    State t = before;
    if (t.apply(tried)) continue;
    const char* field = t.first_difference(s);
    if (field && std::string(field) != "action") continue;  // history is compared last
    s = t;
    return tried;
  }
  // Its fields raw: action_text() may not name a feature that is not there.
  fuzzing::fail(label + ": apply() took an action legal_actions() does not offer: " +
                action_verb(taken.kind) + " x " + std::to_string(taken.x) + " y " +
                std::to_string(taken.y) + " rot " + std::to_string(taken.rot) + " seg " +
                std::to_string(taken.seg) + " colour " + std::to_string(taken.colour) + " count " +
                std::to_string(taken.count) + " meeple " + std::to_string(taken.meeple) + " tile " +
                std::to_string(taken.tile));
}

void check(const State& s, const std::optional<std::string>& failure) {
  if (failure) fuzzing::fail(*failure + "\n" + write_game_log(s));
}

void play(fuzzing::EngineInput& in) {
  const std::vector<FuzzTarget>& all = targets();
  const FuzzTarget& target = all[in.word() % all.size()];
  const Game& game = *target.game;
  const GameStart from = GameStart::for_seed(game, in.word());
  State s(game, from.seed);
  from.apply(s);
  InvariantChecker chk(s, from);
  auto legal = std::make_unique<ActionList>();
  for (int step = 0; step < fuzzing::kMaxSteps && !s.is_terminal() && !in.empty(); ++step) {
    s.legal_actions(*legal);
    if (!s.is_chance()) check(s, chk.check_legal(s, *legal));
    if (legal->size == 0) fuzzing::fail("no legal action and the game is not over");
    const uint8_t how = in.byte();
    Action a;
    if (how % fuzzing::kBuiltEvery != 0) {
      a = legal->items[in.word() % static_cast<uint32_t>(legal->size)];
      if (is_bid_range(a))  // a range entry: a bid of it, mostly near its lowest
        a = with_amount(a, std::min(kMaxBid, a.x + static_cast<int>(in.byte() % 16) *
                                                       (in.byte() % 4 == 0 ? 64 : 1)));
      if (std::optional<std::string> why = s.apply(a))
        fuzzing::fail(target.label + ": a legal action was refused: " + action_text(s, a) + ": " +
                      *why);
    } else {
      a = built_action(in);
      const State before = s;
      if (std::optional<std::string> why = s.apply(a)) {
        if (why->empty()) fuzzing::fail(target.label + ": a refusal without a reason");
        if (const char* field = before.first_difference(s))
          fuzzing::fail(target.label + ": a refused action changed the state's " + field + " (" +
                        *why + ")");
        continue;
      }
      a = offered_equivalent(before, s, *legal, target.label);
    }
    check(s, chk.after_action(s, a));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  carcheck::fuzzing::EngineInput in(data, size);
  try {
    play(in);
  } catch (const std::exception& e) {
    carcheck::fuzzing::fail(std::string("escaped: ") + e.what());
  }
  return 0;
}
