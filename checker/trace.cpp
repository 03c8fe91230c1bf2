#include "checker/trace.h"

#include <algorithm>

#include "checker/spec_runner.h"
#include "dsl/library.h"
#include "engine/notation.h"

namespace carcheck {

TracedRule Tracer::rule_of(const std::vector<const RuleCitation*>& rows) const {
  TracedRule r;
  for (const RuleCitation* row : rows) {
    r.cites.insert(r.cites.end(), row->cites.begin(), row->cites.end());
    for (const std::string& id : row->switches)
      for (const VariantSwitch& v : game_.rules().variants) {
        const std::string reading = id + "=" + v.value();
        if (v.id == id &&
            std::find(r.readings.begin(), r.readings.end(), reading) == r.readings.end())
          r.readings.push_back(reading);
      }
  }
  return r;
}

TraceStep Tracer::accepted(const State& s, const std::string& action, int line) const {
  TraceStep t;
  t.line = line;
  t.action = action;
  // BCB: a placement that came with its bridge (seed 003 fn 17) reports the tile placed, then
  // the bridge built, in one step; a bridge built later is a step of its own.
  bool bridged = false;
  for (const Event& e : s.events()) bridged = bridged || e.kind == EventKind::BridgeBuilt;
  for (const Event& e : s.events()) {
    const bool with_bridge = bridged && e.kind == EventKind::TilePlaced;
    t.events.push_back({event_as_spec_text(s, e),
                        rule_of(table_.event_rows(game_.rules(), e.kind, e.feature, with_bridge))});
  }
  return t;
}

TraceStep Tracer::refused(std::optional<ActionKind> kind, const std::string& action,
                          const std::string& reason, int line) const {
  TraceStep t;
  t.line = line;
  t.action = action;
  t.refused = true;
  t.reason = reason;
  if (kind) t.rule = rule_of(table_.refusal_rows(game_.rules(), *kind));
  return t;
}

std::vector<TraceStep> trace_game(const State& played, const RuleCitations& table) {
  const Game& g = played.game();
  const Tracer tracer(g, table);
  State s(g, played.seed());
  std::vector<TraceStep> out;
  for (const Action& a : played.history()) {
    const std::string text = action_text(s, a);
    if (const auto why = s.apply(a)) {  // cannot happen for a game the engine played
      out.push_back(tracer.refused(a.kind, text, *why));
      break;
    }
    out.push_back(tracer.accepted(s, text));
  }
  return out;
}

const RuleCitations& shipped_citations() {
  static const RuleCitations table =
      load_citations(default_citations_path(), Library::shipped().rule_sets);
  return table;
}

namespace {

void rule_lines(std::string& out, const TracedRule& r, const char* indent) {
  if (r.cites.empty()) {
    out += std::string(indent) + "rule: (no row in citations.yaml)\n";
    return;
  }
  for (size_t i = 0; i < r.cites.size(); ++i)
    out += std::string(indent) + (i == 0 ? "rule: " : "      ") + r.cites[i] + "\n";
  if (!r.readings.empty()) {
    out += std::string(indent) + "reading:";
    for (const std::string& kv : r.readings) out += " " + kv;
    out += "\n";
  }
}

}  // namespace

std::string trace_text(const std::vector<TraceStep>& steps) {
  std::string out;
  for (const TraceStep& t : steps) {
    out += (t.line > 0 ? "  line " + std::to_string(t.line) + ": " : "  ") + t.action + "\n";
    if (t.refused) {
      out += "      refused: " + t.reason + "\n";
      rule_lines(out, t.rule, "        ");
    }
    for (const TracedEvent& e : t.events) {
      out += "      " + e.text + "\n";
      rule_lines(out, e.rule, "        ");
    }
  }
  return out;
}

}  // namespace carcheck
