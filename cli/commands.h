// The subcommands of `carcheck`. Each registers its options on a CLI11 subcommand and returns
// what runs once they are parsed: the process exit code, 0 success, 1 a failed check or
// game, 2 bad input or usage.
#pragma once

#include <functional>

namespace CLI {
class App;
}

namespace carcheck {

using CommandRun = std::function<int()>;

CommandRun add_check_command(CLI::App& carcheck);
CommandRun add_play_command(CLI::App& carcheck);
CommandRun add_fuzz_command(CLI::App& carcheck);
CommandRun add_tiles_command(CLI::App& carcheck);
CommandRun add_replay_command(CLI::App& carcheck);
CommandRun add_export_spec_command(CLI::App& carcheck);
CommandRun add_simulate_command(CLI::App& carcheck);
CommandRun add_merge_command(CLI::App& carcheck);
CommandRun add_perft_command(CLI::App& carcheck);

}  // namespace carcheck
