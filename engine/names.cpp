// Names of enums, for events, refusals, renderings and the spec language.
#include <string>

#include "engine/action.h"
#include "engine/rules_impl.h"
#include "engine/state.h"

namespace carcheck {

namespace {

// Read from the emit() calls of the rule steps; a new kind or a new use of a field is
// written here. `who` of Scored is a player in competitive games, a track in Mists; its
// `extra` is the colour whose meeples scored.
constexpr EventFields kEvents[kEventKindCount] = {
    {"tile-drawn", "player", false, "tile", nullptr},
    {"tile-set-aside", "player", false, "tile", nullptr},
    {"tile-placed", "player", true, "tile", "rotation"},
    {"meeple-placed", "colour", true, "segment", nullptr},
    {"feature-finished", nullptr, false, nullptr, nullptr},
    {"scored", "player or track", true, "points", "colour"},
    {"meeple-returned", "colour", true, nullptr, nullptr},
    {"ghosts-placed", nullptr, true, "ghosts", nullptr},
    {"ghosts-removed", nullptr, true, "ghosts", nullptr},
    {"bank-finished", nullptr, true, "ghosts removed", "tiles"},
    {"cemetery-closed", nullptr, true, nullptr, nullptr},
    {"meeple-buried", "colour", true, "meeple", nullptr},
    {"hound-placed", "colour", true, "hound", nullptr},
    {"hound-lost", nullptr, false, "hound", nullptr},
    {"hound-scored", "colour", false, "points", nullptr},
    {"hound-removed", "colour", false, nullptr, nullptr},
    {"pile-switched", nullptr, false, "pile", "tiles moved"},
    {"face-down-placed", nullptr, true, "tile", nullptr},
    {"game-won", nullptr, false, "score", "end reason"},
    {"game-lost", nullptr, false, "score", "end reason"},
    {"game-ended", nullptr, false, nullptr, "end reason"},
    {"final-scored", "player", true, "points", "colour"},
    {"bridge-built", "player", true, "axis", nullptr},
    {"castle-built", "player", true, nullptr, nullptr},
    {"bazaar-opened", "player", false, "tiles", nullptr},
    {"bazaar-ignored", "player", false, "tiles left", nullptr},
    {"bazaar-bid", "player", false, "bid", nullptr},
    {"bazaar-tile-taken", "player", false, "tile", "price"},
    {"bazaar-paid", "player", false, "points", "other player"},
};
static_assert(static_cast<int>(EventKind::BazaarPaid) + 1 == kEventKindCount);

}  // namespace

const EventFields& event_fields(EventKind k) { return kEvents[static_cast<int>(k)]; }

const char* event_name(EventKind k) { return event_fields(k).name; }

std::string describe(const Event& e) {
  const EventFields& f = event_fields(e.kind);
  std::string out = f.name;
  if (e.feature != FeatureClass::None) out += std::string(" ") + feature_class_name(e.feature);
  std::string sep = ": ";
  auto field = [&](const char* what, int v) {
    if (!what) return;
    out += sep + what + " " + std::to_string(v);
    sep = ", ";
  };
  field(f.who, e.who);
  if (f.at) {
    out += sep + "at " + std::to_string(e.x) + "," + std::to_string(e.y);
    sep = ", ";
  }
  field(f.value, e.value);
  field(f.extra, e.extra);
  return out;
}

const char* feature_class_name(FeatureClass f) {
  static const char* names[] = {"road",     "city",      "monastery", "field",  "castle",
                                "cemetery", "mist-bank", "hound",     "bazaar", "none"};
  return names[static_cast<int>(f)];
}

const char* score_class_label(FeatureClass f) {
  static const char* names[] = {"roads",      "cities",     "monasteries", "farms",   "castles",
                                "cemeteries", "mist-banks", "hounds",      "bazaars", "none"};
  return names[static_cast<int>(f)];
}

const char* end_reason_text(EndReason r) {
  switch (r) {
    case EndReason::None:
      return "none";
    case EndReason::GoalReached:
      return "goal-reached";
    case EndReason::TilesExhausted:
      return "no-tiles-left";
    case EndReason::GhostSupplyShort:
      return "ghost-supply-short";
    case EndReason::PileBelowThreshold:
      return "pile-out-below-threshold";
    case EndReason::AllTilesPlayed:
      return "all-tiles-played";
  }
  return "?";
}

const char* phase_name(Phase p) {
  static const char* names[] = {
      "draw",       "place",       "meeple",          "score-choice",   "extra-ghost",
      "bury",       "hound-place", "hound-clear",     "face-down-draw", "face-down",
      "track",      "bridge",      "castle-choice",   "castle-score",   "bazaar-select",
      "bazaar-bid", "bazaar-deal", "scoring-meeples", "empty-symbol",   "haunt",
      "over"};
  static_assert(sizeof(names) / sizeof(names[0]) == static_cast<size_t>(Phase::Over) + 1);
  return names[static_cast<int>(p)];
}

// ---- Decisions in words (refusals and spec reports) -------------------------------------------

namespace {

std::string xy_text(int x, int y) { return std::to_string(x) + "," + std::to_string(y); }

}  // namespace

// Shown at the tile placed this turn when it is part of the feature (the tile the players
// just put down), else at the feature's own cell (a monastery or castle, a region's root).
void Rules::scoring_spot(const State& s, const PendingScore& p, int& cell, int& seg) {
  const bool centre = p.feature == FeatureClass::Monastery || p.feature == FeatureClass::Castle;
  cell = centre ? p.node : node_cell(p.node);
  seg = centre ? -1 : p.node - segment_node(cell, 0);
  if (!centre && s.new_cell_ >= 0)
    for (int k = 0; k < s.face(s.new_cell_).n_segments; ++k)
      if (find_const(s, segment_node(s.new_cell_, k)) == p.node) cell = s.new_cell_, seg = k;
}

std::string Rules::scoring_text(const State& s, const PendingScore& p) {
  int cell = -1, seg = -1;
  scoring_spot(s, p, cell, seg);
  const PlacedCell& c = nth(s.cells_, cell);
  // A port tells two features of one kind on that tile apart (road:E, as actions write it).
  std::string port;
  const CellFace& face = s.face(cell);
  int same_kind = 0;
  for (int k = 0; seg >= 0 && k < face.n_segments; ++k)
    same_kind += face.segments[k].kind == nth(face.segments, seg).kind;
  for (int q = 0; same_kind > 1 && port.empty() && q < kPorts; ++q)
    if (nth(face.segments, seg).links & (1u << q))
      port = std::string(":") + kSideNames[side_of(q)] +
             (p.feature == FeatureClass::Field ? std::string(1, "lcr"[q % kPortsPerSide]) : "");
  std::array<int, kMaxColours> per{};
  meeples_on(s, p, per);
  std::string colours;
  for (int k = 0; k < kMaxColours; ++k)
    if (nth(per, k) > 0) colours += std::string(colours.empty() ? "" : ", ") + kColourNames[k];
  return std::string("the ") + feature_class_name(p.feature) + port + " at " + xy_text(c.x, c.y) +
         " (" + std::to_string(feature_value(s, p, false)) + " points; meeples of " +
         (colours.empty() ? "no colour" : colours) + ")";
}

std::string Rules::waiting_for(const State& s) {
  const std::string hound = "hound " + std::to_string(s.hound_active_ + 1);
  switch (s.phase_) {
    case Phase::Draw:
      if (s.bcb_.bazaar == BazaarStage::Reveal)
        return "bazaar tile " + std::to_string(s.bcb_.revealed_count + 1) + " of " +
               std::to_string(s.game_->players()) + " to be revealed: draw <tile>";
      return "a tile to be drawn: draw <tile>";
    case Phase::Place:
      return "the drawn tile to be placed: place x,y rN";
    case Phase::Meeple:
      return "a meeple on the new tile, or none: meeple <feature> [colour], or pass";
    case Phase::ScoreChoice: {
      bool others = false;
      for (size_t k = static_cast<size_t>(s.pending_index_) + 1; k < s.pending_.size(); ++k)
        others = others || (!s.order_chosen_ && scoring_decided(s, s.pending_[k]));
      return "the scoring of " + scoring_text(s, nth(s.pending_, s.pending_index_)) +
             ": points, or remove-ghosts x,y N" +
             (others ? " (or score-first x,y <feature>: another scoring of this tile first)" : "");
    }
    case Phase::ExtraGhost:
      return "the open cemetery that takes the extra ghost: extra-ghost x,y";
    case Phase::Bury: {
      const PlacedCell& c = nth(s.cells_, s.bury_queue_.front());
      return "the meeple that the cemetery at " + xy_text(c.x, c.y) +
             " buries: bury <colour>@x,y or bury <colour>@supply";
    }
    case Phase::HoundPlace:
      return "the meeple " + hound + " lies by: hound <colour>@x,y";
    case Phase::HoundClear:
      return hound + "'s clearing: clear x,y N, or clear stop";
    case Phase::FaceDownDraw:
      return "the face-down tile to be drawn: draw <tile>";
    case Phase::FaceDown:
      return "the place of the face-down tile: face-down x,y";
    case Phase::Bridge:
      return "a bridge on the tile just placed or beside it, or none: bridge x,y <axis>, or pass";
    case Phase::CastleChoice:
      return "the occupant's choice for the finished small city: castle, or pass (score it)";
    case Phase::CastleScore:
      return "the finished feature of its fief the castle scores: castle-score x,y <feature>";
    case Phase::BazaarSelect:
      return "the bazaar tile the selector takes: select <tile> <bid> (select <tile> without bids)";
    case Phase::BazaarBid:
      return "a higher bid on the selected bazaar tile: bid N, or pass";
    case Phase::BazaarDeal:
      return "the selector's deal with the highest bidder: buy, or sell";
    case Phase::Track:
      return "the track that takes " + std::to_string(s.track_queue_.front()) +
             " points of a colour without a scoring meeple: track <colour>";
    case Phase::ScoringMeeples:
      return "the team's choice of the " + std::to_string(s.game_->rules().scoring_meeples) +
             " colours with a scoring meeple: scoring-meeples <colour> <colour> <colour>";
    case Phase::EmptySymbol:
      return "the ghost symbol left empty on the tile that extended a mist bank (one ghost "
             "fewer): empty-symbol x,y mist K";
    case Phase::HauntGhost: {
      const PlacedCell& c = s.cell(s.haunt_cell_);
      return "the mist area of the tile at " + xy_text(c.x, c.y) +
             " that the new cemetery's ghost goes on: haunt x,y mist K";
    }
    case Phase::Over:
      return "nothing: the game is over";
  }
  return "?";
}

std::string State::waiting_for() const { return Rules::waiting_for(*this); }

std::optional<PendingScore> State::scoring_under_decision() const {
  if (phase_ != Phase::ScoreChoice) return std::nullopt;
  return nth(pending_, pending_index_);
}

}  // namespace carcheck
