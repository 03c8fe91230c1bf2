// Seeds a libFuzzer corpus from the shipped data instead of committed copies that drift:
//   seed_corpus tile_language DIR   every shape (and alternative shape) of tiles.yaml
//   seed_corpus KIND DIR FILE...    the named files (tiles.yaml, levels.yaml, specs, the
//                                   bad-input cases), copied under distinct names
// Run by scripts/run.sh libfuzz before each harness.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

#include "dsl/tile_loader.h"
#include "dsl/yaml_reader.h"

namespace {

namespace fs = std::filesystem;

void write(const fs::path& dir, const std::string& name, const std::string& text) {
  std::ofstream out(dir / name, std::ios::binary);
  out << text;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace carcheck;
  if (argc < 3) {
    std::fprintf(stderr, "usage: seed_corpus tile_language DIR | seed_corpus KIND DIR FILE...\n");
    return 2;
  }
  const std::string kind = argv[1];
  const fs::path dir = argv[2];
  try {
    fs::create_directories(dir);
    int n = 0;
    if (kind == "tile_language") {
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
