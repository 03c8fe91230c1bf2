// One compiled cell as SVG shapes, drawn from its geometry (ports and segments of
// engine/tile.h), never from pictures: fields as the ground, cities as caps or wedges over
// their sides, roads from side centres to the middle, mist over its ports, the centre
// feature and the cell's marks. The board (render/board_svg.h) places the cells.
#pragma once

#include <string>

#include "engine/tile.h"

namespace carcheck {

inline constexpr double kSvgCell = 80;  // a cell's side in SVG user units

struct SvgPoint {
  double x = 0, y = 0;
};

// The shapes of `face` in a kSvgCell square with its north-west corner at (0, 0).
std::string cell_svg(const CellFace& face);

// Where a feature's marker sits in the cell: the middle of its ports pulled toward the
// centre, the centre itself for a monastery, castle or cemetery.
SvgPoint segment_anchor(const CellFace& face, int seg);
SvgPoint mist_anchor(const CellFace& face, int area);

// Numbers as SVG writes them: at most two decimals, no trailing zeros.
std::string svg_num(double v);

}  // namespace carcheck
