// Geometry, placement legality and the region union-find. Regions are roads, cities,
// fields and mist banks; each root keeps a counter of open links, so finishing is detected
// in constant time per placement. A multi-cell tile is just several cells placed together.
#include <bit>

#include "engine/rules_impl.h"
#include "engine/testing_hooks.h"

namespace carcheck {

int State::cell_at(int x, int y) const {
  int gx = x + grid_origin_, gy = y + grid_origin_;
  if (gx < 0 || gy < 0 || gx >= grid_dim_ || gy >= grid_dim_) return -1;
  return grid_[static_cast<size_t>(gy * grid_dim_ + gx)];
}

const CellFace& State::face(int i) const {
  const PlacedCell& c = cells_[static_cast<size_t>(i)];
  return game_->tile(c.tile).face(c.rot, c.index);
}

int Rules::find(State& s, int node) {
  int root = node;
  while (s.nodes_[static_cast<size_t>(root)].parent != root) root = s.nodes_[static_cast<size_t>(root)].parent;
  while (s.nodes_[static_cast<size_t>(node)].parent != root) {  // path compression
    int next = s.nodes_[static_cast<size_t>(node)].parent;
    s.nodes_[static_cast<size_t>(node)].parent = static_cast<int16_t>(root);
    node = next;
  }
  return root;
}

int Rules::find_const(const State& s, int node) {
  while (s.nodes_[static_cast<size_t>(node)].parent != node) node = s.nodes_[static_cast<size_t>(node)].parent;
  return node;
}

int State::region_root(int node) const { return Rules::find_const(*this, node); }

void Rules::unite(State& s, int a, int b) {
  a = find(s, a);
  b = find(s, b);
  if (a == b) return;
  if (a > b) std::swap(a, b);  // the older node stays root: stable, deterministic
  RegionNode& ra = s.nodes_[static_cast<size_t>(a)];
  RegionNode& rb = s.nodes_[static_cast<size_t>(b)];
  rb.parent = static_cast<int16_t>(a);
  ra.open = static_cast<int16_t>(ra.open + rb.open);
  ra.meeples = static_cast<int8_t>(ra.meeples + rb.meeples);
  ra.blocked |= rb.blocked;
  std::swap(ra.next, rb.next);  // splice the two circular member lists
}

// Can `t` go at (x, y) in rotation `rot`? Every touching side matches (mist ignored), at
// least one side touches, corners do not count; next to a face-down tile only when a
// face-up tile is touched too (Dized.MoC.0015).
bool Rules::fits(const State& s, const TileType& t, int x, int y, int rot) {
  bool touches = false, touches_face_up = false, touches_face_down = false;
  for (const CellFace& f : t.rot[rot]) {
    int cx = x + f.dx, cy = y + f.dy;
    if (s.cell_at(cx, cy) >= 0) return false;
    for (int side = 0; side < kSides; ++side) {
      int nb = s.cell_at(cx + kDx[side], cy + kDy[side]);
      if (nb < 0) continue;
      touches = true;
      if (s.cells_[static_cast<size_t>(nb)].face_down) {
        touches_face_down = true;
        continue;
      }
      touches_face_up = true;
      if (s.face(nb).sides[opposite_side(side)] != f.sides[side]) return false;
    }
  }
  return touches && (!touches_face_down || touches_face_up);
}

std::optional<std::string> Rules::placement_problem(const State& s, TileId tile, int x, int y, int rot) {
  if (rot < 0 || rot >= kRotations) return "rotation must be 0..3";
  const TileType& t = s.game_->tile(tile);
  bool touches = false, touches_face_up = false, touches_face_down = false;
  for (const CellFace& f : t.rot[rot]) {
    int cx = x + f.dx, cy = y + f.dy;
    if (s.cell_at(cx, cy) >= 0)
      return "space " + std::to_string(cx) + "," + std::to_string(cy) + " is already taken";
    for (int side = 0; side < kSides; ++side) {
      int nb = s.cell_at(cx + kDx[side], cy + kDy[side]);
      if (nb < 0) continue;
      touches = true;
      if (s.cells_[static_cast<size_t>(nb)].face_down) {
        touches_face_down = true;
        continue;
      }
      touches_face_up = true;
      Terrain mine = f.sides[side], theirs = s.face(nb).sides[opposite_side(side)];
      if (mine != theirs) {
        static const char* names[] = {"field", "road", "city"};
        return std::string("side ") + kSideNames[side] + " (" + names[static_cast<int>(mine)] +
               ") does not match the neighbour's " + names[static_cast<int>(theirs)];
      }
    }
  }
  if (!touches) return "the tile touches no placed tile along a side (corners do not count)";
  if (touches_face_down && !touches_face_up)
    return "a tile next to a face-down tile must also share a side with a face-up tile";
  if (x < -s.grid_origin_ + 2 || y < -s.grid_origin_ + 2 || x > s.grid_origin_ - 3 || y > s.grid_origin_ - 3)
    return "outside the board";
  return std::nullopt;
}

void Rules::legal_placements(const State& s, TileId tile, ActionList& out) {
  const TileType& t = s.game_->tile(tile);
  for (int16_t packed : s.frontier_) {
    int x = packed % s.grid_dim_ - s.grid_origin_, y = packed / s.grid_dim_ - s.grid_origin_;
    for (int rot = 0; rot < kRotations; ++rot) {
      if (!fits(s, t, x, y, rot)) continue;
      Action a;
      a.kind = ActionKind::Place;
      a.x = static_cast<int16_t>(x);
      a.y = static_cast<int16_t>(y);
      a.rot = static_cast<int8_t>(rot);
      a.tile = tile;
      out.push(a);
    }
  }
}

bool Rules::placeable_anywhere(const State& s, TileId tile) {
  const TileType& t = s.game_->tile(tile);
  for (int16_t packed : s.frontier_) {
    int x = packed % s.grid_dim_ - s.grid_origin_, y = packed / s.grid_dim_ - s.grid_origin_;
    for (int rot = 0; rot < kRotations; ++rot)
      if (fits(s, t, x, y, rot)) return true;
  }
  return false;
}

namespace {

constexpr int kDx8[8] = {-1, 0, 1, 1, 1, 0, -1, -1};
constexpr int kDy8[8] = {-1, -1, -1, 0, 1, 1, 1, 0};

// Marks the cell at (x, y) taken: grid, frontier and the 8-neighbour counters.
int occupy(State& s, std::vector<int16_t>& grid, std::vector<PlacedCell>& cells,
           std::vector<int16_t>& frontier, std::vector<uint8_t>& in_frontier, int dim, int origin,
           PlacedCell pc) {
  int idx = static_cast<int>(cells.size());
  int gx = pc.x + origin, gy = pc.y + origin;
  int16_t packed = static_cast<int16_t>(gy * dim + gx);
  grid[static_cast<size_t>(packed)] = static_cast<int16_t>(idx);
  if (in_frontier[static_cast<size_t>(packed)]) {
    in_frontier[static_cast<size_t>(packed)] = 0;
    for (size_t i = 0; i < frontier.size(); ++i)
      if (frontier[i] == packed) {
        frontier[i] = frontier.back();
        frontier.pop_back();
        break;
      }
  }
  for (int k = 0; k < 8; ++k) {
    int nb = s.cell_at(pc.x + kDx8[k], pc.y + kDy8[k]);
    if (nb < 0) continue;
    PlacedCell& n = cells[static_cast<size_t>(nb)];
    ++n.n8;
    ++pc.n8;
    if (pc.face_down) ++n.fd8;
    if (n.face_down) ++pc.fd8;
  }
  cells.push_back(pc);
  for (int side = 0; side < kSides; ++side) {
    int nx = gx + kDx[side], ny = gy + kDy[side];
    int16_t np = static_cast<int16_t>(ny * dim + nx);
    if (grid[static_cast<size_t>(np)] < 0 && !in_frontier[static_cast<size_t>(np)]) {
      in_frontier[static_cast<size_t>(np)] = 1;
      frontier.push_back(np);
    }
  }
  return idx;
}

}  // namespace

int Rules::place_tile(State& s, TileId tile, int x, int y, int rot, bool* extended_bank) {
  const TileType& t = s.game_->tile(tile);
  int first = static_cast<int>(s.cells_.size());
  bool extended = false;
  const bool mist_blocks_on_face_down = !s.game_->switches().face_down_rules_text;
  for (int ci = 0; ci < t.n_cells; ++ci) {
    const CellFace& f = t.rot[rot][ci];
    PlacedCell pc;
    pc.tile = tile;
    pc.rot = static_cast<int8_t>(rot);
    pc.index = static_cast<int8_t>(ci);
    pc.x = static_cast<int16_t>(x + f.dx);
    pc.y = static_cast<int16_t>(y + f.dy);
    pc.placement = static_cast<int16_t>(s.placements_);
    int c = occupy(s, s.grid_, s.cells_, s.frontier_, s.in_frontier_, s.grid_dim_, s.grid_origin_, pc);
    for (int i = 0; i < f.n_segments; ++i) {
      RegionNode& n = s.nodes_[static_cast<size_t>(node_of(c, i))];
      n.parent = n.next = static_cast<int16_t>(node_of(c, i));
      n.open = static_cast<int16_t>(std::popcount(static_cast<unsigned>(f.segments[i].links)));
      n.meeples = 0;
      n.blocked = 0;
    }
    for (int m = 0; m < f.n_mist; ++m) {
      RegionNode& n = s.nodes_[static_cast<size_t>(mist_node(c, m))];
      n.parent = n.next = static_cast<int16_t>(mist_node(c, m));
      n.open = static_cast<int16_t>(std::popcount(static_cast<unsigned>(f.mist[m].ports)));
      n.meeples = 0;
      n.blocked = 0;
    }
    for (int side = 0; side < kSides; ++side) {
      int nb = s.cell_at(pc.x + kDx[side], pc.y + kDy[side]);
      if (nb < 0) continue;
      const PlacedCell& ncell = s.cells_[static_cast<size_t>(nb)];
      if (ncell.face_down) {  // haunted: these links face a face-down tile for good
        for (int k = 0; k < kPortsPerSide; ++k) {
          int p = port_of(side, k);
          int seg = f.port_segment[p];
          if (f.segments[seg].links & (1u << p)) {
            int r = find(s, node_of(c, seg));
            --s.nodes_[static_cast<size_t>(r)].open;
            s.nodes_[static_cast<size_t>(r)].blocked = 1;
          }
          if (f.port_mist[p] >= 0) {
            int r = find(s, mist_node(c, f.port_mist[p]));
            --s.nodes_[static_cast<size_t>(r)].open;
            if (mist_blocks_on_face_down) s.nodes_[static_cast<size_t>(r)].blocked = 1;
          }
        }
        continue;
      }
      const CellFace& nf = s.face(nb);
      for (int k = 0; k < kPortsPerSide; ++k) {
        int p = port_of(side, k), q = facing_port(p);
        int seg = f.port_segment[p];
        if (f.segments[seg].links & (1u << p)) {
          unite(s, node_of(c, seg), node_of(nb, nf.port_segment[q]));
          s.nodes_[static_cast<size_t>(find(s, node_of(c, seg)))].open -= 2;
        }
        bool mine = f.port_mist[p] >= 0, theirs = nf.port_mist[q] >= 0;
        if (mine && theirs) {
          unite(s, mist_node(c, f.port_mist[p]), mist_node(nb, nf.port_mist[q]));
          s.nodes_[static_cast<size_t>(find(s, mist_node(c, f.port_mist[p])))].open -= 2;
          if (ncell.placement != pc.placement) extended = true;
        } else if (mine || theirs) {  // mist against clear land: never finished (Dized.MoC.0043)
          int r = mine ? find(s, mist_node(c, f.port_mist[p])) : find(s, mist_node(nb, nf.port_mist[q]));
          --s.nodes_[static_cast<size_t>(r)].open;
          s.nodes_[static_cast<size_t>(r)].blocked = 1;
        }
      }
    }
  }
  ++s.placements_;
  if (extended_bank) *extended_bank = extended;
  return first;
}

int Rules::place_face_down(State& s, TileId tile, int x, int y) {
  PlacedCell pc;
  pc.tile = tile;
  pc.face_down = true;
  pc.x = static_cast<int16_t>(x);
  pc.y = static_cast<int16_t>(y);
  pc.placement = static_cast<int16_t>(s.placements_++);
  int c = occupy(s, s.grid_, s.cells_, s.frontier_, s.in_frontier_, s.grid_dim_, s.grid_origin_, pc);
  const bool mist_blocks = !s.game_->switches().face_down_rules_text;
  const bool haunts = testing::break_rule != testing::BrokenRule::FaceDownFinishes;  // tests only
  for (int side = 0; side < kSides; ++side) {
    int nb = s.cell_at(x + kDx[side], y + kDy[side]);
    if (nb < 0 || s.cells_[static_cast<size_t>(nb)].face_down) continue;
    const CellFace& nf = s.face(nb);
    for (int k = 0; k < kPortsPerSide; ++k) {
      int q = port_of(opposite_side(side), k);
      int seg = nf.port_segment[q];
      if (nf.segments[seg].links & (1u << q)) {
        int r = find(s, node_of(nb, seg));
        --s.nodes_[static_cast<size_t>(r)].open;
        if (haunts) s.nodes_[static_cast<size_t>(r)].blocked = 1;
      }
      if (nf.port_mist[q] >= 0) {
        int r = find(s, mist_node(nb, nf.port_mist[q]));
        --s.nodes_[static_cast<size_t>(r)].open;
        if (mist_blocks) s.nodes_[static_cast<size_t>(r)].blocked = 1;
      }
    }
  }
  s.facedown_cells_.push_back(c);
  return c;
}

int Rules::orthogonal_neighbours(const State& s, int cell) {
  const PlacedCell& c = s.cells_[static_cast<size_t>(cell)];
  int n = 0;
  for (int side = 0; side < kSides; ++side) n += s.cell_at(c.x + kDx[side], c.y + kDy[side]) >= 0;
  return n;
}

// Levels 2-4: closed by its 4 orthogonal neighbours (Dized.MoC.0028); Levels 5-6: by all 8
// (Dized.MoC.0021).
bool Rules::cemetery_closed(const State& s, int cell) {
  if (s.game_->rules().cemetery == CemeteryMode::Haunted) return s.cells_[static_cast<size_t>(cell)].n8 == 8;
  return orthogonal_neighbours(s, cell) == 4;
}

bool Rules::is_open_cemetery(const State& s, int cell) {
  const PlacedCell& c = s.cells_[static_cast<size_t>(cell)];
  if (c.face_down) return false;
  const CellFace& f = s.face(cell);
  return f.centre >= 0 && f.segments[f.centre].kind == SegmentKind::Cemetery && !cemetery_closed(s, cell);
}

}  // namespace carcheck
