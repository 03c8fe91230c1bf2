// The Python State: an engine State that, unless asked for chance nodes, resolves every draw
// from its own seed as `carcheck play` does, so that only the players' choices are left.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/state.h"

namespace carcheck::py {

// An action with its notation text, made where it is legal (the text names things by where
// they are on that state's board).
struct PyAction {
  Action action;
  std::string text;
};

class PyState {
 public:
  PyState(std::shared_ptr<const Game> game, uint64_t seed, bool chance);

  const State& state() const { return state_; }
  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& game_ptr() const { return game_; }
  bool chance() const { return chance_; }

  std::vector<PyAction> legal_actions() const;
  // Random play's pick (checker/policies.h random_action): a concrete action, a bid drawn
  // from a range entry or a run of listed bids.
  PyAction random_action(Rng& rng) const;
  // The action `text` names here; throws std::invalid_argument with the
  // parser's or resolver's reason when it names none.
  PyAction action_from_text(const std::string& text) const;
  // Performs `a` and then (without chance nodes) the draws that follow it. The refusal
  // reason, the state unchanged, when the engine refuses.
  std::optional<std::string> apply(const Action& a);
  // At a chance node: the pile's top tile, as the engine draws it. Returns the draw.
  PyAction apply_random_draw();
  // The events of the last apply() and of the draws it was followed by.
  const std::vector<Event>& events() const { return events_; }
  // Every action applied so far, draws included, in the notation as it read when applied.
  const std::vector<std::string>& history() const { return history_; }
  // How many of history() the last apply() (or draw) added: the action and its draws.
  size_t last_added() const { return last_added_; }

 private:
  void resolve_draws();

  std::shared_ptr<const Game> game_;  // the State points into it
  State state_;
  bool chance_;
  std::vector<Event> events_;
  std::vector<std::string> history_;
  size_t last_added_ = 0;
};

}  // namespace carcheck::py
