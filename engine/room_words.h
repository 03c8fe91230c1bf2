// A room written outside the engine (a test's toy rule system, a house rule) registers its own
// ids and words at run time: its phases, actions, events, score classes and spec
// expectations. The engine's rooms write theirs at compile time (engine/rooms.h); the two
// together are the vocabulary every printer and reader uses (phase_name, event_fields,
// feature_class_name, score_class_label, action_verb, the action and spec grammars).
//
// Ids come from ranges reserved above the engine's own values, which never change (logs, the
// Python module and the reports read them): Phase, ActionKind and EventKind from kRoomIdBase
// on, FeatureClass after None (engine/action.h kRoomScoreClasses, which Score::by_feature
// holds). Nothing here is on the hot path: the engine reads an id as any other; words are
// looked up only to print and to parse.
//
// Threads: register every room before games run and before specs are parsed (a test's start,
// a program's main). Registration takes a lock; readers take none, and see a registered entry
// whole once its count is published, but a registration racing a reader of the same id is
// not supported.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"

namespace carcheck {

enum class Phase : uint8_t;
class State;

inline constexpr int kRoomIdBase = 64;  // the first registered Phase, ActionKind, EventKind
inline constexpr int kMaxRoomIds = 32;  // registered ids of each kind, every room together

// How a registered action is written: its verb, then these fields in this order (each one
// the notation already knows), e.g. `ring`, `ring 2,0`, `ring 2,0 3 red`.
enum class RoomField : uint8_t { None, Optional, Required };
struct RoomAction {
  std::string verb;
  bool coords = false;                 // x,y: Action::x, y
  bool count = false;                  // N (0..99): Action::count
  RoomField colour = RoomField::None;  // a colour last: Action::colour (-1 when left out)
  friend bool operator==(const RoomAction&, const RoomAction&) = default;
};

struct RoomScoreClass {
  std::string word;   // `expect score red bells 3`, an event's feature filter
  std::string label;  // a breakdown's name for it (score_class_label)
  friend bool operator==(const RoomScoreClass&, const RoomScoreClass&) = default;
};

// What `expect <word> args...` found: met, or what the spec said against what the state shows.
struct RoomVerdict {
  bool met = true;
  std::string expected, actual;
};
// A spec's `expect <word> args...`; its last argument is the expected value (two expectations
// whose other arguments agree check the same thing: an `under` line replaces the one before).
struct RoomExpectation {
  std::string word;
  // The arguments' check, when the spec is read: the reason they are wrong and the index of
  // the argument at fault (args.size(): the end of the line), or nullopt. A wrong argument
  // is the spec's ERROR, at that argument.
  std::optional<std::string> (*args)(std::span<const std::string> args, size_t& at) = nullptr;
  // The check against the state, once the arguments passed `args`.
  RoomVerdict (*check)(const State& s, std::span<const std::string> args) = nullptr;
  friend bool operator==(const RoomExpectation&, const RoomExpectation&) = default;
};

// The spec language's own expectation words (dsl/spec_grammar.h `expectation`, each the
// first word of one of its alternatives): `expect <word>` reads them before a room's. A room
// may take none of them, nor a word that starts with one and '-' (a keyword ends at '-', so
// `expect score-x` reads as `expect score`). tests/test_grammars.cpp holds the grammar to it;
// the spec parser's "unknown expectation" message lists them in this order.
inline constexpr std::array<std::string_view, 27> kSpecExpectationWords{
    "score",       "track",      "scoring-meeples", "goal",     "ghosts",        "meeples", "pile",
    "active-pile", "tiles-left", "set-aside",       "finished", "not",           "size",    "event",
    "no",          "illegal",    "legal",           "won",      "lost",          "over",    "phase",
    "player",      "hound",      "bridges",         "bridge",   "castle-tokens", "castle"};
// The spec language's expectation word that `word` reads as, or an empty view.
std::string_view spec_expectation_keyword(std::string_view word);

struct RoomEvent {
  std::string word;
  // What the Event's fields hold, as EventFields says (empty: unused).
  std::string who, value, extra;
  bool at = false;
  // Its value is points the `who` score gains (the invariant checker adds them to the points
  // the events account for, as it does a `scored` event's).
  bool scores = false;
  friend bool operator==(const RoomEvent&, const RoomEvent&) = default;
};

// Everything one room adds. `room` names it: registering the same name again with the same
// words returns the ids handed out the first time.
struct RoomWords {
  std::string room;
  std::vector<std::string> phases;
  std::vector<RoomAction> actions;
  std::vector<RoomEvent> events;
  std::vector<RoomScoreClass> score_classes;
  std::vector<RoomExpectation> expectations;
  friend bool operator==(const RoomWords&, const RoomWords&) = default;
};

// The ids of a room's words, in the order it listed them.
struct RoomIds {
  std::vector<Phase> phases;
  std::vector<ActionKind> actions;
  std::vector<EventKind> events;
  std::vector<FeatureClass> score_classes;
};

// Registers `words`; throws std::invalid_argument when a word is taken (by the engine or by
// another room; an expectation word by the spec language too), a room registers different words
// under a name already registered, or the reserved ranges are full.
const RoomIds& register_room_words(const RoomWords& words);

// ---- The combined vocabulary (the engine's words, then the registered ones) -------------------

// A registered id's entry, or nullptr (an engine id, or a value nobody registered).
const std::string* registered_phase(Phase p);
const RoomAction* registered_action(ActionKind k);
const EventFields* registered_event(EventKind k);
const RoomScoreClass* registered_score_class(FeatureClass f);
const RoomExpectation* registered_expectation(std::string_view word);
// Whether `k` is a registered event whose value is points scored (RoomEvent::scores).
bool registered_event_scores(EventKind k);

// Word to id, over both.
std::optional<Phase> phase_by_word(std::string_view word);
std::optional<ActionKind> action_by_verb(std::string_view verb);
std::optional<EventKind> event_by_word(std::string_view word);
std::optional<FeatureClass> score_class_by_word(std::string_view word);  // Road .. registered
// A registered action's verb (the action grammar's generic verb), or nullopt.
std::optional<ActionKind> registered_action_by_verb(std::string_view verb);

// Every id, the engine's first, in value order.
std::vector<Phase> all_phases();
std::vector<EventKind> all_event_kinds();
std::vector<FeatureClass> all_score_classes();  // None left out
std::vector<std::string> registered_action_verbs();
std::vector<std::string> registered_expectation_words();

}  // namespace carcheck
