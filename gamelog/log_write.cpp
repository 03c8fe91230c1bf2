// Writing a game carcheck played as one game-log line (gamelog/log_write.h): the recorded
// actions are walked on a fresh replay of the game, so that each is written with the words
// and the turn it had when it was taken.
#include "gamelog/log_write.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/bcb.h"
#include "engine/notation.h"

namespace carcheck {

namespace {

using Json = nlohmann::ordered_json;

Json scores_of(const State& s, const std::vector<Event>* minus_final) {
  Json out = Json::array();
  for (int t = 0; t < s.score_count(); ++t) {
    int v = s.score(t).total;
    // A turn's scores are read before the final scoring that the last turn's end triggers.
    if (minus_final)
      for (const Event& e : *minus_final)
        if (e.kind == EventKind::FinalScored && e.who == t) v -= e.value;
    out.push_back(v);
  }
  return out;
}

}  // namespace

std::string follower_text(const State& s, const Action& a) {
  std::string text = action_text(s, a);  // "meeple road:W red"
  text = text.substr(text.find(' ') + 1);
  if (s.game().colours() > s.game().players()) return text;
  const size_t space = text.find(' ');
  return space == std::string::npos ? text : text.substr(0, space);
}

namespace {

void legal_sets(const State& s, Json& turn, const char* key) {
  ActionList legal;
  s.legal_actions(legal);
  Json out = Json::array();
  for (const Action& a : legal) {
    if (std::string(key) == "legal_placements" && a.kind == ActionKind::Place && a.count == 0)
      out.push_back(Json::array({a.x, a.y, a.rot}));
    if (std::string(key) == "legal_followers") {
      const std::string f = a.kind == ActionKind::Pass ? "none" : follower_text(s, a);
      if (a.kind == ActionKind::Meeple || a.kind == ActionKind::Pass)
        if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
    }
  }
  turn[key] = out;
}

}  // namespace

std::string write_game_log(const State& s, const LogWriteOptions& o) {
  const Game& g = s.game();
  const RuleSet& r = g.rules();
  Json doc = {{"format", kLogFormatName},
              {"version", kLogFormatVersion},
              {"writer", "carcheck"},
              {"rules", r.name},
              {"players", g.players()}};
  Json variants = Json::object();
  for (const VariantSwitch& v : r.variants)
    if (v.chosen != 0) variants[v.id] = v.value();
  if (!variants.empty()) doc["variants"] = variants;
  doc["seed"] = s.seed();
  doc["frame"] = {{"y", "down"}, {"rotation", "clockwise"}};
  doc["start"] = {{"x", 0}, {"y", 0}, {"rotation", 0}};
  Json colours = Json::array();
  for (int c = 0; c < g.colours(); ++c) colours.push_back(kColourNames[c]);
  doc["colours"] = colours;
  if (!o.start_scores.empty()) doc["start_scores"] = o.start_scores;

  State replay(g, s.seed());
  for (size_t t = 0; t < o.start_scores.size(); ++t)
    replay.setup_score(static_cast<int>(t), o.start_scores[t]);
  Json turns = Json::array();
  Json turn;
  std::vector<Event> last_events;
  auto close = [&] {
    if (turn.is_null()) return;
    if (o.scores) turn["scores"] = scores_of(replay, &last_events);
    turns.push_back(turn);
    turn = Json();
  };
  for (const Action& a : s.history()) {
    const Phase before = replay.phase();
    // BCB: a bazaar's reveals are draws of the host's turn; each tile won is placed in a
    // turn of its own, with no draw ("bazaar": true).
    const bool reveal = replay.bcb().bazaar == BazaarStage::Reveal;
    const bool bazaar_turn = replay.bcb().bazaar == BazaarStage::Place && before == Phase::Place &&
                             !turn.is_null() && (turn.contains("x") || turn.contains("discard"));
    const bool starts = a.kind == ActionKind::Draw && before == Phase::Draw && !reveal;
    if (starts) {
      close();
      turn = Json{{"player", replay.active_player()}, {"tile", g.tile(a.tile).name}};
    } else if (bazaar_turn) {
      close();
      turn = Json{{"player", replay.active_player()},
                  {"tile", g.tile(replay.drawn()).name},
                  {"bazaar", true}};
    }
    if (turn.is_null()) {
      return "";  // the history does not start with a draw: not a game this format holds
    } else if (starts) {
      // the turn's draw: its tile is the turn's
    } else if (a.kind == ActionKind::Place) {
      turn["x"] = a.x;
      turn["y"] = a.y;
      turn["rotation"] = a.rot;
      if (a.count >= kPlaceBridgeSelf && a.count < kPlaceBridgeBeside) {
        turn["bridge"] = {{"x", a.x},
                          {"y", a.y},
                          {"axis", bridge_axis_name(static_cast<BridgeAxis>(a.count - 1))}};
      } else if (a.count >= kPlaceBridgeBeside && a.count < kPlaceBridgeCodes) {
        const int side = a.count - kPlaceBridgeBeside;
        turn["bridge"] = {{"x", a.x + kDx[side]},
                          {"y", a.y + kDy[side]},
                          {"axis", bridge_axis_name(axis_of_side(side))}};
      }
    } else if (a.kind == ActionKind::Discard) {
      turn["discard"] = true;
    } else if (before == Phase::Meeple &&
               (a.kind == ActionKind::Meeple || a.kind == ActionKind::Pass)) {
      if (o.legal) legal_sets(replay, turn, "legal_followers");
      turn["follower"] = a.kind == ActionKind::Pass ? Json() : Json(follower_text(replay, a));
    } else {
      turn["actions"].push_back(action_text(replay, a));
    }
    if (o.legal && a.kind == ActionKind::Draw && before == Phase::Draw && !reveal) {
      // After the draw: where the tile may go (the placements without a bridge).
      if (replay.apply(a)) return "";
      if (replay.phase() == Phase::Place) legal_sets(replay, turn, "legal_placements");
    } else if (replay.apply(a)) {
      return "";
    }
    for (const Event& e : replay.events())
      if (e.kind == EventKind::TileSetAside && starts && e.value == a.tile) turn["discard"] = true;
    last_events = replay.events();
  }
  close();
  doc["turns"] = turns;
  if (s.is_terminal())
    doc["final_scores"] = scores_of(s, nullptr);
  else
    doc["partial"] = true;
  return doc.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace carcheck
