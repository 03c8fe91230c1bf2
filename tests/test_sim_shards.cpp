// `carcheck simulate --shard K/N` under GNU parallel (Debian `parallel`), as docs/scaling.md
// shows it: two shards run side by side, `carcheck merge` of their JSON is byte-equal to the
// JSON of the unsharded run. Skipped, saying so, only when parallel is not installed.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "test_support.h"

namespace carcheck {
namespace {

namespace fs = std::filesystem;

using test_support::shell;

TEST(SimShards, GnuParallelShardsMergeIntoTheSingleRun) {
  if (shell("parallel --version > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "GNU parallel is not installed (Debian package parallel)";
  const fs::path dir =
      fs::temp_directory_path() / ("carcheck-shards-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string bin = CARCHECK_BINARY;
  const std::string run =
      " simulate --rules mists --level 1,3 --players 2 --games 9 --compare coop-scoring "
      "--seed 77 --jobs 1 --json";
  ASSERT_EQ(shell(bin + run + " > " + (dir / "whole.json").string()), 0);
  ASSERT_EQ(shell("parallel --will-cite -j2 '" + bin + run + " --shard {}/2 > " + dir.string() +
                  "/shard-{}.json' ::: 1 2"),
            0);
  ASSERT_EQ(shell(bin + " merge " + (dir / "shard-2.json").string() + " " +
                  (dir / "shard-1.json").string() + " > " + (dir / "merged.json").string()),
            0);
  const std::string whole = test_support::read_text(dir / "whole.json");
  EXPECT_FALSE(whole.empty());
  EXPECT_EQ(test_support::read_text(dir / "merged.json"), whole);
  EXPECT_NE(test_support::read_text(dir / "shard-1.json"), whole);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace carcheck
