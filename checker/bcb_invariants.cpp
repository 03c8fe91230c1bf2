// Bridges, Castles and Bazaars' invariants (checker/room_invariants.h): bridges and castle
// tokens are neither made nor lost; a bridge's road is scored when finished; a castle scores
// a value its fief's features gave, never in the scoring that built it; a small city turned
// into a castle reports no finished city; a tile set aside fits nowhere even with a bridge;
// a bridge is offered only where seed 003 "Podurile" allows it. Read from the public State and
// checker/bcb_geometry.h, never from the room's own code.
#include <memory>
#include <span>
#include <vector>

#include "checker/bcb_geometry.h"
#include "checker/room_invariants.h"

namespace carcheck {

namespace {

using Fail = std::optional<std::string>;

// Seed 003 "Pregătire": 3 of each per player with 2-4 players, 2 with 5-6: supply + board =
// the players' share. A rule set that gives none has none to conserve (and no board walk).
Fail bcb_conservation(const State& s, const BoardCounts&) {
  const RuleSet& r = s.game().rules();
  const int players = s.game().players();
  const bool few = players <= 4;
  const int want_bridges = players * (few ? r.bridges_per_player_2_4 : r.bridges_per_player_5_6);
  const int want_tokens = players * (few ? r.castles_per_player_2_4 : r.castles_per_player_5_6);
  if (want_bridges == 0 && want_tokens == 0) return std::nullopt;
  int bridges = 0, tokens = 0;
  for (int p = 0; p < players; ++p) {
    const int b = s.bcb().bridges[static_cast<size_t>(p)];
    const int t = s.bcb().castle_tokens[static_cast<size_t>(p)];
    if (b < 0 || t < 0) return "bcb: a negative supply of bridges or castle tokens";
    bridges += b;
    tokens += t;
  }
  for (int c = 0; c < s.cells(); ++c) bridges += bridge_axis_at(s, c) >= 0;
  tokens += s.bcb().castle_count;
  if (bridges != want_bridges)
    return "bcb: bridges not conserved: supply + board = " + std::to_string(bridges) + ", not " +
           std::to_string(want_bridges);
  if (tokens != want_tokens)
    return "bcb: castle tokens not conserved: supply + castles = " + std::to_string(tokens) +
           ", not " + std::to_string(want_tokens);
  return std::nullopt;
}

class BcbCheck final : public RoomCheck {
 public:
  explicit BcbCheck(const State& start)
      : castle_tokens_(start.game().rules().castles_per_player_2_4 > 0 ||
                       start.game().rules().castles_per_player_5_6 > 0) {}

  Fail turn_action(const State& s, const Action& a, int placed, CheckerView& v) override {
    // A bridge may finish the road it joins: placed with the tile, or built after it.
    if (placed >= 0 && bridge_axis_at(s, placed) >= 0) v.expect_if_finished(s, placed, kBridgeSeg);
    for (const Event& e : s.events())
      if (e.kind == EventKind::BridgeBuilt)
        v.expect_if_finished(s, s.cell_at(e.x, e.y), kBridgeSeg);
    // The castles built since the last placement have not scored: a castle scores only in a
    // later scoring than the one that built it (seed 003 fn 31).
    if (a.kind == ActionKind::Place) fresh_from_ = s.bcb().castle_count;
    for (int i = fresh_from_; i < s.bcb().castle_count; ++i)
      if (s.bcb().castles[static_cast<size_t>(i)].scored)
        return "scoring: a castle scored in the scoring that built it (seed 003 fn 31: only a "
               "later one)";
    for (const Event& e : s.events()) {
      if (e.kind == EventKind::CastleBuilt) ++castles_built_;
      // A castle scores the full value of a feature finished in its fief this turn, or the
      // points of a castle beside it that scored (seed 003 fn 34, 36): a value the turn's
      // geometry or an earlier castle scoring gave.
      if (checks_scoring(e)) {
        bool match = false;
        for (const ExpectedFeature& x : v.expected()) match = match || x.value == e.value;
        for (int c : castle_values_) match = match || c == e.value;
        if (!match)
          return "scoring: a castle scored " + std::to_string(e.value) +
                 " points, but no feature finished this turn is worth that (seed 003 fn 34)";
        castle_values_.push_back(e.value);
      }
      // Set aside without the player's `discard`, it must not fit with a bridge either.
      if (e.kind == EventKind::TileSetAside && a.kind != ActionKind::Discard &&
          s.game().adds_placements() &&
          bridged_placements_by_geometry(s, e.who, static_cast<TileId>(e.value)) > 0)
        return "a tile was set aside as unplaceable, but it fits with a bridge (seed 003 fn 17)";
    }
    return std::nullopt;
  }

  bool checks_scoring(const Event& e) const override {
    return castle_tokens_ && e.kind == EventKind::Scored && e.feature == FeatureClass::Castle;
  }
  // A small city turned into a castle is not finished and reports no scoring (seed 003 fn 24).
  int finished_elsewhere(FeatureClass f) const override {
    return f == FeatureClass::City ? castles_built_ : 0;
  }
  bool counts_finished(FeatureClass f) const override {
    return castle_tokens_ && f == FeatureClass::Castle;
  }
  // Its follower stays until its castle scores (seed 003 fn 31).
  // Tiles a bazaar revealed that nobody has taken into a placement turn yet.
  int tiles_held(const State& s) const override { return s.bcb().bazaar_tiles_waiting(); }

  bool keeps_meeple(const State& s, int m) const override {
    for (int i = 0; i < s.bcb().castle_count; ++i) {
      const CastleRecord& c = s.bcb().castles[static_cast<size_t>(i)];
      if (!c.scored && c.meeple == m) return true;
    }
    return false;
  }
  void next_turn() override {
    castles_built_ = 0;
    castle_values_.clear();
  }

  // The bridge step offers only bridges seed 003 "Podurile" allows.
  Fail check_legal(const State& s, const ActionList& legal) override {
    if (s.phase() != Phase::Bridge) return std::nullopt;
    const PlacedCell& placed = s.cell(s.new_cell());
    for (const Action& a : legal) {
      if (a.kind == ActionKind::Pass) continue;
      if (a.kind != ActionKind::Bridge || a.count < 0 || a.count >= kBridgeAxes ||
          !bridge_allowed(s, s.active_player(), placed.x, placed.y, a.x, a.y,
                          static_cast<BridgeAxis>(a.count)))
        return "legal actions: a bridge at " + std::to_string(a.x) + "," + std::to_string(a.y) +
               " is offered that seed 003 \"Podurile\" does not allow";
    }
    return std::nullopt;
  }

 private:
  bool castle_tokens_;
  int castles_built_ = 0;           // small cities turned castles, this turn
  std::vector<int> castle_values_;  // castle scorings this turn
  int fresh_from_ = 0;  // the castles from this index on: built since the last placement
};

// Whether a tile of the game shows a bazaar.
bool shows_bazaars(const Game& g) {
  for (const TileType& t : g.tiles())
    for (const CellFace& f : t.rot[0])
      if (f.marks & kMarkBazaar) return true;
  return false;
}

// A rule set with bridges, castle tokens or bazaars (Bridges, Castles and Bazaars).
std::unique_ptr<RoomCheck> make_bcb_check(const State& start) {
  const RuleSet& r = start.game().rules();
  if (r.bridges_per_player_2_4 == 0 && r.bridges_per_player_5_6 == 0 &&
      r.castles_per_player_2_4 == 0 && r.castles_per_player_5_6 == 0 &&
      !shows_bazaars(start.game()))
    return nullptr;
  return std::make_unique<BcbCheck>(start);
}

constexpr RoomInvariant kInvariants[] = {
    {"bcb: bridge and castle-token conservation", bcb_conservation}};
constexpr RoomCheckEntry kChecks[] = {{"bcb: bridges, castles, set-aside tiles", make_bcb_check}};

}  // namespace

std::span<const RoomInvariant> bcb_invariants() { return kInvariants; }
std::span<const RoomCheckEntry> bcb_checks() { return kChecks; }

}  // namespace carcheck
