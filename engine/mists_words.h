// Mists over Carcassonne's words (engine/mists.cpp): its members of the shared ids (Phase,
// ActionKind, EventKind, FeatureClass: engine/vocabulary.h), each with its value and its word in
// specs, traces and logs. Written here once: the enums, the word tables and the action grammar's
// keywords are generated from these lists. The values are fixed (logs, the Python module and
// the reports' order read them): a new member takes the next free value of its id.
#pragma once

// Phases: X(member, value, word).
//   ScoreChoice     points, or remove up to 3 ghosts from one tile
//   ExtraGhost      Levels 2-4: which open cemetery takes the extra ghost
//   Bury            which meeple a closing cemetery buries
//   HoundPlace      Levels 3+: beside which meeple the hound goes
//   HoundClear      Levels 3+: which tiles the hound clears
//   FaceDownDraw    Levels 5-6, chance: the face-down tile comes from the active pile
//   FaceDown        Levels 5-6: where the face-down tile goes
//   Track           Level 6: which scoring meeple takes an unowned colour's points
//   ScoringMeeples  Level 6, at set-up: which colours get the three scoring meeples
//   EmptySymbol     2a: which mist area of a tile that extended a bank gets one fewer
//   HauntGhost      Levels 5-6: which mist area of a neighbour a new cemetery's ghost goes on
#define CARCHECK_MISTS_PHASES(X)           \
  X(ScoreChoice, 3, "score-choice")        \
  X(ExtraGhost, 4, "extra-ghost")          \
  X(Bury, 5, "bury")                       \
  X(HoundPlace, 6, "hound-place")          \
  X(HoundClear, 7, "hound-clear")          \
  X(FaceDownDraw, 8, "face-down-draw")     \
  X(FaceDown, 9, "face-down")              \
  X(Track, 10, "track")                    \
  X(ScoringMeeples, 17, "scoring-meeples") \
  X(EmptySymbol, 18, "empty-symbol")       \
  X(HauntGhost, 19, "haunt")

// Actions: X(member, value, verb). What the fields of an Action mean for each:
//   TakePoints      take the points of the scoring under decision
//   RemoveGhosts    instead remove `count` (0..3) ghosts from the cell at (x, y), from the
//                   places `from` names (both: `colour` >= 0 answers for one colour, refused
//                   in a joint scoring)
//   ExtraGhost      Levels 2-4: the extra ghost goes on the open cemetery at (x, y)
//   Bury            bury the meeple `meeple`
//   HoundPlace      Levels 3+: place the hound beside meeple `meeple`
//   HoundClear      Levels 3+: clear `count` ghosts from the cell at (x, y), from the places
//                   `from` names (count 0: stop)
//   FaceDown        Levels 5-6: put the face-down tile at (x, y)
//   Track           Level 6: points of an unowned colour go to scoring meeple `colour`
//                   (`count` > 0: an attempt to share them with track `count` - 1 as well)
//   ScoreFirst      of the scorings one tile finished, decide the feature at (x, y), segment
//                   `seg` (-1: the cell's monastery or castle) before the one listed
//   ScoringMeeples  Level 6, at set-up: the colours with a scoring meeple, a bit per colour
//                   in `from` (seed 004 Level 6 "Jullie bepalen de kleuren van die meeples")
//   EmptySymbol     2a: the tile at (x, y) extended a bank, so one ghost fewer: the symbol
//                   left empty is on its mist area `seg` (Dized.MoC.0041)
//   HauntGhost      Levels 5-6: a new cemetery's ghost on the neighbour at (x, y) goes on its
//                   mist area `seg` (Dized.MoC.0020)
#define CARCHECK_MISTS_ACTIONS(X)          \
  X(TakePoints, 4, "points")               \
  X(RemoveGhosts, 5, "remove-ghosts")      \
  X(ExtraGhost, 6, "extra-ghost")          \
  X(Bury, 7, "bury")                       \
  X(HoundPlace, 8, "hound")                \
  X(HoundClear, 9, "clear")                \
  X(FaceDown, 10, "face-down")             \
  X(Track, 11, "track")                    \
  X(ScoreFirst, 20, "score-first")         \
  X(ScoringMeeples, 21, "scoring-meeples") \
  X(EmptySymbol, 22, "empty-symbol")       \
  X(HauntGhost, 23, "haunt")

// Events: X(member, value, word, who, at, value field, extra field) (engine/action.h
// EventFields: what each field holds, nullptr when unused).
#define CARCHECK_MISTS_EVENTS(X)                                                \
  X(GhostsPlaced, 7, "ghosts-placed", nullptr, true, "ghosts", nullptr)         \
  X(GhostsRemoved, 8, "ghosts-removed", nullptr, true, "ghosts", nullptr)       \
  X(BankFinished, 9, "bank-finished", nullptr, true, "ghosts removed", "tiles") \
  X(CemeteryClosed, 10, "cemetery-closed", nullptr, true, nullptr, nullptr)     \
  X(MeepleBuried, 11, "meeple-buried", "colour", true, "meeple", nullptr)       \
  X(HoundPlaced, 12, "hound-placed", "colour", true, "hound", nullptr)          \
  X(HoundLost, 13, "hound-lost", nullptr, false, "hound", nullptr)              \
  X(HoundScored, 14, "hound-scored", "colour", false, "points", nullptr)        \
  X(HoundRemoved, 15, "hound-removed", "colour", false, nullptr, nullptr)       \
  X(PileSwitched, 16, "pile-switched", nullptr, false, "pile", "tiles moved")   \
  X(FaceDownPlaced, 17, "face-down-placed", nullptr, true, "tile", nullptr)     \
  X(GameWon, 18, "game-won", nullptr, false, "score", "end reason")             \
  X(GameLost, 19, "game-lost", nullptr, false, "score", "end reason")

// Features and score classes: X(member, value, word, score label).
//   Hound  a hound's points (Levels 3+), a class of its own on the score
#define CARCHECK_MISTS_FEATURES(X)          \
  X(Cemetery, 5, "cemetery", "cemeteries")  \
  X(MistBank, 6, "mist-bank", "mist-banks") \
  X(Hound, 7, "hound", "hounds")
