// The configurations the fuzzers cover (checker/fuzz_targets.h).
#include "checker/fuzz_targets.h"

#include <algorithm>

#include "dsl/level_loader.h"

namespace carcheck {

std::string FuzzTarget::label() const {
  std::string l = rules == "mists" ? "mists-" + std::to_string(level) : rules;
  l += " p" + std::to_string(players);
  for (const std::string& v : variants) l += " " + v;
  return l;
}

std::vector<FuzzTarget> default_targets(const Library& lib, const std::string& rules, int level,
                                        int players) {
  std::vector<FuzzTarget> out;
  auto add = [&](const std::string& name, const std::string& family, int lvl) {
    if (!rules.empty() && rules != family && rules != name) return;
    if (level != 0 && lvl != level) return;
    const RuleSet& r = find_rule_set(lib.rule_sets, name);
    for (int p = r.min_players; p <= r.max_players; ++p) {
      if (players != 0 && p != players) continue;
      out.push_back(FuzzTarget{family, lvl, p, {}});
    }
  };
  add("base-c1", "base-c1", 0);
  add("pnp-demo", "pnp-demo", 0);
  for (int l = 1; l <= 6; ++l) add("mists-" + std::to_string(l), "mists", l);
  return out;
}

std::vector<FuzzTarget> variant_targets(const Library& lib, const std::string& rules_name,
                                        int players_seed) {
  std::vector<FuzzTarget> out;
  const RuleSet& base = find_rule_set(lib.rule_sets, rules_name);
  for (const VariantSwitch& v : base.variants)
    for (size_t i = 1; i < v.values.size(); ++i) {
      if (!v.implemented(v.values[i])) continue;  // levels.yaml: not implemented yet
      RuleSet r = base;
      std::string kv = v.id + "=" + v.values[i];
      select_variant(r, kv);
      int range = r.max_players - r.min_players + 1;
      FuzzTarget t;
      t.rules = r.family == Family::Mists ? "mists" : r.name;
      t.level = r.level;
      t.players =
          r.min_players + (players_seed + static_cast<int>(out.size())) % std::max(1, range);
      t.variants = {kv};
      out.push_back(t);
    }
  return out;
}

}  // namespace carcheck
