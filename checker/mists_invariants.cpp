// Mists' invariants (checker/room_invariants.h): ghosts lie only on mist and cemeteries of
// face-up tiles, are neither made nor lost and move only through events, a hound scores the
// ghosts on the board, the tile of a turn brings the ghosts its mist says, hounds keep their
// order, buried meeples lie on closed cemeteries, face-down tiles go where Dized.MoC.0052 says,
// the board's list of cemeteries is its cemeteries; and the rules the shared checker asks the
// room for: when a castle is finished and what it scores, no follower on a misty road under
// misty-road-meeple=clear-only. Read from the public State and the tile faces (the shared
// checker's walks), never from the Mists room's own code.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "checker/room_invariants.h"

namespace carcheck {

namespace {

using Fail = std::optional<std::string>;

std::string at(const State& s, int cell) {
  return std::to_string(s.cell(cell).x) + "," + std::to_string(s.cell(cell).y);
}

bool is_cemetery_cell(const State& s, int c) {
  if (s.hidden(c)) return false;
  const CellFace& f = s.face(c);
  return f.centre >= 0 && f.segments[f.centre].kind == SegmentKind::Cemetery;
}

// The ghosts on the cells, into `board`: none negative, only on mist areas and cemeteries of
// face-up tiles, and as many as ghosts_on_board() says.
Fail ghosts_on_cells(const State& s, int& board) {
  const RuleSet& r = s.game().rules();
  board = 0;
  static_assert(kGhostSlots <= 8, "a cell's ghost counts are read as one word");
  for (int c = 0; c < s.cells(); ++c) {
    uint64_t any = 0;  // most cells hold none: one load and test
    const auto& ghosts = s.mists().cell(c).ghosts;
    std::memcpy(&any, ghosts.data(), kGhostSlots);
    if (any == 0) continue;
    for (int k = 0; k < kGhostSlots; ++k) {
      int n = nth(ghosts, k);
      if (n == 0) continue;
      board += n;
      if (n > 3 * r.ghosts_total + 3)
        return "ghosts: " + std::to_string(n) + " ghosts on one spot of " + at(s, c) +
               " (an underflow?)";
      bool ok =
          !s.hidden(c) && (k == kCemeterySlot ? is_cemetery_cell(s, c) : k < s.face(c).n_mist);
      if (!ok)
        return "ghosts: " + std::to_string(n) + " ghost(s) on " + at(s, c) + " slot " +
               std::to_string(k) + ", which shows no mist or cemetery there";
    }
  }
  if (board != s.mists().ghosts_on_board())
    return "ghosts: ghosts_on_board() says " + std::to_string(s.mists().ghosts_on_board()) +
           ", the cells hold " + std::to_string(board);
  return std::nullopt;
}

// Supply + board + box = the rule set's total, the box holding the level's share (seed 004
// "Spelvoorbereiding"). A rule set without ghosts has a total of 0: none anywhere.
Fail ghost_conservation(const State& s, int board_ghosts) {
  const RuleSet& r = s.game().rules();
  if (s.mists().ghost_supply < 0)
    return "ghosts: the supply is negative (" + std::to_string(s.mists().ghost_supply) + ")";
  if (s.mists().ghost_box != r.ghosts_total - r.ghosts_in_play)
    return "ghosts: the box holds " + std::to_string(s.mists().ghost_box) + ", the level puts " +
           std::to_string(r.ghosts_total - r.ghosts_in_play) + " there";
  const int sum = s.mists().ghost_supply + board_ghosts + s.mists().ghost_box;
  if (sum != r.ghosts_total)
    return r.ghosts_total == 0
               ? std::string("ghosts in a game without ghosts")
               : "ghosts not conserved: supply " + std::to_string(s.mists().ghost_supply) +
                     " + board " + std::to_string(board_ghosts) + " + box " +
                     std::to_string(s.mists().ghost_box) + " = " + std::to_string(sum) + ", not " +
                     std::to_string(r.ghosts_total);
  return std::nullopt;
}

// Does the new cell's mist meet mist of a tile placed before (Dized.MoC.0041)?
bool touches_bank(const State& s, int cell) {
  const PlacedCell& pc = s.cell(cell);
  const CellFace& f = s.face(cell);
  for (int side = 0; side < kSides; ++side) {
    int nb = s.cell_at(pc.x + kDx[side], pc.y + kDy[side]);
    if (nb < 0 || s.hidden(nb) || s.cell(nb).placement == pc.placement) continue;
    const CellFace& nf = s.face(nb);
    for (int k = 0; k < kPortsPerSide; ++k) {
      int p = port_of(side, k);
      if (f.port_mist[p] >= 0 && nf.port_mist[facing_port(p)] >= 0) return true;
    }
  }
  return false;
}

class MistsCheck final : public RoomCheck {
 public:
  explicit MistsCheck(const State& start)
      : prev_cells_(start.cells()),
        prev_board_ghosts_(start.mists().ghosts_on_board()),
        misty_roads_refused_(start.game().switches().misty_road_meeple ==
                             MistyRoadMeeple::ClearOnly) {
    for (const Hound& h : start.mists().hounds) prev_hounds_.push_back(h.status);
  }

  Fail after_action(const State& s, const Action&, const BoardCounts& board) override {
    int ghosts = 0;
    if (Fail f = ghosts_on_cells(s, ghosts)) return f;
    if (Fail f = ghost_conservation(s, ghosts)) return f;
    if (Fail f = ghost_ledger(s, ghosts)) return f;
    if (Fail f = face_down_cells(s)) return f;
    if (Fail f = face_down_counts(s)) return f;
    if (Fail f = buried(s, board.buried)) return f;
    return hounds(s);
  }

  Fail turn_action(const State& s, const Action&, int placed, CheckerView& v) override {
    if (placed >= 0) {
      placed_this_turn_ = true;
      // 1b: the mist banks this tile finished, by the geometry; 2a: the ghosts it brings
      // (none on a tile without mist or ghost symbols).
      const CellFace& f = s.face(placed);
      const bool rules_text = s.game().switches().face_down_haunting == FaceDownHaunting::RulesText;
      seen_.clear();
      for (int m = 0; m < f.n_mist; ++m) {
        const MistWalk w = v.walk_mist(s, placed, m);
        if (std::find(seen_.begin(), seen_.end(), w.key) != seen_.end()) continue;
        seen_.push_back(w.key);
        const bool blocked = w.clear || (w.haunted && !rules_text);
        banks_expected_ += w.open == 0 && !blocked;
      }
      mist_symbols_ = f.ghost_symbols;
      extends_bank_ = f.n_mist > 0 && touches_bank(s, placed);
    }
    for (const Event& e : s.events()) {
      if (e.kind == EventKind::BankFinished) ++banks_reported_;
      if (e.kind == EventKind::GhostsPlaced && e.feature == FeatureClass::MistBank)
        mist_ghosts_ += e.value;
      if (e.kind == EventKind::GhostsPlaced && e.feature == FeatureClass::Cemetery)
        cemetery_ghosts_ += e.value;
      if (e.kind == EventKind::GameLost && e.extra == static_cast<int>(EndReason::GhostSupplyShort))
        lost_short_ = true;
    }
    return std::nullopt;
  }

  bool counts_finished(FeatureClass f) const override { return f == FeatureClass::MistBank; }

  // A castle with all 8 spaces filled is finished unless a face-down tile around it haunts it
  // (Dized.MoC.0018; face-down-haunting=rules-text: the orthogonal ones only). It scores 2 for
  // itself and 2 per surrounding tile showing mist (Dized.MoC.0030, 0031). One whose last
  // space a face-down tile filled (possible only under rules-text, diagonally) is never
  // scored: face-down tiles finish nothing but cemeteries, and no face-up tile can come to
  // finish it later, so its follower stays.
  std::optional<Centre> centre(const State& s, int cell) const override {
    const CellFace& f = s.face(cell);
    if (f.segments[f.centre].kind != SegmentKind::Castle) return std::nullopt;
    const PlacedCell& pc = s.cell(cell);
    int occupied = 0, fd = 0, fd_orth = 0, misty = 1;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int nb = (dx || dy) ? s.cell_at(pc.x + dx, pc.y + dy) : -1;
        if (nb < 0) continue;
        ++occupied;
        if (s.hidden(nb)) {
          ++fd;
          fd_orth += !dx || !dy;
        } else if (s.face(nb).mist_ports) {
          ++misty;
        }
      }
    const bool rules_text = s.game().switches().face_down_haunting == FaceDownHaunting::RulesText;
    Centre c;
    c.finished = occupied == 8 && (rules_text ? fd_orth : fd) == 0;
    c.value = 2 * misty;
    c.never_scores = fd > 0;
    return c;
  }

  // A face-down tile drawn is in hand until it is put down; Level 6's scoring meeples are out
  // of every supply (Game::scoring_meeples_from_supply).
  bool holds_drawn_tile(Phase p) const override { return p == Phase::FaceDown; }
  int meeples_held(const State& s) const override {
    return s.game().scoring_meeples_from_supply() ? static_cast<int>(s.mists().scorers.size()) : 0;
  }

  // misty-road-meeple=clear-only: no follower on a road that shows mist (FAQ.MoC.0002).
  bool refuses_in_mist(SegmentKind k) const override {
    return k == SegmentKind::Road && misty_roads_refused_;
  }

  // The board's list of cemeteries (MistsState::cemeteries), kept as tiles go down, is the
  // face-up cemetery cells in cell order.
  Fail full_check(const State& s) override {
    size_t listed = 0;
    const std::vector<int16_t>& cemeteries = s.mists().cemeteries;
    for (int c = 0; c < s.cells(); ++c) {
      if (!is_cemetery_cell(s, c)) continue;
      if (listed >= cemeteries.size() || cemeteries[listed] != c)
        return "board: the cemetery on " + at(s, c) + " is not in the board's list of cemeteries";
      ++listed;
    }
    if (listed != cemeteries.size())
      return "board: the board lists " + std::to_string(cemeteries.size()) + " cemeteries, " +
             std::to_string(listed) + " are on it";
    return std::nullopt;
  }

  // Mist (a tile without mist or symbols expects no bank and no ghost).
  Fail close_turn(const State& s, bool) override { return mist_of_the_turn(s); }
  void next_turn() override {
    placed_this_turn_ = false;
    banks_expected_ = banks_reported_ = mist_ghosts_ = cemetery_ghosts_ = mist_symbols_ = 0;
    extends_bank_ = lost_short_ = false;
  }

 private:
  Fail mist_of_the_turn(const State& s) const {
    if (!placed_this_turn_) return std::nullopt;
    if (banks_reported_ != banks_expected_)
      return "mist: the tile finished " + std::to_string(banks_expected_) +
             " mist bank(s) by the geometry, " + std::to_string(banks_reported_) + " reported";
    if (banks_expected_ > 0) {
      if (mist_ghosts_ > 0)
        return "mist: the tile that finished a mist bank placed " + std::to_string(mist_ghosts_) +
               " ghost(s) on its mist (11/2022, footnote 9: none)";
      if (s.game().rules().cemetery == CemeteryMode::Orthogonal && cemetery_ghosts_ > 0)
        return "mist: the tile that finished a mist bank put an extra ghost on a cemetery "
               "(11/2022: none)";
    } else if (!lost_short_) {
      int want = std::max(0, mist_symbols_ - (extends_bank_ ? 1 : 0));
      if (mist_ghosts_ != want)
        return "mist: the tile shows " + std::to_string(mist_symbols_) + " ghost symbol(s)" +
               (extends_bank_ ? " and extends a mist bank" : "") + ", so " + std::to_string(want) +
               " ghost(s) go on it (Dized.MoC.0041), not " + std::to_string(mist_ghosts_);
    }
    return std::nullopt;
  }

  // Ghosts move only through events: the action's events over the board before it give the
  // board after it. A hound scores the ghosts on the board at that moment (Dized.MoC.0022).
  Fail ghost_ledger(const State& s, int board_ghosts) {
    int ghosts = prev_board_ghosts_;
    for (const Event& e : s.events()) {
      switch (e.kind) {
        case EventKind::GhostsPlaced:
          if (e.value <= 0)
            return "events: ghosts-placed with " + std::to_string(e.value) + " ghosts";
          ghosts += e.value;
          break;
        case EventKind::GhostsRemoved:
          if (e.value <= 0)
            return "events: ghosts-removed with " + std::to_string(e.value) + " ghosts";
          ghosts -= e.value;
          break;
        case EventKind::HoundScored:
          if (e.value != ghosts)
            return "a hound scored " + std::to_string(e.value) + " points while " +
                   std::to_string(ghosts) +
                   " ghosts were on the board (Dized.MoC.0022: 1 per ghost on the board at that "
                   "moment)";
          break;
        default:
          break;
      }
    }
    // ghosts_on_cells() found ghosts_on_board() equal to the ghosts the cells hold.
    if (ghosts != board_ghosts)
      return "ghosts moved without events: the events leave " + std::to_string(ghosts) +
             " on the board, it holds " + std::to_string(board_ghosts);
    prev_board_ghosts_ = ghosts;
    return std::nullopt;
  }

  // A face-down tile put on the board lies beside a cemetery and shares a side with a placed
  // tile: a corner alone is not enough (Dized.MoC.0052).
  Fail face_down_cells(const State& s) {
    for (int c = prev_cells_; c < s.cells(); ++c) {
      const PlacedCell& pc = s.cell(c);
      if (!pc.hidden) continue;
      bool beside = false;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          int nb = s.cell_at(pc.x + dx, pc.y + dy);
          beside = beside || (nb >= 0 && is_cemetery_cell(s, nb));
        }
      if (!beside) return "board: the face-down tile on " + at(s, c) + " lies beside no cemetery";
      bool side = false;
      for (int k = 0; k < kSides; ++k) side = side || s.cell_at(pc.x + kDx[k], pc.y + kDy[k]) >= 0;
      if (!side)
        return "board: the face-down tile on " + at(s, c) +
               " shares no side with a placed tile (Dized.MoC.0052)";
    }
    prev_cells_ = s.cells();
    return std::nullopt;
  }

  // Each cell's count of face-down tiles among the 8 around (MistsCell::fd8, which a castle's
  // haunting reads), from the grid; and the seals the room declares for a face-down tile's
  // neighbours (RuleSystem::hidden_seals, which the shared region check holds the union-find
  // to): roads and cities always, mist banks unless face-down-haunting=rules-text
  // (Dized.MoC.0019, 0043).
  Fail face_down_counts(const State& s) const {
    const bool rules_text = s.game().switches().face_down_haunting == FaceDownHaunting::RulesText;
    const unsigned want =
        RuleSystem::kSealsFeatures | (rules_text ? 0u : unsigned{RuleSystem::kSealsMist});
    if (s.game().hidden_seals() != want)
      return "regions: the room seals " + std::to_string(s.game().hidden_seals()) +
             " beside a face-down tile, the rules " + std::to_string(want);
    for (int c = 0; c < s.cells(); ++c) {
      const PlacedCell& pc = s.cell(c);
      int fd = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int nb = (dx || dy) ? s.cell_at(pc.x + dx, pc.y + dy) : -1;
          fd += nb >= 0 && s.hidden(nb);
        }
      if (s.mists().cell(c).fd8 != fd)
        return "board: the tile on " + at(s, c) + " counts " +
               std::to_string(s.mists().cell(c).fd8) + " face-down tiles around, the board shows " +
               std::to_string(fd);
    }
    return std::nullopt;
  }

  // Buried on a closed cemetery, one per cemetery, for good (Dized.MoC.0026). The shared
  // meeple count lists the buried ones (BoardCounts::buried): the few there are, not all.
  Fail buried(const State& s, std::span<const int> buried_meeples) {
    const bool haunted_mode = s.game().rules().cemetery == CemeteryMode::Haunted;
    cemeteries_.clear();
    for (const int i : buried_meeples) {
      const Meeple& m = s.meeples()[static_cast<size_t>(i)];
      if (m.cell >= s.cells()) return "meeples: a meeple on a cell that does not exist";
      if (!is_cemetery_cell(s, m.cell))
        return "meeples: a buried meeple lies on " + at(s, m.cell) + ", which is no cemetery";
      const PlacedCell& pc = s.cell(m.cell);
      int occupied = 0, orth = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          if ((dx || dy) && s.cell_at(pc.x + dx, pc.y + dy) >= 0) {
            ++occupied;
            orth += !dx || !dy;
          }
      const bool closed = haunted_mode ? occupied == 8 : orth == 4;
      if (!closed) return "meeples: a meeple is buried on the open cemetery on " + at(s, m.cell);
      if (std::find(cemeteries_.begin(), cemeteries_.end(), m.cell) != cemeteries_.end())
        return "meeples: two meeples buried on the cemetery on " + at(s, m.cell);
      cemeteries_.push_back(m.cell);
    }
    return std::nullopt;
  }

  // Hounds: waiting -> placed or lost; placed -> scored or removed; a placed hound lies by an
  // unburied meeple on the board.
  Fail hounds(const State& s) {
    for (size_t h = 0; h < s.mists().hounds.size(); ++h) {
      const Hound& hd = s.mists().hounds[h];
      int before = prev_hounds_[h], now = hd.status;
      bool ok = now == before ||
                (before == Hound::Waiting && (now == Hound::Placed || now == Hound::Lost)) ||
                (before == Hound::Placed && (now == Hound::Scored || now == Hound::Removed));
      if (!ok)
        return "hounds: hound " + std::to_string(h + 1) + " went from status " +
               std::to_string(before) + " to " + std::to_string(now);
      if (now == Hound::Placed) {
        if (hd.meeple < 0 || hd.meeple >= static_cast<int>(s.meeples().size()))
          return "hounds: a placed hound by no meeple";
        const Meeple& m = s.meeples()[static_cast<size_t>(hd.meeple)];
        if (!m.on_feature())
          return "hounds: a placed hound whose meeple is off the board or buried";
      }
      prev_hounds_[h] = now;
    }
    return std::nullopt;
  }

  int prev_cells_;
  int prev_board_ghosts_;
  bool misty_roads_refused_;
  std::vector<int> prev_hounds_;
  bool placed_this_turn_ = false;
  int banks_expected_ = 0, banks_reported_ = 0;  // mist banks the tile of this turn finished
  int mist_ghosts_ = 0, cemetery_ghosts_ = 0;    // ghosts placed this turn, by class
  int mist_symbols_ = 0;
  bool extends_bank_ = false, lost_short_ = false;
  std::vector<int> seen_, cemeteries_;  // scratch, kept between actions
};

// Whether a tile of the game shows mist or a castle (the pieces whose rules the shared checker
// asks the room for).
bool shows_mist_or_castles(const Game& g) {
  for (const TileType& t : g.tiles())
    for (const CellFace& f : t.rot[0])
      if (f.n_mist > 0 || (f.centre >= 0 && f.segments[f.centre].kind == SegmentKind::Castle))
        return true;
  return false;
}

// The Mists checks run in a game with ghosts, hounds, cemeteries, mist or castles (every
// Mists level); another rule set has none of them to check.
std::unique_ptr<RoomCheck> make_mists_check(const State& start) {
  const RuleSet& r = start.game().rules();
  if (r.ghosts_total == 0 && !r.hounds && r.cemetery == CemeteryMode::None &&
      !shows_mist_or_castles(start.game()))
    return nullptr;
  return std::make_unique<MistsCheck>(start);
}

constexpr RoomCheckEntry kChecks[] = {
    {"mists: ghosts, mist, castles, hounds, burials", make_mists_check}};

}  // namespace

std::span<const RoomCheckEntry> mists_checks() { return kChecks; }

}  // namespace carcheck
