// The engine in the browser (docs/web.md): the same shape as the Python module (python/src/),
// load_game, Game.new_state, State.legal_actions / apply / events / scores / score_breakdown /
// history / game_log / clone, plus run_spec, trace, board_svg and export_spec. Compiled with
// Emscripten (embind); every function returns plain values or JSON text, and no exception
// crosses into JavaScript: a refusal or a bad input comes back as {"error": ...}, which the
// JS wrapper (web/src/carcheck-api.js) turns into a thrown Error. No rule is written here: the
// legal actions, the events, the scores, the trace and the vocabulary all come from the engine.
#include <emscripten/bind.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "checker/spec_runner.h"
#include "checker/state_spec.h"
#include "checker/trace.h"
#include "dsl/action_parser.h"
#include "dsl/library.h"
#include "dsl/spec_parser.h"
#include "dsl/tile_loader.h"
#include "engine/notation.h"
#include "engine/rule_system.h"
#include "gamelog/game_log.h"
#include "gamelog/log_write.h"
#include "gamelog/replay.h"
#include "render/board_art.h"
#include "render/board_svg.h"
#include "render/cell_svg.h"

namespace carcheck::web {

using json = nlohmann::json;

namespace {

// The embedded data (--embed-file ...@/data).
constexpr const char* kDataDir = "/data";

// The meeple colours as render/board_svg.cpp fills them.
constexpr const char* kMeepleFills[kMaxColours] = {"#d62728", "#2ca02c", "#1f5fd6",
                                                   "#f2c80f", "#202020", "#f29ac0"};

std::string error_json(const std::string& message) { return json{{"error", message}}.dump(); }

// Runs `f`, returning its JSON text, or {"error": ...} for anything it throws.
template <class F>
std::string guarded(F&& f) {
  try {
    return f();
  } catch (const std::exception& e) {
    return error_json(e.what());
  } catch (...) {
    return error_json("unknown error");
  }
}

const Library& library() { return Library::shipped(); }

json variant_json(const VariantSwitch& v) {
  return json{{"id", v.id},
              {"values", v.values},
              {"value", v.value()},
              {"default", v.values.empty() ? "" : v.values.front()},
              {"question", v.question},
              {"source", v.source},
              {"meanings", v.meanings},
              {"not_implemented", v.not_implemented}};
}

json breakdown_json(const State& s, int who) {
  json d;
  const Score& sc = s.score(who);
  d["total"] = sc.total;
  d["owner"] = spec_score_owner(s, who);
  // Every score class of the rule system (Game::score_classes), as the Python module and
  // `play` show them: the parts sum to the total.
  json classes = json::object();
  for (FeatureClass f : s.game().score_classes()) classes[feature_class_name(f)] = sc.points(f);
  d["classes"] = classes;
  return d;
}

json event_json(const Game& game, const Event& e) {
  const EventFields& f = event_fields(e.kind);
  json d{{"kind", f.name},
         {"feature",
          e.feature == FeatureClass::None ? json(nullptr) : json(feature_class_name(e.feature))},
         {"who", e.who},
         {"x", e.x},
         {"y", e.y},
         {"value", e.value},
         {"extra", e.extra},
         {"text", describe(e)}};
  (void)game;
  return d;
}

json rule_json(const TracedRule& r) { return json{{"cites", r.cites}, {"readings", r.readings}}; }

json step_json(const TraceStep& t) {
  json events = json::array();
  for (const TracedEvent& e : t.events)
    events.push_back(json{{"text", e.text}, {"rule", rule_json(e.rule)}});
  return json{{"line", t.line},     {"action", t.action},        {"refused", t.refused},
              {"reason", t.reason}, {"rule", rule_json(t.rule)}, {"events", events}};
}

}  // namespace

// ---- the vocabulary --------------------------------------------------------------------------

// Every rule set of levels.yaml with its switches and their register text. The page's `mists`
// flag is the room's cooperative() (a team scoring on tracks, with the page's controls for
// ghosts, hounds and levels); a cooperative rule set is named by its family and level.
std::string rule_sets() {
  return guarded([] {
    json out = json::array();
    for (const RuleSet& r : library().rule_sets) {
      json vs = json::array();
      for (const VariantSwitch& v : r.variants) vs.push_back(variant_json(v));
      out.push_back(json{{"name", r.name},
                         {"title", r.title},
                         {"mists", rule_system_for(r)->cooperative()},
                         {"level", r.level},
                         {"min_players", r.min_players},
                         {"max_players", r.max_players},
                         {"variants", vs}});
    }
    return out.dump();
  });
}

// ---- Game and State --------------------------------------------------------------------------

class WebGame {
 public:
  explicit WebGame(std::shared_ptr<const Game> g) : game_(std::move(g)) {}
  const std::shared_ptr<const Game>& ptr() const { return game_; }
  std::string info() const {
    const RuleSet& r = game_->rules();
    json vs = json::array();
    for (const VariantSwitch& v : r.variants) vs.push_back(variant_json(v));
    return json{{"rules", r.name},
                {"title", r.title},
                {"level", r.level},
                {"players", game_->players()},
                {"mists", game_->cooperative()},
                {"variants", vs}}
        .dump();
  }
  // The tiles of the game (the shipped ones of its rule set), with their copies and a
  // picture in each rotation (one cell, 80x80), for the set-up mode's choice of a tile.
  std::string tiles() const {
    return guarded([&] {
      auto svgs = [](const TileType& t) {
        json out = json::array();
        for (int r = 0; r < 4 && t.n_cells == 1; ++r) out.push_back(cell_svg(t.face(r, 0)));
        return out;
      };
      json out = json::array();
      for (const TileType& t : game_->tiles())
        out.push_back(
            json{{"name", t.name}, {"count", t.count}, {"start", t.start}, {"svg", svgs(t)}});
      return out.dump();
    });
  }

 private:
  std::shared_ptr<const Game> game_;
};

class WebState {
 public:
  // auto_draws: the seed draws every tile (as `carcheck play`); otherwise a draw is a choice
  // like any other (the chance node's legal actions are the tiles left), as a spec's `draw`.
  WebState(std::shared_ptr<const Game> g, uint64_t seed, bool auto_draws = true)
      : game_(std::move(g)), state_(*game_, seed), auto_draws_(auto_draws) {
    if (auto_draws_) resolve_draws();
  }
  // From a spec's state after its setup block (checker/spec_runner.h start_spec); `setup`:
  // the block's statements, written back into a saved spec.
  WebState(std::shared_ptr<const Game> g, const State& start, std::vector<std::string> setup,
           bool auto_draws)
      : game_(std::move(g)),
        state_(start),
        start_(std::make_shared<const State>(start)),
        setup_(std::move(setup)),
        auto_draws_(auto_draws) {
    if (auto_draws_) resolve_draws();
  }

  // At a chance node: the tile the seed draws (as `carcheck play` would).
  std::string random_draw() {
    return guarded([&] {
      if (!state_.is_chance()) return error_json("not a chance node: no tile to draw now");
      const size_t before = state_.history().size();
      state_.apply_random_draw();
      if (state_.history().size() == before) return error_json("nothing to draw");
      const std::string text = action_text(state_, state_.history()[before]);
      history_.push_back(text);
      events_ = state_.events();
      steps_.clear();
      steps_.push_back(tracer().accepted(state_, text));
      return json{{"ok", true}, {"drawn", text}}.dump();
    });
  }

  // {"ok": true} or {"error": ...}.
  std::string legal_actions() const {
    return guarded([&] {
      ActionList& legal = scratch();
      state_.legal_actions(legal);
      json out = json::array();
      const int cell = state_.new_cell();
      for (const Action& a : legal) {
        json j{{"kind", action_verb(a.kind)},
               {"text", action_text(state_, a)},
               {"x", a.x},
               {"y", a.y},
               {"rotation", a.rot}};
        // A range entry of bids (engine/action.h kBidRange: `select A 0+`, `bid 6+`) stands for
        // every amount from `amount` up; the page asks for one (apply refuses the entry).
        if (is_bid_range(a)) j["range"] = json{{"amount", a.x}};
        // A meeple option's place on the tile just placed (render/'s anchor of its feature),
        // so that the page can offer it there.
        if (a.kind == ActionKind::Meeple && cell >= 0 && cell < state_.cells() &&
            !state_.hidden(cell) && a.seg >= 0 && a.seg < state_.face(cell).n_segments) {
          const SvgPoint p = segment_anchor(state_.face(cell), a.seg);
          j["anchor"] = json{
              {"x", state_.cell(cell).x},
              {"y", state_.cell(cell).y},
              {"ax", p.x},
              {"ay", p.y},
              {"fill", a.colour >= 0 && a.colour < kMaxColours ? kMeepleFills[a.colour] : "#fff"}};
        }
        out.push_back(j);
      }
      return out.dump();
    });
  }

  // Applies the action the notation `text` names: {"ok": true} or {"refused": reason} or
  // {"error": text that names no action}.
  std::string apply(const std::string& text) {
    return guarded([&] {
      std::string error;
      std::optional<Action> a = parse_action(state_, text, error);
      if (!a) return error_json(error);
      const std::string written = action_text(state_, *a);
      if (std::optional<std::string> why = state_.apply(*a)) {
        const TraceStep t = tracer().refused(a->kind, written, *why);
        return json{{"refused", *why}, {"trace", step_json(t)}}.dump();
      }
      history_.push_back(written);
      events_ = state_.events();
      steps_.clear();
      steps_.push_back(tracer().accepted(state_, written));
      if (auto_draws_) resolve_draws();
      return json{{"ok", true}}.dump();
    });
  }

  std::string events() const {
    json out = json::array();
    for (const Event& e : events_) out.push_back(event_json(*game_, e));
    return out.dump();
  }

  // The last apply's rule trace: the action and the draws after it, each event with its rule
  // (citations.yaml) and the readings in force, as `carcheck play --trace` prints them.
  std::string trace() const {
    json out = json::array();
    for (const TraceStep& t : steps_) out.push_back(step_json(t));
    return out.dump();
  }

  std::string trace_game_text() const {
    return guarded([&] {
      return json{{"text", trace_text(trace_game(state_, shipped_citations()))}}.dump();
    });
  }

  std::string scores() const {
    json out = json::array();
    for (int i = 0; i < state_.score_count(); ++i) out.push_back(state_.score(i).total);
    return out.dump();
  }

  std::string score_breakdown() const {
    json out = json::array();
    for (int i = 0; i < state_.score_count(); ++i) out.push_back(breakdown_json(state_, i));
    return out.dump();
  }

  std::string history() const { return json(history_).dump(); }

  std::string status() const {
    return guarded([&] {
      json supplies = json::array();
      for (int c = 0; c < game_->colours(); ++c)
        if (game_->owner(c) >= 0 || game_->cooperative())
          supplies.push_back(json{{"colour", game_->colour_name(c)},
                                  {"player", game_->owner(c)},
                                  {"supply", state_.meeples_in_supply(c)}});
      json piles = json::array();
      for (int p = 0; p < state_.piles(); ++p) piles.push_back(state_.pile_size(p));
      const TileId drawn = state_.drawn();
      json d{{"phase", phase_name(state_.phase())},
             {"turn", state_.turn()},
             {"terminal", state_.is_terminal()},
             {"chance", state_.is_chance()},
             {"current_player", state_.is_terminal() ? -4 : state_.current_player()},
             {"active_player", state_.active_player()},
             {"current_colour",
              state_.is_terminal() ? "" : score_owner_player(state_.current_player())},
             {"waiting_for", state_.waiting_for()},
             {"drawn", drawn >= 0 ? json(game_->tile(drawn).name) : json(nullptr)},
             {"tiles_remaining", state_.tiles_remaining()},
             {"supplies", supplies},
             {"piles", piles},
             {"active_pile", state_.active_pile()},
             {"seed", std::to_string(state_.seed())},
             {"mists", game_->cooperative()},
             {"won", state_.won()},
             {"end_reason", state_.end_reason() == EndReason::None
                                ? json(nullptr)
                                : json(end_reason_text(state_.end_reason()))}};
      if (game_->cooperative()) {
        d["ghosts_supply"] = state_.mists().ghost_supply;
        d["ghosts_board"] = state_.mists().ghosts_on_board();
      }
      return d.dump();
    });
  }

  std::string game_log() const {
    return guarded([&] {
      if (start_)
        return error_json(
            "a game set up on the page has no game log (a log starts from the first turn, "
            "docs/game-log.md): save it as a spec, which keeps the setup block");
      LogWriteOptions o;
      // Mid-game the page rests after a draw; a log line that ends with a drawn tile and no
      // placement is one `carcheck replay` refuses (missing-decision), so the line stops at the
      // last finished turn: the history without its trailing draws, replayed.
      const std::vector<Action>& h = state_.history();
      size_t keep = h.size();
      while (!state_.is_terminal() && keep > 0 && h[keep - 1].kind == ActionKind::Draw) --keep;
      std::string line;
      if (keep == h.size()) {
        line = write_game_log(state_, o);
      } else {
        State upto(*game_, state_.seed());
        for (size_t i = 0; i < keep; ++i)
          if (std::optional<std::string> why = upto.apply(h[i]))
            throw std::logic_error("the game does not replay: " + *why);
        line = write_game_log(upto, o);
      }
      if (line.empty()) return error_json("this game's history is not one the game log holds");
      return json{{"log", line}}.dump();
    });
  }

  // cells_json: [[x, y], ...], empty cells the picture frames too (where the drawn tile fits).
  std::string board_svg(const std::string& cells_json) const {
    return guarded([&] {
      std::vector<Pos> also;
      for (const json& c : json::parse(cells_json.empty() ? "[]" : cells_json))
        also.push_back({c.at(0).get<int>(), c.at(1).get<int>()});
      return json{{"svg", draw_board_svg(state_, also)}}.dump();
    });
  }

  std::string board_text() const { return draw_board(state_); }

  // The drawn tile (or a tile by name) at a rotation, one cell, as SVG shapes in an 80x80 box.
  std::string tile_svg(int rotation) const {
    return guarded([&] {
      const TileId t = state_.drawn();
      if (t < 0) return error_json("no tile drawn");
      const int r = ((rotation % 4) + 4) % 4;
      return json{{"svg", cell_svg(game_->tile(t).face(r, 0))}}.dump();
    });
  }

  // The game as a spec that replays it (checker/state_spec.h): its rules, players, seed and
  // readings, the setup block it started from, every draw and choice, and what the state
  // shows as expectations (scores, supplies, piles, ghosts, the end).
  // ticks_json: [[after, "event text"], ...]: an `expect event` line after the after-th
  // action of the history (the events the user ticked), in event_as_spec_text's words without
  // the part in parentheses that no filter reads.
  std::string export_spec(const std::string& title, const std::string& ticks_json) const {
    return guarded([&] {
      StateSpecOptions o;
      o.title = title.empty() ? "a game played on the carcheck page" : title;
      o.origin = "web/index.html";
      o.setup = setup_;
      o.start = start_.get();
      const size_t offset = start_ ? start_->history().size() : 0;
      if (!ticks_json.empty())
        for (const json& t : json::parse(ticks_json)) {
          std::string text = t.at(1).get<std::string>();
          if (const size_t paren = text.find(" ("); paren != std::string::npos) text.erase(paren);
          o.events.emplace(offset + t.at(0).get<size_t>(), text);
        }
      return json{{"spec", state_as_spec(state_, o)}}.dump();
    });
  }

  // The tile at x,y as the set-up mode needs it: its name, the features a meeple can stand on
  // (in the spec's words: road:W, city:N, field:Nl, monastery), its mist areas and cemetery.
  std::string cell_info(int x, int y) const {
    return guarded([&] {
      const int cell = state_.cell_at(x, y);
      if (cell < 0) return json{{"empty", true}}.dump();
      const CellFace& f = state_.face(cell);
      json features = json::array();
      bool cemetery = false;
      for (int seg = 0; seg < f.n_segments; ++seg) {
        const Segment& g = f.segments[seg];
        if (g.kind == SegmentKind::Cemetery) cemetery = true;
        if (g.kind == SegmentKind::Cemetery) continue;
        std::string name = segment_kind_name(g.kind);
        if (g.kind == SegmentKind::Road || g.kind == SegmentKind::City ||
            g.kind == SegmentKind::Field) {
          int port = -1;
          for (int p = 0; p < kPorts && port < 0; ++p)
            if (g.links & (1u << p)) port = p;
          if (port < 0) continue;
          name += std::string(":") + kSideNames[side_of(port)];
          if (g.kind == SegmentKind::Field) name += "lcr"[port % kPortsPerSide];
        }
        features.push_back(name);
      }
      return json{{"empty", false},
                  {"tile", game_->tile(state_.cell(cell).tile).name},
                  {"face_down", state_.hidden(cell)},
                  {"features", features},
                  {"mists", f.n_mist},
                  {"cemetery", cemetery}}
          .dump();
    });
  }

  WebState clone() const { return *this; }

 private:
  std::string score_owner_player(int player) const {
    if (game_->cooperative()) return "";
    for (int c = 0; c < game_->colours(); ++c)
      if (game_->owner(c) == player) return game_->colour_name(c);
    return "";
  }

  static ActionList& scratch() {
    static std::unique_ptr<ActionList> list = std::make_unique<ActionList>();
    return *list;
  }

  Tracer tracer() const { return Tracer(*game_, shipped_citations()); }

  void resolve_draws() {
    while (!state_.is_terminal() && state_.is_chance()) {
      const size_t before = state_.history().size();
      state_.apply_random_draw();
      if (state_.history().size() == before)
        throw std::logic_error(std::string("a chance node with nothing to draw (phase ") +
                               phase_name(state_.phase()) + ")");
      events_.insert(events_.end(), state_.events().begin(), state_.events().end());
      const std::string text = action_text(state_, state_.history()[before]);
      history_.push_back(text);
      steps_.push_back(tracer().accepted(state_, text));
    }
  }

  std::shared_ptr<const Game> game_;
  State state_;
  std::shared_ptr<const State> start_;  // a spec's state after its setup block, or none
  std::vector<std::string> setup_;      // that block's statements
  std::vector<std::string> history_;
  std::vector<Event> events_;
  std::vector<TraceStep> steps_;
  bool auto_draws_ = true;
};

// load_game(rules, level, players, variants as JSON ["key=value", ...]); throws: call
// try_load_game first, which says why a game cannot be built.
std::shared_ptr<WebGame> load_game(const std::string& rules, int level, int players,
                                   const std::string& variants_json) {
  GameOptions o;
  o.rules = rules;
  o.level = level;
  o.players = players;
  for (const std::string& kv : json::parse(variants_json).get<std::vector<std::string>>())
    o.variants.push_back(kv);
  return std::make_shared<WebGame>(std::shared_ptr<const Game>(make_game(o)));
}

// A game, or the reason it cannot be built, without an exception crossing into JS.
std::string try_load_game(const std::string& rules, int level, int players,
                          const std::string& variants_json) {
  return guarded([&] {
    load_game(rules, level, players, variants_json);
    return json{{"ok", true}}.dump();
  });
}

WebState new_state(const WebGame& g, double seed, bool auto_draws) {
  return WebState(g.ptr(), static_cast<uint64_t>(seed), auto_draws);
}

std::string try_new_state(const WebGame& g, double seed, bool auto_draws) {
  return guarded([&] {
    WebState s(g.ptr(), static_cast<uint64_t>(seed), auto_draws);
    return json{{"ok", true}}.dump();
  });
}

// ---- set-up mode and specs in Play -------------------------------------------------------

// The page's set-up: the game's options and the setup statements as spec text, so that the
// statements go through the spec language and the spec runner's setup path (start_spec), with
// the same checks and refusals as a spec's `setup { }`. `header` counts the lines before the
// first statement.
struct SetupSpec {
  std::string text;
  int header = 0;
  std::vector<std::string> lines;
};

SetupSpec setup_spec(const std::string& rules, int level, int players,
                     const std::string& variants_json, double seed, const std::string& lines_json) {
  SetupSpec out;
  out.lines = json::parse(lines_json).get<std::vector<std::string>>();
  std::string& t = out.text;
  t = "spec \"a position set up on the page\"\ncites web/index.html \"set up on the page\"\n";
  t += "rules " + (rules == "mists" ? "mists level " + std::to_string(level) : rules) +
       " players " + std::to_string(players) + " seed " +
       std::to_string(static_cast<uint64_t>(seed)) + "\n";
  out.header = 3;
  for (const std::string& kv : json::parse(variants_json).get<std::vector<std::string>>()) {
    t += "variant " + kv + "\n";
    ++out.header;
  }
  if (out.lines.empty()) return out;
  t += "setup {\n";
  ++out.header;
  for (size_t i = 0; i < out.lines.size(); ++i) {
    const std::string& l = out.lines[i];
    if (l.find_first_of("\n\r{}") != std::string::npos)
      throw std::invalid_argument("statement " + std::to_string(i + 1) +
                                  " is not one setup statement: '" + l + "'");
    t += "  " + l + "\n";
  }
  t += "}\n";
  return out;
}

// `file:line:column: reason` split (line 0 when the message names no place).
struct Place {
  int line = 0, column = 0;
  std::string reason;
};
Place message_place(const std::string& message, const std::string& file) {
  Place p;
  p.reason = message;
  const std::string prefix = file + ":";
  if (message.rfind(prefix, 0) != 0) return p;
  size_t i = prefix.size();
  auto number = [&](int& n) {
    const size_t from = i;
    n = 0;
    while (i < message.size() && std::isdigit(static_cast<unsigned char>(message[i])))
      n = n * 10 + (message[i++] - '0');
    return i > from && i < message.size() && message[i++] == ':';
  };
  int l = 0, c = 0;
  if (number(l) && number(c)) {
    p.line = l, p.column = c;
    p.reason = message.substr(i);
    if (!p.reason.empty() && p.reason.front() == ' ') p.reason.erase(0, 1);
  }
  return p;
}

constexpr const char* kSetupFile = "setup.spec";

SpecStart setup_start(const SetupSpec& sp) { return start_spec(parse_spec(sp.text, kSetupFile)); }

// {"ok": true} or {"error": reason, "statement": the refused statement's index (from 0; -1 for
// the game's options)}.
std::string try_setup_state(const std::string& rules, int level, int players,
                            const std::string& variants_json, double seed,
                            const std::string& lines_json) {
  return guarded([&] {
    SetupSpec sp = setup_spec(rules, level, players, variants_json, seed, lines_json);
    try {
      setup_start(sp);
    } catch (const InputError& e) {
      const Place p = message_place(e.what(), kSetupFile);
      const int index = p.line > sp.header ? p.line - sp.header - 1 : -1;
      return json{{"error", p.reason}, {"statement", index}}.dump();
    }
    return json{{"ok", true}}.dump();
  });
}

// The state after the setup statements (call try_setup_state first: this one throws).
WebState setup_state(const std::string& rules, int level, int players,
                     const std::string& variants_json, double seed, const std::string& lines_json,
                     bool auto_draws) {
  SetupSpec sp = setup_spec(rules, level, players, variants_json, seed, lines_json);
  SpecStart start = setup_start(sp);
  return WebState(start.game, *start.state, sp.lines, auto_draws);
}

// A spec to step through in Play: its game, its setup statements, and its steps (every action
// and expectation with its line; `holds` false for one whose `under` binding does not hold).
// The page applies the actions one by one to the state spec_state gives (draws as choices).
std::string try_spec_play(const std::string& text, const std::string& name) {
  return guarded([&] {
    SpecFile spec;
    SpecStart start;
    try {
      spec = parse_spec(text, name);
      start = start_spec(spec);
    } catch (const InputError& e) {
      const Place p = message_place(e.what(), name);
      return json{{"error", p.reason}, {"line", p.line}, {"column", p.column}}.dump();
    }
    const Game& g = *start.game;
    const RuleSet& rs = g.rules();
    json setup = json::array();
    for (const SetupStep& st : spec.setup) setup.push_back(st.text);
    json steps = json::array();
    for (const SpecStep& st : spec.steps) {
      bool holds = true;
      for (const VariantBinding& b : st.under) holds = holds && rs.variant(b.key) == b.value;
      steps.push_back(json{{"line", st.at.line},
                           {"kind", st.kind == SpecStep::Action ? "action" : "expect"},
                           {"text", st.text},
                           {"holds", holds}});
    }
    std::vector<std::string> variants;
    for (const VariantSwitch& v : rs.variants)
      if (v.chosen != 0 || !v.parameter.empty()) variants.push_back(v.id + "=" + v.value());
    return json{{"title", spec.title},    {"rule_set", rs.name},
                {"players", g.players()}, {"seed", std::to_string(spec.seed)},
                {"variants", variants},   {"own_tiles", !spec.tiles.empty()},
                {"setup", setup},         {"steps", steps}}
        .dump();
  });
}

WebState spec_state(const std::string& text, const std::string& name) {
  SpecFile spec = parse_spec(text, name);
  SpecStart start = start_spec(spec);
  std::vector<std::string> setup;
  for (const SetupStep& st : spec.setup) setup.push_back(st.text);
  return WebState(start.game, *start.state, setup, false);
}

// Every action kind of the engine (engine/action.h ActionKind), in its notation's verb.
std::string action_kinds() { return json(action_verbs()).dump(); }

// ---- specs -----------------------------------------------------------------------------------

// Runs spec text as `carcheck check --trace` does; `variant` ("key=value" or "") as one
// --matrix run. The file is called `name` in messages.
std::string run_spec(const std::string& text, const std::string& name, const std::string& variant) {
  return guarded([&] {
    SpecRunOptions run;
    run.trace = true;
    SpecResult r;
    std::optional<SpecFile> spec;
    try {
      spec = parse_spec(text, name);
    } catch (const InputError& e) {
      r.path = name;
      r.outcome = SpecOutcome::Error;
      r.error = e.what();
    }
    if (spec) r = run_spec(*spec, run, variant);
    json failures = json::array();
    for (const SpecCheckFailure& f : r.failures)
      failures.push_back(json{{"line", f.at.line},
                              {"column", f.at.column},
                              {"statement", f.statement},
                              {"expected", f.expected},
                              {"actual", f.actual},
                              {"after", f.after},
                              {"under", f.under}});
    json trace = json::array();
    for (const TraceStep& t : r.trace) trace.push_back(step_json(t));
    // An ERROR's place: `name:line:column: reason`.
    Place at;
    if (r.outcome == SpecOutcome::Error) at = message_place(r.error, name);
    json matrix = json::array();
    if (spec && variant.empty()) {
      try {
        matrix = matrix_runs(*spec, run);
      } catch (const std::exception&) {
      }
    }
    return json{{"status", spec_outcome_name(r.outcome)},
                {"title", r.title},
                {"rules", r.rules},
                {"variant", r.variant},
                {"checked", r.checked},
                {"skipped", r.skipped},
                {"failures", failures},
                {"message", r.error},
                {"line", at.line},
                {"column", at.column},
                {"reason", r.outcome == SpecOutcome::Error ? at.reason : r.error},
                {"board", r.board},
                {"board_svg", r.board_svg},
                {"trace", trace},
                {"trace_text", trace_text(r.trace)},
                {"matrix", matrix}}
        .dump();
  });
}

// The shipped specs (embedded at /data/specs), grouped by folder: [{name, text}], sorted.
std::string shipped_specs() {
  return guarded([&] {
    namespace fs = std::filesystem;
    std::vector<std::pair<std::string, std::string>> files;
    const fs::path root = fs::path(kDataDir) / "specs";
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (!e.is_regular_file() || e.path().extension() != ".spec") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      files.emplace_back("specs/" + fs::relative(e.path(), root).string(), text.str());
    }
    std::sort(files.begin(), files.end());
    json out = json::array();
    for (const auto& [name, text] : files) out.push_back(json{{"name", name}, {"text", text}});
    return out.dump();
  });
}

// A game-log line as the page replays it: the game's options and seed and, when the rules
// agree with the log (`carcheck replay`), every action in the notation, draws included, so the
// page can step through it with draws as choices. A log the rules disagree with is an error
// naming the first disagreement.
std::string load_log(const std::string& line) {
  return guarded([&] {
    LogError err;
    std::optional<GameLog> g = read_game_log(line, 1, err);
    if (!g) return error_json(err.text());
    std::unique_ptr<Game> game = log_game(*g);
    std::unique_ptr<State> played;
    ReplayResult r = carcheck::replay_log(*g, *game, ReplayOptions{}, &played);
    if (!r.agrees() || !played) {
      const Finding& f = r.findings.front();
      return error_json(std::string("the rules disagree with the log at turn ") +
                        std::to_string(f.turn) + " (" + disagreement_name(f.kind) +
                        "): " + f.detail);
    }
    State replay(*game, played->seed());
    std::vector<std::string> actions;
    for (const Action& a : played->history()) {
      actions.push_back(action_text(replay, a));
      if (std::optional<std::string> why = replay.apply(a))
        return error_json("the replayed game does not replay: " + *why);
    }
    const RuleSet& rs = game->rules();
    std::vector<std::string> variants;
    for (const VariantSwitch& v : rs.variants)
      if (v.chosen != 0 || !v.parameter.empty()) variants.push_back(v.id + "=" + v.value());
    // As rule_sets() names it to the page: a rule set of levels by its family and level.
    return json{{"rules", rs.level > 0 ? std::string(family_entry(rs.family).name) : rs.name},
                {"rule_set", rs.name},
                {"level", rs.level},
                {"players", game->players()},
                {"variants", variants},
                {"seed", std::to_string(played->seed())},
                {"actions", actions}}
        .dump();
  });
}

// Reads a game-log line and says whether the rules agree with it (`carcheck replay`).
std::string replay_log(const std::string& line) {
  return guarded([&] {
    LogError err;
    std::optional<GameLog> g = read_game_log(line, 1, err);
    if (!g) return error_json(err.text());
    std::unique_ptr<Game> game = log_game(*g);
    ReplayOptions o;
    ReplayResult r = carcheck::replay_log(*g, *game, o);
    json findings = json::array();
    for (const Finding& f : r.findings)
      findings.push_back(
          json{{"kind", disagreement_name(f.kind)}, {"turn", f.turn}, {"detail", f.detail}});
    return json{{"agrees", r.agrees()}, {"turns", r.turns}, {"findings", findings}}.dump();
  });
}

}  // namespace carcheck::web

EMSCRIPTEN_BINDINGS(carcheck) {
  using namespace emscripten;
  using namespace carcheck::web;
  function("rule_sets", &rule_sets);
  function("try_load_game", &try_load_game);
  function("load_game", &load_game);
  function("try_new_state", &try_new_state);
  function("new_state", &new_state);
  function("run_spec", &carcheck::web::run_spec);
  function("shipped_specs", &shipped_specs);
  function("load_log", &load_log);
  function("replay_log", &carcheck::web::replay_log);
  function("try_setup_state", &try_setup_state);
  function("setup_state", &setup_state);
  function("try_spec_play", &try_spec_play);
  function("spec_state", &spec_state);
  function("action_kinds", &action_kinds);
  class_<WebGame>("Game")
      .smart_ptr<std::shared_ptr<WebGame>>("GamePtr")
      .function("info", &WebGame::info)
      .function("tiles", &WebGame::tiles);
  class_<WebState>("State")
      .function("legal_actions", &WebState::legal_actions)
      .function("apply", &WebState::apply)
      .function("events", &WebState::events)
      .function("trace", &WebState::trace)
      .function("trace_game", &WebState::trace_game_text)
      .function("scores", &WebState::scores)
      .function("score_breakdown", &WebState::score_breakdown)
      .function("history", &WebState::history)
      .function("status", &WebState::status)
      .function("game_log", &WebState::game_log)
      .function("board_svg", &WebState::board_svg)
      .function("board_text", &WebState::board_text)
      .function("tile_svg", &WebState::tile_svg)
      .function("export_spec", &WebState::export_spec)
      .function("random_draw", &WebState::random_draw)
      .function("cell_info", &WebState::cell_info)
      .function("clone", &WebState::clone);
}
