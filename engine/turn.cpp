// The turn machine: setup, legal actions, apply. Competitive turns are draw, place, meeple,
// score (seed 001); Mists inserts its steps through mists.cpp.
#include <algorithm>

#include "engine/rules_impl.h"

namespace carcheck {

State::State(const Game& game, uint64_t seed) : game_(&game), seed_(seed), rng_(seed) {
  const int max_cells = game.max_cells() + 8;
  grid_dim_ = 2 * max_cells + 7;
  grid_origin_ = grid_dim_ / 2;
  grid_.assign(static_cast<size_t>(grid_dim_) * static_cast<size_t>(grid_dim_), -1);
  space_needs_.assign(grid_.size(), 0);
  cells_.reserve(static_cast<size_t>(max_cells));
  frontier_.reserve(2 * static_cast<size_t>(max_cells) + 2);  // a connected board's rim
  nodes_.assign(static_cast<size_t>(max_cells) * kNodesPerCell, RegionNode{});
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
      meeples_.push_back(m);
    }
  if (game.is_mists()) {
    Rules::mists_setup(*this);
  } else {
    scores_.assign(static_cast<size_t>(game.players()), Score{});
    // first-player (seed 001 fn 3, seed 002 fn 1): the youngest player (default) and "the
    // players agree" both seat the starting player as player 1 (a spec seats another with
    // setup_active_player); the house rule draws the starting player at random.
    if (game.switches().first_player == FirstPlayer::Random)
      player_ = static_cast<int>(rng_.below(static_cast<uint32_t>(game.players())));
  }
  phase_ = Phase::Draw;
  Rules::enter_draw(*this);
}

int State::meeples_in_supply(int colour) const {
  int n = 0;
  for (const Meeple& m : meeples_) n += m.colour == colour && m.cell < 0 && !m.buried && m.in_play;
  return n;
}

int State::ghosts_on_board() const {
  int n = 0;
  for (const PlacedCell& c : cells_) n += c.ghost_total();
  return n;
}

int State::tiles_remaining() const {
  int n = 0;
  for (const auto& p : piles_) n += static_cast<int>(p.size());
  return n;
}

int State::shared_score() const { return game_->is_mists() ? Rules::track_score(*this) : 0; }

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
  if (s.game_->is_mists())
    emit(s, won ? EventKind::GameWon : EventKind::GameLost, FeatureClass::None, -1, 0, 0,
         track_score(s), static_cast<int>(r));
  else
    emit(s, EventKind::GameEnded, FeatureClass::None, -1, 0, 0, 0, static_cast<int>(r));
}

// Competitive games end when no tile is left to draw: final scoring, then over.
void Rules::enter_draw(State& s) {
  s.phase_ = Phase::Draw;
  if (s.game_->is_mists()) {  // an empty pile may lose the game (mists.cpp)
    take_tile(s, false);
    return;
  }
  if (s.tiles_remaining() == 0) {
    final_scoring(s);
    finish_game(s, EndReason::AllTilesPlayed, false);
  }
}

void Rules::end_turn(State& s) {
  ++s.turn_;
  s.player_ = (s.player_ + 1) % s.game_->players();
  s.meeple_placed_ = false;
  s.drawn_ = -1;
  enter_draw(s);
}

// Competitive: after the meeple step, score everything the tile finished, then end the turn.
void Rules::advance(State& s) {
  if (s.game_->is_mists()) {
    while (s.phase_ != Phase::Over && mists_step(s) == Flow::Continue) {
    }
    return;
  }
  for (const PendingScore& p : s.pending_) {
    emit(s, EventKind::FeatureFinished, p.feature);
    score_competitive(s, p, false);
  }
  s.pending_.clear();
  end_turn(s);
}

namespace {

int colour_choices(const State& s, int player, std::array<int, kMaxColours>& out) {
  int n = 0;
  for (int c = 0; c < s.game().colours(); ++c)
    if (s.game().owner(c) == player && s.meeples_in_supply(c) > 0)
      out[static_cast<size_t>(n++)] = c;
  return n;
}

}  // namespace

void State::legal_actions(ActionList& out) const {
  out.size = 0;
  switch (phase_) {
    case Phase::Draw:
    case Phase::FaceDownDraw: {
      // One draw per distinct tile, in pile order; the list itself remembers what is seen
      // (a pile holds a few dozen tiles), so nothing is allocated here.
      const auto& pile = piles_[static_cast<size_t>(active_pile_)];
      for (TileId t : pile) {
        bool seen = false;
        for (int i = 0; i < out.size && !seen; ++i)
          seen = out.items[static_cast<size_t>(i)].tile == t;
        if (seen) continue;
        Action a;
        a.kind = ActionKind::Draw;
        a.tile = t;
        out.push(a);
      }
      return;
    }
    case Phase::Place:
      Rules::legal_placements(*this, drawn_, out);
      return;
    case Phase::Meeple: {
      Action pass;
      pass.kind = ActionKind::Pass;
      out.push(pass);
      std::array<int, kMaxColours> colours{};
      int nc = colour_choices(*this, player_, colours);
      const CellFace& f = face(new_cell_);
      for (int i = 0; i < f.n_segments; ++i) {
        if (!Rules::meeple_allowed(*this, i)) continue;
        for (int k = 0; k < nc; ++k) {
          Action a;
          a.kind = ActionKind::Meeple;
          a.seg = static_cast<int8_t>(i);
          a.colour = static_cast<int8_t>(colours[static_cast<size_t>(k)]);
          out.push(a);
        }
      }
      return;
    }
    case Phase::Over:
      return;
    default:
      Rules::mists_legal(*this, out);
  }
}

std::optional<std::string> State::apply(const Action& a) {
  events_.clear();
  if (phase_ == Phase::Over) return "the game is over";
  std::optional<std::string> err;
  switch (a.kind) {
    case ActionKind::Draw: {
      if (!is_chance())
        return std::string("no tile is to be drawn now (") + phase_name(phase_) + ")";
      auto& pile = piles_[static_cast<size_t>(active_pile_)];
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
      pile.pop_back();
      Action rec = a;
      rec.tile = t;
      history_.push_back(rec);
      Rules::on_draw(*this, t);
      return std::nullopt;
    }
    case ActionKind::Place: {
      if (phase_ != Phase::Place)
        return std::string("no tile is to be placed now (") + phase_name(phase_) + ")";
      if (auto why = Rules::placement_problem(*this, drawn_, a.x, a.y, a.rot)) return why;
      bool extended = false;
      new_cell_ = Rules::place_tile(*this, drawn_, a.x, a.y, a.rot, &extended);
      history_.push_back(a);
      Rules::emit(*this, EventKind::TilePlaced, FeatureClass::None, player_, a.x, a.y, drawn_,
                  a.rot);
      if (game_->is_mists()) {
        Rules::mists_after_place(*this, extended);
      } else {
        Rules::collect_finished(*this, new_cell_, false);
        phase_ = Phase::Meeple;
      }
      return std::nullopt;
    }
    case ActionKind::Pass:
    case ActionKind::Meeple: {
      if (phase_ != Phase::Meeple)
        return std::string("no meeple can be placed now (") + phase_name(phase_) + ")";
      if (a.kind == ActionKind::Meeple) {
        if (auto why = Rules::meeple_problem(*this, a)) return why;
        Rules::put_meeple(*this, a.colour, new_cell_, a.seg);
      }
      history_.push_back(a);
      Rules::after_meeple(*this);
      return std::nullopt;
    }
    default:
      if (!game_->is_mists()) return "that action belongs to Mists over Carcassonne";
      err = Rules::mists_apply(*this, a);
      if (!err) history_.push_back(a);
      return err;
  }
}

void State::apply_random_draw() {
  auto& pile = piles_[static_cast<size_t>(active_pile_)];
  if (pile.empty()) return;
  // The pile was shuffled at setup: the top tile is a uniform draw.
  Action a;
  a.kind = ActionKind::Draw;
  a.tile = pile.back();
  apply(a);
}

// A drawn tile: shown, then placed; one that fits nowhere is handled by the rule set.
void Rules::on_draw(State& s, TileId t) {
  emit(s, EventKind::TileDrawn, FeatureClass::None, s.player_, 0, 0, t);
  s.drawn_ = t;
  if (s.game_->is_mists() && (s.game_->switches().pile_end_timing == PileEndTiming::OnLastDraw) &&
      s.piles_[static_cast<size_t>(s.active_pile_)].empty()) {
    // pile-end-timing=on-last-draw: the pile is out the moment its last tile is drawn, the
    // face-down tile of Levels 5-6 included.
    bool last_pile = s.active_pile_ + 1 >= static_cast<int>(s.piles_.size());
    if (last_pile) {
      finish_game(s, EndReason::TilesExhausted, false);
      return;
    }
    if (s.thresholds_passed_ <= s.active_pile_ &&
        !(s.game_->switches().pile_threshold_loss == PileThresholdLoss::Continue)) {
      finish_game(s, EndReason::PileBelowThreshold, false);
      return;
    }
  }
  if (s.phase_ == Phase::FaceDownDraw) {
    s.phase_ = Phase::FaceDown;
    mists_face_down_drawn(s);
    return;
  }
  if (placeable_anywhere(s, t)) {
    s.phase_ = Phase::Place;
    return;
  }
  emit(s, EventKind::TileSetAside, FeatureClass::None, s.player_, 0, 0, t);
  if (s.game_->is_mists()) {
    mists_unplaceable(s, t);
    return;
  }
  // Base game and demo: removed from the game and another drawn (base-unplaceable-tile).
  if ((s.game_->switches().base_unplaceable_tile == BaseUnplaceableTile::BackInPile) &&
      s.tiles_remaining() > 0) {
    auto& pile = s.piles_[static_cast<size_t>(s.active_pile_)];
    pile.insert(pile.begin() + s.rng_.below(static_cast<uint32_t>(pile.size() + 1)), t);
    // A tile that fits nowhere now may never fit: once every tile left is unplaceable the
    // game ends instead of looping.
    bool any = false;
    for (TileId u : pile) any = any || placeable_anywhere(s, u);
    if (!any) {
      for (TileId u : pile) s.set_aside_.push_back(u);
      pile.clear();
    }
  } else {
    s.set_aside_.push_back(t);
  }
  s.drawn_ = -1;
  enter_draw(s);
}

// Follower placement (seed 001): only on the new tile, on a feature nobody occupies
// anywhere, farmers only where the rule set has them. Mists restricts further (mists.cpp).
bool Rules::meeple_allowed(const State& s, int seg) {
  const CellFace& f = s.face(s.new_cell_);
  const Segment& g = f.segments[seg];
  if (s.game_->is_mists()) return mists_meeple_allowed(s, seg);
  switch (g.kind) {
    case SegmentKind::Field:
      if (!s.game_->rules().farmers) return false;
      [[fallthrough]];
    case SegmentKind::Road:
    case SegmentKind::City:
      return s.nodes_[static_cast<size_t>(find_const(s, node_of(s.new_cell_, seg)))].meeples == 0;
    case SegmentKind::Monastery:
      return true;  // nothing connects to a monastery
    default:
      return false;
  }
}

std::optional<std::string> Rules::meeple_problem(const State& s, const Action& a) {
  const CellFace& f = s.face(s.new_cell_);
  if (a.seg < 0 || a.seg >= f.n_segments) return "the new tile has no such feature";
  if (a.colour < 0 || a.colour >= s.game_->colours()) return "no such colour in play";
  if (s.game_->owner(a.colour) != s.player_)
    return std::string(kColourNames[a.colour]) + " is not a colour of the active player";
  if (s.meeples_in_supply(a.colour) == 0)
    return std::string("no ") + kColourNames[a.colour] + " meeple is left in supply";
  if (!meeple_allowed(s, a.seg)) {
    if (s.game_->is_mists()) return meeple_refusal(s, a.seg);
    // Base game and demo (seed 001 "Plasează un supus", seed 002): no farmers where the rule
    // set has none; otherwise someone stands on the connected feature, however far away.
    const Segment& g = f.segments[a.seg];
    if (g.kind == SegmentKind::Field && !s.game_->rules().farmers)
      return "this rule set has no farmers (followers are thieves, knights and monks only)";
    if (g.kind != SegmentKind::Road && g.kind != SegmentKind::City && g.kind != SegmentKind::Field)
      return std::string("a follower never goes on a ") + segment_kind_name(g.kind);
    std::string what = g.kind == SegmentKind::Field ? "farm" : segment_kind_name(g.kind);
    return "the " + what + " is already occupied (a follower stands on the connected " + what +
           ", however far away)";
  }
  return std::nullopt;
}

void Rules::put_meeple(State& s, int colour, int cell, int seg) {
  for (Meeple& m : s.meeples_)
    if (m.colour == colour && m.cell < 0 && !m.buried && m.in_play) {
      m.cell = static_cast<int16_t>(cell);
      m.seg = static_cast<int8_t>(seg);
      const CellFace& f = s.face(cell);
      SegmentKind k = f.segments[seg].kind;
      if (k == SegmentKind::Road || k == SegmentKind::City || k == SegmentKind::Field)
        ++s.nodes_[static_cast<size_t>(find(s, node_of(cell, seg)))].meeples;
      s.meeple_placed_ = true;
      const PlacedCell& pc = s.cells_[static_cast<size_t>(cell)];
      emit(s, EventKind::MeeplePlaced, FeatureClass::None, colour, pc.x, pc.y, seg);
      return;
    }
}

void Rules::after_meeple(State& s) {
  if (s.game_->is_mists()) {
    s.step_ = kStepScore;
    advance(s);
    return;
  }
  advance(s);
}

}  // namespace carcheck
