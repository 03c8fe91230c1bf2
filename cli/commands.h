// The subcommands of `carcheck`. Each takes its own arguments (after the subcommand name)
// and returns the process exit code: 0 success, 1 a failed check or game, 2 bad input.
#pragma once

#include <string>
#include <vector>

namespace carcheck {

using Args = std::vector<std::string>;

int cmd_tiles(const Args& args);
int cmd_play(const Args& args);
int cmd_check(const Args& args);
int cmd_fuzz(const Args& args);

}  // namespace carcheck
