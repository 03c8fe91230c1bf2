// The state only Bridges, Castles and Bazaars has (engine/bcb.cpp and bcb_bazaars.cpp play it).
// Fixed-size and allocation-free: State holds one inline, so a copy of any game stays one copy.
#pragma once

#include <array>
#include <cstdint>

namespace carcheck {

// A bridge spans its tile from the middle of one side to the middle of the opposite one
// (seed 003 "Podurile"; JCloisterZone's two bridge positions).
enum class BridgeAxis : uint8_t { NorthSouth, WestEast };
inline constexpr int kBridgeAxes = 2;
inline constexpr int kBcbMaxPlayers = 6;

inline constexpr int kBcbMaxCastles = 12;  // the expansion's castle tokens
inline constexpr int kBcbMaxRevealed = 6;  // a bazaar reveals one tile per player

// A castle (seed 003 "Castelele"): a finished small city of two caps, turned into a castle
// by its occupant. It lies across the edge between its two cells; its follower stays where
// it stood (the city segment) until the castle scores.
struct CastleRecord {
  std::array<int16_t, 2> cells{-1, -1};  // the two tiles it lies across (State cell indices)
  int8_t owner = -1;                     // the player whose token it is
  int16_t meeple = -1;                   // the follower in it (State::meeples index)
  bool scored = false;                   // it has scored (its follower went home)
  int16_t points = 0;  // what it scored: a castle scoring through it scores the same
  friend bool operator==(const CastleRecord&, const CastleRecord&) = default;
};

// Where a bazaar stands (seed 003 "Bazarul"; engine/bcb_bazaars.cpp plays it).
enum class BazaarStage : uint8_t {
  None,
  Reveal,  // chance: the host reveals one tile per player (Phase::Draw, `draw <tile>` each)
  Share,   // the revealed tiles go to the players (select, bid, buy/sell; or picked in turn)
  Place,   // a player places the tile obtained as a whole turn (a won tile opens no bazaar)
};

struct BcbState {
  std::array<int8_t, kBcbMaxPlayers> bridges{};  // per player, in supply
  int16_t bridge_cell = -1;                      // the bridge built this turn (-1: none yet)
  bool bridge_after_meeple = false;  // bridge-timing=before-scoring: the late bridge step
  std::array<int8_t, kBcbMaxPlayers> castle_tokens{};  // per player, in supply
  std::array<CastleRecord, kBcbMaxCastles> castles{};  // the first castle_count are built
  int8_t castle_count = 0;
  // The scoring under way (engine/bcb_castles.cpp): castles from index castle_fresh on were
  // built in it and score nothing in it (castle-same-turn); bit i of castles_scored_now:
  // castle i scored in it (a finished feature for the castles around it, seed 003).
  int8_t castle_fresh = 0;
  uint16_t castles_scored_now = 0;
  // Phase::CastleScore: the castle whose owner picks its feature; -1: the decider has several
  // castles with a candidate and picks which scores first (castle-order=active-clockwise).
  int8_t castle_deciding = -1;
  static_assert(kBcbMaxCastles <= 16, "castles_scored_now has a bit per castle");
  // The player deciding now when it is not the active one (the occupant of a small city, a
  // bidder) is State's decider_, which these steps set.
  // Bazaars. revealed[i] (a TileId) went to player taker[i] (-1: not yet); `placed` counts
  // the placement turns begun, the k-th being that of the k-th player after the host.
  BazaarStage bazaar = BazaarStage::None;
  int8_t bazaar_host = -1;          // the active player whose bazaar tile opened it
  bool bazaar_no_bids = false;      // picked in turn (bazaar-variant=pick-in-turn, or ZMG fn 14)
  bool bazaar_resume_same = false;  // held before the replacement draw: the host draws it next
  int8_t bazaars_due = 0;           // bazaar-unplaced=bazaar-held: bazaars waiting to be held
  // bazaar-won-unplaceable=normal-turn: the tile in hand in a placement turn was drawn from
  // the supply (its won tile fitted nowhere), not won; a bazaar tile so drawn opens a bazaar
  // after the round (fn 12), hosted by its player: delayed[p] such bazaars wait for player p,
  // held clockwise from the host of the round (bazaar_outer_host) once its tiles are placed.
  bool bazaar_redrawn = false;
  std::array<int8_t, kBcbMaxPlayers> delayed{};
  int8_t bazaar_outer_host = -1;
  int8_t revealed_count = 0;
  int8_t placed = 0;
  std::array<int16_t, kBcbMaxRevealed> revealed{};
  std::array<int8_t, kBcbMaxRevealed> taker{};
  int8_t selector = -1;  // the auction: who selected revealed[selected], at `bid` points,
  int8_t selected = -1;  // and the highest bidder so far
  int16_t bid = 0;
  int8_t high_bidder = -1;
  // Revealed tiles not yet taken into a placement turn (the tile-conservation invariant).
  int bazaar_tiles_waiting() const { return revealed_count - placed; }
  // Every field, for State::first_difference; State::snapshot writes each of them too.
  friend bool operator==(const BcbState&, const BcbState&) = default;
};

}  // namespace carcheck
