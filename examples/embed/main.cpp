// An engine of one's own asking carcheck, as an oracle, whether a placement is legal: loads
// the installed rules through dsl's loader, plays a base game choosing the first legal action
// every turn, and checks one placement the rules allow and two they refuse, with the reason.
// Exit status 0 when every check holds, 1 otherwise.
#include <cstdio>
#include <optional>
#include <string>

#include "dsl/library.h"
#include "engine/action.h"
#include "engine/state.h"

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) ++failures;
}

carcheck::Action place(int x, int y, int rot) {
  carcheck::Action a;
  a.kind = carcheck::ActionKind::Place;
  a.x = static_cast<int16_t>(x);
  a.y = static_cast<int16_t>(y);
  a.rot = static_cast<int8_t>(rot);
  return a;
}

}  // namespace

int main() {
  using namespace carcheck;
  const std::string data = EMBED_DATA_DIR;
  const Library& lib = Library::shipped(data + "/tiles.yaml", data + "/levels.yaml");
  GameOptions options;
  options.rules = "base-c1";
  options.players = 2;
  const auto game = make_game(lib, options);

  State state(*game, 2026);
  state.apply_random_draw();  // the first tile; now it is to be placed
  ActionList legal;
  state.legal_actions(legal);
  expect(legal.size > 0 && legal.items[0].kind == ActionKind::Place,
         "after the first draw the legal actions are placements");

  // Asked on copies, so the game itself goes on untouched.
  State first = state;
  expect(!first.apply(legal.items[0]), "the first legal placement is accepted");
  State far = state;
  const std::optional<std::string> away = far.apply(place(5, 5, 0));
  expect(away == "the tile touches no placed tile along a side (corners do not count)",
         "a tile at 5,5 is refused: " + away.value_or("(accepted)"));
  State taken = state;
  const std::optional<std::string> on_start = taken.apply(place(0, 0, 0));
  expect(on_start == "space 0,0 is already taken",
         "a tile on the start tile is refused: " + on_start.value_or("(accepted)"));

  // The whole game, the first legal action every time; draws from the seed.
  while (!state.is_terminal()) {
    if (state.is_chance()) {
      state.apply_random_draw();
      continue;
    }
    state.legal_actions(legal);
    if (legal.size == 0 || state.apply(legal.items[0])) {
      expect(false, "the first legal action is accepted at turn " + std::to_string(state.turn()));
      return 1;
    }
  }
  expect(state.tiles_remaining() == 0, "the game ends with the pile empty");
  // Passing is listed before every follower, so this game places none; points go to
  // followers only, so nobody scores.
  int followers = 0;
  for (const Action& a : state.history()) followers += a.kind == ActionKind::Meeple;
  expect(followers == 0 && state.score(0).total == 0 && state.score(1).total == 0,
         "no follower placed, no points scored");
  std::printf("game over after %d turns: red %d, green %d\n", state.turn(), state.score(0).total,
              state.score(1).total);
  return failures ? 1 : 0;
}
