// Bridges, Castles and Bazaars' words (engine/bcb.cpp, bcb_castles.cpp, bcb_bazaars.cpp): its
// members of the shared ids (Phase, ActionKind, EventKind: engine/vocabulary.h), each with
// its value and its word in specs, traces and logs. Written here once: the enums, the word
// tables and the action grammar's keywords are generated from these lists. The values are
// fixed (logs, the Python module and the reports' order read them).
#pragma once

// Phases: X(member, value, word).
//   Bridge        build a bridge (or pass) on the tile just placed or beside it
//   CastleChoice  the occupant of a finished small city: castle, or pass (score it)
//   CastleScore   which finished feature of its fief a castle scores
//   BazaarSelect  the selector picks a revealed tile (and opens the bidding)
//   BazaarBid     the next player raises or passes
//   BazaarDeal    the selector buys or sells
#define CARCHECK_BCB_PHASES(X)         \
  X(Bridge, 11, "bridge")              \
  X(CastleChoice, 12, "castle-choice") \
  X(CastleScore, 13, "castle-score")   \
  X(BazaarSelect, 14, "bazaar-select") \
  X(BazaarBid, 15, "bazaar-bid")       \
  X(BazaarDeal, 16, "bazaar-deal")

// Actions: X(member, value, verb). What the fields of an Action mean for each (a Place's
// bridge is its `count`: engine/bcb.h kPlaceBridge*):
//   Bridge       a bridge on the cell at (x, y), `count` its axis (0: N-S, 1: W-E)
//   Discard      the drawn tile fits only with a bridge; set it aside instead (fn 17)
//   Castle       the occupant turns the small city under decision into a castle (`pass` in
//                that phase: score the city as usual)
//   CastleScore  the castle under decision scores the finished feature at (x, y), segment
//                `seg` of that cell (-1: the cell's monastery, or the castle there); `count`
//                1 + the index of the castle that scores (0: the one under decision)
//   Select       bazaar: the selector takes revealed tile `tile`, opening with bid `x` (0
//                allowed); -1: no bid (bazaar-variant=pick-in-turn, where nobody bids);
//                `count` kBidRange: a range entry of legal_actions (engine/action.h)
//   Bid          bazaar: raise the bid on the selected tile to `x`; `count` kBidRange: a
//                range entry of legal_actions
//   Buy, Sell    bazaar: the selector buys the tile from, or sells it to, the highest bidder
#define CARCHECK_BCB_ACTIONS(X)      \
  X(Bridge, 12, "bridge")            \
  X(Discard, 13, "discard")          \
  X(Castle, 14, "castle")            \
  X(CastleScore, 15, "castle-score") \
  X(Select, 16, "select")            \
  X(Bid, 17, "bid")                  \
  X(Buy, 18, "buy")                  \
  X(Sell, 19, "sell")

// Events: X(member, value, word, who, at, value field, extra field).
//   BridgeBuilt      value: the axis (0: N-S, 1: W-E)
//   CastleBuilt      who: the owner, at the castle's north or west cell
//   BazaarOpened     who: the active player; value: tiles to reveal
//   BazaarIgnored    who: the active player; value: tiles left in the supply (fn 11)
//   BazaarBid        who: the bidder; value: the bid (the selector's opening bid too)
//   BazaarTileTaken  who: the player; value: the tile; extra: points it cost (0: free)
//   BazaarPaid       who: the player whose score moves; value: points (signed); extra: the
//                    other party (-1: nobody, a lone bid)
#define CARCHECK_BCB_EVENTS(X)                                                   \
  X(BridgeBuilt, 22, "bridge-built", "player", true, "axis", nullptr)            \
  X(CastleBuilt, 23, "castle-built", "player", true, nullptr, nullptr)           \
  X(BazaarOpened, 24, "bazaar-opened", "player", false, "tiles", nullptr)        \
  X(BazaarIgnored, 25, "bazaar-ignored", "player", false, "tiles left", nullptr) \
  X(BazaarBid, 26, "bazaar-bid", "player", false, "bid", nullptr)                \
  X(BazaarTileTaken, 27, "bazaar-tile-taken", "player", false, "tile", "price")  \
  X(BazaarPaid, 28, "bazaar-paid", "player", false, "points", "other player")

// Features and score classes: X(member, value, word, score label).
//   Bazaar  points paid and received in bazaars (signed), so that by_feature sums to total
#define CARCHECK_BCB_FEATURES(X) X(Bazaar, 8, "bazaar", "bazaars")
