// The notation invariant of checker/invariants.h: every action's words (action_text) read back
// through the action grammar (parse_action) to the very action, at the state it was taken in.
// (A cache of the grammar's readings keyed by the text, per game, was measured: about half the
// texts of a random base game repeat, but hashing and storing the syntax cost more than the
// grammar saved, so every text is read afresh.)
#pragma once

#include <optional>
#include <string>

#include "engine/notation.h"

namespace carcheck {

class NotationCheck {
 public:
  // The failure, when `text` (action_text(s, a)) does not read back to `a` at `s`.
  std::optional<std::string> check(const State& s, const Action& a, const std::string& text);

 private:
  std::string error_;  // kept: no allocation per action once grown
};

}  // namespace carcheck
