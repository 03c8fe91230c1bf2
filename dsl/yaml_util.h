// Strict reading of YAML nodes: every wrong type, unknown key or missing key is an
// InputError at the node's own file:line:column.
#pragma once

#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <string>

#include "dsl/diagnostic.h"

namespace carcheck::yamlx {

inline SourcePos pos_of(const YAML::Node& n, const std::string& file) {
  YAML::Mark m = n.Mark();
  if (m.line < 0) return {file, 1, 1};
  return {file, m.line + 1, m.column + 1};
}

// Loads a file (or text) into a node; YAML syntax errors become InputErrors.
YAML::Node load_file(const std::string& path);
YAML::Node load_text(const std::string& text, const std::string& file);

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  [[noreturn]] void fail(const YAML::Node& n, const std::string& reason) const {
    throw InputError(pos_of(n, file_), reason);
  }
  void expect_map(const YAML::Node& n, const std::string& what) const;
  void expect_seq(const YAML::Node& n, const std::string& what) const;
  // Refuses any key of `map` not in `allowed`.
  void check_keys(const YAML::Node& map, std::initializer_list<const char*> allowed,
                  const std::string& what) const;
  YAML::Node required(const YAML::Node& map, const char* key, const std::string& what) const;
  std::string str(const YAML::Node& n, const std::string& what) const;
  int integer(const YAML::Node& n, const std::string& what, int lo, int hi) const;
  bool boolean(const YAML::Node& n, const std::string& what) const;

 private:
  std::string file_;
};

}  // namespace carcheck::yamlx
