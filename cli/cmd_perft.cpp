// `carcheck perft`: the leaves of the choice tree from the start of a game (checker/perft.h),
// the move-generator count of chess engines, with its speed.
#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <memory>

#include "checker/perft.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/options.h"
#include "dsl/library.h"

namespace carcheck {

namespace {

constexpr const char* kAbout =
    "count the leaves of the choice tree from the start of a game (perft)\n"
    "\n"
    "Counts the lines of play of exactly D actions from the start of a game: a ply is every\n"
    "action, draws included (at a draw, each distinct tile left in the active pile is a\n"
    "branch, as the Python module's chance nodes list them). A game over before D plies adds\n"
    "no leaf. --divide lists the first ply's actions with the leaves below each, to find\n"
    "where two move generators part. The speed is positions per second, the last ply's\n"
    "counted from its lists (chess's bulk counting), and positions made per second.\n"
    "Bridges, Castles and Bazaars: under negative-score=allowed (its default) a bid is\n"
    "unbounded, and a tree that reaches one is refused; count with --variant\n"
    "negative-score=forbidden, where each bid up to the bidder's score is its own action\n"
    "(docs/perft.md).\n";

struct PerftOptions {
  GameOptions game;
  uint64_t seed = 1;
  int depth = 2;
  bool divide = false;
  bool json = false;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int run(const PerftOptions& o) {
  std::unique_ptr<Game> game = make_game(o.game);  // refusals: std::invalid_argument, exit 2
  const State start(*game, o.seed);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<PerftBranch> branches;
  PerftCount total;
  if (o.divide) {
    branches = perft_divide(start, o.depth);
    for (const PerftBranch& b : branches) {
      total.leaves += b.count.leaves;
      total.positions += b.count.positions;
      total.made += b.count.made;
    }
    if (o.depth == 0) total.leaves = 1;
  } else {
    total = perft(start, o.depth);
  }
  const double secs = seconds_since(t0);
  const double speed = secs > 0 ? static_cast<double>(total.positions) / secs : 0.0;
  const double made_speed = secs > 0 ? static_cast<double>(total.made) / secs : 0.0;
  if (o.json) {
    Json doc = {{"rules", game->rules().name},
                {"players", game->players()},
                {"seed", static_cast<int64_t>(o.seed)},
                {"depth", o.depth},
                {"leaves", total.leaves},
                {"positions", total.positions},
                {"made", total.made},
                {"seconds", secs},
                {"positions_per_second", static_cast<uint64_t>(speed)},
                {"made_per_second", static_cast<uint64_t>(made_speed)}};
    if (o.divide) {
      Json rows = Json::array();
      for (const PerftBranch& b : branches)
        rows.push_back({{"action", b.text}, {"leaves", b.count.leaves}});
      doc["divide"] = rows;
    }
    print_json(std::cout, doc);
    return 0;
  }
  for (const PerftBranch& b : branches) fmt::print("{}: {}\n", b.text, b.count.leaves);
  if (o.divide) fmt::print("\n");
  fmt::print("{}, {} player(s), seed {}, depth {}: {} leaves\n", game->rules().name,
             game->players(), o.seed, o.depth, total.leaves);
  fmt::print(
      "{} positions ({} made, the last ply counted from its lists) in {:.3f} s: {:.0f} "
      "positions/s, {:.0f} made/s\n",
      total.positions, total.made, secs, speed, made_speed);
  return 0;
}

}  // namespace

CommandRun add_perft_command(Command& carcheck) {
  auto o = std::make_shared<PerftOptions>();
  Command cmd = carcheck.subcommand("perft", kAbout);
  add_game_options(cmd, o->game);
  add_seed_option(
      cmd, o->seed,
      "the game's seed (default 1): its shuffle and set-up (what each pile holds, what\n"
      "the rules draw unseen); every draw is a branch whatever the seed");
  add_variant_option(cmd, o->game.variants, "select a rule variant (see levels.yaml), repeatable");
  add_int_option(cmd, "--depth", o->depth, 0, 64, "D", "plies to count (default 2)");
  cmd.flag("--divide", o->divide, "list the first ply's actions, each with the leaves below it")
      .disable_flag_override();
  add_json_flag(cmd, o->json, "one JSON object instead of text");
  cmd.footer("Exit status: 0 counted, 2 bad input, usage, or a tree with unbounded bids.");
  return [o] { return run(*o); };
}

}  // namespace carcheck
