// What `carcheck check` prints (cli/check_report.h).
#include "cli/check_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "render/markup.h"

namespace carcheck {

namespace {

std::string cites_text(const SpecResult& r) { return fmt::format("{}", fmt::join(r.cites, "; ")); }

std::string display_name(const SpecResult& r) {
  return r.variant.empty() ? r.name : fmt::format("{} [{}]", r.name, r.variant);
}

std::string indented(const std::string& text, const std::string& pad) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) out += pad + line + "\n";
  return out;
}

void print_failure(std::ostream& o, const SpecCheckFailure& f) {
  o << fmt::format("      {}:{}:{}: {}\n", f.at.file, f.at.line, f.at.column, f.statement);
  o << fmt::format("        expected: {}\n        actual:   {}\n        after:    {}\n", f.expected,
                   f.actual, f.after);
  if (!f.under.empty()) o << fmt::format("        under:    {}\n", f.under);
}

void write_testcase(std::ostream& o, const SpecResult& r) {
  std::string cls =
      r.name.find('/') == std::string::npos ? "specs" : r.name.substr(0, r.name.rfind('/'));
  std::replace(cls.begin(), cls.end(), '/', '.');
  o << fmt::format("    <testcase classname=\"{}\" name=\"{}\" file=\"{}\">\n", xml(cls),
                   xml(display_name(r)), xml(r.path));
  if (r.outcome == SpecOutcome::Error) {
    o << fmt::format("      <error type=\"spec-error\" message=\"{0}\">{0}</error>\n",
                     xml(r.error));
  } else if (r.outcome == SpecOutcome::Fail) {
    const SpecCheckFailure& f = r.failures.front();
    std::ostringstream body;
    print_spec_text(body, r);
    o << fmt::format(
        "      <failure type=\"expectation\" message=\"{}\">{}</failure>\n",
        xml(fmt::format("{}: expected {}, actual {}", f.statement, f.expected, f.actual)),
        xml(body.str()));
  }
  if (!r.cites.empty())
    o << fmt::format("      <system-out>{}</system-out>\n", xml("cites: " + cites_text(r)));
  o << "    </testcase>\n";
}

Json failure_json(const SpecCheckFailure& f) {
  Json j = {{"file", f.at.file},        {"line", f.at.line},      {"column", f.at.column},
            {"statement", f.statement}, {"expected", f.expected}, {"actual", f.actual},
            {"after", f.after}};
  if (!f.under.empty()) j["under"] = f.under;
  return j;
}

Json spec_json(const SpecResult& r) {
  Json j = {{"name", r.name}, {"file", r.path}, {"title", r.title}, {"cites", r.cites}};
  j["rules"] = r.rules;
  if (!r.variant.empty()) j["variant"] = r.variant;
  std::string outcome = spec_outcome_name(r.outcome);
  std::transform(outcome.begin(), outcome.end(), outcome.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  j["outcome"] = outcome;
  j["checked"] = r.checked;
  j["skipped"] = r.skipped;
  if (r.outcome == SpecOutcome::Error) j["error"] = r.error;
  j["failures"] = Json::array();
  for (const SpecCheckFailure& f : r.failures) j["failures"].push_back(failure_json(f));
  if (!r.board.empty()) j["board"] = r.board;
  if (!r.trace.empty()) j["trace"] = trace_json(r.trace);
  return j;
}

}  // namespace

std::string xml(const std::string& s) { return markup_text(s); }

static Json rule_json(const TracedRule& r) {
  return {{"cites", r.cites}, {"readings", r.readings}};
}

// --trace: every action with its events, each with the rule behind it (checker/trace.h).
Json trace_json(const std::vector<TraceStep>& steps) {
  Json out = Json::array();
  for (const TraceStep& t : steps) {
    Json j = Json::object();
    if (t.line > 0) j["line"] = t.line;  // a spec's line; a played game has none
    j["action"] = t.action;
    j["refused"] = t.refused;
    if (t.refused) {
      j["reason"] = t.reason;
      j["rule"] = rule_json(t.rule);
    }
    j["events"] = Json::array();
    for (const TracedEvent& e : t.events)
      j["events"].push_back({{"event", e.text}, {"rule", rule_json(e.rule)}});
    out.push_back(std::move(j));
  }
  return out;
}

SpecTally tally(const std::vector<SpecResult>& results) {
  SpecTally t;
  for (const SpecResult& r : results) {
    t.passed += r.outcome == SpecOutcome::Pass;
    t.failed += r.outcome == SpecOutcome::Fail;
    t.errors += r.outcome == SpecOutcome::Error;
  }
  return t;
}

void print_spec_text(std::ostream& o, const SpecResult& r) {
  o << spec_outcome_name(r.outcome) << (r.outcome == SpecOutcome::Error ? " " : "  ")
    << display_name(r);
  if (!r.title.empty()) o << ": " << r.title;
  if (!r.cites.empty()) o << "  [" << cites_text(r) << "]";
  o << "\n";
  if (r.outcome == SpecOutcome::Error) o << "      " << r.error << "\n";
  for (const SpecCheckFailure& f : r.failures) print_failure(o, f);
  if (!r.board.empty())
    o << "      board (at the first failure):\n" << indented(r.board, "        ");
  if (!r.trace.empty()) o << "    trace:\n" << trace_text(r.trace);
}

void print_matrix(std::ostream& o, const std::vector<SpecResult>& results) {
  size_t width = 4;
  for (const SpecResult& r : results) width = std::max(width, r.name.size());
  o << fmt::format("\nvariant matrix\n  {:<{}}variant\n", "spec", width + 2);
  std::string last;
  for (const SpecResult& r : results) {
    const std::string name = r.name == last ? "" : r.name;
    last = r.name;
    const std::string variant = r.variant.empty() ? "(as written: no variant switch)" : r.variant;
    o << fmt::format("  {:<{}}{:<{}}{}\n", name, width + 2, variant,
                     std::max<size_t>(40, variant.size() + 1), spec_outcome_name(r.outcome));
  }
}

Json check_json(const std::vector<SpecResult>& results, const SpecTally& t) {
  Json doc = {{"specs", Json::array()}};
  for (const SpecResult& r : results) doc["specs"].push_back(spec_json(r));
  doc["passed"] = t.passed;
  doc["failed"] = t.failed;
  doc["errors"] = t.errors;
  return doc;
}

void write_junit(std::ostream& o, const std::vector<SpecResult>& results, const SpecTally& t) {
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  o << fmt::format(
      "<testsuites name=\"carcheck check\" tests=\"{}\" failures=\"{}\" "
      "errors=\"{}\">\n",
      results.size(), t.failed, t.errors);
  o << fmt::format(
      "  <testsuite name=\"carcheck specs\" tests=\"{}\" failures=\"{}\" "
      "errors=\"{}\" skipped=\"0\">\n",
      results.size(), t.failed, t.errors);
  for (const SpecResult& r : results) write_testcase(o, r);
  o << "  </testsuite>\n</testsuites>\n";
}

}  // namespace carcheck
