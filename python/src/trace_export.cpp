#include "trace_export.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "checker/state_spec.h"
#include "checker/trace.h"

namespace carcheck::py {

namespace pyb = pybind11;
using namespace pybind11::literals;

namespace {

pyb::dict rule_dict(const TracedRule& r) {
  return pyb::dict("cites"_a = r.cites, "readings"_a = r.readings);
}

}  // namespace

pyb::list state_trace(const PyState& s) {
  // The whole game's trace (checker/trace.h replays it), of which the last apply's steps are
  // the tail: computed when asked, so that apply() stays as fast as without a tracer.
  const std::vector<TraceStep> steps = trace_game(s.state(), shipped_citations());
  pyb::list out;
  const size_t n = std::min(s.last_added(), steps.size());
  for (size_t i = steps.size() - n; i < steps.size(); ++i) {
    const TraceStep& t = steps[i];
    pyb::list events;
    for (const TracedEvent& e : t.events)
      events.append(pyb::dict("text"_a = e.text, "rule"_a = rule_dict(e.rule)));
    out.append(pyb::dict("action"_a = t.action, "refused"_a = t.refused, "reason"_a = t.reason,
                         "rule"_a = rule_dict(t.rule), "events"_a = events));
  }
  return out;
}

std::string state_export_spec(const PyState& s, const std::string& title,
                              const pyb::object& events) {
  StateSpecOptions o;
  o.title = title;
  o.origin = "python";
  if (!events.is_none())
    for (const auto& [after, text] : events.cast<std::vector<std::pair<size_t, std::string>>>())
      o.events.emplace(after, text);
  return state_as_spec(s.state(), o);
}

}  // namespace carcheck::py
