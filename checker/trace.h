// The rule trace (`--trace`): for every action, the events it caused and, for each event and
// each refusal, the rule behind it (citations.yaml) and the register readings in force.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dsl/citations.h"
#include "engine/game.h"
#include "engine/state.h"

namespace carcheck {

// The rule behind one event or refusal.
struct TracedRule {
  std::vector<std::string> cites;     // passages and FAQ ids; empty: no row (a gap in the data)
  std::vector<std::string> readings;  // "switch=value" in force, for the row's switches
};

struct TracedEvent {
  std::string text;  // as `expect event` filters it (event_as_spec_text)
  TracedRule rule;
};

struct TraceStep {
  int line = 0;        // where in the spec (0 when played outside a spec)
  std::string action;  // as written, or the action's text
  bool refused = false;
  std::string reason;  // the refusal
  TracedRule rule;     // the refusal's rule
  std::vector<TracedEvent> events;
};

class Tracer {
 public:
  Tracer(const Game& g, const RuleCitations& table) : game_(g), table_(table) {}
  // An accepted action: `s` after it, its events in s.events().
  TraceStep accepted(const State& s, const std::string& action, int line = 0) const;
  // A refused action (of kind `kind`; nullopt when it did not even resolve to an action).
  TraceStep refused(std::optional<ActionKind> kind, const std::string& action,
                    const std::string& reason, int line = 0) const;

 private:
  // The rows' passages and readings, the family's row first, then the rooms' (in order).
  TracedRule rule_of(const std::vector<const RuleCitation*>& rows) const;
  const Game& game_;
  const RuleCitations& table_;
};

// The trace of a whole game: `played`'s history replayed from its seed, each action traced.
std::vector<TraceStep> trace_game(const State& played, const RuleCitations& table);

// The shipped citations.yaml, loaded once (checked against the shipped levels.yaml).
const RuleCitations& shipped_citations();

// The trace as text: one block per action, indented events, their rules and readings.
std::string trace_text(const std::vector<TraceStep>& steps);

}  // namespace carcheck
