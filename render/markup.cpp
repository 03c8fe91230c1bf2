#include "render/markup.h"

namespace carcheck {

std::string markup_text(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        const bool control = static_cast<unsigned char>(ch) < 0x20;
        out += control && ch != '\t' && ch != '\n' && ch != '\r' ? '?' : ch;
    }
  }
  return out;
}

}  // namespace carcheck
