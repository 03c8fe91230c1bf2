#include "checker/state_spec.h"

#include <stdexcept>

#include "dsl/spec_parser.h"
#include "engine/bcb_state.h"
#include "engine/notation.h"
#include "engine/room_words.h"
#include "engine/vocabulary.h"

namespace carcheck {

namespace {

int colour_of_player(const Game& g, int player) {
  for (int c = 0; c < g.colours(); ++c)
    if (g.owner(c) == player) return c;
  return -1;
}

// Whether `expect score <colour> <class> N` is spec language for this score class: the spec
// parser decides (bazaar, cemetery and mist-bank points have no word there yet).
bool spec_names_score_class(const std::string& cls) {
  static const std::map<std::string, bool> known = [] {
    std::map<std::string, bool> k;
    for (FeatureClass f : all_score_classes()) {  // registered rooms' too
      const std::string name = feature_class_name(f);
      bool ok = true;
      try {
        parse_spec("spec \"x\"\ncites x \"x\"\nrules base-c1\nexpect score red " + name + " 1\n",
                   "probe.spec");
      } catch (const std::exception&) {
        ok = false;
      }
      k[name] = ok;
    }
    return k;
  }();
  auto it = known.find(cls);
  return it != known.end() && it->second;
}

std::string n(long v) { return std::to_string(v); }

// What the state shows, as expectations: scores, supplies, piles, ghosts, the end.
std::string expectations(const State& s, const std::map<int, std::string>& notes) {
  const auto note = [&](int who) {
    auto it = notes.find(who);
    return it == notes.end() ? std::string() : "    # " + it->second;
  };
  const Game& g = s.game();
  const RuleSet& r = g.rules();
  std::string o;
  const bool level6 = r.scoring == ScoringTracks::PerColour;
  if (g.cooperative() && !level6) {
    o += "expect score " + n(s.score(0).total) + note(0) + "\n";
  } else if (!(level6 && s.mists().scorers.empty())) {
    for (int p = 0; p < s.score_count(); ++p) {
      const std::string who = spec_score_owner(s, p);
      const Score& sc = s.score(p);
      o += "expect score " + who + " " + n(sc.total) + note(p) + "\n";
      for (FeatureClass f : all_score_classes()) {
        const std::string cls = feature_class_name(f);
        if (sc.points(f) != 0 && spec_names_score_class(cls))
          o += "expect score " + who + " " + cls + " " + n(sc.points(f)) + "\n";
      }
    }
  }
  // In the supply as `expect meeples supply` counts them (a Level 6 scoring meeple is not).
  for (int c = 0; c < g.colours(); ++c) {
    if (g.owner(c) < 0) continue;
    long in_supply = 0;
    for (const Meeple& m : s.meeples()) in_supply += m.colour == c && m.cell < 0 && m.in_play;
    o +=
        std::string("expect meeples supply ") + s.game().colour_name(c) + " " + n(in_supply) + "\n";
  }
  // BCB: each player's bridges and castle tokens in supply, by the player's colour.
  if (expectation_absent(r, "bridges").empty())
    for (int c = 0; c < g.colours(); ++c) {
      const int p = g.owner(c);
      if (p < 0) continue;
      o += std::string("expect bridges ") + s.game().colour_name(c) + " " +
           n(s.bcb().bridges[static_cast<size_t>(p)]) + "\n";
      o += std::string("expect castle-tokens ") + s.game().colour_name(c) + " " +
           n(s.bcb().castle_tokens[static_cast<size_t>(p)]) + "\n";
    }
  o += "expect tiles-left " + n(s.tiles_remaining()) + "\n";
  if (s.piles() > 1) {
    for (int p = 0; p < s.piles(); ++p)
      o += "expect pile " + n(p + 1) + " holds " + n(s.pile_size(p)) + "\n";
    o += "expect active-pile " + n(s.active_pile() + 1) + "\n";
  }
  if (s.set_aside() > 0) o += "expect set-aside " + n(s.set_aside()) + "\n";
  if (expectation_absent(r, "ghosts").empty()) {
    o += "expect ghosts supply " + n(s.mists().ghost_supply) + "\n";
    o += "expect ghosts board " + n(s.mists().ghosts_on_board()) + "\n";
  }
  if (s.is_terminal()) o += "expect over\n";
  return o;
}

}  // namespace

std::string spec_score_owner(const State& s, int who) {
  const Game& g = s.game();
  if (!g.cooperative()) {
    const int c = colour_of_player(g, who);
    return c >= 0 ? s.game().colour_name(c) : "";
  }
  if (g.rules().scoring == ScoringTracks::PerColour &&
      who < static_cast<int>(s.mists().scorers.size()))
    return s.game().colour_name(s.mists().scorers[static_cast<size_t>(who)]);
  return "";
}

std::string state_as_spec(const State& s, const StateSpecOptions& options) {
  const Game& g = s.game();
  const RuleSet& r = g.rules();
  std::string o;
  if (options.header.empty())
    o += "# Saved by " + options.origin + ": replayed by `carcheck check`.\n";
  for (const std::string& line : options.header) o += "# " + line + "\n";
  std::string title = options.title.empty() ? "a game saved by " + options.origin : options.title;
  for (char& c : title)
    if (c == '"' || c == '\n') c = '\'';
  o += "spec \"" + title + "\"\n";
  o += "cites " + (options.cites.empty() ? options.origin + " \"played there\"" : options.cites) +
       "\n";
  o += "rules " + g.spec_rules() + " players " + n(g.players());
  if (options.seed) o += " seed " + std::to_string(s.seed());
  o += "\n";
  for (const VariantSwitch& v : r.variants)
    if (v.chosen != 0 || !v.parameter.empty()) o += "variant " + v.id + "=" + v.value() + "\n";
  for (const std::string& line : options.definitions) o += line + "\n";
  if (!options.setup.empty()) {
    o += "setup {\n";
    for (const std::string& line : options.setup) o += "  " + line + "\n";
    o += "}\n";
  }
  State replay = options.start ? *options.start : State(g, s.seed());
  const size_t from = replay.history().size();
  if (s.history().size() < from) throw std::logic_error("the game is older than its start");
  int turn = -1;
  int draws = 0;
  for (size_t i = from; i < s.history().size(); ++i) {
    const Action& a = s.history()[i];
    if (options.count_draws ? a.kind == ActionKind::Draw && replay.phase() == Phase::Draw
                            : replay.turn() != turn) {
      turn = replay.turn();
      o += "# turn " + n(options.count_draws ? ++draws : turn + 1) + ", player " +
           n(replay.active_player() + 1) + "\n";
    }
    o += action_text(replay, a) + "\n";
    if (std::optional<std::string> why = replay.apply(a)) {
      if (!options.stop_note) throw std::logic_error("the game does not replay: " + *why);
      return o + "# (the replay stops here: " + *why + ")\n";
    }
    const size_t done = replay.history().size();
    for (auto [it, end] = options.events.equal_range(done); it != end; ++it)
      o += "expect event " + it->second + "\n";
  }
  return options.expectations ? o + expectations(s, options.score_notes) : o;
}

}  // namespace carcheck
