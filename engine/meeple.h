// A follower of one colour: in its colour's supply, on a feature of a placed cell, or held on a
// cell by a room on no feature (Mists: a buried meeple, engine/mists_state.h is_buried).
#pragma once

#include <cstdint>

namespace carcheck {

struct Meeple {
  int8_t colour = 0;
  int16_t cell = -1;    // -1: in supply (or out of play)
  int8_t seg = -1;      // the feature it stands on; -1: none (in supply, or held on `cell`)
  bool in_play = true;  // false: a Level 6 scoring meeple taken out of the supply
  // How many followers it counts as in a majority (a road's, a city's, a farm's): 1, or 2 for
  // a large follower (Game::large_per_colour). It never changes the points.
  uint8_t weight = 1;
  // On a feature of the board: what scoring, majorities and region counters look at.
  bool on_feature() const { return seg >= 0; }
};

}  // namespace carcheck
