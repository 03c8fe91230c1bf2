// Runs specs (docs/spec-language.md): builds the spec's game, plays its setup, turns and
// expectations against the engine, and reports PASS, FAIL (an expectation not met, or an
// action refused that the spec plays as legal) or ERROR (the spec itself is wrong: a syntax
// or semantic error, a setup the engine refuses), with the position in the spec file.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "checker/trace.h"
#include "dsl/library.h"
#include "dsl/spec_parser.h"

namespace carcheck {

enum class SpecOutcome { Pass, Fail, Error };
const char* spec_outcome_name(SpecOutcome o);  // PASS, FAIL, ERROR

// One expectation not met, or one action refused.
struct SpecCheckFailure {
  SourcePos at;
  std::string statement;  // as written in the spec
  std::string expected;
  std::string actual;
  std::string after;  // the last action played, with its line ("setup" before the first)
  std::string under;  // the variant binding it was checked under, "" when unbound
};

struct SpecResult {
  std::string path;  // the spec file
  std::string name;  // shown in reports: its path under the folder searched, no .spec
  std::string title;
  std::vector<std::string> cites;
  std::string rules;    // the rule set played ("" when the spec did not get that far)
  std::string variant;  // --matrix: the switch value this run selects
  SpecOutcome outcome = SpecOutcome::Pass;
  std::vector<SpecCheckFailure> failures;
  std::string board;             // the board at the first failure
  std::string board_svg;         // the same board as SVG (render/board_svg.h), for check --html
  std::string error;             // ERROR: file:line:column: reason
  int checked = 0;               // expectations checked
  int skipped = 0;               // expectations skipped (their `under` binding does not hold)
  std::vector<TraceStep> trace;  // --trace: every action and `expect illegal`, with its rules
};

// An event as `expect event` filters it (`scored road value 5 at -3,0 by blue`), what no filter
// reads in parentheses: FAIL reports and the rule trace print events so.
std::string event_as_spec_text(const State& s, const Event& e);

struct SpecRunOptions {
  std::vector<std::string> forced;   // --variant K=V: on every spec whose rule set has the switch
  const Library* library = nullptr;  // default: Library::shipped()
  bool trace = false;                // fill SpecResult::trace (the shipped citations.yaml)
  // The room the spec's game plays in, instead of its rule set's family's: a rule system
  // written outside the engine (a test's toy, engine/room_words.h for its words).
  std::shared_ptr<const RuleSystem> room;
};

// Plays a parsed spec. `matrix_variant` ("key=value" or "") is selected after the spec's own
// variants and the forced ones. Never throws for a bad spec: that is an ERROR result.
SpecResult run_spec(const SpecFile& spec, const SpecRunOptions& options,
                    const std::string& matrix_variant = "");

// A spec's game and its state after the setup block: where run_spec plays the first turn
// from. For the bindings' set-up mode and stepping through a spec (web/src/bindings.cpp).
// Throws InputError, as run_spec reports it as an ERROR (a setup statement the engine refuses,
// at its line, with the engine's reason).
struct SpecStart {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state;  // points into *game
};
SpecStart start_spec(const SpecFile& spec, const SpecRunOptions& options = {});

// Parses and plays a spec file (an unreadable or malformed file is an ERROR result).
SpecResult run_spec_file(const std::string& path, const std::string& name,
                         const SpecRunOptions& options);

// --matrix: the runs of a spec, one "key=value" per value of every switch that its `variant`
// lines and `under` bindings name (a switch fixed by --variant is left out). A spec naming no
// switch runs once, as written: {""}.
std::vector<std::string> matrix_runs(const SpecFile& spec, const SpecRunOptions& options);

// Checks a --variant K=V: some rule set must have switch K with value V. Throws
// std::invalid_argument saying what is wrong otherwise.
void check_forced_variant(const Library& lib, const std::string& key_equals_value);

}  // namespace carcheck
