// An engine Event as a Python dict (docs/python.md lists the keys).
#pragma once

#include <pybind11/pybind11.h>

#include "engine/game.h"

namespace carcheck::py {

pybind11::dict event_dict(const Game& game, const Event& e);

}  // namespace carcheck::py
