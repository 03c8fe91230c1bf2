// A test-only hook that breaks one rule on purpose, so that tests/test_fuzzer.cpp can show the
// fuzzer's invariants (checker/invariants.h) catch a broken rule and print a spec that
// replays it. Nothing else sets it. The engine reads it at a few spots, once per face-down
// tile placed, once per random draw, once per meeple going home, once per tile placed and
// once per point awarded, so it costs nothing worth measuring.
#pragma once

namespace carcheck::testing {

enum class BrokenRule : unsigned char {
  None,
  // engine/mists.cpp face_down_seals: a road or city that runs into a face-down tile is not
  // haunted, so the face-down tile can take part in finishing it (against Dized.MoC.0019).
  FaceDownFinishes,
  // engine/turn.cpp apply_random_draw: a random draw steps the state's generator once more
  // than the draw it records does, so the replay of the recorded actions leaves the generator
  // elsewhere: a field a replay does not restore (determinism).
  DrawStepsTheGenerator,
  // engine/scoring.cpp return_meeples: a meeple going home is not counted back into its
  // colour's supply (State::supply_), though it is in the supply.
  SupplyMiscounted,
  // engine/mists.cpp mists_cells_added: a cemetery tile placed by a turn is not listed among the
  // board's cemeteries (MistsState::cemeteries), so the Mists steps that read it miss it.
  CemeteryUnlisted,
  // engine/mists.cpp face_down_options: a face-down tile may go on a space around an open
  // cemetery that touches the board at a corner only (against Dized.MoC.0052).
  FaceDownAtACorner,
  // engine/scoring.cpp award: a farm's points go to the cemetery class, which no competitive
  // breakdown lists, so the breakdown no longer sums to the total (InvariantChecker::breakdown).
  FarmPointsMisfiled,
  // engine/turn.cpp put_meeple: a large follower put down turns into a normal one (weight 1),
  // so its colour has lost its large follower (checker/inns_invariants.cpp).
  LargeFollowerShrinks,
  // engine/river.cpp river_refusal: a river tile at the open end is never refused for its
  // turn (river-uturn ignored), so the river may turn back on itself.
  RiverUturnIgnored,
  // engine/mists.cpp mists_castle_haunted: a face-down tile around a castle never haunts it,
  // so a castle finished with one beside it scores (against Dized.MoC.0018).
  CastleHauntingIgnored,
};

inline BrokenRule break_rule = BrokenRule::None;

}  // namespace carcheck::testing
