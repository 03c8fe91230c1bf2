// Compact JSON written straight into a string, with no document tree in between: the game log
// (gamelog/log_write.cpp) writes one line per game, and every fuzzed game writes one, so the
// writer appends and never builds a DOM. The text is what nlohmann's dump(-1) gives for the same
// values (no spaces, ensure_ascii off, invalid UTF-8 replaced), so logs stay byte-identical.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace carcheck::jsonout {

// Appends `v` as a JSON string: '"', '\\' and control characters escaped as nlohmann does
// (\b \f \n \r \t, else \u00xx); text with bytes >= 0x80 goes through nlohmann, which keeps
// valid UTF-8 and replaces invalid bytes with U+FFFD.
void string(std::string& out, std::string_view v);

// Decimal digits as std::to_string gives them, without a string in between.
inline void integer(std::string& out, int64_t v) {
  char buf[24];
  out.append(buf, static_cast<size_t>(std::to_chars(buf, buf + sizeof buf, v).ptr - buf));
}
inline void unsigned_integer(std::string& out, uint64_t v) {
  char buf[24];
  out.append(buf, static_cast<size_t>(std::to_chars(buf, buf + sizeof buf, v).ptr - buf));
}

// `"key":`, after a comma unless it is the object's first member.
inline void key(std::string& out, bool& first, std::string_view k) {
  if (!first) out += ',';
  first = false;
  string(out, k);
  out += ':';
}

}  // namespace carcheck::jsonout
