// Seeds a libFuzzer corpus from the shipped data instead of committed copies that drift:
//   seed_corpus tile_language DIR   every shape (and alternative shape) of tiles.yaml
//   seed_corpus engine DIR          one game per configuration of levels.yaml the engine
//                                   plays (fuzz/engine_input.h), mostly legal actions
//   seed_corpus KIND DIR FILE...    the named files (tiles.yaml, levels.yaml, specs, the
//                                   bad-input cases), copied under distinct names
// Run by scripts/run.sh libfuzz before each harness.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

#include "checker/fuzz_targets.h"
#include "dsl/tile_loader.h"
#include "dsl/yaml_reader.h"
#include "engine/rng.h"
#include "fuzz/engine_input.h"

namespace {

namespace fs = std::filesystem;

void write(const fs::path& dir, const std::string& name, const std::string& text) {
  std::ofstream out(dir / name, std::ios::binary);
  out << text;
}

// A game of configuration `target`: its seed, then steps that mostly pick legal actions, now
// and then a built one, from a fixed generator so the corpus is the same on every run.
std::string engine_game(uint32_t target) {
  carcheck::Rng rng(target + 1);
  std::string bytes;
  auto word = [&](uint32_t w) {
    bytes.push_back(static_cast<char>(w & 0xFF));
    bytes.push_back(static_cast<char>(w >> 8 & 0xFF));
  };
  word(target);
  word(target * 7 + 1);
  for (int step = 0; step < 600; ++step) {
    uint8_t how = static_cast<uint8_t>(rng.below(256));
    bytes.push_back(static_cast<char>(how));
    if (how % carcheck::fuzzing::kBuiltEvery != 0)
      word(rng.below(1 << 16));
    else
      for (int k = 0; k < 9; ++k) bytes.push_back(static_cast<char>(rng.below(256)));
  }
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace carcheck;
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: seed_corpus tile_language|engine DIR | seed_corpus KIND DIR FILE...\n");
    return 2;
  }
  const std::string kind = argv[1];
  const fs::path dir = argv[2];
  try {
    fs::create_directories(dir);
    int n = 0;
    if (kind == "engine") {
      const Library& lib = Library::shipped();
      size_t targets = default_targets(lib).targets.size() + variant_targets(lib).targets.size();
      for (uint32_t t = 0; t < targets; ++t)
        write(dir, "game-" + std::to_string(n++), engine_game(t));
    } else if (kind == "tile_language") {
      for (const TileSet& set : load_tile_sets(default_tiles_path())) {
        for (const TileType& t : set.tiles) write(dir, "shape-" + std::to_string(n++), t.shape);
        for (const TileAlternative& a : set.alternatives)
          write(dir, "shape-" + std::to_string(n++), a.replacement.shape);
      }
    } else {
      for (int i = 3; i < argc; ++i) {
        const fs::path file = argv[i];
        write(dir, std::to_string(n++) + "-" + file.filename().string(), read_file(file.string()));
      }
    }
    std::printf("seed_corpus: %d %s seeds in %s\n", n, kind.c_str(), dir.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "seed_corpus: %s\n", e.what());
    return 2;
  }
  return 0;
}
