// Play policies: who chooses among the legal actions when nobody at a table does. The fuzzers'
// choosers (uniform, a team that plays along) and the simulation's players (random, greedy,
// mc) share one interface, Choose; the engine knows none of them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rng.h"
#include "engine/state.h"

namespace carcheck {

// Picks one of `legal` (never empty) at `s` and returns the action to apply: an item, or one
// bid of a range entry (engine/action.h kBidRange), never the range entry itself.
using Choose = std::function<Action(const State& s, const ActionList& legal)>;

// Random play's pick (`carcheck play --seed`, play_random, uniform_choice, the Python
// module's random_action), uniform among the choices of `legal`: every item is one choice,
// except that all the bids on one tile (Select with a bid, or Bid: every listed amount, or a
// range entry) are one choice together. Its amount is then lo + k, lo the lowest listed,
// k >= 0 with probability 2^-(k+1) (mostly the lowest bid or a raise of 1 or 2), capped at
// the highest listed amount and at the bidder's score when lo is below it (a random player
// bids no more than it has unless the lowest bid already does). Without bids in `legal`
// it is `legal.items[rng.below(legal.size)]`, one draw, as before bids had range entries.
Action random_action(const State& s, const ActionList& legal, Rng& rng);
// The amount random_action draws for bids from lo to hi (hi: kMaxBid for a range entry).
int random_bid(const State& s, int lo, int hi, Rng& rng);
// The action a policy that picked item `i` applies: a range entry's lowest bid.
Action lowest(const ActionList& legal, uint32_t i);
// Random play: random_action's pick.
Choose uniform_choice(Rng& rng);
// A team that plays along: mostly places meeples, takes the points or removes the most
// ghosts, clears the fullest tiles. Reaches deeper states than uniform choices.
Choose team_choice(Rng& rng);

// Plays random legal choices (random_action) to the end with `chooser`.
void play_random(State& s, Rng& chooser);
// `carcheck play --seed S` picks with Rng(S ^ kPlayChooserSalt) (the Python module too, so
// that both play the same game for a seed).
inline constexpr uint64_t kPlayChooserSalt = 0x5EEDC0FFEEull;

// ---- The simulation's players ---------------------------------------------------------------

enum class PolicyKind : uint8_t { Random, Greedy, Mc };

struct PolicySpec {
  PolicyKind kind = PolicyKind::Greedy;
  int playouts = 16;                        // mc: K playouts per candidate
  PolicyKind playout = PolicyKind::Random;  // mc: who plays the playouts (random or greedy)
  int width = 4;                            // mc: candidates kept, greedy's best first
  // greedy: false never turns a city into a castle (Bridges, Castles and Bazaars: always the
  // pass of Phase::CastleChoice), the castle-blind player that measures what castles bring.
  bool castles = true;
  friend bool operator==(const PolicySpec&, const PolicySpec&) = default;
};
// "random", "greedy", "greedy-castle-blind", "mc" (greedy playouts) or "mc-random"; nullopt
// for any other name.
std::optional<PolicySpec> parse_policy(std::string_view name);
std::string policy_name(const PolicySpec& p);  // the name parse_policy reads
inline constexpr const char* kPolicyNames = "random, greedy, greedy-castle-blind, mc, mc-random";

// The greedy evaluation of `s` for the side of `seat` (higher is better); see policies.cpp.
double evaluate(const State& s, int seat);

// A policy's chooser: every choice it makes comes from `rng` (and the state), so the same
// seed plays the same game. Every seat of a competitive game uses the same policy, unless
// the seats are given their own (below).
Choose policy_choice(const PolicySpec& p, Rng& rng);
// A table of policies: the decider (State::current_player) of each decision chooses with
// `by_seat[seat]` (Mists: the first, one team).
Choose seat_choice(std::vector<Choose> by_seat);

// Plays `s` to its end: draws take the pile's top tile (shuffled at setup), every other
// choice is `choose`'s. Throws std::logic_error if the engine offers nothing or refuses a
// legal action. Returns the actions decided (draws not counted).
int64_t play_policy(State& s, const Choose& choose);

}  // namespace carcheck
