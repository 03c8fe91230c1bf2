// The board as SVG: the same picture for `carcheck play --svg` and a FAIL in
// `carcheck check --html`. Every placed cell is one <g class="tile"> drawn from its compiled
// geometry (render/cell_svg.h); over them the BCB bridges and castles, the ghosts on each
// mist area and cemetery, the meeples in their colours on the feature they stand on (buried
// ones dashed), the Mists hounds, the coordinates in the margin and a line of the game's state
// (Mists: score, ghost supply, the active pile, the hounds; competitive: the scores).
#pragma once

#include <string>
#include <vector>

#include "engine/state.h"

namespace carcheck {

// One <svg> element, valid standalone (a .svg file) and inline in HTML. Text is escaped and
// class names are scoped under svg.carcheck-board, so several boards share one page.
// `also_frame`: empty cells the picture takes in too (the page's cells where the drawn tile
// fits), so they get their coordinates in the margin and the summary line stays below them.
std::string draw_board_svg(const State& s, const std::vector<Pos>& also_frame = {});

}  // namespace carcheck
