// Play policies of the fuzzers and of `carcheck play` (checker/policies.h).
#include "checker/policies.h"

#include <stdexcept>
#include <string>

namespace carcheck {

Choose uniform_choice(Rng& rng) {
  return [&rng](const State&, const ActionList& legal) {
    return rng.below(static_cast<uint32_t>(legal.size));
  };
}

Choose team_choice(Rng& rng) {
  return [&rng](const State& s, const ActionList& legal) -> uint32_t {
    const uint32_t n = static_cast<uint32_t>(legal.size);
    // The option that removes the most ghosts, from the fullest tile.
    auto most_ghosts = [&]() -> uint32_t {
      uint32_t best = 0;
      int best_value = -1;
      for (uint32_t i = 0; i < n; ++i) {
        const Action& a = legal.items[i];
        if (a.count <= 0) continue;
        int c = s.cell_at(a.x, a.y);
        int v = a.count * 100 + (c >= 0 ? s.cell(c).ghost_total() : 0);
        if (v > best_value) best_value = v, best = i;
      }
      return best;
    };
    switch (s.phase()) {
      case Phase::Meeple:  // option 0 is the pass
        return n > 1 && rng.below(10) < 8 ? 1 + rng.below(n - 1) : rng.below(n);
      case Phase::ScoreChoice:  // points while the supply lasts, else ghosts off the board
        return s.ghosts_supply() >= 4 && rng.below(3) != 0 ? 0 : most_ghosts();
      case Phase::HoundClear:
        return rng.below(8) == 0 ? rng.below(n) : most_ghosts();
      default:
        return rng.below(n);
    }
  };
}

void play_random(State& s, Rng& chooser) {
  ActionList legal;
  while (!s.is_terminal()) {
    if (s.is_chance()) {
      s.apply_random_draw();
      continue;
    }
    s.legal_actions(legal);
    if (legal.size == 0)
      throw std::logic_error(std::string("no legal action in phase ") + phase_name(s.phase()));
    const Action& a = legal.items[chooser.below(static_cast<uint32_t>(legal.size))];
    if (auto why = s.apply(a)) throw std::logic_error("a legal action was refused: " + *why);
  }
}

}  // namespace carcheck
