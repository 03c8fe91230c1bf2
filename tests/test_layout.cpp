// The rooms and the direction of their dependencies (docs/architecture.md), checked on the
// sources: a room includes only itself and the rooms below it, as CMake links them.
//   engine  <- dsl <- checker <- sim <- cli
//   engine  <- render <- checker
//   dsl, render <- gamelog <- checker
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>

namespace {

namespace fs = std::filesystem;

const std::map<std::string, std::set<std::string>> kMayInclude = {
    {"engine", {"engine"}},
    {"dsl", {"dsl", "engine"}},
    {"render", {"render", "engine"}},
    {"checker", {"checker", "gamelog", "dsl", "render", "engine"}},
    {"gamelog", {"gamelog", "dsl", "render", "engine"}},
    {"sim", {"sim", "checker", "gamelog", "dsl", "render", "engine"}},
    {"cli", {"cli", "sim", "checker", "gamelog", "dsl", "render", "engine"}},
    // The Python module (import carcheck): everything but the command line.
    {"python/src", {"sim", "checker", "gamelog", "dsl", "render", "engine"}},
};

TEST(Layout, EachRoomIncludesOnlyTheRoomsBelowIt) {
  const std::regex include(R"re(^\s*#\s*include\s*"([a-z_]+)/)re");
  int files = 0;
  for (const auto& [room, allowed] : kMayInclude) {
    const fs::path dir = fs::path(CARCHECK_DATA_DIR) / room;
    ASSERT_TRUE(fs::is_directory(dir)) << dir;
    for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
      const std::string ext = e.path().extension().string();
      if (ext != ".h" && ext != ".cpp") continue;
      ++files;
      std::ifstream in(e.path());
      int n = 0;
      for (std::string line; std::getline(in, line);) {
        ++n;
        std::smatch m;
        if (!std::regex_search(line, m, include)) continue;
        EXPECT_TRUE(allowed.count(m[1].str())) << e.path().string() << ":" << n << ": " << room
                                               << "/ may not include " << m[1].str() << "/";
      }
    }
  }
  EXPECT_GT(files, 30);
}

// The engine is free of the parsing libraries: PEGTL and yaml-cpp stay in dsl/.
TEST(Layout, TheEngineIncludesNoParser) {
  const std::regex parser(R"re(#\s*include\s*<(tao/pegtl|yaml-cpp|CLI))re");
  for (const fs::directory_entry& e :
       fs::directory_iterator(fs::path(CARCHECK_DATA_DIR) / "engine")) {
    std::ifstream in(e.path());
    for (std::string line; std::getline(in, line);)
      EXPECT_FALSE(std::regex_search(line, parser)) << e.path().string() << ": " << line;
  }
}

}  // namespace
