// The notation invariant of checker/invariants.h: every action's words (action_text) read back
// (parse_action) to the very action. The grammar's reading of a text depends on the text alone,
// so a text already read in this game is not read again: its syntax is kept, keyed by the text,
// and resolved against the state of every action that has it, then compared. Every distinct
// text still goes through the grammar once, every action through resolve_action and the
// comparison; about half the texts of a random base game repeat ("pass", "meeple field:Nl red").
#pragma once

#include <optional>
#include <string>
#include <unordered_map>

#include "engine/notation.h"

namespace carcheck {

class NotationCheck {
 public:
  // The failure, when `text` (action_text(s, a)) does not read back to `a` at `s`.
  std::optional<std::string> check(const State& s, const Action& a, const std::string& text);

 private:
  // The grammar's reading of each text seen so far: its syntax, or its syntax error.
  struct Read {
    std::optional<ActionSyntax> syntax;
    std::string error;
  };
  std::unordered_map<std::string, Read> seen_;
  std::string error_;
};

}  // namespace carcheck
