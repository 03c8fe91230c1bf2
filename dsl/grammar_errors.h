// What the grammars share about errors: a control built on PEGTL's must_if, so that a
// must<> whose rule has no message in the grammar's error table does not compile, and the
// word found where a parse error stopped (its column, for "expected X, found 'Y'").
#pragma once

#include <string>
#include <string_view>
#include <tao/pegtl.hpp>

namespace carcheck {

// The control of a grammar whose error table `Errors` has `message<Rule>` (the text of a
// rule named in a must<>, nullptr for the others) and `raise_on_failure<Rule> = false` (only
// must<> raises: a rule that fails inside sor<> or opt<> lets the alternatives go on).
template <typename Errors>
struct must_control {
  template <typename Rule>
  using type =
      typename tao::pegtl::must_if<Errors, tao::pegtl::normal, true>::template control<Rule>;
};

// Where a parse error stopped, as the message should show it: blanks skipped (when
// `skip_blanks`), the word there (up to a blank or one of `stops`, or the stop itself when it
// comes first).
struct ErrorSpot {
  size_t byte = 0;  // offset of the word in the text
  int line = 0;
  int column = 0;  // 1-based, of the word
  std::string word;
  bool at_end = false;  // the word would start at the end of the text
};
ErrorSpot error_spot(std::string_view text, const tao::pegtl::parse_error& e, bool skip_blanks,
                     std::string_view stops = "");

// ", found 'w'" or ", found the end of the <what>".
std::string found_text(const std::string& word, const char* what);

}  // namespace carcheck
