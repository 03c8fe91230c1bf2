#include "render/board_art.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "render/tile_art.h"

namespace carcheck {

namespace {

// BCB: a bridge spans its cell from the middle of one side to the middle of the opposite one
// (seed 003 "Podurile"), drawn as H over what lies beneath, letters (a monastery) kept.
void draw_bridge(std::vector<std::string>& art, int bridge) {
  if (bridge == 0) return;
  const bool north_south = bridge == 1;  // 1 + BridgeAxis::NorthSouth
  const int n = north_south ? kArtHeight : kArtWidth;
  for (int k = 0; k < n; ++k) {
    char& c = north_south ? art[static_cast<size_t>(k)][kArtWidth / 2]
                          : art[kArtHeight / 2][static_cast<size_t>(k)];
    if (!std::isalpha(static_cast<unsigned char>(c))) c = 'H';
  }
}

// BCB: the castle lying on the cell, as K and its owner's colour initial on row 1.
void mark_castle(const State& s, int cell, std::vector<std::string>& art, bool& any) {
  const BcbState& b = s.bcb();
  for (int k = 0; k < b.castle_count; ++k) {
    const CastleRecord& r = b.castles[static_cast<size_t>(k)];
    if (r.cells[0] != cell && r.cells[1] != cell) continue;
    char owner = '?';
    for (int c = 0; c < s.game().colours(); ++c)
      if (s.game().owner(c) == r.owner) owner = s.game().colour_word(c).letter;
    art[1].replace(1, 2, std::string{'K', owner});
    any = true;
  }
}

}  // namespace

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
  bool bcb_marks = false;
  for (int i = 0; i < s.cells(); ++i) {
    const PlacedCell& c = s.cell(i);
    std::vector<std::string> art;
    if (c.hidden) {
      art.assign(kArtHeight, std::string(kArtWidth, '/'));
      art[2].replace(2, 5, "DOWN ");
    } else {
      art = draw_cell(s.face(i));
      draw_bridge(art, c.added);
      bcb_marks = bcb_marks || c.added != 0;
      mark_castle(s, i, art, bcb_marks);
    }
    // Ghosts (g) and meeples (the colour's initial, capital when buried) on row 3.
    std::string marks;
    if (int g = s.mists().cell(i).ghost_total()) marks += "g" + std::to_string(g);
    for (const Meeple& m : s.meeples())
      if (m.cell == i) {
        const char letter = s.game().colour_word(m.colour).letter;
        marks += std::string(1, static_cast<char>(is_buried(m) ? toupper(letter) : letter)) +
                 (m.weight == 2 ? "+" : "");  // `r+`: red's large follower
      }
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
  std::string letters;
  for (int c = 0; c < kMaxColours; ++c)
    letters.append(c ? " " : "").push_back(s.game().colour_word(c).letter);
  o << "g<n>: ghosts on the tile; " << letters << ": a meeple of that colour (capital: buried)\n";
  if (s.game().large_per_colour() > 0) o << "r+: red's large follower (Inns & Cathedrals)\n";
  if (bcb_marks) o << "H: a bridge across the tile; K<c>: a castle of colour c on the tile\n";
  return o.str();
}

}  // namespace carcheck
