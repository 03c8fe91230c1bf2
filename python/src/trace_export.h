// The State's rule trace, SVG board and spec export (as the page's JS API has them,
// docs/web.md): State.trace(), State.board_svg(), State.export_spec().
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "state.h"

namespace carcheck::py {

// The last apply's rule trace (the action and the draws after it): a list of dicts with
// action, refused, reason, rule {cites, readings} and events [{text, rule}].
pybind11::list state_trace(const PyState& s);
// The game as a spec that `carcheck check` passes (checker/state_spec.h); `events`: a list of
// (after, text) pairs written as `expect event text` after the after-th action.
std::string state_export_spec(const PyState& s, const std::string& title,
                              const pybind11::object& events);

}  // namespace carcheck::py
