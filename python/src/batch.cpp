// play_random: many games in one call, the GIL released, each as `carcheck play --seed S`
// plays it (policy "random") or under another policy.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.h"
#include "checker/policies.h"

namespace carcheck::py {

namespace pyb = pybind11;
using namespace pybind11::literals;

namespace {

struct Outcome {
  uint64_t seed = 0;
  std::vector<int> scores;
  bool won = false;
  EndReason end = EndReason::None;
  int turns = 0;
  int tiles_placed = 0;
};

// "random" (as the command plays), "first" (always the first legal action), or a policy of
// `carcheck simulate` (greedy, mc, mc-random).
Choose chooser_for(const std::string& policy, Rng& rng) {
  if (policy == "first")  // a range entry's lowest bid
    return [](const State&, const ActionList& legal) { return lowest(legal, 0); };
  std::optional<PolicySpec> spec = parse_policy(policy);
  if (!spec)
    throw std::invalid_argument("unknown policy '" + policy + "' (policies: first, " +
                                kPolicyNames + ")");
  return policy_choice(*spec, rng);
}

Outcome play_one(const Game& game, uint64_t seed, const std::string& policy) {
  State s(game, seed);
  Rng rng(seed ^ kPlayChooserSalt);
  if (policy == "random")
    play_random(s, rng);
  else
    play_policy(s, chooser_for(policy, rng));
  Outcome o;
  o.seed = seed;
  for (int i = 0; i < s.score_count(); ++i) o.scores.push_back(s.score(i).total);
  o.won = s.won();
  o.end = s.end_reason();
  o.turns = s.turn();
  o.tiles_placed = s.cells();
  return o;
}

pyb::list play_many(std::shared_ptr<Game> game, const pyb::iterable& seeds,
                    const std::string& policy) {
  std::vector<uint64_t> list;
  for (pyb::handle s : seeds) list.push_back(s.cast<uint64_t>());
  if (policy != "random") {
    Rng probe(0);
    chooser_for(policy, probe);  // an unknown name is refused before any game is played
  }
  std::vector<Outcome> outcomes;
  outcomes.reserve(list.size());
  {
    pyb::gil_scoped_release free_python;
    for (uint64_t seed : list) outcomes.push_back(play_one(*game, seed, policy));
  }
  pyb::list out;
  for (const Outcome& o : outcomes) {
    pyb::dict d("seed"_a = o.seed, "scores"_a = o.scores, "won"_a = o.won, "turns"_a = o.turns,
                "tiles_placed"_a = o.tiles_placed);
    d["end_reason"] =
        o.end == EndReason::None ? pyb::object(pyb::none()) : pyb::str(end_reason_text(o.end));
    out.append(d);
  }
  return out;
}

}  // namespace

void bind_batch(pyb::module_& m) {
  m.attr("PLAY_CHOOSER_SALT") = kPlayChooserSalt;
  m.def("play_random", &play_many, "game"_a, "seeds"_a, "policy"_a = "random",
        "Plays one game per seed in C++ with the GIL released and returns a dict per game:\n"
        "seed, scores, won, end_reason, turns, tiles_placed. policy \"random\" plays as\n"
        "`carcheck play --seed S` does; \"first\" takes the first legal action; greedy, mc\n"
        "and mc-random are `carcheck simulate`'s players.");
}

}  // namespace carcheck::py
