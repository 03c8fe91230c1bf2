#include "dsl/yaml_reader.h"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace carcheck {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourcePos{path, 1, 1}, "cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

ParsedInt parse_int(std::string_view s, long long lo, long long hi) {
  ParsedInt out;
  const size_t digits_from = !s.empty() && s[0] == '-' ? 1 : 0;
  if (s.size() == digits_from || !std::all_of(s.begin() + static_cast<long>(digits_from), s.end(),
                                              [](char c) { return c >= '0' && c <= '9'; }))
    return out;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out.value);
  if (end != s.data() + s.size()) return out;
  out.problem = ec != std::errc() || out.value < lo || out.value > hi ? ParsedInt::OutOfRange
                                                                      : ParsedInt::None;
  return out;
}

}  // namespace carcheck

namespace carcheck::yamlx {
namespace {

// Records where documents start, nothing else. yaml-cpp 0.7's LoadAll never returns on a stray
// ',' outside a flow collection: the parser starts empty documents at it forever without
// consuming it (and Load drops it silently). So documents are counted first, two at most.
class DocumentStarts : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> starts;
  void OnDocumentStart(const YAML::Mark& mark) override { starts.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// yaml-cpp says where it noticed a mistake, which may lie earlier; say so, and say what the
// commonest mistakes look like.
std::string syntax_reason(const std::string& msg) {
  std::string reason = fmt::format("YAML syntax error: {}", msg);
  if (msg.find("not found") != std::string::npos)
    reason +=
        " (noticed here; the mistake may lie earlier: an unclosed quote or bracket, or a "
        "wrong indentation)";
  if (msg.find("illegal map value") != std::string::npos)
    reason += " (a ': ' inside a plain value starts a new key: put the value in quotes)";
  return reason;
}

}  // namespace

std::string found(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Map:
      return "a map";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Scalar:
      return n.Tag() == "?" ? fmt::format("'{}'", n.Scalar())
                            : fmt::format("the string \"{}\"", n.Scalar());
    default:
      return "nothing";
  }
}

std::string one_of(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += (i + 1 == names.size()) ? " or " : ", ";
    out += names[i];
  }
  return out;
}

bool is_kebab(const std::string& s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok || (c == '-' && s[i + 1] == '-')) return false;
  }
  return true;
}

Value Reader::document(const std::string& text, const std::string& empty_reason) const {
  YAML::Node doc;
  try {
    std::istringstream in(text);
    YAML::Parser parser(in);
    DocumentStarts docs;
    while (docs.starts.size() < 2 && parser.HandleNextDocument(docs)) {
    }
    if (docs.starts.empty()) fail(YAML::Mark(), empty_reason);
    if (docs.starts.size() > 1) {
      const YAML::Mark at = docs.starts[1];
      const size_t pos = at.pos >= 0 ? static_cast<size_t>(at.pos) : text.size();
      if (pos < text.size() && text[pos] == ',') fail(at, "YAML syntax error: unexpected ','");
      fail(at, "a second YAML document: the file holds one");
    }
    doc = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    fail(e.mark, syntax_reason(e.msg));
  }
  return Value{doc, doc.Mark(), "the file"};
}

void Reader::fail(const YAML::Mark& mark, const std::string& reason) const {
  const int line = mark.line >= 0 ? mark.line + 1 : 1;
  const int column = mark.column >= 0 ? mark.column + 1 : 1;
  throw InputError(SourcePos{file_, line, column}, reason);
}

std::string Reader::string(const Value& v) const {
  if (!v.node.IsScalar())
    fail(v, fmt::format("expected a string for {}, got {}", v.name, found(v.node)));
  if (v.node.Scalar().empty()) fail(v, fmt::format("{} is empty", v.name));
  return v.node.Scalar();
}

std::string Reader::name(const Value& v) const {
  std::string s = string(v);
  if (!is_kebab(s))
    fail(v, fmt::format(
                "'{}' is not a kebab-case name (lower-case letters, digits, single hyphens)", s));
  return s;
}

int Reader::integer(const Value& v, int lo, int hi) const {
  const YAML::Node& n = v.node;
  // A quoted "72" is a string: numbers are plain scalars (tag "?").
  const ParsedInt p = n.IsScalar() && n.Tag() == "?" ? parse_int(n.Scalar(), lo, hi) : ParsedInt{};
  if (p.problem == ParsedInt::NotANumber)
    fail(v, fmt::format("expected an integer for {}, got {}", v.name, found(n)));
  if (p.problem == ParsedInt::OutOfRange)
    fail(v, fmt::format("{} must be between {} and {}, not {}", v.name, lo, hi, n.Scalar()));
  return static_cast<int>(p.value);
}

bool Reader::boolean(const Value& v) const {
  const YAML::Node& n = v.node;
  if (n.IsScalar() && n.Tag() == "?" && (n.Scalar() == "true" || n.Scalar() == "false"))
    return n.Scalar() == "true";
  fail(v, fmt::format("expected true or false for {}, got {}", v.name, found(n)));
}

std::vector<Value> Reader::list(const Value& v) const {
  if (!v.node.IsSequence())
    fail(v, fmt::format("expected a list for {}, got {}", v.name, found(v.node)));
  std::vector<Value> items;
  for (size_t i = 0; i < v.node.size(); ++i) {
    const YAML::Node item = v.node[i];
    const YAML::Mark mark = item.IsNull() ? v.mark : item.Mark();
    items.push_back({item, mark, fmt::format("item {} of {}", i + 1, v.name)});
  }
  return items;
}

Map::Map(const Reader& rd, const Value& v, const std::vector<std::string>* allowed,
         const std::vector<std::string>* listed)
    : rd_(rd), at_(v) {
  if (!v.node.IsMap())
    rd.fail(v, fmt::format("expected a map for {}, got {}", v.name, found(v.node)));
  for (auto it = v.node.begin(); it != v.node.end(); ++it) {
    const Value key{it->first, it->first.Mark(), fmt::format("a key of {}", v.name)};
    const std::string k = rd.string(key);
    if (allowed && std::find(allowed->begin(), allowed->end(), k) == allowed->end())
      rd.fail(key, fmt::format("unknown key '{}' in {} (expected {})", k, v.name,
                               one_of(listed ? *listed : *allowed)));
    // yaml-cpp keeps both copies of a duplicate key; the first would win silently.
    if (const Field* first = find(k))
      rd.fail(key, fmt::format("duplicate key '{}' in {} (first at line {})", k, v.name,
                               first->key_mark.line + 1));
    const YAML::Node value = it->second;
    fields_.push_back({k, value, value.IsNull() ? key.mark : value.Mark(), key.mark});
  }
}

Value Map::value_of(const Field& f) const {
  return Value{f.node, f.value_mark,
               qualify_ ? fmt::format("'{}' of {}", f.key, at_.name) : fmt::format("'{}'", f.key)};
}

Value Map::required(const std::string& key) const {
  if (const Field* f = find(key)) return value_of(*f);
  rd_.fail(at_, fmt::format("missing key '{}' in {}", key, at_.name));
}

std::optional<Value> Map::optional(const std::string& key) const {
  if (const Field* f = find(key)) return value_of(*f);
  return std::nullopt;
}

std::vector<std::pair<std::string, YAML::Mark>> Map::keys() const {
  std::vector<std::pair<std::string, YAML::Mark>> out;
  for (const Field& f : fields_) out.emplace_back(f.key, f.key_mark);
  return out;
}

const Map::Field* Map::find(const std::string& key) const {
  for (const Field& f : fields_)
    if (f.key == key) return &f;
  return nullptr;
}

}  // namespace carcheck::yamlx
