// Bridges, Castles and Bazaars (seed 003, first edition), played on the base game C1: the
// room BcbRules (engine/bcb.cpp) is the competitive room plus the expansion's steps.
//
// | switch              | values (default first)     | what it changes                       |
// |---------------------|----------------------------|---------------------------------------|
// | bridge-timing       | with-tile, before-scoring  | the bridge step before the follower,  |
// |                     |                            | or also after it (seed 003 fn 16, 20) |
// | bridge-on-monastery | allowed, forbidden         | a bridge across a monastery tile      |
// | negative-score      | allowed, forbidden         | bids above one's score (fn 7, 8, 14)  |
// | bazaar-variant      | auction, pick-in-turn      | auction, or picked in turn (fn 13)    |
// | bazaar-unplaced     | no-bazaar, bazaar-held     | a discarded bazaar tile (fn 5, 6)     |
// | bazaar-held-timing  | before-, after-replacement | when that bazaar is held              |
// | bazaar-too-few      | ignored                    | fewer tiles than players (fn 11)      |
// | bazaar-next-selector| next-clockwise,            | who selects after a sale (fn 9)       |
// |                     | seller-again               |                                       |
// | bazaar-buy-short    | must-sell, stop-at-zero,   | negative-score=forbidden: buying      |
// |                     | below-zero                 | above one's score                     |
// | small-city-castle   | semicircular,              | which finished two-segment cities may |
// |                     | any-two-segment            | become castles (fn 23, 24)            |
// | castle-same-turn    | not-counted                | a feature finished in the scoring     |
// |                     |                            | that built a castle does not score it |
// | castle-farm-value   | every-castle, scored-only  | which castles are worth 4 to a farm   |
// | castle-farm-edition | refuse                     | another farm-scoring edition is       |
// |                     |                            | refused when the game is built        |
// | castle-order        | active-clockwise,          | which castle decides first when       |
// |                     | start-player-clockwise     | several score in one scoring          |
// | bazaar-won-unplaceable | normal-turn, set-aside  | a won tile that fits nowhere: as in a |
// |                     |                            | normal turn (base-unplaceable-tile,   |
// |                     |                            | another drawn), or set aside alone    |
//
// Bazaars (engine/bcb_bazaars.cpp, BcbState::bazaar): reveals are chance draws (Phase::Draw,
// `draw <tile>` forces each); then `select <tile> <bid>` (Phase::BazaarSelect), `bid N` or
// `pass` from each other player without a tile (BazaarBid), `buy` or `sell` (BazaarDeal);
// `select <tile>` alone under pick-in-turn. legal_actions holds every legal bid, from the
// lowest legal one lo (0 to open, current + 1 to raise): under negative-score=forbidden each
// bid up to the bidder's score is an entry (an opening bid of 0 always); under allowed the
// rules bound no bid, so one range entry per tile stands for lo and every bid above it
// (engine/action.h kBidRange; `select <tile> lo+`, `bid lo+` in text), and apply takes one
// amount of it (with_amount), refusing the entry itself.
// Points paid and received go to FeatureClass::Bazaar (signed), so by_feature still sums to
// total; each payment is a BazaarPaid event.
//
// Castles (engine/bcb_castles.cpp): BcbState::castles records each castle (its two cells,
// owner, follower); its follower stays on its city segment until the castle scores, and the
// city region is never scored as a city again. The turn's scoring with the castle decisions
// (Phase::CastleChoice, Phase::CastleScore) resumes from pending_ / pending_index_. Under
// castle-order=active-clockwise a player with several castles to score picks one with
// `castle-score x,y <feature> for <castle x,y>` (Action::count: 1 + the castle's index).
//
// A bridge is a road segment the room adds to its cell (engine/tile.h kAddedSeg): segment
// index kBridgeSeg, union-find node segment_node(cell, kBridgeSeg).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engine/action.h"
#include "engine/bcb_state.h"
#include "engine/tile.h"
#include "engine/types.h"

namespace carcheck {

class RuleSystem;
class State;

inline constexpr int kBridgeSeg = kAddedSeg;  // PlacedCell::added: 1 + BridgeAxis

// Place.count: the bridge a placement comes with. kPlaceBridgeSelf + axis: on the tile
// placed; kPlaceBridgeBeside + side: on the neighbour across that side, along that side's
// axis (the only way it can carry the new tile's road on).
inline constexpr int kPlaceBridgeNone = 0;
inline constexpr int kPlaceBridgeSelf = 1;
inline constexpr int kPlaceBridgeBeside = 3;
inline constexpr int kPlaceBridgeCodes = 7;

inline constexpr BridgeAxis axis_of_side(int side) {
  return side % 2 == 0 ? BridgeAxis::NorthSouth : BridgeAxis::WestEast;
}
inline constexpr bool axis_has_side(BridgeAxis a, int side) { return axis_of_side(side) == a; }
const char* bridge_axis_name(BridgeAxis a);  // "N-S", "W-E"

std::shared_ptr<const RuleSystem> bcb_rules();

// A policy's look-ahead (checker/policies_bcb.cpp), on a copy: while a bazaar's tiles are
// being shared, `player` takes the placement turn of `tile` now, as a bazaar's placement turn
// begins (engine/bcb_bazaars.cpp). Refused outside that stage. What follows that turn is no
// game the rules reach: a caller reads the turn itself only.
std::optional<std::string> setup_bazaar_turn(State& s, int player, TileId tile);

}  // namespace carcheck
