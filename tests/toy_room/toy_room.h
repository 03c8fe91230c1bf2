// A toy rule system written outside the engine, in its own files only: the base game (C1)
// with a bell. After the meeple step, a player who has not rung the bell yet may `ring` it
// (3 points, in a score class of its own, `bells`) or `pass`; each player rings at most once
// a game. It brings its own phase (`bell`), action (`ring`), event (`bell-rung`), score class
// (`bells`), spec expectation (`expect bells <colour> N`: how often that colour's player rang)
// and invariant (a player's bells are 0 or 3 points), registered at run time
// (engine/room_words.h, checker/room_invariants.h); its rules are the hooks below.
#pragma once

#include <optional>
#include <string>

#include "engine/add_on.h"
#include "engine/rule_system.h"
#include "engine/state.h"

namespace toy {

inline constexpr int kBellPoints = 3;

// The toy's ids, handed out by the engine's registry.
struct ToyIds {
  carcheck::Phase bell;
  carcheck::ActionKind ring;
  carcheck::EventKind rung;
  carcheck::FeatureClass bells;
};

// Registers the toy's words, its invariant and its add-on room "bell" (once; later calls
// return the same ids). Call it before a game or a spec of the toy runs, or a levels file that
// names the add-on is loaded.
const ToyIds& register_toy_room();

// How often `player` rang the bell (from the points of the bells class).
int bells_rung(const carcheck::State& s, int player);

// The bell phase's offer, whichever way the toy is played: ring when the player may, and pass.
void offer_ring_or_pass(const carcheck::State& s, bool broken, carcheck::ActionList& out);

// The bell step itself, whichever way the toy is played: `a` (ring or pass) in the bell phase,
// its points and event; the caller then moves the turn on. The refusal, or nullopt.
std::optional<std::string> ring_or_pass(carcheck::State& s, const carcheck::Action& a, bool broken);

// The toy as a rule system of its own: the base game's room with the bell in its hooks.
class BellRules : public carcheck::CompetitiveRules {
 public:
  // `broken`: a broken-on-purpose toy that offers the bell every turn, rung or not (the
  // invariant's test).
  explicit BellRules(bool broken = false) : broken_(broken) {}
  void after_meeple(carcheck::State& s) const override;
  void legal(const carcheck::State& s, carcheck::ActionList& out) const override;
  std::optional<std::string> apply(carcheck::State& s, const carcheck::Action& a) const override;
  bool takes_pass(carcheck::Phase p) const override;  // in the bell phase: no bell

 private:
  bool may_ring(const carcheck::State& s) const;
  bool broken_;
};

// The same bell as an add-on room (engine/add_on.h) that a rule set names (`rooms: [bell]`,
// tests/toy_room/data/levels.yaml) over the base game or Bridges, Castles and Bazaars: it takes
// the turn after the meeple step into its phase and hands it back (ChainRest) once rung or
// passed, so the family's room scores the turn and moves on, knowing nothing of the bell.
class BellAddOn final : public carcheck::AddOn {
 public:
  bool combines_with(carcheck::Family f) const override;
  uint32_t hooks() const override;
  bool after_meeple(carcheck::State& s, const carcheck::ChainRest& rest) const override;
  bool owns(carcheck::Phase p) const override;
  bool owns(carcheck::ActionKind k) const override;
  void legal(const carcheck::State& s, carcheck::ActionList& out) const override;
  std::optional<std::string> apply(carcheck::State& s, const carcheck::Action& a,
                                   const carcheck::ChainRest& rest) const override;
};

}  // namespace toy
