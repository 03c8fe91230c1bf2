// Usage errors the option parser cannot see (an option that applies only with another, a
// rule set that matches nothing): the command exits 2 with the reason and a hint to --help,
// as for CLI11's own parse errors (cli/main.cpp).
#pragma once

#include <stdexcept>

namespace carcheck {

class UsageError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace carcheck
