// Each action's verb by ActionKind, at compile time, from the lists the shared turn machine
// and each room write (engine/action.h, engine/rooms.h): the one list of action words. The
// printer (engine/notation.cpp), the action grammar's keywords and the messages that list
// the actions (dsl/action_grammar.h, dsl/spec_grammar.h) read it.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"

namespace carcheck {

namespace vocabulary_detail {

// Every value from 0 to the count names a member, once (two lists giving one value would
// leave another without a word).
template <size_t N>
constexpr bool dense(const std::array<std::string_view, N>& words) {
  for (std::string_view w : words)
    if (w.empty()) return false;
  return true;
}

}  // namespace vocabulary_detail

inline constexpr std::array<std::string_view, kActionKinds> kActionVerbs = [] {
  std::array<std::string_view, kActionKinds> v{};
#define CARCHECK_VERB(member, value, word) v[value] = word;
  CARCHECK_SHARED_ACTIONS(CARCHECK_VERB)
  CARCHECK_ROOM_ACTIONS(CARCHECK_VERB)
#undef CARCHECK_VERB
  return v;
}();
static_assert(vocabulary_detail::dense(kActionVerbs));

// "w1<sep>w2<sep>...<last>wn" of `words` between `prefix` and `suffix`, as a NUL-terminated
// array built at compile time (a grammar's error message: PEGTL takes a constant).
struct WordsText {
  std::string_view prefix, sep, last, suffix;
  constexpr size_t length(std::span<const std::string_view> words) const {
    size_t n = prefix.size() + suffix.size();
    for (size_t i = 0; i < words.size(); ++i)
      n += words[i].size() + (i == 0 ? 0 : i + 1 == words.size() ? last.size() : sep.size());
    return n;
  }
  template <size_t N>
  constexpr std::array<char, N + 1> text(std::span<const std::string_view> words) const {
    std::array<char, N + 1> out{};
    size_t at = 0;
    auto put = [&](std::string_view s) {
      for (char c : s) out[at++] = c;
    };
    put(prefix);
    for (size_t i = 0; i < words.size(); ++i) {
      if (i > 0) put(i + 1 == words.size() ? last : sep);
      put(words[i]);
    }
    put(suffix);
    return out;
  }
  // The same text at run time, for lists that registered rooms extend (engine/room_words.h).
  std::string text(const std::vector<std::string>& words) const {
    std::string out(prefix);
    for (size_t i = 0; i < words.size(); ++i) {
      if (i > 0) out += i + 1 == words.size() ? last : sep;
      out += words[i];
    }
    out += suffix;
    return out;
  }
};

}  // namespace carcheck
