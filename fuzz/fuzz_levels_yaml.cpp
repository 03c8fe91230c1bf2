// libFuzzer harness for levels.yaml (dsl/level_loader.h): a file either loads or is refused
// with an InputError at a position; nothing else escapes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "dsl/level_loader.h"
#include "fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace carcheck;
  const std::string text(reinterpret_cast<const char*>(data), size);
  fuzzing::run(text, "levels.yaml", [&] { load_rule_sets_from_string(text, "levels.yaml"); });
  return 0;
}
