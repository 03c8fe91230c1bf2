// `carcheck play`: one game of random legal choices, its board and its result.
#include <algorithm>
#include <iostream>
#include <sstream>

#include "checker/policies.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "dsl/diagnostic.h"
#include "dsl/library.h"
#include "render/board_art.h"

namespace carcheck {

namespace {

constexpr const char* kPlayUsage =
    R"(usage: carcheck play --rules R [--level L] [--players N] [--seed S]
                     [--variant K=V ...] [--json] [--no-board]

Plays one game of random legal choices (a seeded generator picks every draw and every
decision) and prints the final board, the result and the scores.

  --rules R       base-c1, pnp-demo, bcb or mists
  --level L       Mists level 1-6 (with --rules mists)
  --players N     base-c1 and pnp-demo: 2-5; Mists: 1-5 (default 2)
  --seed S        the game's seed (default 1); the same seed gives the same game
  --variant K=V   select a rule variant (see levels.yaml), repeatable
  --json          one JSON object instead of text
  --no-board      leave the board out of the text output
)";

const char* kBreakdown[] = {"roads",   "cities",     "monasteries", "farms",
                            "castles", "cemeteries", "mist",        "hounds"};

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
  std::string names;
  for (int pl : v.top) names += (names.empty() ? "" : ", ") + std::to_string(pl + 1);
  const std::string tie = s.game().rules().variant("winner-tie");
  if (v.top.size() == 1)
    v.text = "winner: player " + names;
  else if (tie == "shared")
    v.text = "winners: players " + names + " (tied; they share the victory)";
  else if (tie == "replay")
    v.text = "tie: players " + names + " (winner-tie=replay: play another game)";
  else
    v.text = "tie: players " + names;
  return v;
}

}  // namespace

int cmd_play(const Args& args) {
  GameOptions o;
  uint64_t seed = 1;
  bool json_out = false, board = true;
  ArgParser p(args);
  try {
    while (!p.done()) {
      std::string a = p.next();
      if (a == "--help" || a == "-h") {
        std::cout << kPlayUsage;
        return 0;
      } else if (a == "--rules")
        o.rules = p.value(a);
      else if (a == "--level")
        o.level = p.integer(a, 1, 6);
      else if (a == "--players")
        o.players = p.integer(a, 1, 99);
      else if (a == "--seed")
        seed = p.u64(a);
      else if (a == "--variant")
        o.variants.push_back(p.value(a));
      else if (a == "--json")
        json_out = true;
      else if (a == "--no-board")
        board = false;
      else
        throw std::invalid_argument("unknown option '" + a + "'");
    }
    if (o.rules.empty())
      throw std::invalid_argument("--rules is required (base-c1, pnp-demo, bcb or mists)");
    if (o.rules == "bcb")
      throw std::invalid_argument(
          "bcb (Bridges, Castles and Bazaars) rules are not implemented in the engine yet");
  } catch (const std::invalid_argument& e) {
    std::cerr << "carcheck play: " << e.what() << "\n\n" << kPlayUsage;
    return 2;
  }
  std::unique_ptr<Game> game;
  try {
    game = make_game(o);
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "carcheck play: " << e.what() << "\n";
    return 2;
  }
  State s(*game, seed);
  Rng chooser(seed ^ 0x5EEDC0FFEEull);
  play_random(s, chooser);

  const bool mists = game->is_mists();
  if (json_out) {
    json::Writer w(std::cout);
    w.begin_object();
    w.key("rules")
        .value(game->rules().name)
        .key("players")
        .value(game->players())
        .key("seed")
        .value(static_cast<int64_t>(seed));
    w.key("turns").value(s.turn());
    if (mists) {
      w.key("result")
          .value(s.won() ? "won" : "lost")
          .key("reason")
          .value(end_reason_text(s.end_reason()));
      if (s.score_count() == 1)
        w.key("score").value(s.score(0).total);
      else {
        w.key("score").begin_array();
        for (int t = 0; t < s.score_count(); ++t) w.value(s.score(t).total);
        w.end_array();
      }
      w.key("ghosts_supply")
          .value(s.ghosts_supply())
          .key("ghosts_board")
          .value(s.ghosts_on_board());
      w.key("ghosts_box").value(s.ghosts_in_box());
    } else {
      w.key("scores").begin_array();
      for (int pl = 0; pl < s.score_count(); ++pl) {
        const Score& sc = s.score(pl);
        w.begin_object()
            .key("player")
            .value(pl + 1)
            .key("colour")
            .value(kColourNames[pl])
            .key("total")
            .value(sc.total);
        for (int f : {0, 1, 2, 3})
          w.key(kBreakdown[f]).value(sc.by_feature[static_cast<size_t>(f)]);
        w.end_object();
      }
      w.end_array();
      Verdict v = verdict(s);
      w.key("top_players").begin_array();
      for (int pl : v.top) w.value(pl + 1);
      w.end_array();
      w.key("verdict").value(v.text);
    }
    w.key("tiles_placed").value(s.cells()).key("set_aside").value(s.set_aside());
    w.end_object();
    std::cout << "\n";
    return 0;
  }
  if (board) std::cout << draw_board(s) << "\n";
  std::cout << game->rules().name << ", " << game->players() << " player(s), seed " << seed << ": "
            << s.turn() << " turns, " << s.set_aside() << " tile(s) set aside\n";
  if (mists) {
    std::cout << "result: " << (s.won() ? "WON" : "LOST") << " (" << end_reason_text(s.end_reason())
              << ")\n";
    for (int t = 0; t < s.score_count(); ++t) {
      const Score& sc = s.score(t);
      std::cout << "score"
                << (s.score_count() > 1
                        ? std::string(" (") +
                              kColourNames[game->scoring_colours()[static_cast<size_t>(t)]] + ")"
                        : "")
                << ": " << sc.total << "  (roads " << sc.by_feature[0] << ", cities "
                << sc.by_feature[1] << ", castles " << sc.by_feature[4] << ", hounds "
                << sc.by_feature[7] << ")\n";
    }
    std::cout << "ghosts: " << s.ghosts_supply() << " in supply, " << s.ghosts_on_board()
              << " on the board, " << s.ghosts_in_box() << " in the box\n";
  } else {
    for (int pl = 0; pl < s.score_count(); ++pl) {
      const Score& sc = s.score(pl);
      std::cout << "player " << pl + 1 << " (" << kColourNames[pl] << "): " << sc.total
                << "  (roads " << sc.by_feature[0] << ", cities " << sc.by_feature[1]
                << ", monasteries " << sc.by_feature[2] << ", farms " << sc.by_feature[3] << ")\n";
    }
    std::cout << verdict(s).text << "\n";
  }
  return 0;
}

}  // namespace carcheck
