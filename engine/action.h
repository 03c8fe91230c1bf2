// Actions (every choice the rules leave to players, and draws) and events (what apply did).
// Both are small PODs so that the hot path never allocates.
#pragma once

#include <cstdint>
#include <string>

#include "engine/tile.h"

namespace carcheck {

enum class ActionKind : uint8_t {
  Draw,            // chance: the next tile is `tile` (forced) or random
  Place,           // the drawn tile at (x, y) with rotation rot; BCB: `count` a bridge that
                   // comes with it (engine/bcb.h kPlaceBridge*; 0: none)
  Meeple,          // a meeple of `colour` on segment `seg` of the tile just placed
  Pass,            // no meeple this turn
  TakePoints,      // Mists: take the points of the scoring under decision
  RemoveGhosts,    // Mists: instead remove `count` (0..3) ghosts from the cell at (x, y), from
                   // the places `from` names (both: `colour` >= 0 answers for one colour,
                   // refused in a joint scoring)
  ExtraGhost,      // Mists 2-4: the extra ghost goes on the open cemetery at (x, y)
  Bury,            // Mists: bury the meeple `meeple`
  HoundPlace,      // Mists 3+: place the hound beside meeple `meeple`
  HoundClear,      // Mists 3+: clear `count` ghosts from the cell at (x, y), from the places
                   // `from` names (count 0: stop)
  FaceDown,        // Mists 5-6: put the face-down tile at (x, y)
  Track,           // Mists 6: points of an unowned colour go to scoring meeple `colour`
                   // (`count` > 0: an attempt to share them with track `count` - 1 as well)
  Bridge,          // BCB: a bridge on the cell at (x, y), `count` its axis (0: N-S, 1: W-E)
  Discard,         // BCB: the drawn tile fits only with a bridge; set it aside instead (fn 17)
  Castle,          // BCB: the occupant turns the small city under decision into a castle
                   // (`pass` in that phase: score the city as usual)
  CastleScore,     // BCB: the castle under decision scores the finished feature at (x, y),
                   // segment `seg` of that cell (-1: the cell's monastery, or the castle there);
                   // `count` 1 + the index of the castle that scores (0: the one under decision)
  Select,          // BCB bazaar: the selector takes revealed tile `tile`, opening with bid `x`
                   // (0 allowed); -1: no bid (bazaar-variant=pick-in-turn, where nobody bids);
                   // `count` kBidRange: a range entry of legal_actions (below)
  Bid,             // BCB bazaar: raise the bid on the selected tile to `x`; `count` kBidRange:
                   // a range entry of legal_actions (below)
  Buy,             // BCB bazaar: the selector buys the tile from the highest bidder
  Sell,            // BCB bazaar: the selector sells the tile to the highest bidder
  ScoreFirst,      // Mists: of the scorings one tile finished, decide the feature at (x, y),
                   // segment `seg` (-1: the cell's monastery or castle) before the one listed
  ScoringMeeples,  // Mists 6, at set-up: the colours with a scoring meeple, a bit per colour
                   // in `from` (seed 004 Level 6 "Jullie bepalen de kleuren van die meeples")
  EmptySymbol,     // Mists 2a: the tile at (x, y) extended a bank, so one ghost fewer: the
                   // symbol left empty is on its mist area `seg` (Dized.MoC.0041)
  HauntGhost,      // Mists 5-6: a new cemetery's ghost on the neighbour at (x, y) goes on its
                   // mist area `seg` (Dized.MoC.0020)
};
inline constexpr int kActionKinds = 24;
// The kinds the action language reads (dsl/action_grammar.h): every kind.
inline constexpr int kWrittenActionKinds = kActionKinds;

// Which places of a tile ghosts come off (Action::from): 0 takes them as listed (its mist
// areas in order, then its cemetery); otherwise kFromBits bits per ghost slot (mist areas,
// then the cemetery: engine/state.h kGhostSlots) count the ghosts each place gives.
inline constexpr int kFromBits = 2;
inline constexpr uint16_t kFromSlotMask = (1u << kFromBits) - 1;
// An attempt to remove ghosts from more than one tile in one scoring (the whole start tile:
// FAQ.MoC.0001, Dized.MoC.0002): never legal, written so that a spec can pin the refusal.
inline constexpr uint16_t kFromSeveralTiles = 0x8000;
inline constexpr int from_count(uint16_t from, int slot) {
  return (from >> (slot * kFromBits)) & kFromSlotMask;
}
inline constexpr uint16_t from_with(uint16_t from, int slot, int n) {
  return static_cast<uint16_t>((from & ~(kFromSlotMask << (slot * kFromBits))) |
                               (static_cast<unsigned>(n) << (slot * kFromBits)));
}

// A range entry (BCB bids): where a reading leaves the bids unbounded (negative-score=allowed:
// any raise, whatever the bidder's score), legal_actions lists one entry for all of them: a
// Select or Bid with `count` kBidRange and `x` the lowest legal amount, standing for every
// amount from x up (to kMaxBid, the largest the action's field holds). It is no action
// itself: apply() refuses it; with_amount() makes the action that bids one amount of it, and
// offers() says whether an entry stands for an action. Where the bids are finite
// (negative-score=forbidden: no more than the bidder's score) every bid is its own entry.
inline constexpr int8_t kBidRange = 1;
inline constexpr int kMaxBid = 32767;

struct Action {
  ActionKind kind = ActionKind::Pass;
  int8_t rot = 0;
  int8_t seg = -1;  // segment index on the new cell
  int8_t colour = -1;
  int8_t count = 0;
  int16_t x = 0, y = 0;
  int16_t meeple = -1;
  TileId tile = -1;
  uint16_t from = 0;  // remove-ghosts, clear: the places ghosts come off (kFromBits above)
  friend bool operator==(const Action&, const Action&) = default;
};

constexpr bool is_bid_range(const Action& a) {
  return (a.kind == ActionKind::Select || a.kind == ActionKind::Bid) && a.count == kBidRange;
}
// The bid of `amount` that range entry (or bid) `entry` stands for.
constexpr Action with_amount(Action entry, int amount) {
  entry.count = 0;
  entry.x = static_cast<int16_t>(amount);
  return entry;
}
// `entry`, an item of legal_actions(), is `a` or, a range entry, stands for it (the same kind
// and tile, an amount from its lowest up).
constexpr bool offers(const Action& entry, const Action& a) {
  if (!is_bid_range(entry)) return entry == a;
  return a.kind == entry.kind && a.tile == entry.tile && a.count == 0 && a.x >= entry.x &&
         with_amount(entry, a.x) == a;
}

enum class EventKind : uint8_t {
  TileDrawn,
  TileSetAside,
  TilePlaced,
  MeeplePlaced,
  FeatureFinished,
  Scored,
  MeepleReturned,
  GhostsPlaced,
  GhostsRemoved,
  BankFinished,
  CemeteryClosed,
  MeepleBuried,
  HoundPlaced,
  HoundLost,
  HoundScored,
  HoundRemoved,
  PileSwitched,
  FaceDownPlaced,
  GameWon,
  GameLost,
  GameEnded,
  FinalScored,
  BridgeBuilt,  // BCB: value is the axis (0: N-S, 1: W-E)
  CastleBuilt,  // BCB: who the owner, at the castle's north or west cell
  // BCB bazaars (engine/bcb_bazaars.cpp; names.cpp says what each field holds).
  BazaarOpened,     // who: the active player; value: tiles to reveal
  BazaarIgnored,    // who: the active player; value: tiles left in the supply (fn 11)
  BazaarBid,        // who: the bidder; value: the bid (the selector's opening bid too)
  BazaarTileTaken,  // who: the player; value: the tile; extra: points it cost (0: free)
  BazaarPaid,       // who: the player whose score moves; value: points (signed); extra: the
                    // other party (-1: nobody, a lone bid)
};
inline constexpr int kEventKindCount = 29;
const char* event_name(EventKind k);

enum class FeatureClass : uint8_t {
  Road,
  City,
  Monastery,
  Field,
  Castle,
  Cemetery,
  MistBank,
  Hound,   // a hound's points (Mists 3+), a class of its own on the score
  Bazaar,  // BCB: points paid and received in bazaars (signed), so that by_feature sums to total
  None
};
inline constexpr int kScoreClasses = static_cast<int>(FeatureClass::None);  // Road .. Bazaar
const char* feature_class_name(FeatureClass f);
// A score class as a breakdown names it: "roads", "cities", "monasteries", "farms", "castles",
// "cemeteries", "mist-banks", "hounds", "bazaars" (the text and JSON of `play`).
const char* score_class_label(FeatureClass f);

// What apply() did. The meaning of who, value and extra depends on the kind: event_fields()
// says it for each kind (engine/names.cpp holds the table), describe() prints an event so.
struct Event {
  EventKind kind = EventKind::TilePlaced;
  FeatureClass feature = FeatureClass::None;
  int8_t who = -1;  // see EventFields::who
  // Scorings: the segment of the cell at x, y that the scored region holds (-1: a centre
  // feature, or no region), so that any tile of the feature can be matched.
  int8_t seg = -1;
  int16_t x = 0, y = 0;  // the cell, when EventFields::at
  int16_t value = 0;     // see EventFields::value
  int16_t extra = 0;     // see EventFields::extra
};

// One row per EventKind: its name in specs and what its fields mean (nullptr: unused).
struct EventFields {
  const char* name;
  const char* who;    // "player", "colour", "track", ...
  bool at;            // x, y name a cell
  const char* value;  // "points", "ghosts", "tile", ...
  const char* extra;  // "rotation", "colour", "end reason", ...
};
const EventFields& event_fields(EventKind k);
// "scored road: player 0, at 1,0, points 6": the kind's name, its feature when it has one,
// and each field the kind uses, named.
std::string describe(const Event& e);

// Why a game ended (Mists) — reported as text by end_reason_text().
enum class EndReason : uint8_t {
  None,
  GoalReached,
  TilesExhausted,
  GhostSupplyShort,
  PileBelowThreshold,
  AllTilesPlayed,
};
const char* end_reason_text(EndReason r);

}  // namespace carcheck
