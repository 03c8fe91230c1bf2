// Reading the action notation (engine/notation.h) with its one grammar
// (dsl/action_grammar.h). The engine resolves what is read (resolve_action); this header is
// the way in for anything holding action text: specs, tests, the invariant checker.
#pragma once

#include <optional>
#include <string>

#include "engine/notation.h"

namespace carcheck {

// Reads one action, blanks around it allowed. On bad syntax returns nullopt and sets `error`
// to "column N: expected X, found 'Y'" (or the reason, such as a count out of range).
std::optional<ActionSyntax> parse_action(const std::string& text, std::string& error);

// Reads an action and resolves it against `s`: the Action, or nullopt with `error` set to
// the syntax error or the reason it names nothing in `s` (no such feature, meeple, tile).
std::optional<Action> parse_action(const State& s, const std::string& text, std::string& error);

}  // namespace carcheck
