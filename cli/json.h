// A minimal JSON writer for the command line's --json output (no JSON library is a dependency).
// Compact output, one value per call; the writer inserts commas and checks nothing else.
//
//   json::Writer w(std::cout);
//   w.begin_object().key("sets").begin_array();
//   w.begin_object().key("name").value("base-c1").key("tiles").value(72).end_object();
//   w.end_array().end_object();
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace carcheck::json {

// `s` as a JSON string literal, quotes included. Bytes >= 0x80 pass through (UTF-8 in, UTF-8
// out); control characters become escapes.
inline std::string quote(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
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
        if (c < 0x20 || c == 0x7f) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 0xf];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
  return out;
}

class Writer {
 public:
  explicit Writer(std::ostream& out) : out_(out) {}

  Writer& begin_object() { return open('{'); }
  Writer& end_object() { return close('}'); }
  Writer& begin_array() { return open('['); }
  Writer& end_array() { return close(']'); }

  // The key of the next member of the current object.
  Writer& key(std::string_view k) {
    comma();
    out_ << quote(k) << ':';
    after_key_ = true;
    return *this;
  }

  Writer& value(std::string_view s) { return raw(quote(s)); }
  Writer& value(const std::string& s) { return raw(quote(s)); }
  Writer& value(const char* s) { return raw(quote(s)); }
  Writer& value(bool b) { return raw(b ? "true" : "false"); }
  Writer& value(int v) { return raw(std::to_string(v)); }
  Writer& value(long v) { return raw(std::to_string(v)); }
  Writer& value(long long v) { return raw(std::to_string(v)); }
  Writer& value(unsigned v) { return raw(std::to_string(v)); }
  Writer& value(unsigned long v) { return raw(std::to_string(v)); }
  Writer& value(unsigned long long v) { return raw(std::to_string(v)); }
  Writer& null() { return raw("null"); }

  // A member in one call: key(k).value(v).
  template <typename T>
  Writer& member(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }

 private:
  void comma() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_.empty()) {
      if (!first_.back()) out_ << ',';
      first_.back() = false;
    }
  }
  Writer& open(char c) {
    comma();
    out_ << c;
    first_.push_back(true);
    return *this;
  }
  Writer& close(char c) {
    out_ << c;
    if (!first_.empty()) first_.pop_back();
    return *this;
  }
  Writer& raw(std::string_view text) {
    comma();
    out_ << text;
    return *this;
  }

  std::ostream& out_;
  std::vector<bool> first_;  // per open object or array: no member written yet
  bool after_key_ = false;
};

}  // namespace carcheck::json
