// A strict JSON reader for the game log (gamelog/log_read.cpp): every fuzzed game's log is
// read back, so the text is parsed into one flat array of values instead of a tree of maps.
// It accepts exactly what nlohmann::json::parse accepts and gives the same values: a leading
// UTF-8 byte order mark skipped; strings validated as UTF-8, escapes and surrogate pairs
// decoded; a number without fraction or exponent is unsigned (no '-') or integer, and becomes a
// float when it overflows 64 bits; an object's members in key order, a repeated key keeping its
// last value. Nesting is walked with an explicit stack, so no input can exhaust the call stack.
// Strings and keys are views: into the parsed text when they hold no escape (nearly every one
// in a log, so that reading copies no text), else into the document's own decoded copy. They
// are valid while both the text and the document (until its next parse) live.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace carcheck::jsonin {

enum class Type : uint8_t { Null, Boolean, Integer, Unsigned, Float, String, Array, Object };

struct Value {
  Type type = Type::Null;
  bool boolean = false;
  int64_t integer = 0;     // Integer
  uint64_t unsigned_ = 0;  // Unsigned
  std::string_view text;   // String
  std::string_view key;    // its key, as a member of an object
  uint32_t first = 0;      // Array, Object: children are kids[first .. first + count)
  // An object's members stay as written (a repeated key counted each time) until they are
  // first walked in key order: most objects are only looked up by key, so they are never sorted.
  mutable uint32_t count = 0;
  mutable bool in_key_order = true;

  bool is_number() const {
    return type == Type::Integer || type == Type::Unsigned || type == Type::Float;
  }
  bool is_number_integer() const { return type == Type::Integer || type == Type::Unsigned; }
  // As nlohmann's get<int64_t>() gives it (an unsigned one cast).
  int64_t as_int64() const {
    return type == Type::Unsigned ? static_cast<int64_t>(unsigned_) : integer;
  }
};

class Document {
 public:
  // false: `text` is not one JSON value (the reason is not kept: the log says "not JSON").
  bool parse(std::string_view text);
  const Value& root() const { return values_.front(); }
  size_t size(const Value& v) const;                   // items, or members with distinct keys
  const Value& child(const Value& v, size_t i) const;  // item or member i (members in key order)
  // The member `key` (of a repeated key, the last), or nullptr.
  const Value* find(const Value& object, std::string_view key) const;
  // The members as written, a repeated key counted each time (equal to size() when no key
  // repeats), without putting them in key order.
  size_t written_size(const Value& v) const { return v.count; }
  // Member i as written (or, once walked in key order, in key order), i < written_size(v).
  const Value& written_member(const Value& v, size_t i) const {
    return values_[kids_[v.first + i]];
  }

 private:
  bool string(std::string_view& out);
  bool number(Value& v);
  void close(uint32_t container, size_t mark);
  void key_order(const Value& object) const;

  std::string_view in_;
  size_t pos_ = 0;
  std::vector<Value> values_;
  mutable std::vector<uint32_t> kids_;  // an object's stretch is sorted when first walked
  std::vector<uint32_t> pending_;       // children of the open containers, innermost last
  std::deque<std::string> decoded_;     // strings with escapes, decoded (stable addresses)
};

}  // namespace carcheck::jsonin
