// The words of the shared ids (Phase, ActionKind, EventKind), generated from the lists each
// room writes in its own header (engine/rooms.h), and the rooms' rules for them: which rule
// sets ever show a phase, an event, a feature, an action or an expectation, and why not.
// The spec checker (checker/spec_names.cpp), the spec and action grammars and the printers
// read these; none of them lists a rule system's words again.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "engine/action_words.h"
#include "engine/rules.h"
#include "engine/state.h"

namespace carcheck {

#define CARCHECK_ID_WORD(member, value, word, ...) v[value] = word;

// Each phase's word, by Phase ("over" last).
inline constexpr int kPhases = static_cast<int>(Phase::Over) + 1;
inline constexpr std::array<std::string_view, kPhases> kPhaseWords = [] {
  std::array<std::string_view, kPhases> v{};
  CARCHECK_SHARED_PHASES(CARCHECK_ID_WORD)
  CARCHECK_ROOM_PHASES(CARCHECK_ID_WORD) v[static_cast<size_t>(Phase::Over)] = "over";
  return v;
}();

#undef CARCHECK_ID_WORD

// Every value from 0 to the count names a member, once (two lists giving one value would
// leave another without a word).
static_assert(vocabulary_detail::dense(kPhaseWords));

// What a room's rule for a word is about.
enum class WordKind : uint8_t { Phase, Action, Event, Feature, Expectation };

// Why rule set `r` never shows a word, or "" when it may.
using AbsentFn = std::string (*)(const RuleSet& r);

// One room's rule for one word: the id of its kind (a Phase, ActionKind, EventKind or
// FeatureClass as an int), or for an expectation its word (`expect ghosts ...`).
struct WordRule {
  WordKind kind;
  int id;
  const char* word;  // expectations only
  AbsentFn absent;
};

// Why `r` never shows the word: a word no room has a rule for is shown everywhere; a word
// with rules is shown where one of them says so, and absent for the first rule's reason
// otherwise (a castle: Mists with castles, or Bridges, Castles and Bazaars).
std::string word_absent(const RuleSet& r, WordKind kind, int id);
std::string word_absent(const RuleSet& r, Phase p);
std::string word_absent(const RuleSet& r, ActionKind k);
std::string word_absent(const RuleSet& r, EventKind k);
std::string word_absent(const RuleSet& r, FeatureClass f);
std::string expectation_absent(const RuleSet& r, std::string_view word);

// A room outside the engine (a test's toy rule system) adds its rules; the engine's rooms
// register theirs in engine/vocabulary.cpp. `rules` must outlive every query.
void register_word_rules(std::span<const WordRule> rules);

}  // namespace carcheck
