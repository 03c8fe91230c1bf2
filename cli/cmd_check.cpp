// `carcheck check`: runs executable specs (docs/spec-language.md) and reports one line per
// spec, the details of every failure, and a total.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "checker/spec_files.h"
#include "checker/spec_runner.h"
#include "cli/check_report.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/output_file.h"
#include "cli/usage.h"
#include "dsl/tile_loader.h"

namespace carcheck {

namespace {

namespace fs = std::filesystem;

constexpr const char* kAbout =
    "run executable specs against the rule sets (default: specs/)\n"
    "\n"
    "Runs executable specs (*.spec files; a folder is searched recursively) against the rule\n"
    "sets and prints one line per spec: PASS, FAIL or ERROR, its name and what it cites, then\n"
    "the total. A failure shows the expectation, the expected and the actual value, the last\n"
    "action played and the board. --html FILE also writes the results as one HTML page, each\n"
    "failure with the board drawn as SVG. The spec language is described in\n"
    "docs/spec-language.md.\n";

struct CheckOptions {
  std::vector<std::string> roots;
  SpecRunOptions run;
  bool matrix = false;
  bool json = false;
  std::string junit;
  std::string html;
};

// One result per spec, or with --matrix one per value of each switch the spec names.
void run_one(const SpecPath& f, const CheckOptions& o, std::vector<SpecResult>& results) {
  if (!o.matrix) {
    results.push_back(run_spec_file(f.path, f.name, o.run));
    return;
  }
  SpecFile spec;
  try {
    spec = load_spec(f.path);
  } catch (const InputError&) {
    results.push_back(run_spec_file(f.path, f.name, o.run));  // reports the error
    return;
  }
  for (const std::string& v : matrix_runs(spec, o.run)) {
    SpecResult r = run_spec(spec, o.run, v);
    r.name = f.name;
    results.push_back(std::move(r));
  }
}

void report(const std::vector<SpecResult>& results, const SpecTally& t, const CheckOptions& o) {
  if (o.json) {
    print_json(std::cout, check_json(results, t));
    return;
  }
  for (const SpecResult& r : results) print_spec_text(std::cout, r);
  if (o.matrix) print_matrix(std::cout, results);
  std::cout << fmt::format("{} passed, {} failed", t.passed, t.failed);
  if (t.errors) std::cout << fmt::format(", {} errors", t.errors);
  std::cout << "\n";
}

int check(CheckOptions o) {
  for (const std::string& kv : o.run.forced) {
    try {
      check_forced_variant(Library::shipped(), kv);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  }
  if (o.roots.empty())
    o.roots.push_back((fs::path(default_tiles_path()).parent_path() / "specs").string());
  const std::vector<SpecPath> files = collect_specs(o.roots);
  if (!o.junit.empty()) check_writable("--junit", o.junit);
  if (!o.html.empty()) check_writable("--html", o.html);
  std::vector<SpecResult> results;
  for (const SpecPath& f : files) run_one(f, o, results);
  const SpecTally t = tally(results);
  report(results, t, o);
  if (!o.junit.empty()) {
    std::ostringstream junit;
    write_junit(junit, results, t);
    write_file_whole(o.junit, junit.str());
  }
  if (!o.html.empty()) {
    std::ostringstream page;
    write_check_html(page, results, t);
    write_file_whole(o.html, page.str());
  }
  return t.errors ? 2 : t.failed ? 1 : 0;
}

}  // namespace

CommandRun add_check_command(Command& carcheck) {
  auto o = std::make_shared<CheckOptions>();
  Command cmd = carcheck.subcommand("check", kAbout);
  cmd.option("PATH", o->roots,
             "spec files or folders (default: the specs/ folder of the shipped data)")
      .type_name("PATH");
  add_variant_option(cmd, o->run.forced,
                     "select a rule variant on every spec whose rule set has the switch\n"
                     "(repeatable); expectations bound by `under` to another value are skipped");
  cmd.flag("--matrix", o->matrix,
           "run every spec under every value of each switch it selects or binds an\n"
           "expectation to, and print a table of the outcomes per variant")
      .disable_flag_override();
  cmd.option("--junit", o->junit, "also write the results as JUnit XML to FILE").type_name("FILE");
  cmd.option("--html", o->html,
             "also write the results as one self-contained HTML page to FILE, the board\n"
             "at each failure drawn as SVG")
      .type_name("FILE");
  cmd.flag("--trace", o->run.trace,
           "after each spec, every action it plays (and every `expect illegal`) with the\n"
           "events it caused and, for each event and refusal, the rule behind it\n"
           "(citations.yaml: seed passage or FAQ id) and the register readings in force")
      .disable_flag_override();
  add_json_flag(cmd, o->json,
                "print one JSON object instead of text (with --trace: a\n"
                "\"trace\" array per spec)");
  cmd.footer(
      "Exit status: 0 every spec passed; 1 a spec failed; 2 a spec has an error, or bad usage.");
  return [o] { return check(*o); };
}

}  // namespace carcheck
