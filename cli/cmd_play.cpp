// `carcheck play`: one game of random legal choices, its board and its result.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>

#include "checker/policies.h"
#include "checker/trace.h"
#include "cli/check_report.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/options.h"
#include "cli/output_file.h"
#include "dsl/diagnostic.h"
#include "dsl/library.h"
#include "gamelog/log_write.h"
#include "render/board_art.h"
#include "render/board_svg.h"

namespace carcheck {

namespace {

constexpr const char* kAbout =
    "play one game of random legal choices and show the result\n"
    "\n"
    "Plays one game of random legal choices (a seeded generator picks every draw and every\n"
    "decision) and prints the final board, the result and the scores. --svg FILE also draws\n"
    "the final board as an SVG picture (the same drawing as a FAIL in `check --html`).\n";

struct PlayOptions {
  GameOptions game;
  uint64_t seed = 1;
  bool json = false;
  bool board = true;
  std::string log;  // --log FILE: the game as one game-log line (docs/game-log.md)
  bool log_legal = false;
  std::string svg;     // --svg FILE: the final board as SVG
  bool trace = false;  // --trace: every action with its events and their rules
};

// A score's breakdown: every score class of the rule system (Game::score_classes), named
// as score_class_label names it; the parts sum to the total.
std::string breakdown_text(const State& s, const Score& sc) {
  std::string out;
  for (FeatureClass f : s.game().score_classes())
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", score_class_label(f), sc.points(f));
  return out;
}

Json breakdown_json(const State& s, const Score& sc) {
  Json parts = Json::object();
  for (FeatureClass f : s.game().score_classes()) parts[score_class_label(f)] = sc.points(f);
  return parts;
}

// Most points wins; several at the top share the victory (winner-tie=shared, RGG) or the
// game is reported a tie (report-tie; replay: ZMG plays another game).
struct Verdict {
  std::vector<int> top;  // players (0-based) with the highest score
  std::string text;
};

Verdict verdict(const State& s) {
  Verdict v;
  int best = 0;
  for (int pl = 0; pl < s.score_count(); ++pl) best = std::max(best, s.score(pl).total);
  for (int pl = 0; pl < s.score_count(); ++pl)
    if (s.score(pl).total == best) v.top.push_back(pl);
  std::vector<int> numbers;
  for (int pl : v.top) numbers.push_back(pl + 1);
  const std::string names = fmt::format("{}", fmt::join(numbers, ", "));
  if (v.top.size() == 1) {
    v.text = "winner: player " + names;
    return v;
  }
  switch (s.game().switches().winner_tie) {
    case WinnerTie::Shared:
      v.text = fmt::format("winners: players {} (tied; they share the victory)", names);
      break;
    case WinnerTie::Replay:
      v.text = fmt::format("tie: players {} (winner-tie=replay: play another game)", names);
      break;
    case WinnerTie::ReportTie:
      v.text = "tie: players " + names;
      break;
  }
  return v;
}

// ---- JSON ---------------------------------------------------------------------------------

void add_mists_result(Json& doc, const State& s) {
  doc["result"] = s.won() ? "won" : "lost";
  doc["reason"] = end_reason_text(s.end_reason());
  if (s.score_count() == 1) {
    doc["score"] = s.score(0).total;
  } else {
    Json tracks = Json::array();
    for (int t = 0; t < s.score_count(); ++t) tracks.push_back(s.score(t).total);
    doc["score"] = tracks;
  }
  Json parts = Json::array();  // per track, the score classes (sum: the track's score)
  for (int t = 0; t < s.score_count(); ++t) parts.push_back(breakdown_json(s, s.score(t)));
  doc["breakdown"] = parts;
  doc["ghosts_supply"] = s.mists().ghost_supply;
  doc["ghosts_board"] = s.mists().ghosts_on_board();
  doc["ghosts_box"] = s.mists().ghost_box;
}

void add_competitive_result(Json& doc, const State& s) {
  Json scores = Json::array();
  for (int pl = 0; pl < s.score_count(); ++pl) {
    const Score& sc = s.score(pl);
    Json row = {{"player", pl + 1}, {"colour", s.game().colour_name(pl)}, {"total", sc.total}};
    for (FeatureClass f : s.game().score_classes()) row[score_class_label(f)] = sc.points(f);
    scores.push_back(row);
  }
  doc["scores"] = scores;
  Verdict v = verdict(s);
  Json top = Json::array();
  for (int pl : v.top) top.push_back(pl + 1);
  doc["top_players"] = top;
  doc["verdict"] = v.text;
}

Json play_json(const State& s, uint64_t seed) {
  const Game& game = s.game();
  Json doc = {{"rules", game.rules().name},
              {"players", game.players()},
              {"seed", static_cast<int64_t>(seed)},
              {"turns", s.turn()}};
  if (game.cooperative())
    add_mists_result(doc, s);
  else
    add_competitive_result(doc, s);
  doc["tiles_placed"] = s.cells();
  doc["set_aside"] = s.set_aside();
  return doc;
}

// ---- Text ---------------------------------------------------------------------------------

void print_mists_result(const State& s) {
  fmt::print("result: {} ({})\n", s.won() ? "WON" : "LOST", end_reason_text(s.end_reason()));
  for (int t = 0; t < s.score_count(); ++t) {
    const Score& sc = s.score(t);
    const std::string track =
        s.score_count() > 1
            ? fmt::format(" ({})", s.game().colour_name(s.mists().scorers[static_cast<size_t>(t)]))
            : "";
    fmt::print("score{}: {}  ({})\n", track, sc.total, breakdown_text(s, sc));
  }
  fmt::print("ghosts: {} in supply, {} on the board, {} in the box\n", s.mists().ghost_supply,
             s.mists().ghosts_on_board(), s.mists().ghost_box);
}

void print_competitive_result(const State& s) {
  for (int pl = 0; pl < s.score_count(); ++pl) {
    const Score& sc = s.score(pl);
    fmt::print("player {} ({}): {}  ({})\n", pl + 1, s.game().colour_name(pl), sc.total,
               breakdown_text(s, sc));
  }
  fmt::print("{}\n", verdict(s).text);
}

void print_text(const State& s, uint64_t seed, bool board) {
  const Game& game = s.game();
  if (board) fmt::print("{}\n", draw_board(s));
  fmt::print("{}, {} player(s), seed {}: {} turns, {} tile(s) set aside\n", game.rules().name,
             game.players(), seed, s.turn(), s.set_aside());
  if (game.cooperative())
    print_mists_result(s);
  else
    print_competitive_result(s);
}

int play(const PlayOptions& o) {
  std::unique_ptr<Game> game = make_game(o.game);  // refusals: std::invalid_argument, exit 2
  if (!o.svg.empty()) check_writable("--svg", o.svg);
  State s(*game, o.seed);
  Rng chooser(o.seed ^ kPlayChooserSalt);
  play_random(s, chooser);
  if (!o.log.empty()) {
    LogWriteOptions w;
    w.legal = o.log_legal;
    std::ofstream out(o.log, std::ios::app);
    if (!out || !(out << write_game_log(s, w) << '\n'))
      throw InputError({o.log, 0, 0}, "cannot write the game log");
  }
  if (!o.svg.empty()) write_file_whole(o.svg, draw_board_svg(s) + "\n");
  std::vector<TraceStep> trace;
  if (o.trace) trace = trace_game(s, shipped_citations());
  if (o.json) {
    Json j = play_json(s, o.seed);
    if (o.trace) j["trace"] = trace_json(trace);
    print_json(std::cout, j);
  } else {
    if (o.trace) fmt::print("trace:\n{}\n", trace_text(trace));
    print_text(s, o.seed, o.board);
  }
  return 0;
}

}  // namespace

CommandRun add_play_command(Command& carcheck) {
  auto o = std::make_shared<PlayOptions>();
  Command cmd = carcheck.subcommand("play", kAbout);
  add_game_options(cmd, o->game);
  add_seed_option(cmd, o->seed, "the game's seed (default 1); the same seed gives the same game");
  add_variant_option(cmd, o->game.variants, "select a rule variant (see levels.yaml), repeatable");
  add_json_flag(cmd, o->json, "one JSON object instead of text");
  cmd.flag_callback(
      "--no-board", [o] { o->board = false; }, "leave the board out of the text output");
  cmd.flag("--trace", o->trace,
           "print every action of the game with the events it caused and, for each event,\n"
           "the rule behind it (citations.yaml: seed passage or FAQ id) and the register\n"
           "readings in force (--json: a \"trace\" array)")
      .disable_flag_override();
  cmd.option("--log", o->log, "append the game to FILE as one game-log line (docs/game-log.md)")
      .type_name("FILE");
  cmd.flag("--log-legal", o->log_legal,
           "with --log: also log the legal placements and followers of every turn");
  cmd.option("--svg", o->svg, "also write the final board to FILE as a standalone SVG picture")
      .type_name("FILE");
  cmd.footer("Exit status: 0 the game was played, 2 bad input or usage.");
  return [o] { return play(*o); };
}

}  // namespace carcheck
