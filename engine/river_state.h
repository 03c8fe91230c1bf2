// The state only The River has (engine/river.cpp): its course, kept as the board grows so a
// river tile's placement check reads it in O(1) instead of walking the board per candidate.
// Fixed-size and allocation-free: State holds one inline, as it holds BcbState.
#pragma once

#include <cstdint>

namespace carcheck {

// The river as the board shows it, walked from the spring: its open end (the cell and the
// side the river leaves it by; -1 when closed by the lake or no spring is placed), and the
// turn of each river tile after the spring in flow order (+1 right, -1 left, 0 straight).
struct RiverCourse {
  int spring_cell = -1;
  int spring_heading = -1;  // the side the river leaves the spring by
  int open_cell = -1;
  int heading = -1;  // the side the river leaves the open cell by
  bool closed = false;
  int n_turns = 0;
  int8_t turns[32] = {};
  friend bool operator==(const RiverCourse&, const RiverCourse&) = default;
};

// The course so far and where its walk stands: cells only ever join the board, so the walk
// goes on from where it stopped when cells are added (RiverRoom's cells_added hook).
struct RiverState {
  RiverCourse course;
  int scanned = 0;  // the cells looked at for the spring so far
  int at = -1;      // the cell the walk stands on (-1: no spring with one river side yet)
  int at_heading = -1;
  int steps = 0;       // the walk's steps from the spring (a loop guard, as the fresh walk's)
  bool ended = false;  // closed, or a spring without exactly one river side: nothing to walk
  friend bool operator==(const RiverState&, const RiverState&) = default;
};

}  // namespace carcheck
