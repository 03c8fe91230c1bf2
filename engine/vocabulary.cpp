// The word tables of the shared ids and the registry of the rooms' rules for their words.
#include "engine/vocabulary.h"

#include <mutex>
#include <vector>

#include "engine/room_words.h"

namespace carcheck {

// The rooms' rules for their words, each written in the room's own file.
std::span<const WordRule> competitive_word_rules();
std::span<const WordRule> mists_word_rules();
std::span<const WordRule> bcb_word_rules();

namespace {

#define CARCHECK_EVENT_FIELDS(member, value, word, who, at, val, extra) \
  v[value] = EventFields{word, who, at, val, extra};
constexpr std::array<EventFields, kEventKindCount> kEvents = [] {
  std::array<EventFields, kEventKindCount> v{};
  CARCHECK_SHARED_EVENTS(CARCHECK_EVENT_FIELDS)
  CARCHECK_ROOM_EVENTS(CARCHECK_EVENT_FIELDS) return v;
}();
#undef CARCHECK_EVENT_FIELDS

constexpr bool every_event_named() {
  for (const EventFields& f : kEvents)
    if (!f.name) return false;
  return true;
}
static_assert(every_event_named(), "two rooms' events share a value");

struct FeatureWords {
  const char* name = nullptr;
  const char* label = nullptr;
};
#define CARCHECK_FEATURE_WORDS(member, value, word, label) v[value] = FeatureWords{word, label};
constexpr std::array<FeatureWords, kScoreClasses + 1> kFeatures = [] {
  std::array<FeatureWords, kScoreClasses + 1> v{};
  CARCHECK_SHARED_FEATURES(CARCHECK_FEATURE_WORDS)
  CARCHECK_ROOM_FEATURES(CARCHECK_FEATURE_WORDS) v[kScoreClasses] = FeatureWords{"none", "none"};
  return v;
}();
#undef CARCHECK_FEATURE_WORDS

constexpr bool every_feature_named() {
  for (const FeatureWords& f : kFeatures)
    if (!f.name) return false;
  return true;
}
static_assert(every_feature_named(), "two rooms' feature classes share a value");

struct Registry {
  std::mutex mutex;
  std::vector<std::span<const WordRule>> tables = {competitive_word_rules(), mists_word_rules(),
                                                   bcb_word_rules()};
};

Registry& registry() {
  static Registry r;
  return r;
}

template <class Match>
std::string absent_where(const RuleSet& r, WordKind kind, Match match) {
  Registry& reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  std::string first;
  bool ruled = false;
  for (std::span<const WordRule> table : reg.tables)
    for (const WordRule& rule : table) {
      if (rule.kind != kind || !match(rule)) continue;
      std::string why = rule.absent(r);
      if (why.empty()) return why;
      if (!ruled) first = std::move(why);
      ruled = true;
    }
  return first;
}

}  // namespace

// The engine's ids read their compile-time tables; the values above them are the registered
// rooms' (engine/room_words.h), "?" when nobody registered one.
const EventFields& event_fields(EventKind k) {
  if (static_cast<size_t>(k) < kEvents.size()) return kEvents[static_cast<size_t>(k)];
  if (const EventFields* f = registered_event(k)) return *f;
  static constexpr EventFields kUnknown{"?", nullptr, false, nullptr, nullptr};
  return kUnknown;
}

const char* event_name(EventKind k) { return event_fields(k).name; }

const char* feature_class_name(FeatureClass f) {
  if (static_cast<size_t>(f) < kFeatures.size()) return kFeatures[static_cast<size_t>(f)].name;
  const RoomScoreClass* c = registered_score_class(f);
  return c ? c->word.c_str() : "?";
}

const char* score_class_label(FeatureClass f) {
  if (static_cast<size_t>(f) < kFeatures.size()) return kFeatures[static_cast<size_t>(f)].label;
  const RoomScoreClass* c = registered_score_class(f);
  return c ? c->label.c_str() : "?";
}

const char* phase_name(Phase p) {
  if (static_cast<size_t>(p) < kPhaseWords.size())
    return kPhaseWords[static_cast<size_t>(p)].data();
  const std::string* w = registered_phase(p);
  return w ? w->c_str() : "?";
}

std::string word_absent(const RuleSet& r, WordKind kind, int id) {
  return absent_where(r, kind, [id](const WordRule& w) { return w.id == id; });
}
std::string word_absent(const RuleSet& r, Phase p) {
  return word_absent(r, WordKind::Phase, static_cast<int>(p));
}
std::string word_absent(const RuleSet& r, ActionKind k) {
  return word_absent(r, WordKind::Action, static_cast<int>(k));
}
std::string word_absent(const RuleSet& r, EventKind k) {
  return word_absent(r, WordKind::Event, static_cast<int>(k));
}
std::string word_absent(const RuleSet& r, FeatureClass f) {
  return word_absent(r, WordKind::Feature, static_cast<int>(f));
}
std::string expectation_absent(const RuleSet& r, std::string_view word) {
  return absent_where(r, WordKind::Expectation,
                      [word](const WordRule& w) { return w.word && word == w.word; });
}

void register_word_rules(std::span<const WordRule> rules) {
  Registry& reg = registry();
  std::lock_guard<std::mutex> lock(reg.mutex);
  reg.tables.push_back(rules);
}

}  // namespace carcheck
