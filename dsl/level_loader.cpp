// levels.yaml -> RuleSet. Every node is checked against the schema at the top of levels.yaml:
// unknown or duplicate keys, wrong types, missing keys, unknown names and counts that do not
// add up are refused with the place of the offending text (yaml-cpp marks are 0-based; the
// messages are 1-based).
#include "dsl/level_loader.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "dsl/yaml_reader.h"
#include "engine/add_on.h"
#include "engine/rule_system.h"
#include "engine/switches.h"

namespace carcheck {
namespace {

using yamlx::found;
using yamlx::is_kebab;
using yamlx::joined;
using yamlx::Map;
using yamlx::one_of;
using yamlx::Value;
using Loader = yamlx::Reader;

// ------------------------------------------------------------------------------ schema

const std::vector<std::string> kRootKeys = {"extends", "variants", "rule-sets"};
const std::vector<std::string> kVariantKeys = {"question", "source", "default", "values",
                                               "not-implemented"};
const std::vector<std::string> kCommonKeys = {"name",    "title",    "family", "tiles",
                                              "players", "variants", "rooms",  "colour-names"};
const std::vector<std::string> kCompetitiveKeys = {"followers", "farmers"};
const std::vector<std::string> kBcbKeys = {"bridges", "castles"};
const std::vector<std::string> kMistsKeys = {"level",  "guard-meeples", "meeples",
                                             "ghosts", "piles",         "hounds",
                                             "goal",   "cemetery",      "scoring"};
const std::vector<std::string> kTilesKeys = {"set", "land-tiles", "add", "exclude"};
const std::vector<std::string> kPlayersKeys = {"min", "max"};
const std::vector<std::string> kPerPlayerCountKeys = {"2-4", "5-6"};
const std::vector<std::string> kGuardKeys = {"colours", "per-colour"};
const std::vector<std::string> kMeepleRowKeys = {"players", "colours", "per-colour",
                                                 "colours-per-player", "scorers-from-supply"};
const std::vector<std::string> kGhostKeys = {"total", "in-play", "on-start"};
const std::vector<std::string> kPileKeys = {"count", "size"};
const std::vector<std::string> kScoringKeys = {"mode", "meeples"};

constexpr int kMaxCount = 1000;  // a sanity bound for every count of the file
constexpr int kMaxExtends = 8;   // files extending files: deeper is refused (a cycle, likely)

// The families by the names the one registry gives them (engine/rule_system.h).
const std::vector<std::pair<std::string, Family>> kFamilies = [] {
  std::vector<std::pair<std::string, Family>> v;
  for (const FamilyEntry& e : families()) v.emplace_back(e.name, e.family);
  return v;
}();

std::string family_name(Family f) { return family_entry(f).name; }

// Switches whose values name a player range ("2-5", "2"): selecting one sets min/max players.
const std::vector<std::string> kPlayerRangeSwitches = {"pnp-player-count"};

std::optional<std::pair<int, int>> player_range(const VariantSwitch& v) {
  if (std::find(kPlayerRangeSwitches.begin(), kPlayerRangeSwitches.end(), v.id) ==
      kPlayerRangeSwitches.end()) {
    return std::nullopt;
  }
  const std::string& s = v.value();
  const size_t dash = s.find('-');
  const std::string lo = s.substr(0, dash);
  const std::string hi = dash == std::string::npos ? lo : s.substr(dash + 1);
  const ParsedInt a = parse_int(lo, 0, 99), b = parse_int(hi, 0, 99);
  if (a.problem != ParsedInt::None || b.problem != ParsedInt::None) return std::nullopt;
  return std::make_pair(static_cast<int>(a.value), static_cast<int>(b.value));
}

struct VariantDef {
  VariantSwitch sw;
  YAML::Mark mark;  // the id in the `variants:` table
  bool used = false;
};

class LevelsReader {
 public:
  explicit LevelsReader(const std::string& file, int depth = 0) : ld_(file), depth_(depth) {}

  std::vector<RuleSet> read(const std::string& text) {
    const Value doc = ld_.document(text, "empty file: expected the keys variants and rule-sets");
    try {
      return read_root(doc);
    } catch (const YAML::Exception& e) {  // a safety net: every access is type-checked first
      ld_.fail(e.mark, e.msg);
    }
  }

 private:
  std::vector<RuleSet> read_root(const Value& root) {
    const Map m(ld_, root, &kRootKeys);
    std::vector<RuleSet> sets;
    std::map<std::string, YAML::Mark> names;
    const auto extends = m.optional("extends");
    if (extends) sets = read_extended(*extends, names);
    const size_t inherited = sets.size();
    if (const auto table = extends ? m.optional("variants") : m.required("variants"))
      read_variants(*table);
    const Value list = m.required("rule-sets");
    const std::vector<Value> items = ld_.list(list);
    if (items.empty()) ld_.fail(list, "'rule-sets' is empty: no rule set to load");
    for (const Value& item : items) sets.push_back(read_rule_set(item, names));
    for (const std::string& id : variant_order_) {
      const VariantDef& def = variants_.at(id);
      if (!def.used) ld_.fail(def.mark, fmt::format("variant '{}' is attached to no rule set", id));
    }
    check_engine_switches(
        root, std::vector<RuleSet>(sets.begin() + static_cast<long>(inherited), sets.end()));
    return sets;
  }

  // `extends: <levels file>` (a path relative to this file): that file's register and rule
  // sets come first, as loaded from it (its errors name it); this file adds switches and rule
  // sets to them, e.g. a house rule set over the shipped register.
  std::vector<RuleSet> read_extended(const Value& v, std::map<std::string, YAML::Mark>& names) {
    const std::string target = ld_.string(v);
    if (depth_ >= kMaxExtends) {
      ld_.fail(v, fmt::format("levels files extend each other more than {} deep (a cycle?)",
                              kMaxExtends));
    }
    const std::filesystem::path path =
        std::filesystem::path(ld_.file()).parent_path() / std::filesystem::path(target);
    std::ifstream in(path, std::ios::binary);
    if (!in) ld_.fail(v, fmt::format("cannot read the levels file '{}' it extends", path.string()));
    std::ostringstream text;
    text << in.rdbuf();
    LevelsReader base(path.string(), depth_ + 1);
    std::vector<RuleSet> sets = base.read(text.str());
    variants_ = std::move(base.variants_);
    variant_order_.clear();  // checked in their own file
    for (const RuleSet& r : sets) names.emplace(r.name, v.mark);
    return sets;
  }

  void read_variants(const Value& v) {
    const Map table(ld_, v, nullptr);
    for (const auto& [id, mark] : table.keys()) {
      if (!is_kebab(id))
        ld_.fail(mark, fmt::format("variant id '{}' is not a kebab-case name", id));
      if (variants_.count(id)) {
        ld_.fail(mark, fmt::format("variant '{}' is in the register of the levels file this one "
                                   "extends already",
                                   id));
      }
      const Map m(ld_, table.required(id), &kVariantKeys);
      VariantDef def;
      def.mark = mark;
      def.sw.id = id;
      def.sw.question = ld_.string(m.required("question"));
      def.sw.source = ld_.string(m.required("source"));
      const Value dflt = m.required("default");
      const std::string default_value = ld_.string(dflt);
      const Map values(ld_, m.required("values"), nullptr);
      for (const auto& [value, value_mark] : values.keys()) {
        if (!is_kebab(value)) {
          ld_.fail(value_mark,
                   fmt::format("value '{}' of variant '{}' is not a kebab-case name", value, id));
        }
        def.sw.values.push_back(value);
        def.sw.meanings.push_back(ld_.string(values.required(value)));
      }
      if (def.sw.values.empty())
        ld_.fail(values.self(), fmt::format("variant '{}' has no values", id));
      const auto at = std::find(def.sw.values.begin(), def.sw.values.end(), default_value);
      if (at == def.sw.values.end()) {
        ld_.fail(dflt, fmt::format("default '{}' of variant '{}' is not among its values ({})",
                                   default_value, id, joined(def.sw.values)));
      }
      // The default goes first (VariantSwitch: "the default first"); the others keep their order.
      const auto i = at - def.sw.values.begin();
      std::rotate(def.sw.values.begin(), def.sw.values.begin() + i, def.sw.values.begin() + i + 1);
      std::rotate(def.sw.meanings.begin(), def.sw.meanings.begin() + i,
                  def.sw.meanings.begin() + i + 1);
      if (const auto pending = m.optional("not-implemented")) read_not_implemented(*pending, def);
      check_against_engine(def, values);
      variants_.emplace(id, std::move(def));
      variant_order_.push_back(id);
    }
  }

  // `not-implemented: [value, ...]`: values the register lists that the engine does not
  // implement yet. Each must be a value of the switch, and one the engine indeed lacks.
  void read_not_implemented(const Value& v, VariantDef& def) {
    for (const Value& item : ld_.list(v)) {
      const std::string value = ld_.string(item);
      if (std::find(def.sw.values.begin(), def.sw.values.end(), value) == def.sw.values.end()) {
        ld_.fail(item, fmt::format("'{}' is not a value of variant '{}' (its values: {})", value,
                                   def.sw.id, joined(def.sw.values)));
      }
      if (find_switch_value(def.sw.id, value)) {
        ld_.fail(item, fmt::format("the engine implements {}={}: take it out of 'not-implemented'",
                                   def.sw.id, value));
      }
      if (!def.sw.implemented(value)) ld_.fail(item, fmt::format("'{}' is listed twice", value));
      def.sw.not_implemented.push_back(value);
    }
  }

  // The register and the engine's switch table agree both ways: every value listed is one the
  // engine implements or is marked not implemented, and every value the engine implements for
  // this switch is listed.
  void check_against_engine(const VariantDef& def, const Map& values) const {
    for (const auto& [value, mark] : values.keys()) {
      if (def.sw.implemented(value) && !find_switch_value(def.sw.id, value)) {
        ld_.fail(mark, fmt::format("the engine does not implement {}={} (list it under "
                                   "'not-implemented' until it does)",
                                   def.sw.id, value));
      }
    }
    for (const SwitchValue& row : switch_table()) {
      if (row.id != def.sw.id) continue;
      const std::string value(row.value);
      if (std::find(def.sw.values.begin(), def.sw.values.end(), value) == def.sw.values.end()) {
        ld_.fail(def.mark,
                 fmt::format("variant '{}' lacks the value '{}', which the engine implements",
                             def.sw.id, value));
      }
    }
  }

  // Every switch the engine reads is in the register, and every rule set carries the switches
  // the engine reads for its family: none is left to a silent default.
  void check_engine_switches(const Value& root, const std::vector<RuleSet>& sets) const {
    for (const SwitchValue& row : switch_table()) {
      const std::string id(row.id);
      if (!variants_.count(id)) {
        ld_.fail(root, fmt::format("the variants table lacks '{}', which the engine reads", id));
      }
      for (size_t i = 0; i < sets.size(); ++i) {
        const RuleSet& r = sets[i];
        if (!(row.families & family_bit(r.family))) continue;
        if (!row.room.empty() &&
            std::find(r.rooms.begin(), r.rooms.end(), std::string(row.room)) == r.rooms.end())
          continue;  // an add-on room's switch: only where the rule set names the room
        bool carried = false;
        for (const VariantSwitch& sw : r.variants) carried = carried || sw.id == id;
        if (!carried) {
          ld_.fail(rule_set_marks_[i],
                   fmt::format("rule set '{}' does not carry variant '{}', which the "
                               "engine reads for {} rule sets",
                               r.name, id, family_name(r.family)));
        }
      }
    }
  }

  // The keys a family's rule sets write: the common ones, then the groups the registry gives
  // the family (engine/rule_system.h), each read by one reader below.
  static std::vector<std::string> keys_of(Family f) {
    std::vector<std::string> keys = kCommonKeys;
    const uint8_t groups = family_entry(f).keys;
    for (const auto& [group, extra] : {std::pair{rule_set_keys::kLevel, &kMistsKeys},
                                       std::pair{rule_set_keys::kFollowers, &kCompetitiveKeys},
                                       std::pair{rule_set_keys::kBridgesCastles, &kBcbKeys}})
      if (groups & group) keys.insert(keys.end(), extra->begin(), extra->end());
    return keys;
  }

  RuleSet read_rule_set(const Value& v, std::map<std::string, YAML::Mark>& names) {
    std::vector<std::string> all = kCommonKeys;
    for (const auto* extra : {&kCompetitiveKeys, &kBcbKeys, &kMistsKeys}) {
      all.insert(all.end(), extra->begin(), extra->end());
    }
    // An unknown key is named before anything else is read; the message offers the keys of the
    // rule set's family when that can be told already.
    std::vector<std::string> listed = all;
    if (v.node.IsMap() && v.node["family"].IsScalar()) {
      for (const auto& [n, f] : kFamilies) {
        if (n == v.node["family"].Scalar()) listed = keys_of(f);
      }
    }
    Map m(ld_, Value{v.node, v.mark, "a rule set"}, &all, &listed);
    RuleSet r;
    const Value name = m.required("name");
    r.name = ld_.name(name);
    m.rename(fmt::format("rule set '{}'", r.name));
    if (const auto it = names.find(r.name); it != names.end()) {
      ld_.fail(name, fmt::format("duplicate rule set name '{}' (first at line {})", r.name,
                                 it->second.line + 1));
    }
    names.emplace(r.name, name.mark);
    r.title = ld_.string(m.required("title"));
    r.family = ld_.choice(m.required("family"), kFamilies, "family");

    // Keys of another family are refused before anything is read.
    const std::vector<std::string> mine = keys_of(r.family);
    for (const auto& [key, mark] : m.keys()) {
      if (std::find(mine.begin(), mine.end(), key) == mine.end()) {
        ld_.fail(mark, fmt::format("key '{}' does not apply to a {} rule set", key,
                                   family_name(r.family)));
      }
    }

    read_tiles(m.required("tiles"), r);
    if (const auto rooms = m.optional("rooms")) read_rooms(*rooms, r);
    if (const auto names = m.optional("colour-names")) read_colour_names(*names, r);
    const Value players = m.required("players");
    {
      const Map p(ld_, players, &kPlayersKeys);
      r.min_players = ld_.integer(p.required("min"), 1, kMaxCount);
      r.max_players = ld_.integer(p.required("max"), r.min_players, kMaxCount);
    }
    const uint8_t groups = family_entry(r.family).keys;
    if (groups & rule_set_keys::kLevel) read_mists(m, r);
    if (groups & rule_set_keys::kFollowers) read_competitive(m, r);
    if (groups & rule_set_keys::kBridgesCastles) read_bridges_castles(m, r);
    const Value switches = m.required("variants");
    read_switches(switches, r);
    rule_set_marks_.push_back(switches.mark);

    // A switch naming a player range must agree with `players`.
    for (const VariantSwitch& sw : r.variants) {
      const auto range = player_range(sw);
      if (range && (range->first != r.min_players || range->second != r.max_players)) {
        ld_.fail(players, fmt::format("players {}-{} disagree with {}={}", r.min_players,
                                      r.max_players, sw.id, sw.value()));
      }
    }
    return r;
  }

  void read_tiles(const Value& v, RuleSet& r) {
    const Map m(ld_, v, &kTilesKeys);
    r.tile_set = ld_.name(m.required("set"));
    r.land_tiles = ld_.integer(m.required("land-tiles"), 1, kMaxCount);
    if (const auto add = m.optional("add")) {
      for (const Value& item : ld_.list(*add)) r.base_tile_sets.push_back(ld_.name(item));
    }
    if (const auto exclude = m.optional("exclude")) {
      if (!family_entry(r.family).tile_exclusions) {
        ld_.fail(*exclude, "'exclude' applies to Mists tile sets only (castles, cemeteries)");
      }
      for (const Value& item : ld_.list(*exclude)) {
        bool* flag = ld_.choice<bool*>(
            item, {{"castles", &r.exclude_castles}, {"cemeteries", &r.exclude_cemeteries}},
            "tile kind to exclude");
        if (*flag) ld_.fail(item, "'" + item.node.Scalar() + "' is excluded twice");
        *flag = true;
      }
    }
  }

  // `rooms: [name, ...]`: the add-on rooms the rule set combines over its family's room, in
  // chain order (engine/add_on.h): each registered, each playing over the family, none twice.
  void read_rooms(const Value& v, RuleSet& r) {
    const std::vector<Value> items = ld_.list(v);
    if (items.empty())
      ld_.fail(v, "'rooms' is empty: leave the key out for the family's room alone");
    if (items.size() > static_cast<size_t>(kMaxRooms))
      ld_.fail(v, fmt::format("'rooms' lists {} add-on rooms; a rule set combines at most {}",
                              items.size(), kMaxRooms));
    for (const Value& item : items) {
      const std::string name = ld_.name(item);
      const std::shared_ptr<const AddOn> room = find_add_on(name);
      if (!room) {
        const std::vector<std::string> known = add_on_names();
        ld_.fail(item, fmt::format("unknown add-on room '{}' ({})", name,
                                   known.empty() ? std::string("no add-on room is registered")
                                                 : "known: " + joined(known)));
      }
      if (!room->combines_with(r.family)) {
        std::vector<std::string> over;
        for (const FamilyEntry& e : families())
          if (room->combines_with(e.family)) over.push_back(e.name);
        ld_.fail(item, fmt::format("add-on room '{}' does not combine with a {} rule set (it "
                                   "combines with: {})",
                                   name, family_name(r.family),
                                   over.empty() ? std::string("none") : joined(over)));
      }
      if (std::find(r.rooms.begin(), r.rooms.end(), name) != r.rooms.end())
        ld_.fail(item, fmt::format("add-on room '{}' is listed twice", name));
      r.rooms.push_back(name);
    }
  }

  // `colour-names: [six colour words]`: which word each colour slot is (engine/colours.h), so
  // that an edition's sixth set reads as printed; six distinct words the languages know.
  void read_colour_names(const Value& v, RuleSet& r) {
    const std::vector<Value> items = ld_.list(v);
    std::vector<std::string> known;
    for (const ColourWord& w : kColourWords) known.emplace_back(w.word);
    if (items.size() != kMaxColours)
      ld_.fail(v, fmt::format("'colour-names' lists {} colours: name all {}, in slot order",
                              items.size(), kMaxColours));
    for (size_t k = 0; k < items.size(); ++k) {
      const std::string word = ld_.name(items[k]);
      const int index = colour_word_index(word);
      if (index < 0)
        ld_.fail(items[k], fmt::format("unknown colour '{}' (known: {})", word, joined(known)));
      for (size_t j = 0; j < k; ++j)
        if (r.colour_words[j] == index)
          ld_.fail(items[k], fmt::format("colour '{}' is listed twice", word));
      r.colour_words[k] = static_cast<uint8_t>(index);
    }
  }

  // A {2-4: n, 5-6: n} per-player table of bcb.
  std::pair<int, int> per_player_count(const Value& v) {
    const Map m(ld_, v, &kPerPlayerCountKeys);
    return {ld_.integer(m.required("2-4"), 0, kMaxCount),
            ld_.integer(m.required("5-6"), 0, kMaxCount)};
  }

  void read_competitive(const Map& m, RuleSet& r) {
    r.followers_per_player = ld_.integer(m.required("followers"), 1, kMaxCount);
    r.farmers = ld_.boolean(m.required("farmers"));
    r.scoring = ScoringTracks::None;
  }

  // Bridges, Castles and Bazaars: the bridges and castle tokens each player has.
  void read_bridges_castles(const Map& m, RuleSet& r) {
    std::tie(r.bridges_per_player_2_4, r.bridges_per_player_5_6) =
        per_player_count(m.required("bridges"));
    std::tie(r.castles_per_player_2_4, r.castles_per_player_5_6) =
        per_player_count(m.required("castles"));
  }

  void read_mists(const Map& m, RuleSet& r) {
    r.level = ld_.integer(m.required("level"), 1, 6);
    {
      const Map g(ld_, m.required("guard-meeples"), &kGuardKeys);
      r.meeple_colours = ld_.integer(g.required("colours"), 1, kMaxCount);
      r.meeples_per_colour_in_box = ld_.integer(g.required("per-colour"), 1, kMaxCount);
    }
    {
      const Map g(ld_, m.required("ghosts"), &kGhostKeys);
      r.ghosts_total = ld_.integer(g.required("total"), 0, kMaxCount);
      r.ghosts_in_play = ld_.integer(g.required("in-play"), 0, r.ghosts_total);
      r.ghosts_on_start = ld_.integer(g.required("on-start"), 0, r.ghosts_in_play);
    }
    r.goal = ld_.integer(m.required("goal"), 1, kMaxCount);
    const Value cemetery = m.required("cemetery");
    r.cemetery = ld_.choice<CemeteryMode>(cemetery,
                                          {{"none", CemeteryMode::None},
                                           {"orthogonal", CemeteryMode::Orthogonal},
                                           {"haunted", CemeteryMode::Haunted}},
                                          "cemetery mode");
    // Level 1 returns the cemeteries to the box; the levels with a cemetery mode keep them.
    if ((r.cemetery == CemeteryMode::None) != r.exclude_cemeteries) {
      ld_.fail(cemetery, r.exclude_cemeteries
                             ? "cemetery mode '" + cemetery.node.Scalar() +
                                   "' but the tiles exclude the cemeteries"
                             : "cemetery mode 'none' but the tiles keep the cemeteries (add "
                               "'exclude: [cemeteries]' to 'tiles')");
    }
    {
      const Map s(ld_, m.required("scoring"), &kScoringKeys);
      r.scoring = ld_.choice<ScoringTracks>(
          s.required("mode"),
          {{"shared", ScoringTracks::Shared}, {"per-colour", ScoringTracks::PerColour}},
          "scoring mode");
      const Value n = s.required("meeples");
      r.scoring_meeples = ld_.integer(n, 1, kMaxCount);
      if (r.scoring == ScoringTracks::Shared && r.scoring_meeples != 1) {
        ld_.fail(n, fmt::format("a shared scoring track has 1 scoring meeple, not {}",
                                r.scoring_meeples));
      }
    }
    read_hounds_and_piles(m, r);
    read_meeples(m.required("meeples"), r);
  }

  void read_hounds_and_piles(const Map& m, RuleSet& r) {
    const Value hounds = m.required("hounds");
    std::vector<int> marks;
    if (!(hounds.node.IsScalar() && hounds.node.Scalar() == "none")) {
      if (!hounds.node.IsSequence()) {
        ld_.fail(hounds, "expected 'none' or a list of absolute thresholds for 'hounds', got " +
                             found(hounds.node));
      }
      for (const Value& item : ld_.list(hounds)) {
        const int x = ld_.integer(item, 1, kMaxCount);
        if (!marks.empty() && x <= marks.back()) {
          ld_.fail(item, fmt::format("hound thresholds must rise: {} after {}", x, marks.back()));
        }
        if (x >= r.goal) {
          ld_.fail(item, fmt::format("hound threshold {} is not below the goal {}", x, r.goal));
        }
        marks.push_back(x);
      }
      if (marks.empty()) ld_.fail(hounds, "an empty hound list: write 'hounds: none'");
    }
    r.hounds = !marks.empty();

    const Value piles = m.required("piles");
    if (piles.node.IsScalar() && piles.node.Scalar() == "none") {
      r.piles = r.pile_size = 0;
    } else {
      if (!piles.node.IsMap()) {
        ld_.fail(piles, "expected 'none' or {count, size} for 'piles', got " + found(piles.node));
      }
      const Map p(ld_, piles, &kPileKeys);
      r.piles = ld_.integer(p.required("count"), 1, kMaxCount);
      r.pile_size = ld_.integer(p.required("size"), 1, kMaxCount);
      if (r.piles * r.pile_size != r.land_tiles) {
        ld_.fail(piles, fmt::format("{} piles of {} make {} tiles, not the {} land tiles", r.piles,
                                    r.pile_size, r.piles * r.pile_size, r.land_tiles));
      }
    }
    // One threshold per pile: hound I, hound II, goal (Level 3 text).
    if (r.piles > 0 && r.piles != static_cast<int>(marks.size()) + 1) {
      ld_.fail(piles,
               fmt::format("{} piles need {} hound thresholds (one threshold per pile, the goal "
                           "last), not {}",
                           r.piles, r.piles - 1, marks.size()));
    }
    if (r.piles == 0 && !marks.empty()) {
      ld_.fail(hounds, "hounds need piles: each hound is the threshold of one pile");
    }
    r.thresholds = marks;
    if (!marks.empty()) r.thresholds.push_back(r.goal);
  }

  void read_meeples(const Value& v, RuleSet& r) {
    const std::vector<Value> rows = ld_.list(v);
    const int box = r.meeples_per_colour_in_box;
    for (size_t i = 0; i < rows.size(); ++i) {
      const Map m(ld_, rows[i], &kMeepleRowKeys);
      MeepleSetup s;
      const Value players = m.required("players");
      s.players = ld_.integer(players, 1, kMaxCount);
      const int expected = r.min_players + static_cast<int>(i);
      if (s.players != expected) {
        ld_.fail(players,
                 fmt::format("expected the row for {} players here (one row per player count "
                             "{}-{}, in order)",
                             expected, r.min_players, r.max_players));
      }
      const Value colours = m.required("colours");
      s.colours = ld_.integer(colours, 1, kMaxCount);
      s.meeples_per_colour = ld_.integer(m.required("per-colour"), 1, box);
      s.colours_per_player = ld_.integer(m.required("colours-per-player"), 1, kMaxCount);
      const Value from_supply = m.required("scorers-from-supply");
      s.scorers_from_supply = ld_.integer(from_supply, 0, r.scoring_meeples);
      if (s.colours != s.players * s.colours_per_player) {
        ld_.fail(colours,
                 fmt::format("{} players with {} colours each play {} colours, not {}", s.players,
                             s.colours_per_player, s.players * s.colours_per_player, s.colours));
      }
      // Levels 1-5: the shared scoring meeple is of a colour not in play.
      const int spare = r.scoring == ScoringTracks::Shared ? r.scoring_meeples : 0;
      if (s.colours + spare > r.meeple_colours) {
        ld_.fail(colours, fmt::format("{} colours in play{} need {} colours; the box has {}",
                                      s.colours, spare ? " and 1 for the scoring meeple" : "",
                                      s.colours + spare, r.meeple_colours));
      }
      if (r.scoring == ScoringTracks::PerColour) {
        // Level 6: scoring meeples of colours in play, from the supplies or else from the box.
        if (r.scoring_meeples > s.colours) {
          ld_.fail(colours, fmt::format("{0} scoring meeples need {0} colours in play, not {1}",
                                        r.scoring_meeples, s.colours));
        }
        if (s.scorers_from_supply != 0 && s.scorers_from_supply != r.scoring_meeples) {
          ld_.fail(
              from_supply,
              fmt::format("the scoring meeples come all from the supplies or all from the box: "
                          "0 or {}",
                          r.scoring_meeples));
        }
        if (s.scorers_from_supply == 0 && s.meeples_per_colour >= box) {
          ld_.fail(
              from_supply,
              fmt::format("the box keeps no meeple of a colour in play for the scoring meeples "
                          "({} per colour, all in play)",
                          box));
        }
      } else if (s.scorers_from_supply != 0) {
        ld_.fail(from_supply, "a shared scoring meeple never comes from the supplies");
      }
      r.meeples.push_back(s);
    }
    const int next = r.min_players + static_cast<int>(rows.size());
    if (next <= r.max_players) {
      ld_.fail(v, fmt::format("no meeples row for {} players (players {}-{})", next, r.min_players,
                              r.max_players));
    }
    if (next > r.max_players + 1) {
      ld_.fail(rows[static_cast<size_t>(r.max_players - r.min_players + 1)],
               fmt::format("a meeples row beyond max players {}", r.max_players));
    }
  }

  // `variants:` of a rule set: ids, `id=value`, or lists of those (aliases), flattened once.
  void read_switches(const Value& v, RuleSet& r) {
    for (const Value& item : ld_.list(v)) {
      if (item.node.IsSequence()) {
        for (const Value& inner : ld_.list(Value{item.node, item.mark, v.name})) {
          add_switch(inner, r);
        }
      } else {
        add_switch(item, r);
      }
    }
  }

  void add_switch(const Value& v, RuleSet& r) {
    const std::string text = ld_.string(v);
    const size_t eq = text.find('=');
    const std::string id = text.substr(0, eq);
    const auto it = variants_.find(id);
    if (it == variants_.end()) {
      ld_.fail(v, fmt::format("unknown variant switch '{}' (not in the variants table)", id));
    }
    for (const VariantSwitch& s : r.variants) {
      if (s.id == id)
        ld_.fail(v, fmt::format("variant switch '{}' listed twice for '{}'", id, r.name));
    }
    it->second.used = true;
    VariantSwitch sw = it->second.sw;
    if (eq != std::string::npos) {
      const std::string value = text.substr(eq + 1);
      const int at = sw.index_of(value);
      if (at < 0) {
        ld_.fail(v, fmt::format("variant switch '{}' has no value '{}' (allowed: {})", id, value,
                                joined(sw.values)));
      }
      sw.chosen = at;
      sw.parameter = VariantSwitch::parameter_of(value);
      if (!sw.implemented(value)) {
        ld_.fail(v, fmt::format("variant {}={} is not implemented in the engine yet (marked "
                                "'not-implemented')",
                                id, value));
      }
      if (auto why = switch_value_problem(id, value)) ld_.fail(v, fmt::format("variant {}", *why));
    }
    r.variants.push_back(std::move(sw));
  }

  Loader ld_;
  int depth_ = 0;  // how many files extend this one
  std::map<std::string, VariantDef> variants_;
  std::vector<std::string> variant_order_;  // document order, for stable messages
  std::vector<YAML::Mark> rule_set_marks_;  // each rule set's `variants:`, in file order
};

std::vector<std::string> implemented_values(const VariantSwitch& sw) {
  std::vector<std::string> out;
  for (const std::string& v : sw.values)
    if (sw.implemented(v)) out.push_back(v);
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

}  // namespace

std::vector<RuleSet> load_rule_sets_from_string(const std::string& yaml_text,
                                                const std::string& file_name) {
  return LevelsReader(file_name).read(yaml_text);
}

std::vector<RuleSet> load_rule_sets(const std::string& path) {
  return load_rule_sets_from_string(read_file(path), path);
}

const RuleSet& find_rule_set(const std::vector<RuleSet>& sets, const std::string& name) {
  // "mists3", "Mists 3", "mists_3" all mean "mists-3".
  std::string key = lower(name);
  if (key.rfind("mists", 0) == 0 && key.size() > 5) {
    std::string rest = key.substr(5);
    if (rest[0] == ' ' || rest[0] == '_' || rest[0] == '-') rest.erase(0, 1);
    if (!rest.empty() &&
        std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      key = "mists-" + rest;
    }
  }
  std::vector<std::string> known;
  for (const RuleSet& r : sets) {
    if (r.name == key) return r;
    known.push_back(r.name);
  }
  throw std::invalid_argument(
      fmt::format("unknown rule set '{}' (known: {})", name, joined(known)));
}

void select_variant(RuleSet& rules, const std::string& key, const std::string& value) {
  std::vector<std::string> ids;
  for (VariantSwitch& sw : rules.variants) {
    ids.push_back(sw.id);
    if (sw.id != key) continue;
    const int at = sw.index_of(value);
    if (at < 0) {
      throw std::invalid_argument(
          fmt::format("variant '{}' has no value '{}' (allowed: {}; default {})", key, value,
                      joined(sw.values), sw.values.front()));
    }
    if (!sw.implemented(value)) {
      throw std::invalid_argument(
          fmt::format("variant {}={} is not implemented in the engine yet (levels.yaml "
                      "marks it 'not-implemented'; implemented values: {})",
                      key, value, joined(implemented_values(sw))));
    }
    if (auto why = switch_value_problem(key, value))
      throw std::invalid_argument(fmt::format("variant {}", *why));
    sw.chosen = at;
    sw.parameter = VariantSwitch::parameter_of(value);
    if (const auto range = player_range(sw)) {
      rules.min_players = range->first;
      rules.max_players = range->second;
    }
    return;
  }
  throw std::invalid_argument(fmt::format("rule set '{}' has no variant '{}' (its variants: {})",
                                          rules.name, key, joined(ids)));
}

void select_variant(RuleSet& rules, const std::string& key_equals_value) {
  const size_t eq = key_equals_value.find('=');
  if (eq == std::string::npos) {
    throw std::invalid_argument(
        fmt::format("expected a variant selection as key=value, got '{}'", key_equals_value));
  }
  select_variant(rules, key_equals_value.substr(0, eq), key_equals_value.substr(eq + 1));
}

}  // namespace carcheck
