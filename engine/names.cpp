// Names of enums, for events, refusals, renderings and the spec language.
#include <string>

#include "engine/action.h"
#include "engine/rules_impl.h"
#include "engine/state.h"

namespace carcheck {

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
    if (nth(per, k) > 0)
      colours += std::string(colours.empty() ? "" : ", ") + s.game().colour_name(k);
  return std::string("the ") + feature_class_name(p.feature) + port + " at " + xy_text(c.x, c.y) +
         " (" + std::to_string(feature_value(s, p, false)) + " points; meeples of " +
         (colours.empty() ? "no colour" : colours) + ")";
}

std::string Rules::waiting_for(const State& s) {
  const std::string hound = "hound " + std::to_string(s.mists_.hound_active + 1);
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
        others = others || (!s.mists_.order_chosen && scoring_decided(s, s.pending_[k]));
      return "the scoring of " + scoring_text(s, nth(s.pending_, s.pending_index_)) +
             ": points, or remove-ghosts x,y N" +
             (others ? " (or score-first x,y <feature>: another scoring of this tile first)" : "");
    }
    case Phase::ExtraGhost:
      return "the open cemetery that takes the extra ghost: extra-ghost x,y";
    case Phase::Bury: {
      const PlacedCell& c = nth(s.cells_, s.mists_.bury_queue.front());
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
      return "the track that takes " + std::to_string(s.mists_.track_queue.front()) +
             " points of a colour without a scoring meeple: track <colour>";
    case Phase::ScoringMeeples:
      return "the team's choice of the " + std::to_string(s.game_->rules().scoring_meeples) +
             " colours with a scoring meeple: scoring-meeples <colour> <colour> <colour>";
    case Phase::EmptySymbol:
      return "the ghost symbol left empty on the tile that extended a mist bank (one ghost "
             "fewer): empty-symbol x,y mist K";
    case Phase::HauntGhost: {
      const PlacedCell& c = s.cell(s.mists_.haunt_cell);
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
