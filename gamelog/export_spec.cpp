// `carcheck export-spec`: a logged game, or its first turns, as a spec that replays it and
// pins what the rules say at its end (gamelog/replay.h).
#include <sstream>

#include "engine/notation.h"
#include "gamelog/replay.h"

namespace carcheck {

namespace {

std::string quoted(std::string s) {
  for (char& c : s)
    if (c == '"') c = '\'';
  return "\"" + s + "\"";
}

// Whose score entry `k` is, as a spec names it: a player's colour, a Level 6 track's colour,
// nothing for the one shared Mists track.
std::string score_owner(const State& s, int k) {
  if (!s.game().cooperative()) return std::string(kColourNames[k]) + " ";
  if (s.game().rules().scoring == ScoringTracks::PerColour && k < s.scoring_colours().size())
    return std::string(kColourNames[s.scoring_colours()[static_cast<size_t>(k)]]) + " ";
  return "";
}

}  // namespace

std::string export_spec(const GameLog& g, const Game& game, int upto, const std::string& file) {
  std::unique_ptr<State> end;
  ReplayResult r = replay_log(g, game, ReplayOptions{}, &end, upto);
  const RuleSet& rules = game.rules();
  const int entries = r.turns;
  std::ostringstream o;
  o << "# Exported by `carcheck export-spec` from " << file << " line " << g.line
    << (g.writer.empty() ? "" : " (written by " + g.writer + ")") << ", turns 1-" << entries
    << ".\n";
  for (const Finding& f : r.findings)
    o << "# carcheck disagrees with the log at turn " << f.turn << " (" << disagreement_name(f.kind)
      << "): " << f.detail << "\n";
  o << "# The expectations at the end are the rules' answer (carcheck's); where the log says\n"
       "# otherwise, its number is in the comment beside them.\n";
  o << "spec "
    << quoted(file + " line " + std::to_string(g.line) + ", turns 1-" + std::to_string(entries))
    << "\n";
  o << "rules " << game.spec_rules() << " players " << game.players();
  if (g.seed) o << " seed " << *g.seed;
  o << "\ncites docs/game-log.md \"export-spec\"\n";
  for (const VariantSwitch& v : rules.variants)
    if (v.chosen != 0) o << "variant " << v.id << "=" << v.value() << "\n";
  // The log's `count` of the start tile includes the copy on the table, as the spec's `xN`
  // does (`start S = "..." x4`: the start tile and 3 in the supply).
  for (const LogTileDef& d : g.tiles)
    o << (d.tile.start ? "start " : "tile ") << d.tile.name << " = " << quoted(d.tile.shape) << " x"
      << d.tile.count << "\n";
  o << "setup {\n";
  // Level 6: the team's choice of scoring colours first (the tracks the scores name).
  const std::vector<Action>& history = end->history();
  const bool chose = !history.empty() && history.front().kind == ActionKind::ScoringMeeples;
  if (chose) o << "  " << action_text(*end, history.front()) << "\n";
  if (!g.turns.empty()) o << "  player " << g.turns.front().player + 1 << "\n";
  for (size_t t = 0; t < g.start_scores.size(); ++t) {
    o << "  score " << score_owner(*end, static_cast<int>(t)) << g.start_scores[t] << "\n";
  }
  o << "}\n";
  // The actions carcheck took, in its own words and frame, turn by turn.
  State replay(game, g.seed.value_or(0));
  for (size_t t = 0; t < g.start_scores.size(); ++t)
    replay.setup_score(static_cast<int>(t), g.start_scores[t]);
  if (!g.turns.empty()) replay.setup_active_player(g.turns.front().player);
  int entry = 0;
  for (const Action& a : history) {
    if (chose && &a == &history.front()) {  // in the setup block
      if (replay.apply(a)) break;
      continue;
    }
    if (a.kind == ActionKind::Draw && replay.phase() == Phase::Draw)
      o << "# turn " << ++entry << ", player " << replay.active_player() + 1 << "\n";
    o << action_text(replay, a) << "\n";
    if (replay.apply(a)) break;  // cannot happen: these actions were accepted once
  }
  // The log's numbers to compare with: at the game's end, the final scores (after the final
  // scoring, as carcheck's are there); before it, the last replayed turn's.
  const std::vector<int>* logged = nullptr;
  if (end->is_terminal()) {
    if (g.final_scores) logged = &*g.final_scores;
  } else if (entries > 0 && g.turns[static_cast<size_t>(entries - 1)].scores) {
    logged = &*g.turns[static_cast<size_t>(entries - 1)].scores;
  }
  for (int k = 0; k < end->score_count(); ++k) {
    o << "expect score " << score_owner(*end, k) << end->score(k).total;
    if (logged && static_cast<int>(logged->size()) > k &&
        (*logged)[static_cast<size_t>(k)] != end->score(k).total)
      o << "    # the log says " << (*logged)[static_cast<size_t>(k)];
    o << "\n";
  }
  return o.str();
}

}  // namespace carcheck
