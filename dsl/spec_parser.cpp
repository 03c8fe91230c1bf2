#include "dsl/spec_parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <type_traits>

#include "dsl/action_fill.h"
#include "dsl/grammar_errors.h"
#include "dsl/spec_grammar.h"
#include "dsl/text_list.h"
#include "engine/action.h"
#include "engine/room_words.h"
#include "engine/state.h"

namespace carcheck {

// ---- Names ------------------------------------------------------------------------------------

// The engine's words, then the registered rooms' (engine/room_words.h).
std::vector<std::string> spec_event_names() {
  std::vector<std::string> v;
  for (EventKind k : all_event_kinds()) v.emplace_back(event_name(k));
  return v;
}

const std::vector<std::string>& spec_end_reasons() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (int k = 1; k <= static_cast<int>(EndReason::AllTilesPlayed); ++k)
      v.emplace_back(end_reason_text(static_cast<EndReason>(k)));
    return v;
  }();
  return names;
}

std::vector<std::string> spec_phase_names() {
  std::vector<std::string> v;
  for (Phase p : all_phases()) v.emplace_back(phase_name(p));
  return v;
}

const std::vector<std::string>& spec_hound_statuses() {
  static const std::vector<std::string> names = {"waiting", "placed", "lost", "scored", "removed"};
  return names;
}

std::string closest_name(const std::string& word, const std::vector<std::string>& known) {
  std::string best;
  size_t best_d = std::string::npos;
  for (const std::string& k : known) {
    // Levenshtein distance, small strings only.
    std::vector<size_t> row(k.size() + 1);
    for (size_t j = 0; j <= k.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= word.size(); ++i) {
      size_t diag = row[0];
      row[0] = i;
      for (size_t j = 1; j <= k.size(); ++j) {
        size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (word[i - 1] == k[j - 1] ? 0 : 1)});
        diag = up;
      }
    }
    if (row[k.size()] < best_d) best_d = row[k.size()], best = k;
  }
  size_t limit = std::max<size_t>(1, std::min<size_t>(3, word.size() / 3));
  return best_d <= limit ? best : "";
}

namespace {

namespace pg = tao::pegtl;
using namespace speclang;

// ---- Parse state: the tokens of the current line, and the spec built so far ------------------

struct Tok {
  std::string text;
  long num = 0;
  SpecAt at;
};

// The words of the current statement, by what they are. The token actions fill them as the
// grammar matches; the action of the statement's rule builds the statement from them.
struct Words {
  using List = std::vector<Tok>;
  List value;   // numbers: an expected or set value (pile K holds N: K and N)
  List index;   // a pile, hound, mist area or player number
  List count;   // copies of a tile (xN), occurrences of an event
  List rot;     // r0..r3
  List colour;  // red, green, ...
  List tile;    // tile names (a pile lists several)
  std::vector<SpecCoord> coords;
  std::vector<SpecFeature> feature;  // road:W, city, field:Nl, ...
  struct Meeple {
    MeepleRef ref;
    SpecAt at;
  };
  std::vector<Meeple> meeple;  // colour@x,y
  List where;                  // ghosts / meeples supply, board, box, buried
  List slot;                   // cemetery, mist K
  List score_feature;          // score [colour] road|city|... N
  List event, event_value, event_feature;
  List end_reason, phase, status;
  List state;  // a bridge's axis or none, a castle's none
  List rules, level, players, seed;
  List string;  // quoted: a title, a reason, the parts of a shape
  List name, shipped, cite, holds;
  List source;           // scoring-meeples ... from supply|box
  List room, room_args;  // a room's expectation: its word, its arguments
  List top;              // pile K top T
};

template <typename T>
bool has(const std::vector<T>& list) {
  return !list.empty();
}

struct ParseState {
  SpecFile spec;
  Words words;                                           // of the current line
  std::vector<VariantBinding> bindings;                  // of the current line
  std::vector<Expectation> expectations;                 // of the current line
  std::vector<std::pair<ActionSyntax, SpecAt>> actions;  // of the current line
  ExpectKind legal_form = ExpectKind::Legal;             // expect legal: which form
  int x = 0, y = 0;                                      // the coordinates being read
  std::string hint;                                      // what may still follow on the line
  bool tile_is_start = false;
  bool in_setup = false;
  SpecAt setup_at;
  bool seen_setup = false;
  SpecAt first_step_at, first_setup_at;
  bool seen_step = false;

  void reset_line() {
    words = {};
    bindings.clear();
    expectations.clear();
    actions.clear();
    legal_form = ExpectKind::Legal;
    hint.clear();
  }
  [[noreturn]] void fail(SpecAt at, const std::string& reason) const {
    throw InputError(spec.pos(at), reason);
  }
};

template <typename Input>
SpecAt where(const Input& in) {
  auto p = in.position();
  return {static_cast<int>(p.line), static_cast<int>(p.column)};
}

// ---- Actions: tokens first, then one builder per statement ----------------------------------

template <typename Rule>
struct action : pg::nothing<Rule> {};

template <>
struct action<line_begin> {
  static void apply0(ParseState& st) { st.reset_line(); }
};

// Tokens pushed as written, numbers parsed (with a range check).
template <typename Input>
void push_token(const ParseState& st, Words::List& list, const Input& in, bool numeric) {
  Tok t;
  t.text = in.string();
  t.at = where(in);
  if (numeric) {
    std::string digits = t.text[0] == '-' ? t.text.substr(1) : t.text;
    if (digits.size() > 9) st.fail(t.at, "the number " + t.text + " is too large");
    t.num = std::stol(t.text);
  }
  list.push_back(std::move(t));
}

#define CARCHECK_TOKEN(RULE, FIELD, NUMERIC)             \
  template <>                                            \
  struct action<RULE> {                                  \
    template <typename Input>                            \
    static void apply(const Input& in, ParseState& st) { \
      push_token(st, st.words.FIELD, in, NUMERIC);       \
    }                                                    \
  };
CARCHECK_TOKEN(value, value, true)
CARCHECK_TOKEN(index_n, index, true)
CARCHECK_TOKEN(count_n, count, true)
CARCHECK_TOKEN(rotation, rot, false)
CARCHECK_TOKEN(colour, colour, false)
CARCHECK_TOKEN(tile_name, tile, false)
CARCHECK_TOKEN(pile_tile, tile, false)
CARCHECK_TOKEN(ghosts_where, where, false)
CARCHECK_TOKEN(meeples_where, where, false)
CARCHECK_TOKEN(ghost_slot, slot, false)
CARCHECK_TOKEN(score_feature, score_feature, false)
CARCHECK_TOKEN(speclang::event_name, event, false)
CARCHECK_TOKEN(end_reason, end_reason, false)
CARCHECK_TOKEN(phase_word, phase, false)
CARCHECK_TOKEN(hound_status, status, false)
CARCHECK_TOKEN(rules_name, rules, false)
CARCHECK_TOKEN(level_n, level, true)
CARCHECK_TOKEN(players_n, players, true)
CARCHECK_TOKEN(seed_n, seed, false)
CARCHECK_TOKEN(string_body, string, false)
CARCHECK_TOKEN(tile_decl_name, name, false)
CARCHECK_TOKEN(shipped_name, shipped, false)
CARCHECK_TOKEN(cite_body, cite, false)
CARCHECK_TOKEN(kw_holds, holds, false)
CARCHECK_TOKEN(event_value, event_value, false)
CARCHECK_TOKEN(event_feature, event_feature, false)
CARCHECK_TOKEN(bridge_state, state, false)
CARCHECK_TOKEN(castle_owner, state, false)
CARCHECK_TOKEN(goal_word, status, false)
CARCHECK_TOKEN(setup_hound_status, status, false)
CARCHECK_TOKEN(scoring_source, source, false)
CARCHECK_TOKEN(kw_top, top, false)
CARCHECK_TOKEN(room_expect_word, room, false)
CARCHECK_TOKEN(room_arg, room_args, false)
#undef CARCHECK_TOKEN

template <>
struct action<coord_x> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.x = actionlang::capped_number(in.string(), actionlang::kMaxCoordinate);
  }
};
template <>
struct action<coord_y> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.y = actionlang::capped_number(in.string(), actionlang::kMaxCoordinate);
  }
};
template <>
struct action<coords> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    actionlang::check_coordinates(in, st.x, st.y);
    st.words.coords.push_back({st.x, st.y, where(in)});
  }
};

// A feature outside an action (setup meeple, expect finished / size): its kind, then its port.
template <>
struct action<feature_kind> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.words.feature.push_back({in.string(), "", where(in)});
  }
};
template <>
struct action<port_name> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.words.feature.back().port = in.string();
  }
};

// A meeple reference outside an action (setup hound, expect hound ... by) is read by the
// action grammar's actions.
template <>
struct action<meeple_ref> : pg::change_action_and_states<actionlang::fill, ActionSyntax> {
  template <typename Input>
  static void success(const Input& in, ActionSyntax& a, ParseState& st) {
    SpecAt end = where(in);  // a reference holds no blanks: it starts its length before
    int length = static_cast<int>(a.meeple.text().size());
    st.words.meeple.push_back({a.meeple, {end.line, end.column - length}});
  }
};

// ---- Actions of the turns ---------------------------------------------------------------------

// Each action is read by the action grammar's actions into its own ActionSyntax.
template <>
struct action<step_action> : pg::change_action_and_states<actionlang::fill, ActionSyntax> {
  template <typename Input>
  static void success(const Input& in, ActionSyntax& a, ParseState& st) {
    st.hint =
        a.kind == ActionKind::Meeple && a.colour.empty()
            ? "expected a colour (red, green, blue, yellow, black, pink, grey), ';' or the end "
              "of the line"
            : "";
    SpecAt at{where(in).line, a.column};
    st.actions.emplace_back(std::move(a), at);
  }
};

template <>
struct action<action_line> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    for (const auto& [a, at] : st.actions) {
      SpecStep step;
      step.kind = SpecStep::Action;
      step.at = at;
      step.text = a.text;
      step.action = a;
      step.under = st.bindings;
      if (!st.seen_step) st.first_step_at = at;
      st.seen_step = true;
      st.spec.steps.push_back(std::move(step));
    }
    if (st.hint.empty()) st.hint = "expected ';' and another action, or the end of the line";
  }
};

// The entries of `expect legal placements { ... }` and `meeples { ... }`: each read by the
// action grammar's actions as the action it stands for, placed where its verb would start.
}  // namespace
}  // namespace carcheck
namespace carcheck::actionlang {
template <>
struct fill<speclang::placement_written> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    a.kind = ActionKind::Place;
    a.text = "place " + in.string();
    a.column = static_cast<int>(in.position().column) - 6;
  }
};
template <>
struct fill<speclang::meeple_written> {
  template <typename Input>
  static void apply(const Input& in, ActionSyntax& a) {
    const bool none = in.string() == "none";
    a.kind = none ? ActionKind::Pass : ActionKind::Meeple;
    a.text = none ? "pass" : "meeple " + in.string();
    a.column = static_cast<int>(in.position().column) - (none ? 0 : 7);
  }
};
}  // namespace carcheck::actionlang
namespace carcheck {
namespace {

template <typename Entry>
struct entry_action : pg::change_action_and_states<actionlang::fill, ActionSyntax> {
  template <typename Input>
  static void success(const Input& in, ActionSyntax& a, ParseState& st) {
    SpecAt at{where(in).line, a.column};
    st.actions.emplace_back(std::move(a), at);
  }
};
template <>
struct action<placement_entry> : entry_action<placement_entry> {};
template <>
struct action<meeple_entry> : entry_action<meeple_entry> {};

template <>
struct action<legal_count> {
  static void apply0(ParseState& st) { st.legal_form = ExpectKind::LegalCount; }
};
template <>
struct action<legal_placements> {
  static void apply0(ParseState& st) { st.legal_form = ExpectKind::LegalPlaces; }
};
template <>
struct action<legal_meeples> {
  static void apply0(ParseState& st) { st.legal_form = ExpectKind::LegalMeeples; }
};

// ---- Setup statements -------------------------------------------------------------------------

void check_name(ParseState& st, const Tok& t, const std::vector<std::string>& known,
                const char* what, const char* plural) {
  if (std::find(known.begin(), known.end(), t.text) != known.end()) return;
  std::string near = closest_name(t.text, known);
  st.fail(t.at, fmt::format("unknown {} '{}'{}; the {} are: {}", what, t.text,
                            near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near), plural,
                            joined(known)));
}

template <>
struct action<kw_setup> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    SpecAt at = where(in);
    if (st.seen_setup)
      st.fail(at, fmt::format("a spec has one setup block (the first opens at line {})",
                              st.setup_at.line));
    if (st.seen_step)
      st.fail(at, fmt::format("the setup block comes before the turns and expectations (the "
                              "first is at line {})",
                              st.first_step_at.line));
    st.seen_setup = true;
    st.in_setup = true;
    st.setup_at = at;
  }
};

template <>
struct action<setup_block> {
  static void apply0(ParseState& st) { st.in_setup = false; }
};

SetupStep new_setup(ParseState& st, SetupKind k, SpecAt at, const std::string& text) {
  SetupStep s;
  s.kind = k;
  s.at = at;
  s.text = text;
  if (has(st.words.tile)) s.tile = st.words.tile.front().text, s.tile_at = st.words.tile.front().at;
  if (has(st.words.coords)) s.where = st.words.coords.front();
  if (has(st.words.rot)) s.rot = st.words.rot.front().text[1] - '0';
  if (has(st.words.colour))
    s.colour = st.words.colour.front().text, s.colour_at = st.words.colour.front().at;
  if (has(st.words.feature)) s.feature = st.words.feature.front();
  return s;
}

#define CARCHECK_SETUP(RULE, KIND, ...)                                     \
  template <>                                                               \
  struct action<RULE> {                                                     \
    template <typename Input>                                               \
    static void apply(const Input& in, ParseState& st) {                    \
      SetupStep s = new_setup(st, SetupKind::KIND, where(in), in.string()); \
      __VA_ARGS__;                                                          \
      st.spec.setup.push_back(std::move(s));                                \
    }                                                                       \
  };
CARCHECK_SETUP(s_place, Place, {})
CARCHECK_SETUP(s_face_down, FaceDown, {})
CARCHECK_SETUP(s_meeple, Meeple, {
  std::istringstream words(s.text);
  std::string verb, colour, third;
  words >> verb >> colour >> third;
  s.large = third == "large";
})
CARCHECK_SETUP(s_buried, Buried, {})
CARCHECK_SETUP(s_ghosts, Ghosts, {
  s.value = st.words.value.front().num;
  s.value_at = st.words.value.front().at;
  if (!has(st.words.coords)) {
    s.kind = SetupKind::GhostSupply;
  } else if (has(st.words.slot)) {
    const Tok& slot = st.words.slot.front();
    s.slot = slot.text.rfind("mist", 0) == 0 ? "mist" : "cemetery";
    s.slot_at = slot.at;
    if (s.slot == "mist") s.slot_index = static_cast<int>(st.words.index.front().num);
  }
  if (s.value < 0) st.fail(s.value_at, "a number of ghosts is 0 or more");
})
CARCHECK_SETUP(s_meeples, MeepleSupply, {
  s.value = st.words.value.front().num;
  s.value_at = st.words.value.front().at;
  if (s.value < 0) st.fail(s.value_at, "a number of meeples is 0 or more");
})
CARCHECK_SETUP(s_scoring_meeples, ScoringMeeples, {
  for (const Tok& c : st.words.colour) s.colours.emplace_back(c.text, c.at);
})
CARCHECK_SETUP(s_score, Score, {
  s.value = st.words.value.front().num;
  s.value_at = st.words.value.front().at;
})
CARCHECK_SETUP(s_pile, Pile, {
  s.value = st.words.index.front().num;
  s.value_at = st.words.index.front().at;
  for (const Tok& t : st.words.tile) s.tiles.emplace_back(t.text, t.at);
  s.tile.clear();
})
CARCHECK_SETUP(s_active_pile, ActivePile, {
  s.value = st.words.index.front().num;
  s.value_at = st.words.index.front().at;
})
CARCHECK_SETUP(s_player, Player, {
  s.value = st.words.index.front().num;
  s.value_at = st.words.index.front().at;
})
CARCHECK_SETUP(s_hound, Hound, {
  s.value = st.words.index.front().num;
  s.value_at = st.words.index.front().at;
  if (has(st.words.meeple)) {
    s.meeple = st.words.meeple.front().ref;
    s.status = "placed";
    s.status_at = st.words.meeple.front().at;
  } else {
    const Tok& t = st.words.status.front();
    if (t.text == "placed")
      st.fail(t.at, fmt::format("a placed hound lies by a meeple: write 'hound {} by <colour>@x,y'",
                                s.value));
    static const std::vector<std::string> others = {"waiting", "lost", "scored", "removed"};
    check_name(st, t, others, "hound status", "statuses besides 'by <colour>@x,y'");
    s.status = t.text;
    s.status_at = t.at;
  }
  if (s.value < 1 || s.value > 2) st.fail(s.value_at, "the hounds are 1 (Rufus) and 2 (Ronja)");
})
#undef CARCHECK_SETUP

// ---- Expectations -----------------------------------------------------------------------------

Expectation new_expectation(ParseState& st, ExpectKind k) {
  Expectation e;
  e.kind = k;
  if (has(st.words.value))
    e.value = st.words.value.front().num, e.value_at = st.words.value.front().at;
  if (has(st.words.colour))
    e.colour = st.words.colour.front().text, e.colour_at = st.words.colour.front().at;
  if (has(st.words.coords)) e.has_where = true, e.where = st.words.coords.front();
  if (has(st.words.feature)) e.feature = st.words.feature.front();
  return e;
}

#define CARCHECK_EXPECT(RULE, KIND, ...)                     \
  template <>                                                \
  struct action<RULE> {                                      \
    template <typename Input>                                \
    static void apply(const Input&, ParseState& st) {        \
      Expectation e = new_expectation(st, ExpectKind::KIND); \
      __VA_ARGS__;                                           \
      st.expectations.push_back(std::move(e));               \
    }                                                        \
  };
CARCHECK_EXPECT(e_track, Track, {
  if (has(st.words.score_feature))
    e.word = st.words.score_feature.front().text, e.word_at = st.words.score_feature.front().at;
  st.hint = "expected the end of the line after the points (expect track <colour> [feature] N)";
})
CARCHECK_EXPECT(e_scoring_meeples, ScoringMeeples, {
  for (const Tok& c : st.words.colour) {
    for (const auto& [seen, at] : e.colours)
      if (seen == c.text) st.fail(c.at, c.text + " is named twice: one scoring meeple a colour");
    e.colours.emplace_back(c.text, c.at);
  }
  if (has(st.words.source))
    e.word = st.words.source.front().text, e.word_at = st.words.source.front().at;
  st.hint = "expected another colour, 'from supply', 'from box' or the end of the line";
})
CARCHECK_EXPECT(e_score, Score, {
  if (has(st.words.score_feature))
    e.word = st.words.score_feature.front().text, e.word_at = st.words.score_feature.front().at;
  st.hint = "expected the end of the line after the score (expect score [colour] [feature] N)";
})
CARCHECK_EXPECT(e_ghosts, GhostsAt, {
  if (has(st.words.where)) {
    const std::string& w = st.words.where.front().text;
    e.kind = w == "supply"  ? ExpectKind::GhostsSupply
             : w == "board" ? ExpectKind::GhostsBoard
                            : ExpectKind::GhostsBox;
  } else if (has(st.words.slot)) {
    const Tok& slot = st.words.slot.front();
    e.word = slot.text.rfind("mist", 0) == 0 ? "mist" : "cemetery";
    e.word_at = slot.at;
    if (e.word == "mist") e.index = static_cast<int>(st.words.index.front().num);
  } else {
    st.hint = "expected 'cemetery', 'mist K' or the end of the line";
  }
})
CARCHECK_EXPECT(e_meeples, MeeplesAt, {
  if (has(st.words.where)) {
    const std::string& w = st.words.where.front().text;
    e.kind = w == "supply"  ? ExpectKind::MeeplesSupply
             : w == "board" ? ExpectKind::MeeplesBoard
             : w == "box"   ? ExpectKind::MeeplesBox
                            : ExpectKind::MeeplesBuried;
  } else {
    st.hint = "expected a colour or the end of the line (expect meeples N at x,y [colour])";
  }
})
CARCHECK_EXPECT(e_pile, Pile, {
  const auto& v = st.words.value;
  if (has(st.words.holds)) {
    e.kind = ExpectKind::PileHolds;
    e.index = static_cast<int>(v[0].num);
    e.value = v[1].num;
    e.value_at = v[1].at;
    if (e.index < 1) st.fail(v[0].at, "piles are numbered from 1");
  } else if (has(st.words.top)) {
    e.kind = ExpectKind::PileTop;
    e.index = static_cast<int>(v[0].num);
    if (e.index < 1) st.fail(v[0].at, "piles are numbered from 1");
    e.tile = st.words.tile.front().text, e.tile_at = st.words.tile.front().at;
  } else if (has(st.words.tile)) {
    e.kind = ExpectKind::PileContains;
    e.index = static_cast<int>(v[0].num);
    if (e.index < 1) st.fail(v[0].at, "piles are numbered from 1");
    e.tile = st.words.tile.front().text, e.tile_at = st.words.tile.front().at;
    e.count = v.size() > 1 ? v[1].num : -1;
    if (v.size() > 1) e.value = v[1].num, e.value_at = v[1].at;
    if (v.size() > 1 && v[1].num < 0) st.fail(v[1].at, "a number of copies is 0 or more");
    st.hint = "expected the number of copies or the end of the line (expect pile K contains T [N])";
  } else {
    st.hint =
        "expected 'holds N', 'contains T [N]', 'top T' or the end of the line (expect pile N: the "
        "active "
        "pile holds N; expect pile K holds N; expect pile K contains T N)";
  }
})
// The room checks the arguments as the spec is read: a wrong one is an ERROR at it.
CARCHECK_EXPECT(e_room, Room, {
  const Tok& w = st.words.room.front();
  e.word = w.text;
  e.word_at = w.at;
  std::vector<std::string> args;
  for (const Tok& t : st.words.room_args) {
    e.args.emplace_back(t.text, t.at);
    args.push_back(t.text);
  }
  const RoomExpectation& room = *registered_expectation(w.text);
  size_t bad = args.size();
  if (room.args)
    if (std::optional<std::string> why = room.args(args, bad))
      st.fail(bad < e.args.size() ? e.args[bad].second : w.at, *why);
})
CARCHECK_EXPECT(e_active_pile, ActivePile, {})
CARCHECK_EXPECT(e_tiles_left, TilesLeft, {})
CARCHECK_EXPECT(e_set_aside, SetAside, {})
CARCHECK_EXPECT(e_finished, Finished, {})
CARCHECK_EXPECT(e_size, Size, {})
CARCHECK_EXPECT(event_tail, Event, {
  const Tok& name = st.words.event.front();
  check_name(st, name, spec_event_names(), "event", "events");
  e.word = name.text;
  e.word_at = name.at;
  if (has(st.words.event_feature)) e.event_feature = st.words.event_feature.front().text;
  const Words& w = st.words;
  const char* twice = "the event's count, value, place, colour or feature is given twice";
  if (w.coords.size() > 1) st.fail(w.coords[1].at, twice);
  for (const Words::List* list : {&w.count, &w.event_value, &w.colour, &w.event_feature})
    if (list->size() > 1) st.fail((*list)[1].at, twice);
  e.has_where = has(st.words.coords);
  if (has(st.words.count)) e.count = st.words.count.front().num;
  if (has(st.words.event_value)) {
    e.has_event_value = true;
    const auto& v = st.words.value;
    e.event_value = v.back().num;
  }
  e.value = e.count;
  st.hint =
      "expected the event's count (N), 'value V', 'at x,y', 'by <colour>', a feature (road, city, "
      "monastery, field, castle, cemetery, mist-bank) or the end of the line";
})
CARCHECK_EXPECT(e_illegal, Illegal, {
  e.action = st.actions.front().first;
  e.action_at = st.actions.front().second;
  e.more.assign(st.actions.begin() + 1, st.actions.end());
  if (has(st.words.string)) e.reason = st.words.string.front().text;
  st.hint =
      "expected the reason in quotes or the end of the line (expect illegal <action> \"part of the "
      "reason\")";
})
CARCHECK_EXPECT(e_legal, Legal, {
  e.kind = st.legal_form;
  switch (e.kind) {
    case ExpectKind::LegalCount:
      if (e.value < 0) st.fail(e.value_at, "a number of lines of play is 0 or more");
      if (has(st.words.index)) {
        const Tok& d = st.words.index.front();
        if (d.num < 1 || d.num > 8)
          st.fail(d.at, "the depth counts actions from here: 1 (the actions open now) to 8");
        e.depth = static_cast<int>(d.num);
      }
      st.hint = "expected 'depth D' or the end of the line (expect legal count N [depth D])";
      break;
    case ExpectKind::LegalPlaces:
    case ExpectKind::LegalMeeples:
      e.more = st.actions;
      break;
    default:
      e.action = st.actions.front().first;
      e.action_at = st.actions.front().second;
      e.more.assign(st.actions.begin() + 1, st.actions.end());
      st.hint = "expected 'then' and another action, or the end of the line";
  }
})
CARCHECK_EXPECT(e_won, Won, {})
CARCHECK_EXPECT(e_lost, Lost, {
  if (has(st.words.end_reason)) {
    check_name(st, st.words.end_reason.front(), spec_end_reasons(), "end reason", "end reasons");
    e.word = st.words.end_reason.front().text, e.word_at = st.words.end_reason.front().at;
  }
})
CARCHECK_EXPECT(e_over, Over, {
  if (has(st.words.end_reason)) {
    check_name(st, st.words.end_reason.front(), spec_end_reasons(), "end reason", "end reasons");
    e.word = st.words.end_reason.front().text, e.word_at = st.words.end_reason.front().at;
  }
})
CARCHECK_EXPECT(e_phase, Phase, {
  check_name(st, st.words.phase.front(), spec_phase_names(), "phase", "phases");
  e.word = st.words.phase.front().text, e.word_at = st.words.phase.front().at;
  if (has(st.words.feature)) {
    const SpecFeature& f = st.words.feature.front();
    if (e.word != "score-choice")
      st.fail(f.at, "only 'phase score-choice' names a feature: the scoring under decision");
    if (f.kind != "road" && f.kind != "city" && f.kind != "monastery" && f.kind != "castle")
      st.fail(f.at, "a " + f.kind +
                        " is never scored in Mists: the scoring under decision is a "
                        "road, city, monastery or castle");
  }
  st.hint =
      "expected the scoring's feature and a tile of it (expect phase score-choice road at "
      "x,y) or the end of the line";
})
// goal N compares the number; goal [not] reached the shared score against it.
CARCHECK_EXPECT(e_goal, Goal, {
  if (has(st.words.status)) {
    e.word = "reached", e.word_at = st.words.status.front().at;
    e.negated = st.words.status.front().text.rfind("not", 0) == 0;
  }
})
CARCHECK_EXPECT(e_player, Player, {
  if (e.value < 1) st.fail(e.value_at, "players are numbered from 1");
})
CARCHECK_EXPECT(e_hound, Hound, {
  check_name(st, st.words.status.front(), spec_hound_statuses(), "hound status", "hound statuses");
  e.word = st.words.status.front().text, e.word_at = st.words.status.front().at;
  if (has(st.words.meeple)) {
    if (e.word != "placed")
      st.fail(st.words.meeple.front().at, "only a placed hound lies by a meeple");
    e.word += " by " + st.words.meeple.front().ref.text();
  }
  st.hint = "expected 'by <colour>@x,y' or the end of the line";
  e.index = static_cast<int>(st.words.index.front().num);
  if (e.index < 1 || e.index > 2)
    st.fail(st.words.index.front().at, "the hounds are 1 (Rufus) and 2 (Ronja)");
})
CARCHECK_EXPECT(e_bridges, Bridges, {
  if (e.value < 0) st.fail(e.value_at, "a number of bridges is 0 or more");
})
CARCHECK_EXPECT(e_bridge, BridgeAt,
                { e.word = st.words.state.front().text, e.word_at = st.words.state.front().at; })
CARCHECK_EXPECT(e_castle_tokens, CastleTokens, {
  if (e.value < 0) st.fail(e.value_at, "a number of castle tokens is 0 or more");
})
CARCHECK_EXPECT(e_castle, CastleAt, {
  if (has(st.words.state))
    e.word = st.words.state.front().text, e.word_at = st.words.state.front().at;
  else
    e.word = e.colour, e.word_at = e.colour_at;
})
#undef CARCHECK_EXPECT

template <>
struct action<e_not> {
  static void apply0(ParseState& st) {
    if (!st.expectations.empty() && st.expectations.back().kind == ExpectKind::Finished) {
      st.expectations.back().negated = true;
      return;
    }
    Expectation e;
    e.kind = ExpectKind::Over;
    e.negated = true;
    st.expectations.push_back(e);
  }
};

template <>
struct action<e_no_event> {
  static void apply0(ParseState& st) {
    Expectation& e = st.expectations.back();
    if (e.count >= 0) st.fail(st.words.count.front().at, "'expect no event' takes no count");
    e.negated = true;
    e.count = 0;
    e.value = 0;
  }
};

template <>
struct action<expect_statement> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    SpecStep step;
    step.kind = SpecStep::Expect;
    step.at = where(in);
    step.text = in.string();
    step.expect = st.expectations.back();
    step.under = st.bindings;
    if (!st.seen_step) st.first_step_at = step.at;
    st.seen_step = true;
    st.spec.steps.push_back(std::move(step));
  }
};

// ---- Header statements ------------------------------------------------------------------------

uint64_t seed_of(const ParseState& st, const Tok& t) {
  if (t.text.size() > 19) st.fail(t.at, "the seed " + t.text + " is too large (at most 19 digits)");
  return std::stoull(t.text);
}

template <>
struct action<spec_statement> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    if (!st.spec.title.empty()) st.fail(where(in), "a spec has one title ('spec \"...\"')");
    st.spec.title = st.words.string.front().text;
    if (st.spec.title.empty()) st.fail(st.words.string.front().at, "the title is empty");
  }
};

template <>
struct action<rules_statement> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    if (!st.spec.rules.empty())
      st.fail(where(in), fmt::format("a spec has one 'rules' line (the first is at line {})",
                                     st.spec.rules_at.line));
    st.spec.rules = st.words.rules.front().text;
    st.spec.rules_at = st.words.rules.front().at;
    if (has(st.words.level)) {
      const Tok& l = st.words.level.front();
      if (l.num < 1 || l.num > 6)
        st.fail(l.at, "Mists over Carcassonne has levels 1 to 6, not " + l.text);
      st.spec.level = static_cast<int>(l.num);
      st.spec.level_at = l.at;
    }
    if (has(st.words.players)) {
      const Tok& p = st.words.players.front();
      st.spec.players = static_cast<int>(p.num);
      st.spec.players_given = true;
      st.spec.players_at = p.at;
    }
    if (has(st.words.seed)) st.spec.seed = seed_of(st, st.words.seed.front());
    const Words& w = st.words;
    for (const auto& [name, list] : {std::pair{"level", &w.level}, std::pair{"players", &w.players},
                                     std::pair{"seed", &w.seed}})
      if (list->size() > 1) st.fail((*list)[1].at, std::string("'") + name + "' is given twice");
    st.hint = "expected 'level N', 'players N', 'seed N' or the end of the line after the rule set";
  }
};

template <>
struct action<seed_statement> {
  static void apply0(ParseState& st) { st.spec.seed = seed_of(st, st.words.seed.front()); }
};

template <>
struct action<binding> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    std::string t = in.string();
    size_t eq = t.find('=');
    VariantBinding b;
    b.key = t.substr(0, eq);
    b.value = t.substr(eq + 1);
    b.at = where(in);
    b.value_at = {b.at.line, b.at.column + static_cast<int>(eq) + 1};
    for (const VariantBinding& o : st.bindings)
      if (o.key == b.key) st.fail(b.at, "variant '" + b.key + "' is bound twice on this line");
    st.bindings.push_back(b);
  }
};

template <>
struct action<variant_statement> {
  static void apply0(ParseState& st) {
    const VariantBinding& b = st.bindings.front();
    for (const VariantBinding& o : st.spec.variants)
      if (o.key == b.key)
        st.fail(b.at, fmt::format("variant '{}' is already selected at line {}", b.key, o.at.line));
    st.spec.variants.push_back(b);
    st.bindings.clear();
  }
};

template <>
struct action<cites_statement> {
  static void apply0(ParseState& st) {
    const Tok& c = st.words.cite.front();
    st.spec.cites.push_back({c.text, c.at});
  }
};

template <>
struct action<kw_tile> {
  static void apply0(ParseState& st) { st.tile_is_start = false; }
};
template <>
struct action<kw_start> {
  static void apply0(ParseState& st) { st.tile_is_start = true; }
};

template <>
struct action<tile_tail> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    SpecTile t;
    t.name = st.words.name.front().text;
    t.at = st.words.name.front().at;
    t.start = st.tile_is_start;
    if (st.seen_setup || st.seen_step)
      st.fail(t.at, "tiles are declared before the setup block and the turns");
    for (const SpecTile& o : st.spec.tiles) {
      if (o.name == t.name)
        st.fail(t.at,
                fmt::format("tile '{}' is declared twice (first at line {})", t.name, o.at.line));
      if (o.start && t.start)
        st.fail(t.at,
                fmt::format("a spec has one start tile ('{}' at line {})", o.name, o.at.line));
    }
    if (has(st.words.string)) {
      // The parts of a multi-line shape keep their layout (a line break, then blanks up to the
      // part's column), so the tile compiler's positions are the file's positions.
      for (const Tok& part : st.words.string) {
        if (!t.parts.empty())
          t.shape += "\n" + std::string(static_cast<size_t>(part.at.column - 1), ' ');
        t.parts.push_back({t.shape.size(), part.at});
        t.shape += part.text;
      }
      t.shape_at = t.parts.front().at;
    } else {
      t.shipped = st.words.shipped.front().text;
      t.shape_at = st.words.shipped.front().at;
    }
    if (has(st.words.count)) {
      const Tok& c = st.words.count.front();
      if (c.num < 1) st.fail(c.at, "a tile has at least 1 copy");
      if (c.num > 100) st.fail(c.at, "a tile has at most 100 copies (as in tiles.yaml)");
      t.count = static_cast<int>(c.num);
    }
    st.spec.tiles.push_back(std::move(t));
    st.hint = "expected 'xN' (the number of copies) or the end of the line after the shape";
  }
};

// ---- Syntax errors: the grammar's message, sharpened by what was found ---------------------

std::vector<std::string> statement_words() {
  std::vector<std::string> v = {"spec",  "rules", "variant", "cites", "tile",
                                "start", "setup", "expect",  "under"};
  const std::vector<std::string> verbs = action_verbs();
  v.insert(v.end(), verbs.begin(), verbs.end());
  return v;
}
const std::vector<std::string>& setup_words() {
  static const std::vector<std::string> w = {"place",       "face-down", "meeple", "buried",
                                             "ghosts",      "meeples",   "score",  "pile",
                                             "active-pile", "player",    "hound"};
  return w;
}
std::vector<std::string> expect_words() {
  std::vector<std::string> w(kSpecExpectationWords.begin(), kSpecExpectationWords.end());
  for (std::string& room : registered_expectation_words()) w.push_back(std::move(room));
  return w;
}

std::string leading_name(const std::string& w) {
  std::string n;
  for (char c : w) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') break;
    n += c;
  }
  return n;
}

std::string unknown(const std::string& what, const std::string& w,
                    const std::vector<std::string>& known) {
  std::string name = leading_name(w);
  std::string near = closest_name(name, known);
  return fmt::format("unknown {} '{}'{}", what, name,
                     near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near));
}

template <typename Rule>
bool is(std::string_view message) {
  return message == speclang::errors::message<Rule>;
}

// The reason of a syntax error: the message of the rule that failed (`message`), or a sharper
// one from the word found there (`at`) and what the line has read so far.
std::string syntax_reason(std::string_view message, const ErrorSpot& at, const ParseState& st) {
  const std::string& w = at.word;
  const bool alpha = !w.empty() && std::isalpha(static_cast<unsigned char>(w[0]));
  std::string base(message);
  // The lists of verbs, registered rooms' included (engine/room_words.h), from the one list.
  const std::string actions = actionlang::kActionsText.text(action_verbs());
  if (is<statement>(message)) base = speclang::kStatementText.text(action_verbs());
  if (is<statement>(message) && alpha)
    return unknown("statement", w, statement_words()) + "; " + base;
  if (is<setup_statement>(message)) {
    if (at.at_end)
      return fmt::format("the setup block that opens at line {} is not closed: expected '}}'",
                         st.setup_at.line);
    std::string name = leading_name(w);
    if (name == "expect" || name == "draw" || name == "pass" || name == "points")
      return "'" + name +
             "' is not a setup statement: the turns and expectations come after the setup "
             "block's closing '}'";
    if (alpha) return unknown("setup statement", w, setup_words()) + "; " + base;
  }
  if (is<expectation>(message) && alpha)
    return unknown("expectation", w, expect_words()) + "; " + base;
  if (is<legal_what>(message) && alpha) {
    std::vector<std::string> words = action_verbs();
    words.insert(words.end(), {"count", "placements", "meeples"});
    return unknown("action", w, words) + "; " + base;
  }
  if ((is<step_action>(message) || is<bound_statement>(message)) && alpha)
    return unknown("action", w, action_verbs()) + "; " + actions;
  if (is<step_action>(message)) base = actions;
  if (is<line_end>(message) && !st.hint.empty()) return st.hint + found_text(w, "line");
  return base + found_text(w, "line");
}

// A parse error as an InputError at the word found.
InputError syntax_error(const std::string& text, const pg::parse_error& e, const ParseState& st) {
  ErrorSpot at = error_spot(text, e, true);
  std::string_view message = e.message();
  std::string reason = syntax_reason(message, at, st);
  // `1, 0` or `1 ,0`: the usual slip in coordinates.
  bool blank_before = at.byte > e.positions().front().byte;
  if ((is<coord_y>(message) && blank_before) ||
      (is<comma>(message) && blank_before && !at.word.empty() && at.word[0] == ','))
    reason = "write coordinates without spaces, as in 1,0";
  return InputError(st.spec.pos({at.line, at.column}), reason);
}

// ---- After parsing: what needs the whole file -------------------------------------------------

void check_file(ParseState& st) {
  SpecFile& s = st.spec;
  if (s.rules.empty())
    st.fail(
        {1, 1},
        "a spec needs a 'rules' line, as in 'rules mists level 1 players 2' or 'rules base-c1'");
  if (s.cites.empty())
    st.fail({1, 1},
            "a spec cites its source: add a line such as 'cites Dized.MoC.0041' or 'cites seed 001 "
            "\"final scoring\"'");
  if (!s.tiles.empty()) {
    bool start = false;
    for (const SpecTile& t : s.tiles) start = start || t.start;
    if (!start)
      st.fail(s.tiles.front().at,
              "the spec's own tiles replace the rule set's tiles, so one of them is the "
              "start tile: declare it with 'start NAME = \"...\"'");
  }
  // An `under` expectation replaces the unbound expectation on the same value written just
  // before it (only expectations in between).
  for (size_t i = 0; i < s.steps.size(); ++i) {
    SpecStep& step = s.steps[i];
    if (step.kind != SpecStep::Expect || step.under.empty()) continue;
    std::string subject = expectation_subject(step.expect);
    for (size_t j = i; j-- > 0;) {
      const SpecStep& before = s.steps[j];
      if (before.kind != SpecStep::Expect) break;
      if (before.under.empty() && expectation_subject(before.expect) == subject) {
        step.replaces = static_cast<int>(j);
        break;
      }
    }
  }
}

}  // namespace

std::string expectation_subject(const Expectation& e) {
  auto xy = [&] { return e.has_where ? fmt::format(" at {},{}", e.where.x, e.where.y) : ""; };
  switch (e.kind) {
    case ExpectKind::Score:
    case ExpectKind::Track:  // the same value in Level 6
      return "score " + e.colour + " " + e.word;
    case ExpectKind::ScoringMeeples:
      return "scoring-meeples";
    case ExpectKind::MeeplesBox:
      return "meeples box " + e.colour;
    case ExpectKind::PileContains:
      return fmt::format("pile {} contains {}", e.index, e.tile);
    case ExpectKind::PileTop:
      return fmt::format("pile {} top", e.index);
    case ExpectKind::GhostsAt:
      return fmt::format("ghosts{} {} {}", xy(), e.word, e.index);
    case ExpectKind::GhostsSupply:
      return "ghosts supply";
    case ExpectKind::GhostsBoard:
      return "ghosts board";
    case ExpectKind::GhostsBox:
      return "ghosts box";
    case ExpectKind::MeeplesSupply:
      return "meeples supply " + e.colour;
    case ExpectKind::MeeplesBoard:
      return "meeples board " + e.colour;
    case ExpectKind::MeeplesBuried:
      return "meeples buried " + e.colour;
    case ExpectKind::MeeplesAt:
      return "meeples" + xy() + " " + e.colour;
    case ExpectKind::Pile:
      return "pile";
    case ExpectKind::PileHolds:
      return fmt::format("pile {}", e.index);
    case ExpectKind::ActivePile:
      return "active-pile";
    case ExpectKind::TilesLeft:
      return "tiles-left";
    case ExpectKind::SetAside:
      return "set-aside";
    case ExpectKind::Finished:
      return "finished " + e.feature.text() + xy();
    case ExpectKind::Size:
      return "size " + e.feature.text() + xy();
    case ExpectKind::Event:
      return fmt::format("event {}{}{}{} {}", e.word,
                         e.has_event_value ? fmt::format(" value {}", e.event_value) : "", xy(),
                         e.colour.empty() ? "" : " by " + e.colour, e.event_feature);
    case ExpectKind::Illegal:
    case ExpectKind::Legal: {
      std::string line = "action " + e.action.text;
      for (const auto& [a, at] : e.more) line += " then " + a.text;
      return line;
    }
    case ExpectKind::LegalCount:
      return fmt::format("legal count depth {}", e.depth);
    case ExpectKind::LegalPlaces:
      return "legal placements";
    case ExpectKind::LegalMeeples:
      return "legal meeples";
    case ExpectKind::Won:
    case ExpectKind::Lost:
    case ExpectKind::Over:
      return "end";
    case ExpectKind::Phase:
      return "phase";
    case ExpectKind::Room: {  // its word and arguments but the last, the expected value
      std::string subject = e.word;
      for (size_t i = 0; i + 1 < e.args.size(); ++i) subject += " " + e.args[i].first;
      return subject;
    }
    case ExpectKind::Player:
      return "player";
    case ExpectKind::Goal:
      return "goal";
    case ExpectKind::Hound:
      return fmt::format("hound {}", e.index);
    case ExpectKind::Bridges:
      return "bridges " + e.colour;
    case ExpectKind::BridgeAt:
      return "bridge" + xy();
    case ExpectKind::CastleTokens:
      return "castle-tokens " + e.colour;
    case ExpectKind::CastleAt:
      return "castle" + xy();
  }
  return "?";
}

SpecFile parse_spec(const std::string& text, const std::string& file) {
  ParseState st;
  st.spec.file = file;
  pg::memory_input in(text, file);
  try {
    pg::parse<speclang::file, action, must_control<speclang::errors>::type>(in, st);
  } catch (const pg::parse_error& e) {
    throw syntax_error(text, e, st);
  }
  check_file(st);
  return std::move(st.spec);
}

SpecFile load_spec(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw InputError({path, 1, 1}, "cannot read the file");
  std::ostringstream text;
  text << f.rdbuf();
  return parse_spec(text.str(), path);
}

}  // namespace carcheck
