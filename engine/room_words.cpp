// The registry of the words rooms outside the engine add (engine/room_words.h): fixed tables,
// so that a registered word's text never moves (phase_name and event_fields hand out
// pointers into them) and reading needs no lock.
#include "engine/room_words.h"

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "engine/vocabulary.h"

namespace carcheck {

namespace {

// One kind's entries: the first `count` are registered; each is written once, before the
// count that shows it is published.
template <typename T, size_t N>
struct Table {
  std::array<T, N> items{};
  std::atomic<int> count{0};
  int size() const { return count.load(std::memory_order_acquire); }
  const T* at(int i) const {
    return i >= 0 && i < size() ? &items[static_cast<size_t>(i)] : nullptr;
  }
};

struct Registry {
  std::mutex mutex;  // registrations, one at a time
  Table<std::string, kMaxRoomIds> phases;
  Table<RoomAction, kMaxRoomIds> actions;
  Table<RoomEvent, kMaxRoomIds> events;
  std::array<EventFields, kMaxRoomIds> event_fields{};  // pointing into `events`
  Table<RoomScoreClass, kRoomScoreClasses> classes;
  Table<RoomExpectation, kMaxRoomIds> expectations;
  std::vector<std::pair<RoomWords, std::unique_ptr<RoomIds>>> rooms;
};

Registry& registry() {
  static Registry r;
  return r;
}

const char* or_null(const std::string& s) { return s.empty() ? nullptr : s.c_str(); }

[[noreturn]] void refuse(const RoomWords& w, const std::string& why) {
  throw std::invalid_argument("room '" + w.room + "': " + why);
}

// Whether any id already has `word` (the engine's and the registered ones).
bool phase_taken(std::string_view word) { return phase_by_word(word).has_value(); }
bool verb_taken(std::string_view verb) { return action_by_verb(verb).has_value(); }
bool event_taken(std::string_view word) { return event_by_word(word).has_value(); }
bool class_taken(std::string_view word) {
  if (word == "none") return true;
  return score_class_by_word(word).has_value();
}

// An expectation word the spec language reads as its own (kSpecExpectationWords).
void check_spec_keywords(const RoomWords& w) {
  for (const RoomExpectation& e : w.expectations) {
    const std::string_view k = spec_expectation_keyword(e.word);
    if (k.empty()) continue;
    if (k.size() == e.word.size())
      refuse(w, "the expectation word '" + e.word + "' is the spec language's own (expect " +
                    e.word + " ...)");
    refuse(w, "the expectation word '" + e.word + "' starts with the spec language's '" +
                  std::string(k) + "' and '-' (a keyword ends at '-': expect " + e.word +
                  " reads as expect " + std::string(k) + ")");
  }
}

template <typename T, size_t N>
void check_room(const RoomWords& w, const Table<T, N>& t, size_t adding, const char* what) {
  if (static_cast<size_t>(t.size()) + adding > N)
    refuse(w, "no room for " + std::to_string(adding) + " more " + what + " (at most " +
                  std::to_string(N) + " are registered)");
}

// A word must be new, and new within the room's own list too.
template <typename List, typename Get, typename Taken>
void check_words(const RoomWords& w, const List& list, Get get, Taken taken, const char* what) {
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string& word = get(list[i]);
    if (word.empty()) refuse(w, std::string("a ") + what + " without a word");
    if (taken(word)) refuse(w, std::string("the ") + what + " word '" + word + "' is taken");
    for (size_t j = 0; j < i; ++j)
      if (get(list[j]) == word)
        refuse(w, std::string("the ") + what + " word '" + word + "' is listed twice");
  }
}

template <typename T, size_t N>
int publish(Table<T, N>& t, const T& item) {
  const int i = t.count.load(std::memory_order_relaxed);
  t.items[static_cast<size_t>(i)] = item;
  t.count.store(i + 1, std::memory_order_release);
  return i;
}

}  // namespace

std::string_view spec_expectation_keyword(std::string_view word) {
  for (std::string_view k : kSpecExpectationWords)
    if (word.starts_with(k) && (word.size() == k.size() || word[k.size()] == '-')) return k;
  return {};
}

const RoomIds& register_room_words(const RoomWords& w) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const auto& [words, ids] : r.rooms)
    if (words.room == w.room) {
      if (!(words == w)) refuse(w, "registered already, with other words");
      return *ids;
    }
  if (w.room.empty()) throw std::invalid_argument("a room registers its words under a name");
  check_room(w, r.phases, w.phases.size(), "phases");
  check_room(w, r.actions, w.actions.size(), "actions");
  check_room(w, r.events, w.events.size(), "events");
  check_room(w, r.classes, w.score_classes.size(), "score classes");
  check_room(w, r.expectations, w.expectations.size(), "expectations");
  const auto same = [](const std::string& s) -> const std::string& { return s; };
  check_words(w, w.phases, same, phase_taken, "phase");
  check_words(
      w, w.actions, [](const RoomAction& a) -> const std::string& { return a.verb; }, verb_taken,
      "action");
  check_words(
      w, w.events, [](const RoomEvent& e) -> const std::string& { return e.word; }, event_taken,
      "event");
  check_words(
      w, w.score_classes, [](const RoomScoreClass& c) -> const std::string& { return c.word; },
      class_taken, "score class");
  check_words(
      w, w.expectations, [](const RoomExpectation& e) -> const std::string& { return e.word; },
      [](std::string_view word) { return registered_expectation(word) != nullptr; }, "expectation");
  check_spec_keywords(w);
  for (const RoomExpectation& e : w.expectations)
    if (!e.check) refuse(w, "the expectation '" + e.word + "' has no check");

  auto ids = std::make_unique<RoomIds>();
  for (const std::string& p : w.phases)
    ids->phases.push_back(static_cast<Phase>(kRoomIdBase + publish(r.phases, p)));
  for (const RoomAction& a : w.actions)
    ids->actions.push_back(static_cast<ActionKind>(kRoomIdBase + publish(r.actions, a)));
  for (const RoomEvent& e : w.events) {
    const int i = r.events.count.load(std::memory_order_relaxed);
    const RoomEvent& kept = r.events.items[static_cast<size_t>(i)] = e;
    r.event_fields[static_cast<size_t>(i)] = EventFields{
        kept.word.c_str(), or_null(kept.who), kept.at, or_null(kept.value), or_null(kept.extra)};
    r.events.count.store(i + 1, std::memory_order_release);
    ids->events.push_back(static_cast<EventKind>(kRoomIdBase + i));
  }
  for (const RoomScoreClass& c : w.score_classes)
    ids->score_classes.push_back(
        static_cast<FeatureClass>(kScoreClasses + 1 + publish(r.classes, c)));
  for (const RoomExpectation& e : w.expectations) publish(r.expectations, e);
  r.rooms.emplace_back(w, std::move(ids));
  return *r.rooms.back().second;
}

const std::string* registered_phase(Phase p) {
  return registry().phases.at(static_cast<int>(p) - kRoomIdBase);
}
const RoomAction* registered_action(ActionKind k) {
  return registry().actions.at(static_cast<int>(k) - kRoomIdBase);
}
const EventFields* registered_event(EventKind k) {
  const Registry& r = registry();
  const int i = static_cast<int>(k) - kRoomIdBase;
  return r.events.at(i) ? &r.event_fields[static_cast<size_t>(i)] : nullptr;
}
bool registered_event_scores(EventKind k) {
  const RoomEvent* e = registry().events.at(static_cast<int>(k) - kRoomIdBase);
  return e && e->scores;
}
const RoomScoreClass* registered_score_class(FeatureClass f) {
  return registry().classes.at(static_cast<int>(f) - kScoreClasses - 1);
}
const RoomExpectation* registered_expectation(std::string_view word) {
  const auto& t = registry().expectations;
  for (int i = 0; i < t.size(); ++i)
    if (t.at(i)->word == word) return t.at(i);
  return nullptr;
}

std::optional<Phase> phase_by_word(std::string_view word) {
  for (Phase p : all_phases())
    if (word == phase_name(p)) return p;
  return std::nullopt;
}

std::optional<ActionKind> registered_action_by_verb(std::string_view verb) {
  const auto& t = registry().actions;
  for (int i = 0; i < t.size(); ++i)
    if (t.at(i)->verb == verb) return static_cast<ActionKind>(kRoomIdBase + i);
  return std::nullopt;
}

std::optional<ActionKind> action_by_verb(std::string_view verb) {
  for (size_t k = 0; k < kActionVerbs.size(); ++k)
    if (kActionVerbs[k] == verb) return static_cast<ActionKind>(k);
  return registered_action_by_verb(verb);
}

std::optional<EventKind> event_by_word(std::string_view word) {
  for (EventKind k : all_event_kinds())
    if (word == event_name(k)) return k;
  return std::nullopt;
}

std::optional<FeatureClass> score_class_by_word(std::string_view word) {
  for (FeatureClass f : all_score_classes())
    if (word == feature_class_name(f)) return f;
  return std::nullopt;
}

std::vector<Phase> all_phases() {
  std::vector<Phase> v;
  for (int k = 0; k < kPhases; ++k) v.push_back(static_cast<Phase>(k));
  for (int i = 0; i < registry().phases.size(); ++i)
    v.push_back(static_cast<Phase>(kRoomIdBase + i));
  return v;
}

std::vector<EventKind> all_event_kinds() {
  std::vector<EventKind> v;
  for (int k = 0; k < kEventKindCount; ++k) v.push_back(static_cast<EventKind>(k));
  for (int i = 0; i < registry().events.size(); ++i)
    v.push_back(static_cast<EventKind>(kRoomIdBase + i));
  return v;
}

std::vector<FeatureClass> all_score_classes() {
  std::vector<FeatureClass> v;
  for (int k = 0; k < kScoreClasses; ++k) v.push_back(static_cast<FeatureClass>(k));
  for (int i = 0; i < registry().classes.size(); ++i)
    v.push_back(static_cast<FeatureClass>(kScoreClasses + 1 + i));
  return v;
}

std::vector<std::string> registered_action_verbs() {
  std::vector<std::string> v;
  const auto& t = registry().actions;
  for (int i = 0; i < t.size(); ++i) v.push_back(t.at(i)->verb);
  return v;
}

std::vector<std::string> registered_expectation_words() {
  std::vector<std::string> v;
  const auto& t = registry().expectations;
  for (int i = 0; i < t.size(); ++i) v.push_back(t.at(i)->word);
  return v;
}

}  // namespace carcheck
