// check(): runs specs (checker/spec_runner.h) as `carcheck check` does, the GIL released,
// and returns one SpecResult per spec (per variant with matrix=True).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "bindings.h"
#include "checker/spec_files.h"
#include "checker/spec_runner.h"
#include "convert.h"
#include "dsl/tile_loader.h"
#include "errors.h"

namespace carcheck::py {

namespace pyb = pybind11;
using namespace pybind11::literals;

namespace {

namespace fs = std::filesystem;

// Where an ERROR's `file:line:column: reason` points (line and column 0 when it names no
// place), and its reason.
struct ErrorPlace {
  int line = 0, column = 0;
  std::string reason;
};

ErrorPlace error_place(const SpecResult& r) {
  ErrorPlace at;
  at.reason = r.error;
  const std::string prefix = r.path + ":";
  if (r.error.rfind(prefix, 0) != 0) return at;
  size_t i = prefix.size();
  auto number = [&](int& n) {
    const size_t from = i;
    for (; i < r.error.size() && std::isdigit(static_cast<unsigned char>(r.error[i])); ++i)
      n = n * 10 + (r.error[i] - '0');
    return i > from && i < r.error.size() && r.error[i++] == ':';
  };
  int line = 0, column = 0;
  size_t rest = prefix.size();
  if (number(line) && number(column)) {
    at.line = line;
    at.column = column;
    rest = i;
  }
  if (rest < r.error.size() && r.error[rest] == ' ') ++rest;
  at.reason = r.error.substr(rest);
  return at;
}

std::string failure_text(const SpecCheckFailure& f) {
  std::string text = f.at.file + ":" + std::to_string(f.at.line) + ":" +
                     std::to_string(f.at.column) + ": " + f.statement + ": expected " + f.expected +
                     ", actual " + f.actual;
  if (!f.after.empty()) text += " (after " + f.after + ")";
  if (!f.under.empty()) text += " [under " + f.under + "]";
  return text;
}

std::string message(const SpecResult& r) {
  if (r.outcome == SpecOutcome::Error) return r.error;
  std::string out;
  for (const SpecCheckFailure& f : r.failures) {
    if (!out.empty()) out += '\n';
    out += failure_text(f);
  }
  return out;
}

void run_one(const SpecPath& f, const SpecRunOptions& run, bool matrix,
             std::vector<SpecResult>& results) {
  if (!matrix) {
    results.push_back(run_spec_file(f.path, f.name, run));
    return;
  }
  SpecFile spec;
  try {
    spec = load_spec(f.path);
  } catch (const InputError&) {
    results.push_back(run_spec_file(f.path, f.name, run));  // reports the error
    return;
  }
  for (const std::string& v : matrix_runs(spec, run)) {
    SpecResult r = run_spec(spec, run, v);
    r.name = f.name;
    results.push_back(std::move(r));
  }
}

pyb::list check(const pyb::object& paths, const pyb::object& variant_arg, bool matrix,
                const std::optional<std::string>& data, const std::string& errors) {
  if (errors != "raise" && errors != "report")
    throw std::invalid_argument("errors takes 'raise' or 'report', not '" + errors + "'");
  std::string tiles, levels, specs;
  if (data) {
    tiles = (fs::path(*data) / "tiles.yaml").string();
    levels = (fs::path(*data) / "levels.yaml").string();
    specs = (fs::path(*data) / "specs").string();
  } else {
    specs = (fs::path(default_tiles_path()).parent_path() / "specs").string();
  }
  const std::vector<std::string> variants = variant_list(variant_arg);
  SpecRunOptions run;
  run.library = &Library::shipped(tiles, levels);  // loaded here, read while the GIL is free
  run.forced = variants;
  for (const std::string& kv : variants) check_forced_variant(*run.library, kv);
  std::vector<std::string> roots = path_list(paths);
  if (roots.empty()) roots.push_back(specs);
  const std::vector<SpecPath> files = collect_specs(roots);
  std::vector<SpecResult> results;
  {
    pyb::gil_scoped_release free_python;
    for (const SpecPath& f : files) run_one(f, run, matrix, results);
  }
  pyb::list out = pyb::cast(results);
  if (errors == "raise")
    for (const SpecResult& r : results)
      if (r.outcome == SpecOutcome::Error) {  // bad input, as the command's exit status 2
        const ErrorPlace at = error_place(r);
        raise_error(r.error, r.path, at.line, at.column, at.reason, pyb::dict("results"_a = out));
      }
  return out;
}

pyb::dict failure_dict(const SpecCheckFailure& f) {
  return pyb::dict("file"_a = f.at.file, "line"_a = f.at.line, "column"_a = f.at.column,
                   "statement"_a = f.statement, "expected"_a = f.expected, "actual"_a = f.actual,
                   "after"_a = f.after, "under"_a = f.under);
}

}  // namespace

void bind_check(pyb::module_& m) {
  pyb::class_<SpecResult>(m, "SpecResult", "One spec's run: status PASS, FAIL or ERROR.")
      .def_readonly("name", &SpecResult::name)
      .def_readonly("file", &SpecResult::path)
      .def_readonly("title", &SpecResult::title)
      .def_readonly("cites", &SpecResult::cites)
      .def_readonly("rules", &SpecResult::rules)
      .def_readonly("variant", &SpecResult::variant)
      .def_readonly("checked", &SpecResult::checked)
      .def_readonly("skipped", &SpecResult::skipped)
      .def_readonly("board", &SpecResult::board)
      .def_readonly("board_svg", &SpecResult::board_svg)
      .def_property_readonly(
          "trace", [](const SpecResult& r) { return trace_text(r.trace); },
          "run_spec(): the rule trace as text (as `check --trace` prints it).")
      .def_property_readonly("status",
                             [](const SpecResult& r) { return spec_outcome_name(r.outcome); })
      .def_property_readonly("passed",
                             [](const SpecResult& r) { return r.outcome == SpecOutcome::Pass; })
      .def_property_readonly(
          "line",
          [](const SpecResult& r) -> pyb::object {
            if (r.outcome == SpecOutcome::Fail && !r.failures.empty())
              return pyb::int_(r.failures.front().at.line);
            if (r.outcome == SpecOutcome::Error) return pyb::int_(error_place(r).line);
            return pyb::none();
          },
          "The first failure's line, an error's line (0: none), None for a pass.")
      .def_property_readonly("message", &message,
                             "An error's `file:line:column: reason`, or one line per failure.")
      .def_property_readonly("failures",
                             [](const SpecResult& r) {
                               pyb::list out;
                               for (const SpecCheckFailure& f : r.failures)
                                 out.append(failure_dict(f));
                               return out;
                             })
      .def("__repr__", [](const SpecResult& r) {
        return std::string("<carcheck.SpecResult ") + spec_outcome_name(r.outcome) + " " + r.name +
               (r.variant.empty() ? "" : " [" + r.variant + "]") + ">";
      });
  m.def(
      "run_spec",
      [](const std::string& text, const std::string& name, const std::string& variant) {
        SpecRunOptions run;
        run.trace = true;
        try {
          const SpecFile spec = parse_spec(text, name);
          pyb::gil_scoped_release free_python;
          return run_spec(spec, run, variant);
        } catch (const InputError& e) {
          SpecResult r;
          r.path = r.name = name;
          r.outcome = SpecOutcome::Error;
          r.error = e.what();
          return r;
        }
      },
      "text"_a, "name"_a = "page.spec", "variant"_a = "",
      "Runs spec text (not a file) as `carcheck check --trace` does: a SpecResult, an ERROR\n"
      "one for bad text (never raised); `name` is the file its messages name; variant\n"
      "\"key=value\" selects one --matrix run. The trace is SpecResult.trace.");
  m.def("check", &check, "paths"_a = pyb::none(), "variants"_a = pyb::none(), "matrix"_a = false,
        "data"_a = pyb::none(), "errors"_a = "raise",
        "Runs spec files (a folder: every *.spec under it; default: the shipped specs/) as\n"
        "`carcheck check` does and returns a SpecResult per spec. variants: {key: value} (or\n"
        "[\"key=value\"]) forced on every spec whose rule set has the switch; matrix: one run per "
        "value of\n"
        "every switch a spec names. A spec with an error (bad syntax, a setup the engine\n"
        "refuses) raises carcheck.Error with its `file:line:column: reason` and every\n"
        "result as .results; errors=\"report\" returns it as an ERROR result instead.");
}

}  // namespace carcheck::py
