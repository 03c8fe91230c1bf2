// libFuzzer harness for the tile language (dsl/tile_compiler.h): a shape either compiles into
// tables whose four rotations agree, or is refused with an InputError at a position.
#include <cstddef>
#include <cstdint>
#include <string>

#include "dsl/tile_compiler.h"
#include "fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace carcheck;
  const std::string text(reinterpret_cast<const char*>(data), size);
  fuzzing::run(text, "shape", [&] {
    TileType tile;
    compile_shape(text, ShapeOrigin{"shape", 1, 1}, tile);
    // Compiled: rotation r is rotation 0 turned r quarters clockwise.
    for (int r = 1; r < kRotations; ++r) {
      if (tile.rot[r].size() != tile.rot[0].size())
        fuzzing::fail("rotations with different cell counts");
      for (size_t c = 0; c < tile.rot[0].size(); ++c)
        for (int side = 0; side < kSides; ++side)
          if (tile.rot[r][c].sides[(side + r) % kSides] != tile.rot[0][c].sides[side] ||
              tile.rot[r][c].ghost_symbols != tile.rot[0][c].ghost_symbols)
            fuzzing::fail("rotation " + std::to_string(r) + " of cell " + std::to_string(c) +
                          " disagrees with rotation 0");
    }
  });
  return 0;
}
