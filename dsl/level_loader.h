// Loads levels.yaml: every rule set (base-c1, pnp-demo, bcb, mists-1 .. mists-6) with its
// parameters and the variant switches of the interpretation register. The schema is described
// at the top of levels.yaml. Bad input of any kind is refused with InputError
// (`file:line:column: reason`); nothing is defaulted silently.
#pragma once

#include <string>
#include <vector>

#include "dsl/diagnostic.h"
#include "engine/rules.h"

namespace carcheck {

// Loads every rule set of a levels.yaml file, in file order. Throws InputError.
std::vector<RuleSet> load_rule_sets(const std::string& path);
// The same from text; `file_name` is the name errors carry.
std::vector<RuleSet> load_rule_sets_from_string(const std::string& yaml_text,
                                                const std::string& file_name);

// Picks one rule set by name ("base-c1", "mists-3"; also "mists3", "mists 3", any case).
// Throws std::invalid_argument listing the known names otherwise.
const RuleSet& find_rule_set(const std::vector<RuleSet>& sets, const std::string& name);

// Selects a value of a variant switch. Throws std::invalid_argument naming the known switches
// or the allowed values. `pnp-player-count` also sets the rule set's player range.
void select_variant(RuleSet& rules, const std::string& key, const std::string& value);
// The same for one "key=value" selection (specs, command line).
void select_variant(RuleSet& rules, const std::string& key_equals_value);

}  // namespace carcheck
