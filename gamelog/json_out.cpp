// Compact JSON strings (gamelog/json_out.h).
#include "gamelog/json_out.h"

#include <nlohmann/json.hpp>

namespace carcheck::jsonout {

void string(std::string& out, std::string_view v) {
  bool plain = true;  // nothing to escape: the usual case (keys, tile names, actions)
  for (char c : v) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80) {  // rare: let nlohmann judge the UTF-8
      out += nlohmann::json(std::string(v))
                 .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      return;
    }
    plain = plain && u >= 0x20 && c != '"' && c != '\\';
  }
  if (plain) {
    out += '"';
    out.append(v);
    out += '"';
    return;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (char c : v) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (u < 0x20) {
          out += "\\u00";
          out += kHex[u >> 4];
          out += kHex[u & 15];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

}  // namespace carcheck::jsonout
