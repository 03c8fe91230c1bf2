// Play policies: who chooses among the legal actions when nobody at a table does. The fuzzers'
// choosers (uniform, a team that plays along) and the simulation's players (random, greedy,
// mc) share one interface, Choose; the engine knows none of them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "engine/rng.h"
#include "engine/state.h"

namespace carcheck {

// Picks one of `legal` (never empty) at `s`; returns its index (taken modulo the size).
using Choose = std::function<uint32_t(const State& s, const ActionList& legal)>;
// Uniform among the legal actions.
Choose uniform_choice(Rng& rng);
// A team that plays along: mostly places meeples, takes the points or removes the most
// ghosts, clears the fullest tiles. Reaches deeper states than uniform choices.
Choose team_choice(Rng& rng);

// Plays uniformly random legal choices to the end; `chooser` picks among legal actions.
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
  friend bool operator==(const PolicySpec&, const PolicySpec&) = default;
};
// "random", "greedy", "mc" (greedy playouts) or "mc-random"; nullopt for any other name.
std::optional<PolicySpec> parse_policy(std::string_view name);
std::string policy_name(const PolicySpec& p);  // the name parse_policy reads
inline constexpr const char* kPolicyNames = "random, greedy, mc, mc-random";

// The greedy evaluation of `s` for the side of `seat` (higher is better); see policies.cpp.
double evaluate(const State& s, int seat);

// A policy's chooser: every choice it makes comes from `rng` (and the state), so the same
// seed plays the same game. Every seat of a competitive game uses the same policy.
Choose policy_choice(const PolicySpec& p, Rng& rng);

// Plays `s` to its end: draws take the pile's top tile (shuffled at setup), every other
// choice is `choose`'s. Throws std::logic_error if the engine offers nothing or refuses a
// legal action. Returns the actions decided (draws not counted).
int64_t play_policy(State& s, const Choose& choose);

}  // namespace carcheck
