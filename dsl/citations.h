// The rule behind each event and refusal (citations.yaml): for `--trace`, so that a designer
// who doubts a number sees which passage, and which register switches, produced it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/rules.h"

namespace carcheck {

struct RuleCitation {
  bool refusal = false;  // a refusal row (by action kind), else an event row
  EventKind event = EventKind::TileDrawn;
  ActionKind action = ActionKind::Draw;
  FeatureClass feature = FeatureClass::None;  // None: any feature class
  uint8_t families = 0;                       // bit per Family
  std::vector<std::string> cites;             // passages and FAQ ids
  std::vector<std::string> switches;          // register switch ids
  int line = 0;                               // where the row is in the file
  bool with_bridge = false;                   // `with: bridge`: placed with its bridge
  // `rooms: [...]`: a room's own row, answering only in rule sets that combine one of these
  // add-on rooms, and adding its passages to the family's row (rooms compose, so do their
  // citations). Empty: the family's row.
  std::vector<std::string> rooms;
};

class RuleCitations {
 public:
  std::vector<RuleCitation> rows;

  // The row for an event of `family` (a row naming the event's feature wins), or nullptr.
  // `bridged`: the event is a tile placed with its bridge (BCB, seed 003 fn 17): a `with:
  // bridge` row wins; such a row answers no other event.
  const RuleCitation* for_event(Family family, EventKind kind, FeatureClass feature,
                                bool bridged = false) const;
  // The row for a refused action of kind `kind` in `family`, or nullptr.
  const RuleCitation* for_refusal(Family family, ActionKind kind) const;

  // In a rule set: the family's row as above, then each of its add-on rooms' rows, in the
  // rule set's room order (none where a room has none). Empty when nothing answers.
  std::vector<const RuleCitation*> event_rows(const RuleSet& r, EventKind kind,
                                              FeatureClass feature, bool bridged = false) const;
  std::vector<const RuleCitation*> refusal_rows(const RuleSet& r, ActionKind kind) const;

 private:
  const RuleCitation* event_row(Family family, const std::string& room, EventKind kind,
                                FeatureClass feature, bool bridged) const;
  const RuleCitation* refusal_row(Family family, const std::string& room, ActionKind kind) const;
};

// Reads citations.yaml; every name is checked (events, features, families, action verbs and,
// against `rule_sets`, switch ids): InputError at file:line:column otherwise.
RuleCitations load_citations(const std::string& path, const std::vector<RuleSet>& rule_sets);
RuleCitations load_citations_from_string(const std::string& text, const std::string& file,
                                         const std::vector<RuleSet>& rule_sets);
// The shipped citations.yaml, beside the levels.yaml in use.
std::string default_citations_path();

}  // namespace carcheck
