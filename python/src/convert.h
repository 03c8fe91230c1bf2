// Python arguments the module takes in several forms, made into what the C++ side reads.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace carcheck::py {

// Variants as a dict {"coop-scoring": "majority"}, one "key=value" or a list of them.
std::vector<std::string> variant_list(const pybind11::object& variants);
// One str or os.PathLike, or a list of them.
std::vector<std::string> path_list(const pybind11::object& paths);

}  // namespace carcheck::py
