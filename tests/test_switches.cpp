// Variant switches are typed and read by name (engine/switches.h), and levels.yaml is checked
// against the engine's table both ways when it loads (dsl/level_loader.cpp). The end-to-end
// cases run the command on copies of the shipped data, found through CARCHECK_DATA.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "dsl/level_loader.h"
#include "engine/switches.h"
#include "test_support.h"

namespace carcheck {
namespace {

namespace fs = std::filesystem;

using test_support::read_text;

void write_text(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

const std::string& shipped_levels() {
  static const std::string text = read_text(fs::path(CARCHECK_DATA_DIR) / "levels.yaml");
  return text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string joined_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

// A data folder (tiles.yaml and the given levels.yaml) for CARCHECK_DATA.
fs::path data_copy(const std::string& name, const std::string& levels) {
  const fs::path dir =
      fs::temp_directory_path() / ("carcheck-data-" + name + "-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::copy_file(fs::path(CARCHECK_DATA_DIR) / "tiles.yaml", dir / "tiles.yaml",
                fs::copy_options::overwrite_existing);
  write_text(dir / "levels.yaml", levels);
  return dir;
}

struct CmdRun {
  int status = -1;
  std::string out;
};

// `carcheck ARGS` from the source tree, with CARCHECK_DATA set when `data` is not empty.
CmdRun carcheck(const std::string& args, const fs::path& data = {}) {
  const fs::path out =
      fs::temp_directory_path() / ("carcheck-switches-" + std::to_string(::getpid()) + ".out");
  std::string cmd = "cd '" CARCHECK_DATA_DIR "' && ";
  if (!data.empty()) cmd += "CARCHECK_DATA='" + data.string() + "' ";
  cmd += "'" CARCHECK_BINARY "' " + args + " > '" + out.string() + "' 2>&1";
  const int rc = std::system(cmd.c_str());
  CmdRun r;
  r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  r.out = read_text(out);
  fs::remove(out);
  return r;
}

// The shipped levels.yaml with every switch's values listed in another order: the default
// last, the other values reversed. Readings are chosen by name, so nothing may change.
std::string reordered_levels() {
  const std::vector<std::string> in = lines_of(shipped_levels());
  std::vector<std::string> out;
  std::string default_value;
  for (size_t i = 0; i < in.size();) {
    const std::string& line = in[i];
    if (line.rfind("    default: ", 0) == 0) default_value = line.substr(13);
    if (line != "    values:") {
      out.push_back(line);
      ++i;
      continue;
    }
    out.push_back(line);
    ++i;
    // Each value is its `      key: meaning` line and the deeper lines that continue it.
    std::vector<std::vector<std::string>> entries;
    while (i < in.size() && in[i].rfind("      ", 0) == 0) {
      if (in[i].rfind("       ", 0) != 0) entries.emplace_back();
      entries.back().push_back(in[i]);
      ++i;
    }
    auto is_default = [&](const std::vector<std::string>& e) {
      return e.front().rfind("      " + default_value + ":", 0) == 0;
    };
    std::vector<std::vector<std::string>> others, dflt;
    for (auto& e : entries) (is_default(e) ? dflt : others).push_back(e);
    EXPECT_EQ(dflt.size(), 1u) << "default '" << default_value << "' before line " << i;
    std::reverse(others.begin(), others.end());
    for (const auto& group : {others, dflt})
      for (const auto& e : group) out.insert(out.end(), e.begin(), e.end());
  }
  return joined_lines(out);
}

// (spec, variant, outcome) of every run of `carcheck check specs --matrix --json`.
std::set<std::tuple<std::string, std::string, std::string>> matrix_outcomes(const CmdRun& r) {
  std::set<std::tuple<std::string, std::string, std::string>> out;
  // One object per run, each opening with its name; the variant is absent for a spec run as
  // written.
  static const std::regex kName(R"re(\{"name":"([^"]*)")re"),
      kVariant(R"re("variant":"([^"]*)")re"), kOutcome(R"re("outcome":"([^"]*)")re");
  std::vector<std::pair<size_t, std::string>> starts;
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), kName);
       it != std::sregex_iterator(); ++it)
    starts.emplace_back(static_cast<size_t>(it->position()), (*it)[1]);
  for (size_t i = 0; i < starts.size(); ++i) {
    const size_t end = i + 1 < starts.size() ? starts[i + 1].first : r.out.size();
    const std::string run = r.out.substr(starts[i].first, end - starts[i].first);
    std::smatch v, o;
    const bool has_variant = std::regex_search(run, v, kVariant);
    EXPECT_TRUE(std::regex_search(run, o, kOutcome)) << run;
    out.emplace(starts[i].second, has_variant ? v[1].str() : "", o[1].str());
  }
  return out;
}

TEST(Switches, EveryTableRowIsInTheShippedRegister) {
  const std::vector<RuleSet> sets = load_rule_sets(std::string(CARCHECK_DATA_DIR) + "/levels.yaml");
  for (const SwitchValue& row : switch_table()) {
    bool listed = false;
    for (const RuleSet& r : sets)
      for (const VariantSwitch& v : r.variants)
        listed = listed || (v.id == row.id && std::find(v.values.begin(), v.values.end(),
                                                        std::string(row.value)) != v.values.end());
    EXPECT_TRUE(listed) << row.id << "=" << row.value;
  }
}

TEST(Switches, ResolvedByNameNotByPosition) {
  RuleSet base =
      find_rule_set(load_rule_sets(std::string(CARCHECK_DATA_DIR) + "/levels.yaml"), "base-c1");
  EXPECT_EQ(resolve_switches(base).farm_scoring, FarmScoring::ThirdEdition);
  // The same selection in a file listing the values in another order.
  RuleSet moved =
      find_rule_set(load_rule_sets_from_string(reordered_levels(), "reordered.yaml"), "base-c1");
  for (RuleSet* r : {&base, &moved}) {
    select_variant(*r, "farm-scoring=second-edition");
    select_variant(*r, "winner-tie=replay");
    select_variant(*r, "first-player=agree");
  }
  for (RuleSet* r : {&base, &moved}) {
    const Switches s = resolve_switches(*r);
    EXPECT_EQ(s.farm_scoring, FarmScoring::SecondEdition);
    EXPECT_EQ(s.winner_tie, WinnerTie::Replay);
    EXPECT_EQ(s.first_player, FirstPlayer::Agree);
    EXPECT_EQ(s.small_city, SmallCity::Modern);
  }
  RuleSet mists =
      find_rule_set(load_rule_sets_from_string(reordered_levels(), "reordered.yaml"), "mists-4");
  select_variant(mists, "unplaceable-tile=lose");
  select_variant(mists, "ghost-scope=per-area");
  select_variant(mists, "haunted-closed-ghosts=none-on-closed");
  const Switches s = resolve_switches(mists);
  EXPECT_EQ(s.unplaceable_tile, UnplaceableTile::Lose);
  EXPECT_EQ(s.ghost_scope, GhostScope::PerArea);
  EXPECT_EQ(s.haunted_closed_ghosts, HauntedClosedGhosts::NoneOnClosed);
  // Bridges, Castles and Bazaars: a won tile that fits nowhere (issue 28), normal-turn unless
  // a value is selected, by its name in either file.
  for (const std::string& text : {shipped_levels(), reordered_levels()}) {
    RuleSet bcb = find_rule_set(load_rule_sets_from_string(text, "levels.yaml"), "bcb");
    EXPECT_EQ(resolve_switches(bcb).bazaar_won_unplaceable, BazaarWonUnplaceable::NormalTurn);
    select_variant(bcb, "bazaar-won-unplaceable=set-aside");
    select_variant(bcb, "base-unplaceable-tile=back-in-pile");
    const Switches b = resolve_switches(bcb);
    EXPECT_EQ(b.bazaar_won_unplaceable, BazaarWonUnplaceable::SetAside);
    EXPECT_EQ(b.base_unplaceable_tile, BaseUnplaceableTile::BackInPile);
  }
}

// A designer's own rule set, added to the register, fixes a value; the default goes first
// whatever order the file lists the values in.
TEST(Switches, RuleSetsMayFixAValueAndDefaultsGoFirst) {
  const std::string house =
      reordered_levels() +
      "  - name: house-rules\n"
      "    title: a house rule set\n"
      "    family: base\n"
      "    tiles: {set: base-c1, land-tiles: 72}\n"
      "    players: {min: 2, max: 5}\n"
      "    followers: 7\n"
      "    farmers: false\n"
      "    variants: [farm-scoring, small-city=old, unfinished-final, first-player, winner-tie,\n"
      "               base-unplaceable-tile, board-bounds]\n";
  const RuleSet r = find_rule_set(load_rule_sets_from_string(house, "house.yaml"), "house-rules");
  const VariantSwitch* small = nullptr;
  for (const VariantSwitch& v : r.variants)
    if (v.id == "small-city") small = &v;
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(small->values, (std::vector<std::string>{"modern", "old"}));
  EXPECT_EQ(small->meanings.front(), "2 per tile + 2 per shield (4 points)");
  EXPECT_EQ(small->value(), "old");
  EXPECT_EQ(resolve_switches(r).small_city, SmallCity::Old);
}

TEST(Switches, ReorderedValuesGiveTheSameOutcomesForEverySpec) {
  const fs::path copy = data_copy("reordered", reordered_levels());
  const std::string specs = "check specs --matrix --json";
  const CmdRun shipped = carcheck(specs);
  const CmdRun reordered = carcheck(specs, copy);
  EXPECT_EQ(shipped.status, 0) << shipped.out.substr(0, 2000);
  EXPECT_EQ(reordered.status, 0) << reordered.out.substr(0, 2000);
  const auto a = matrix_outcomes(shipped), b = matrix_outcomes(reordered);
  EXPECT_GT(a.size(), 150u);  // 144 specs, several under more than one value
  EXPECT_EQ(a, b);
  fs::remove_all(copy);
}

TEST(Switches, AnUnimplementedValueIsRefusedAtLoadWithItsPlace) {
  std::vector<std::string> lines = lines_of(shipped_levels());
  auto at = std::find(lines.begin(), lines.end(), "      old: 1 per tile and 1 per shield");
  ASSERT_NE(at, lines.end());
  const size_t line = static_cast<size_t>(at - lines.begin()) + 2;  // 1-based, after `old`
  lines.insert(at + 1, "      ancient: a reading nobody implemented");
  const fs::path copy = data_copy("extra-value", joined_lines(lines));
  const std::string where = (copy / "levels.yaml").string() + ":" + std::to_string(line) + ":7: ";
  const std::string why =
      "the engine does not implement small-city=ancient (list it under 'not-implemented' until "
      "it does)";
  try {
    load_rule_sets((copy / "levels.yaml").string());
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.what(), where + why);
  }
  const CmdRun r = carcheck("check specs/base", copy);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find(where + why), std::string::npos) << r.out;
  fs::remove_all(copy);
}

TEST(Switches, ARuleSetMustCarryEverySwitchTheEngineReads) {
  std::vector<std::string> lines = lines_of(shipped_levels());
  // base-c1 names its switches one a line (an anchor the others reuse); take one out.
  auto at = std::find(lines.begin(), lines.end(), "      - first-player");
  ASSERT_NE(at, lines.end());
  lines.erase(at);
  try {
    load_rule_sets_from_string(joined_lines(lines), "levels.yaml");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("does not carry variant 'first-player', which the engine "
                                         "reads for base rule sets"),
              std::string::npos)
        << e.what();
  }
}

TEST(Switches, SelectingAValueNotImplementedIsAClearError) {
  RuleSet base =
      find_rule_set(load_rule_sets(std::string(CARCHECK_DATA_DIR) + "/levels.yaml"), "base-c1");
  try {
    select_variant(base, "board-bounds=edge-finishes");
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(
        std::string(e.what()),
        "variant board-bounds=edge-finishes is not implemented in the engine yet (levels.yaml "
        "marks it 'not-implemented'; implemented values: unlimited, table-edge)");
  }
  const CmdRun play = carcheck("play --rules base-c1 --variant board-bounds=edge-finishes");
  EXPECT_EQ(play.status, 2);
  EXPECT_NE(play.out.find("board-bounds=edge-finishes is not implemented in the engine yet"),
            std::string::npos)
      << play.out;
  // A value that takes a parameter (the table's size) is refused without it, with the form.
  const CmdRun bare = carcheck("play --rules base-c1 --variant board-bounds=table-edge");
  EXPECT_EQ(bare.status, 2);
  EXPECT_NE(bare.out.find("board-bounds=table-edge needs a parameter: table-edge:WxH"),
            std::string::npos)
      << bare.out;
  const CmdRun check = carcheck("check specs/base --variant bury-empty=report-gap");
  EXPECT_EQ(check.status, 2);
  EXPECT_NE(check.out.find("bury-empty=report-gap is not implemented in the engine yet"),
            std::string::npos)
      << check.out;

  // In a spec: `variant` and `under` name the spec's own line.
  const fs::path dir =
      fs::temp_directory_path() / ("carcheck-pending-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  write_text(dir / "pending.spec",
             "spec \"a bounded table\"\ncites seed 001 \"Folosirea unei mese\"\n"
             "rules base-c1 players 2\nvariant board-bounds=edge-finishes\nexpect phase draw\n");
  const CmdRun spec = carcheck("check " + (dir / "pending.spec").string());
  EXPECT_EQ(spec.status, 2);
  EXPECT_NE(spec.out.find("pending.spec:4:"), std::string::npos) << spec.out;
  EXPECT_NE(spec.out.find("board-bounds=edge-finishes is not implemented in the engine yet"),
            std::string::npos)
      << spec.out;
  fs::remove_all(dir);
}

// Issue 12: the fourth rule system plays in `check` and `play` alike.
TEST(Switches, BridgesCastlesAndBazaarsPlaysEverywhere) {
  const fs::path dir = fs::temp_directory_path() / ("carcheck-bcb-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  write_text(dir / "bcb.spec",
             "spec \"a bcb game starts with a draw\"\ncites seed 003 \"Pregătire\"\n"
             "rules bcb players 2\nexpect phase draw\nexpect bridges red 3\n"
             "expect castle-tokens green 3\n");
  const CmdRun spec = carcheck("check " + (dir / "bcb.spec").string());
  EXPECT_EQ(spec.status, 0) << spec.out;
  for (int players = 2; players <= 5; ++players) {
    const CmdRun play =
        carcheck("play --rules bcb --no-board --players " + std::to_string(players));
    EXPECT_EQ(play.status, 0) << play.out;
    EXPECT_NE(play.out.find("player 1 (red): "), std::string::npos) << play.out;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace carcheck
