// Raising carcheck.Error from the module's own code (errors.cpp translates the engine's).
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace carcheck::py {

// Raises carcheck.Error with str() `text`, its .file, .line, .column, .reason and the
// attributes of `extra` (such as .results).
[[noreturn]] void raise_error(const std::string& text, const std::string& file, int line,
                              int column, const std::string& reason, const pybind11::dict& extra);

}  // namespace carcheck::py
