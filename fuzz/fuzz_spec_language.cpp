// libFuzzer harness for the spec language (dsl/spec_parser.h): a spec either parses or is
// refused with an InputError at a position; nothing else escapes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "dsl/spec_parser.h"
#include "fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace carcheck;
  const std::string text(reinterpret_cast<const char*>(data), size);
  fuzzing::run(text, "fuzz.spec", [&] { parse_spec(text, "fuzz.spec"); });
  return 0;
}
