// Toy add-on rooms (engine/add_on.h), written outside the engine with its public interface
// only, to prove that rooms compose: a rule set names them in levels.yaml `rooms:` over the
// base game's room, alone or several in a chain, and no room tests for another.
//
//   room          hooks                         rule
//   toy           meeple, followers             no follower on a monastery
//   double-roads  feature value                 a road is worth twice the value so far
//   road-bonus    feature value                 a road is worth 1 more per tile than so far
//   no-west       placement                     nothing west of column -3 (x < -3)
//
// In a chain each feature-value room is given the value so far (the family room's first), so
// `rooms: [road-bonus, double-roads]` makes a 3-tile road (3 + 3) x 2 = 12 and
// `rooms: [double-roads, road-bonus]` makes it 3 x 2 + 3 = 9.
#pragma once

namespace carcheck::toy {

inline constexpr int kWestmostColumn = -3;  // no-west: the westmost column a tile may take

// Registers the four rooms by name (once per process; a second call does nothing).
void register_toy_add_ons();

}  // namespace carcheck::toy
