// carcheck: check Carcassonne rules by execution. See README.md.
#include <iostream>

#include "cli/commands.h"

namespace {

constexpr const char* kUsage = R"(usage: carcheck <command> [options]

Commands:
  check   run executable specs against the rule sets (default: specs/)
  play    play one game of random legal choices and show the result
  fuzz    play many random games and check the rules' invariants after every action
  tiles   list the tile sets, or draw one tile

Run `carcheck <command> --help` for a command's options.
Exit status: 0 success, 1 a check or property failed, 2 bad input or usage.
)";

}  // namespace

int main(int argc, char** argv) {
  using namespace carcheck;
  if (argc < 2) {
    std::cerr << kUsage;
    return 2;
  }
  std::string cmd = argv[1];
  Args args(argv + 2, argv + argc);
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    std::cout << kUsage;
    return 0;
  }
  try {
    if (cmd == "tiles") return cmd_tiles(args);
    if (cmd == "play") return cmd_play(args);
    if (cmd == "check") return cmd_check(args);
    if (cmd == "fuzz") return cmd_fuzz(args);
  } catch (const std::exception& e) {
    std::cerr << "carcheck " << cmd << ": " << e.what() << "\n";
    return 2;
  }
  std::cerr << "carcheck: unknown command '" << cmd << "'\n\n" << kUsage;
  return 2;
}
