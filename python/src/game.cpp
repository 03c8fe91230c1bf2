// load_game, Game, State, Action and Rng: the engine's shape (engine/game.h, engine/state.h)
// in OpenSpiel's words (new_state, legal_actions, is_chance_node, current_player...).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <memory>
#include <stdexcept>

#include "bindings.h"
#include "convert.h"
#include "dsl/library.h"
#include "engine/notation.h"
#include "events.h"
#include "gamelog/log_write.h"
#include "render/board_art.h"
#include "render/board_svg.h"
#include "state.h"
#include "trace_export.h"

namespace carcheck::py {

namespace pyb = pybind11;
using namespace pybind11::literals;

namespace {

// OpenSpiel's ids for who moves at a chance node and after the end.
constexpr int kChancePlayer = -1;
constexpr int kTerminalPlayer = -4;

std::shared_ptr<Game> load_game(const std::string& rules, int level, int players,
                                const pyb::object& variants,
                                const std::optional<std::string>& data) {
  // The command line's range checks, in its words (cli/options.h).
  if (level < 0 || level > 6)
    throw std::invalid_argument("level: takes a whole number from 1 to 6, not '" +
                                std::to_string(level) + "'");
  if (players < 1 || players > 6)
    throw std::invalid_argument("players: takes a whole number from 1 to 6, not '" +
                                std::to_string(players) + "'");
  GameOptions o;
  o.rules = rules;
  o.level = level;
  o.players = players;
  o.variants = variant_list(variants);
  if (data) {
    const std::filesystem::path dir(*data);
    if (!std::filesystem::is_directory(dir))
      throw std::invalid_argument("no such data folder: " + *data);
    o.tiles_path = (dir / "tiles.yaml").string();
    o.levels_path = (dir / "levels.yaml").string();
  }
  return std::shared_ptr<Game>(make_game(o));
}

int current_player(const PyState& ps) {
  const State& s = ps.state();
  if (s.is_terminal()) return kTerminalPlayer;
  if (s.is_chance()) return kChancePlayer;
  return s.current_player();
}

pyb::dict score_breakdown(const State& s, int who) {
  if (who < 0 || who >= s.score_count())
    throw pyb::index_error("no score " + std::to_string(who) + " (the game has " +
                           std::to_string(s.score_count()) + ")");
  pyb::dict d;
  const Score& sc = s.score(who);
  d["total"] = sc.total;
  // Every score class of the rule system (Game::score_classes): the parts sum to the total.
  for (FeatureClass f : s.game().score_classes()) d[feature_class_name(f)] = sc.points(f);
  return d;
}

// A range entry's (or a bid's) bid of `amount`, its text made from the entry's.
PyAction with_amount_text(const PyAction& e, int amount) {
  const Action& a = e.action;
  if (a.kind != ActionKind::Bid && !(a.kind == ActionKind::Select && a.x >= 0))
    throw std::invalid_argument("'" + e.text + "' is no bid");
  if (amount < a.x || amount > kMaxBid || (!is_bid_range(a) && amount != a.x))
    throw std::invalid_argument(
        "'" + e.text + "' does not stand for a bid of " + std::to_string(amount) + " (" +
        (is_bid_range(a) ? "from " + std::to_string(a.x) + " to " + std::to_string(kMaxBid)
                         : "only " + std::to_string(a.x)) +
        ")");
  std::string text = e.text;
  if (is_bid_range(a)) text.pop_back();  // the '+'
  text.erase(text.rfind(' ') + 1);
  return {with_amount(a, amount), text + std::to_string(amount)};
}

void bind_action(pyb::module_& m) {
  pyb::class_<PyAction>(m, "Action",
                        "A choice (or, at a chance node, a draw) in the notation of "
                        "engine/notation.h; str() is its text.")
      .def_property_readonly("kind", [](const PyAction& a) { return action_verb(a.action.kind); })
      .def_property_readonly("text", [](const PyAction& a) { return a.text; })
      .def_property_readonly("x", [](const PyAction& a) { return a.action.x; })
      .def_property_readonly("y", [](const PyAction& a) { return a.action.y; })
      .def_property_readonly("rotation", [](const PyAction& a) { return a.action.rot; })
      .def_property_readonly(
          "is_range", [](const PyAction& a) { return is_bid_range(a.action); },
          "A range entry (Bridges, Castles and Bazaars, negative-score=allowed): one entry for\n"
          "every bid from `amount` up (text `bid 6+`, `select <tile> 0+`); apply one with\n"
          "with_amount(n).")
      .def_property_readonly(
          "amount",
          [](const PyAction& a) -> pyb::object {
            const Action& x = a.action;
            if (x.kind == ActionKind::Bid || (x.kind == ActionKind::Select && x.x >= 0))
              return pyb::int_(x.x);
            return pyb::none();
          },
          "A bid's amount (a range entry's lowest); None for any other action.")
      .def("with_amount", &with_amount_text, "amount"_a,
           "The bid of `amount` that this range entry (or bid) stands for; raises carcheck.Error\n"
           "below the entry's lowest amount or above the largest bid an action holds.")
      .def(
          "offers", [](const PyAction& e, const PyAction& a) { return offers(e.action, a.action); },
          "action"_a, "Whether this listed action is `action` or, a range entry, stands for it.")
      .def("__str__", [](const PyAction& a) { return a.text; })
      .def("__repr__", [](const PyAction& a) { return "Action('" + a.text + "')"; })
      .def("__eq__", [](const PyAction& a, const PyAction& b) { return a.action == b.action; })
      .def("__eq__",  // anything else: Python's own comparison decides (not equal)
           [](const PyAction&, const pyb::object&) {
             return pyb::reinterpret_borrow<pyb::object>(Py_NotImplemented);
           })
      .def("__hash__", [](const PyAction& a) {
        const Action& x = a.action;  // the fields __eq__ compares
        return pyb::hash(pyb::make_tuple(static_cast<int>(x.kind), x.rot, x.seg, x.colour, x.count,
                                         x.x, x.y, x.meeple, x.tile, x.from));
      });
}

void bind_state(pyb::module_& m) {
  pyb::class_<PyState>(m, "State", "A game in progress (Game.new_state).")
      .def("legal_actions", &PyState::legal_actions,
           "The actions open now: the players' choices, or the draws at a chance node.")
      .def(
          "random_action", [](const PyState& s, Rng& rng) { return s.random_action(rng); }, "rng"_a,
          "Random play's pick among legal_actions() (checker/policies.h random_action): as\n"
          "`carcheck play --seed S` picks with rng = Rng(S ^ PLAY_CHOOSER_SALT); a bid is\n"
          "drawn from the documented distribution, never a range entry.")
      .def("action_from_text", &PyState::action_from_text, "text"_a,
           "The action the notation `text` names here; raises carcheck.Error when none.")
      .def(
          "apply", [](PyState& s, const PyAction& a) { return s.apply(a.action); }, "action"_a,
          "Performs an action (or its text): None, or the reason the rules refuse it (the\n"
          "state is then unchanged). Text that names no action raises carcheck.Error.")
      .def(
          "apply",
          [](PyState& s, const std::string& text) {
            return s.apply(s.action_from_text(text).action);
          },
          "text"_a)
      .def("apply_random_draw", &PyState::apply_random_draw,
           "At a chance node: draws the pile's top tile as the engine does; returns the draw.")
      .def(
          "events",
          [](const PyState& s) {
            pyb::list out;
            for (const Event& e : s.events()) out.append(event_dict(s.game(), e));
            return out;
          },
          "What the last apply() did, and the draws that followed it: a list of dicts.")
      .def(
          "history", [](const PyState& s) { return s.history(); },
          "Every action applied so far, draws included, as notation text.")
      .def(
          "game_log",
          [](const PyState& s, bool scores, bool legal) {
            LogWriteOptions o;
            o.scores = scores;
            o.legal = legal;
            std::string line = write_game_log(s.state(), o);
            if (line.empty())
              throw std::invalid_argument("this game's history is not one the game log holds");
            return line;
          },
          "scores"_a = true, "legal"_a = false,
          "The game so far as one game-log line (docs/game-log.md), as `carcheck play --log`\n"
          "writes it and `carcheck replay` reads it.")
      .def("is_terminal", [](const PyState& s) { return s.state().is_terminal(); })
      .def("is_chance_node", [](const PyState& s) { return s.state().is_chance(); })
      .def("current_player", &current_player,
           "Who decides now (0-based); -1 at a chance node, -4 once the game is over.")
      .def("active_player", [](const PyState& s) { return s.state().active_player(); })
      .def("phase", [](const PyState& s) { return phase_name(s.state().phase()); })
      .def("turn", [](const PyState& s) { return s.state().turn(); })
      .def("waiting_for", [](const PyState& s) { return s.state().waiting_for(); })
      .def(
          "scores",
          [](const PyState& s) {
            std::vector<int> out;
            for (int i = 0; i < s.state().score_count(); ++i)
              out.push_back(s.state().score(i).total);
            return out;
          },
          "Totals per player (competitive) or per scoring track (Mists).")
      .def(
          "scoring_colours",
          [](const PyState& s) {
            std::vector<std::string> out;
            for (int c : s.state().mists().scorers)
              out.emplace_back(s.state().game().colour_name(c));
            return out;
          },
          "Mists Level 6: the colours with a scoring meeple, track by track (scores() follows "
          "this order); empty before the team's choice (phase 'scoring-meeples').")
      .def(
          "score_breakdown",
          [](const PyState& s, int who) { return score_breakdown(s.state(), who); }, "who"_a,
          "One player's (or track's) points by feature, and the total.")
      .def(
          "won", [](const PyState& s) { return s.state().won(); }, "Mists: the team won.")
      .def(
          "end_reason",
          [](const PyState& s) -> pyb::object {
            if (s.state().end_reason() == EndReason::None) return pyb::none();
            return pyb::str(end_reason_text(s.state().end_reason()));
          },
          "Mists: why the game ended, or None.")
      .def("trace", &state_trace,
           "The rule trace of the last apply() and the draws after it (as `--trace`): a list\n"
           "of dicts: action, refused, reason, rule {cites, readings}, events [{text, rule}].")
      .def(
          "board_svg",
          [](const PyState& s, const std::vector<std::pair<int, int>>& around) {
            std::vector<Pos> also;
            for (auto [x, y] : around) also.push_back({x, y});
            return draw_board_svg(s.state(), also);
          },
          "around"_a = std::vector<std::pair<int, int>>{},
          "The board as SVG, as `carcheck play --svg` draws it. around: [(x, y)], empty cells\n"
          "it frames too (labelled in the margin, the summary line below them).")
      .def("export_spec", &state_export_spec, "title"_a = "", "events"_a = pyb::none(),
           "The game as a spec (docs/spec-language.md) that `carcheck check` passes: rules,\n"
           "seed, readings, every draw and choice, the scores, supplies and piles as expect\n"
           "lines. events: [(after, text)]: `expect event text` after the after-th action.")
      .def("tiles_placed", [](const PyState& s) { return s.state().cells(); })
      .def("tiles_remaining", [](const PyState& s) { return s.state().tiles_remaining(); })
      .def_property_readonly("seed", [](const PyState& s) { return s.state().seed(); })
      .def_property_readonly("game", [](const PyState& s) { return s.game_ptr(); })
      .def(
          "clone", [](const PyState& s) { return PyState(s); }, "An independent copy.")
      .def("__copy__", [](const PyState& s) { return PyState(s); })
      .def(
          "__deepcopy__", [](const PyState& s, pyb::dict) { return PyState(s); }, "memo"_a)
      .def(
          "__str__", [](const PyState& s) { return draw_board(s.state()); },
          "The board as ASCII art, north at the top.")
      .def("__repr__", [](const PyState& s) {
        return "<carcheck.State " + s.game().rules().name + " seed " +
               std::to_string(s.state().seed()) + ", turn " + std::to_string(s.state().turn()) +
               ", " + phase_name(s.state().phase()) + ">";
      });
}

void bind_game_class(pyb::module_& m) {
  pyb::class_<Game, std::shared_ptr<Game>>(m, "Game", "A rule set with its variants and players.")
      .def(
          "new_state",
          [](std::shared_ptr<Game> g, uint64_t seed, bool chance) {
            return PyState(std::move(g), seed, chance);
          },
          "seed"_a = 1, "chance"_a = false,
          "A new game. Draws come from `seed` as in `carcheck play --seed`; with chance=True\n"
          "they are chance nodes whose legal_actions() are the draws.")
      .def_property_readonly("rules", [](const Game& g) { return g.rules().name; })
      .def_property_readonly("title", [](const Game& g) { return g.rules().title; })
      .def_property_readonly("level", [](const Game& g) { return g.rules().level; })
      .def_property_readonly("players", &Game::players)
      .def("num_players", &Game::players)
      .def_property_readonly("is_mists", &Game::is_mists)
      .def_property_readonly(
          "variants",
          [](const Game& g) {
            pyb::dict d;
            for (const VariantSwitch& v : g.rules().variants) d[v.id.c_str()] = v.value();
            return d;
          },
          "Every switch of the rule set and its value in this game.")
      .def("__repr__", [](const Game& g) {
        return "<carcheck.Game " + g.rules().name + ", " + std::to_string(g.players()) +
               " player(s)>";
      });
}

void bind_rng(pyb::module_& m) {
  pyb::class_<Rng>(m, "Rng",
                   "The engine's generator (SplitMix64). `carcheck play --seed S` chooses with\n"
                   "state.random_action(Rng(S ^ PLAY_CHOOSER_SALT)).")
      .def(pyb::init<uint64_t>(), "seed"_a)
      .def("next", &Rng::next)
      .def(
          "below",
          [](Rng& r, uint32_t n) {
            if (n == 0) throw std::invalid_argument("Rng.below needs n >= 1");
            return r.below(n);
          },
          "n"_a, "Uniform in [0, n).");
}

}  // namespace

void bind_game(pyb::module_& m) {
  m.attr("CHANCE_PLAYER") = kChancePlayer;
  m.attr("TERMINAL_PLAYER") = kTerminalPlayer;
  bind_action(m);
  bind_state(m);
  bind_game_class(m);
  bind_rng(m);
  m.def(
      "action_kinds", [] { return action_verbs(); },
      "Every action kind of the engine (engine/action.h), as its notation's verb.");
  m.def("load_game", &load_game, "rules"_a, "level"_a = 0, "players"_a = 2,
        "variants"_a = pyb::none(), "data"_a = pyb::none(),
        "A Game of a rule set as `carcheck play --rules` takes it (base-c1, pnp-demo, bcb,\n"
        "mists with level 1-6), variants as {key: value}, data: a folder with tiles.yaml and\n"
        "levels.yaml (default: the shipped data, or $CARCHECK_DATA).");
}

}  // namespace carcheck::py
