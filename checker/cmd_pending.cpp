// TEMPORARY: replaced by cmd_check.cpp and cmd_fuzz.cpp.
#include <iostream>

#include "checker/commands.h"

namespace carcheck {
int cmd_check(const Args&) {
  std::cerr << "carcheck check: not built yet\n";
  return 2;
}
int cmd_fuzz(const Args&) {
  std::cerr << "carcheck fuzz: not built yet\n";
  return 2;
}
}  // namespace carcheck
