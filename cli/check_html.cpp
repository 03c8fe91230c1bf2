// `carcheck check --html FILE` (cli/check_report.h): the run's results as one page that needs
// nothing else (no script, no fetch); a FAIL shows the board as the SVG render/board_svg draws.
#include <fmt/format.h>

#include <algorithm>

#include "cli/check_report.h"
#include "render/markup.h"

namespace carcheck {

namespace {

constexpr const char* kStyle =
    "body{font-family:sans-serif;margin:1.5em;color:#222}"
    "table.specs{border-collapse:collapse}"
    "table.specs td,table.specs th{border:1px solid #ccc;padding:2px 8px;text-align:left}"
    "td.outcome{font-weight:bold}"
    "tr.pass td.outcome{color:#1a7f37}tr.fail td.outcome{color:#c62828}"
    "tr.error td.outcome{color:#b26a00}"
    "section.result{border-top:2px solid #ccc;margin-top:1.5em;padding-top:.5em}"
    "dl.failure{margin-left:1em}dl.failure dt{font-weight:bold;margin-top:.5em}"
    "pre{background:#f4f4f4;padding:.5em;overflow:auto}";

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string shown_name(const SpecResult& r) {
  return r.variant.empty() ? r.name : fmt::format("{} [{}]", r.name, r.variant);
}

// Where the result points: the first failure's file:line:column, an ERROR's own position
// (its reason starts with it), else the spec file.
std::string where(const SpecResult& r) {
  if (!r.failures.empty()) {
    const SourcePos& at = r.failures.front().at;
    return fmt::format("{}:{}:{}", at.file, at.line, at.column);
  }
  return r.path;
}

void write_row(std::ostream& o, const SpecResult& r, size_t index) {
  const std::string outcome = spec_outcome_name(r.outcome);
  const std::string name = markup_text(shown_name(r));
  o << fmt::format("<tr class=\"{}\"><td class=\"outcome\">{}</td><td>{}</td><td>{}</td>",
                   lower(outcome), outcome,
                   r.outcome == SpecOutcome::Pass
                       ? name
                       : fmt::format("<a href=\"#result-{}\">{}</a>", index, name),
                   markup_text(where(r)));
  o << fmt::format("<td>{}</td><td>{}</td></tr>\n", markup_text(r.title),
                   markup_text(fmt::format("{}", fmt::join(r.cites, "; "))));
}

void write_failure(std::ostream& o, const SpecCheckFailure& f) {
  o << fmt::format("<dl class=\"failure\"><dt>{}:{}:{}: {}</dt>", markup_text(f.at.file), f.at.line,
                   f.at.column, markup_text(f.statement));
  o << fmt::format("<dd>expected: {}</dd><dd>actual: {}</dd><dd>after: {}</dd>",
                   markup_text(f.expected), markup_text(f.actual), markup_text(f.after));
  if (!f.under.empty()) o << fmt::format("<dd>under: {}</dd>", markup_text(f.under));
  o << "</dl>\n";
}

void write_details(std::ostream& o, const SpecResult& r, size_t index) {
  const std::string outcome = spec_outcome_name(r.outcome);
  o << fmt::format("<section class=\"result {}\" id=\"result-{}\"><h2>{} {}</h2>\n", lower(outcome),
                   index, outcome, markup_text(shown_name(r)));
  if (!r.rules.empty()) o << fmt::format("<p>rules: {}</p>\n", markup_text(r.rules));
  if (r.outcome == SpecOutcome::Error)
    o << fmt::format("<pre class=\"error\">{}</pre>\n", markup_text(r.error));
  for (const SpecCheckFailure& f : r.failures) write_failure(o, f);
  if (!r.board_svg.empty())
    o << "<h3>The board at the first failure</h3>\n<div class=\"board\">" << r.board_svg
      << "</div>\n";
  if (!r.board.empty())
    o << fmt::format("<details><summary>as text</summary><pre>{}</pre></details>\n",
                     markup_text(r.board));
  o << "</section>\n";
}

}  // namespace

void write_check_html(std::ostream& o, const std::vector<SpecResult>& results, const SpecTally& t) {
  std::string totals = fmt::format("{} passed, {} failed", t.passed, t.failed);
  if (t.errors) totals += fmt::format(", {} errors", t.errors);
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
  o << fmt::format("<title>carcheck check: {}</title>\n<style>{}</style></head>\n<body>\n", totals,
                   kStyle);
  o << fmt::format("<h1>carcheck check</h1>\n<p class=\"totals\">{}</p>\n", totals);
  o << "<table class=\"specs\"><thead><tr><th>outcome</th><th>spec</th><th>file</th>"
       "<th>title</th><th>cites</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < results.size(); ++i) write_row(o, results[i], i);
  o << "</tbody></table>\n";
  for (size_t i = 0; i < results.size(); ++i)
    if (results[i].outcome != SpecOutcome::Pass) write_details(o, results[i], i);
  o << "</body></html>\n";
}

}  // namespace carcheck
