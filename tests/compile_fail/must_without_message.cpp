// Compiled by CTest (tests/CMakeLists.txt), not linked into the tests: with WITH_MESSAGE it
// compiles; without, the must<> of a rule that has no error message does not compile
// (dsl/grammar_errors.h must_control, built on PEGTL's must_if<..., true>).
#include "dsl/grammar_errors.h"

namespace pg = tao::pegtl;

struct a_digit : pg::digit {};
struct grammar : pg::must<a_digit> {};

template <typename Rule>
inline constexpr const char* table = nullptr;
#ifdef WITH_MESSAGE
template <>
inline constexpr const char* table<a_digit> = "expected a digit";
#endif

struct errors {
  template <typename Rule>
  static constexpr const char* message = table<Rule>;
  template <typename Rule>
  static constexpr bool raise_on_failure = false;
};

int main() {
  pg::memory_input in("x", "test");
  try {
    return pg::parse<grammar, pg::nothing, carcheck::must_control<errors>::type>(in) ? 0 : 1;
  } catch (const pg::parse_error&) {
    return 2;
  }
}
