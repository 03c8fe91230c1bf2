// The toy's rules and words (tests/toy_room/toy_room.h).
#include "toy_room.h"

#include <cctype>

#include "checker/room_invariants.h"
#include "engine/room_steps.h"
#include "engine/room_words.h"

namespace toy {

using namespace carcheck;

namespace {

// `expect bells <colour> N`: a colour, then a count.
std::optional<std::string> bells_args(std::span<const std::string> args, size_t& at) {
  if (args.empty()) {
    at = 0;
    return std::string("expected a colour and how often its player rang: bells <colour> N");
  }
  if (colour_word_index(args[0]) < 0) {
    at = 0;
    std::string words;
    for (const ColourWord& w : kColourWords) words.append(words.empty() ? "" : ", ").append(w.word);
    return "expected a colour (" + words + "), found '" + args[0] + "'";
  }
  if (args.size() < 2) {
    at = args.size();
    return std::string("expected how often the player rang after the colour: bells <colour> N");
  }
  for (char c : args[1])
    if (!std::isdigit(static_cast<unsigned char>(c)) || args[1].size() > 3) {
      at = 1;
      return "expected how often the player rang, a number, found '" + args[1] + "'";
    }
  if (args.size() > 2) {
    at = 2;
    return "expected the end of the line after the count, found '" + args[2] + "'";
  }
  return std::nullopt;
}

RoomVerdict bells_check(const State& s, std::span<const std::string> args) {
  const int colour = s.game().colour_by_name(args[0]);
  const std::string expected = args[1];
  if (colour < 0 || colour >= s.game().colours() || s.game().owner(colour) < 0)
    return {false, expected, args[0] + " is not in play"};
  const int rung = bells_rung(s, s.game().owner(colour));
  return {std::to_string(rung) == expected, expected, std::to_string(rung)};
}

// Each player rings at most once: their bells are 0 or kBellPoints points.
std::optional<std::string> bells_once(const State& s, const BoardCounts&) {
  const std::optional<FeatureClass> bells = score_class_by_word("bells");
  if (!bells) return std::nullopt;
  int rung = 0;
  for (int p = 0; p < s.score_count(); ++p) {
    const int points = s.score(p).points(*bells);
    if (points != 0 && points != kBellPoints)
      return "toy: player " + std::to_string(p + 1) + " holds " + std::to_string(points) +
             " points of bells: the bell is rung once a game, for " + std::to_string(kBellPoints);
    rung += points / kBellPoints;
  }
  if (rung > s.game().players()) return std::string("toy: more bells rung than players");
  return std::nullopt;
}

ToyIds make_ids() {
  RoomWords w;
  w.room = "toy-bell";
  w.phases = {"bell"};
  w.actions = {RoomAction{"ring", false, false, RoomField::None}};
  w.events = {RoomEvent{"bell-rung", "player", "points", "", false, true}};
  w.score_classes = {RoomScoreClass{"bells", "bells"}};
  w.expectations = {RoomExpectation{"bells", bells_args, bells_check}};
  const RoomIds& ids = register_room_words(w);
  register_room_invariant(RoomInvariant{"toy: a bell once a player", bells_once});
  register_add_on("bell", [] { return std::make_shared<const BellAddOn>(); });
  return ToyIds{ids.phases[0], ids.actions[0], ids.events[0], ids.score_classes[0]};
}

}  // namespace

const ToyIds& register_toy_room() {
  static const ToyIds ids = make_ids();
  return ids;
}

int bells_rung(const State& s, int player) {
  return s.score(player).points(register_toy_room().bells) / kBellPoints;
}

namespace {

bool may_ring(const State& s, bool broken) {
  return broken || bells_rung(s, s.active_player()) == 0;
}

}  // namespace

void offer_ring_or_pass(const State& s, bool broken, ActionList& out) {
  Action ring;
  ring.kind = register_toy_room().ring;
  if (may_ring(s, broken)) out.push(ring);
  Action pass;
  pass.kind = ActionKind::Pass;
  out.push(pass);
}

std::optional<std::string> ring_or_pass(State& s, const Action& a, bool broken) {
  const ToyIds& ids = register_toy_room();
  if (s.phase() != ids.bell)
    return std::string("no bell can be rung now (") + phase_name(s.phase()) + ")";
  if (a.kind == ActionKind::Pass) return std::nullopt;
  if (a.kind != ids.ring) return std::string("the bell phase takes ring, or pass");
  if (!may_ring(s, broken)) return std::string("the bell is rung once a game");
  Action plain;
  plain.kind = ids.ring;
  if (!(a == plain)) return std::string("ring takes nothing more");
  const int player = s.active_player();
  RoomSteps::award(s, player, ids.bells, kBellPoints);
  Event e;
  e.kind = ids.rung;
  e.who = static_cast<int8_t>(player);
  e.value = kBellPoints;
  RoomSteps::emit(s, e);
  return std::nullopt;
}

bool BellRules::may_ring(const State& s) const { return toy::may_ring(s, broken_); }

void BellRules::after_meeple(State& s) const {
  if (may_ring(s)) {
    RoomSteps::set_phase(s, register_toy_room().bell);
    return;
  }
  CompetitiveRules::after_meeple(s);  // the turn's scoring, then the next turn
}

void BellRules::legal(const State& s, ActionList& out) const {
  if (s.phase() != register_toy_room().bell) return CompetitiveRules::legal(s, out);
  offer_ring_or_pass(s, broken_, out);  // the phase opens only when the player may ring
}

std::optional<std::string> BellRules::apply(State& s, const Action& a) const {
  const ToyIds& ids = register_toy_room();
  if (a.kind != ids.ring && s.phase() != ids.bell) return CompetitiveRules::apply(s, a);
  if (auto why = ring_or_pass(s, a, broken_)) return why;
  CompetitiveRules::after_meeple(s);
  return std::nullopt;
}

bool BellRules::takes_pass(Phase p) const { return p == register_toy_room().bell; }

// ---- The add-on ----------------------------------------------------------------------------

bool BellAddOn::combines_with(Family f) const { return f == Family::Base || f == Family::Bcb; }

uint32_t BellAddOn::hooks() const { return add_on_hooks::kAfterMeeple | add_on_hooks::kDecisions; }

bool BellAddOn::after_meeple(State& s, const ChainRest&) const {
  if (!toy::may_ring(s, false)) return false;  // the chain goes on: the turn is scored
  RoomSteps::set_phase(s, register_toy_room().bell);
  return true;
}

bool BellAddOn::owns(Phase p) const { return p == register_toy_room().bell; }
bool BellAddOn::owns(ActionKind k) const { return k == register_toy_room().ring; }

void BellAddOn::legal(const State& s, ActionList& out) const { offer_ring_or_pass(s, false, out); }

std::optional<std::string> BellAddOn::apply(State& s, const Action& a,
                                            const ChainRest& rest) const {
  if (auto why = ring_or_pass(s, a, false)) return why;
  rest.after_meeple(s);  // the rooms after the bell, then the family's: score, next turn
  return std::nullopt;
}

}  // namespace toy
