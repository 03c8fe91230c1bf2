#include "dsl/spec_parser.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <sstream>
#include <type_traits>

#include "dsl/spec_grammar.h"
#include "engine/action.h"
#include "engine/state.h"

namespace carcheck {

// ---- Names ------------------------------------------------------------------------------------

const std::vector<std::string>& spec_event_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (int k = 0; k <= static_cast<int>(EventKind::FinalScored); ++k)
      v.emplace_back(event_name(static_cast<EventKind>(k)));
    return v;
  }();
  return names;
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

const std::vector<std::string>& spec_phase_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (int k = 0; k <= static_cast<int>(Phase::Over); ++k)
      v.emplace_back(phase_name(static_cast<Phase>(k)));
    return v;
  }();
  return names;
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

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
  return out;
}

// ---- Parse state: the tokens of the current line, and the spec built so far ------------------

struct Tok {
  std::string text;
  long num = 0;
  SpecAt at;
};

inline constexpr int kMaxCoordinate = 500;

struct ParseState {
  SpecFile spec;
  std::map<std::string, std::vector<Tok>> tok;  // role -> tokens of the current line
  std::vector<VariantBinding> bindings;         // of the current line
  std::vector<Expectation> expectations;        // of the current line
  std::string hint;                             // what may still follow on the line
  bool tile_is_start = false;
  bool in_setup = false;
  SpecAt setup_at;
  bool seen_setup = false;
  SpecAt first_step_at, first_setup_at;
  bool seen_step = false;

  void reset_line() {
    tok.clear();
    bindings.clear();
    expectations.clear();
    hint.clear();
  }
  [[noreturn]] void fail(SpecAt at, const std::string& reason) const {
    throw InputError(spec.pos(at), reason);
  }
  bool has(const std::string& role) const {
    auto it = tok.find(role);
    return it != tok.end() && !it->second.empty();
  }
  const Tok& first(const std::string& role) const { return tok.at(role).front(); }
  const std::vector<Tok>& all(const std::string& role) { return tok[role]; }
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
void push_token(ParseState& st, const char* role, const Input& in, bool numeric) {
  Tok t;
  t.text = in.string();
  t.at = where(in);
  if (numeric) {
    std::string digits = t.text[0] == '-' ? t.text.substr(1) : t.text;
    if (digits.size() > 9) st.fail(t.at, "the number " + t.text + " is too large");
    t.num = std::stol(t.text);
  }
  st.tok[role].push_back(std::move(t));
}

#define CARCHECK_TOKEN(RULE, ROLE, NUMERIC)              \
  template <>                                            \
  struct action<RULE> {                                  \
    template <typename Input>                            \
    static void apply(const Input& in, ParseState& st) { \
      push_token(st, ROLE, in, NUMERIC);                 \
    }                                                    \
  };
CARCHECK_TOKEN(value, "value", true)
CARCHECK_TOKEN(index_n, "index", true)
CARCHECK_TOKEN(count_n, "count", true)
CARCHECK_TOKEN(rotation, "rot", false)
CARCHECK_TOKEN(colour, "colour", false)
CARCHECK_TOKEN(tile_name, "tile", false)
CARCHECK_TOKEN(pile_tile, "tile", false)
CARCHECK_TOKEN(meeple_ref, "meeple", false)
CARCHECK_TOKEN(ghosts_where, "where", false)
CARCHECK_TOKEN(meeples_where, "where", false)
CARCHECK_TOKEN(ghost_slot, "slot", false)
CARCHECK_TOKEN(score_feature, "score-feature", false)
CARCHECK_TOKEN(speclang::event_name, "event", false)
CARCHECK_TOKEN(end_reason, "end-reason", false)
CARCHECK_TOKEN(phase_word, "phase", false)
CARCHECK_TOKEN(hound_status, "status", false)
CARCHECK_TOKEN(rules_name, "rules", false)
CARCHECK_TOKEN(level_n, "level", true)
CARCHECK_TOKEN(players_n, "players", true)
CARCHECK_TOKEN(seed_n, "seed", false)
CARCHECK_TOKEN(string_body, "string", false)
CARCHECK_TOKEN(tile_decl_name, "name", false)
CARCHECK_TOKEN(shipped_name, "shipped", false)
CARCHECK_TOKEN(cite_body, "cite", false)
CARCHECK_TOKEN(kw_holds, "holds", false)
CARCHECK_TOKEN(event_value, "event-value", false)
CARCHECK_TOKEN(event_feature, "event-feature", false)
#undef CARCHECK_TOKEN

template <>
struct action<coords> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    std::string t = in.string();
    size_t comma_at = t.find(',');
    Tok tok;
    tok.text = t;
    tok.at = where(in);
    std::string xs = t.substr(0, comma_at), ys = t.substr(comma_at + 1);
    auto in_range = [](const std::string& s) {
      std::string d = s[0] == '-' ? s.substr(1) : s;
      return d.size() <= 4 && std::stoi(s) >= -kMaxCoordinate && std::stoi(s) <= kMaxCoordinate;
    };
    if (!in_range(xs) || !in_range(ys))
      st.fail(tok.at, "coordinates lie between -" + std::to_string(kMaxCoordinate) + " and " +
                          std::to_string(kMaxCoordinate) + ", not " + t);
    st.tok["coords"].push_back(tok);
  }
};

template <>
struct action<feature> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    push_token(st, "feature", in, false);
  }
};

template <>
struct action<ghost_n> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    push_token(st, "ghost-count", in, true);
    const Tok& t = st.tok["ghost-count"].back();
    // More than 3 is legal to write (expect illegal shows the engine refusing it); more
    // ghosts than the game holds is a typo.
    if (t.num > 15)
      st.fail(t.at, "the game holds 15 ghosts: a count of " + t.text + " is a mistake");
  }
};

SpecCoord coord_of(const Tok& t) {
  SpecCoord c;
  size_t comma_at = t.text.find(',');
  c.x = std::stoi(t.text.substr(0, comma_at));
  c.y = std::stoi(t.text.substr(comma_at + 1));
  c.at = t.at;
  return c;
}

SpecFeature feature_of(const Tok& t) {
  SpecFeature f;
  size_t colon = t.text.find(':');
  f.kind = t.text.substr(0, colon);
  if (colon != std::string::npos) f.port = t.text.substr(colon + 1);
  f.at = t.at;
  return f;
}

// ---- Actions of the turns ---------------------------------------------------------------------

template <>
struct action<game_action> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    push_token(st, "action", in, false);
  }
};

template <>
struct action<a_meeple> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    const Tok& t = st.tok["feature"].back();
    SpecFeature f = feature_of(t);
    if (f.kind == "mist")
      st.fail(t.at,
              "mist is no meeple spot: a meeple goes on road:<port>, city:<port>, "
              "field:<port>, castle, monastery (or is refused on a cemetery)");
    if (f.port.empty() && (f.kind == "road" || f.kind == "city" || f.kind == "field"))
      st.fail(t.at, "name the " + f.kind + " by a port of the new tile, as in 'meeple " + f.kind +
                        (f.kind == "field" ? ":Nl" : ":W") + "' (ports are board directions)");
    st.hint =
        "expected a colour (red, green, blue, yellow, black, pink), ';' or the end of the line";
  }
};

template <>
struct action<action_line> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    for (const Tok& a : st.all("action")) {
      SpecStep step;
      step.kind = SpecStep::Action;
      step.at = a.at;
      step.text = a.text;
      step.action = a.text;
      step.under = st.bindings;
      if (!st.seen_step) st.first_step_at = a.at;
      st.seen_step = true;
      st.spec.steps.push_back(std::move(step));
    }
    if (st.hint.empty()) st.hint = "expected ';' and another action, or the end of the line";
  }
};

// ---- Setup statements -------------------------------------------------------------------------

template <>
struct action<kw_setup> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    SpecAt at = where(in);
    if (st.seen_setup)
      st.fail(at, "a spec has one setup block (the first opens at line " +
                      std::to_string(st.setup_at.line) + ")");
    if (st.seen_step)
      st.fail(at, "the setup block comes before the turns and expectations (the first is at line " +
                      std::to_string(st.first_step_at.line) + ")");
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
  if (st.has("tile")) s.tile = st.first("tile").text, s.tile_at = st.first("tile").at;
  if (st.has("coords")) s.where = coord_of(st.first("coords"));
  if (st.has("rot")) s.rot = st.first("rot").text[1] - '0';
  if (st.has("colour")) s.colour = st.first("colour").text, s.colour_at = st.first("colour").at;
  if (st.has("feature")) s.feature = feature_of(st.first("feature"));
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
CARCHECK_SETUP(s_meeple, Meeple, {})
CARCHECK_SETUP(s_buried, Buried, {})
CARCHECK_SETUP(s_ghosts, Ghosts, {
  s.value = st.first("value").num;
  s.value_at = st.first("value").at;
  if (!st.has("coords")) {
    s.kind = SetupKind::GhostSupply;
  } else if (st.has("slot")) {
    const Tok& slot = st.first("slot");
    s.slot = slot.text.rfind("mist", 0) == 0 ? "mist" : "cemetery";
    s.slot_at = slot.at;
    if (s.slot == "mist") s.slot_index = static_cast<int>(st.first("index").num);
  }
  if (s.value < 0) st.fail(s.value_at, "a number of ghosts is 0 or more");
})
CARCHECK_SETUP(s_meeples, MeepleSupply, {
  s.value = st.first("value").num;
  s.value_at = st.first("value").at;
  if (s.value < 0) st.fail(s.value_at, "a number of meeples is 0 or more");
})
CARCHECK_SETUP(s_score, Score, {
  s.value = st.first("value").num;
  s.value_at = st.first("value").at;
})
CARCHECK_SETUP(s_pile, Pile, {
  s.value = st.first("index").num;
  s.value_at = st.first("index").at;
  for (const Tok& t : st.all("tile")) s.tiles.emplace_back(t.text, t.at);
  s.tile.clear();
})
CARCHECK_SETUP(s_active_pile, ActivePile, {
  s.value = st.first("index").num;
  s.value_at = st.first("index").at;
})
CARCHECK_SETUP(s_player, Player, {
  s.value = st.first("index").num;
  s.value_at = st.first("index").at;
})
CARCHECK_SETUP(s_hound, Hound, {
  s.value = st.first("index").num;
  s.value_at = st.first("index").at;
  s.meeple = st.first("meeple").text;
  s.colour.clear();
})
#undef CARCHECK_SETUP

// ---- Expectations -----------------------------------------------------------------------------

Expectation new_expectation(ParseState& st, ExpectKind k) {
  Expectation e;
  e.kind = k;
  if (st.has("value")) e.value = st.first("value").num, e.value_at = st.first("value").at;
  if (st.has("colour")) e.colour = st.first("colour").text, e.colour_at = st.first("colour").at;
  if (st.has("coords")) e.has_where = true, e.where = coord_of(st.first("coords"));
  if (st.has("feature")) e.feature = feature_of(st.first("feature"));
  return e;
}

void check_name(ParseState& st, const Tok& t, const std::vector<std::string>& known,
                const char* what, const char* plural) {
  if (std::find(known.begin(), known.end(), t.text) != known.end()) return;
  std::string near = closest_name(t.text, known);
  st.fail(t.at, "unknown " + std::string(what) + " '" + t.text + "'" +
                    (near.empty() ? "" : " (did you mean '" + near + "'?)") + "; the " + plural +
                    " are: " + joined(known));
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
CARCHECK_EXPECT(e_score, Score, {
  if (st.has("score-feature"))
    e.word = st.first("score-feature").text, e.word_at = st.first("score-feature").at;
  st.hint = "expected the end of the line after the score (expect score [colour] [feature] N)";
})
CARCHECK_EXPECT(e_ghosts, GhostsAt, {
  if (st.has("where")) {
    const std::string& w = st.first("where").text;
    e.kind = w == "supply"  ? ExpectKind::GhostsSupply
             : w == "board" ? ExpectKind::GhostsBoard
                            : ExpectKind::GhostsBox;
  } else if (st.has("slot")) {
    const Tok& slot = st.first("slot");
    e.word = slot.text.rfind("mist", 0) == 0 ? "mist" : "cemetery";
    e.word_at = slot.at;
    if (e.word == "mist") e.index = static_cast<int>(st.first("index").num);
  } else {
    st.hint = "expected 'cemetery', 'mist K' or the end of the line";
  }
})
CARCHECK_EXPECT(e_meeples, MeeplesAt, {
  if (st.has("where")) {
    const std::string& w = st.first("where").text;
    e.kind = w == "supply"  ? ExpectKind::MeeplesSupply
             : w == "board" ? ExpectKind::MeeplesBoard
                            : ExpectKind::MeeplesBuried;
  } else {
    st.hint = "expected a colour or the end of the line (expect meeples N at x,y [colour])";
  }
})
CARCHECK_EXPECT(e_pile, Pile, {
  const auto& v = st.all("value");
  if (st.has("holds")) {
    e.kind = ExpectKind::PileHolds;
    e.index = static_cast<int>(v[0].num);
    e.value = v[1].num;
    e.value_at = v[1].at;
    if (e.index < 1) st.fail(v[0].at, "piles are numbered from 1");
  } else {
    st.hint =
        "expected 'holds N' or the end of the line (expect pile N: the active pile holds N; expect "
        "pile K holds N)";
  }
})
CARCHECK_EXPECT(e_active_pile, ActivePile, {})
CARCHECK_EXPECT(e_tiles_left, TilesLeft, {})
CARCHECK_EXPECT(e_set_aside, SetAside, {})
CARCHECK_EXPECT(e_finished, Finished, {})
CARCHECK_EXPECT(e_size, Size, {})
CARCHECK_EXPECT(event_tail, Event, {
  const Tok& name = st.first("event");
  check_name(st, name, spec_event_names(), "event", "events");
  e.word = name.text;
  e.word_at = name.at;
  if (st.has("event-feature")) e.event_feature = st.first("event-feature").text;
  for (const char* role : {"count", "event-value", "coords", "colour", "event-feature"})
    if (st.tok[role].size() > 1)
      st.fail(st.tok[role][1].at,
              "the event's count, value, place, colour or feature is given twice");
  e.has_where = st.has("coords");
  if (st.has("count")) e.count = st.first("count").num;
  if (st.has("event-value")) {
    e.has_event_value = true;
    const auto& v = st.all("value");
    e.event_value = v.back().num;
  }
  e.value = e.count;
  st.hint =
      "expected the event's count (N), 'value V', 'at x,y', 'by <colour>', a feature (road, city, "
      "monastery, field, castle, cemetery, mist-bank) or the end of the line";
})
CARCHECK_EXPECT(e_illegal, Illegal, {
  e.colour.clear();  // a colour in the action or meeple names no expectation of its own
  const Tok& a = st.all("action").back();
  e.action = a.text;
  e.action_at = a.at;
  if (st.has("string")) e.reason = st.first("string").text;
  st.hint =
      "expected the reason in quotes or the end of the line (expect illegal <action> \"part of the "
      "reason\")";
})
CARCHECK_EXPECT(e_legal, Legal, {
  e.colour.clear();  // a colour in the action or meeple names no expectation of its own
  const Tok& a = st.all("action").back();
  e.action = a.text;
  e.action_at = a.at;
})
CARCHECK_EXPECT(e_won, Won, {})
CARCHECK_EXPECT(e_lost, Lost, {
  if (st.has("end-reason")) {
    check_name(st, st.first("end-reason"), spec_end_reasons(), "end reason", "end reasons");
    e.word = st.first("end-reason").text, e.word_at = st.first("end-reason").at;
  }
})
CARCHECK_EXPECT(e_over, Over, {
  if (st.has("end-reason")) {
    check_name(st, st.first("end-reason"), spec_end_reasons(), "end reason", "end reasons");
    e.word = st.first("end-reason").text, e.word_at = st.first("end-reason").at;
  }
})
CARCHECK_EXPECT(e_phase, Phase, {
  check_name(st, st.first("phase"), spec_phase_names(), "phase", "phases");
  e.word = st.first("phase").text, e.word_at = st.first("phase").at;
})
CARCHECK_EXPECT(e_player, Player, {
  if (e.value < 1) st.fail(e.value_at, "players are numbered from 1");
})
CARCHECK_EXPECT(e_hound, Hound, {
  e.colour.clear();  // a colour in the action or meeple names no expectation of its own
  check_name(st, st.first("status"), spec_hound_statuses(), "hound status", "hound statuses");
  e.word = st.first("status").text, e.word_at = st.first("status").at;
  if (st.has("meeple")) {
    if (e.word != "placed") st.fail(st.first("meeple").at, "only a placed hound lies by a meeple");
    e.word += " by " + st.first("meeple").text;
  }
  st.hint = "expected 'by <colour>@x,y' or the end of the line";
  e.index = static_cast<int>(st.first("index").num);
  if (e.index < 1 || e.index > 2)
    st.fail(st.first("index").at, "the hounds are 1 (Rufus) and 2 (Ronja)");
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
    if (e.count >= 0) st.fail(st.first("count").at, "'expect no event' takes no count");
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
    st.spec.title = st.first("string").text;
    if (st.spec.title.empty()) st.fail(st.first("string").at, "the title is empty");
  }
};

template <>
struct action<rules_statement> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    if (!st.spec.rules.empty())
      st.fail(where(in), "a spec has one 'rules' line (the first is at line " +
                             std::to_string(st.spec.rules_at.line) + ")");
    st.spec.rules = st.first("rules").text;
    st.spec.rules_at = st.first("rules").at;
    if (st.has("level")) {
      const Tok& l = st.first("level");
      if (l.num < 1 || l.num > 6)
        st.fail(l.at, "Mists over Carcassonne has levels 1 to 6, not " + l.text);
      st.spec.level = static_cast<int>(l.num);
      st.spec.level_at = l.at;
    }
    if (st.has("players")) {
      const Tok& p = st.first("players");
      st.spec.players = static_cast<int>(p.num);
      st.spec.players_given = true;
      st.spec.players_at = p.at;
    }
    if (st.has("seed")) st.spec.seed = seed_of(st, st.first("seed"));
    for (const char* role : {"level", "players", "seed"})
      if (st.tok[role].size() > 1)
        st.fail(st.tok[role][1].at, std::string("'") + role + "' is given twice");
    st.hint = "expected 'level N', 'players N', 'seed N' or the end of the line after the rule set";
  }
};

template <>
struct action<seed_statement> {
  static void apply0(ParseState& st) { st.spec.seed = seed_of(st, st.first("seed")); }
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
        st.fail(b.at,
                "variant '" + b.key + "' is already selected at line " + std::to_string(o.at.line));
    st.spec.variants.push_back(b);
    st.bindings.clear();
  }
};

template <>
struct action<cites_statement> {
  static void apply0(ParseState& st) {
    const Tok& c = st.first("cite");
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
    t.name = st.first("name").text;
    t.at = st.first("name").at;
    t.start = st.tile_is_start;
    if (st.seen_setup || st.seen_step)
      st.fail(t.at, "tiles are declared before the setup block and the turns");
    for (const SpecTile& o : st.spec.tiles) {
      if (o.name == t.name)
        st.fail(t.at, "tile '" + t.name + "' is declared twice (first at line " +
                          std::to_string(o.at.line) + ")");
      if (o.start && t.start)
        st.fail(t.at, "a spec has one start tile ('" + o.name + "' at line " +
                          std::to_string(o.at.line) + ")");
    }
    if (st.has("string")) {
      // The parts of a multi-line shape keep their layout (a line break, then blanks up to the
      // part's column), so the tile compiler's positions are the file's positions.
      for (const Tok& part : st.all("string")) {
        if (!t.parts.empty())
          t.shape += "\n" + std::string(static_cast<size_t>(part.at.column - 1), ' ');
        t.parts.push_back({t.shape.size(), part.at});
        t.shape += part.text;
      }
      t.shape_at = t.parts.front().at;
    } else {
      t.shipped = st.first("shipped").text;
      t.shape_at = st.first("shipped").at;
    }
    if (st.has("count")) {
      const Tok& c = st.first("count");
      if (c.num < 1) st.fail(c.at, "a tile has at least 1 copy");
      t.count = static_cast<int>(c.num);
    }
    st.spec.tiles.push_back(std::move(t));
    st.hint = "expected 'xN' (the number of copies) or the end of the line after the shape";
  }
};

// ---- Error messages: "expected X" at the exact position ----------------------------------------

template <typename Rule>
struct msg {
  static constexpr const char* text = nullptr;
};
template <typename Rule>
struct msg<then<Rule>> : msg<Rule> {};
#define CARCHECK_MSG(RULE, TEXT)              \
  template <>                                 \
  struct msg<RULE> {                          \
    static constexpr const char* text = TEXT; \
  };
CARCHECK_MSG(
    statement,
    "expected a statement: spec, rules, variant, cites, tile, start, setup, expect, under or "
    "an action (draw, place, meeple, pass, points, remove-ghosts, extra-ghost, bury, hound, "
    "clear, face-down, track)")
CARCHECK_MSG(line_end, "expected the end of the line")
CARCHECK_MSG(
    setup_statement,
    "expected a setup statement (place, face-down, meeple, buried, ghosts, meeples, score, "
    "pile, active-pile, player, hound) or '}' to close the setup block")
CARCHECK_MSG(setup_open,
             "expected '{' after 'setup' (the setup statements follow, one a line, closed by '}')")
CARCHECK_MSG(
    expectation,
    "expected what to expect: score, ghosts, meeples, pile, active-pile, tiles-left, set-aside, "
    "finished, not, size, event, no event, illegal, legal, won, lost, over, phase, player or hound")
CARCHECK_MSG(
    game_action,
    "expected an action: draw, place, meeple, pass, points, remove-ghosts, extra-ghost, bury, "
    "hound, clear, face-down or track")
CARCHECK_MSG(tile_name, "expected a tile's name")
CARCHECK_MSG(coords, "expected coordinates x,y such as 1,0 or -2,3")
CARCHECK_MSG(comma, "expected ',' between x and y, without spaces (as in 1,0)")
CARCHECK_MSG(coord_y, "expected the y coordinate after ','")
CARCHECK_MSG(at_coords, "expected 'at x,y'")
CARCHECK_MSG(rotation, "expected a rotation r0, r1, r2 or r3 (quarter turns clockwise)")
CARCHECK_MSG(colour, "expected a colour: red, green, blue, yellow, black or pink")
CARCHECK_MSG(
    feature,
    "expected a feature: road, city, field, monastery, castle, cemetery or mist, with a port "
    "where needed (road:W, city:N, field:Nl)")
CARCHECK_MSG(port_name,
             "expected a port after ':': a side N, E, S or W, with a half l, c or r where needed "
             "(road:W, field:Nl)")
CARCHECK_MSG(value, "expected a number")
CARCHECK_MSG(index_n, "expected a number (1 for the first)")
CARCHECK_MSG(count_n, "expected a number of copies, as in x3")
CARCHECK_MSG(ghost_n, "expected how many ghosts (0 to 3)")
CARCHECK_MSG(string_close, "expected '\"' to close the string (a string ends on its line)")
CARCHECK_MSG(title_text,
             "expected the spec's title in quotes, as in spec \"A road of 3 tiles scores 3\"")
CARCHECK_MSG(reason_text, "expected the reason in quotes")
CARCHECK_MSG(at_sign, "expected '@' after the colour, as in red@1,0")
CARCHECK_MSG(meeple_where, "expected where the meeple stands, x,y (or supply), after '@'")
CARCHECK_MSG(meeple_ref, "expected a meeple as <colour>@<x>,<y>, such as red@1,0")
CARCHECK_MSG(clear_what, "expected 'clear x,y N' or 'clear stop'")
CARCHECK_MSG(rules_name, "expected a rule set after 'rules': base-c1, pnp-demo, bcb or mists")
CARCHECK_MSG(level_n, "expected the Mists level, 1 to 6")
CARCHECK_MSG(players_n, "expected the number of players")
CARCHECK_MSG(seed_n, "expected the seed, a whole number")
CARCHECK_MSG(binding, "expected a variant as key=value, such as coop-scoring=majority")
CARCHECK_MSG(bindings, "expected a variant as key=value, such as coop-scoring=majority")
CARCHECK_MSG(equals, "expected '=' between the variant's name and its value, without spaces")
CARCHECK_MSG(variant_value, "expected the variant's value after '='")
CARCHECK_MSG(cite_body,
             "expected what the spec cites: an FAQ id (Dized.MoC.0041), or a seed and a passage "
             "(seed 004 \"Level 1, 2a\")")
CARCHECK_MSG(tile_decl_name, "expected the tile's name")
CARCHECK_MSG(tile_equals, "expected '=' after the tile's name")
CARCHECK_MSG(
    tile_shape,
    "expected the tile's shape in the tile language, in quotes (\"road W-E; field Wr Nl Nr "
    "El; field Er Sl Sr Wl\"), or the name of a tile of the rule set")
CARCHECK_MSG(bound_statement, "expected an expectation or an action after the variant")
CARCHECK_MSG(kw_on, "expected 'on <feature>' after the colour (meeple red on road:W at 1,0)")
CARCHECK_MSG(kw_by, "expected 'by <colour>@x,y' after the hound's number (hound 1 by red@1,0)")
CARCHECK_MSG(kw_supply, "expected 'supply' (meeples supply <colour> N)")
CARCHECK_MSG(pile_colon,
             "expected ':' after the pile's number, then its tiles, the next drawn first")
CARCHECK_MSG(setup_ghosts_tail, "expected 'supply N' or 'N at x,y' after 'ghosts'")
CARCHECK_MSG(e_ghosts_tail, "expected supply, board, box or 'N at x,y' after 'ghosts'")
CARCHECK_MSG(e_meeples_tail, "expected supply, board, buried or 'N at x,y' after 'meeples'")
CARCHECK_MSG(speclang::event_name, "expected an event's name, such as bank-finished")
CARCHECK_MSG(kw_event, "expected 'event' after 'no'")
CARCHECK_MSG(not_what, "expected 'finished' or 'over' after 'not'")
CARCHECK_MSG(phase_word, "expected a phase, such as meeple or score-choice")
CARCHECK_MSG(hound_status, "expected a hound's status: waiting, placed, lost, scored or removed")
#undef CARCHECK_MSG

// The word at the error position (after blanks), up to a blank or the end of the line.
template <typename Input>
std::string next_word(const Input& in, size_t skip) {
  std::string w;
  for (size_t i = skip; i < in.size(skip + 40); ++i) {
    char c = in.peek_char(i);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') break;
    w += c;
  }
  return w;
}

std::string found(const std::string& w) {
  return w.empty() ? ", found the end of the line" : ", found '" + w + "'";
}

const std::vector<std::string>& statement_words() {
  static const std::vector<std::string> w = {
      "spec",          "rules",       "variant", "cites", "tile",   "start",     "setup",
      "expect",        "under",       "draw",    "place", "meeple", "pass",      "points",
      "remove-ghosts", "extra-ghost", "bury",    "hound", "clear",  "face-down", "track"};
  return w;
}
const std::vector<std::string>& action_words() {
  static const std::vector<std::string> w = {"draw",   "place",         "meeple",      "pass",
                                             "points", "remove-ghosts", "extra-ghost", "bury",
                                             "hound",  "clear",         "face-down",   "track"};
  return w;
}
const std::vector<std::string>& setup_words() {
  static const std::vector<std::string> w = {"place",       "face-down", "meeple", "buried",
                                             "ghosts",      "meeples",   "score",  "pile",
                                             "active-pile", "player",    "hound"};
  return w;
}
const std::vector<std::string>& expect_words() {
  static const std::vector<std::string> w = {
      "score",    "ghosts", "meeples", "pile",  "active-pile", "tiles-left", "set-aside",
      "finished", "not",    "size",    "event", "no",          "illegal",    "legal",
      "won",      "lost",   "over",    "phase", "player",      "hound"};
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
  return "unknown " + what + " '" + name + "'" +
         (near.empty() ? "" : " (did you mean '" + near + "'?)");
}

// must<then<R>> reports R.
template <typename Rule>
struct unwrap {
  using type = Rule;
};
template <typename Rule>
struct unwrap<then<Rule>> {
  using type = Rule;
};

template <typename Wrapped>
std::string message(const std::string& w, const ParseState& st, bool at_eof) {
  using Rule = typename unwrap<Wrapped>::type;
  const bool alpha = !w.empty() && std::isalpha(static_cast<unsigned char>(w[0]));
  if constexpr (std::is_same_v<Rule, statement>) {
    if (alpha) return unknown("statement", w, statement_words()) + "; " + msg<Rule>::text;
  }
  if constexpr (std::is_same_v<Rule, setup_statement>) {
    if (at_eof)
      return "the setup block that opens at line " + std::to_string(st.setup_at.line) +
             " is not closed: expected '}'";
    if (alpha) {
      std::string name = leading_name(w);
      if (name == "expect" || name == "draw" || name == "pass" || name == "points")
        return "'" + name +
               "' is not a setup statement: the turns and expectations come after the "
               "setup block's closing '}'";
      return unknown("setup statement", w, setup_words()) + "; " + msg<Rule>::text;
    }
  }
  if constexpr (std::is_same_v<Rule, expectation>) {
    if (alpha) return unknown("expectation", w, expect_words()) + "; " + msg<Rule>::text;
  }
  if constexpr (std::is_same_v<Rule, game_action> || std::is_same_v<Rule, bound_statement>) {
    if (alpha) return unknown("action", w, action_words()) + "; " + msg<game_action>::text;
  }
  if constexpr (std::is_same_v<Rule, line_end>) {
    if (!st.hint.empty()) return st.hint + found(w);
  }
  const char* base = msg<Rule>::text;
  if (!base) return "syntax error" + found(w);
  return base + found(w);
}

template <typename Rule>
struct control : pg::normal<Rule> {
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, ParseState& st) {
    // Point at the offending word, not at the blank before it.
    size_t skip = 0;
    while (skip < in.size(skip + 1) && (in.peek_char(skip) == ' ' || in.peek_char(skip) == '\t'))
      ++skip;
    std::string w = next_word(in, skip);
    bool at_eof = in.size(skip + 1) <= skip;
    auto p = in.position();
    SpecAt at{static_cast<int>(p.line), static_cast<int>(p.column + skip)};
    std::string reason = message<Rule>(w, st, at_eof);
    // `1, 0` or `1 ,0`: the usual slip in coordinates.
    if constexpr (std::is_same_v<Rule, coord_y>) {
      if (skip > 0) reason = "write coordinates without spaces, as in 1,0";
    }
    if constexpr (std::is_same_v<Rule, comma>) {
      if (skip > 0 && !w.empty() && w[0] == ',')
        reason = "write coordinates without spaces, as in 1,0";
    }
    throw InputError(st.spec.pos(at), reason);
  }
};

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
  auto xy = [&] {
    return e.has_where ? " at " + std::to_string(e.where.x) + "," + std::to_string(e.where.y) : "";
  };
  switch (e.kind) {
    case ExpectKind::Score:
      return "score " + e.colour + " " + e.word;
    case ExpectKind::GhostsAt:
      return "ghosts" + xy() + " " + e.word + " " + std::to_string(e.index);
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
      return "pile " + std::to_string(e.index);
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
      return "event " + e.word +
             (e.has_event_value ? " value " + std::to_string(e.event_value) : "") + xy() +
             (e.colour.empty() ? "" : " by " + e.colour) + " " + e.event_feature;
    case ExpectKind::Illegal:
    case ExpectKind::Legal:
      return "action " + e.action;
    case ExpectKind::Won:
    case ExpectKind::Lost:
    case ExpectKind::Over:
      return "end";
    case ExpectKind::Phase:
      return "phase";
    case ExpectKind::Player:
      return "player";
    case ExpectKind::Hound:
      return "hound " + std::to_string(e.index);
  }
  return "?";
}

SpecFile parse_spec(const std::string& text, const std::string& file) {
  ParseState st;
  st.spec.file = file;
  pg::memory_input in(text, file);
  pg::parse<speclang::file, action, control>(in, st);
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
