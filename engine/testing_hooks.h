// A test-only hook that breaks one rule on purpose, so that tests/test_fuzzer.cpp can show the
// fuzzer's invariants (checker/invariants.h) catch a broken rule and print a spec that
// replays it. Nothing else sets it. The engine reads it at exactly one spot, once per
// face-down tile placed, so it costs nothing worth measuring.
#pragma once

namespace carcheck::testing {

enum class BrokenRule : unsigned char {
  None,
  // engine/board.cpp place_face_down: a road or city that runs into a face-down tile is not
  // haunted, so the face-down tile can take part in finishing it (against Dized.MoC.0019).
  FaceDownFinishes,
};

inline BrokenRule break_rule = BrokenRule::None;

}  // namespace carcheck::testing
