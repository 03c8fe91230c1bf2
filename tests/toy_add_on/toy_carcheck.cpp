// The carcheck command with the toy add-on rooms registered: how a program built on carcheck
// adds its own rooms. `toy_carcheck --data tests/toy_add_on/data check tests/toy_add_on/specs`
// runs the toy rule sets' specs through the normal `check` path.
#include "cli/commands.h"
#include "toy_add_on.h"

int main(int argc, char** argv) {
  carcheck::toy::register_toy_add_ons();
  return carcheck::run_command_line(argc, argv);
}
