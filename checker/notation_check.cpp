// Every action's words read back to it (checker/notation_check.h).
#include "checker/notation_check.h"

#include "dsl/action_parser.h"

namespace carcheck {

std::optional<std::string> NotationCheck::check(const State& s, const Action& a,
                                                const std::string& text) {
  auto it = seen_.find(text);
  if (it == seen_.end()) {
    Read r;
    r.syntax = parse_action(text, r.error);
    it = seen_.emplace(text, std::move(r)).first;
  }
  const Read& r = it->second;
  if (!r.syntax) return "notation: '" + text + "' does not parse back: " + r.error;
  std::optional<Action> b = resolve_action(s, *r.syntax, error_);
  if (!b) return "notation: '" + text + "' does not parse back: " + error_;
  if (*b != a) return "notation: '" + text + "' parses back to another action";
  return std::nullopt;
}

}  // namespace carcheck
