// Every action's words read back to it (checker/notation_check.h).
#include "checker/notation_check.h"

#include "dsl/action_parser.h"

namespace carcheck {

std::optional<std::string> NotationCheck::check(const State& s, const Action& a,
                                                const std::string& text) {
  std::optional<Action> b = parse_action(s, text, error_);
  if (!b) return "notation: '" + text + "' does not parse back: " + error_;
  if (*b != a) return "notation: '" + text + "' parses back to another action";
  return std::nullopt;
}

}  // namespace carcheck
