#include "dsl/action_parser.h"

#include <fmt/format.h>

#include <cctype>

#include "dsl/action_fill.h"
#include "dsl/grammar_errors.h"
#include "dsl/spec_parser.h"

namespace carcheck {

namespace actionlang {

int capped_number(const std::string& digits, int cap) {
  bool minus = !digits.empty() && digits[0] == '-';
  long v = 0;
  for (size_t i = minus ? 1 : 0; i < digits.size() && v <= cap; ++i) v = v * 10 + (digits[i] - '0');
  int magnitude = static_cast<int>(std::min<long>(v, cap + 1L));
  return minus ? -magnitude : magnitude;
}

}  // namespace actionlang

namespace {

namespace pg = tao::pegtl;

// The reason of a syntax error: the rule's message, sharpened by the word found there.
std::string syntax_reason(std::string_view message, const ErrorSpot& at) {
  bool alpha = !at.word.empty() && std::isalpha(static_cast<unsigned char>(at.word[0]));
  if (message == actionlang::error_message<actionlang::game_action>) {
    // The verbs listed from the one list, registered rooms' included (engine/room_words.h).
    const std::vector<std::string> verbs = action_verbs();
    const std::string listed = actionlang::kActionsText.text(verbs);
    if (!alpha) return listed + found_text(at.word, "action");
    std::string near = closest_name(at.word, verbs);
    return fmt::format("unknown action '{}'{}; {}", at.word,
                       near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near), listed);
  }
  return std::string(message) + found_text(at.word, "action");
}

}  // namespace

std::optional<ActionSyntax> parse_action(const std::string& text, std::string& error) {
  ActionSyntax a;
  try {
    pg::memory_input in(text, "action");
    pg::parse<actionlang::action_text, actionlang::fill, must_control<actionlang::errors>::type>(in,
                                                                                                 a);
  } catch (const pg::parse_error& e) {
    ErrorSpot at = error_spot(text, e, true);
    error = fmt::format("column {}: {}", at.column, syntax_reason(e.message(), at));
    return std::nullopt;
  } catch (const InputError& e) {
    error = fmt::format("column {}: {}", e.pos().column, e.reason());
    return std::nullopt;
  }
  return a;
}

std::optional<Action> parse_action(const State& s, const std::string& text, std::string& error) {
  std::optional<ActionSyntax> a = parse_action(text, error);
  if (!a) return std::nullopt;
  return resolve_action(s, *a, error);
}

}  // namespace carcheck
