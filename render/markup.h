// Text inside XML, HTML and SVG (JUnit reports, the simulation's page): markup escaped, and
// the control characters XML 1.0 cannot hold replaced by '?'.
#pragma once

#include <string>

namespace carcheck {

std::string markup_text(const std::string& s);

}  // namespace carcheck
