// libFuzzer harness for tiles.yaml (dsl/tile_loader.h): YAML around the tile language, with
// shape errors mapped back into the file; loads or is refused with an InputError at a position.
#include <cstddef>
#include <cstdint>
#include <string>

#include "dsl/tile_loader.h"
#include "fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace carcheck;
  const std::string text(reinterpret_cast<const char*>(data), size);
  fuzzing::run(text, "tiles.yaml", [&] { load_tile_sets_from_string(text, "tiles.yaml"); });
  return 0;
}
