// carcheck: check Carcassonne rules by execution. See README.md.
#include "cli/commands.h"

int main(int argc, char** argv) { return carcheck::run_command_line(argc, argv); }
