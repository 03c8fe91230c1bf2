// What `carcheck check` prints: a line per spec with the details of a failure, the --matrix
// table, the --json document and the --junit XML.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "checker/spec_runner.h"
#include "cli/json.h"

namespace carcheck {

struct SpecTally {
  int passed = 0, failed = 0, errors = 0;
};
SpecTally tally(const std::vector<SpecResult>& results);

// PASS/FAIL/ERROR, name, title and cites; for a failure the expectation, the expected and
// actual values, the last action and the board.
void print_spec_text(std::ostream& out, const SpecResult& r);
// The outcome of every run per variant (--matrix).
void print_matrix(std::ostream& out, const std::vector<SpecResult>& results);
Json check_json(const std::vector<SpecResult>& results, const SpecTally& t);
// --trace as JSON: every action with its events, each with its rule (checker/trace.h).
Json trace_json(const std::vector<TraceStep>& steps);
void write_junit(std::ostream& out, const std::vector<SpecResult>& results, const SpecTally& t);
// One self-contained HTML page: a row per spec (outcome, name, file, title, cites), then each
// FAIL with its failures and the board at the first one as inline SVG, each ERROR with its
// reason (cli/check_html.cpp).
void write_check_html(std::ostream& out, const std::vector<SpecResult>& results,
                      const SpecTally& t);
// Text as XML 1.0 character data or attribute value (for the JUnit reports).
std::string xml(const std::string& s);

}  // namespace carcheck
