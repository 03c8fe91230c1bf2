// ASCII art of compiled tiles, for `carcheck tiles --show` and the board renderer.
//
// A cell is a box of kArtWidth x kArtHeight characters. Its border shows the 12 ports: the
// top row is the N side (Nl over columns 1-3, Nc at column 4, Nr over columns 5-7), the
// right column the E side (El, Ec, Er on rows 1-3), the bottom row the S side (Sr, Sc, Sl)
// and the left column the W side (Wr, Wc, Wl). Inside: road arms to the centre, the centre
// feature, coats of arms, ghost symbols and inns. Characters (see art_legend()):
//
//   #  city            =  road (E-W)      |  road (N-S)     .  field      ~  mist
//   M  monastery       C  castle          X  cemetery       B  bazaar     R  ruins
//   *  road end or junction  +  road bend or corner   i  inn   ^  cathedral
//   S2 two coats of arms     G3 three ghost symbols
//
// Example: the base game's start tile (city N; road W-E; ...) in rotation 0:
//
//   +#######+
//   .       .
//   =========
//   .       .
//   +.......+
#pragma once

#include <string>
#include <vector>

#include "engine/tile.h"

namespace carcheck {

inline constexpr int kArtWidth = 9;
inline constexpr int kArtHeight = 5;

// One cell as kArtHeight lines of exactly kArtWidth characters.
std::vector<std::string> draw_cell(const CellFace& cell);

// Every cell of `tile` in `rotation` (0..3 quarter turns clockwise), placed by its offset:
// (width in cells * kArtWidth) characters by (height in cells * kArtHeight) lines, with
// spaces where a multi-cell tile has no cell.
std::vector<std::string> draw_tile(const TileType& tile, int rotation);

// The meaning of every character, as a few lines of text.
std::vector<std::string> art_legend();

}  // namespace carcheck
