// Options several commands share (cli/options.h).
#include "cli/options.h"

#include <fmt/format.h>

#include <charconv>
#include <cstdio>

#include "cli/usage.h"
#include "dsl/tile_loader.h"
#include "engine/game.h"

namespace carcheck {

namespace {

// CLI11 converts "-1" to 2^64-1 and saturates past 2^64; a seed is refused instead.
std::string whole_u64(const std::string& text) {
  uint64_t n = 0;
  const char* end = text.data() + text.size();
  auto [stop, ec] = std::from_chars(text.data(), end, n);
  if (text.empty() || ec != std::errc() || stop != end)
    return fmt::format("takes a whole number from 0 to {}, not '{}'", UINT64_MAX, text);
  return "";
}

template <typename Int>
OptionCheck whole_in(Int lo, Int hi) {
  return [lo, hi](const std::string& text) -> std::string {
    Int n = 0;
    const char* end = text.data() + text.size();
    auto [stop, ec] = std::from_chars(text.data(), end, n);
    if (text.empty() || ec != std::errc() || stop != end || n < lo || n > hi)
      return fmt::format("takes a whole number from {} to {}, not '{}'", lo, hi, text);
    return "";
  };
}

}  // namespace

Option add_int_option(Command& cmd, const std::string& name, int& value, int lo, int hi,
                      const std::string& type_name, const std::string& help) {
  return cmd.option(name, value, help).check(whole_in(lo, hi), "range").type_name(type_name);
}

Option add_int64_option(Command& cmd, const std::string& name, int64_t& value, int64_t lo,
                        int64_t hi, const std::string& type_name, const std::string& help) {
  return cmd.option(name, value, help).check(whole_in(lo, hi), "range").type_name(type_name);
}

Option add_level_option(Command& cmd, int& level, const std::string& help) {
  return add_int_option(cmd, "--level", level, 1, 6, "L", help);
}

Option add_players_option(Command& cmd, int& players, const std::string& help) {
  return add_int_option(cmd, "--players", players, 1, kMaxColours, "N", help);
}

void add_game_options(Command& cmd, GameOptions& game) {
  cmd.option("--rules", game.rules,
             "a rule set of levels.yaml: base-c1, pnp-demo, bcb or mists (with --level)")
      .required()
      .type_name("R");
  add_level_option(cmd, game.level, "Mists level 1-6 (with --rules mists)");
  add_players_option(cmd, game.players, "base-c1, pnp-demo and bcb: 2-5; Mists: 1-5 (default 2)");
}

Option add_seed_option(Command& cmd, uint64_t& seed, const std::string& help) {
  return cmd.option("--seed", seed, help).check(whole_u64, "whole number").type_name("S");
}

Option add_variant_option(Command& cmd, std::vector<std::string>& variants,
                          const std::string& help) {
  return cmd.option("--variant", variants, help).allow_extra_args(false).type_name("K=V");
}

Option add_json_flag(Command& cmd, bool& json, const std::string& help) {
  return cmd.flag("--json", json, help).disable_flag_override();
}

Option add_data_option(Command& cmd, std::string& dir) {
  return cmd
      .option("--data", dir,
              "read tiles.yaml, levels.yaml (and specs/, for check) from DIR instead of\n"
              "$CARCHECK_DATA or the shipped data")
      .check([](const std::string& text) { return data_dir_problem(text); }, "data folder")
      .type_name("DIR");
}

std::pair<int, int> parse_shard(const std::string& text) {
  int k = 0, n = 0;
  char tail = 0;
  if (std::sscanf(text.c_str(), "%d/%d%c", &k, &n, &tail) != 2 || n < 1 || k < 1 || k > n)
    throw UsageError(fmt::format("--shard takes K/N with 1 <= K <= N, not '{}'", text));
  return {k, n};
}

}  // namespace carcheck
