// Small helpers the unit tests share.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "engine/action.h"

namespace carcheck::test_support {

// An engine answer (nullopt: accepted, else the reason of a refusal) as a gtest assertion
// that prints the reason when it fails.
inline ::testing::AssertionResult ok(const std::optional<std::string>& why) {
  if (!why) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "refused: " << *why;
}

// The shared turn's actions, as a hand-played test writes them.
inline Action draw(TileId t) {
  Action a;
  a.kind = ActionKind::Draw;
  a.tile = t;
  return a;
}

inline Action place(int x, int y, int rot) {
  Action a;
  a.kind = ActionKind::Place;
  a.x = static_cast<int16_t>(x);
  a.y = static_cast<int16_t>(y);
  a.rot = static_cast<int8_t>(rot);
  return a;
}

inline Action pass() {
  Action a;
  a.kind = ActionKind::Pass;
  return a;
}

// A scratch file of the running test's own: ctest runs tests in parallel processes.
inline std::string scratch(const std::string& name) {
  return ::testing::TempDir() + ::testing::UnitTest::GetInstance()->current_test_info()->name() +
         "-" + name;
}

// A whole file as text; empty when it cannot be read.
inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs a shell command line; its exit status (-1 when it did not exit normally).
inline int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace carcheck::test_support
