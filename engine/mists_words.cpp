// Which Mists rule sets show Mists' words (engine/mists_words.h), and why the others never do:
// the spec checker refuses a spec that expects what its rule set never shows.
#include <span>

#include "engine/vocabulary.h"

namespace carcheck {

namespace {

bool mists(const RuleSet& r) { return r.family == Family::Mists; }

std::string in_mists(const RuleSet& r) { return mists(r) ? "" : r.name + " is not Mists"; }
std::string cemeteries(const RuleSet& r) {
  return r.cemetery != CemeteryMode::None ? "" : r.name + " has no cemeteries";
}
std::string orthogonal_cemeteries(const RuleSet& r) {
  return r.cemetery == CemeteryMode::Orthogonal ? "" : r.name + " has no extra ghost";
}
std::string face_down(const RuleSet& r) {
  return r.cemetery == CemeteryMode::Haunted ? "" : r.name + " has no face-down tiles";
}
std::string hounds(const RuleSet& r) {
  return r.hounds ? "" : r.name + " has no hounds (Levels 3-6)";
}
std::string scoring_meeples(const RuleSet& r) {
  return r.scoring == ScoringTracks::PerColour ? "" : r.name + " has no scoring meeples' tracks";
}
std::string ghosts_and_wins(const RuleSet& r) {
  return mists(r) ? "" : r.name + " has no ghosts, mist banks, wins or losses (Mists only)";
}
std::string final_scoring(const RuleSet& r) {
  return mists(r) ? r.name + " has no final scoring; its game ends in game-won or game-lost" : "";
}
std::string piles(const RuleSet& r) { return r.piles > 0 ? "" : r.name + " has one pile"; }
std::string mist_banks(const RuleSet& r) { return mists(r) ? "" : r.name + " has no mist banks"; }
std::string castles(const RuleSet& r) {
  return mists(r) && !r.exclude_castles ? "" : r.name + " has no castles";
}
std::string ghosts(const RuleSet& r) { return mists(r) ? "" : r.name + " has no ghosts"; }
std::string won_or_lost(const RuleSet& r) {
  return mists(r) ? "" : "only Mists over Carcassonne is won or lost; expect over";
}

constexpr WordRule phase(Phase p, AbsentFn f) {
  return {WordKind::Phase, static_cast<int>(p), nullptr, f};
}
constexpr WordRule event(EventKind k, AbsentFn f) {
  return {WordKind::Event, static_cast<int>(k), nullptr, f};
}
constexpr WordRule feature(FeatureClass c, AbsentFn f) {
  return {WordKind::Feature, static_cast<int>(c), nullptr, f};
}
constexpr WordRule expectation(const char* w, AbsentFn f) {
  return {WordKind::Expectation, -1, w, f};
}

constexpr WordRule kRules[] = {
    phase(Phase::ScoreChoice, in_mists),
    phase(Phase::ExtraGhost, orthogonal_cemeteries),
    phase(Phase::Bury, cemeteries),
    phase(Phase::HoundPlace, hounds),
    phase(Phase::HoundClear, hounds),
    phase(Phase::FaceDownDraw, face_down),
    phase(Phase::FaceDown, face_down),
    phase(Phase::Track, scoring_meeples),
    phase(Phase::ScoringMeeples, scoring_meeples),
    phase(Phase::EmptySymbol, in_mists),
    phase(Phase::HauntGhost, face_down),
    event(EventKind::GhostsPlaced, ghosts_and_wins),
    event(EventKind::GhostsRemoved, ghosts_and_wins),
    event(EventKind::BankFinished, ghosts_and_wins),
    event(EventKind::GameWon, ghosts_and_wins),
    event(EventKind::GameLost, ghosts_and_wins),
    // A cooperative game ends in a win or a loss, never in the competitive final scoring.
    event(EventKind::GameEnded, final_scoring),
    event(EventKind::FinalScored, final_scoring),
    event(EventKind::CemeteryClosed, cemeteries),
    event(EventKind::MeepleBuried, cemeteries),
    event(EventKind::HoundPlaced, hounds),
    event(EventKind::HoundLost, hounds),
    event(EventKind::HoundScored, hounds),
    event(EventKind::HoundRemoved, hounds),
    event(EventKind::PileSwitched, piles),
    event(EventKind::FaceDownPlaced, face_down),
    feature(FeatureClass::MistBank, mist_banks),
    feature(FeatureClass::Cemetery, cemeteries),
    feature(FeatureClass::Castle, castles),
    feature(FeatureClass::Hound, hounds),
    expectation("ghosts", ghosts),
    expectation("won", won_or_lost),
    expectation("lost", won_or_lost),
};

}  // namespace

std::span<const WordRule> mists_word_rules() { return kRules; }

}  // namespace carcheck
