// Spec files named by paths (checker/spec_files.h).
#include "checker/spec_files.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace carcheck {

namespace {

namespace fs = std::filesystem;

std::vector<SpecPath> specs_under(const fs::path& dir) {
  std::vector<SpecPath> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(
           dir, fs::directory_options::follow_directory_symlink, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file() || it->path().extension() != ".spec") continue;
    fs::path rel = fs::relative(it->path(), dir);
    found.push_back({it->path().string(), rel.replace_extension().generic_string()});
  }
  if (found.empty())
    throw std::invalid_argument(fmt::format("no .spec files under {}", dir.string()));
  std::sort(found.begin(), found.end(),
            [](const SpecPath& a, const SpecPath& b) { return a.name < b.name; });
  return found;
}

}  // namespace

std::vector<SpecPath> collect_specs(const std::vector<std::string>& roots) {
  std::vector<SpecPath> out;
  for (const std::string& root : roots) {
    const fs::path p(root);
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<SpecPath> found = specs_under(p);
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p, ec)) {
      out.push_back({p.string(), fs::path(p).replace_extension().generic_string()});
    } else {
      throw std::invalid_argument(fmt::format("no such file or folder: {}", root));
    }
  }
  return out;
}

}  // namespace carcheck
