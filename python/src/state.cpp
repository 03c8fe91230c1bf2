// The Python State (state.h).
#include "state.h"

#include <stdexcept>

#include "checker/policies.h"
#include "dsl/action_parser.h"
#include "engine/notation.h"

namespace carcheck::py {

namespace {

// One list per thread, reused: an ActionList is too large to build on every call.
ActionList& scratch() {
  thread_local std::unique_ptr<ActionList> list = std::make_unique<ActionList>();
  return *list;
}

}  // namespace

PyState::PyState(std::shared_ptr<const Game> game, uint64_t seed, bool chance)
    : game_(std::move(game)), state_(*game_, seed), chance_(chance) {
  if (!chance_) resolve_draws();
  last_added_ = history_.size();
}

void PyState::resolve_draws() {
  while (!state_.is_terminal() && state_.is_chance()) {
    const size_t before = state_.history().size();
    state_.apply_random_draw();
    if (state_.history().size() == before)
      throw std::logic_error(std::string("a chance node with nothing to draw (phase ") +
                             phase_name(state_.phase()) + ")");
    events_.insert(events_.end(), state_.events().begin(), state_.events().end());
    history_.push_back(action_text(state_, state_.history()[before]));
  }
}

std::vector<PyAction> PyState::legal_actions() const {
  ActionList& legal = scratch();
  state_.legal_actions(legal);
  std::vector<PyAction> out;
  out.reserve(static_cast<size_t>(legal.size));
  for (const Action& a : legal) out.push_back({a, action_text(state_, a)});
  return out;
}

PyAction PyState::random_action(Rng& rng) const {
  ActionList& legal = scratch();
  state_.legal_actions(legal);
  if (legal.size == 0) throw std::invalid_argument("no legal action: the game is over");
  const Action a = carcheck::random_action(state_, legal, rng);
  return {a, action_text(state_, a)};
}

PyAction PyState::action_from_text(const std::string& text) const {
  std::string error;
  std::optional<Action> a = parse_action(state_, text, error);
  if (!a) throw std::invalid_argument(error);
  return {*a, action_text(state_, *a)};
}

std::optional<std::string> PyState::apply(const Action& a) {
  std::string text = action_text(state_, a);  // a meeple's text reads the board before it
  if (std::optional<std::string> why = state_.apply(a)) return why;
  const size_t before = history_.size();
  history_.push_back(std::move(text));
  events_ = state_.events();
  if (!chance_) resolve_draws();
  last_added_ = history_.size() - before;
  return std::nullopt;
}

PyAction PyState::apply_random_draw() {
  if (!state_.is_chance()) throw std::invalid_argument("not a chance node: no tile to draw now");
  const size_t before = state_.history().size();
  state_.apply_random_draw();
  if (state_.history().size() == before)
    throw std::logic_error(std::string("a chance node with nothing to draw (phase ") +
                           phase_name(state_.phase()) + ")");
  events_ = state_.events();
  const Action& drawn = state_.history()[before];
  history_.push_back(action_text(state_, drawn));
  last_added_ = 1;
  return {drawn, history_.back()};
}

}  // namespace carcheck::py
