#include "cli/output_file.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "cli/usage.h"

namespace carcheck {

void check_writable(const std::string& option, const std::string& path) {
  const std::string tmp = path + ".part";
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw UsageError(fmt::format("{}: cannot write {}: it is a folder", option, path));
  std::ofstream probe(tmp, std::ios::binary);
  if (!probe) throw UsageError(fmt::format("{}: cannot write {}", option, path));
  probe.close();
  std::filesystem::remove(tmp, ec);
}

void write_file_whole(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".part";
  {
    std::ofstream out(tmp, std::ios::binary);
    out << text;
    out.flush();
    if (!out) {
      std::error_code ec;
      std::filesystem::remove(tmp, ec);
      throw std::runtime_error(fmt::format("cannot write {}", path));
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    throw std::runtime_error(fmt::format("cannot write {}", path));
  }
}

}  // namespace carcheck
