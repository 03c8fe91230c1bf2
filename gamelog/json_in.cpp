// The strict JSON reader (gamelog/json_in.h): nlohmann::json::parse's grammar, values and
// object semantics, without building a tree of maps.
#include "gamelog/json_in.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace carcheck::jsonin {

namespace {

inline constexpr std::ptrdiff_t kSmallObject = 24;  // members sorted in place up to this many

bool is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The bytes that end a run of plain string characters: '"', '\\', control characters and
// every byte >= 0x80 (UTF-8, validated on its own). One table load a character.
constexpr std::array<bool, 256> kStringStop = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[static_cast<size_t>(c)] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80;
  return t;
}();

bool is_digit(int c) { return c >= '0' && c <= '9'; }

int hex_value(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// The length of the well-formed UTF-8 sequence at `p` (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), or 0.
size_t utf8_length(std::string_view in, size_t p) {
  auto at = [&](size_t i) -> int {
    return p + i < in.size() ? static_cast<unsigned char>(in[p + i]) : -1;
  };
  auto in_range = [&](size_t i, int lo, int hi) { return at(i) >= lo && at(i) <= hi; };
  const int c = at(0);
  if (c >= 0xC2 && c <= 0xDF) return in_range(1, 0x80, 0xBF) ? 2 : 0;
  if (c == 0xE0) return in_range(1, 0xA0, 0xBF) && in_range(2, 0x80, 0xBF) ? 3 : 0;
  if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF)
    return in_range(1, 0x80, 0xBF) && in_range(2, 0x80, 0xBF) ? 3 : 0;
  if (c == 0xED) return in_range(1, 0x80, 0x9F) && in_range(2, 0x80, 0xBF) ? 3 : 0;
  if (c == 0xF0)
    return in_range(1, 0x90, 0xBF) && in_range(2, 0x80, 0xBF) && in_range(3, 0x80, 0xBF) ? 4 : 0;
  if (c >= 0xF1 && c <= 0xF3)
    return in_range(1, 0x80, 0xBF) && in_range(2, 0x80, 0xBF) && in_range(3, 0x80, 0xBF) ? 4 : 0;
  if (c == 0xF4)
    return in_range(1, 0x80, 0x8F) && in_range(2, 0x80, 0xBF) && in_range(3, 0x80, 0xBF) ? 4 : 0;
  return 0;
}

}  // namespace

// An object's members in key order, a repeated key keeping its last value (a std::map
// assigned member by member); done once, when the members are first walked.
void Document::key_order(const Value& object) const {
  if (object.in_key_order) return;
  object.in_key_order = true;
  const auto b = kids_.begin() + object.first;
  auto e = b + object.count;
  // A log's keys mostly differ in their first byte: that decides without a string compare.
  auto less = [&](uint32_t x, uint32_t y) {
    const std::string_view kx = values_[x].key, ky = values_[y].key;
    if (!kx.empty() && !ky.empty() && kx.front() != ky.front())
      return static_cast<unsigned char>(kx.front()) < static_cast<unsigned char>(ky.front());
    return kx < ky;
  };
  if (e - b <= kSmallObject) {
    // Small objects: a stable insertion sort, with no buffer to allocate (std::stable_sort
    // takes one per call).
    for (auto it = b + (b != e); it < e; ++it)
      for (auto j = it; j != b && less(*j, *(j - 1)); --j) std::iter_swap(j, j - 1);
  } else {
    std::stable_sort(b, e, less);
  }
  auto out = b;
  for (auto it = b; it != e; ++it)
    if (it + 1 == e || values_[*(it + 1)].key != values_[*it].key) *out++ = *it;
  object.count = static_cast<uint32_t>(out - b);
}

size_t Document::size(const Value& v) const {
  if (v.type == Type::Object) key_order(v);
  return v.count;
}

const Value& Document::child(const Value& v, size_t i) const {
  if (v.type == Type::Object) key_order(v);
  return values_[kids_[v.first + i]];
}

const Value* Document::find(const Value& object, std::string_view key) const {
  // Backwards: of a repeated key, the last member is the one that counts.
  for (uint32_t i = object.count; i-- > 0;) {
    const Value& m = values_[kids_[object.first + i]];
    if (m.key.size() == key.size() && (key.empty() || m.key.front() == key.front()) && m.key == key)
      return &m;
  }
  return nullptr;
}

// At the opening quote; leaves pos_ after the closing one. `out` views the text itself
// unless the string holds an escape: then the decoded copy, from the first escape on.
bool Document::string(std::string_view& out) {
  const size_t start = ++pos_;
  const size_t n = in_.size();
  std::string* buf = nullptr;  // the decoded copy, once an escape was met
  for (;;) {
    size_t run = pos_;  // plain characters, appended at once
    while (run < n && !kStringStop[static_cast<unsigned char>(in_[run])]) ++run;
    if (buf) buf->append(in_.data() + pos_, run - pos_);
    pos_ = run;
    if (pos_ >= n) return false;
    const auto c = static_cast<unsigned char>(in_[pos_]);
    if (c == '"') {
      out = buf ? std::string_view(*buf) : in_.substr(start, pos_ - start);
      ++pos_;
      return true;
    }
    if (c < 0x20) return false;
    if (c >= 0x80) {  // well-formed UTF-8 is kept as it is
      const size_t len = utf8_length(in_, pos_);
      if (len == 0) return false;
      if (buf) buf->append(in_.data() + pos_, len);
      pos_ += len;
      continue;
    }
    if (!buf) buf = &decoded_.emplace_back(in_.substr(start, pos_ - start));
    std::string& text = *buf;
    // An escape.
    if (pos_ + 1 >= n) return false;
    const char e = in_[pos_ + 1];
    pos_ += 2;
    switch (e) {
      case '"':
      case '\\':
      case '/':
        text += e;
        break;
      case 'b':
        text += '\b';
        break;
      case 'f':
        text += '\f';
        break;
      case 'n':
        text += '\n';
        break;
      case 'r':
        text += '\r';
        break;
      case 't':
        text += '\t';
        break;
      case 'u': {
        auto hex4 = [&](uint32_t& cp) {
          if (pos_ + 4 > n) return false;
          cp = 0;
          for (int i = 0; i < 4; ++i) {
            const int h = hex_value(in_[pos_ + static_cast<size_t>(i)]);
            if (h < 0) return false;
            cp = cp * 16 + static_cast<uint32_t>(h);
          }
          pos_ += 4;
          return true;
        };
        uint32_t cp = 0;
        if (!hex4(cp)) return false;
        if (cp >= 0xD800 && cp <= 0xDBFF) {  // a high surrogate needs its low one
          uint32_t lo = 0;
          if (pos_ + 2 > n || in_[pos_] != '\\' || in_[pos_ + 1] != 'u') return false;
          pos_ += 2;
          if (!hex4(lo) || lo < 0xDC00 || lo > 0xDFFF) return false;
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
          return false;
        }
        append_utf8(text, cp);
        break;
      }
      default:
        return false;
    }
  }
}

bool Document::number(Value& v) {
  const size_t start = pos_, n = in_.size();
  auto peek = [&]() -> int { return pos_ < n ? static_cast<unsigned char>(in_[pos_]) : -1; };
  if (peek() == '-') ++pos_;
  if (peek() == '0') {
    ++pos_;
  } else if (is_digit(peek())) {
    while (is_digit(peek())) ++pos_;
  } else {
    return false;
  }
  bool is_float = false;
  if (peek() == '.') {
    ++pos_;
    if (!is_digit(peek())) return false;
    while (is_digit(peek())) ++pos_;
    is_float = true;
  }
  if (peek() == 'e' || peek() == 'E') {
    ++pos_;
    if (peek() == '+' || peek() == '-') ++pos_;
    if (!is_digit(peek())) return false;
    while (is_digit(peek())) ++pos_;
    is_float = true;
  }
  const char* b = in_.data() + start;
  const char* e = in_.data() + pos_;
  if (!is_float) {  // 64 bits or, past them, a float (as nlohmann's lexer does)
    if (*b == '-') {
      int64_t x = 0;
      if (std::from_chars(b, e, x).ec == std::errc{}) {
        v.type = Type::Integer;
        v.integer = x;
        return true;
      }
    } else {
      uint64_t x = 0;
      if (std::from_chars(b, e, x).ec == std::errc{}) {
        v.type = Type::Unsigned;
        v.unsigned_ = x;
        return true;
      }
    }
  }
  // nlohmann refuses a float that overflows to infinity ("number overflow").
  const std::string token(b, e);
  v.type = Type::Float;
  return std::isfinite(std::strtod(token.c_str(), nullptr));
}

// The children of `container` are pending_[mark..]: an object's are kept as written, in key
// order only once walked (key_order).
void Document::close(uint32_t container, size_t mark) {
  const auto b = pending_.begin() + static_cast<std::ptrdiff_t>(mark);
  Value& v = values_[container];
  v.first = static_cast<uint32_t>(kids_.size());
  v.count = static_cast<uint32_t>(pending_.end() - b);
  v.in_key_order = v.type != Type::Object || v.count <= 1;
  kids_.insert(kids_.end(), b, pending_.end());
  pending_.resize(mark);
}

bool Document::parse(std::string_view text) {
  in_ = text;
  pos_ = 0;
  values_.clear();
  kids_.clear();
  pending_.clear();
  decoded_.clear();
  const size_t n = in_.size();
  // A game log has a value every 8 to 10 characters; a huge line grows the array as it goes.
  values_.reserve(std::min<size_t>(n / 8, 1 << 14));
  if (n > 0 && static_cast<unsigned char>(in_[0]) == 0xEF) {  // a byte order mark
    if (in_.substr(0, 3) != "\xEF\xBB\xBF") return false;
    pos_ = 3;
  }
  struct Open {
    uint32_t value;
    size_t mark;
    bool object;
  };
  std::vector<Open> open;
  std::string_view key;
  auto peek = [&]() -> int { return pos_ < n ? static_cast<unsigned char>(in_[pos_]) : -1; };
  auto space = [&] {
    while (is_space(peek())) ++pos_;
  };
  auto member_key = [&] {  // `"key" :`
    space();
    if (peek() != '"' || !string(key)) return false;
    space();
    if (peek() != ':') return false;
    ++pos_;
    return true;
  };
  for (;;) {
    // A value.
    space();
    const auto idx = static_cast<uint32_t>(values_.size());
    values_.emplace_back();
    if (!open.empty()) {
      pending_.push_back(idx);
      if (open.back().object) values_.back().key = key;
    }
    const int c = peek();
    bool closed = true;  // the value is complete (a scalar, or an empty container)
    if (c == '{' || c == '[') {
      const bool object = c == '{';
      values_.back().type = object ? Type::Object : Type::Array;
      ++pos_;
      open.push_back({idx, pending_.size(), object});
      space();
      if (peek() == (object ? '}' : ']')) {
        ++pos_;
        close(idx, pending_.size());
        open.pop_back();
      } else {
        if (object && !member_key()) return false;
        closed = false;
      }
    } else if (c == '"') {
      values_.back().type = Type::String;
      if (!string(values_.back().text)) return false;
    } else if (c == 't' || c == 'f' || c == 'n') {
      const std::string_view word = c == 't' ? "true" : c == 'f' ? "false" : "null";
      if (in_.substr(pos_, word.size()) != word) return false;
      pos_ += word.size();
      values_.back().type = c == 'n' ? Type::Null : Type::Boolean;
      values_.back().boolean = c == 't';
    } else if (c == '-' || is_digit(c)) {
      if (!number(values_.back())) return false;
    } else {
      return false;
    }
    if (!closed) continue;
    // After a value: the next one of its container, or the container's end.
    for (;;) {
      space();
      if (open.empty()) return pos_ == n;
      const Open top = open.back();
      if (peek() == ',') {
        ++pos_;
        if (top.object && !member_key()) return false;
        break;
      }
      if (peek() != (top.object ? '}' : ']')) return false;
      ++pos_;
      close(top.value, top.mark);
      open.pop_back();
    }
  }
}

}  // namespace carcheck::jsonin
