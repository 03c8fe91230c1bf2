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
#include "checker/trace.h"
#include "dsl/action_parser.h"
#include "dsl/library.h"
#include "dsl/spec_parser.h"
#include "dsl/tile_loader.h"
#include "engine/notation.h"
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

int colour_of_player(const State& s, int player) {
  for (int c = 0; c < s.game().colours(); ++c)
    if (s.game().owner(c) == player) return c;
  return -1;
}

// Who a score belongs to, as a spec names it: a player's colour (competitive), a scoring
// meeple's colour (Mists Level 6), "" for the one shared track (Mists 1-5).
std::string score_owner(const State& s, int who) {
  if (!s.game().is_mists()) {
    const int c = colour_of_player(s, who);
    return c >= 0 ? kColourNames[c] : "";
  }
  if (s.game().rules().scoring == ScoringTracks::PerColour && who < s.scoring_colours().size())
    return kColourNames[s.scoring_colours()[static_cast<size_t>(who)]];
  return "";
}

json breakdown_json(const State& s, int who) {
  json d;
  const Score& sc = s.score(who);
  d["total"] = sc.total;
  d["owner"] = score_owner(s, who);
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

// Every rule set of levels.yaml with its switches and their register text.
std::string rule_sets() {
  return guarded([] {
    json out = json::array();
    for (const RuleSet& r : library().rule_sets) {
      json vs = json::array();
      for (const VariantSwitch& v : r.variants) vs.push_back(variant_json(v));
      out.push_back(json{{"name", r.name},
                         {"title", r.title},
                         {"mists", r.family == Family::Mists},
                         {"level", r.level},
                         {"min_players", r.family == Family::Mists ? 1 : r.min_players},
                         {"max_players", r.max_players},
                         {"variants", vs}});
    }
    return out.dump();
  });
}

// ---- Game and State --------------------------------------------------------------------------

// Whether `expect score <colour> <class> N` is spec language for this score class (the spec
// parser decides; bazaar, cemetery and mist-bank points have no word there yet).
bool spec_names_score_class(const std::string& cls) {
  static std::map<std::string, bool> known;
  auto it = known.find(cls);
  if (it != known.end()) return it->second;
  bool ok = true;
  try {
    parse_spec("spec \"x\"\ncites x \"x\"\nrules base-c1\nexpect score red " + cls + " 1\n",
               "probe.spec");
  } catch (const std::exception&) {
    ok = false;
  }
  return known[cls] = ok;
}

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
                {"mists", game_->is_mists()},
                {"variants", vs}}
        .dump();
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
            !state_.cell(cell).face_down && a.seg >= 0 && a.seg < state_.face(cell).n_segments) {
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
        if (game_->owner(c) >= 0 || game_->is_mists())
          supplies.push_back(json{{"colour", kColourNames[c]},
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
             {"mists", game_->is_mists()},
             {"won", state_.won()},
             {"end_reason", state_.end_reason() == EndReason::None
                                ? json(nullptr)
                                : json(end_reason_text(state_.end_reason()))}};
      if (game_->is_mists()) {
        d["ghosts_supply"] = state_.ghosts_supply();
        d["ghosts_board"] = state_.ghosts_on_board();
      }
      return d.dump();
    });
  }

  std::string game_log() const {
    return guarded([&] {
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

  std::string board_svg() const {
    return guarded([&] { return json{{"svg", draw_board_svg(state_)}}.dump(); });
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

  // The game as a spec that replays it (the spec language of specs/): its rules, players,
  // seed and readings, every draw and choice, and an `expect score` for every player or track
  // with every score class that is not zero.
  // ticks_json: [[after, "event text"], ...]: an `expect event` line after the after-th
  // action of the history (the events the user ticked), in event_as_spec_text's words without
  // the part in parentheses that no filter reads.
  std::string export_spec(const std::string& title, const std::string& ticks_json) const {
    return guarded([&] {
      std::multimap<size_t, std::string> ticks;
      if (!ticks_json.empty())
        for (const json& t : json::parse(ticks_json)) {
          std::string text = t.at(1).get<std::string>();
          if (const size_t paren = text.find(" ("); paren != std::string::npos) text.erase(paren);
          ticks.emplace(t.at(0).get<size_t>(), text);
        }
      const RuleSet& r = game_->rules();
      std::string o;
      o += "# Saved from the carcheck page: a game played by clicking, replayed by `carcheck "
           "check`.\n";
      std::string t = title.empty() ? "a game played on the carcheck page" : title;
      for (char& c : t)
        if (c == '"' || c == '\n') c = '\'';
      o += "spec \"" + t + "\"\n";
      o += "cites web/index.html \"played on the page\"\n";
      o += "rules " +
           (r.family == Family::Mists ? "mists level " + std::to_string(r.level) : r.name) +
           " players " + std::to_string(game_->players()) + " seed " +
           std::to_string(state_.seed()) + "\n";
      for (const VariantSwitch& v : r.variants)
        if (v.chosen != 0 || !v.parameter.empty()) o += "variant " + v.id + "=" + v.value() + "\n";
      State replay(*game_, state_.seed());
      int turn = -1;
      for (const Action& a : state_.history()) {
        if (replay.turn() != turn) {
          turn = replay.turn();
          o += "# turn " + std::to_string(turn + 1) + "\n";
        }
        o += action_text(replay, a) + "\n";
        if (std::optional<std::string> why = replay.apply(a))
          throw std::logic_error("the game does not replay: " + *why);
        const size_t done = replay.history().size();
        for (auto [it, end] = ticks.equal_range(done); it != end; ++it)
          o += "expect event " + it->second + "\n";
      }
      const bool level6 = r.scoring == ScoringTracks::PerColour;
      if (game_->is_mists() && !level6) {
        o += "expect score " + std::to_string(state_.score(0).total) + "\n";
      } else if (!(level6 && state_.scoring_colours().empty())) {
        for (int p = 0; p < state_.score_count(); ++p) {
          const std::string who = score_owner(state_, p);
          const Score& sc = state_.score(p);
          o += "expect score " + who + " " + std::to_string(sc.total) + "\n";
          for (int f = 0; f < kScoreClasses; ++f)
            if (sc.by_feature[static_cast<size_t>(f)] != 0 &&
                spec_names_score_class(feature_class_name(static_cast<FeatureClass>(f))))
              o += "expect score " + who + " " + feature_class_name(static_cast<FeatureClass>(f)) +
                   " " + std::to_string(sc.by_feature[static_cast<size_t>(f)]) + "\n";
        }
      }
      if (state_.is_terminal()) o += "expect over\n";
      return json{{"spec", o}}.dump();
    });
  }

  WebState clone() const { return *this; }

 private:
  std::string score_owner_player(int player) const {
    if (game_->is_mists()) return "";
    const int c = colour_of_player(state_, player);
    return c >= 0 ? kColourNames[c] : "";
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
    int line = 0, column = 0;
    std::string reason = r.error;
    const std::string prefix = name + ":";
    if (r.outcome == SpecOutcome::Error && r.error.rfind(prefix, 0) == 0) {
      size_t i = prefix.size();
      auto number = [&](int& n) {
        const size_t from = i;
        n = 0;
        while (i < r.error.size() && std::isdigit(static_cast<unsigned char>(r.error[i])))
          n = n * 10 + (r.error[i++] - '0');
        return i > from && i < r.error.size() && r.error[i++] == ':';
      };
      int l = 0, c = 0;
      if (number(l) && number(c)) {
        line = l, column = c;
        reason = r.error.substr(i);
        if (!reason.empty() && reason.front() == ' ') reason.erase(0, 1);
      }
    }
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
                {"line", line},
                {"column", column},
                {"reason", reason},
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
    return json{{"rules", rs.family == Family::Mists ? "mists" : rs.name},
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
  class_<WebGame>("Game").smart_ptr<std::shared_ptr<WebGame>>("GamePtr").function("info",
                                                                                  &WebGame::info);
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
      .function("clone", &WebState::clone);
}
