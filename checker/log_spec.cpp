// `carcheck export-spec` (checker/log_spec.h): the one writer (checker/state_spec.h) with the
// log's provenance as its header, its tiles and set-up, one turn comment a log entry, and the
// log's scores beside the rules'.
#include "checker/log_spec.h"

#include "checker/state_spec.h"
#include "engine/notation.h"
#include "gamelog/replay.h"

namespace carcheck {

namespace {

std::string quoted(std::string s) {
  for (char& c : s)
    if (c == '"') c = '\'';
  return "\"" + s + "\"";
}

}  // namespace

std::string export_spec(const GameLog& g, const Game& game, int upto, const std::string& file) {
  std::unique_ptr<State> end;
  ReplayResult r = replay_log(g, game, ReplayOptions{}, &end, upto);
  const int entries = r.turns;
  StateSpecOptions o;
  o.header.push_back("Exported by `carcheck export-spec` from " + file + " line " +
                     std::to_string(g.line) +
                     (g.writer.empty() ? "" : " (written by " + g.writer + ")") + ", turns 1-" +
                     std::to_string(entries) + ".");
  for (const Finding& f : r.findings)
    o.header.push_back("carcheck disagrees with the log at turn " + std::to_string(f.turn) + " (" +
                       disagreement_name(f.kind) + "): " + f.detail);
  o.header.push_back(
      "The expectations at the end are the rules' answer (carcheck's); where the log says");
  o.header.push_back("otherwise, its number is in the comment beside them.");
  o.title = file + " line " + std::to_string(g.line) + ", turns 1-" + std::to_string(entries);
  o.cites = "docs/game-log.md \"export-spec\"";
  o.seed = g.seed.has_value();
  o.count_draws = true;
  // The log's `count` of the start tile includes the copy on the table, as the spec's `xN`
  // does (`start S = "..." x4`: the start tile and 3 in the supply).
  for (const LogTileDef& d : g.tiles)
    o.definitions.push_back(std::string(d.tile.start ? "start " : "tile ") + d.tile.name + " = " +
                            quoted(d.tile.shape) + " x" + std::to_string(d.tile.count));
  // The set-up the replay started from: Level 6's choice of scoring colours first (the tracks
  // the scores name), the first seat, the scores.
  State start(game, g.seed.value_or(0));
  const std::vector<Action>& history = end->history();
  if (!history.empty() && history.front().kind == ActionKind::ScoringMeeples) {
    o.setup.push_back(action_text(start, history.front()));
    start.apply(history.front());  // accepted once by the replay
  }
  if (!g.turns.empty()) {
    o.setup.push_back("player " + std::to_string(g.turns.front().player + 1));
    start.setup_active_player(g.turns.front().player);
  }
  for (size_t t = 0; t < g.start_scores.size(); ++t) {
    const std::string who = spec_score_owner(start, static_cast<int>(t));
    o.setup.push_back("score " + (who.empty() ? "" : who + " ") +
                      std::to_string(g.start_scores[t]));
    start.setup_score(static_cast<int>(t), g.start_scores[t]);
  }
  o.start = &start;
  // The log's numbers to compare with: at the game's end, the final scores (after the final
  // scoring, as carcheck's are there); before it, the last replayed turn's.
  const std::vector<int>* logged = nullptr;
  if (end->is_terminal()) {
    if (g.final_scores) logged = &*g.final_scores;
  } else if (entries > 0 && g.turns[static_cast<size_t>(entries - 1)].scores) {
    logged = &*g.turns[static_cast<size_t>(entries - 1)].scores;
  }
  if (logged)
    for (int k = 0; k < end->score_count() && k < static_cast<int>(logged->size()); ++k)
      if ((*logged)[static_cast<size_t>(k)] != end->score(k).total)
        o.score_notes[k] = "the log says " + std::to_string((*logged)[static_cast<size_t>(k)]);
  return state_as_spec(*end, o);
}

}  // namespace carcheck
