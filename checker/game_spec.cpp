// The failing-game spec writer (checker/game_spec.h).
#include "checker/game_spec.h"

#include <sstream>

#include "engine/notation.h"

namespace carcheck {

namespace {
using Fail = std::optional<std::string>;
}  // namespace

std::string game_spec(const State& s, const GameStart& from, const std::string& failure,
                      const std::string& found_by) {
  const Game& g = s.game();
  const RuleSet& r = g.rules();
  std::ostringstream o;
  std::string first_line = failure.substr(0, failure.find('\n'));
  std::string cite = first_line.substr(0, first_line.find(':'));
  for (char& c : cite)
    if (c == '"') c = '\'';
  o << "# Found by " << found_by << ":\n";
  std::istringstream lines(failure);
  for (std::string line; std::getline(lines, line);) o << "#   " << line << "\n";
  o << "# The game below replays it up to the action after which the check failed (the last "
       "one).\n";
  o << "# To keep it as a regression, say what the rules expect there with `expect` lines.\n";
  o << "spec \"fuzz: " << r.name << ", " << g.players() << " player(s), seed " << from.seed
    << "\"\n";
  o << "cites checker/invariants.cpp \"" << cite << "\"\n";
  o << "rules " << (r.family == Family::Mists ? "mists level " + std::to_string(r.level) : r.name)
    << " players " << g.players() << " seed " << from.seed << "\n";
  for (const VariantSwitch& v : r.variants)
    if (v.chosen != 0) o << "variant " << v.id << "=" << v.value() << "\n";
  bool any = false;
  for (int t : from.scores) any = any || t != 0;
  // Level 6: the team's choice of scoring colours, the game's first action, goes into the
  // setup block, before the scores of the tracks it names.
  const bool chose = !s.history().empty() && s.history().front().kind == ActionKind::ScoringMeeples;
  if (any || chose) {
    o << "setup {\n";
    if (chose) {
      State before(g, from.seed);
      o << "  " << action_text(before, s.history().front()) << "\n";
    }
    for (size_t t = 0; t < from.scores.size(); ++t) {
      if (from.scores[t] == 0) continue;
      o << "  score ";
      if (r.scoring == ScoringTracks::PerColour)
        o << kColourNames[s.scoring_colours()[t]] << " ";
      else if (!g.is_mists())
        o << kColourNames[t] << " ";
      o << from.scores[t] << "\n";
    }
    o << "}\n";
  }
  State replay(g, from.seed);
  from.apply(replay);
  int turn = -1;
  for (const Action& a : s.history()) {
    if (chose && &a == &s.history().front()) {  // written in the setup block
      if (replay.apply(a)) break;
      continue;
    }
    if (replay.turn() != turn) {
      turn = replay.turn();
      o << "# turn " << turn + 1 << ", player " << replay.current_player() + 1 << "\n";
    }
    o << action_text(replay, a) << "\n";
    if (Fail why = replay.apply(a)) {
      o << "# (the replay stops here: " << *why << ")\n";
      break;
    }
  }
  return o.str();
}

}  // namespace carcheck
