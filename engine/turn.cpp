// The turn machine: setup, legal actions, apply. A turn is draw, place, meeple; every step
// that differs between rule systems is a hook of the game's room (engine/rule_system.h).
#include <algorithm>
#include <stdexcept>

#include "engine/rules_impl.h"
#include "engine/testing_hooks.h"

namespace carcheck {

State::State(const Game& game, uint64_t seed) : game_(&game), seed_(seed), rng_(seed) {
  const int max_cells = game.max_cells() + 8;
  grid_dim_ = 2 * max_cells + 7;
  grid_origin_ = grid_dim_ / 2;
  grid_ = GridPlane<int16_t, -1>(grid_dim_);  // nothing written yet: occupy() widens the band
  space_needs_ = GridPlane<uint16_t, 0>(grid_dim_);
  cells_.reserve(static_cast<size_t>(max_cells));
  frontier_.reserve(2 * static_cast<size_t>(max_cells) + 2);  // a connected board's rim
  frontier_at_.reserve(frontier_.capacity());
  frontier_code_.reserve(frontier_.capacity());
  nodes_.reserve(static_cast<size_t>(node_count(max_cells)));  // place_tile() adds a cell's
  history_.reserve(static_cast<size_t>(max_cells) * 8);
  events_.reserve(256);

  // The supply: every copy but the start tile, shuffled (Fisher-Yates on our own generator).
  std::vector<TileId> all;
  all.reserve(static_cast<size_t>(game.max_cells()));
  for (size_t i = 0; i < game.tiles().size(); ++i) {
    int copies = game.tiles()[i].count - (game.tiles()[i].start ? 1 : 0);
    for (int k = 0; k < copies; ++k) all.push_back(static_cast<TileId>(i));
  }
  for (size_t i = all.size(); i > 1; --i)
    std::swap(all[i - 1], all[rng_.below(static_cast<uint32_t>(i))]);
  const RuleSet& r = game.rules();
  piles_.reserve(static_cast<size_t>(std::max(1, r.piles)));
  if (r.piles > 1) {
    for (int p = 0; p < r.piles; ++p) {
      auto from = all.begin() +
                  std::min<long>(static_cast<long>(all.size()), static_cast<long>(p) * r.pile_size);
      auto to = p == r.piles - 1
                    ? all.end()
                    : all.begin() + std::min<long>(static_cast<long>(all.size()),
                                                   static_cast<long>(p + 1) * r.pile_size);
      piles_.emplace_back(from, to);
    }
  } else {
    piles_.push_back(std::move(all));
  }
  Rules::place_tile(*this, game.start_tile(), 0, 0, 0, nullptr);

  meeples_.reserve(static_cast<size_t>(game.colours() * game.meeples_per_colour()));
  for (int c = 0; c < game.colours(); ++c)
    for (int k = 0; k < game.meeples_per_colour(); ++k) {
      Meeple m;
      m.colour = static_cast<int8_t>(c);
      if (k >= game.meeples_per_colour() - game.large_per_colour()) m.weight = 2;
      meeples_.push_back(m);
    }
  for (int c = 0; c < game.colours(); ++c) nth(supply_, c) = game.meeples_per_colour();
  game.rule_system().setup(*this);
  if (phase_ != Phase::Draw) return;  // a decision of the room's set-up first
  Rules::enter_draw(*this);
}

int State::meeples_in_supply(int colour) const {
  return colour >= 0 && colour < kMaxColours ? nth(supply_, colour) : 0;
}

int State::tiles_remaining() const {
  int n = 0;
  for (const auto& p : piles_) n += static_cast<int>(p.size());
  return n;
}

bool State::tiles_left() const {
  if (active_pile_ < static_cast<int>(piles_.size()) && !nth(piles_, active_pile_).empty())
    return true;
  for (const auto& p : piles_)
    if (!p.empty()) return true;
  return false;
}

int State::shared_score() const { return game_->rule_system().shared_score(*this); }

void Rules::emit(State& s, EventKind k, FeatureClass f, int who, int x, int y, int value,
                 int extra) {
  Event e;
  e.kind = k;
  e.feature = f;
  e.who = static_cast<int8_t>(who);
  e.x = static_cast<int16_t>(x);
  e.y = static_cast<int16_t>(y);
  e.value = static_cast<int16_t>(value);
  e.extra = static_cast<int16_t>(extra);
  s.events_.push_back(e);
}

void Rules::finish_game(State& s, EndReason r, bool won) {
  s.end_reason_ = r;
  s.won_ = won;
  s.phase_ = Phase::Over;
  s.game_->rule_system().game_over(s, r, won);
}

void Rules::enter_draw(State& s) {
  s.phase_ = Phase::Draw;
  s.game_->rule_system().draw_due(s);
}

void Rules::end_turn(State& s) {
  ++s.turn_;
  s.player_ = (s.player_ + 1) % s.game_->players();
  s.drawn_ = -1;
  enter_draw(s);
}

namespace {

// The meeples the player may put down: per colour ascending, a normal follower while one is
// in its supply, then the large one while it is (kinds: the Meeple action's count).
struct MeepleChoices {
  std::array<int8_t, 2 * kMaxColours> colour{};
  std::array<int8_t, 2 * kMaxColours> kind{};
  int n = 0;
};
void meeple_choices(const State& s, int player, MeepleChoices& out) {
  const bool large = s.game().large_per_colour() > 0;
  for (int c = 0; c < s.game().colours(); ++c) {
    const int in_supply = s.meeples_in_supply(c);
    if (in_supply == 0 || s.game().owner(c) != player) continue;
    const int big = large ? Rules::large_in_supply(s, c) : 0;
    if (in_supply > big) {
      nth(out.colour, out.n) = static_cast<int8_t>(c);
      nth(out.kind, out.n++) = 0;
    }
    if (big > 0) {
      nth(out.colour, out.n) = static_cast<int8_t>(c);
      nth(out.kind, out.n++) = kMeepleLarge;
    }
  }
}

}  // namespace

void State::legal_actions(ActionList& out) const {
  out.size = 0;
  switch (phase_) {
    case Phase::Draw:
      return Rules::legal_draws(*this, out);
    case Phase::Place:
      Rules::legal_placements(*this, drawn_, out);
      return;
    case Phase::Meeple: {
      Action pass;
      pass.kind = ActionKind::Pass;
      out.push(pass);
      MeepleChoices choices;
      meeple_choices(*this, player_, choices);
      const int nc = choices.n;
      const CellFace& f = face(new_cell_);
      // The new cell's segments, then the one a room added (a BCB bridge) when it has one;
      // none without a meeple.
      const bool added = nth(cells_, new_cell_).added != 0;
      for (int i = 0; nc > 0 && (i < f.n_segments || (added && i <= kAddedSeg)); ++i) {
        if (i >= f.n_segments) i = kAddedSeg;
        // Written, then kept or not: whether a segment takes a meeple is not predictable.
        if (out.size + nc > kMaxActions) out.overflow();
        for (int k = 0; k < nc; ++k) {
          Action a;
          a.kind = ActionKind::Meeple;
          a.seg = static_cast<int8_t>(i);
          a.colour = nth(choices.colour, k);
          a.count = nth(choices.kind, k);
          std::construct_at(out.items + out.size + k, a);
        }
        out.size += Rules::meeple_allowed(*this, i) ? nc : 0;
      }
      return;
    }
    case Phase::Over:
      return;
    default:  // a room's phase: its own draw (a chance node), or its own decisions
      if (game_->rule_system().chance_phase(phase_)) return Rules::legal_draws(*this, out);
      game_->rule_system().legal(*this, out);
  }
}

// One draw per distinct tile, in pile order; the list itself remembers what is seen (a pile
// holds a few dozen tiles), so nothing is allocated here.
void Rules::legal_draws(const State& s, ActionList& out) {
  const auto& pile = nth(s.piles_, s.active_pile_);
  for (TileId t : pile) {
    bool seen = false;
    for (int i = 0; i < out.size && !seen; ++i) seen = nth(out.items, i).tile == t;
    if (seen) continue;
    Action a;
    a.kind = ActionKind::Draw;
    a.tile = t;
    out.push(a);
  }
}

// A refusal leaves the state as it was, the last action's events included (found by
// fuzz/fuzz_engine.cpp): they wait in events_before_ (a swap, no allocation) until `a` is taken.
std::optional<std::string> State::apply(const Action& a) {
  events_before_.swap(events_);
  events_.clear();
  std::optional<std::string> why = perform(a);
  if (why) events_.swap(events_before_);
  return why;
}

namespace {

// apply_legal() was handed an action its list never held.
[[noreturn]] void refused_listed(const std::string& why) {
  throw std::logic_error("apply_legal: a listed action was refused: " + why);
}

}  // namespace

void State::apply_legal(const Action& a) {
  events_.clear();
  // The turn's usual steps directly (no reason to build or return); a build without NDEBUG
  // makes apply()'s checks first. Anything else goes through perform(), whose refusal (the
  // room's own checks) is reported.
  if (a.kind == ActionKind::Place && a.count == 0 && phase_ == Phase::Place) {
#ifndef NDEBUG
    if (auto why = Rules::placement_problem(*this, drawn_, a.x, a.y, a.rot)) refused_listed(*why);
#endif
    take_place(a);
  } else if ((a.kind == ActionKind::Meeple || a.kind == ActionKind::Pass) &&
             phase_ == Phase::Meeple) {
#ifndef NDEBUG
    if (a.kind == ActionKind::Meeple)
      if (auto why = Rules::meeple_problem(*this, a)) refused_listed(*why);
#endif
    take_meeple(a);
  } else if (auto why = perform(a)) {
    refused_listed(*why);
  }
}

void State::take_draw(const Action& a) {
  Action rec = a;
  rec.tile = nth(piles_, active_pile_).back();
  nth(piles_, active_pile_).pop_back();
  history_.push_back(rec);
  Rules::on_draw(*this, rec.tile);
}

void State::take_place(const Action& a) {
  bool extended = false;
  new_cell_ = Rules::place_tile(*this, drawn_, a.x, a.y, a.rot, &extended);
  history_.push_back(a);
  Rules::emit(*this, EventKind::TilePlaced, FeatureClass::None, player_, a.x, a.y, drawn_, a.rot);
  game_->rule_system().after_place(*this, extended);
}

void State::take_meeple(const Action& a) {
  if (a.kind == ActionKind::Meeple)
    Rules::put_meeple(*this, a.colour, new_cell_, a.seg, a.count == kMeepleLarge);
  history_.push_back(a);
  Rules::after_meeple(*this);
}

std::optional<std::string> State::perform(const Action& a) {
  if (phase_ == Phase::Over) return "the game is over";
  std::optional<std::string> err;
  switch (a.kind) {
    case ActionKind::Draw: {
      if (!is_chance())
        return std::string("no tile is to be drawn now (") + phase_name(phase_) + ")";
      auto& pile = nth(piles_, active_pile_);
      TileId t = a.tile;
      if (t < 0) {
        if (pile.empty()) return "the pile is empty";
        t = pile.back();
      }
      auto it = std::find(pile.rbegin(), pile.rend(), t);
      if (it == pile.rend())
        return "tile '" +
               (t < static_cast<TileId>(game_->tiles().size()) ? game_->tile(t).name : "?") +
               "' is not in the " + (piles_.size() > 1 ? "active pile" : "supply");
      std::iter_swap(it, pile.rbegin());  // a forced draw takes that tile from the top
      take_draw(a);
      return std::nullopt;
    }
    case ActionKind::Place: {
      if (phase_ != Phase::Place)
        return std::string("no tile is to be placed now (") + phase_name(phase_) + ")";
      if (a.count != 0) {  // a placement carrying the room's extra (BCB: a bridge)
        err = game_->rule_system().place_with(*this, a);
        if (!err) history_.push_back(a);
        return err;
      }
      if (auto why = Rules::placement_problem(*this, drawn_, a.x, a.y, a.rot)) return why;
      take_place(a);
      return std::nullopt;
    }
    case ActionKind::Pass:
    case ActionKind::Meeple: {
      // A pass in a phase of the room's own that it answers (BCB: no bridge, no castle, no
      // higher bid).
      if (a.kind == ActionKind::Pass && in_room_phase() &&
          game_->rule_system().takes_pass(phase_)) {
        err = game_->rule_system().apply(*this, a);
        if (!err) history_.push_back(a);
        return err;
      }
      if (phase_ != Phase::Meeple)
        return std::string("no meeple can be placed now (") + phase_name(phase_) + ")";
      if (a.kind == ActionKind::Meeple)
        if (auto why = Rules::meeple_problem(*this, a)) return why;
      take_meeple(a);
      return std::nullopt;
    }
    default:
      err = game_->rule_system().apply(*this, a);
      if (!err) history_.push_back(a);
      return err;
  }
}

void State::apply_random_draw() {
  auto& pile = nth(piles_, active_pile_);
  if (pile.empty()) return;
  // The pile was shuffled at setup: the top tile is a uniform draw.
  Action a;
  a.kind = ActionKind::Draw;
  a.tile = pile.back();
  events_.clear();
  if (is_chance())
    take_draw(a);  // the top tile: nothing to look for
  else
    perform(a);  // refused, as apply() would
  if (testing::break_rule == testing::BrokenRule::DrawStepsTheGenerator) rng_.next();  // tests only
}

// A drawn tile: shown, then placed; the room may take the turn over (a face-down tile, the
// last draw) or decide what becomes of a tile that fits nowhere.
void Rules::on_draw(State& s, TileId t) {
  emit(s, EventKind::TileDrawn, FeatureClass::None, s.player_, 0, 0, t);
  s.drawn_ = t;
  const RuleSystem& rs = s.game_->rule_system();
  if (rs.drawn(s, t)) return;
  if (placeable_anywhere(s, t)) {
    s.phase_ = Phase::Place;
    return;
  }
  emit(s, EventKind::TileSetAside, FeatureClass::None, s.player_, 0, 0, t);
  rs.unplaceable(s, t);
}

bool Rules::meeple_allowed(const State& s, int seg) {
  return s.game_->rule_system().meeple_allowed(s, seg);
}

std::optional<std::string> Rules::meeple_problem(const State& s, const Action& a) {
  const CellFace& f = s.face(s.new_cell_);
  const bool on_added = a.seg == kAddedSeg && nth(s.cells_, s.new_cell_).added != 0;
  if ((a.seg < 0 || a.seg >= f.n_segments) && !on_added) return "the new tile has no such feature";
  if (a.colour < 0 || a.colour >= s.game_->colours()) return "no such colour in play";
  if (s.game_->owner(a.colour) != s.player_)
    return std::string(s.game_->colour_name(a.colour)) + " is not a colour of the active player";
  if (s.meeples_in_supply(a.colour) == 0)
    return std::string("no ") + s.game_->colour_name(a.colour) + " meeple is left in supply";
  if (a.count != 0 || s.game_->large_per_colour() > 0) {
    const int large = large_in_supply(s, a.colour);
    if (a.count == kMeepleLarge && s.game_->large_per_colour() == 0)
      return "this rule set has no large followers";
    if (a.count != 0 && a.count != kMeepleLarge) return "no such kind of follower";
    if (a.count == kMeepleLarge && large == 0)
      return std::string("the ") + s.game_->colour_name(a.colour) +
             " large follower is not in supply";
    if (a.count == 0 && s.meeples_in_supply(a.colour) == large)
      return std::string("no normal ") + s.game_->colour_name(a.colour) +
             " follower is left in supply (only the large one)";
  }
  if (!meeple_allowed(s, a.seg)) return s.game_->rule_system().meeple_refusal(s, a.seg);
  return std::nullopt;
}

int Rules::large_in_supply(const State& s, int colour) {
  const Game& g = *s.game_;
  if (g.large_per_colour() == 0) return 0;
  // Each colour's meeples are consecutive (State::State).
  const int first = colour * g.meeples_per_colour();
  int n = 0;
  for (int i = first; i < first + g.meeples_per_colour(); ++i) {
    const Meeple& m = nth(s.meeples_, i);
    n += m.weight == 2 && m.cell < 0 && m.in_play;
  }
  return n;
}

void Rules::put_meeple(State& s, int colour, int cell, int seg, bool large) {
  const uint8_t weight = large ? 2 : 1;
  for (Meeple& m : s.meeples_)
    if (m.colour == colour && m.cell < 0 && m.in_play && m.weight == weight) {
      --nth(s.supply_, colour);
      m.cell = static_cast<int16_t>(cell);
      m.seg = static_cast<int8_t>(seg);
      if (large && testing::break_rule == testing::BrokenRule::LargeFollowerShrinks)
        m.weight = 1;  // tests only
      SegmentKind k = segment_kind(s, cell, seg);
      if (k == SegmentKind::Road || k == SegmentKind::City || k == SegmentKind::Field)
        ++nth(s.nodes_, find(s, segment_node(cell, seg))).meeples;
      const PlacedCell& pc = nth(s.cells_, cell);
      emit(s, EventKind::MeeplePlaced, FeatureClass::None, colour, pc.x, pc.y, seg);
      return;
    }
}

SegmentKind Rules::segment_kind(const State& s, int cell, int seg) {
  if (seg == kAddedSeg && nth(s.cells_, cell).added)
    return s.game_->rule_system().added_segment_kind(s, cell);
  return s.face(cell).segments[seg].kind;
}

void Rules::after_meeple(State& s) { s.game_->rule_system().after_meeple(s); }

}  // namespace carcheck
