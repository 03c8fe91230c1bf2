// `import carcheck`: the engine, the action notation and the spec runner from Python
// (docs/python.md).
#include <pybind11/pybind11.h>

#include "bindings.h"

PYBIND11_MODULE(carcheck, m) {
  m.doc() =
      "carcheck: Carcassonne rules by execution. load_game() builds a Game from a rule set of\n"
      "levels.yaml, Game.new_state() starts a State, check() runs specs. See docs/python.md.";
  carcheck::py::bind_errors(m);
  carcheck::py::bind_game(m);
  carcheck::py::bind_check(m);
  carcheck::py::bind_batch(m);
}
