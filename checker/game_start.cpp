// Head starts and seeds of the fuzzers' games (checker/game_start.h).
#include "checker/game_start.h"

#include <algorithm>

namespace carcheck {

void GameStart::apply(State& s) const {
  for (size_t t = 0; t < scores.size() && static_cast<int>(t) < s.score_count(); ++t)
    if (scores[t] != 0) s.setup_score(static_cast<int>(t), scores[t]);
}

GameStart GameStart::mists_head_start(const Game& g, uint64_t seed, uint64_t pick) {
  GameStart start;
  start.seed = seed;
  const RuleSet& r = g.rules();
  if (!g.cooperative()) return start;
  std::vector<int> marks = r.thresholds;  // hound I, hound II, goal (Levels 3+)
  if (marks.empty()) marks.push_back(r.goal);
  uint64_t which = pick % (marks.size() + 1);
  if (which == 0) return start;
  int points = std::max(0, marks[which - 1] - 1 - static_cast<int>(pick / 7 % 6));
  int tracks = r.scoring == ScoringTracks::PerColour ? r.scoring_meeples : 1;
  // Level 6: a marker counts once every scoring meeple has reached it, so all but one track
  // start on it and one just below.
  start.scores.assign(static_cast<size_t>(tracks), marks[which - 1]);
  start.scores[static_cast<size_t>(pick / 61 % static_cast<uint64_t>(tracks))] = points;
  return start;
}

GameStart GameStart::for_seed(const Game& g, uint64_t seed) {
  uint64_t mix = seed * 0x9E3779B97F4A7C15ull;
  GameStart start = mists_head_start(g, seed, mix >> 7);
  start.team = (mix >> 63) != 0;
  return start;
}

}  // namespace carcheck
