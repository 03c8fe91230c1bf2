// citations.yaml: read strictly (dsl/yaml_reader.h), every name checked.
#include "dsl/citations.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <string_view>

#include "dsl/tile_loader.h"
#include "dsl/yaml_reader.h"
#include "engine/add_on.h"
#include "engine/notation.h"
#include "engine/room_words.h"
#include "engine/rule_system.h"

namespace carcheck {
namespace {

using yamlx::joined;
using yamlx::Map;
using yamlx::Reader;
using yamlx::Value;

uint8_t bit(Family f) { return static_cast<uint8_t>(1u << static_cast<int>(f)); }

// The families by the names the one registry gives them (engine/rule_system.h).
const std::vector<std::pair<std::string, Family>>& family_names() {
  static const std::vector<std::pair<std::string, Family>> names = [] {
    std::vector<std::pair<std::string, Family>> v;
    for (const FamilyEntry& e : families()) v.emplace_back(e.name, e.family);
    return v;
  }();
  return names;
}

uint8_t all_families() {
  uint8_t all = 0;
  for (const FamilyEntry& e : families()) all |= bit(e.family);
  return all;
}

std::vector<std::pair<std::string, EventKind>> event_names() {
  std::vector<std::pair<std::string, EventKind>> out;
  for (EventKind k : all_event_kinds()) out.emplace_back(event_name(k), k);  // rooms' too
  return out;
}

std::vector<std::pair<std::string, FeatureClass>> feature_names() {
  std::vector<std::pair<std::string, FeatureClass>> out;
  for (FeatureClass f : all_score_classes()) out.emplace_back(feature_class_name(f), f);
  return out;
}

std::vector<std::pair<std::string, ActionKind>> verbs() {
  std::vector<std::pair<std::string, ActionKind>> out;
  for (const std::string& verb : action_verbs()) out.emplace_back(verb, *action_by_verb(verb));
  return out;
}

bool switch_known(const std::vector<RuleSet>& sets, const std::string& id) {
  for (const RuleSet& r : sets)
    for (const VariantSwitch& v : r.variants)
      if (v.id == id) return true;
  return false;
}

RuleCitation read_row(const Reader& rd, const Value& v, const std::vector<RuleSet>& sets) {
  static const std::vector<std::string> keys = {"event",    "refusal", "feature", "with",
                                                "families", "rooms",   "cites",   "switches"};
  Map m(rd, v, &keys);
  RuleCitation c;
  c.line = static_cast<int>(v.mark.line) + 1;
  const auto event = m.optional("event");
  const auto refusal = m.optional("refusal");
  if (event.has_value() == refusal.has_value())
    rd.fail(v, "a row names either an 'event' or a 'refusal' (an action verb), not both or none");
  if (event) {
    c.event = rd.choice(*event, event_names(), "event");
  } else {
    c.refusal = true;
    c.action = rd.choice(*refusal, verbs(), "action verb");
  }
  if (const auto f = m.optional("feature")) {
    if (c.refusal) rd.fail(*f, "a refusal row takes no 'feature'");
    c.feature = rd.choice(*f, feature_names(), "feature class");
  }
  if (const auto w = m.optional("with")) {
    static const std::vector<std::pair<std::string, bool>> withs = {{"bridge", true}};
    c.with_bridge = rd.choice(*w, withs, "placement kind");
    if (c.refusal || c.event != EventKind::TilePlaced)
      rd.fail(*w, "only a tile-placed row takes 'with: bridge'");
  }
  c.families = all_families();
  if (const auto f = m.optional("families")) {
    c.families = 0;
    for (const Value& item : rd.list(*f)) {
      const uint8_t b = bit(rd.choice(item, family_names(), "rule system"));
      if (c.families & b) rd.fail(item, "rule system listed twice");
      c.families |= b;
    }
  }
  if (const auto r = m.optional("rooms")) {
    const std::vector<Value> items = rd.list(*r);
    if (items.empty()) rd.fail(*r, "'rooms' is empty: leave the key out for the family's row");
    for (const Value& item : items) {
      const std::string name = rd.name(item);
      if (!find_add_on(name))
        rd.fail(item,
                fmt::format("unknown add-on room '{}' (known: {})", name, joined(add_on_names())));
      if (std::find(c.rooms.begin(), c.rooms.end(), name) != c.rooms.end())
        rd.fail(item, fmt::format("room '{}' is listed twice", name));
      c.rooms.push_back(name);
    }
  }
  for (const Value& item : rd.list(m.required("cites"))) c.cites.push_back(rd.string(item));
  if (c.cites.empty()) rd.fail(m.required("cites"), "a row cites at least one passage");
  if (const auto s = m.optional("switches"))
    for (const Value& item : rd.list(*s)) {
      const std::string id = rd.name(item);
      if (!switch_known(sets, id))
        rd.fail(item, fmt::format("unknown switch '{}' (not in levels.yaml)", id));
      c.switches.push_back(id);
    }
  return c;
}

}  // namespace

const RuleCitation* RuleCitations::for_event(Family family, EventKind kind, FeatureClass feature,
                                             bool bridged) const {
  return event_row(family, "", kind, feature, bridged);
}

// Whether row `c` is `room`'s own ("": the family's row, naming no room).
static bool of_room(const RuleCitation& c, const std::string& room) {
  return room.empty() ? c.rooms.empty()
                      : std::find(c.rooms.begin(), c.rooms.end(), room) != c.rooms.end();
}

const RuleCitation* RuleCitations::event_row(Family family, const std::string& room, EventKind kind,
                                             FeatureClass feature, bool bridged) const {
  const RuleCitation *exact = nullptr, *any = nullptr;
  for (const RuleCitation& c : rows) {
    if (c.refusal || c.event != kind || !(c.families & bit(family)) || !of_room(c, room)) continue;
    if (c.with_bridge) {
      if (bridged) return &c;
      continue;
    }
    if (c.feature == feature && feature != FeatureClass::None && !exact) exact = &c;
    if (c.feature == FeatureClass::None && !any) any = &c;
  }
  return exact ? exact : any;
}

const RuleCitation* RuleCitations::for_refusal(Family family, ActionKind kind) const {
  return refusal_row(family, "", kind);
}

const RuleCitation* RuleCitations::refusal_row(Family family, const std::string& room,
                                               ActionKind kind) const {
  for (const RuleCitation& c : rows)
    if (c.refusal && c.action == kind && (c.families & bit(family)) && of_room(c, room)) return &c;
  return nullptr;
}

std::vector<const RuleCitation*> RuleCitations::event_rows(const RuleSet& r, EventKind kind,
                                                           FeatureClass feature,
                                                           bool bridged) const {
  std::vector<const RuleCitation*> out;
  if (const RuleCitation* c = event_row(r.family, "", kind, feature, bridged)) out.push_back(c);
  for (const std::string& room : r.rooms)
    if (const RuleCitation* c = event_row(r.family, room, kind, feature, bridged))
      if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  return out;
}

std::vector<const RuleCitation*> RuleCitations::refusal_rows(const RuleSet& r,
                                                             ActionKind kind) const {
  std::vector<const RuleCitation*> out;
  if (const RuleCitation* c = refusal_row(r.family, "", kind)) out.push_back(c);
  for (const std::string& room : r.rooms)
    if (const RuleCitation* c = refusal_row(r.family, room, kind))
      if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  return out;
}

RuleCitations load_citations_from_string(const std::string& text, const std::string& file,
                                         const std::vector<RuleSet>& rule_sets) {
  Reader rd(file);
  const Value doc = rd.document(text, "the citations file is empty");
  static const std::vector<std::string> top = {"rules"};
  Map m(rd, doc, &top);
  RuleCitations t;
  for (const Value& row : rd.list(m.required("rules"))) {
    RuleCitation c = read_row(rd, row, rule_sets);
    // Two rows for the same thing would make the answer depend on the file's order.
    for (const RuleCitation& o : t.rows)
      if (o.refusal == c.refusal && (c.refusal ? o.action == c.action : o.event == c.event) &&
          o.feature == c.feature && o.with_bridge == c.with_bridge && (o.families & c.families) &&
          (o.rooms.empty() == c.rooms.empty()) &&
          (o.rooms.empty() || std::find_first_of(o.rooms.begin(), o.rooms.end(), c.rooms.begin(),
                                                 c.rooms.end()) != o.rooms.end()))
        rd.fail(row, fmt::format("this row overlaps the row at line {} (same {}, feature, rule "
                                 "system and room)",
                                 o.line, c.refusal ? "refusal" : "event"));
    t.rows.push_back(std::move(c));
  }
  return t;
}

RuleCitations load_citations(const std::string& path, const std::vector<RuleSet>& rule_sets) {
  return load_citations_from_string(read_file(path), path, rule_sets);
}

std::string default_citations_path() {
  return (std::filesystem::path(default_levels_path()).parent_path() / "citations.yaml").string();
}

}  // namespace carcheck
