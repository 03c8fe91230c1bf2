// The checker's own reading of board-bounds=table-edge:WxH (seed 001 "Folosirea unei mese":
// the table's edge is the limit, the start tile at (0, 0) in the table's middle; on an even
// side the extra column is east and the extra row south, as levels.yaml documents).
#pragma once

#include "engine/game.h"
#include "engine/state.h"

namespace carcheck {

inline bool on_the_table(const State& s, int x, int y) {
  const Switches& sw = s.game().switches();
  if (sw.board_bounds != BoardBounds::TableEdge) return true;
  const int w = sw.table_width, h = sw.table_height;
  return x >= -(w - 1) / 2 && x <= w / 2 && y >= -(h - 1) / 2 && y <= h / 2;
}

}  // namespace carcheck
