#include "dsl/yaml_util.h"

#include <fstream>
#include <sstream>
#include <vector>

namespace carcheck::yamlx {

YAML::Node load_text(const std::string& text, const std::string& file) {
  try {
    return YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    std::string reason = "YAML syntax error: " + e.msg;
    if (e.msg.find("not found") != std::string::npos)  // yaml-cpp says where it noticed
      reason +=
          " (noticed here; the mistake may lie earlier: an unclosed quote or bracket, or a "
          "wrong indentation)";
    if (e.msg.find("illegal map value") != std::string::npos)
      reason += " (a ': ' inside a plain value starts a new key: put the value in quotes)";
    throw InputError({file, e.mark.line + 1, e.mark.column + 1}, reason);
  }
}

YAML::Node load_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError({path, 0, 0}, "cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  return load_text(ss.str(), path);
}

void Reader::expect_map(const YAML::Node& n, const std::string& what) const {
  if (!n.IsMap()) fail(n, what + " must be a mapping (key: value)");
}

void Reader::expect_seq(const YAML::Node& n, const std::string& what) const {
  if (!n.IsSequence()) fail(n, what + " must be a list");
}

void Reader::check_keys(const YAML::Node& map, std::initializer_list<const char*> allowed,
                        const std::string& what) const {
  std::vector<YAML::Node> seen;  // yaml-cpp keeps duplicate keys; the first would win silently
  for (const auto& kv : map) {
    std::string key = kv.first.IsScalar() ? kv.first.Scalar() : "";
    for (const YAML::Node& k : seen)
      if (k.Scalar() == key)
        fail(kv.first, "key '" + key + "' is given twice in " + what + " (first at line " +
                           std::to_string(pos_of(k, file_).line) + ")");
    if (kv.first.IsScalar()) seen.push_back(kv.first);
    bool ok = false;
    std::string list;
    for (const char* a : allowed) {
      ok = ok || key == a;
      list += (list.empty() ? "" : ", ") + std::string(a);
    }
    if (!ok) fail(kv.first, "unknown key '" + key + "' in " + what + " (known: " + list + ")");
  }
}

YAML::Node Reader::required(const YAML::Node& map, const char* key, const std::string& what) const {
  YAML::Node n = map[key];
  if (!n) fail(map, what + " lacks the required key '" + key + "'");
  return n;
}

std::string Reader::str(const YAML::Node& n, const std::string& what) const {
  if (!n.IsScalar()) fail(n, what + " must be a text value");
  return n.Scalar();
}

int Reader::integer(const YAML::Node& n, const std::string& what, int lo, int hi) const {
  if (!n.IsScalar()) fail(n, what + " must be a whole number");
  const std::string& s = n.Scalar();
  size_t used = 0;
  long v = 0;
  try {
    v = std::stol(s, &used);
  } catch (...) {
    used = 0;
  }
  if (used == 0 || used != s.size()) fail(n, what + " must be a whole number, not '" + s + "'");
  if (v < lo || v > hi)
    fail(n, what + " must lie between " + std::to_string(lo) + " and " + std::to_string(hi) +
                ", not " + s);
  return static_cast<int>(v);
}

bool Reader::boolean(const YAML::Node& n, const std::string& what) const {
  if (n.IsScalar()) {
    const std::string& s = n.Scalar();
    if (s == "true") return true;
    if (s == "false") return false;
  }
  fail(n, what + " must be true or false");
}

}  // namespace carcheck::yamlx
