// Which rule sets show the words of Bridges, Castles and Bazaars (engine/bcb_words.h), and
// why the others never do.
#include <span>

#include "engine/vocabulary.h"

namespace carcheck {

namespace {

bool bcb(const RuleSet& r) { return r.family == Family::Bcb; }

// Why rule set `r` has no `what` (bridges, castles, ...): only Bridges, Castles and Bazaars has.
std::string absent(const RuleSet& r, const char* what) {
  return bcb(r) ? ""
                : r.name + " has no " + what + " (Bridges, Castles and Bazaars only: rules bcb)";
}
std::string bridges(const RuleSet& r) { return absent(r, "bridges"); }
std::string castles(const RuleSet& r) { return absent(r, "castles"); }
std::string castle_tokens(const RuleSet& r) { return absent(r, "castle tokens"); }
std::string bazaars(const RuleSet& r) { return absent(r, "bazaars"); }
std::string actions(const RuleSet& r) { return absent(r, "bridges, castles or bazaars"); }
std::string castle_feature(const RuleSet& r) { return bcb(r) ? "" : r.name + " has no castles"; }
std::string in_bcb(const RuleSet& r) { return absent(r, "such phase"); }

constexpr WordRule phase(Phase p) {
  return {WordKind::Phase, static_cast<int>(p), nullptr, in_bcb};
}
constexpr WordRule action(ActionKind k) {
  return {WordKind::Action, static_cast<int>(k), nullptr, actions};
}
constexpr WordRule event(EventKind k, AbsentFn f) {
  return {WordKind::Event, static_cast<int>(k), nullptr, f};
}
constexpr WordRule expectation(const char* w, AbsentFn f) {
  return {WordKind::Expectation, -1, w, f};
}

constexpr WordRule kRules[] = {
    phase(Phase::Bridge),
    phase(Phase::CastleChoice),
    phase(Phase::CastleScore),
    phase(Phase::BazaarSelect),
    phase(Phase::BazaarBid),
    phase(Phase::BazaarDeal),
    action(ActionKind::Bridge),
    action(ActionKind::Discard),
    action(ActionKind::Castle),
    action(ActionKind::CastleScore),
    action(ActionKind::Select),
    action(ActionKind::Bid),
    action(ActionKind::Buy),
    action(ActionKind::Sell),
    event(EventKind::BridgeBuilt, bridges),
    event(EventKind::CastleBuilt, castles),
    event(EventKind::BazaarOpened, bazaars),
    event(EventKind::BazaarIgnored, bazaars),
    event(EventKind::BazaarBid, bazaars),
    event(EventKind::BazaarTileTaken, bazaars),
    event(EventKind::BazaarPaid, bazaars),
    {WordKind::Feature, static_cast<int>(FeatureClass::Castle), nullptr, castle_feature},
    expectation("bridges", bridges),
    expectation("bridge", bridges),
    expectation("castle-tokens", castle_tokens),
    expectation("castle", castle_tokens),
};

}  // namespace

std::span<const WordRule> bcb_word_rules() { return kRules; }

}  // namespace carcheck
