// Options several commands share: the same names, checks and help everywhere.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.h"
#include "dsl/library.h"

namespace carcheck {

// --rules R (required), --level L and --players N: the one game `play` and `perft` start.
void add_game_options(Command& cmd, GameOptions& game);
// --level L: a Mists level, 1 to 6.
Option add_level_option(Command& cmd, int& level, const std::string& help);
// --players N: 1 to 6 (six colours); the rule set then says which counts it takes, and why.
Option add_players_option(Command& cmd, int& players, const std::string& help);
// --seed S: a whole number from 0 to 2^64-1 (no sign, no wrap-around).
Option add_seed_option(Command& cmd, uint64_t& seed, const std::string& help);
// --variant K=V, repeatable; each occurrence takes one value, so positionals stay positional.
Option add_variant_option(Command& cmd, std::vector<std::string>& variants,
                          const std::string& help);
// --json: a flag that takes no value (--json=yes is refused).
Option add_json_flag(Command& cmd, bool& json, const std::string& help);
// A whole number from `lo` to `hi`, help showing NAME rather than the range.
Option add_int_option(Command& cmd, const std::string& name, int& value, int lo, int hi,
                      const std::string& type_name, const std::string& help);
// --data DIR (every command, and before the command): the folder of tiles.yaml, levels.yaml
// and specs/ in place of the shipped data; DIR is checked when parsed (dsl/tile_loader.h).
Option add_data_option(Command& cmd, std::string& dir);
// --shard K/N (simulate, fuzz): shard K of N, 1 <= K <= N; throws UsageError otherwise.
std::pair<int, int> parse_shard(const std::string& text);
Option add_int64_option(Command& cmd, const std::string& name, int64_t& value, int64_t lo,
                        int64_t hi, const std::string& type_name, const std::string& help);

}  // namespace carcheck
