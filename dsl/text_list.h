// The one list joiner of the messages in dsl/, checker/ and gamelog/: "a, b, c".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace carcheck {

inline std::string joined(const std::vector<std::string>& items, std::string_view sep = ", ") {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += sep;
    out += items[i];
  }
  return out;
}

}  // namespace carcheck
