// A game played to its end with every invariant checked (checker/play_checked.h).
#include "checker/play_checked.h"

#include <malloc.h>

#include <memory>

#include "checker/invariants.h"
#include "engine/notation.h"

namespace carcheck {

namespace {
inline constexpr int64_t kMaxGameActions = 10000;  // a game that runs longer never ends
inline constexpr int kKeptFreeBytes = 64 << 20;
using Fail = std::optional<std::string>;

// A checked game builds and drops a few States of some 100 KB each (the game, its replay, the
// replay from text). By default glibc hands that memory back to the system at every game's
// end and faults it in again at the next: a fifth of a fuzz run's time, all in the kernel.
// Once per process, freed memory up to kKeptFreeBytes stays with the process instead.
void keep_freed_memory() {
#ifdef __GLIBC__
  static const bool kept = mallopt(M_TRIM_THRESHOLD, kKeptFreeBytes) == 1;
  (void)kept;
#endif
}
}  // namespace

CheckedGame play_checked(State& s, const GameStart& from, const Choose& choose,
                         bool draws_by_choice, CheckOptions o) {
  keep_freed_memory();
  CheckedGame out;
  auto legal = std::make_unique<ActionList>();
  auto count = [&]() {
    for (const Event& e : s.events()) ++out.events[static_cast<size_t>(e.kind)];
  };
  try {
    from.apply(s);
    InvariantChecker chk(s, from, o);
    while (!s.is_terminal()) {
      Action a;
      // A tile just set aside as unplaceable (base-unplaceable-tile=back-in-pile puts it back)
      // is followed by a random draw: chosen draws could take it again and again.
      bool set_aside = false;
      for (const Event& e : s.events()) set_aside = set_aside || e.kind == EventKind::TileSetAside;
      if (s.is_chance() && (!draws_by_choice || set_aside)) {
        size_t before = s.history().size();
        s.apply_random_draw();
        if (s.history().size() == before) {
          out.failure =
              std::string("a chance node with nothing to draw (") + phase_name(s.phase()) + ")";
          return out;
        }
        a = s.history()[before];
      } else {
        s.legal_actions(*legal);
        if (Fail f = chk.check_legal(s, *legal)) {
          out.failure = f;
          return out;
        }
        a = choose(s, *legal);
        if (!legal->offers(a)) {
          out.failure =
              "the chooser picked an action the legal actions do not offer: " + action_text(s, a);
          return out;
        }
        // A refusal leaves the state unchanged, so the action's text is made only then.
        if (Fail why = s.apply(a)) {
          out.failure = "a legal action was refused: " + action_text(s, a) + ": " + *why;
          return out;
        }
      }
      ++out.actions;
      count();
      if (Fail f = chk.after_action(s, a)) {
        out.failure = f;
        return out;
      }
      if (out.actions > kMaxGameActions) {
        out.failure = "the game does not end (" + std::to_string(kMaxGameActions) + " actions)";
        return out;
      }
    }
  } catch (const std::exception& e) {
    out.failure = std::string("exception: ") + e.what();
  }
  return out;
}

}  // namespace carcheck
