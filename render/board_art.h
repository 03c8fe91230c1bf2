// The board as ASCII art: every cell drawn by tile_art, face-down tiles hatched, with the
// ghosts and meeples on each cell written into it.
#pragma once

#include <string>

#include "engine/state.h"

namespace carcheck {

// Lines of text, north at the top; coordinates of the columns and rows in the margin.
std::string draw_board(const State& s);

}  // namespace carcheck
