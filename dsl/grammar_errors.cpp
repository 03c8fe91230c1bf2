#include "dsl/grammar_errors.h"

#include <fmt/format.h>

namespace carcheck {

ErrorSpot error_spot(std::string_view text, const tao::pegtl::parse_error& e, bool skip_blanks,
                     std::string_view stops) {
  const tao::pegtl::position& p = e.positions().front();
  ErrorSpot s;
  s.byte = p.byte;
  s.line = static_cast<int>(p.line);
  s.column = static_cast<int>(p.column);
  // Point at the offending word, not at the blank before it.
  while (skip_blanks && s.byte < text.size() && (text[s.byte] == ' ' || text[s.byte] == '\t'))
    ++s.byte, ++s.column;
  s.at_end = s.byte >= text.size();
  for (size_t i = s.byte; i < text.size() && i < s.byte + 40; ++i) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') break;
    if (stops.find(c) != std::string_view::npos) {
      if (i == s.byte) s.word += c;
      break;
    }
    s.word += c;
  }
  return s;
}

std::string found_text(const std::string& word, const char* what) {
  return word.empty() ? fmt::format(", found the end of the {}", what)
                      : fmt::format(", found '{}'", word);
}

}  // namespace carcheck
