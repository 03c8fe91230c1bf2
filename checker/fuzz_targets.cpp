// The configurations the fuzzers cover (checker/fuzz_targets.h).
#include "checker/fuzz_targets.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <range/v3/view/drop.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/iota.hpp>
#include <stdexcept>

#include "dsl/level_loader.h"
#include "engine/switches.h"

namespace carcheck {

namespace views = ranges::views;

namespace {

std::string key_of(const std::string& key_equals_value) {
  return key_equals_value.substr(0, key_equals_value.find('='));
}

std::string value_of(const std::string& key_equals_value) {
  const size_t eq = key_equals_value.find('=');
  return eq == std::string::npos ? "" : key_equals_value.substr(eq + 1);
}

const VariantSwitch* find_switch(const RuleSet& r, const std::string& id) {
  for (const VariantSwitch& sw : r.variants)
    if (sw.id == id) return &sw;
  return nullptr;
}

bool forces(const TargetFilter& f, const std::string& switch_id) {
  return std::any_of(f.variants.begin(), f.variants.end(),
                     [&](const std::string& kv) { return key_of(kv) == switch_id; });
}

std::string label_of(const RuleSet& r, int players, const std::vector<std::string>& variants) {
  std::string label = fmt::format("{} p{}", r.name, players);
  if (!variants.empty()) label += fmt::format(" {}", fmt::join(variants, " "));
  return label;
}

// Why the engine cannot play `key=value` on `r`, when levels.yaml marks it not implemented.
std::optional<std::string> not_implemented(const RuleSet& r, const std::string& kv) {
  const VariantSwitch* sw = find_switch(r, key_of(kv));
  if (!sw || sw->implemented(value_of(kv))) return std::nullopt;
  return fmt::format("{} is not implemented yet (levels.yaml marks it so)", kv);
}

// `r` with the selections `variants` (each a switch of `r`), built into a Game, or skipped
// with the reason the engine gives.
void add_target(FuzzTargets& out, const Library& lib, RuleSet r, int players,
                const std::vector<std::string>& variants) {
  const std::string label = label_of(r, players, variants);
  for (const std::string& kv : variants) {
    if (std::optional<std::string> why = not_implemented(r, kv)) {
      out.skipped.push_back({label, *why});
      return;
    }
    select_variant(r, kv);
  }
  try {
    auto game = std::make_shared<const Game>(std::move(r), lib.tile_sets, players);
    out.targets.push_back({std::move(game), variants, label});
  } catch (const std::invalid_argument& e) {
    out.skipped.push_back({label, e.what()});
  }
}

// The filter's forced selections that apply to `r` (those whose switch `r` has).
std::vector<std::string> forced_on(const RuleSet& r, const TargetFilter& f) {
  std::vector<std::string> out;
  for (const std::string& kv : f.variants)
    if (find_switch(r, key_of(kv))) out.push_back(kv);
  return out;
}

// The player range of `r` once `variants` are selected (pnp-player-count moves it).
std::pair<int, int> player_range(RuleSet r, const std::vector<std::string>& variants) {
  for (const std::string& kv : variants)
    if (!not_implemented(r, kv)) select_variant(r, kv);
  return {r.min_players, r.max_players};
}

// Why the engine refuses `r` with its default values (bcb until its rules are in), if it does.
std::optional<std::string> refused(const Library& lib, const RuleSet& r) {
  try {
    Game probe(r, lib.tile_sets, r.min_players);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return std::nullopt;
}

}  // namespace

bool filter_selects(const TargetFilter& f, const RuleSet& r) {
  if (f.level != 0 && r.level != f.level) return false;
  if (f.rules.empty() || f.rules == r.name) return true;
  if (r.level == 0) return false;
  // A family with levels ("mists"): every level, or the one of --level.
  try {
    return rule_set_name(f.rules, r.level) == r.name;
  } catch (const std::invalid_argument&) {
    return false;  // `f.rules` takes no level: it names another rule set
  }
}

FuzzTargets default_targets(const Library& lib, const TargetFilter& filter) {
  FuzzTargets out;
  auto selected = [&](const RuleSet& r) { return filter_selects(filter, r); };
  for (const RuleSet& r : lib.rule_sets | views::filter(selected)) {
    const std::vector<std::string> forced = forced_on(r, filter);
    const auto [min_players, max_players] = player_range(r, forced);
    auto counts = views::closed_iota(min_players, max_players) |
                  views::filter([&](int p) { return filter.players == 0 || p == filter.players; });
    for (int players : counts) add_target(out, lib, r, players, forced);
  }
  return out;
}

FuzzTargets variant_targets(const Library& lib, const TargetFilter& filter, int players_seed) {
  FuzzTargets out;
  int n = 0;  // values so far: the player count rotates with it
  auto selected = [&](const RuleSet& r) { return filter_selects(filter, r); };
  auto open = [&](const VariantSwitch& sw) { return !forces(filter, sw.id); };
  for (const RuleSet& r : lib.rule_sets | views::filter(selected)) {
    if (std::optional<std::string> why = refused(lib, r)) {
      out.skipped.push_back({r.name + " (every variant value)", *why});
      continue;
    }
    for (const VariantSwitch& sw : r.variants | views::filter(open))
      for (const std::string& value : sw.values | views::drop(1)) {  // the default comes first
        const std::string kv = sw.id + "=" + runnable_value(sw.id, value);
        if (std::optional<std::string> why = not_implemented(r, kv)) {
          out.skipped.push_back({r.name + " " + kv, *why});
          continue;
        }
        std::vector<std::string> variants = forced_on(r, filter);
        variants.push_back(kv);
        const auto [min_players, max_players] = player_range(r, variants);
        const int players = filter.players != 0 ? filter.players
                                                : min_players + (players_seed + n) %
                                                                    (max_players - min_players + 1);
        ++n;
        if (players < min_players || players > max_players) continue;  // not this count's value
        add_target(out, lib, r, players, variants);
      }
  }
  return out;
}

}  // namespace carcheck
