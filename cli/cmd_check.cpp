// `carcheck check`: runs executable specs (docs/spec-language.md) and reports one line per
// spec, the details of every failure, and a total.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "checker/spec_runner.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "dsl/tile_loader.h"

namespace carcheck {

namespace {

namespace fs = std::filesystem;

constexpr const char* kCheckUsage =
    R"(usage: carcheck check [PATH...] [--variant K=V ...] [--matrix] [--junit FILE] [--json]

Runs executable specs (*.spec files; a folder is searched recursively) against the rule sets
and prints one line per spec: PASS, FAIL or ERROR, its name and what it cites, then the
total. A failure shows the expectation, the expected and the actual value, the last action
played and the board. The spec language is described in docs/spec-language.md.

  PATH            spec files or folders (default: the specs/ folder of the shipped data)
  --variant K=V   select a rule variant on every spec whose rule set has the switch
                  (repeatable); expectations bound by `under` to another value are skipped
  --matrix        run every spec under every value of each switch it selects or binds an
                  expectation to, and print a table of the outcomes per variant
  --junit FILE    also write the results as JUnit XML to FILE
  --json          print one JSON object instead of text

Exit status: 0 every spec passed; 1 a spec failed; 2 a spec has an error, or bad usage.
)";

struct SpecPath {
  std::string path;  // the file
  std::string name;  // shown: its path under the folder searched, without .spec
};

std::vector<SpecPath> collect(const std::vector<std::string>& roots) {
  std::vector<SpecPath> out;
  for (const std::string& root : roots) {
    fs::path p(root);
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<SpecPath> found;
      for (auto it = fs::recursive_directory_iterator(
               p, fs::directory_options::follow_directory_symlink, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_regular_file() || it->path().extension() != ".spec") continue;
        fs::path rel = fs::relative(it->path(), p);
        found.push_back({it->path().string(), rel.replace_extension().generic_string()});
      }
      if (found.empty()) throw std::invalid_argument("no .spec files under " + root);
      std::sort(found.begin(), found.end(),
                [](const SpecPath& a, const SpecPath& b) { return a.name < b.name; });
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p, ec)) {
      out.push_back({p.string(), fs::path(p).replace_extension().generic_string()});
    } else {
      throw std::invalid_argument("no such file or folder: " + root);
    }
  }
  return out;
}

std::string cites_text(const SpecResult& r) {
  std::string t;
  for (size_t i = 0; i < r.cites.size(); ++i) t += (i ? "; " : "") + r.cites[i];
  return t;
}

std::string display_name(const SpecResult& r) {
  return r.variant.empty() ? r.name : r.name + " [" + r.variant + "]";
}

std::string indented(const std::string& text, const std::string& pad) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) out += pad + line + "\n";
  return out;
}

void print_text(std::ostream& o, const SpecResult& r) {
  o << spec_outcome_name(r.outcome) << (r.outcome == SpecOutcome::Error ? " " : "  ")
    << display_name(r);
  if (!r.title.empty()) o << ": " << r.title;
  if (!r.cites.empty()) o << "  [" << cites_text(r) << "]";
  o << "\n";
  if (r.outcome == SpecOutcome::Error) o << "      " << r.error << "\n";
  for (const SpecCheckFailure& f : r.failures) {
    o << "      " << f.at.file << ":" << f.at.line << ":" << f.at.column << ": " << f.statement
      << "\n";
    o << "        expected: " << f.expected << "\n";
    o << "        actual:   " << f.actual << "\n";
    o << "        after:    " << f.after << "\n";
    if (!f.under.empty()) o << "        under:    " << f.under << "\n";
  }
  if (!r.board.empty())
    o << "      board (at the first failure):\n" << indented(r.board, "        ");
}

void print_matrix(std::ostream& o, const std::vector<SpecResult>& results) {
  size_t w = 4;
  for (const SpecResult& r : results) w = std::max(w, r.name.size());
  o << "\nvariant matrix\n  " << std::string("spec") << std::string(w - 4 + 2, ' ') << "variant\n";
  std::string last;
  for (const SpecResult& r : results) {
    std::string name = r.name == last ? "" : r.name;
    last = r.name;
    std::string variant = r.variant.empty() ? "(as written: no variant switch)" : r.variant;
    o << "  " << name << std::string(w - name.size() + 2, ' ') << variant
      << std::string(variant.size() < 40 ? 40 - variant.size() : 1, ' ')
      << spec_outcome_name(r.outcome) << "\n";
  }
}

// XML 1.0: escape markup, drop the control characters it cannot hold.
std::string xml(const std::string& s) {
  std::string out;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    switch (c) {
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
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
          out += '?';
        else
          out += ch;
    }
  }
  return out;
}

void write_junit(std::ostream& o, const std::vector<SpecResult>& results, int failed, int errors) {
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  o << "<testsuites name=\"carcheck check\" tests=\"" << results.size() << "\" failures=\""
    << failed << "\" errors=\"" << errors << "\">\n";
  o << "  <testsuite name=\"carcheck specs\" tests=\"" << results.size() << "\" failures=\""
    << failed << "\" errors=\"" << errors << "\" skipped=\"0\">\n";
  for (const SpecResult& r : results) {
    std::string cls =
        r.name.find('/') == std::string::npos ? "specs" : r.name.substr(0, r.name.rfind('/'));
    std::replace(cls.begin(), cls.end(), '/', '.');
    o << "    <testcase classname=\"" << xml(cls) << "\" name=\"" << xml(display_name(r))
      << "\" file=\"" << xml(r.path) << "\">\n";
    if (r.outcome == SpecOutcome::Error) {
      o << "      <error type=\"spec-error\" message=\"" << xml(r.error) << "\">" << xml(r.error)
        << "</error>\n";
    } else if (r.outcome == SpecOutcome::Fail) {
      const SpecCheckFailure& f = r.failures.front();
      std::ostringstream body;
      print_text(body, r);
      o << "      <failure type=\"expectation\" message=\""
        << xml(f.statement + ": expected " + f.expected + ", actual " + f.actual) << "\">"
        << xml(body.str()) << "</failure>\n";
    }
    if (!r.cites.empty())
      o << "      <system-out>" << xml("cites: " + cites_text(r)) << "</system-out>\n";
    o << "    </testcase>\n";
  }
  o << "  </testsuite>\n</testsuites>\n";
}

void write_json(std::ostream& o, const std::vector<SpecResult>& results, int passed, int failed,
                int errors) {
  json::Writer w(o);
  w.begin_object().key("specs").begin_array();
  for (const SpecResult& r : results) {
    w.begin_object();
    w.member("name", r.name).member("file", r.path).member("title", r.title);
    w.key("cites").begin_array();
    for (const std::string& c : r.cites) w.value(c);
    w.end_array();
    w.member("rules", r.rules);
    if (!r.variant.empty()) w.member("variant", r.variant);
    std::string outcome = spec_outcome_name(r.outcome);
    std::transform(outcome.begin(), outcome.end(), outcome.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    w.member("outcome", outcome).member("checked", r.checked).member("skipped", r.skipped);
    if (r.outcome == SpecOutcome::Error) w.member("error", r.error);
    w.key("failures").begin_array();
    for (const SpecCheckFailure& f : r.failures) {
      w.begin_object()
          .member("file", f.at.file)
          .member("line", f.at.line)
          .member("column", f.at.column)
          .member("statement", f.statement)
          .member("expected", f.expected)
          .member("actual", f.actual)
          .member("after", f.after);
      if (!f.under.empty()) w.member("under", f.under);
      w.end_object();
    }
    w.end_array();
    if (!r.board.empty()) w.member("board", r.board);
    w.end_object();
  }
  w.end_array();
  w.member("passed", passed).member("failed", failed).member("errors", errors);
  w.end_object();
  o << "\n";
}

}  // namespace

int cmd_check(const Args& args) {
  std::vector<std::string> roots;
  SpecRunOptions options;
  bool matrix = false, json_out = false;
  std::string junit;
  ArgParser p(args);
  try {
    while (!p.done()) {
      std::string a = p.next();
      if (a == "--help" || a == "-h") {
        std::cout << kCheckUsage;
        return 0;
      } else if (a == "--variant")
        options.forced.push_back(p.value(a));
      else if (a == "--matrix")
        matrix = true;
      else if (a == "--junit")
        junit = p.value(a);
      else if (a == "--json")
        json_out = true;
      else if (!a.empty() && a[0] == '-')
        throw std::invalid_argument("unknown option '" + a + "'");
      else
        roots.push_back(a);
    }
    for (const std::string& kv : options.forced) check_forced_variant(Library::shipped(), kv);
    if (roots.empty())
      roots.push_back((fs::path(default_tiles_path()).parent_path() / "specs").string());
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "carcheck check: " << e.what() << "\n\n" << kCheckUsage;
    return 2;
  }
  std::vector<SpecPath> files;
  try {
    files = collect(roots);
  } catch (const std::invalid_argument& e) {
    std::cerr << "carcheck check: " << e.what() << "\n";
    return 2;
  }

  std::vector<SpecResult> results;
  for (const SpecPath& f : files) {
    if (!matrix) {
      results.push_back(run_spec_file(f.path, f.name, options));
      continue;
    }
    SpecFile spec;
    try {
      spec = load_spec(f.path);
    } catch (const InputError&) {
      results.push_back(run_spec_file(f.path, f.name, options));  // reports the error
      continue;
    }
    for (const std::string& v : matrix_runs(spec, options)) {
      SpecResult r = run_spec(spec, options, v);
      r.name = f.name;
      results.push_back(std::move(r));
    }
  }

  int passed = 0, failed = 0, errors = 0;
  for (const SpecResult& r : results) {
    passed += r.outcome == SpecOutcome::Pass;
    failed += r.outcome == SpecOutcome::Fail;
    errors += r.outcome == SpecOutcome::Error;
  }
  if (json_out) {
    write_json(std::cout, results, passed, failed, errors);
  } else {
    for (const SpecResult& r : results) print_text(std::cout, r);
    if (matrix) print_matrix(std::cout, results);
    std::cout << passed << " passed, " << failed << " failed";
    if (errors) std::cout << ", " << errors << " errors";
    std::cout << "\n";
  }
  if (!junit.empty()) {
    std::ofstream out(junit);
    if (!out) {
      std::cerr << "carcheck check: cannot write " << junit << "\n";
      return 2;
    }
    write_junit(out, results, failed, errors);
  }
  return errors ? 2 : failed ? 1 : 0;
}

}  // namespace carcheck
