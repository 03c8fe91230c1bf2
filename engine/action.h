// Actions (every choice the rules leave to players, and draws) and events (what apply did).
// Both are small PODs so that the hot path never allocates.
#pragma once

#include <cstdint>
#include <string>

#include "engine/rooms.h"
#include "engine/tile.h"

namespace carcheck {

// The turn machine's actions, shared by every rule system: X(member, value, verb). A room's
// own actions are in its header (engine/rooms.h lists them).
//   Draw    chance: the next tile is `tile` (forced) or random
//   Place   the drawn tile at (x, y) with rotation rot; `count` an extra the room carries
//           with it (BCB: a bridge, engine/bcb.h kPlaceBridge*; 0: none)
//   Meeple  a meeple of `colour` on segment `seg` of the tile just placed; `count`
//           kMeepleLarge: the colour's large follower (Game::large_per_colour)
//   Pass    no meeple this turn (or the room's phase passed)
#define CARCHECK_SHARED_ACTIONS(X) \
  X(Draw, 0, "draw")               \
  X(Place, 1, "place")             \
  X(Meeple, 2, "meeple")           \
  X(Pass, 3, "pass")

enum class ActionKind : uint8_t {
  CARCHECK_SHARED_ACTIONS(CARCHECK_ID_MEMBER) CARCHECK_ROOM_ACTIONS(CARCHECK_ID_MEMBER)
};
inline constexpr int kActionKinds =
    0 CARCHECK_SHARED_ACTIONS(CARCHECK_ID_COUNT) CARCHECK_ROOM_ACTIONS(CARCHECK_ID_COUNT);
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

// A Meeple action's `count`: a normal follower (0) or the colour's large one.
inline constexpr int8_t kMeepleLarge = 1;

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

// The turn machine's events, shared by every rule system: X(member, value, word, who, at,
// value field, extra field) (EventFields below). A room's own events are in its header.
#define CARCHECK_SHARED_EVENTS(X)                                             \
  X(TileDrawn, 0, "tile-drawn", "player", false, "tile", nullptr)             \
  X(TileSetAside, 1, "tile-set-aside", "player", false, "tile", nullptr)      \
  X(TilePlaced, 2, "tile-placed", "player", true, "tile", "rotation")         \
  X(MeeplePlaced, 3, "meeple-placed", "colour", true, "segment", nullptr)     \
  X(FeatureFinished, 4, "feature-finished", nullptr, false, nullptr, nullptr) \
  X(Scored, 5, "scored", "player or track", true, "points", "colour")         \
  X(MeepleReturned, 6, "meeple-returned", "colour", true, nullptr, nullptr)   \
  X(GameEnded, 20, "game-ended", nullptr, false, nullptr, "end reason")       \
  X(FinalScored, 21, "final-scored", "player", true, "points", "colour")

enum class EventKind : uint8_t {
  CARCHECK_SHARED_EVENTS(CARCHECK_ID_MEMBER) CARCHECK_ROOM_EVENTS(CARCHECK_ID_MEMBER)
};
inline constexpr int kEventKindCount =
    0 CARCHECK_SHARED_EVENTS(CARCHECK_ID_COUNT) CARCHECK_ROOM_EVENTS(CARCHECK_ID_COUNT);
const char* event_name(EventKind k);

// The features and score classes every rule system shares: X(member, value, word, score
// label). A room's own classes are in its header (engine/rooms.h); None comes last.
#define CARCHECK_SHARED_FEATURES(X)           \
  X(Road, 0, "road", "roads")                 \
  X(City, 1, "city", "cities")                \
  X(Monastery, 2, "monastery", "monasteries") \
  X(Field, 3, "field", "farms")               \
  X(Castle, 4, "castle", "castles")

enum class FeatureClass : uint8_t {
  CARCHECK_SHARED_FEATURES(CARCHECK_ID_MEMBER) CARCHECK_ROOM_FEATURES(CARCHECK_ID_MEMBER) None =
      0 CARCHECK_SHARED_FEATURES(CARCHECK_ID_COUNT) CARCHECK_ROOM_FEATURES(CARCHECK_ID_COUNT),
};
inline constexpr int kScoreClasses = static_cast<int>(FeatureClass::None);  // Road .. Bazaar
// Score classes a room outside the engine registers (engine/room_words.h) take the values
// after None: None + 1 .. None + kRoomScoreClasses. Score::by_feature holds them all (None's
// slot stays 0), so that a registered class is indexed like the engine's own.
inline constexpr int kRoomScoreClasses = 4;
inline constexpr int kScoreClassCapacity = kScoreClasses + 1 + kRoomScoreClasses;
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
