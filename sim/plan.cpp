// The cells of a simulation (sim/plan.h).
#include "sim/plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "checker/fuzz_targets.h"
#include "dsl/level_loader.h"
#include "engine/rule_system.h"
#include "engine/switches.h"

namespace carcheck {

namespace {

std::string key_of(const std::string& kv) { return kv.substr(0, kv.find('=')); }

const VariantSwitch* find_switch(const RuleSet& r, const std::string& id) {
  for (const VariantSwitch& sw : r.variants)
    if (sw.id == id) return &sw;
  return nullptr;
}

// The rule sets --rules and --level name, in levels.yaml order.
std::vector<const RuleSet*> rule_sets_of(const Library& lib, const SimOptions& o) {
  std::vector<const RuleSet*> out;
  if (o.levels.empty()) {
    TargetFilter f;
    f.rules = o.rules;
    for (const RuleSet& r : lib.rule_sets)
      if (filter_selects(f, r)) out.push_back(&r);
  } else {
    for (int level : o.levels) {
      const std::string name = rule_set_name(o.rules, level);  // throws: says why
      for (const RuleSet& r : lib.rule_sets)
        if (r.name == name) out.push_back(&r);
    }
  }
  if (out.empty()) {
    std::vector<std::string> names;
    for (const RuleSet& r : lib.rule_sets) names.push_back(r.name);
    throw std::invalid_argument(
        fmt::format("--rules takes a rule set of levels.yaml ({}; mists takes --level), not '{}'",
                    fmt::join(names, ", "), o.rules));
  }
  return out;
}

// The values a compared switch takes: the one in force first, then the others the engine
// implements, in levels.yaml order.
std::vector<std::string> compared_values(const RuleSet& r, const std::string& id) {
  const VariantSwitch* sw = find_switch(r, id);
  if (!sw)
    throw std::invalid_argument(
        fmt::format("--compare {}: rule set {} has no such switch", id, r.name));
  std::vector<std::string> values{sw->value()};
  for (const std::string& v : sw->values)
    if (v != sw->name() && sw->implemented(v)) values.push_back(runnable_value(id, v));
  return values;
}

// Every combination of the compared switches' values ("k=v k2=v2"), the defaults first.
std::vector<std::vector<std::string>> readings_of(const RuleSet& r, const SimOptions& o) {
  std::vector<std::vector<std::string>> out{{}};
  for (const std::string& id : o.compare) {
    for (const std::string& kv : o.variants)
      if (key_of(kv) == id)
        throw std::invalid_argument(
            fmt::format("--compare {} and --variant {} set the same switch", id, kv));
    std::vector<std::vector<std::string>> next;
    for (const std::vector<std::string>& head : out)
      for (const std::string& v : compared_values(r, id)) {
        next.push_back(head);
        next.back().push_back(id + "=" + v);
      }
    out = std::move(next);
  }
  return out;
}

std::string label_of(const std::vector<std::string>& reading) {
  return reading.empty() ? "default" : fmt::format("{}", fmt::join(reading, " "));
}

// A rule set with `selections` made; a value levels.yaml marks not implemented is refused.
RuleSet selected(RuleSet r, const std::vector<std::string>& selections) {
  for (const std::string& kv : selections) {
    const VariantSwitch* sw = find_switch(r, key_of(kv));
    if (!sw)
      throw std::invalid_argument(
          fmt::format("--variant {}: rule set {} has no switch {}", kv, r.name, key_of(kv)));
    const std::string value = kv.find('=') == std::string::npos ? "" : kv.substr(kv.find('=') + 1);
    if (!sw->implemented(value))
      throw std::invalid_argument(
          fmt::format("--variant {}: not implemented yet (levels.yaml marks it so)", kv));
    select_variant(r, kv);  // throws: names the allowed values
  }
  return r;
}

bool reconstructed(const Library& lib, const RuleSet& r) {
  for (const TileSet& t : lib.tile_sets) {
    const bool used = t.name == r.tile_set ||
                      std::find(r.base_tile_sets.begin(), r.base_tile_sets.end(), t.name) !=
                          r.base_tile_sets.end();
    if (used && t.reconstructed) return true;
  }
  return false;
}

}  // namespace

SimPlan make_plan(const Library& lib, const SimOptions& o) {
  if (o.shards < 1 || o.shard < 1 || o.shard > o.shards)
    throw std::invalid_argument(
        fmt::format("--shard takes K/N with 1 <= K <= N, not {}/{}", o.shard, o.shards));
  SimPlan plan;
  plan.options = o;
  const std::vector<const RuleSet*> sets = rule_sets_of(lib, o);
  for (const RuleSet* r : sets) {
    const RuleSet forced = selected(*r, o.variants);
    const std::vector<std::vector<std::string>> readings = readings_of(forced, o);
    std::vector<std::string> labels;
    for (const auto& reading : readings) labels.push_back(label_of(reading));
    if (plan.readings.empty()) plan.readings = labels;
    if (labels != plan.readings)
      throw std::invalid_argument(
          fmt::format("--compare: the switches take other values in {} than in {}; compare one "
                      "rule set at a time",
                      r->name, sets.front()->name));
    std::vector<int> counts = o.players;
    if (counts.empty())
      for (int p = forced.min_players; p <= forced.max_players; ++p) counts.push_back(p);
    for (int players : counts) {
      SimGroup g{r->name, r->level, players, {}};
      for (const auto& reading : readings)  // the engine's refusal (a rule set, a count) stands
        g.games.push_back(
            std::make_shared<const Game>(selected(forced, reading), lib.tile_sets, players));
      plan.groups.push_back(std::move(g));
    }
    plan.cooperative = rule_system_for(*r)->cooperative();
    if (plan.cooperative && o.versus)
      throw std::invalid_argument(fmt::format(
          "--versus seats two policies at one table of rivals; {} is played by one team", r->name));
    plan.reconstructed_geometry = plan.reconstructed_geometry || reconstructed(lib, *r);
  }
  return plan;
}

uint64_t game_seed(uint64_t run_seed, int64_t index) {
  Rng mix(run_seed ^ (static_cast<uint64_t>(index) * 0xD1B54A32D192ED03ull));
  return mix.next();
}

uint64_t policy_seed(uint64_t seed) { return Rng(seed ^ 0x5851F42D4C957F2Dull).next(); }

uint64_t versus_seed(uint64_t seed) { return Rng(seed ^ 0x9E3779B97F4A7C15ull).next(); }

}  // namespace carcheck
