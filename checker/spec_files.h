// Which spec files a list of paths names: a file stands for itself, a folder for every *.spec
// under it (recursively), each with the name reports show.
#pragma once

#include <string>
#include <vector>

namespace carcheck {

struct SpecPath {
  std::string path;  // the file
  std::string name;  // shown: its path under the folder searched, without .spec
};

// The files of `roots` in order (a folder's sorted by name). Throws std::invalid_argument for
// a path that does not exist or a folder without specs.
std::vector<SpecPath> collect_specs(const std::vector<std::string>& roots);

}  // namespace carcheck
