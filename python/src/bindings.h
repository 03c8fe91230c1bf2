// The parts of the module `carcheck`, each adding its classes and functions to it.
#pragma once

#include <pybind11/pybind11.h>

namespace carcheck::py {

void bind_errors(pybind11::module_& m);  // carcheck.Error and the translation of refusals
void bind_game(pybind11::module_& m);    // load_game, Game, State, Action, Rng
void bind_check(pybind11::module_& m);   // check (the spec runner)
void bind_batch(pybind11::module_& m);   // play_random (many games, the GIL released)

}  // namespace carcheck::py
