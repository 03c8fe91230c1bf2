#include "render/board_art.h"

#include <algorithm>
#include <sstream>

#include "render/tile_art.h"

namespace carcheck {

std::string draw_board(const State& s) {
  int minx = 0, maxx = 0, miny = 0, maxy = 0;
  for (int i = 0; i < s.cells(); ++i) {
    minx = std::min<int>(minx, s.cell(i).x);
    maxx = std::max<int>(maxx, s.cell(i).x);
    miny = std::min<int>(miny, s.cell(i).y);
    maxy = std::max<int>(maxy, s.cell(i).y);
  }
  const int w = maxx - minx + 1, h = maxy - miny + 1;
  std::vector<std::string> rows(static_cast<size_t>(h * kArtHeight),
                                std::string(static_cast<size_t>(w * kArtWidth), ' '));
  for (int i = 0; i < s.cells(); ++i) {
    const PlacedCell& c = s.cell(i);
    std::vector<std::string> art;
    if (c.face_down) {
      art.assign(kArtHeight, std::string(kArtWidth, '/'));
      art[2].replace(2, 5, "DOWN ");
    } else {
      art = draw_cell(s.face(i));
    }
    // Ghosts (g) and meeples (the colour's initial, capital when buried) on row 3.
    std::string marks;
    if (int g = c.ghost_total()) marks += "g" + std::to_string(g);
    for (const Meeple& m : s.meeples())
      if (m.cell == i)
        marks += static_cast<char>(m.buried ? toupper("rgbykp"[m.colour]) : "rgbykp"[m.colour]);
    if (!marks.empty())
      art[3].replace(1, std::min<size_t>(marks.size(), kArtWidth - 2),
                     marks.substr(0, kArtWidth - 2));
    int ox = (c.x - minx) * kArtWidth, oy = (c.y - miny) * kArtHeight;
    for (int r = 0; r < kArtHeight; ++r)
      rows[static_cast<size_t>(oy + r)].replace(static_cast<size_t>(ox), kArtWidth,
                                                art[static_cast<size_t>(r)]);
  }
  std::ostringstream o;
  o << "     ";
  for (int x = minx; x <= maxx; ++x) {
    std::string label = "x=" + std::to_string(x);
    label.resize(kArtWidth, ' ');
    o << label;
  }
  o << "\n";
  for (int r = 0; r < h * kArtHeight; ++r) {
    std::string label = r % kArtHeight == 2 ? "y=" + std::to_string(miny + r / kArtHeight) : "";
    label.resize(5, ' ');
    std::string line = rows[static_cast<size_t>(r)];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    o << label << line << "\n";
  }
  o << "g<n>: ghosts on the tile; r g b y k p: a meeple of that colour (capital: buried)\n";
  return o.str();
}

}  // namespace carcheck
