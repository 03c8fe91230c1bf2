// The subcommands of `carcheck`. Each registers its options on a subcommand and returns
// what runs once they are parsed: the process exit code, 0 success, 1 a failed check or
// game, 2 bad input or usage.
#pragma once

#include <functional>

#include "cli/command.h"

namespace carcheck {

using CommandRun = std::function<int()>;

CommandRun add_check_command(Command& carcheck);
CommandRun add_play_command(Command& carcheck);
CommandRun add_fuzz_command(Command& carcheck);
CommandRun add_tiles_command(Command& carcheck);
CommandRun add_replay_command(Command& carcheck);
CommandRun add_export_spec_command(Command& carcheck);
CommandRun add_simulate_command(Command& carcheck);
CommandRun add_merge_command(Command& carcheck);
CommandRun add_perft_command(Command& carcheck);

// The program: parses argv, runs the command chosen, reports usage and input errors
// (cli/app.cpp). Returns the exit status.
int run_command_line(int argc, char** argv);

}  // namespace carcheck
