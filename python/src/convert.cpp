// Argument forms (convert.h).
#include "convert.h"

namespace carcheck::py {

namespace pyb = pybind11;

std::vector<std::string> variant_list(const pyb::object& variants) {
  std::vector<std::string> out;
  if (variants.is_none()) return out;
  if (pyb::isinstance<pyb::str>(variants)) {
    out.push_back(variants.cast<std::string>());
  } else if (pyb::isinstance<pyb::dict>(variants)) {
    for (auto [k, v] : variants.cast<pyb::dict>())
      out.push_back(pyb::str(k).cast<std::string>() + "=" + pyb::str(v).cast<std::string>());
  } else {
    for (pyb::handle kv : variants) out.push_back(pyb::str(kv).cast<std::string>());
  }
  return out;
}

std::vector<std::string> path_list(const pyb::object& paths) {
  std::vector<std::string> out;
  if (paths.is_none()) return out;
  if (pyb::isinstance<pyb::str>(paths) || pyb::hasattr(paths, "__fspath__")) {
    out.push_back(pyb::str(paths).cast<std::string>());
    return out;
  }
  for (pyb::handle p : paths) out.push_back(pyb::str(p).cast<std::string>());
  return out;
}

}  // namespace carcheck::py
