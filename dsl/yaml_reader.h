// The one strict YAML reader of the data files (tiles.yaml, levels.yaml): one document per
// file, every wrong type, unknown, duplicate or missing key an InputError at the offending
// text's `file:line:column` (yaml-cpp marks are 0-based; messages are 1-based). Nothing is
// defaulted silently. Also the one file reader and the one bounded integer parser of dsl/.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dsl/diagnostic.h"
#include "dsl/text_list.h"

namespace carcheck {

// The whole file as text; InputError `path:1:1: cannot open the file` otherwise.
std::string read_file(const std::string& path);

// A whole decimal number (an optional '-', then digits, nothing else) within [lo, hi].
struct ParsedInt {
  enum Problem { None, NotANumber, OutOfRange } problem = NotANumber;
  long long value = 0;
};
ParsedInt parse_int(std::string_view text, long long lo, long long hi);

}  // namespace carcheck

namespace carcheck::yamlx {

// "a, b or c"
std::string one_of(const std::vector<std::string>& names);
// "a, b, c" (dsl/text_list.h)
using carcheck::joined;
bool is_kebab(const std::string& s);
// How a message names what it found: "a map", "'fifty'", "the string \"72\"".
std::string found(const YAML::Node& n);

// A node of the document and where a message about it points: the node itself, or its key
// when the value is empty (yaml-cpp marks an empty value at the next token).
struct Value {
  YAML::Node node;
  YAML::Mark mark;
  std::string name;  // as messages name it: "'goal'", "item 2 of 'meeples'", "the file"
};

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  // The single document of `text`: a syntax error, an empty text (`empty_reason`) or a second
  // document is refused.
  Value document(const std::string& text, const std::string& empty_reason) const;

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& reason) const;
  [[noreturn]] void fail(const Value& v, const std::string& reason) const { fail(v.mark, reason); }

  std::string string(const Value& v) const;
  std::string name(const Value& v) const;  // a kebab-case name
  int integer(const Value& v, int lo, int hi) const;
  bool boolean(const Value& v) const;
  std::vector<Value> list(const Value& v) const;

  // One of a fixed set of names.
  template <typename E>
  E choice(const Value& v, const std::vector<std::pair<std::string, E>>& options,
           const std::string& what) const {
    const std::string s = string(v);
    std::vector<std::string> names;
    for (const auto& [n, e] : options) {
      if (n == s) return e;
      names.push_back(n);
    }
    fail(v, "unknown " + what + " '" + s + "' (expected " + one_of(names) + ")");
  }

 private:
  std::string file_;
};

// A mapping whose keys are checked on construction: no duplicates, and (when `allowed` is
// given) no key outside it; `listed` (default: `allowed`) is what the message offers instead.
class Map {
 public:
  Map(const Reader& rd, const Value& v, const std::vector<std::string>* allowed,
      const std::vector<std::string>* listed = nullptr);

  // How later messages name this map (a rule set or tile is named once its name is read).
  void rename(std::string name) { at_.name = std::move(name); }
  // From now on a field is named "'key' of <this map>" rather than "'key'".
  void qualify_fields() { qualify_ = true; }

  Value required(const std::string& key) const;
  std::optional<Value> optional(const std::string& key) const;
  // Keys in document order, with the place of each key.
  std::vector<std::pair<std::string, YAML::Mark>> keys() const;
  const Value& self() const { return at_; }

 private:
  struct Field {
    std::string key;
    YAML::Node node;
    YAML::Mark value_mark, key_mark;
  };
  const Field* find(const std::string& key) const;
  Value value_of(const Field& f) const;

  const Reader& rd_;
  Value at_;
  std::vector<Field> fields_;
  bool qualify_ = false;
};

}  // namespace carcheck::yamlx
