#include "engine/rules.h"

#include <stdexcept>

namespace carcheck {

const std::string& RuleSet::variant(const std::string& id) const {
  for (const VariantSwitch& v : variants) {
    if (v.id == id) return v.value();
  }
  throw std::out_of_range("rule set '" + name + "' has no variant switch '" + id + "'");
}

void RuleSet::check_player_count(int players) const {
  if (players >= min_players && players <= max_players) return;
  std::string msg = title + " is for " + std::to_string(min_players) + "-" +
                    std::to_string(max_players) + " players, not " + std::to_string(players);
  // Levels 1-5: the shared scoring meeple takes a colour not in play (mists-rules.md, setup).
  if (scoring == ScoringTracks::Shared && players > max_players) {
    msg += ": the scoring meeple needs a colour that no player uses";
  }
  throw std::invalid_argument(msg);
}

const MeepleSetup& RuleSet::meeples_for(int players) const {
  check_player_count(players);
  for (const MeepleSetup& m : meeples) {
    if (m.players == players) return m;
  }
  throw std::invalid_argument("rule set '" + name + "' has no meeple setup for " +
                              std::to_string(players) + " players");
}

}  // namespace carcheck
