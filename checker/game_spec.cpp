// The failing-game spec (checker/game_spec.h): the one writer (checker/state_spec.h) with the
// failure as its header and no expectations.
#include "checker/game_spec.h"

#include <sstream>

#include "checker/state_spec.h"
#include "engine/notation.h"

namespace carcheck {

std::string game_spec(const State& s, const GameStart& from, const std::string& failure,
                      const std::string& found_by) {
  const Game& g = s.game();
  const RuleSet& r = g.rules();
  StateSpecOptions o;
  o.header.push_back("Found by " + found_by + ":");
  std::istringstream lines(failure);
  for (std::string line; std::getline(lines, line);) o.header.push_back("  " + line);
  o.header.push_back(
      "The game below replays it up to the action after which the check failed (the last one).");
  o.header.push_back(
      "To keep it as a regression, say what the rules expect there with `expect` lines.");
  o.title = "fuzz: " + r.name + ", " + std::to_string(g.players()) + " player(s), seed " +
            std::to_string(from.seed);
  std::string cite = failure.substr(0, failure.find('\n'));
  cite = cite.substr(0, cite.find(':'));
  for (char& c : cite)
    if (c == '"') c = '\'';
  o.cites = "checker/invariants.cpp \"" + cite + "\"";
  o.stop_note = true;
  o.expectations = false;
  // Level 6: the team's choice of scoring colours, the game's first action, goes into the
  // setup block, before the scores of the tracks it names.
  State start(g, from.seed);
  if (!s.history().empty() && s.history().front().kind == ActionKind::ScoringMeeples) {
    o.setup.push_back(action_text(start, s.history().front()));
    if (start.apply(s.history().front())) return state_as_spec(s, o);  // the choice failed
  }
  from.apply(start);
  for (size_t t = 0; t < from.scores.size(); ++t) {
    if (from.scores[t] == 0) continue;
    const std::string who = spec_score_owner(start, static_cast<int>(t));
    o.setup.push_back("score " + (who.empty() ? "" : who + " ") + std::to_string(from.scores[t]));
  }
  o.start = &start;
  return state_as_spec(s, o);
}

}  // namespace carcheck
