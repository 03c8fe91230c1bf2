#include "engine/rules.h"

#include <stdexcept>

namespace carcheck {

std::string RuleSet::variant(const std::string& id) const {
  for (const VariantSwitch& v : variants) {
    if (v.id == id) return v.value();
  }
  throw std::out_of_range("rule set '" + name + "' has no variant switch '" + id + "'");
}

void RuleSet::check_player_count(int players) const {
  if (players >= min_players && players <= max_players) return;
  std::string range = min_players == max_players
                          ? std::to_string(min_players)
                          : std::to_string(min_players) + "-" + std::to_string(max_players);
  std::string msg = name + " is for " + range + " players, not " + std::to_string(players);
  // The box holds 6 colours; Levels 1-5 need one no player uses for the shared scoring
  // meeple (mists-rules.md, setup), and Level 6 keeps the box's 1-5 players.
  if (family == Family::Mists && players > max_players)
    msg += scoring == ScoringTracks::PerColour
               ? " (the box holds 6 colours and the game is for 1-5: Levels 1-5 need one colour no"
                 " player uses for the shared scoring meeple; Level 6 keeps that count)"
               : " (the shared scoring meeple needs a colour that no player uses)";
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
