// Mists over Carcassonne (seeds 004 and 000; reference/mists-rules.md): the cooperative
// turn after a tile is placed — mist banks (1b), cemeteries (1c), ghosts (2a), meeples (2b),
// cooperative scoring with ghost removal (3a), hounds and piles (3b), haunted cemeteries
// and face-down tiles (3c). A decision with a single option resolves itself. The room
// (MistsRules, engine/rule_system.h) hands the turn machine's hooks to these steps.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>

#include "engine/rules_impl.h"
#include "engine/testing_hooks.h"

namespace carcheck {

namespace {

using Flow = Rules::Flow;

Action make(ActionKind k, int x = 0, int y = 0, int count = 0, int meeple = -1, int colour = -1) {
  Action a;
  a.kind = k;
  a.x = static_cast<int16_t>(x);
  a.y = static_cast<int16_t>(y);
  a.count = static_cast<int8_t>(count);
  a.meeple = static_cast<int16_t>(meeple);
  a.colour = static_cast<int8_t>(colour);
  return a;
}

Action make_choice(unsigned colours) {
  Action a;
  a.kind = ActionKind::ScoringMeeples;
  a.from = static_cast<uint16_t>(colours);
  return a;
}

bool is_cemetery(const State& s, int c) {
  if (s.cell(c).hidden) return false;
  const CellFace& f = s.face(c);
  return f.centre >= 0 && f.segments[f.centre].kind == SegmentKind::Cemetery;
}

// Calls f(cemetery) for the cemeteries in the 3x3 block around cell `c` (`c` included; with
// `orthogonal`, not the diagonal ones), row by row from the top, left to right in a row: the
// order a bury queue takes them in. Reads MistsState::cemeteries, not the 9 spaces.
template <typename F>
void for_cemeteries_around(const State& s, int c, bool orthogonal, F&& f) {
  std::array<int16_t, 9> at{};
  unsigned found = 0;
  const PlacedCell& pc = s.cell(c);
  for (int16_t k : s.mists().cemeteries) {
    const int dx = s.cell(k).x - pc.x, dy = s.cell(k).y - pc.y;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (orthogonal && dx && dy)) continue;
    const int bit = (dy + 1) * 3 + dx + 1;
    nth(at, bit) = k;
    found |= 1u << bit;
  }
  for (; found; found &= found - 1) f(static_cast<int>(nth(at, std::countr_zero(found))));
}

}  // namespace

// ---- The room: the hooks the turn machine calls ------------------------------------------------

namespace {

class MistsRules final : public RuleSystem {
 public:
  // Colours from the level's meeple table (one or two per player, four solo); Level 6 gives
  // three colours a scoring meeple (the team's choice at set-up), out of the players'
  // supplies with 3-5 players.
  Seating seat(const RuleSet& r, int players) const override {
    const MeepleSetup& m = r.meeples_for(players);
    Seating s;
    s.colours = m.colours;
    s.meeples_per_colour = m.meeples_per_colour;
    for (int c = 0; c < s.colours; ++c)
      s.owner.push_back(c / std::max(1, m.colours_per_player) % players);
    if (r.scoring == ScoringTracks::PerColour)
      s.scoring_from_supply = m.scorers_from_supply > 0;  // solo and 2 players: from the box
    return s;
  }
  void setup(State& s) const override { Rules::mists_setup(s); }
  // A tile comes from the active pile; an empty pile may lose the game.
  void draw_due(State& s) const override { Rules::take_tile(s, false); }
  bool drawn(State& s, TileId) const override { return Rules::mists_drawn(s); }
  void unplaceable(State& s, TileId t) const override { Rules::mists_unplaceable(s, t); }
  bool meeple_allowed(const State& s, int seg) const override {
    return Rules::mists_meeple_allowed(s, seg);
  }
  std::string meeple_refusal(const State& s, int seg) const override {
    return Rules::mists_meeple_refusal(s, seg);
  }
  void after_place(State& s, bool extended_bank) const override {
    Rules::mists_after_place(s, extended_bank);
  }
  void after_meeple(State& s) const override { Rules::mists_after_meeple(s); }
  void final_scoring(State&) const override {}  // none in Mists (Dized.MoC.0033)
  void game_over(State& s, EndReason r, bool won) const override {
    Rules::emit(s, won ? EventKind::GameWon : EventKind::GameLost, FeatureClass::None, -1, 0, 0,
                Rules::track_score(s), static_cast<int>(r));
  }
  int shared_score(const State& s) const override { return Rules::track_score(s); }
  bool cooperative() const override { return true; }
  // Roads, cities and castles only: never a field, mist or cemetery (FAQ.MoC.0002).
  FollowerSpots followers(const RuleSet&) const override {
    auto bit = [](SegmentKind k) { return 1u << static_cast<int>(k); };
    return {bit(SegmentKind::Road) | bit(SegmentKind::City) | bit(SegmentKind::Castle),
            "Mists: roads, cities and castles only, FAQ.MoC.0002"};
  }
  // A spec names a level, not the rule set: `rules mists level 3`.
  std::string spec_rules(const RuleSet& r) const override {
    return "mists level " + std::to_string(r.level);
  }
  void legal(const State& s, ActionList& out) const override { Rules::mists_legal(s, out); }
  std::optional<std::string> apply(State& s, const Action& a) const override {
    return Rules::mists_apply(s, a);
  }
  // Levels 5-6: the face-down tile is drawn like any other.
  bool chance_phase(Phase p) const override { return p == Phase::FaceDownDraw; }
  bool tracks_cells() const override { return true; }
  int feature_value(const State& s, const PendingScore& p, bool final_scoring) const override {
    if (p.feature == FeatureClass::Castle) return Rules::mists_castle_value(s, p.node);
    return RuleSystem::feature_value(s, p, final_scoring);
  }
  void cells_added(State& s, int first) const override { Rules::mists_cells_added(s, first); }
  // A face-down tile haunts the roads and cities that run into it (Dized.MoC.0019) and,
  // unless face-down-haunting=rules-text, the mist banks too.
  uint8_t hidden_seals(const Switches& sw) const override {
    return sw.face_down_haunting == FaceDownHaunting::RulesText ? kSealsFeatures
                                                                : kSealsFeatures | kSealsMist;
  }
  std::string hidden_only_refusal() const override {
    return "a tile next to a face-down tile must also share a side with a face-up tile";
  }
  bool centre_sealed(const State& s, int cell) const override {
    return Rules::mists_castle_haunted(s, cell);
  }
  bool own_centre_finished(const State& s, int cell) const override {
    const CellFace& f = s.face(cell);
    return f.segments[f.centre].kind == SegmentKind::Cemetery && Rules::cemetery_closed(s, cell);
  }
  void piles_passed(State& s, int pile) const override { Rules::mists_piles_passed(s, pile); }
};

}  // namespace

std::shared_ptr<const RuleSystem> mists_rules() {
  static const auto room = std::make_shared<const MistsRules>();
  return room;
}

// ---- Setup -----------------------------------------------------------------------------------

// Dized.MoC.0030, 0031.
int Rules::mists_castle_value(const State& s, int cell) {
  const PlacedCell& c = nth(s.cells_, cell);
  int misty = 1;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (!dx && !dy) continue;
      int nb = s.cell_at(c.x + dx, c.y + dy);
      if (nb >= 0 && !nth(s.cells_, nb).hidden && s.face(nb).mist_ports) ++misty;
    }
  return 2 * misty;
}

void Rules::mists_cells_added(State& s, int first) {
  s.mists_.cells_added(s.cells_.size());
  const bool table = !s.mists_.cells.empty();  // none before the room's set-up (all face up)
  for (int c = first; c < s.cells(); ++c) {
    const PlacedCell& pc = nth(s.cells_, c);
    // Its face-down neighbours among the 8 around, and it counted by its neighbours when face
    // down: against the cells before it only, each pair once (none before the first one).
    s.mists_.any_face_down = s.mists_.any_face_down || pc.hidden;
    if (table && s.mists_.any_face_down) {
      MistsCell& mc = nth(s.mists_.cells, c);
      const auto at = static_cast<ptrdiff_t>(s.grid_index(pc.x, pc.y));
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {  // the band holds the rows around a placed cell
          const int nb = s.grid_[static_cast<size_t>(at + dy * s.grid_dim_ + dx)];
          if (nb < 0 || nb >= c) continue;  // an empty space, itself, or a cell placed after it
          mc.fd8 = static_cast<uint8_t>(mc.fd8 + nth(s.cells_, nb).hidden);
          if (pc.hidden) ++nth(s.mists_.cells, nb).fd8;
        }
    }
    if (pc.hidden) continue;
    const CellFace& f = s.face(c);
    if (f.centre >= 0 && f.segments[f.centre].kind == SegmentKind::Cemetery &&
        !(testing::break_rule == testing::BrokenRule::CemeteryUnlisted && pc.placement > 0))
      s.mists_.cemeteries.push_back(static_cast<int16_t>(c));
  }
}

// Levels 2-4: closed by its 4 orthogonal neighbours (Dized.MoC.0028); Levels 5-6: by all 8
// (Dized.MoC.0021).
bool Rules::cemetery_closed(const State& s, int cell) {
  if (s.game_->rules().cemetery == CemeteryMode::Haunted) return nth(s.cells_, cell).n8 == 8;
  return orthogonal_neighbours(s, cell) == 4;
}

// A face-down tile around a castle haunts it (Dized.MoC.0018); the rules-text reading
// haunts it only from an orthogonal neighbour (face-down-haunting).
bool Rules::mists_castle_haunted(const State& s, int cell) {
  if (testing::break_rule == testing::BrokenRule::CastleHauntingIgnored) return false;
  if (!(s.game_->switches().face_down_haunting == FaceDownHaunting::RulesText))
    return s.mists_.cell(cell).fd8 > 0;
  const PlacedCell& cc = nth(s.cells_, cell);
  for (int side = 0; side < kSides; ++side) {
    int nb = s.cell_at(cc.x + kDx[side], cc.y + kDy[side]);
    if (nb >= 0 && nth(s.cells_, nb).hidden) return true;
  }
  return false;
}

unsigned Rules::face_down_seals(const State& s) {
  unsigned seals = s.game_->hidden_seals();
  if (testing::break_rule == testing::BrokenRule::FaceDownFinishes)  // tests only
    seals &= ~unsigned{RuleSystem::kSealsFeatures};
  return seals;
}

void Rules::mists_setup(State& s) {
  const RuleSet& r = s.game_->rules();
  // Tracks: one shared (Levels 1-5) or one per scoring meeple (Level 6, FAQ.MoC.0007).
  const bool per_colour = r.scoring == ScoringTracks::PerColour;
  s.scores_.assign(per_colour ? static_cast<size_t>(r.scoring_meeples) : 1, Score{});
  // Ghosts: the box keeps its share; 3 go on the start tile's symbols (setup).
  s.mists_.ghosts_total = r.ghosts_total;
  s.mists_.ghost_box = r.ghosts_total - r.ghosts_in_play;
  s.mists_.ghost_supply = r.ghosts_in_play;
  s.mists_.cells.reserve(s.cells_.capacity());
  s.mists_.cells.resize(s.cells_.size());
  if (r.cemetery != CemeteryMode::None) s.mists_.cemeteries.reserve(s.cells_.capacity());
  for (int c = 0; c < s.cells(); ++c) {
    const CellFace& f = s.face(c);
    for (int m = 0; m < f.n_mist; ++m) {
      nth(s.mists_.cells, c).ghosts[static_cast<size_t>(m)] = f.mist[m].ghosts;
      s.mists_.ghost_supply -= f.mist[m].ghosts;
    }
  }
  if (r.hounds) s.mists_.hounds.assign(kMaxHounds, Hound{});
  // Level 6: "Jullie bepalen de kleuren van die meeples" (seed 004): the team chooses before
  // the first draw; with 3 colours in play there is one way, taken at once.
  if (per_colour) {
    ActionList opts;
    scoring_meeple_options(s, opts);
    if (opts.size == 1)
      choose_scorers(s, opts.items[0].from);
    else
      s.phase_ = Phase::ScoringMeeples;
  }
}

void Rules::scoring_meeple_options(const State& s, ActionList& out) {
  const int colours = s.game_->colours(), want = s.game_->rules().scoring_meeples;
  for (unsigned mask = 0; mask < (1u << colours); ++mask)
    if (std::popcount(mask) == want) out.push(make_choice(mask));
}

// The tracks follow the colours in ascending order; with 3-5 players each scoring meeple
// comes out of its colour's supply (Level 6 "uit ieders eigen voorraad"), else from the box.
void Rules::choose_scorers(State& s, unsigned colours) {
  s.mists_.scorers = ScoringColours{};
  for (int c = 0; c < kMaxColours; ++c)
    if (colours & (1u << c))
      nth(s.mists_.scorers.colour, s.mists_.scorers.n++) = static_cast<int8_t>(c);
  if (!s.game_->scoring_meeples_from_supply()) return;
  for (int c : s.mists_.scorers)
    for (Meeple& m : s.meeples_)
      if (m.colour == c && m.in_play) {
        m.in_play = false;
        --nth(s.supply_, c);
        break;
      }
}

int Rules::track_score(const State& s) {
  int low = s.scores_.empty() ? 0 : s.scores_[0].total;
  for (const Score& sc : s.scores_) low = std::min(low, sc.total);  // Level 6: every meeple
  return low;
}

// Up to `n` ghosts off one cell (one start quarter: FAQ.MoC.0001) back to the supply.
int Rules::remove_ghosts(State& s, int cell, int n, bool cemetery_first, FeatureClass why) {
  auto& g = nth(s.mists_.cells, cell).ghosts;
  int taken = 0;
  auto take = [&](size_t k) {
    int t = std::min<int>(g[k], n - taken);
    g[k] = static_cast<uint8_t>(g[k] - t);
    taken += t;
  };
  if (cemetery_first) take(kCemeterySlot);
  for (size_t k = 0; k < g.size(); ++k) take(k);
  s.mists_.ghost_supply += taken;
  if (taken > 0)
    emit(s, EventKind::GhostsRemoved, why, -1, nth(s.cells_, cell).x, nth(s.cells_, cell).y, taken);
  return taken;
}

int Rules::remove_from(State& s, int cell, int count, uint16_t from) {
  if (from == 0) return remove_ghosts(s, cell, count);
  auto& g = nth(s.mists_.cells, cell).ghosts;
  int taken = 0;
  for (int slot = 0; slot < kGhostSlots; ++slot) {
    const int t = std::min<int>(nth(g, slot), from_count(from, slot));
    nth(g, slot) = static_cast<uint8_t>(nth(g, slot) - t);
    taken += t;
  }
  s.mists_.ghost_supply += taken;
  if (taken > 0)
    emit(s, EventKind::GhostsRemoved, FeatureClass::None, -1, nth(s.cells_, cell).x,
         nth(s.cells_, cell).y, taken);
  return taken;
}

namespace {

// Which place of a tile ghosts come off matters when a later rule takes the ghosts of one
// place only: a finished bank its own mist (ghost-scope=as-written, per-area), a closing
// cemetery its own (per-area). Under per-tile every rule takes the whole tile.
bool places_matter(const State& s) {
  return !(s.game().switches().ghost_scope == GhostScope::PerTile);
}

// Every way to take `left` more ghosts from places slot.. of `g` (each at most what it
// holds), pushed as copies of `a` with their Action::from. No allocation: legal_actions runs
// every turn.
void push_splits(const std::array<uint8_t, kGhostSlots>& g, int slot, int left, Action a,
                 uint16_t listed, ActionList& out) {
  if (left == 0) {
    if (a.from != listed) out.push(a);
    return;
  }
  if (slot == kGhostSlots) return;
  const uint16_t from = a.from;
  for (int n = std::min<int>(left, g[static_cast<size_t>(slot)]); n >= 0; --n) {
    a.from = from_with(from, slot, n);
    push_splits(g, slot + 1, left - n, a, listed, out);
  }
}

}  // namespace

void Rules::removal_options(const State& s, int cell, ActionKind kind, ActionList& out) {
  const PlacedCell& c = s.cell(cell);
  const MistsCell& mc = s.mists().cell(cell);
  int places = 0;
  for (uint8_t n : mc.ghosts) places += n > 0;
  for (int k = 1; k <= std::min(3, mc.ghost_total()); ++k) {
    const Action a = make(kind, c.x, c.y, k);
    out.push(a);  // as listed (Action::from 0)
    if (places >= 2 && places_matter(s)) push_splits(mc.ghosts, 0, k, a, listed_from(mc, k), out);
  }
}

// ---- After the tile is placed: 1b mist, 1c cemeteries, 2a ghosts ----------------------------

void Rules::mists_after_place(State& s, bool extended_bank) {
  s.mists_.extended_bank = extended_bank;
  s.mists_.bank_finished_this_turn = false;
  collect_finished(s, s.new_cell_, true);
  s.mists_.score_sub = 0;
  s.step_ = kStepMist;
  mists_advance(s);
}

void Rules::mists_after_meeple(State& s) {
  s.step_ = kStepScore;
  mists_advance(s);
}

void Rules::mists_advance(State& s) {
  while (s.phase_ != Phase::Over && mists_step(s) == Flow::Continue) {
  }
}

// pile-end-timing=on-last-draw: the pile is out the moment its last tile is drawn, the
// face-down tile of Levels 5-6 included. A face-down draw goes on to its placement.
bool Rules::mists_drawn(State& s) {
  if ((s.game_->switches().pile_end_timing == PileEndTiming::OnLastDraw) &&
      nth(s.piles_, s.active_pile_).empty()) {
    bool last_pile = s.active_pile_ + 1 >= static_cast<int>(s.piles_.size());
    if (last_pile) {
      finish_game(s, EndReason::TilesExhausted, false);
      return true;
    }
    if (s.mists_.thresholds_passed <= s.active_pile_ &&
        !(s.game_->switches().pile_threshold_loss == PileThresholdLoss::Continue)) {
      finish_game(s, EndReason::PileBelowThreshold, false);
      return true;
    }
  }
  if (s.phase_ != Phase::FaceDownDraw) return false;
  s.phase_ = Phase::FaceDown;
  mists_face_down_drawn(s);
  return true;
}

Rules::Flow Rules::mists_step(State& s) {
  switch (s.step_) {
    case kStepMist: {
      // 1b: a finished bank loses all its ghosts (Dized.MoC.0042); ghost-scope picks which.
      const CellFace& f = s.face(s.new_cell_);
      for (int m = 0; m < f.n_mist; ++m) {
        int root = find(s, mist_node(s.new_cell_, m));
        if (!s.region_finished(root)) continue;
        bool seen = false;
        for (int k = 0; k < m; ++k) seen = seen || find(s, mist_node(s.new_cell_, k)) == root;
        if (seen) continue;
        s.mists_.bank_finished_this_turn = true;
        int removed = 0, node = root;
        do {
          int cell = node_cell(node), area = node_mist_area(node);
          auto& g = nth(s.mists_.cells, cell).ghosts;
          if ((s.game_->switches().ghost_scope == GhostScope::PerTile)) {
            int before = nth(s.mists_.cells, cell).ghost_total();
            removed += remove_ghosts(s, cell, before, false, FeatureClass::MistBank);
          } else {
            int n = nth(g, area);
            nth(g, area) = 0;
            s.mists_.ghost_supply += n;
            removed += n;
            if (n)
              emit(s, EventKind::GhostsRemoved, FeatureClass::MistBank, -1, nth(s.cells_, cell).x,
                   nth(s.cells_, cell).y, n);
          }
          node = nth(s.nodes_, node).next;
        } while (node != root);
        emit(s, EventKind::BankFinished, FeatureClass::MistBank, -1, nth(s.cells_, s.new_cell_).x,
             nth(s.cells_, s.new_cell_).y, removed, region_tiles(s, root));
      }
      s.step_ = kStepCemetery;
      return Flow::Continue;
    }
    case kStepCemetery: {
      // 1c: cemeteries this tile closed (4 orthogonal neighbours in Levels 2-4, all 8 in 5-6).
      s.mists_.bury_queue.clear();
      const CemeteryMode mode = s.game_->rules().cemetery;
      if (mode != CemeteryMode::None)
        for_cemeteries_around(s, s.new_cell_, mode == CemeteryMode::Orthogonal, [&](int c) {
          if (cemetery_closed(s, c)) s.mists_.bury_queue.push_back(static_cast<int16_t>(c));
        });
      s.step_ = kStepGhosts;
      if (!s.mists_.bury_queue.empty()) return start_bury(s);
      return Flow::Continue;
    }
    case kStepGhosts:
      s.step_ = kStepHaunt;
      return place_ghosts(s);
    case kStepHaunt: {
      Flow f = haunt_neighbours(s);
      if (f == Flow::Continue) s.step_ = kStepExtraGhost;
      return f;
    }
    case kStepExtraGhost:
      s.step_ = kStepMeeple;
      return extra_ghost(s);
    case kStepMeeple:
      s.phase_ = Phase::Meeple;
      return Flow::Decide;
    case kStepScore:
      return score_step(s);
    case kStepHounds: {  // 3b under hound-trigger=when-surrounded: hounds whose tile is surrounded
      Flow f = surround_clear(s);
      if (f == Flow::Continue) s.step_ = kStepFaceDown;
      return f;
    }
    case kStepFaceDown: {
      s.step_ = kStepEnd;
      if (s.game_->rules().cemetery != CemeteryMode::Haunted || open_cemeteries(s, nullptr) == 0)
        return Flow::Continue;
      // 3c: while a cemetery is open, a face-down tile from the active pile (Dized.MoC.0016, 0017).
      s.step_ = kStepFaceDownBury;
      return take_tile(s, true);
    }
    case kStepFaceDownBury:
      s.step_ = kStepFaceDownHounds;
      if (!s.mists_.bury_queue.empty()) return start_bury(s);
      return Flow::Continue;
    case kStepFaceDownHounds: {  // a face-down tile may surround a hound's tile too
      Flow f = surround_clear(s);
      if (f == Flow::Continue) s.step_ = kStepEnd;
      return f;
    }
    case kStepEnd:
      end_turn(s);
      return Flow::Done;
  }
  return Flow::Done;
}

// A bury decision for the first cemetery in the queue, or the bury itself when there is no
// choice to make.
Rules::Flow Rules::start_bury(State& s) {
  while (!s.mists_.bury_queue.empty()) {
    int cem = s.mists_.bury_queue.front();
    const PlacedCell& pc = nth(s.cells_, cem);
    emit(s, EventKind::CemeteryClosed, FeatureClass::Cemetery, -1, pc.x, pc.y);
    std::vector<int> cands;
    int n = bury_candidates(s, cands);
    if (n > 1) {
      s.phase_ = Phase::Bury;
      return Flow::Decide;
    }
    if (n == 1)
      bury(s, cands[0]);
    else
      close_cemetery_ghosts(s, cem);  // bury-empty: nothing to bury, ghosts still go
    if (n == 0) s.mists_.bury_queue.erase(s.mists_.bury_queue.begin());
  }
  return Flow::Continue;
}

// Unburied meeples on the board; if none, one from a supply (Dized.MoC.0026, bury-supply,
// bury-when).
int Rules::bury_candidates(const State& s, std::vector<int>& out) {
  out.clear();
  auto from_supply = [&](bool active_only) {
    for (int c = 0; c < s.game_->colours(); ++c) {
      if (active_only && s.game_->owner(c) != s.player_) continue;
      for (size_t i = 0; i < s.meeples_.size(); ++i) {
        const Meeple& m = s.meeples_[i];
        if (m.colour == c && m.cell < 0 && m.in_play) {
          out.push_back(static_cast<int>(i));  // one per colour: meeples of a colour are alike
          break;
        }
      }
    }
  };
  // bury-when=active-player-none: the rules text's "Als je geen meeples op het speelveld hebt"
  // read as the active player: with none of their own on the board, one from their supply,
  // though others' meeples stand there.
  if (s.game_->switches().bury_when == BuryWhen::ActivePlayerNone) {
    bool own = false;
    for (const Meeple& m : s.meeples_)
      own = own || (m.on_feature() && s.game_->owner(m.colour) == s.player_);
    if (!own) from_supply(true);
    if (!out.empty()) return static_cast<int>(out.size());
  }
  for (size_t i = 0; i < s.meeples_.size(); ++i)
    if (s.meeples_[i].on_feature()) out.push_back(static_cast<int>(i));
  if (!out.empty()) return static_cast<int>(out.size());
  if (!(s.game_->switches().bury_supply == BurySupply::AnyPlayer)) from_supply(true);
  if (out.empty()) from_supply(false);
  return static_cast<int>(out.size());
}

void Rules::bury(State& s, int meeple) {
  int cem = s.mists_.bury_queue.front();
  s.mists_.bury_queue.erase(s.mists_.bury_queue.begin());
  Meeple& m = nth(s.meeples_, meeple);
  if (m.cell >= 0) {
    SegmentKind k = s.face(m.cell).segments[m.seg].kind;
    if (k == SegmentKind::Road || k == SegmentKind::City)
      --nth(s.nodes_, find(s, segment_node(m.cell, m.seg))).meeples;
  }
  // A hound lying by the buried meeple leaves the game unscored (footnotes 17, 18).
  for (Hound& h : s.mists_.hounds)
    if (h.status == Hound::Placed && h.meeple == meeple) {
      h.status = Hound::Removed;
      emit(s, EventKind::HoundRemoved, FeatureClass::None, m.colour);
    }
  if (m.cell < 0) --nth(s.supply_, m.colour);  // from the supply (bury-supply)
  m.cell = static_cast<int16_t>(cem);
  m.seg = -1;
  const PlacedCell& pc = nth(s.cells_, cem);
  emit(s, EventKind::MeepleBuried, FeatureClass::Cemetery, m.colour, pc.x, pc.y, meeple);
  close_cemetery_ghosts(s, cem);
}

// Levels 2-4: every ghost on the cemetery tile goes (Dized.MoC.0027; ghost-scope=per-area:
// only the cemetery's own). Levels 5-6 remove none unless haunted-close-removal says so.
void Rules::close_cemetery_ghosts(State& s, int cem) {
  const Switches& sw = s.game_->switches();
  if (s.game_->rules().cemetery == CemeteryMode::Haunted &&
      !(sw.haunted_close_removal == HauntedCloseRemoval::RemoveGhosts))
    return;
  const PlacedCell& c = nth(s.cells_, cem);
  if ((sw.ghost_scope == GhostScope::PerArea)) {
    auto& g = nth(s.mists_.cells, cem).ghosts;
    int n = g[kCemeterySlot];
    g[kCemeterySlot] = 0;
    s.mists_.ghost_supply += n;
    if (n) emit(s, EventKind::GhostsRemoved, FeatureClass::Cemetery, -1, c.x, c.y, n);
  } else {
    remove_ghosts(s, cem, nth(s.mists_.cells, cem).ghost_total(), true, FeatureClass::Cemetery);
  }
}

// Open cemeteries (optionally listed as ExtraGhost actions); returns how many.
int Rules::open_cemeteries(const State& s, ActionList* out) {
  int n = 0;
  for (int c : s.mists_.cemeteries) {
    if (cemetery_closed(s, c)) continue;
    ++n;
    if (out) out->push(make(ActionKind::ExtraGhost, s.cell(c).x, s.cell(c).y));
  }
  return n;
}

namespace {

// Levels 2-4 put an extra ghost on an open cemetery; Levels 5-6 only under
// haunted-closed-ghosts=extra-on-open.
bool extra_ghost_rule(const Game& g) {
  const CemeteryMode c = g.rules().cemetery;
  return c == CemeteryMode::Orthogonal ||
         (c == CemeteryMode::Haunted &&
          g.switches().haunted_closed_ghosts == HauntedClosedGhosts::ExtraOnOpen);
}

}  // namespace

namespace {

// Of the mist areas of `cell` in `areas` (a bit each), the first of each bank, as bits. Two
// areas of one bank are one place for every rule that takes ghosts by place (a finished bank
// its own mist, a removal naming places): a bank only ever grows, so they stay one. Only
// areas of different banks make the place a choice, and only where places matter at all.
unsigned distinct_banks(const State& s, int cell, unsigned areas) {
  std::array<int, kMaxMist> roots{};
  int n = 0;
  unsigned out = 0;
  for (int m = 0; m < s.face(cell).n_mist; ++m) {
    if (!(areas & (1u << m))) continue;
    const int root = Rules::find_const(s, mist_node(cell, m));
    bool seen = false;
    for (int k = 0; k < n; ++k) seen = seen || nth(roots, k) == root;
    if (seen) continue;
    nth(roots, n++) = root;
    out |= 1u << m;
  }
  return out;
}

bool place_is_a_choice(const State& s, int cell, unsigned areas) {
  return places_matter(s) && std::popcount(distinct_banks(s, cell, areas)) >= 2;
}

// A haunted neighbour of the new cemetery: the cell at 3x3 position k (row by row), or -1.
int haunt_target(const State& s, int k) {
  const Switches& sw = s.game().switches();
  const PlacedCell& pc = s.cell(s.new_cell());
  const int dx = k % 3 - 1, dy = k / 3 - 1;
  if ((!dx && !dy) ||
      ((sw.haunted_cemetery_ghosts == HauntedCemeteryGhosts::Orthogonal4) && dx && dy))
    return -1;
  const int c = s.cell_at(pc.x + dx, pc.y + dy);
  if (c < 0 || s.cell(c).hidden || !s.face(c).mist_ports) return -1;
  if (sw.haunted_closed_ghosts == HauntedClosedGhosts::NoneOnClosed && is_cemetery(s, c) &&
      Rules::cemetery_closed(s, c))
    return -1;
  return c;
}

unsigned all_areas(const State& s, int cell) { return (1u << s.face(cell).n_mist) - 1; }

}  // namespace

// The new tile's mist areas whose symbols are filled this turn: every one, unless the tile
// finished a bank (footnote 9): then none, or under bank-finish-ghosts=per-bank those of
// banks still open.
unsigned Rules::filled_areas(const State& s) {
  const CellFace& f = s.face(s.new_cell_);
  const bool per_bank = s.game().switches().bank_finish_ghosts == BankFinishGhosts::PerBank;
  unsigned out = 0;
  for (int m = 0; m < f.n_mist; ++m)
    if (!s.mists_.bank_finished_this_turn ||
        (per_bank && !s.region_finished(find_const(s, mist_node(s.new_cell_, m)))))
      out |= 1u << m;
  return out;
}

// The areas whose symbol may be the one left empty: filled, with a symbol.
unsigned Rules::symbol_areas(const State& s) {
  const CellFace& f = s.face(s.new_cell_);
  const unsigned filled = filled_areas(s);  // once: each area's bank is looked up
  unsigned out = 0;
  for (int m = 0; m < f.n_mist; ++m)
    if ((filled & (1u << m)) && f.mist[m].ghosts > 0) out |= 1u << m;
  return out;
}

// 2a: the new tile's ghosts, one fewer when it extended a bank (Dized.MoC.0041), none when it
// finished one (11/2022); Levels 2-4 one more on an open cemetery (Dized.MoC.0025); Levels
// 5-6 a new cemetery haunts its misty neighbours (Dized.MoC.0020). A short supply loses at
// once (Dized.MoC.0059). The rule names no symbol to leave empty: where the place can change
// an outcome (distinct_banks) the team chooses it (empty-symbol).
Rules::Flow Rules::place_ghosts(State& s) {
  const PlacedCell& pc = nth(s.cells_, s.new_cell_);
  const CellFace& f = s.face(s.new_cell_);
  s.mists_.ghosts_placed = 0;
  s.mists_.haunt_next = 0;
  const bool per_bank = s.game_->switches().bank_finish_ghosts == BankFinishGhosts::PerBank;
  if (s.mists_.bank_finished_this_turn && !per_bank) return Flow::Continue;
  const unsigned filled = filled_areas(s);
  int symbols = 0;
  for (int m = 0; m < f.n_mist; ++m)
    if (filled & (1u << m)) symbols += f.mist[m].ghosts;
  const int n = std::max(0, symbols - (s.mists_.extended_bank ? 1 : 0));
  if (n > s.mists_.ghost_supply) {
    finish_game(s, EndReason::GhostSupplyShort, false);
    return Flow::Done;
  }
  if (!s.mists_.extended_bank) {
    fill_symbols(s, -1);
    return Flow::Continue;
  }
  const unsigned candidates = symbol_areas(s);
  if (place_is_a_choice(s, s.new_cell_, candidates)) {
    s.phase_ = Phase::EmptySymbol;
    return Flow::Decide;
  }
  // One bank among the candidates: any symbol is the same; the engine leaves empty one on
  // the mist that joined a bank already on the board, else the first.
  auto joins_older = [&](int m) {
    int root = find(s, mist_node(s.new_cell_, m)), node = root;
    do {
      if (nth(s.cells_, node_cell(node)).placement != pc.placement) return true;
      node = nth(s.nodes_, node).next;
    } while (node != root);
    return false;
  };
  int empty = -1;
  for (int m = 0; m < f.n_mist && empty < 0; ++m)
    if ((candidates & (1u << m)) && joins_older(m)) empty = m;
  for (int m = 0; m < f.n_mist && empty < 0; ++m)
    if (candidates & (1u << m)) empty = m;
  fill_symbols(s, empty);
  return Flow::Continue;
}

void Rules::fill_symbols(State& s, int empty) {
  MistsCell& pc = nth(s.mists_.cells, s.new_cell_);
  const CellFace& f = s.face(s.new_cell_);
  const unsigned filled = filled_areas(s);
  int n = 0;
  for (int m = 0; m < f.n_mist; ++m) {
    if (!(filled & (1u << m))) continue;
    const int put = f.mist[m].ghosts - (m == empty ? 1 : 0);
    nth(pc.ghosts, m) = static_cast<uint8_t>(nth(pc.ghosts, m) + put);
    n += put;
  }
  s.mists_.ghost_supply -= n;
  s.mists_.ghosts_placed = n;
  if (n)
    emit(s, EventKind::GhostsPlaced, FeatureClass::MistBank, -1, s.cell(s.new_cell_).x,
         s.cell(s.new_cell_).y, n);
}

// Levels 5-6: one ghost on each misty neighbour of a new cemetery (its 8, or 4 under
// haunted-cemetery-ghosts=orthogonal-4), row by row; the team picks the mist area of a
// neighbour whose areas lie in different banks (haunt).
Rules::Flow Rules::haunt_neighbours(State& s) {
  if (s.game_->rules().cemetery != CemeteryMode::Haunted || !is_cemetery(s, s.new_cell_))
    return Flow::Continue;
  if (s.mists_.haunt_next == 0) {
    int targets = 0;
    for (int k = 0; k < 9; ++k) targets += haunt_target(s, k) >= 0;
    if (targets > s.mists_.ghost_supply) {
      finish_game(s, EndReason::GhostSupplyShort, false);
      return Flow::Done;
    }
  }
  while (s.mists_.haunt_next < 9) {
    const int c = haunt_target(s, s.mists_.haunt_next++);
    if (c < 0) continue;
    if (place_is_a_choice(s, c, all_areas(s, c))) {
      s.mists_.haunt_cell = static_cast<int16_t>(c);
      s.phase_ = Phase::HauntGhost;
      return Flow::Decide;
    }
    haunt(s, c, 0);
  }
  return Flow::Continue;
}

void Rules::haunt(State& s, int cell, int area) {
  ++nth(nth(s.mists_.cells, cell).ghosts, area);
  --s.mists_.ghost_supply;
  emit(s, EventKind::GhostsPlaced, FeatureClass::Cemetery, -1, nth(s.cells_, cell).x,
       nth(s.cells_, cell).y, 1);
}

void Rules::ghost_place_options(const State& s, ActionList& out) {
  const bool empty = s.phase_ == Phase::EmptySymbol;
  const int cell = empty ? s.new_cell_ : s.mists_.haunt_cell;
  const unsigned areas = empty ? symbol_areas(s) : all_areas(s, cell);
  for (int m = 0; m < s.face(cell).n_mist; ++m) {
    if (!(areas & (1u << m))) continue;
    Action a = make(empty ? ActionKind::EmptySymbol : ActionKind::HauntGhost, s.cell(cell).x,
                    s.cell(cell).y);
    a.seg = static_cast<int8_t>(m);
    out.push(a);
  }
}

// Levels 2-4 (5-6 under haunted-closed-ghosts=extra-on-open): a tile that took ghosts puts
// one more on an open cemetery, the team's pick among several (Dized.MoC.0025).
Rules::Flow Rules::extra_ghost(State& s) {
  if (s.mists_.ghosts_placed == 0 || !extra_ghost_rule(*s.game_)) return Flow::Continue;
  ActionList opts;
  int n = open_cemeteries(s, &opts);
  if (n > 0 && s.mists_.ghost_supply < 1) {
    finish_game(s, EndReason::GhostSupplyShort, false);
    return Flow::Done;
  }
  if (n > 1) {
    s.phase_ = Phase::ExtraGhost;
    return Flow::Decide;
  }
  if (n == 1) {
    int c = s.cell_at(opts.items[0].x, opts.items[0].y);
    ++nth(s.mists_.cells, c).ghosts[kCemeterySlot];
    --s.mists_.ghost_supply;
    emit(s, EventKind::GhostsPlaced, FeatureClass::Cemetery, -1, nth(s.cells_, c).x,
         nth(s.cells_, c).y, 1);
  }
  return Flow::Continue;
}

// ---- 2b: meeples -----------------------------------------------------------------------------

// On a road (misty or clear: FAQ.MoC.0002, misty-road-meeple), a city or a castle; never on a
// field, on mist (Dized.MoC.0040) or on a cemetery; only where nobody stands (Dized.MoC.0051).
bool Rules::mists_meeple_allowed(const State& s, int seg) {
  const CellFace& f = s.face(s.new_cell_);
  const Segment& g = f.segments[seg];
  const Switches& sw = s.game_->switches();
  switch (g.kind) {
    case SegmentKind::Road:
    case SegmentKind::City: {
      if (g.kind == SegmentKind::Road && (sw.misty_road_meeple == MistyRoadMeeple::ClearOnly) &&
          (g.ports & f.mist_ports))
        return false;
      int root = find_const(s, segment_node(s.new_cell_, seg));
      if (nth(s.nodes_, root).meeples) return false;
      return !((sw.meeple_on_finished == MeepleOnFinished::UnfinishedOnly) &&
               s.region_finished(root));
    }
    case SegmentKind::Castle: {
      for (const Meeple& m : s.meeples_)
        if (m.cell == s.new_cell_ && m.seg == seg && !is_buried(m)) return false;
      // Finished as scoring reads it: surrounded and not haunted by a face-down tile.
      return !((sw.meeple_on_finished == MeepleOnFinished::UnfinishedOnly) &&
               s.centre_finished(s.new_cell_));
    }
    default:
      return false;
  }
}

std::string Rules::mists_meeple_refusal(const State& s, int seg) {
  const CellFace& f = s.face(s.new_cell_);
  const Segment& g = f.segments[seg];
  std::string what = segment_kind_name(g.kind);
  if (g.kind == SegmentKind::Field)
    return "a meeple never goes on a field, misty or not (FAQ.MoC.0002)";
  if (g.kind == SegmentKind::Cemetery) return "a meeple never goes on a cemetery";
  const Switches& sw = s.game_->switches();
  if (g.kind == SegmentKind::Road && (sw.misty_road_meeple == MistyRoadMeeple::ClearOnly) &&
      (g.ports & f.mist_ports))
    return "under misty-road-meeple=clear-only a meeple goes only on a clear road";
  if ((sw.meeple_on_finished == MeepleOnFinished::UnfinishedOnly))
    return "the " + what + " is occupied or already finished (meeple-on-finished=unfinished-only)";
  return "the " + what + " is already occupied (someone stands on the connected " + what + ")";
}

// ---- 3a: scoring -----------------------------------------------------------------------------

// The scoring under decision: its points, or up to 3 ghosts off one tile; and, while the
// players have not yet picked it, each other scoring of this tile with a decision of its own
// to decide first (seed 004 3a: the active player decides each scoring; the order is theirs).
void Rules::score_options(const State& s, ActionList& out) {
  out.push(make(ActionKind::TakePoints));
  for (int c = 0; c < s.cells(); ++c) removal_options(s, c, ActionKind::RemoveGhosts, out);
  if (s.mists_.order_chosen) return;
  for (size_t k = static_cast<size_t>(s.pending_index_) + 1; k < s.pending_.size(); ++k) {
    if (!scoring_decided(s, s.pending_[k])) continue;
    int cell = -1, seg = -1;
    scoring_spot(s, s.pending_[k], cell, seg);
    Action a = make(ActionKind::ScoreFirst, s.cell(cell).x, s.cell(cell).y);
    a.seg = static_cast<int8_t>(seg);
    out.push(a);
  }
}

bool Rules::scoring_decided(const State& s, const PendingScore& p) {
  if (s.game_->switches().unoccupied_scoring == UnoccupiedScoring::GhostChoice) return true;
  std::array<int, kMaxColours> per{};
  meeples_on(s, p, per);
  for (int n : per)
    if (n > 0) return true;
  return false;
}

int Rules::pending_named(const State& s, const Action& a) {
  const int cell = s.cell_at(a.x, a.y);
  if (cell < 0) return -1;
  for (int k = s.pending_index_ + 1; k < static_cast<int>(s.pending_.size()); ++k) {
    const PendingScore& p = nth(s.pending_, k);
    const bool centre = p.feature == FeatureClass::Monastery || p.feature == FeatureClass::Castle;
    if (centre ? (a.seg < 0 && p.node == cell)
               : (a.seg >= 0 && a.seg < s.face(cell).n_segments &&
                  find_const(s, segment_node(cell, a.seg)) == p.node))
      return k;
  }
  return -1;
}

Rules::Flow Rules::score_step(State& s) {
  while (true) {
    if (s.mists_.score_sub == 1) {  // tracks, thresholds and the win after a scoring
      if (!s.mists_.track_queue.empty()) {
        s.phase_ = Phase::Track;
        return Flow::Decide;
      }
      // hound-timing=at-once: a hound comes right after the scoring that reaches it.
      Flow f = thresholds(s, s.game_->switches().hound_timing == HoundTiming::AtOnce);
      if (f != Flow::Continue) return f;
      s.mists_.score_sub = 0;
      ++s.pending_index_;
    }
    if (s.pending_index_ >= static_cast<int>(s.pending_.size())) {
      // hound-timing=after-scorings: the hounds come once all the tile's scorings are done.
      if (s.game_->switches().hound_timing == HoundTiming::AfterScorings) {
        Flow f = thresholds(s, true);
        if (f != Flow::Continue) return f;
      }
      s.step_ = kStepHounds;
      return Flow::Continue;
    }
    PendingScore& p = nth(s.pending_, s.pending_index_);
    std::array<int, kMaxColours> per{};
    meeples_on(s, p, per);
    int colours = 0;
    for (int n : per) colours += n > 0;
    if (!p.announced) emit(s, EventKind::FeatureFinished, p.feature);
    p.announced = true;
    if (colours == 0 &&
        !(s.game_->switches().unoccupied_scoring == UnoccupiedScoring::GhostChoice)) {
      ++s.pending_index_;  // no meeple, no scoring (unoccupied-scoring)
      continue;
    }
    if (s.mists_.ghosts_on_board() == 0) {  // nothing to remove: the points it is
      resolve_scoring(s, true, -1, 0);
      continue;
    }
    s.phase_ = Phase::ScoreChoice;
    return Flow::Decide;
  }
}

void Rules::add_points(State& s, int colour, int points, FeatureClass f,
                       const PendingScore& where) {
  const Game& g = *s.game_;
  int track = 0;
  if (g.rules().scoring == ScoringTracks::PerColour) {
    track = s.mists_.scorers.track_of(colour);
    if (track < 0) {  // an unowned colour: the team picks the track (level6-unowned-colour)
      s.mists_.track_queue.push_back(static_cast<int16_t>(points));
      s.mists_.track_queue.push_back(static_cast<int16_t>(f));
      s.mists_.track_queue.push_back(static_cast<int16_t>(where.feature));
      s.mists_.track_queue.push_back(where.node);
      return;
    }
  }
  award(s, EventKind::Scored, track, f, points, where, colour);
}

// A scoring is one decision for every colour on the feature (FAQ.MoC.0004: "Een gezamenlijke
// puntentelling geldt als 1 puntentelling"): an answer for one colour stands only when that
// colour is the feature's only one.
std::optional<std::string> Rules::one_colour_refusal(const State& s, const Action& a) {
  if ((a.kind != ActionKind::TakePoints && a.kind != ActionKind::RemoveGhosts) || a.colour < 0)
    return std::nullopt;
  if (a.colour >= s.game().colours()) return "no such colour in play";  // (found by fuzz_engine)
  std::array<int, kMaxColours> per{};
  meeples_on(s, nth(s.pending_, s.pending_index_), per);
  std::string colours;
  for (int c = 0; c < kMaxColours; ++c)
    if (nth(per, c) > 0)
      colours += std::string(colours.empty() ? "" : ", ") + s.game().colour_name(c);
  const std::string named = s.game().colour_name(a.colour);
  if (nth(per, a.colour) == 0)
    return named + " has no meeple on the feature scored (its colours: " + colours + ")";
  if (colours != named)
    return "a joint scoring is one scoring (FAQ.MoC.0004): points or ghost removal for every "
           "colour on it (" +
           colours + "), never for " + named + " alone";
  return std::nullopt;
}

// Points once per distinct colour (Dized.MoC.0034, 0035; coop-scoring=majority: the most
// numerous colours only), or instead up to 3 ghosts off one tile, voiding the whole scoring
// (FAQ.MoC.0004). Meeples return either way; a hound by one of them scores right after.
void Rules::resolve_scoring(State& s, bool points, int cell, int count, uint16_t from) {
  s.mists_.order_chosen = false;
  const PendingScore p = nth(s.pending_, s.pending_index_);
  std::array<int, kMaxColours> per{};
  meeples_on(s, p, per);
  int most = *std::max_element(per.begin(), per.end());
  if (points) {
    int value = feature_value(s, p, false);
    for (int c = 0; c < kMaxColours; ++c) {
      if (nth(per, c) == 0) continue;
      if ((s.game_->switches().coop_scoring == CoopScoring::Majority) && nth(per, c) != most)
        continue;
      if (s.game_->rules().scoring == ScoringTracks::PerColour)
        add_points(s, c, value, p.feature, p);
      else
        award(s, EventKind::Scored, 0, p.feature, value, p, c);
    }
  } else if (cell >= 0) {
    remove_from(s, cell, count, from);
  }
  // Which meeples go home, for the hounds beside them.
  std::vector<int> scored;
  for (size_t i = 0; i < s.meeples_.size(); ++i) {
    const Meeple& m = s.meeples_[i];
    if (!m.on_feature()) continue;
    bool centre = p.feature == FeatureClass::Castle;
    bool on = centre ? (m.cell == p.node && m.seg == s.face(m.cell).centre)
                     : find(s, segment_node(m.cell, m.seg)) == p.node;
    if (on) scored.push_back(static_cast<int>(i));
  }
  return_meeples(s, p);
  // The hound scores 1 per ghost on the board, right after its meeple (Dized.MoC.0022).
  for (Hound& h : s.mists_.hounds)
    if (h.status == Hound::Placed &&
        std::find(scored.begin(), scored.end(), h.meeple) != scored.end()) {
      int ghosts = s.mists_.ghosts_on_board();
      h.status = Hound::Scored;
      int colour = nth(s.meeples_, h.meeple).colour;
      emit(s, EventKind::HoundScored, FeatureClass::None, colour, 0, 0, ghosts);
      if (s.game_->rules().scoring == ScoringTracks::PerColour)
        add_points(s, colour, ghosts, FeatureClass::Hound, p);  // at its meeple's feature
      else
        award(s, 0, FeatureClass::Hound, ghosts);  // reported by hound-scored above
    }
  s.mists_.score_sub = 1;
}

// ---- 3b: thresholds, hounds, piles, the goal ---------------------------------------------------

Rules::Flow Rules::thresholds(State& s, bool hounds) {
  const RuleSet& r = s.game_->rules();
  int score = track_score(s);
  if (score >= r.goal) {  // the goal wins at once (Dized.MoC.0032, 0060)
    finish_game(s, EndReason::GoalReached, true);
    return Flow::Done;
  }
  if (!r.hounds || !hounds) return Flow::Continue;
  if (s.mists_.hound_active >= 0) return hound_clear_next(s);
  while (s.mists_.thresholds_passed < 2 && score >= nth(r.thresholds, s.mists_.thresholds_passed)) {
    int h = s.mists_.thresholds_passed;
    std::vector<int> cands;
    for (size_t i = 0; i < s.meeples_.size(); ++i)
      if (s.meeples_[i].on_feature()) cands.push_back(static_cast<int>(i));
    if (cands.empty()) {  // no unburied meeple: the hound is lost (11/2022, footnote 22)
      nth(s.mists_.hounds, h).status = Hound::Lost;
      emit(s, EventKind::HoundLost, FeatureClass::None, -1, 0, 0, h);
      switch_pile(s, h);
      ++s.mists_.thresholds_passed;
      continue;
    }
    s.mists_.hound_active = h;
    if (cands.size() > 1) {
      s.phase_ = Phase::HoundPlace;
      return Flow::Decide;
    }
    hound_place(s, cands[0]);
    return hound_clear_next(s);
  }
  return Flow::Continue;
}

void Rules::hound_place(State& s, int meeple) {
  Hound& h = nth(s.mists_.hounds, s.mists_.hound_active);
  h.status = Hound::Placed;
  h.meeple = static_cast<int16_t>(meeple);
  const Meeple& m = nth(s.meeples_, meeple);
  emit(s, EventKind::HoundPlaced, FeatureClass::None, m.colour, s.cell(m.cell).x, s.cell(m.cell).y,
       s.mists_.hound_active);
  // hound-trigger=when-surrounded: the removal waits until the hound's tile has all 8
  // neighbours (surround_clear), unless it has them already.
  h.cleared = !(s.game_->switches().hound_trigger == HoundTrigger::WhenSurrounded) ||
              s.cell(m.cell).n8 == 8;
  s.mists_.hound_clears_left = h.cleared ? 2 : 0;
  s.mists_.hound_first_clear = -1;
  s.mists_.hound_surround_clear = false;
}

// hound-trigger=when-surrounded: the first placed hound whose removal is still due and whose
// tile is now surrounded clears its 2 tiles (a decision), without any pile switch.
Rules::Flow Rules::surround_clear(State& s) {
  if (!(s.game_->switches().hound_trigger == HoundTrigger::WhenSurrounded) ||
      s.mists_.hound_active >= 0)
    return Flow::Continue;
  for (size_t i = 0; i < s.mists_.hounds.size(); ++i) {
    Hound& h = s.mists_.hounds[i];
    if (h.status != Hound::Placed || h.cleared) continue;
    if (s.cell(nth(s.meeples_, h.meeple).cell).n8 != 8) continue;
    h.cleared = true;
    s.mists_.hound_active = static_cast<int>(i);
    s.mists_.hound_clears_left = 2;
    s.mists_.hound_first_clear = -1;
    s.mists_.hound_surround_clear = true;
    Flow f = hound_clear_next(s);
    if (f != Flow::Continue) return f;
  }
  return Flow::Continue;
}

void Rules::hound_clear_options(const State& s, ActionList& out) {
  const Hound& h = nth(s.mists_.hounds, s.mists_.hound_active);
  const PlacedCell& at = s.cell(nth(s.meeples_, h.meeple).cell);
  out.push(make(ActionKind::HoundClear));  // clear no more: names no tile ("clear stop")
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      int c = s.cell_at(at.x + dx, at.y + dy);
      if (c < 0 || c == s.mists_.hound_first_clear) continue;
      int g = s.mists().cell(c).ghost_total();
      if (g > 0) removal_options(s, c, ActionKind::HoundClear, out);
    }
}

// Up to 3 ghosts from each of 2 different tiles in the 3x3 area (Dized.MoC.0023, 0024), then
// the rest of the active pile goes on top of the next.
Rules::Flow Rules::hound_clear_next(State& s) {
  if (s.mists_.hound_clears_left > 0) {
    ActionList opts;
    hound_clear_options(s, opts);
    if (opts.size > 1) {
      s.phase_ = Phase::HoundClear;
      return Flow::Decide;
    }
  }
  int h = s.mists_.hound_active;
  s.mists_.hound_active = -1;
  s.mists_.hound_clears_left = 0;
  if (s.mists_.hound_surround_clear) {  // a late clearing: the threshold was dealt with long ago
    s.mists_.hound_surround_clear = false;
    return Flow::Continue;
  }
  switch_pile(s, h);
  ++s.mists_.thresholds_passed;
  return thresholds(s);
}

// Threshold `threshold` reached: the rest of its pile goes on top of the next, which becomes
// active. Under pile-threshold-loss=continue a late threshold finds its pile used up and
// already left behind: nothing moves (the pile in play stays active).
void Rules::switch_pile(State& s, int threshold) {
  if (s.active_pile_ != threshold) return;
  if (s.active_pile_ + 1 >= static_cast<int>(s.piles_.size())) return;
  auto& from = nth(s.piles_, s.active_pile_);
  auto& to = nth(s.piles_, s.active_pile_ + 1);
  int moved = static_cast<int>(from.size());
  to.insert(to.end(), from.begin(), from.end());  // the back is the top
  from.clear();
  ++s.active_pile_;
  emit(s, EventKind::PileSwitched, FeatureClass::None, -1, 0, 0, s.active_pile_, moved);
}

// ---- Drawing: regular and face-down ------------------------------------------------------------

// A tile must come from the active pile. An empty pile: the next pile when its threshold
// was reached (it was switched already) or pile-threshold-loss=continue; otherwise lost.
Rules::Flow Rules::take_tile(State& s, bool face_down) {
  while (nth(s.piles_, s.active_pile_).empty()) {
    bool more = s.active_pile_ + 1 < static_cast<int>(s.piles_.size());
    if (!more) {
      finish_game(s, EndReason::TilesExhausted, false);
      return Flow::Done;
    }
    if (!(s.game_->switches().pile_threshold_loss == PileThresholdLoss::Continue)) {
      finish_game(s, EndReason::PileBelowThreshold, false);
      return Flow::Done;
    }
    ++s.active_pile_;
    emit(s, EventKind::PileSwitched, FeatureClass::None, -1, 0, 0, s.active_pile_, 0);
  }
  s.phase_ = face_down ? Phase::FaceDownDraw : Phase::Draw;
  return Flow::Decide;
}

void Rules::mists_unplaceable(State& s, TileId t) {
  switch (s.game_->switches().unplaceable_tile) {
    case UnplaceableTile::PileBottom: {
      auto& pile = nth(s.piles_, s.active_pile_);
      bool any = false;
      for (TileId u : pile) any = any || placeable_anywhere(s, u);
      if (any)
        pile.insert(pile.begin(), t);
      else
        s.set_aside_.push_back(t);
      break;
    }
    case UnplaceableTile::Lose:  // lost at once (seed 000's reading of Dized.MoC.0059)
      finish_game(s, EndReason::TilesExhausted, false);
      return;
    case UnplaceableTile::Redraw:  // set aside (redraw) or counted as lost: out of the game
    case UnplaceableTile::Lost:    // either way
      s.set_aside_.push_back(t);
  }
  s.drawn_ = -1;
  take_tile(s, false);
}

// Any empty space among an open cemetery's 8 (face-down-adjacency=any-of-8), or
// (orthogonal-first) its orthogonal spaces, its diagonal ones only once it has no orthogonal
// space free: "around an open cemetery", so each cemetery is judged by its own spaces. Under
// both, a space shares a side with a placed tile: a corner alone is not enough
// (Dized.MoC.0052; an orthogonal space shares one with the cemetery itself).
void Rules::face_down_options(const State& s, ActionList& out) {
  const bool orth_first =
      (s.game_->switches().face_down_adjacency == FaceDownAdjacency::OrthogonalFirst);
  auto push = [&](int x, int y) {
    if (s.cell_at(x, y) >= 0) return false;
    bool side = false;
    for (int k = 0; k < kSides; ++k) side = side || s.cell_at(x + kDx[k], y + kDy[k]) >= 0;
    if (!side && testing::break_rule != testing::BrokenRule::FaceDownAtACorner) return false;
    for (const Action& a : out)
      if (a.x == x && a.y == y) return true;
    out.push(make(ActionKind::FaceDown, x, y));
    return true;
  };
  for (int c : s.mists_.cemeteries) {
    if (cemetery_closed(s, c)) continue;
    const PlacedCell& pc = s.cell(c);
    bool orthogonal_free = false;
    for (int side = 0; side < kSides; ++side)
      orthogonal_free = push(pc.x + kDx[side], pc.y + kDy[side]) || orthogonal_free;
    if (orth_first && orthogonal_free) continue;
    for (int dy = -1; dy <= 1; dy += 2)
      for (int dx = -1; dx <= 1; dx += 2) push(pc.x + dx, pc.y + dy);
  }
}

// The face-down tile goes down; face-down tiles close cemeteries too, which then bury
// (Level 5 "Herinnering"; kStepFaceDownBury).
void Rules::put_face_down(State& s, int x, int y) {
  int c = place_hidden(s, s.drawn_, x, y, face_down_seals(s));
  emit(s, EventKind::FaceDownPlaced, FeatureClass::None, -1, x, y, s.drawn_);
  s.drawn_ = -1;
  s.mists_.bury_queue.clear();
  for_cemeteries_around(s, c, false, [&](int n) {
    if (cemetery_closed(s, n)) s.mists_.bury_queue.push_back(static_cast<int16_t>(n));
  });
}

// After the face-down draw: a single free space takes the tile at once.
void Rules::mists_face_down_drawn(State& s) {
  ActionList opts;
  face_down_options(s, opts);
  if (opts.size != 1) return;
  put_face_down(s, opts.items[0].x, opts.items[0].y);
  mists_advance(s);
}

// ---- Decisions: legal actions and apply --------------------------------------------------------

void Rules::mists_legal(const State& s, ActionList& out) {
  switch (s.phase_) {
    case Phase::ScoreChoice:
      score_options(s, out);
      return;
    case Phase::ExtraGhost:
      open_cemeteries(s, &out);
      return;
    case Phase::Bury: {
      std::vector<int> cands;
      bury_candidates(s, cands);
      for (int m : cands) out.push(make(ActionKind::Bury, 0, 0, 0, m));
      return;
    }
    case Phase::HoundPlace:
      for (size_t i = 0; i < s.meeples_.size(); ++i)
        if (s.meeples_[i].on_feature())
          out.push(make(ActionKind::HoundPlace, 0, 0, 0, static_cast<int>(i)));
      return;
    case Phase::HoundClear:
      hound_clear_options(s, out);
      return;
    case Phase::FaceDown:
      face_down_options(s, out);
      return;
    case Phase::Track:
      for (int c : s.mists_.scorers) out.push(make(ActionKind::Track, 0, 0, 0, -1, c));
      return;
    case Phase::ScoringMeeples:
      scoring_meeple_options(s, out);
      return;
    case Phase::EmptySymbol:
    case Phase::HauntGhost:
      ghost_place_options(s, out);
      return;
    default:
      return;
  }
}

namespace {

// The phase in which an action of kind `k` is one of the options.
Phase phase_of(ActionKind k) {
  switch (k) {
    case ActionKind::TakePoints:
    case ActionKind::RemoveGhosts:
    case ActionKind::ScoreFirst:
      return Phase::ScoreChoice;
    case ActionKind::ExtraGhost:
      return Phase::ExtraGhost;
    case ActionKind::Bury:
      return Phase::Bury;
    case ActionKind::HoundPlace:
      return Phase::HoundPlace;
    case ActionKind::HoundClear:
      return Phase::HoundClear;
    case ActionKind::FaceDown:
      return Phase::FaceDown;
    case ActionKind::ScoringMeeples:
      return Phase::ScoringMeeples;
    case ActionKind::EmptySymbol:
      return Phase::EmptySymbol;
    case ActionKind::HauntGhost:
      return Phase::HauntGhost;
    default:
      return Phase::Track;
  }
}

// Why an action of kind `k` is refused before its details matter: the level never has that
// decision, or the game waits for another one (a refusal names the decision pending, never
// the rule of a decision that is not open).
std::optional<std::string> decision_refusal(const State& s, ActionKind k) {
  const RuleSet& r = s.game().rules();
  const Phase p = phase_of(k);
  std::string none;
  if (p == Phase::ExtraGhost && !extra_ghost_rule(s.game()))
    none =
        "no extra ghost for open cemeteries (Levels 2-4; 5-6 under "
        "haunted-closed-ghosts=extra-on-open)";
  if (p == Phase::Bury && r.cemetery == CemeteryMode::None)
    none = "no cemeteries, so no meeple is buried (Levels 2-6)";
  if ((p == Phase::HoundPlace || p == Phase::HoundClear) && !r.hounds)
    none = "no hounds (Levels 3-6)";
  if (p == Phase::FaceDown && r.cemetery != CemeteryMode::Haunted)
    none = "no face-down tiles (Levels 5-6)";
  if ((p == Phase::Track || p == Phase::ScoringMeeples) && r.scoring != ScoringTracks::PerColour)
    none = p == Phase::Track ? "one scoring meeple: no track to choose (Level 6)"
                             : "one shared scoring meeple: no colours to choose (Level 6)";
  if (p == Phase::HauntGhost && r.cemetery != CemeteryMode::Haunted)
    none = "no haunted cemeteries (Levels 5-6)";
  if (!none.empty()) return r.name + " has " + none;
  if (s.phase() != p) return "not now: the game waits for " + s.waiting_for();
  return std::nullopt;
}

}  // namespace

namespace {

// A removal naming places (Action::from) that the tile could give in that number, refused:
// the places named do not hold those ghosts, or under per-tile no places may be named.
std::optional<std::string> places_refusal(const State& s, const Action& a) {
  const int cell = s.cell_at(a.x, a.y);
  if (!a.from || cell < 0 || a.count > 3 || a.count > s.mists().cell(cell).ghost_total())
    return std::nullopt;
  if (places_matter(s)) return "those places of the tile do not hold those ghosts";
  return "under ghost-scope=per-tile the ghosts of a tile come off as one: name no places";
}

// Why meeple `m` is not among the burial candidates (bury_candidates), by the rule that
// picked them.
std::string bury_refusal(const State& s, int m) {
  if (m < 0 || m >= static_cast<int>(s.meeples().size())) return "no such meeple";
  const Meeple& mp = s.meeples()[static_cast<size_t>(m)];
  if (is_buried(mp)) return "that meeple is buried already";
  std::vector<int> cands;
  Rules::bury_candidates(s, cands);
  const bool from_supply =
      !cands.empty() && s.meeples()[static_cast<size_t>(cands.front())].cell < 0;
  if (from_supply && mp.cell >= 0)
    return "under bury-when=active-player-none the active player, with none of their own on "
           "the board, buries one from their supply";
  if (!from_supply)
    return "a meeple on the board is buried while one stands there (Dized.MoC.0026: from a "
           "supply only when none does)";
  return "the meeple comes from the active player's supply while it has one "
         "(bury-supply=active-player; any-player: any supply)";
}

// Attempts no state makes legal, refused with the rule they break.
std::optional<std::string> attempt_refusal(const Action& a) {
  if ((a.kind == ActionKind::RemoveGhosts || a.kind == ActionKind::HoundClear) &&
      (a.from & kFromSeveralTiles))
    return a.kind == ActionKind::RemoveGhosts
               ? "ghosts come off one tile per scoring, up to 3 (seed 004 3a: \"van 1 tegel\"); "
                 "the start tile counts as four tiles, so one quarter of it (FAQ.MoC.0001, "
                 "Dized.MoC.0002)"
               : "the hound clears one tile at a time, up to 3 ghosts each, 2 different tiles "
                 "(Dized.MoC.0023, 0024)";
  if (a.kind == ActionKind::Track && a.count > 0) {
    return "the points of a colour without a scoring meeple go to one scoring meeple of your "
           "choice, all of them (seed 004 Level 6: \"welke telmeeple jullie vooruit gaan "
           "zetten\")";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> Rules::mists_apply(State& s, const Action& a) {
  if (std::optional<std::string> why = decision_refusal(s, a.kind)) return why;
  if (std::optional<std::string> why = one_colour_refusal(s, a)) return why;
  if (std::optional<std::string> why = attempt_refusal(a)) return why;
  ActionList legal;
  mists_legal(s, legal);
  bool ok = false;
  for (const Action& l : legal) {
    bool same = l.kind == a.kind;
    switch (a.kind) {
      case ActionKind::TakePoints:
        break;
      case ActionKind::RemoveGhosts:
        same = same && l.x == a.x && l.y == a.y && l.count == a.count && l.from == a.from;
        break;
      case ActionKind::HoundClear:  // "clear stop" (count 0) names no tile
        same = same && l.count == a.count &&
               (a.count == 0 || (l.x == a.x && l.y == a.y && l.from == a.from));
        break;
      case ActionKind::ScoreFirst:  // any tile of the feature names it
        same = same && pending_named(s, a) == pending_named(s, l);
        break;
      case ActionKind::ExtraGhost:
      case ActionKind::FaceDown:
        same = same && l.x == a.x && l.y == a.y;
        break;
      case ActionKind::EmptySymbol:
      case ActionKind::HauntGhost:
        same = same && l.x == a.x && l.y == a.y && l.seg == a.seg;
        break;
      case ActionKind::ScoringMeeples:
        same = same && l.from == a.from;
        break;
      case ActionKind::Bury:
      case ActionKind::HoundPlace:
        same = same && l.meeple == a.meeple;
        break;
      case ActionKind::Track:
        same = same && l.colour == a.colour;
        break;
      default:
        same = false;
    }
    ok = ok || same;
  }
  if (!ok) {
    if (legal.size == 0)
      return std::string("that action is not open now (") + phase_name(s.phase_) + ")";
    switch (a.kind) {
      case ActionKind::RemoveGhosts:
        if (std::optional<std::string> why = places_refusal(s, a)) return why;
        return "that tile does not hold that many ghosts (at most 3 come off one tile)";
      case ActionKind::HoundClear:
        if (std::optional<std::string> why = places_refusal(s, a)) return why;
        return "the hound clears up to 3 ghosts from each of 2 different tiles in the 3x3 area "
               "around it";
      case ActionKind::ScoreFirst:
        if (s.mists_.order_chosen)
          return "the scoring under decision was picked to go first: decide it (points or "
                 "remove-ghosts) before picking another";
        if (pending_named(s, a) < 0) return "that feature is no scoring of this tile still to come";
        return "that scoring has no decision of its own (no meeple on it): it comes in its "
               "turn";
      case ActionKind::FaceDown:
        return "a face-down tile goes on an empty space next to an open cemetery that shares a "
               "side with a placed tile: touching only at a corner is not enough "
               "(Dized.MoC.0052)";
      case ActionKind::ExtraGhost:
        return "the extra ghost goes on an open cemetery";
      case ActionKind::ScoringMeeples:
        return "the team chooses " + std::to_string(s.game().rules().scoring_meeples) +
               " different colours in play (seed 004 Level 6: \"Jullie bepalen de kleuren van "
               "die meeples\")";
      case ActionKind::EmptySymbol:
      case ActionKind::HauntGhost:
        if (const int c = s.cell_at(a.x, a.y); c >= 0 && a.seg >= s.face(c).n_mist)
          return "the tile at " + std::to_string(a.x) + "," + std::to_string(a.y) + " has " +
                 std::to_string(s.face(c).n_mist) + " mist area(s), not a mist " +
                 std::to_string(a.seg + 1);
        if (a.kind == ActionKind::HauntGhost)
          return "the ghost goes on one of the mist areas of the tile the new cemetery haunts (" +
                 s.waiting_for() + ")";
        return "the symbol left empty is one of the new tile's mist areas that show a ghost "
               "symbol (Dized.MoC.0041: \"één spook minder op de tegel\")";
      case ActionKind::Bury:
        return bury_refusal(s, a.meeple);
      case ActionKind::HoundPlace:
        return "the hound goes beside an unburied meeple on the board (seed 004 \"Niveau 3, "
               "Honden\": bij een willekeurige niet-begraven meeple op het speelveld)";
      case ActionKind::Track: {
        std::string tracks;
        for (int c : s.mists_.scorers)
          tracks += std::string(tracks.empty() ? "" : ", ") + s.game().colour_name(c);
        return std::string(a.colour >= 0 && a.colour < kMaxColours ? s.game().colour_name(a.colour)
                                                                   : "that colour") +
               " has no scoring meeple: the points go to one of the team's scoring meeples (" +
               tracks + ")";
      }
      default:
        return std::string("that action is not open now (") + phase_name(s.phase_) + ")";
    }
  }
  switch (a.kind) {
    case ActionKind::TakePoints:
      resolve_scoring(s, true, -1, 0);
      break;
    case ActionKind::RemoveGhosts:
      resolve_scoring(s, false, s.cell_at(a.x, a.y), a.count, a.from);
      break;
    case ActionKind::ScoreFirst: {
      // The scoring named goes first; the others keep their order behind it.
      const int k = pending_named(s, a);
      auto first = s.pending_.begin();
      std::rotate(first + s.pending_index_, first + k, first + k + 1);
      s.mists_.order_chosen = true;
      break;
    }
    case ActionKind::ExtraGhost: {
      int c = s.cell_at(a.x, a.y);
      ++nth(s.mists_.cells, c).ghosts[kCemeterySlot];
      --s.mists_.ghost_supply;
      emit(s, EventKind::GhostsPlaced, FeatureClass::Cemetery, -1, a.x, a.y, 1);
      break;
    }
    case ActionKind::Bury:
      bury(s, a.meeple);
      if (!s.mists_.bury_queue.empty()) {
        if (start_bury(s) == Flow::Decide) return std::nullopt;
      }
      break;
    case ActionKind::HoundPlace:
      hound_place(s, a.meeple);
      if (hound_clear_next(s) == Flow::Decide || s.phase_ == Phase::Over) return std::nullopt;
      break;
    case ActionKind::HoundClear: {
      if (a.count == 0) {
        s.mists_.hound_clears_left = 0;
      } else {
        int c = s.cell_at(a.x, a.y);
        remove_from(s, c, a.count, a.from);
        s.mists_.hound_first_clear = static_cast<int16_t>(c);
        --s.mists_.hound_clears_left;
      }
      if (hound_clear_next(s) == Flow::Decide || s.phase_ == Phase::Over) return std::nullopt;
      break;
    }
    case ActionKind::FaceDown:
      put_face_down(s, a.x, a.y);
      break;
    case ActionKind::ScoringMeeples:
      choose_scorers(s, a.from);
      enter_draw(s);
      return std::nullopt;
    case ActionKind::EmptySymbol:
      fill_symbols(s, a.seg);
      break;
    case ActionKind::HauntGhost:
      haunt(s, s.mists_.haunt_cell, a.seg);
      s.mists_.haunt_cell = -1;
      break;
    case ActionKind::Track: {
      int points = s.mists_.track_queue[0];
      FeatureClass f = static_cast<FeatureClass>(s.mists_.track_queue[1]);
      PendingScore where{static_cast<FeatureClass>(s.mists_.track_queue[2]),
                         s.mists_.track_queue[3]};
      s.mists_.track_queue.erase(s.mists_.track_queue.begin(), s.mists_.track_queue.begin() + 4);
      int track = s.mists_.scorers.track_of(a.colour);
      award(s, EventKind::Scored, track, f, points, where, a.colour);
      break;
    }
    default:
      return "not a Mists action";
  }
  if (s.phase_ != Phase::Over) mists_advance(s);
  return std::nullopt;
}

}  // namespace carcheck
