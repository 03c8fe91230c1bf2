// The shipped tile sets against the facts of reference/tiles.md, the compiled tables'
// invariants (rotations, ports), the bad-input corpus of the tile language, and the
// `carcheck tiles` command.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "dsl/diagnostic.h"
#include "dsl/tile_loader.h"
#include "engine/tile.h"
#include "engine/types.h"
#include "render/tile_art.h"

namespace carcheck {
namespace {

namespace fs = std::filesystem;

const std::vector<TileSet>& shipped() {
  static const std::vector<TileSet> sets = load_tile_sets(default_tiles_path());
  return sets;
}

const TileSet* find_set(const std::string& name) {
  for (const TileSet& s : shipped())
    if (s.name == name) return &s;
  return nullptr;
}

const TileSet& set_named(const std::string& name) {
  const TileSet* s = find_set(name);
  if (!s) throw std::runtime_error("no tile set " + name + " in " + default_tiles_path());
  return *s;
}

// Every tile type of every set, alternatives included, for the invariants.
std::vector<const TileType*> every_tile() {
  std::vector<const TileType*> out;
  for (const TileSet& s : shipped()) {
    for (const TileType& t : s.tiles) out.push_back(&t);
    for (const TileAlternative& a : s.alternatives) out.push_back(&a.replacement);
  }
  return out;
}

std::string tile_id(const TileType& t) { return t.set + ":" + t.name; }

int copies_with(const TileSet& s, SegmentKind k) {
  int n = 0;
  for (const TileType& t : s.tiles)
    if (t.has(k)) n += t.count;
  return n;
}

int coats_of_arms(const TileSet& s) {
  int n = 0;
  for (const TileType& t : s.tiles) n += t.count * t.shields();
  return n;
}

std::vector<const TileType*> start_tiles(const TileSet& s) {
  std::vector<const TileType*> out;
  for (const TileType& t : s.tiles)
    if (t.start) out.push_back(&t);
  return out;
}

std::multiset<int> counts(const TileSet& s) {
  std::multiset<int> out;
  for (const TileType& t : s.tiles) out.insert(t.count);
  return out;
}

// ---- The sets against reference/tiles.md --------------------------------------------------

TEST(TileSets, BaseGameFirstEdition) {
  const TileSet& s = set_named("base-c1");
  EXPECT_EQ(s.physical_tiles(), 72);
  EXPECT_EQ(s.tiles.size(), 24u);
  EXPECT_EQ(coats_of_arms(s), 10);
  ASSERT_EQ(start_tiles(s).size(), 1u);
  const TileType& start = *start_tiles(s)[0];
  EXPECT_EQ(start.name, "city-cap-straight-road");  // "city cap + straight road (start tile...)"
  EXPECT_EQ(start.count, 4);
  EXPECT_EQ(start.n_cells, 1);
  EXPECT_EQ(copies_with(s, SegmentKind::Monastery), 6);  // 4 monasteries + 2 with a road
  EXPECT_FALSE(s.reconstructed);
  // The table's counts, shape by shape.
  EXPECT_EQ(counts(s), (std::multiset<int>{4, 2, 4, 1, 2, 1, 2, 1, 3, 2, 3, 2,
                                           3, 1, 3, 3, 3, 5, 3, 2, 1, 4, 9, 8}));
}

TEST(TileSets, PrintAndPlayDemo) {
  const TileSet& s = set_named("pnp-demo");
  EXPECT_EQ(s.physical_tiles(), 48);
  EXPECT_EQ(coats_of_arms(s), 7);
  ASSERT_EQ(start_tiles(s).size(), 1u);
  EXPECT_TRUE(s.reconstructed);  // the shapes are JCloisterZone's, the seed lost its pictures
  // "seven 1s, nine 2s, two 3s, three 4s, one 5; sum 48"
  std::multiset<int> c = counts(s);
  EXPECT_EQ(c.count(1), 7u);
  EXPECT_EQ(c.count(2), 9u);
  EXPECT_EQ(c.count(3), 2u);
  EXPECT_EQ(c.count(4), 3u);
  EXPECT_EQ(c.count(5), 1u);
  EXPECT_EQ(c.size(), 22u);
}

TEST(TileSets, BridgesCastlesAndBazaars) {
  const TileSet& s = set_named("bcb");
  EXPECT_EQ(s.physical_tiles(), 12);
  EXPECT_TRUE(start_tiles(s).empty());  // added to the base game
  EXPECT_EQ(copies_with(s, SegmentKind::Monastery), 2);
  int bazaars = 0, inns = 0, triangles = 0;
  for (const TileType& t : s.tiles)
    for (const CellFace& c : t.rot[0]) {
      if (c.marks & kMarkBazaar) bazaars += t.count;
      for (int i = 0; i < c.n_segments; ++i) {
        if (c.segments[i].flags & kSegInn) inns += t.count;
        if (c.segments[i].flags & kSegTriangle) triangles += t.count;
      }
    }
  EXPECT_EQ(bazaars, 8);
  EXPECT_EQ(inns, 2);
  EXPECT_EQ(triangles, 1);  // the "OCDC" tile, never a castle base
  EXPECT_EQ(coats_of_arms(s), 0);
}

// ---- Mists over Carcassonne, once the set is in tiles.yaml -----------------------------------

struct GhostSplit {
  int symbols = 0;
  std::array<int, 4> split{};
  int over_3 = 0;
};

// Ghost symbols over the tiles besides the start tile (the "60 land tiles"), with `swap`
// replacing tiles by their alternatives.
GhostSplit land_ghosts(const TileSet& s, const std::map<std::string, const TileType*>& swap = {}) {
  GhostSplit g;
  for (const TileType& t0 : s.tiles) {
    const TileType& t = swap.count(t0.name) ? *swap.at(t0.name) : t0;
    if (t.start) continue;
    int n = t.ghost_symbols();
    g.symbols += t.count * n;
    if (n <= 3)
      g.split[n] += t.count;
    else
      g.over_3 += t.count;
  }
  return g;
}

TEST(TileSets, MistsOverCarcassonne) {
  const TileSet* s = find_set("mists");
  if (!s) GTEST_SKIP() << "no tile set 'mists' in " << default_tiles_path();
  EXPECT_EQ(s->physical_tiles(), 61);  // 60 land tiles + the start tile
  EXPECT_TRUE(s->reconstructed);
  ASSERT_EQ(start_tiles(*s).size(), 1u);
  const TileType& start = *start_tiles(*s)[0];
  EXPECT_EQ(start.count, 1);
  EXPECT_EQ(start.n_cells, 4);
  EXPECT_EQ(start.ghost_symbols(), 3);
  for (int r = 0; r < kRotations; ++r) {  // 2x2 in every rotation
    std::set<std::pair<int, int>> at;
    for (const CellFace& c : start.rot[r]) at.insert({c.dx, c.dy});
    EXPECT_EQ(at, (std::set<std::pair<int, int>>{{0, 0}, {1, 0}, {0, 1}, {1, 1}})) << r;
  }

  GhostSplit g = land_ghosts(*s);
  EXPECT_EQ(g.symbols, 76);
  EXPECT_EQ(g.split, (std::array<int, 4>{17, 17, 19, 7}));
  EXPECT_EQ(g.over_3, 0);

  EXPECT_EQ(copies_with(*s, SegmentKind::Castle), 5);
  EXPECT_EQ(copies_with(*s, SegmentKind::Cemetery), 5);
  for (const TileType& t : s->tiles) {
    if (t.has(SegmentKind::Castle)) {
      EXPECT_GT(t.ghost_symbols(), 0) << t.name << ": a castle tile always shows mist";
      EXPECT_NE(t.rot[0][0].mist_ports, 0) << t.name;
    }
    for (const CellFace& c : t.rot[0])
      for (int i = 0; i < c.n_mist; ++i) {
        EXPECT_GE(c.mist[i].ghosts, 1) << t.name;
        EXPECT_LE(c.mist[i].ghosts, 3) << t.name;
      }
  }

  // tile58-symbols=1 (seed 000): tile 58 shows 1 symbol, 75 in all, 17/18/18/7.
  std::map<std::string, const TileType*> swap;
  for (const TileAlternative& a : s->alternatives)
    if (a.variant == "tile58-symbols" && a.value == "1") swap[a.tile] = &a.replacement;
  ASSERT_EQ(swap.size(), 1u);
  ASSERT_TRUE(swap.count("58"));
  EXPECT_EQ(swap["58"]->ghost_symbols(), 1);
  EXPECT_EQ(s->find("58")->ghost_symbols(), 2);
  GhostSplit g1 = land_ghosts(*s, swap);
  EXPECT_EQ(g1.symbols, 75);
  EXPECT_EQ(g1.split, (std::array<int, 4>{17, 18, 18, 7}));
}

TEST(TileSets, MistNeverCoversACity) {
  for (const TileType* t : every_tile())
    for (int r = 0; r < kRotations; ++r)
      for (const CellFace& c : t->rot[r])
        for (int p = 0; p < kPorts; ++p)
          if (c.mist_ports & (1u << p)) {
            EXPECT_NE(c.sides[side_of(p)], Terrain::City) << tile_id(*t) << " port " << p;
            EXPECT_NE(c.segments[c.port_segment[p]].kind, SegmentKind::City) << tile_id(*t);
          }
}

// ---- Compiled tables: ports and rotations ---------------------------------------------------

TEST(TilePorts, FacingAndRotationIdentities) {
  EXPECT_EQ(facing_port(port_of(North, 0)), port_of(South, 2));  // Nl meets the neighbour's Sr
  EXPECT_EQ(facing_port(port_of(East, 0)), port_of(West, 2));    // El meets Wr
  EXPECT_EQ(facing_port(centre_port(West)), centre_port(East));
  for (int p = 0; p < kPorts; ++p) {
    EXPECT_EQ(facing_port(facing_port(p)), p);
    EXPECT_EQ(side_of(facing_port(p)), opposite_side(side_of(p)));
    EXPECT_EQ(p % kPortsPerSide + facing_port(p) % kPortsPerSide, kPortsPerSide - 1);
    EXPECT_EQ(rotate_port(p, 0), p);
    EXPECT_EQ(rotate_port(p, kRotations), p);
    EXPECT_EQ(side_of(rotate_port(p, 1)), (side_of(p) + 1) % kSides);
    EXPECT_EQ(rotate_port(p, 1) % kPortsPerSide, p % kPortsPerSide);
    for (int a = 0; a < kRotations; ++a) {
      EXPECT_EQ(rotate_mask(static_cast<PortMask>(1u << p), a), 1u << rotate_port(p, a));
      EXPECT_EQ(facing_port(rotate_port(p, a)), rotate_port(facing_port(p), a));
      for (int b = 0; b < kRotations; ++b)
        EXPECT_EQ(rotate_port(rotate_port(p, a), b), rotate_port(p, (a + b) % kRotations));
    }
  }
  for (unsigned m = 0; m <= 0xFFF; m += 37) {
    auto mask = static_cast<PortMask>(m);
    EXPECT_EQ(rotate_mask(mask, kRotations), mask);
    EXPECT_EQ(rotate_mask(rotate_mask(mask, 1), 3), mask);
  }
}

// A quarter turn clockwise of one cell, computed from the definitions (independently of the
// compiler's precomputation).
CellFace turn(const CellFace& b) {
  CellFace f = b;
  for (int s = 0; s < kSides; ++s) f.sides[(s + 1) % kSides] = b.sides[s];
  for (int p = 0; p < kPorts; ++p) {
    f.port_segment[rotate_port(p, 1)] = b.port_segment[p];
    f.port_mist[rotate_port(p, 1)] = b.port_mist[p];
  }
  f.mist_ports = rotate_mask(b.mist_ports, 1);
  for (int i = 0; i < b.n_segments; ++i) {
    f.segments[i].ports = rotate_mask(b.segments[i].ports, 1);
    f.segments[i].links = rotate_mask(b.segments[i].links, 1);
  }
  for (int i = 0; i < b.n_mist; ++i) f.mist[i].ports = rotate_mask(b.mist[i].ports, 1);
  return f;
}

// Compares everything but the offsets, which turn with the whole tile.
void expect_same_face(const CellFace& a, const CellFace& b, const std::string& what) {
  EXPECT_EQ(a.sides, b.sides) << what;
  EXPECT_EQ(a.port_segment, b.port_segment) << what;
  EXPECT_EQ(a.port_mist, b.port_mist) << what;
  EXPECT_EQ(a.mist_ports, b.mist_ports) << what;
  ASSERT_EQ(a.n_segments, b.n_segments) << what;
  for (int i = 0; i < a.n_segments; ++i) {
    const Segment &x = a.segments[i], &y = b.segments[i];
    EXPECT_EQ(x.kind, y.kind) << what << " segment " << i;
    EXPECT_EQ(x.ports, y.ports) << what << " segment " << i;
    EXPECT_EQ(x.links, y.links) << what << " segment " << i;
    EXPECT_EQ(x.shields, y.shields) << what << " segment " << i;
    EXPECT_EQ(x.flags, y.flags) << what << " segment " << i;
    EXPECT_EQ(x.borders, y.borders) << what << " segment " << i;
  }
  ASSERT_EQ(a.n_mist, b.n_mist) << what;
  for (int i = 0; i < a.n_mist; ++i) {
    EXPECT_EQ(a.mist[i].ports, b.mist[i].ports) << what << " mist " << i;
    EXPECT_EQ(a.mist[i].ghosts, b.mist[i].ghosts) << what << " mist " << i;
  }
  EXPECT_EQ(a.ghost_symbols, b.ghost_symbols) << what;
  EXPECT_EQ(a.marks, b.marks) << what;
  EXPECT_EQ(a.centre, b.centre) << what;
}

// The offsets of a tile's cells turned a quarter clockwise, (x, y) -> (-y, x), normalised.
std::vector<std::pair<int, int>> turn_offsets(const std::vector<CellFace>& cells) {
  std::vector<std::pair<int, int>> out;
  int minx = 0, miny = 0;
  for (const CellFace& c : cells) {
    out.push_back({-c.dy, c.dx});
    minx = std::min(minx, -c.dy);
    miny = std::min(miny, static_cast<int>(c.dx));
  }
  for (auto& [x, y] : out) x -= minx, y -= miny;
  return out;
}

TEST(TileRotation, EveryRotationIsAQuarterTurnOfThePreviousAndFourGiveBackTheTile) {
  int checked = 0;
  for (const TileType* t : every_tile()) {
    for (int r = 0; r < kRotations; ++r) {
      const std::vector<CellFace>& from = t->rot[r];
      const std::vector<CellFace>& to = t->rot[(r + 1) % kRotations];
      ASSERT_EQ(from.size(), static_cast<size_t>(t->n_cells)) << tile_id(*t);
      ASSERT_EQ(to.size(), from.size()) << tile_id(*t);
      std::vector<std::pair<int, int>> offsets = turn_offsets(from);
      for (size_t i = 0; i < from.size(); ++i) {
        std::string what =
            tile_id(*t) + " rotation " + std::to_string(r) + "+1 cell " + std::to_string(i);
        expect_same_face(turn(from[i]), to[i], what);
        EXPECT_EQ(offsets[i], (std::pair<int, int>{to[i].dx, to[i].dy})) << what;
      }
    }
    // Four quarter turns of rotation 0, step by step, give rotation 0 back.
    for (size_t i = 0; i < t->rot[0].size(); ++i) {
      CellFace f = t->rot[0][i];
      for (int k = 0; k < kRotations; ++k) f = turn(f);
      expect_same_face(f, t->rot[0][i], tile_id(*t) + " four turns");
    }
    ++checked;
  }
  EXPECT_GE(checked, 24 + 22 + 11);
}

TEST(TileRotation, OneQuarterTurnMovesNorthToEast) {
  const TileType& cap = *set_named("base-c1").find("city-cap");  // city N
  EXPECT_EQ(cap.face(0).sides[North], Terrain::City);
  const CellFace& f = cap.face(1);
  EXPECT_EQ(f.sides[East], Terrain::City);
  EXPECT_EQ(f.sides[North], Terrain::Field);
  EXPECT_EQ(f.sides[South], Terrain::Field);
  EXPECT_EQ(f.sides[West], Terrain::Field);
  int city = f.port_segment[centre_port(East)];
  EXPECT_EQ(f.segments[city].kind, SegmentKind::City);
  EXPECT_EQ(f.segments[city].ports, side_mask(East));
  EXPECT_EQ(cap.face(2).sides[South], Terrain::City);
  EXPECT_EQ(cap.face(3).sides[West], Terrain::City);

  const TileType& curve = *set_named("base-c1").find("curve");  // road W-S
  const CellFace& c1 = curve.face(1);                           // road N-W
  int road = c1.port_segment[centre_port(North)];
  EXPECT_EQ(c1.segments[road].kind, SegmentKind::Road);
  EXPECT_EQ(c1.segments[road].ports,
            static_cast<PortMask>((1u << centre_port(North)) | (1u << centre_port(West))));
}

TEST(TilePorts, EveryPortOfEveryCellIsClaimedExactlyOnce) {
  for (const TileType* t : every_tile())
    for (int r = 0; r < kRotations; ++r)
      for (const CellFace& c : t->rot[r]) {
        std::string what = tile_id(*t) + " rotation " + std::to_string(r);
        unsigned all = 0;
        for (int i = 0; i < c.n_segments; ++i) {
          EXPECT_EQ(all & c.segments[i].ports, 0u) << what << ": segment " << i << " overlaps";
          all |= c.segments[i].ports;
        }
        // A river side's centre is the river's, no segment's (The River: never a feature).
        unsigned river = 0;
        for (int s = 0; s < kSides; ++s)
          if (c.sides[s] == Terrain::River) river |= 1u << centre_port(s);
        EXPECT_EQ(all, 0xFFFu & ~river) << what;
        for (int p = 0; p < kPorts; ++p) {
          if (river & (1u << p)) {
            EXPECT_EQ(c.port_segment[p], -1) << what << " port " << p;
            continue;
          }
          ASSERT_GE(c.port_segment[p], 0) << what << " port " << p;
          ASSERT_LT(c.port_segment[p], c.n_segments) << what << " port " << p;
          EXPECT_TRUE(c.segments[c.port_segment[p]].ports & (1u << p)) << what << " port " << p;
        }
        if (c.centre >= 0) {
          EXPECT_EQ(c.segments[c.centre].ports, 0) << what;
        }
        // Terrain agrees with the owners: a city side is one city segment's, a road side's
        // centre a road's and its halves fields', a field side all one field's.
        for (int s = 0; s < kSides; ++s) {
          if (c.sides[s] == Terrain::River) {  // its halves are fields, one on each bank
            EXPECT_EQ(c.segments[c.port_segment[port_of(s, 0)]].kind, SegmentKind::Field) << what;
            EXPECT_EQ(c.segments[c.port_segment[port_of(s, 2)]].kind, SegmentKind::Field) << what;
            continue;
          }
          SegmentKind l = c.segments[c.port_segment[port_of(s, 0)]].kind;
          SegmentKind m = c.segments[c.port_segment[port_of(s, 1)]].kind;
          SegmentKind rr = c.segments[c.port_segment[port_of(s, 2)]].kind;
          switch (c.sides[s]) {
            case Terrain::City:
              EXPECT_TRUE(l == SegmentKind::City && m == l && rr == l) << what << " side " << s;
              EXPECT_EQ(c.port_segment[port_of(s, 0)], c.port_segment[port_of(s, 2)]) << what;
              break;
            case Terrain::Road:
              EXPECT_TRUE(m == SegmentKind::Road && l == SegmentKind::Field &&
                          rr == SegmentKind::Field)
                  << what << " side " << s;
              break;
            case Terrain::Field:
              EXPECT_TRUE(l == SegmentKind::Field && m == l && rr == l) << what << " side " << s;
              // river-spring-field=split: a spring's or lake's side may go to both banks.
              if (!(c.marks & (kMarkSpring | kMarkLake))) {
                EXPECT_EQ(c.port_segment[port_of(s, 0)], c.port_segment[port_of(s, 2)]) << what;
              }
              break;
            case Terrain::River:
              break;
          }
        }
      }
}

TEST(TilePorts, FieldBordersReferenceCitySegments) {
  int borders = 0;
  for (const TileType* t : every_tile())
    for (int r = 0; r < kRotations; ++r)
      for (const CellFace& c : t->rot[r])
        for (int i = 0; i < c.n_segments; ++i) {
          const Segment& s = c.segments[i];
          if (s.kind != SegmentKind::Field) {
            EXPECT_EQ(s.borders, 0) << tile_id(*t) << " segment " << i;
            continue;
          }
          for (int j = 0; j < 16; ++j) {
            if (!(s.borders & (1u << j))) continue;
            ++borders;
            ASSERT_LT(j, c.n_segments) << tile_id(*t);
            EXPECT_EQ(c.segments[j].kind, SegmentKind::City) << tile_id(*t) << " field " << i;
          }
        }
  EXPECT_GT(borders, 0);
  // Two opposite caps: one field borders both caps.
  const CellFace& f = set_named("base-c1").find("two-opposite-caps")->face(0);
  int field = f.port_segment[port_of(West, 0)];
  EXPECT_EQ(f.segments[field].borders, (1u << f.port_segment[centre_port(North)]) |
                                           (1u << f.port_segment[centre_port(South)]));
}

// ---- ASCII art --------------------------------------------------------------------------------

TEST(TileArt, EveryCellIsABoxOfFixedSize) {
  for (const TileType* t : every_tile())
    for (int r = 0; r < kRotations; ++r) {
      for (const CellFace& c : t->rot[r]) {
        std::vector<std::string> art = draw_cell(c);
        ASSERT_EQ(art.size(), static_cast<size_t>(kArtHeight)) << tile_id(*t);
        for (const std::string& line : art) EXPECT_EQ(line.size(), static_cast<size_t>(kArtWidth));
      }
      std::vector<std::string> whole = draw_tile(*t, r);
      int w = 0, h = 0;
      for (const CellFace& c : t->rot[r]) w = std::max(w, c.dx + 1), h = std::max(h, c.dy + 1);
      ASSERT_EQ(whole.size(), static_cast<size_t>(h * kArtHeight)) << tile_id(*t);
      for (const std::string& line : whole)
        EXPECT_EQ(line.size(), static_cast<size_t>(w * kArtWidth));
    }
}

TEST(TileArt, StartTileOfTheBaseGame) {
  const TileType& t = *set_named("base-c1").find("city-cap-straight-road");
  EXPECT_EQ(draw_cell(t.face(0)), (std::vector<std::string>{
                                      "+#######+",
                                      ".       .",
                                      "=========",
                                      ".       .",
                                      "+.......+",
                                  }));
  EXPECT_EQ(draw_cell(t.face(1)), (std::vector<std::string>{
                                      "+...|...+",
                                      ".   |   #",
                                      ".   |   #",
                                      ".   |   #",
                                      "+...|...+",
                                  }));
  const TileType& m = *set_named("base-c1").find("monastery-road");
  EXPECT_EQ(draw_cell(m.face(0))[2], ".   M   .");
  EXPECT_EQ(draw_cell(m.face(0))[3], ".   |   .");
  const TileType& s = *set_named("base-c1").find("full-city-shield");
  EXPECT_EQ(draw_cell(s.face(0))[1], "#S1     #");
}

// ---- The bad-input corpus -----------------------------------------------------------------------

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(TileBadInput, EveryCaseIsRefusedWithItsExactMessage) {
  fs::path dir = fs::path(CARCHECK_TEST_DIR) / "bad-input" / "tiles";
  std::vector<fs::path> cases;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".yaml") cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  EXPECT_GE(cases.size(), 12u);
  for (const fs::path& p : cases) {
    std::string name = "bad-input/tiles/" + p.filename().string();
    fs::path expected_file = fs::path(p).replace_extension(".expected");
    ASSERT_TRUE(fs::exists(expected_file)) << name << " has no .expected";
    std::string expected = read_file(expected_file);
    while (!expected.empty() && (expected.back() == '\n' || expected.back() == '\r'))
      expected.pop_back();
    EXPECT_EQ(expected.find('\n'), std::string::npos) << name << ": one line expected";
    try {
      load_tile_sets_from_string(read_file(p), name);
      ADD_FAILURE() << name << " was accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), expected) << name;
      EXPECT_EQ(e.pos().file, name);
      EXPECT_GT(e.pos().line, 0) << name;
      EXPECT_GT(e.pos().column, 0) << name;
    } catch (const std::exception& e) {
      ADD_FAILURE() << name << " threw something other than InputError: " << e.what();
    }
  }
}

TEST(TileBadInput, MissingFileIsAnInputError) {
  EXPECT_THROW(load_tile_sets("/nonexistent/tiles.yaml"), InputError);
}

// ---- The command line ---------------------------------------------------------------------------

struct CommandResult {
  int status = -1;
  std::string out;  // stdout, and stderr when asked
};

// Runs `carcheck ARGS` in the tests folder; `with_stderr` merges stderr into out.
CommandResult carcheck(const std::string& args, bool with_stderr = false) {
  std::string cmd = "cd '" CARCHECK_TEST_DIR "' && '" CARCHECK_BINARY "' " + args +
                    (with_stderr ? " 2>&1" : " 2>/dev/null");
  CommandResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

TEST(TilesCommand, ListsEverySet) {
  CommandResult r = carcheck("tiles");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("base-c1 - "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("tiles: 72 physical"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("tiles: 48 physical"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("tiles: 12 physical"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("coats of arms 10"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("geometry RECONSTRUCTED: "), std::string::npos) << r.out;  // pnp-demo
  if (find_set("mists")) {
    EXPECT_NE(r.out.find("tiles: 61 physical"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("tile58-symbols=1"), std::string::npos) << r.out;
  }
}

TEST(TilesCommand, JsonHasTheCountsOfEverySet) {
  using Json = nlohmann::json;
  CommandResult r = carcheck("tiles --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const Json doc = Json::parse(r.out);  // throws (fails the test) when it is not JSON
  ASSERT_TRUE(doc.at("sets").is_array()) << r.out;
  std::map<std::string, Json> by_name;
  for (const Json& s : doc.at("sets")) {
    ASSERT_TRUE(s.is_object());
    ASSERT_TRUE(s.at("name").is_string());
    by_name[s["name"]] = s;
    for (const char* key : {"title", "tiles", "tile_types", "ghost_symbols", "ghost_symbol_split",
                            "reconstructed", "features", "start_tile", "alternatives"})
      EXPECT_TRUE(s.contains(key)) << s["name"] << " lacks " << key;
    ASSERT_TRUE(s.at("ghost_symbol_split").is_array());
    EXPECT_EQ(s["ghost_symbol_split"].size(), 4u);
  }
  auto tiles = [&](const std::string& set) {
    return by_name.count(set) ? by_name[set].at("tiles").get<int>() : -1;
  };
  EXPECT_EQ(tiles("base-c1"), 72);
  EXPECT_EQ(tiles("pnp-demo"), 48);
  EXPECT_EQ(tiles("bcb"), 12);
  EXPECT_EQ(by_name["base-c1"].at("features").at("coats_of_arms"), 10);
  EXPECT_EQ(by_name["base-c1"].at("reconstructed"), false);
  EXPECT_EQ(by_name["pnp-demo"].at("reconstructed"), true);
  EXPECT_EQ(by_name["base-c1"].at("start_tile").at("copies"),
            4);  // seed 001: 4 of the start tile's kind
  if (by_name.count("mists")) {
    const Json& m = by_name["mists"];
    EXPECT_EQ(m.at("tiles"), 61);
    EXPECT_EQ(m.at("ghost_symbols"), 76);
    EXPECT_EQ(m.at("start_tile_ghost_symbols"), 3);
    ASSERT_EQ(m.at("alternatives").size(), 1u);
    EXPECT_EQ(m["alternatives"][0].at("ghost_symbols"), 75);
  }

  CommandResult one = carcheck("tiles --json --set bcb");
  ASSERT_EQ(one.status, 0);
  EXPECT_EQ(Json::parse(one.out).at("sets").size(), 1u);
}

TEST(TilesCommand, ShowsOneTile) {
  CommandResult r = carcheck("tiles --show base-c1:city-cap-straight-road --rot 1");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("    .   |   #\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("legend:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("city      El Ec Er"), std::string::npos) << r.out;
  if (find_set("mists")) {
    CommandResult s = carcheck("tiles --show mists:start");
    ASSERT_EQ(s.status, 0) << s.out;
    EXPECT_NE(s.out.find("cell 1,1:"), std::string::npos) << s.out;
    EXPECT_NE(s.out.find("geometry RECONSTRUCTED"), std::string::npos) << s.out;
  }
}

TEST(TilesCommand, BadArgumentsExitWithTwo) {
  struct Case {
    const char* args;
    const char* message;
  } cases[] = {
      {"tiles --set nope", "unknown tile set 'nope'"},
      {"tiles --show nope:x", "unknown tile set 'nope'"},
      {"tiles --show base-c1:nope", "has no tile 'nope'"},
      {"tiles --show base-c1", "--show takes SET:TILE"},
      {"tiles --show base-c1:curve --rot 4", "bad rotation '4'"},
      {"tiles --show base-c1:curve --rot=x", "bad rotation 'x'"},
      {"tiles --rot 1", "--rot requires --show"},
      {"tiles --show base-c1:curve --json", "--json excludes --show"},
      {"tiles --set base-c1 --show base-c1:curve", "--set excludes --show"},
      {"tiles --bogus", "--bogus"},
      {"tiles --set", "--set"},
      {"tiles --set base-c1 --set bcb", "--set"},
      {"tiles stray", "stray"},
      {"tiles --json=yes", "json was given a disallowed flag override"},
      {"tiles --file /nonexistent/tiles.yaml", "/nonexistent/tiles.yaml:1:1: cannot open the file"},
  };
  for (const Case& c : cases) {
    CommandResult r = carcheck(c.args, true);
    EXPECT_EQ(r.status, 2) << c.args << "\n" << r.out;
    EXPECT_NE(r.out.find(c.message), std::string::npos) << c.args << "\n" << r.out;
    // One line of reason, then the hint (a data error is its file:line:column line alone).
    if (std::string(c.args).find("--file") == std::string::npos) {
      EXPECT_NE(r.out.find("\nRun `carcheck tiles --help` for the options.\n"), std::string::npos)
          << c.args << "\n"
          << r.out;
    }
  }
  CommandResult help = carcheck("tiles --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("Usage: carcheck tiles"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--show SET:TILE"), std::string::npos) << help.out;
}

// The top level: the generated help lists every command; a missing or unknown command and
// a bad option are usage errors (exit 2) with a pointer to --help.
TEST(Command, HelpAndUsageErrors) {
  CommandResult top = carcheck("--help");
  EXPECT_EQ(top.status, 0);
  EXPECT_NE(top.out.find("Usage: carcheck"), std::string::npos) << top.out;
  for (const char* cmd : {"check", "play", "fuzz", "tiles"}) {
    EXPECT_NE(top.out.find(std::string("\n  ") + cmd + " "), std::string::npos) << top.out;
    CommandResult help = carcheck(std::string(cmd) + " --help");
    EXPECT_EQ(help.status, 0) << cmd;
    EXPECT_NE(help.out.find(std::string("Usage: carcheck ") + cmd), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("Exit status:"), std::string::npos) << help.out;
    CommandResult bad = carcheck(std::string(cmd) + " --no-such-option", true);
    EXPECT_EQ(bad.status, 2) << bad.out;
    EXPECT_NE(bad.out.find(std::string("carcheck ") + cmd + ": "), std::string::npos) << bad.out;
    EXPECT_NE(bad.out.find(std::string("Run `carcheck ") + cmd + " --help`"), std::string::npos)
        << bad.out;
  }
  CommandResult none = carcheck("", true);
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.out.find("carcheck: a command is required"), std::string::npos) << none.out;
  CommandResult chess = carcheck("chess", true);
  EXPECT_EQ(chess.status, 2);
  EXPECT_NE(chess.out.find("unknown command 'chess'"), std::string::npos) << chess.out;
}

TEST(TilesCommand, LoaderErrorsPrintFileLineColumn) {
  std::string expected =
      read_file(fs::path(CARCHECK_TEST_DIR) / "bad-input/tiles/unknown-port.expected");
  CommandResult r = carcheck("tiles --file bad-input/tiles/unknown-port.yaml", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, expected);
}

}  // namespace
}  // namespace carcheck
