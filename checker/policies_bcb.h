// Bridges, Castles and Bazaars for the simulation's players (checker/policies.cpp): the terms
// the greedy evaluation adds for castles and bridges, and the stated rule by which greedy rates
// a bazaar's decisions (which tile, how much to bid, buy or sell), which one ply cannot see.
// docs/simulate.md states both.
#pragma once

#include <memory>
#include <vector>

#include "engine/state.h"

namespace carcheck {

// The seat's castles still to score (each worth castle_promise) and bridges kept in supply.
// 0 outside Bridges, Castles and Bazaars.
double bcb_terms(const State& s, int seat);
// What an unscored castle promises: the points it scores when it scores times the chance that
// it scores before the game ends (seed 003: it scores the first road, city, monastery or castle
// finished with a tile in its fief; an unscored castle scores nothing at the end). The points:
// the unfinished roads, cities and monasteries with a tile in the fief as they stand, averaged
// with weights 1 / open ends (1 / empty spaces around a monastery), as the nearest to
// finishing likely scores first; at least 8, what a castle scores in greedy play when it
// scores. The chance: 1 - e^(-tiles left / 22), 22 tiles the mean wait measured in greedy
// play; 0 when nothing in the fief can ever finish (every fief tile placed, no unfinished
// feature and no unscored castle with a tile in it). Against the city's 4 points and the
// follower back in supply (checker/policies.cpp kept_value), greedy so converts with 19 tiles
// left or more when two followers stay in its supply, 31 or more when fewer do (fewer when
// the fief's features promise more than 8).
double castle_promise(const State& s, const CastleRecord& c);
// Whether meeple `index` stands in a castle that has not scored (its promise is the castle's).
bool in_unscored_castle(const State& s, int index);

// The bazaar rule. A tile's gain for a player is the best that player's placement turn with it
// could do now (every placement, then every meeple choice, rated by the evaluation). The
// tile's worth to the decider: its gain over the mean gain of the other tiles still on offer,
// plus (divided among the opponents) what it is worth over those to the opponent without a
// tile who wants it most. A point paid to an opponent costs 1 + 1/(players - 1) in lead.
// The selector opens on the tile of greatest worth at the lowest bid; a bidder raises to the
// highest bid whose cost stays below the tile's worth, at most its score, else passes; the
// selector buys when the tile's worth exceeds twice the cost of the bid, else sells.
class BazaarRule {
 public:
  BazaarRule();
  ~BazaarRule();
  BazaarRule(const BazaarRule&) = delete;
  BazaarRule& operator=(const BazaarRule&) = delete;

  // Whether the decision at `s` is a bazaar's (BazaarSelect, BazaarBid, BazaarDeal).
  static bool applies(const State& s);
  // A rating of every item of `legal` (higher is better) into `values`, and the action each
  // item stands for (a range entry: the amount the rule bids) into `actions`.
  void rate(const State& s, const ActionList& legal, std::vector<double>& values,
            std::vector<Action>& actions);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace carcheck
