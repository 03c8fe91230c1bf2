#include "checker/spec_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

#include "checker/perft.h"
#include "checker/spec_names.h"
#include "dsl/level_loader.h"
#include "dsl/text_list.h"
#include "engine/bcb.h"
#include "engine/mists_setup.h"
#include "engine/notation.h"
#include "engine/room_words.h"
#include "engine/switches.h"
#include "render/board_art.h"
#include "render/board_svg.h"

namespace carcheck {

const char* spec_outcome_name(SpecOutcome o) {
  switch (o) {
    case SpecOutcome::Pass:
      return "PASS";
    case SpecOutcome::Fail:
      return "FAIL";
    case SpecOutcome::Error:
      return "ERROR";
  }
  return "?";
}

namespace {

std::string xy(int x, int y) { return std::to_string(x) + "," + std::to_string(y); }

const VariantSwitch* find_switch(const RuleSet& r, const std::string& key) {
  for (const VariantSwitch& v : r.variants)
    if (v.id == key) return &v;
  return nullptr;
}

std::string key_of(const std::string& kv) { return kv.substr(0, kv.find('=')); }

// The rule set a spec names: "mists" with a level, or a rule set's own name.
std::string rule_set_name(const SpecFile& spec) {
  if (spec.rules == "mists") {
    if (spec.level == 0)
      throw InputError(spec.pos(spec.rules_at),
                       "Mists over Carcassonne needs a level: 'rules mists level 1' .. 'level 6'");
    return carcheck::rule_set_name(spec.rules, spec.level);  // the one place that names it
  }
  if (spec.level != 0) {
    if (spec.rules.rfind("mists", 0) == 0)
      throw InputError(spec.pos(spec.level_at), "give the level once: 'rules mists level " +
                                                    std::to_string(spec.level) + "' or 'rules " +
                                                    spec.rules + "'");
    throw InputError(spec.pos(spec.level_at),
                     "'level' is for Mists over Carcassonne only (rules mists level N)");
  }
  return spec.rules;
}

// ---- The game: rule set, variants, tiles ----------------------------------------------------

struct Built {
  RuleSet rules;  // as resolved, for checks before the Game exists
  std::unique_ptr<Game> game;
};

void check_binding(const SpecFile& spec, const RuleSet& rules, const VariantBinding& b) {
  const VariantSwitch* sw = find_switch(rules, b.key);
  if (!sw) {
    std::vector<std::string> ids;
    for (const VariantSwitch& v : rules.variants) ids.push_back(v.id);
    std::string near = closest_name(b.key, ids);
    throw InputError(spec.pos(b.at), "rule set " + rules.name + " has no variant '" + b.key + "'" +
                                         (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                                         "; its variants: " + joined(ids));
  }
  if (sw->index_of(b.value) < 0)
    throw InputError(spec.pos(b.value_at), "variant '" + b.key + "' has no value '" + b.value +
                                               "' (its values: " + joined(sw->values) +
                                               "; default " + sw->values.front() + ")");
  if (!sw->implemented(b.value))
    throw InputError(spec.pos(b.value_at), "variant " + b.text() +
                                               " is not implemented in the engine yet (levels.yaml "
                                               "marks it 'not-implemented')");
  if (auto why = switch_value_problem(b.key, b.value))
    throw InputError(spec.pos(b.value_at), "variant " + *why);
}

TileSet spec_tile_set(const SpecFile& spec, const Library& lib, const RuleSet& rules) {
  TileSet set;
  set.name = rules.tile_set;
  set.title = "tiles of " + spec.file;
  std::vector<std::string> sets = rules.base_tile_sets;
  sets.push_back(rules.tile_set);
  for (const SpecTile& t : spec.tiles) {
    if (!t.shipped.empty()) {
      const TileType* found = nullptr;
      const TileSet* found_in = nullptr;
      std::vector<std::string> names;
      for (const TileSet& ts : lib.tile_sets)
        if (std::find(sets.begin(), sets.end(), ts.name) != sets.end())
          for (const TileType& tt : ts.tiles) {
            names.push_back(tt.name);
            if (tt.name == t.shipped && !found) found = &tt, found_in = &ts;
          }
      if (!found) {
        std::string near = closest_name(t.shipped, names);
        throw InputError(spec.pos(t.shape_at),
                         "no tile '" + t.shipped + "' in the tiles of " + rules.name +
                             (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                             "; give a shape in quotes or one of: " + joined(names));
      }
      // The shipped tile's shapes under switch values (river-spring-field=split) come along.
      for (const TileAlternative& alt : found_in->alternatives) {
        if (alt.tile != found->name) continue;
        TileAlternative mine = alt;
        mine.tile = t.name;
        mine.replacement.set = set.name;
        mine.replacement.name = t.name;
        mine.replacement.count = t.count;
        mine.replacement.start = t.start;
        set.alternatives.push_back(std::move(mine));
      }
      TileType copy = *found;
      copy.set = set.name;
      copy.name = t.name;
      copy.count = t.count;
      copy.start = t.start;
      set.tiles.push_back(std::move(copy));
      continue;
    }
    InlineTile it;
    it.name = t.name;
    it.count = t.count;
    it.shape = t.shape;
    it.start = t.start;
    it.line = t.shape_at.line;
    it.column = t.shape_at.column;
    TileSet one = inline_tile_set(set.name, {it}, spec.file);
    set.tiles.push_back(std::move(one.tiles.front()));
  }
  return set;
}

Built build_game(const SpecFile& spec, const Library& lib, const std::vector<std::string>& forced,
                 const std::string& matrix_variant,
                 const std::shared_ptr<const RuleSystem>& room = nullptr) {
  Built b;
  const std::string name = rule_set_name(spec);
  try {
    b.rules = find_rule_set(lib.rule_sets, name);
  } catch (const std::invalid_argument& e) {
    throw InputError(spec.pos(spec.rules_at), e.what());
  }
  std::vector<std::string> selected;  // the spec's own, then --variant, then the matrix's
  for (const VariantBinding& v : spec.variants) {
    check_binding(spec, b.rules, v);
    selected.push_back(v.text());
  }
  for (const SpecStep& step : spec.steps)
    for (const VariantBinding& v : step.under) check_binding(spec, b.rules, v);
  for (const std::string& kv : forced)
    if (find_switch(b.rules, key_of(kv))) selected.push_back(kv);
  if (!matrix_variant.empty()) selected.push_back(matrix_variant);
  for (const std::string& kv : selected) select_variant(b.rules, kv);

  std::vector<TileSet> overrides;
  if (!spec.tiles.empty()) {
    overrides.push_back(spec_tile_set(spec, lib, b.rules));
    for (const std::string& base : b.rules.base_tile_sets) {  // the spec's tiles replace all
      TileSet empty;
      empty.name = base;
      overrides.push_back(empty);
    }
  }
  try {
    b.game = make_game(lib, b.rules, spec.players, overrides, room);
  } catch (const std::invalid_argument& e) {
    SpecAt at = spec.players_given ? spec.players_at : spec.rules_at;
    throw InputError(spec.pos(at), e.what());
  }
  return b;
}

// ---- Setup ----------------------------------------------------------------------------------

// The setup block's statements, applied in order outside the turn order. Each returns the
// engine's refusal, if any; what the spec gets wrong (a colour, a pile number) is an
// InputError at its place.
class SetupRun {
 public:
  SetupRun(const SpecFile& spec, const Game& g, State& s) : spec_(spec), g_(g), s_(s) {}

  void run() {
    const SetupStep* first_pile = nullptr;
    for (const SetupStep& st : spec_.setup)
      if (st.kind == SetupKind::Pile && !first_pile) first_pile = &st;
    // Level 6: the team's choice of scoring colours comes before the rest of the set-up (the
    // tracks a `score` line names are the chosen colours').
    for (const SetupStep& st : spec_.setup)
      if (st.kind == SetupKind::ScoringMeeples)
        if (std::optional<std::string> why = apply(st)) refuse(st, *why);
    for (const SetupStep& st : spec_.setup) {
      // Every `pile` line of the block takes effect together, here at the first one; the
      // hounds after everything else, so that `active-pile` cannot overrule a hound's state.
      if ((st.kind == SetupKind::Pile && &st != first_pile) || st.kind == SetupKind::Hound ||
          st.kind == SetupKind::ScoringMeeples)
        continue;
      if (st.kind == SetupKind::Score) score_step_ = &st;
      if (st.kind == SetupKind::ActivePile) pile_step_ = &st;
      if (std::optional<std::string> why = apply(st)) refuse(st, *why);
    }
    for (const SetupStep& st : spec_.setup)
      if (st.kind == SetupKind::Hound)
        if (std::optional<std::string> why = apply(st)) refuse(st, *why);
    check_thresholds();
  }

 private:
  std::optional<std::string> apply(const SetupStep& st) {
    switch (st.kind) {
      case SetupKind::Place:
        return s_.setup_place(tile_in_play(spec_, g_, st.tile, st.tile_at), st.where.x, st.where.y,
                              st.rot);
      case SetupKind::FaceDown:
        return setup_face_down(s_, tile_in_play(spec_, g_, st.tile, st.tile_at), st.where.x,
                               st.where.y);
      case SetupKind::Meeple:
        return meeple(st);
      case SetupKind::Buried:
        return setup_buried(s_, colour_in_play(spec_, g_, st.colour, st.colour_at),
                            cell_at(st.where));
      case SetupKind::Ghosts:
        return ghosts(st);
      case SetupKind::GhostSupply:
        return setup_ghost_supply(s_, static_cast<int>(st.value));
      case SetupKind::MeepleSupply:
        return s_.setup_meeple_supply(colour_in_play(spec_, g_, st.colour, st.colour_at),
                                      static_cast<int>(st.value));
      case SetupKind::Score: {
        int track =
            score_index(spec_, g_, st.colour, st.colour.empty() ? st.value_at : st.colour_at, false,
                        &s_.mists().scorers);
        for (int t = 0; t < s_.score_count(); ++t)
          if (track < 0 || t == track) s_.setup_score(t, static_cast<int>(st.value));
        return std::nullopt;
      }
      case SetupKind::Pile:
        return s_.setup_piles(piles());
      case SetupKind::ActivePile:
        return s_.setup_active_pile(pile_index(st.value, st.value_at));
      case SetupKind::Player:
        if (st.value < 1 || st.value > g_.players())
          throw InputError(spec_.pos(st.value_at),
                           "players are numbered 1 to " + std::to_string(g_.players()));
        return s_.setup_active_player(static_cast<int>(st.value) - 1);
      case SetupKind::Hound:
        return hound(st);
      case SetupKind::ScoringMeeples: {
        ActionSyntax a;
        a.kind = ActionKind::ScoringMeeples;
        for (const auto& [colour, at] : st.colours) {
          colour_in_play(spec_, g_, colour, at);
          a.colours.push_back(colour);
        }
        std::string why;
        std::optional<Action> action = resolve_action(s_, a, why);
        if (!action) return why;
        return s_.apply(*action);
      }
    }
    return std::nullopt;
  }

  [[noreturn]] void refuse(const SetupStep& st, const std::string& why) const {
    throw InputError(spec_.pos(st.at), "setup '" + st.text + "' is refused: " + why);
  }

  int cell_at(const SpecCoord& c) const {
    int cell = s_.cell_at(c.x, c.y);
    if (cell < 0) throw InputError(spec_.pos(c.at), "no tile at " + xy(c.x, c.y));
    return cell;
  }

  // A pile number of the spec (from 1) as the engine's index.
  int pile_index(long number, SpecAt at) const {
    if (number < 1 || number > s_.piles())
      throw InputError(spec_.pos(at), g_.rules().name + " has " + std::to_string(s_.piles()) +
                                          " pile(s), numbered from 1");
    return static_cast<int>(number) - 1;
  }

  std::optional<std::string> meeple(const SetupStep& st) {
    int colour = colour_in_play(spec_, g_, st.colour, st.colour_at);
    FeatureAt f = find_feature(s_, st.where, st.feature);
    if (!f.problem.empty()) throw InputError(spec_.pos(st.feature.at), f.problem);
    if (f.mist >= 0) throw InputError(spec_.pos(st.feature.at), "a meeple never stands on mist");
    return s_.setup_meeple(colour, f.cell, f.seg, st.large);
  }

  // `ghosts N at x,y [cemetery | mist K]`: without a slot, the tile's ghosts all lie on its
  // first mist area (or its cemetery).
  std::optional<std::string> ghosts(const SetupStep& st) {
    int cell = cell_at(st.where);
    const CellFace& face = s_.face(cell);
    bool cemetery = face.centre >= 0 && face.segments[face.centre].kind == SegmentKind::Cemetery;
    if (st.slot == "cemetery") {
      if (!cemetery)
        throw InputError(spec_.pos(st.slot_at),
                         "no cemetery on the tile at " + xy(st.where.x, st.where.y));
      return setup_ghosts(s_, cell, kCemeterySlot, static_cast<int>(st.value));
    }
    if (st.slot == "mist") {
      if (st.slot_index < 1 || st.slot_index > face.n_mist)
        throw InputError(spec_.pos(st.slot_at), "the tile at " + xy(st.where.x, st.where.y) +
                                                    " has " + std::to_string(face.n_mist) +
                                                    " mist area(s), no mist " +
                                                    std::to_string(st.slot_index));
      return setup_ghosts(s_, cell, st.slot_index - 1, static_cast<int>(st.value));
    }
    int slot = face.n_mist > 0 ? 0 : cemetery ? kCemeterySlot : 0;
    for (int k = 0; k < kGhostSlots; ++k)
      if (k != slot)
        if (std::optional<std::string> why = setup_ghosts(s_, cell, k, 0)) return why;
    return setup_ghosts(s_, cell, slot, static_cast<int>(st.value));
  }

  // Every `pile K: T T T` line of the block, the next drawn first (the engine's top is last).
  std::vector<std::pair<int, std::vector<TileId>>> piles() const {
    std::vector<std::pair<int, std::vector<TileId>>> piles;
    for (const SetupStep& p : spec_.setup) {
      if (p.kind != SetupKind::Pile) continue;
      int index = pile_index(p.value, p.value_at);
      for (const auto& [pile, tiles] : piles)
        if (pile == index)
          throw InputError(spec_.pos(p.value_at),
                           "pile " + std::to_string(p.value) + " is set twice");
      std::vector<TileId> tiles;
      for (auto it = p.tiles.rbegin(); it != p.tiles.rend(); ++it)
        tiles.push_back(tile_in_play(spec_, g_, it->first, it->second));
      piles.emplace_back(index, std::move(tiles));
    }
    return piles;
  }

  std::optional<std::string> hound(const SetupStep& st) {
    if (!g_.rules().hounds)
      throw InputError(spec_.pos(st.at), g_.rules().name + " has no hounds (Levels 3-6)");
    if (st.value < 1 || st.value > 2)
      throw InputError(spec_.pos(st.value_at), "the hounds are 1 (Rufus) and 2 (Ronja)");
    const SetupStep*& said = nth(hound_step_, static_cast<int>(st.value) - 1);
    if (said)
      throw InputError(spec_.pos(st.value_at), "hound " + std::to_string(st.value) +
                                                   " is set twice (first at line " +
                                                   std::to_string(said->at.line) + ")");
    said = &st;
    if (st.status != "placed") {
      const auto& names = spec_hound_statuses();  // in Hound::Status order
      const auto it = std::find(names.begin(), names.end(), st.status);
      return setup_hound_status(s_, static_cast<int>(st.value) - 1,
                                static_cast<Hound::Status>(it - names.begin()));
    }
    colour_in_play(spec_, g_, st.meeple.colour, st.status_at);
    if (st.meeple.supply) refuse(st, "a hound lies by a meeple on the board, not in the supply");
    int m = find_meeple(s_, st.meeple, true);
    if (m < 0)
      refuse(st, "no unburied " + st.meeple.colour + " meeple at " + xy(st.meeple.x, st.meeple.y));
    return setup_hound(s_, static_cast<int>(st.value) - 1, m);
  }

  // At a turn's start the rules have dealt with every threshold the score has reached (Level
  // 6: the lowest track): a hound past waiting has had its threshold reached, which made the
  // next pile active; a hound said to be waiting has not; the goal has not (the game would be
  // won). A setup the rules cannot reach is refused at the statement that says it.
  void check_thresholds() const {
    const RuleSet& r = g_.rules();
    if (!g_.cooperative()) return;  // no goal, no hounds: nothing a score reaches
    const int score = s_.shared_score();
    const std::string lowest = r.scoring == ScoringTracks::PerColour ? " (the lowest track)" : "";
    const std::string score_text = "the score " + std::to_string(score) + lowest;
    if (r.goal > 0 && score >= r.goal && score_step_)
      refuse(*score_step_, score_text + " has reached the goal " + std::to_string(r.goal) +
                               ": the game is won at once (Dized.MoC.0032), no turn follows");
    if (!r.hounds) return;
    bool buried = false;
    for (const Meeple& m : s_.meeples()) buried = buried || is_buried(m);
    for (int k = 0; k < static_cast<int>(s_.mists().hounds.size()); ++k) {
      const Hound& h = nth(s_.mists().hounds, k);
      const int threshold = nth(r.thresholds, k);
      const SetupStep* said = nth(hound_step_, k);
      const std::string name = "hound " + std::to_string(k + 1);
      const std::string next = "active-pile " + std::to_string(k + 2);
      const std::string status = spec_hound_statuses()[static_cast<size_t>(h.status)];
      if (h.status == Hound::Waiting) {
        // A hound no line names keeps the head start: it comes at the next scoring (the
        // fuzzers' games start so, checker/game_start.h). `hound K waiting` is a claim.
        if (said && score >= threshold)
          refuse(*said,
                 name + " is waiting, yet " + score_text + " has reached its threshold " +
                     std::to_string(threshold) +
                     ": the scoring that reached it placed or lost the hound and made the next "
                     "pile active; say which ('" +
                     name + " by <colour>@x,y', '" + name + " lost', 'scored', 'removed') and '" +
                     next + "'");
        if (said && s_.active_pile() > k &&
            g_.switches().pile_threshold_loss == PileThresholdLoss::Lose)
          refuse(*said, name + " waits only until its threshold, which makes pile " +
                            std::to_string(k + 2) + " active; pile " +
                            std::to_string(s_.active_pile() + 1) +
                            " is active (a pile runs out before its threshold only under "
                            "pile-threshold-loss=continue)");
        continue;
      }
      const SetupStep& at = said ? *said : *pile_step_;  // else `active-pile` lost it
      if (score < threshold)
        refuse(at, name + " is " + status + " only once the score has reached its threshold " +
                       std::to_string(threshold) + ", and " + score_text + " has not" +
                       (said ? ""
                             : " (active-pile puts the hounds of the piles before it out "
                               "of the game, as if their thresholds had been reached)"));
      if (s_.active_pile() <= k)
        refuse(at, name + "'s threshold makes pile " + std::to_string(k + 2) +
                       " active (the rest of pile " + std::to_string(k + 1) +
                       " on top of it): add '" + next + "'");
      if (h.status == Hound::Removed && !buried)
        refuse(at, name +
                       " is removed only when its meeple is buried (seed 004 footnotes 17, "
                       "18), and no meeple lies buried: add 'buried <colour> at x,y'");
    }
  }

  const SpecFile& spec_;
  const Game& g_;
  State& s_;
  const SetupStep* score_step_ = nullptr;  // the last `score`
  const SetupStep* pile_step_ = nullptr;   // the last `active-pile`
  std::array<const SetupStep*, kMaxHounds> hound_step_{};
};

// ---- Expectations ---------------------------------------------------------------------------

// The engine's refusal of an `expect illegal` action, for --trace.
struct Refusal {
  std::optional<ActionKind> kind;  // none: the action did not resolve
  std::string why;
};

struct Check {
  bool ok = true;
  std::string expected, actual;
};

Check numbers(long expected, long actual) {
  return {expected == actual, std::to_string(expected), std::to_string(actual)};
}

std::string end_text(const State& s) {
  if (!s.is_terminal()) return std::string("not over (phase ") + phase_name(s.phase()) + ")";
  if (!s.game().cooperative()) return std::string("over (") + end_reason_text(s.end_reason()) + ")";
  return std::string(s.won() ? "won" : "lost") + " (" + end_reason_text(s.end_reason()) + ")";
}

// The colour an event is about, -1 when none: scorings name the track and the colour
// separately in a cooperative game (`who` is the track, `extra` the colour).
int event_colour(const State& s, const Event& ev) {
  if (ev.kind == EventKind::Scored && s.game().cooperative()) return ev.extra;
  switch (ev.kind) {
    case EventKind::Scored:
    case EventKind::FinalScored:
    case EventKind::MeeplePlaced:
    case EventKind::MeepleReturned:
    case EventKind::MeepleBuried:
    case EventKind::HoundPlaced:
    case EventKind::HoundScored:
    case EventKind::HoundRemoved:
      return ev.who;
    case EventKind::BridgeBuilt:  // who: the player, whose one colour it is (BCB)
    case EventKind::CastleBuilt:
    case EventKind::BazaarOpened:
    case EventKind::BazaarIgnored:
    case EventKind::BazaarBid:
    case EventKind::BazaarTileTaken:
    case EventKind::BazaarPaid:
      for (int c = 0; c < s.game().colours(); ++c)
        if (s.game().owner(c) == ev.who) return c;
      return -1;
    default:
      break;
  }
  // A registered room's event (engine/room_words.h): `who` a colour, or a player whose first
  // colour it is.
  if (const EventFields* f = registered_event(ev.kind); f && f->who) {
    if (std::string_view(f->who) == "colour") return ev.who;
    for (int c = 0; c < s.game().colours(); ++c)
      if (s.game().owner(c) == ev.who) return c;
  }
  return -1;
}

// An event written as `expect event` filters it (name, feature, value, at, by), so that a
// FAIL's list can be copied into a spec; what no filter reads follows in parentheses.
std::string event_text(const State& s, const Event& e) {
  const EventFilters f = event_filters(e.kind);
  const Game& g = s.game();
  std::string t = event_name(e.kind);
  if (e.feature != FeatureClass::None) t += std::string(" ") + feature_class_name(e.feature);
  if (f.value) t += " value " + std::to_string(e.value);
  if (f.at) t += " at " + xy(e.x, e.y);
  const int colour = event_colour(s, e);
  if (f.by && colour >= 0 && colour < kMaxColours) t += std::string(" by ") + g.colour_name(colour);
  std::vector<std::string> more;
  switch (e.kind) {
    case EventKind::TileDrawn:
    case EventKind::TileSetAside:
    case EventKind::TilePlaced:
    case EventKind::FaceDownPlaced:
      if (e.value >= 0 && e.value < static_cast<int>(g.tiles().size()))
        more.push_back("tile " + g.tile(e.value).name +
                       (e.kind == EventKind::TilePlaced ? " r" + std::to_string(e.extra) : ""));
      break;
    case EventKind::Scored:
      if (g.rules().scoring == ScoringTracks::PerColour && e.who >= 0 &&
          e.who < s.mists().scorers.size() &&
          s.mists().scorers[static_cast<size_t>(e.who)] != colour)
        more.push_back(std::string("on ") +
                       g.colour_name(s.mists().scorers[static_cast<size_t>(e.who)]) + "'s track");
      break;
    case EventKind::HoundPlaced:
    case EventKind::HoundLost:
      more.push_back("hound " + std::to_string(e.value + 1));
      break;
    case EventKind::GameWon:
    case EventKind::GameLost:
      more.push_back("score " + std::to_string(e.value) + ", " +
                     end_reason_text(static_cast<EndReason>(e.extra)));
      break;
    case EventKind::GameEnded:
      more.push_back(end_reason_text(static_cast<EndReason>(e.extra)));
      break;
    case EventKind::BridgeBuilt:
      if (e.value >= 0 && e.value < kBridgeAxes)
        more.push_back(bridge_axis_name(static_cast<BridgeAxis>(e.value)));
      break;
    default:
      break;
  }
  if ((e.kind == EventKind::Scored || e.kind == EventKind::FinalScored) && !g.cooperative())
    more.push_back("player " + std::to_string(e.who + 1));
  if (!more.empty()) t += " (" + joined(more) + ")";
  return t;
}

std::string events_text(const State& s, const std::vector<Event>& window) {
  std::vector<std::string> texts;
  for (const Event& e : window) texts.push_back(event_text(s, e));
  return texts.empty() ? "none" : joined(texts, "; ");
}

// The actions open now, in words (the first 12).
std::string legal_now(const State& s) {
  ActionList legal;
  s.legal_actions(legal);
  std::vector<std::string> t;
  for (int i = 0; i < legal.size && i < 12; ++i)
    t.push_back(action_text(s, legal.items[static_cast<size_t>(i)]));
  if (legal.size > 12) t.push_back("... (" + std::to_string(legal.size) + " in all)");
  return t.empty() ? "none" : joined(t, "; ");
}

// One expectation checked against the state and the events of the current turn.
class Evaluation {
 public:
  Evaluation(const SpecFile& spec, const Game& g, const State& s, const Expectation& e,
             const std::vector<Event>& window)
      : spec_(spec), g_(g), s_(s), e_(e), window_(window) {}

  // After run(): the engine's refusal of an `expect illegal` action, for --trace.
  const std::optional<Refusal>& refusal() const { return refusal_; }

  Check run() const {
    switch (e_.kind) {
      case ExpectKind::Score:
        return score();
      case ExpectKind::GhostsAt:
        return ghosts_at();
      case ExpectKind::GhostsSupply:
        return numbers(e_.value, s_.mists().ghost_supply);
      case ExpectKind::GhostsBoard:
        return numbers(e_.value, s_.mists().ghosts_on_board());
      case ExpectKind::GhostsBox:
        return numbers(e_.value, s_.mists().ghost_box);
      case ExpectKind::MeeplesSupply:
      case ExpectKind::MeeplesBoard:
      case ExpectKind::MeeplesBuried:
      case ExpectKind::MeeplesAt:
        return meeples();
      case ExpectKind::Pile:
        return numbers(e_.value, s_.pile_size(s_.active_pile()));
      case ExpectKind::PileHolds:
        return numbers(e_.value, s_.pile_size(e_.index - 1));
      case ExpectKind::PileContains:
        return pile_contains();
      case ExpectKind::PileTop:
        return pile_top();
      case ExpectKind::MeeplesBox:
        return meeples_box();
      case ExpectKind::Track:
        return score();
      case ExpectKind::ScoringMeeples:
        return scoring_meeples();
      case ExpectKind::ActivePile:
        return numbers(e_.value, s_.active_pile() + 1);
      case ExpectKind::TilesLeft:
        return numbers(e_.value, s_.tiles_remaining());
      case ExpectKind::SetAside:
        return numbers(e_.value, s_.set_aside());
      case ExpectKind::Finished:
        return finished();
      case ExpectKind::Size:
        return size();
      case ExpectKind::Event:
        return event();
      case ExpectKind::Illegal:
      case ExpectKind::Legal:
        return legality();
      case ExpectKind::LegalCount:
        return legal_count();
      case ExpectKind::LegalPlaces:
      case ExpectKind::LegalMeeples:
        return legal_set();
      case ExpectKind::Won:
      case ExpectKind::Lost:
      case ExpectKind::Over:
        return end();
      case ExpectKind::Phase:
        return phase();
      case ExpectKind::Player:
        return numbers(e_.value, s_.current_player() + 1);
      case ExpectKind::Hound:
        return hound();
      case ExpectKind::Goal:
        return goal();
      case ExpectKind::Bridges:
        return numbers(e_.value, nth_player(s_.bcb().bridges));
      case ExpectKind::CastleTokens:
        return numbers(e_.value, nth_player(s_.bcb().castle_tokens));
      case ExpectKind::BridgeAt:
        return bridge_at();
      case ExpectKind::CastleAt:
        return castle_at();
      case ExpectKind::Room: {  // a registered room's check (engine/room_words.h)
        std::vector<std::string> args;
        for (const auto& [arg, at] : e_.args) args.push_back(arg);
        const RoomVerdict v = registered_expectation(e_.word)->check(s_, args);
        return {v.met, v.expected, v.actual};
      }
    }
    return {false, "?", "?"};
  }

 private:
  // The cell at the expectation's x,y, or -1 with `c` failed ("no tile at x,y").
  int cell_of(Check& c) const {
    int cell = s_.cell_at(e_.where.x, e_.where.y);
    if (cell < 0) {
      c.ok = false;
      c.expected = std::to_string(e_.value);
      c.actual = "no tile at " + xy(e_.where.x, e_.where.y);
    }
    return cell;
  }

  // A per-player supply (BCB) of the expectation's colour's player.
  template <class Supply>
  long nth_player(const Supply& per_player) const {
    const int colour = g_.colour_by_name(e_.colour);
    const int player = colour >= 0 ? g_.owner(colour) : -1;
    return player >= 0 && player < static_cast<int>(per_player.size())
               ? per_player[static_cast<size_t>(player)]
               : 0;
  }

  Check bridge_at() const {
    Check c;
    const int cell = cell_of(c);
    c.expected = e_.word;
    if (cell < 0) return c;
    const int b = s_.cell(cell).added;
    const std::string actual = b == 0 ? "none" : bridge_axis_name(static_cast<BridgeAxis>(b - 1));
    return {actual == e_.word, e_.word, actual};
  }

  // The castle lying on the tile at x,y (either of its two cells), by its owner's colour.
  Check castle_at() const {
    Check c;
    const int cell = cell_of(c);
    c.expected = e_.word;
    if (cell < 0) return c;
    std::string owner = "none", note;
    const BcbState& b = s_.bcb();
    for (int k = 0; k < b.castle_count; ++k) {
      const CastleRecord& r = b.castles[static_cast<size_t>(k)];
      if (r.cells[0] != cell && r.cells[1] != cell) continue;
      owner = "?";
      for (int colour = 0; colour < g_.colours(); ++colour)
        if (g_.owner(colour) == r.owner) owner = g_.colour_name(colour);
      note = r.scored ? " (scored)" : "";
    }
    return {owner == e_.word, e_.word, owner + note};
  }

  Check score() const {
    int track =
        score_index(spec_, g_, e_.colour, e_.colour_at, !e_.word.empty(), &s_.mists().scorers);
    if (track < 0) return numbers(e_.value, s_.shared_score());
    const Score& sc = s_.score(track);
    if (e_.word.empty()) return numbers(e_.value, sc.total);
    return numbers(e_.value, sc.points(score_feature(e_.word)));
  }

  Check ghosts_at() const {
    Check c;
    int cell = cell_of(c);
    if (cell < 0) return c;
    const MistsCell& pc = s_.mists().cell(cell);
    const CellFace& face = s_.face(cell);
    const std::string at = " on the tile at " + xy(e_.where.x, e_.where.y);
    // A place the tile does not have holds no ghost: `0` there would pass by construction.
    if (e_.word == "cemetery") {
      if (face.centre < 0 || face.segments[face.centre].kind != SegmentKind::Cemetery)
        throw InputError(spec_.pos(e_.word_at), "no cemetery" + at);
      return numbers(e_.value, pc.ghosts[kCemeterySlot]);
    }
    if (e_.word == "mist") {
      if (e_.index < 1 || e_.index > face.n_mist)
        throw InputError(spec_.pos(e_.word_at), "no mist " + std::to_string(e_.index) + at +
                                                    " (it has " + std::to_string(face.n_mist) +
                                                    " mist area(s))");
      return numbers(e_.value, pc.ghosts[static_cast<size_t>(e_.index - 1)]);
    }
    return numbers(e_.value, pc.ghost_total());
  }

  // Meeples of the expectation's colour (any without one) in the supply, on the board,
  // buried, or on the tile at x,y.
  Check meeples() const {
    int colour = e_.colour.empty() ? -1 : g_.colour_by_name(e_.colour);
    int cell = -1;
    if (e_.kind == ExpectKind::MeeplesAt) {
      Check c;
      cell = cell_of(c);
      if (cell < 0) return c;
    }
    long n = 0;
    for (const Meeple& m : s_.meeples()) {
      if (colour >= 0 && m.colour != colour) continue;
      switch (e_.kind) {
        case ExpectKind::MeeplesSupply:
          n += m.cell < 0 && m.in_play;
          break;
        case ExpectKind::MeeplesBoard:
          n += m.on_feature();
          break;
        case ExpectKind::MeeplesBuried:
          n += is_buried(m);
          break;
        default:
          n += m.cell == cell && !is_buried(m);
      }
    }
    return numbers(e_.value, n);
  }

  // Copies of a tile in pile K (checker/spec_names.cpp has resolved the name).
  Check pile_contains() const {
    const TileId t = g_.find_tile(e_.tile);
    const std::vector<TileId>& pile = s_.pile(e_.index - 1);
    const long n = std::count(pile.begin(), pile.end(), t);
    const std::string of = " of " + e_.tile + " in pile " + std::to_string(e_.index);
    const std::string actual = std::to_string(n) + " cop" + (n == 1 ? "y" : "ies") + of;
    if (e_.count < 0) return {n > 0, "at least 1 copy" + of, actual};
    return {n == e_.count, std::to_string(e_.count) + " cop" + (e_.count == 1 ? "y" : "ies") + of,
            actual};
  }

  // The tile drawn next from pile K: its top (the engine's last).
  Check pile_top() const {
    const std::vector<TileId>& pile = s_.pile(e_.index - 1);
    const std::string want = e_.tile + " on top of pile " + std::to_string(e_.index);
    if (pile.empty()) return {false, want, "pile " + std::to_string(e_.index) + " is empty"};
    const std::string& top = g_.tile(pile.back()).name;
    return {top == e_.tile, want, top + " on top of pile " + std::to_string(e_.index)};
  }

  // Mists: the guard meeples left in the box (levels.yaml meeples: colours x per-colour),
  // all colours or one: every meeple is in the box but those in a supply, on the board,
  // buried, and the scoring meeples on the track (Levels 1-5: the shared one, of a colour not
  // in play; Level 6: one of each scoring colour, from the supply or from the box).
  Check meeples_box() const {
    const RuleSet& r = g_.rules();
    const int colour = e_.colour.empty() ? -1 : g_.colour_by_name(e_.colour);
    const ScoringColours& scorers = s_.mists().scorers;
    const bool level6 = r.scoring == ScoringTracks::PerColour;
    long out = 0;
    for (const Meeple& m : s_.meeples()) out += m.in_play && (colour < 0 || m.colour == colour);
    if (colour < 0)
      out += level6 ? static_cast<long>(scorers.size()) : r.scoring_meeples;
    else if (level6)
      out += std::count(scorers.begin(), scorers.end(), colour);
    const long all =
        static_cast<long>(colour < 0 ? r.meeple_colours : 1) * r.meeples_per_colour_in_box;
    return numbers(e_.value, all - out);
  }

  // Level 6: the colours with a scoring meeple (in any order) and where those came from.
  Check scoring_meeples() const {
    std::vector<std::string> want, have;
    for (const auto& [c, at] : e_.colours) want.push_back(c);
    for (int c : s_.mists().scorers) have.push_back(g_.colour_name(c));
    std::sort(want.begin(), want.end());
    std::sort(have.begin(), have.end());
    const std::string source = g_.scoring_meeples_from_supply() ? "supply" : "box";
    const bool ok = want == have && (e_.word.empty() || e_.word == source);
    std::string expected = joined(want, " ") + (e_.word.empty() ? "" : " from " + e_.word);
    return {ok, expected, joined(have, " ") + " from " + source};
  }

  Check finished() const {
    FeatureAt f = find_feature(s_, e_.where, e_.feature);
    std::string want = e_.negated ? "not finished" : "finished";
    if (!f.problem.empty()) return {false, want, f.problem};
    bool done = feature_finished(s_, f);
    return {done != e_.negated, want, done ? "finished" : "not finished"};
  }

  Check size() const {
    FeatureAt f = find_feature(s_, e_.where, e_.feature);
    if (!f.problem.empty()) return {false, std::to_string(e_.value) + " tiles", f.problem};
    int n = feature_size(s_, f);
    return {n == e_.value, std::to_string(e_.value) + " tiles", std::to_string(n) + " tiles"};
  }

  // The phase, and with `score-choice road at x,y` the scoring under decision: the actual
  // value says what the game waits for (docs/spec-language.md).
  Check phase() const {
    std::string want = e_.word, actual = phase_name(s_.phase());
    bool ok = e_.word == actual;
    actual += ": the game waits for " + s_.waiting_for();
    if (e_.feature.kind.empty()) return {ok, want, actual};
    want += " of the " + e_.feature.kind + " at " + xy(e_.where.x, e_.where.y);
    const std::optional<PendingScore> p = s_.scoring_under_decision();
    if (!ok || !p || e_.feature.kind != feature_class_name(p->feature))
      return {false, want, actual};
    if (e_.feature.port.empty()) {  // any segment of that kind on the tile: road at x,y
      const int cell = s_.cell_at(e_.where.x, e_.where.y);
      if (cell < 0) return {false, want, "no tile at " + xy(e_.where.x, e_.where.y)};
      const CellFace& face = s_.face(cell);
      bool same = false;
      for (int seg = 0; seg < face.n_segments; ++seg)
        if (segment_kind_name(face.segments[seg].kind) == e_.feature.kind)
          same = same || (seg == face.centre ? cell == p->node
                                             : s_.region_root(segment_node(cell, seg)) == p->node);
      return {same, want, actual};
    }
    FeatureAt f = find_feature(s_, e_.where, e_.feature);
    if (!f.problem.empty()) return {false, want, f.problem};
    return {s_.region_root(segment_node(f.cell, f.seg)) == p->node, want, actual};
  }

  // `at x,y`: the event's tile; for a scoring, any tile of the feature scored.
  bool event_at(const Event& ev) const {
    if (ev.x == e_.where.x && ev.y == e_.where.y) return true;
    if (ev.seg < 0) return false;
    const int cell = s_.cell_at(e_.where.x, e_.where.y);
    const int root = s_.region_root(segment_node(s_.cell_at(ev.x, ev.y), ev.seg));
    if (cell < 0) return false;
    for (int seg = 0; seg < s_.face(cell).n_segments; ++seg)
      if (s_.region_root(segment_node(cell, seg)) == root) return true;
    return false;
  }

  bool event_matches(const Event& ev) const {
    return e_.word == event_name(ev.kind) && (!e_.has_event_value || ev.value == e_.event_value) &&
           (!e_.has_where || event_at(ev)) &&
           (e_.event_feature.empty() || e_.event_feature == feature_class_name(ev.feature)) &&
           (e_.colour.empty() || event_colour(s_, ev) == g_.colour_by_name(e_.colour));
  }

  Check event() const {
    // `no event ... at x,y` where no tile lies would hold by construction.
    if (e_.count == 0 && e_.has_where && s_.cell_at(e_.where.x, e_.where.y) < 0)
      throw InputError(spec_.pos(e_.where.at),
                       "no tile at " + xy(e_.where.x, e_.where.y) + ": no event happens there");
    long n = 0;
    for (const Event& ev : window_) n += event_matches(ev);
    std::string what = e_.word + (e_.event_feature.empty() ? "" : " " + e_.event_feature) +
                       (e_.has_event_value ? " value " + std::to_string(e_.event_value) : "") +
                       (e_.has_where ? " at " + xy(e_.where.x, e_.where.y) : "") +
                       (e_.colour.empty() ? "" : " by " + e_.colour);
    std::string want = e_.count < 0 ? what + ": at least once"
                                    : what + ": " + std::to_string(e_.count) + " time(s)";
    bool ok = e_.count < 0 ? n > 0 : n == e_.count;
    return {ok, want,
            std::to_string(n) + " time(s); events this turn: " + events_text(s_, window_)};
  }

  // `expect legal` / `expect illegal`: the action, or each action of a `then` line in turn,
  // resolved once by the engine and tried on a copy of the state. Legal: every one accepted;
  // a bid also listed in the legal actions, as its own entry or in a range entry
  // (engine/action.h kBidRange), so that the list is pinned as exactly as apply. Illegal:
  // the actions before the last accepted, the last refused.
  Check legality() const {
    auto copy = std::make_unique<State>(s_);
    const bool legal = e_.kind == ExpectKind::Legal;
    const size_t last = e_.more.size();
    std::string before;  // the actions accepted so far on the copy
    for (size_t i = 0; i <= last; ++i) {
      const ActionSyntax& written = i == 0 ? e_.action : e_.more[i - 1].first;
      std::string err;
      const std::optional<Action> a = resolve_action(*copy, written, err);
      check_action_targets(spec_, *copy, written, i == 0 ? e_.action_at : e_.more[i - 1].second, a,
                           err);
      std::optional<std::string> unlisted;  // a bid apply takes that the list leaves out
      const bool bid =
          a && (a->kind == ActionKind::Bid || (a->kind == ActionKind::Select && a->x >= 0));
      if (legal && bid) {
        auto list = std::make_unique<ActionList>();
        copy->legal_actions(*list);
        if (!list->offers(*a)) unlisted = legal_bids(*copy, *list);
      }
      const std::optional<std::string> why = a ? copy->apply(*a) : std::optional(err);
      const std::string after = before.empty() ? "" : fmt::format("after '{}': ", before);
      if (i < last && (why || unlisted)) {
        const std::string want = legal ? "accepted" : fmt::format("accepted, then refused");
        return {false, want,
                why ? fmt::format("{}'{}' refused: {}", after, written.text, *why)
                    : fmt::format("{}'{}' accepted but not in the legal actions ({})", after,
                                  written.text, *unlisted)};
      }
      if (i < last) {
        before += (before.empty() ? "" : " then ") + written.text;
        continue;
      }
      if (legal) {
        if (why) return {false, "accepted", after + "refused: " + *why};
        if (unlisted)
          return {false, "accepted and listed",
                  after + "accepted but not in the legal actions (" + *unlisted + ")"};
        const std::string ok = bid ? "accepted and listed" : "accepted";
        return {true, ok, after + ok};
      }
      std::string want =
          e_.reason.empty() ? "refused" : "refused, the reason containing \"" + e_.reason + "\"";
      if (!why) return {false, want, after + "accepted"};
      refusal_ = Refusal{a ? std::optional(a->kind) : std::nullopt, *why};
      return {why->find(e_.reason) != std::string::npos, want, after + "refused: " + *why};
    }
    return {false, "?", "?"};
  }

  // The bids of `legal`, in words: each range entry and each run of listed amounts.
  static std::string legal_bids(const State& s, const ActionList& legal) {
    std::vector<std::string> t;
    for (int i = 0; i < legal.size; ++i) {
      const Action& a = legal.items[i];
      if (a.kind != ActionKind::Bid && a.kind != ActionKind::Select) continue;
      int j = i;
      while (j + 1 < legal.size && !is_bid_range(a) &&
             legal.items[j + 1] == with_amount(a, legal.items[j].x + 1))
        ++j;
      std::string text = action_text(s, a);
      if (j > i) text += fmt::format(" to {}", legal.items[j].x);
      t.push_back(text);
      i = j;
    }
    return t.empty() ? "no bid" : joined(t);
  }

  // `expect legal count N [depth D]`: the leaves of the choice tree D plies deep (perft).
  Check legal_count() const {
    PerftCount c;
    try {
      c = perft(s_, e_.depth);
    } catch (const PerftUnbounded& u) {
      throw InputError(spec_.pos(e_.value_at), fmt::format("cannot count: {}", u.what()));
    }
    const std::string what =
        e_.depth == 1 ? "action(s) open now" : fmt::format("line(s) of play {} deep", e_.depth);
    Check k{c.leaves == static_cast<uint64_t>(e_.value), fmt::format("{} {}", e_.value, what),
            fmt::format("{} {}", c.leaves, what)};
    if (k.ok) return k;
    if (e_.depth == 1) {
      k.actual += ": " + legal_now(s_);
    } else {
      std::vector<std::string> rows;
      for (const PerftBranch& b : perft_divide(s_, e_.depth))
        rows.push_back(fmt::format("{} {}", b.text, b.count.leaves));
      k.actual += fmt::format(" (by first action: {})", joined(rows, "; "));
    }
    return k;
  }

  // `expect legal placements { ... }` / `meeples { ... }`: the set written, each entry resolved
  // by the engine, is exactly the set of placements (followers, `none` included) open now.
  Check legal_set() const {
    const bool placements = e_.kind == ExpectKind::LegalPlaces;
    std::vector<std::string> written;
    for (const auto& [w, at] : e_.more) written.push_back(entry_words(w.text, w.kind));
    const std::string want = fmt::format("exactly {{ {} }}", joined(written, "; "));
    const Phase step = placements ? Phase::Place : Phase::Meeple;
    if (s_.phase() != step)
      return {false, want,
              fmt::format("no {} now (phase {}: the game waits for {})",
                          placements ? "placement" : "follower step", phase_name(s_.phase()),
                          s_.waiting_for())};
    std::vector<Action> listed;
    for (const auto& [w, at] : e_.more) {
      std::string err;
      const std::optional<Action> a = resolve_action(s_, w, err);
      check_action_targets(spec_, s_, w, at, a, err);
      const SpecAt entry = action_word_at(w, at, w.kind == ActionKind::Pass ? 0 : 1);
      if (!a) throw InputError(spec_.pos(entry), err);
      if (std::find(listed.begin(), listed.end(), *a) != listed.end())
        throw InputError(spec_.pos(entry),
                         fmt::format("'{}' is listed twice", entry_words(w.text, w.kind)));
      listed.push_back(*a);
    }
    auto legal = std::make_unique<ActionList>();
    s_.legal_actions(*legal);
    std::vector<std::string> open, missing, extra;
    for (const Action& a : *legal) {
      if (placements ? a.kind != ActionKind::Place
                     : a.kind != ActionKind::Meeple && a.kind != ActionKind::Pass)
        continue;
      const std::string text = entry_words(action_text(s_, a), a.kind);
      open.push_back(text);
      if (std::find(listed.begin(), listed.end(), a) == listed.end()) missing.push_back(text);
    }
    for (const Action& a : listed)
      if (!legal->offers(a)) {
        const std::optional<std::string> why = State(s_).apply(a);
        extra.push_back(fmt::format("{} ({})", entry_words(action_text(s_, a), a.kind),
                                    why ? *why : "accepted, yet not listed"));
      }
    std::string actual = fmt::format("{{ {} }}", joined(open, "; "));
    if (!missing.empty()) actual += fmt::format("; not written: {}", joined(missing, "; "));
    if (!extra.empty()) actual += fmt::format("; not legal: {}", joined(extra, "; "));
    return {missing.empty() && extra.empty(), want, actual};
  }

  // An action's text as a set's entry writes it: without its verb; `none` for no follower.
  static std::string entry_words(const std::string& text, ActionKind kind) {
    if (kind == ActionKind::Pass) return "none";
    const size_t space = text.find(' ');
    return space == std::string::npos ? text : text.substr(space + 1);
  }

  Check end() const {
    const bool reason_ok = e_.word.empty() || e_.word == end_reason_text(s_.end_reason());
    const std::string because = e_.word.empty() ? "" : " (" + e_.word + ")";
    switch (e_.kind) {
      case ExpectKind::Won:
        return {s_.is_terminal() && s_.won(), "won", end_text(s_)};
      case ExpectKind::Lost:
        return {s_.is_terminal() && !s_.won() && reason_ok, "lost" + because, end_text(s_)};
      default:
        if (e_.negated) return {!s_.is_terminal(), "not over", end_text(s_)};
        return {s_.is_terminal() && reason_ok, "over" + because, end_text(s_)};
    }
  }

  // A rule set without a goal (Carcassonne) would make `goal 0` pass by construction.
  Check goal() const {
    const int goal = g_.rules().goal;
    if (!g_.cooperative() || goal <= 0)
      throw InputError(spec_.pos(e_.word.empty() ? e_.value_at : e_.word_at),
                       "this rule set has no goal (Mists of Carcassonne only)");
    if (e_.word.empty()) return numbers(e_.value, goal);
    const int score = s_.shared_score();
    const bool reached = score >= goal;
    const std::string expected = e_.negated ? "not reached" : "reached";
    const std::string actual = std::string(reached ? "reached" : "not reached") + " (" +
                               std::to_string(score) + " of " + std::to_string(goal) + ")";
    return {reached != e_.negated, expected, actual};
  }

  Check hound() const {
    const Hound& h = s_.mists().hounds[static_cast<size_t>(e_.index - 1)];
    std::string status = spec_hound_statuses()[static_cast<size_t>(h.status)];
    if (h.status == Hound::Placed && h.meeple >= 0) {
      const Meeple& m = s_.meeples()[static_cast<size_t>(h.meeple)];
      if (m.cell >= 0)
        status += " by " + std::string(g_.colour_name(m.colour)) + "@" +
                  xy(s_.cell(m.cell).x, s_.cell(m.cell).y);
    }
    bool ok = e_.word.find(" by ") != std::string::npos ? status == e_.word
                                                        : status.rfind(e_.word, 0) == 0;
    return {ok, e_.word, status};
  }

  const SpecFile& spec_;
  const Game& g_;
  const State& s_;
  const Expectation& e_;
  const std::vector<Event>& window_;
  mutable std::optional<Refusal> refusal_;  // legality(): the last action's refusal
};

bool bindings_hold(const Game& g, const std::vector<VariantBinding>& under) {
  for (const VariantBinding& b : under)
    if (g.rules().variant(b.key) != b.value) return false;
  return true;
}

std::string bindings_text(const std::vector<VariantBinding>& under) {
  std::vector<std::string> t;
  for (const VariantBinding& b : under) t.push_back(b.text());
  return joined(t);
}

void play(const SpecFile& spec, const Game& g, SpecResult& res, bool trace) {
  State s(g, spec.seed);
  std::optional<Tracer> tracer;
  if (trace) tracer.emplace(g, shipped_citations());
  SetupRun(spec, g, s).run();
  check_spec_names(spec, g);

  // Unbound expectations replaced, under some variant, by the `under` ones after them.
  std::vector<std::vector<int>> replaced_by(spec.steps.size());
  for (size_t i = 0; i < spec.steps.size(); ++i)
    if (spec.steps[i].replaces >= 0)
      replaced_by[static_cast<size_t>(spec.steps[i].replaces)].push_back(static_cast<int>(i));

  std::vector<Event> window;  // the events of the current turn
  std::string after = "setup";
  auto fail = [&](const SpecStep& step, const std::string& expected, const std::string& actual) {
    if (res.failures.empty()) {
      res.board = draw_board(s);
      res.board_svg = draw_board_svg(s);
    }
    res.failures.push_back(
        {spec.pos(step.at), step.text, expected, actual, after, bindings_text(step.under)});
    res.outcome = SpecOutcome::Fail;
  };
  for (size_t i = 0; i < spec.steps.size(); ++i) {
    const SpecStep& step = spec.steps[i];
    if (!bindings_hold(g, step.under)) {
      if (step.kind == SpecStep::Expect) ++res.skipped;
      continue;
    }
    if (step.kind == SpecStep::Expect) {
      bool replaced = false;
      for (int k : replaced_by[i])
        replaced = replaced || bindings_hold(g, spec.steps[static_cast<size_t>(k)].under);
      if (replaced) {
        ++res.skipped;
        continue;
      }
      ++res.checked;
      const Evaluation ev(spec, g, s, step.expect, window);
      Check c = ev.run();
      if (tracer && ev.refusal())
        res.trace.push_back(
            tracer->refused(ev.refusal()->kind, step.text, ev.refusal()->why, step.at.line));
      if (!c.ok) fail(step, c.expected, c.actual);
      continue;
    }
    std::string err;  // resolved once, by the engine; a name naming nothing is an ERROR
    std::optional<Action> a = resolve_action(s, step.action, err);
    check_action_targets(spec, s, step.action, step.at, a, err);
    std::optional<std::string> why;
    if (!a)
      why = err;
    else {
      if (a->kind == ActionKind::Draw && s.phase() == Phase::Draw) window.clear();
      why = s.apply(*a);
    }
    if (why && tracer)
      res.trace.push_back(tracer->refused(a ? std::optional(a->kind) : std::nullopt, step.text,
                                          *why, step.at.line));
    if (why) {
      fail(step, "accepted",
           "refused: " + *why + " (phase " + phase_name(s.phase()) + ": the game waits for " +
               s.waiting_for() + "; legal now: " + legal_now(s) + ")");
      return;  // the rest of the spec builds on this action
    }
    window.insert(window.end(), s.events().begin(), s.events().end());
    if (tracer) res.trace.push_back(tracer->accepted(s, step.text, step.at.line));
    after = "'" + step.text + "' (line " + std::to_string(step.at.line) + ")";
  }
}

}  // namespace

std::string event_as_spec_text(const State& s, const Event& e) { return event_text(s, e); }

SpecResult run_spec(const SpecFile& spec, const SpecRunOptions& options,
                    const std::string& matrix_variant) {
  SpecResult res;
  res.path = spec.file;
  res.title = spec.title;
  for (const Citation& c : spec.cites) res.cites.push_back(c.text);
  res.variant = matrix_variant;
  const Library& lib = options.library ? *options.library : Library::shipped();
  try {
    Built b = build_game(spec, lib, options.forced, matrix_variant, options.room);
    res.rules = b.game->rules().name;
    play(spec, *b.game, res, options.trace);
  } catch (const InputError& e) {
    res.outcome = SpecOutcome::Error;
    res.error = e.what();
  } catch (const std::exception& e) {  // an engine or data failure: report, do not crash the run
    res.outcome = SpecOutcome::Error;
    res.error = spec.file + ": " + e.what();
  }
  return res;
}

SpecStart start_spec(const SpecFile& spec, const SpecRunOptions& options) {
  const Library& lib = options.library ? *options.library : Library::shipped();
  Built b = build_game(spec, lib, options.forced, "", options.room);
  SpecStart start;
  start.game = std::move(b.game);
  auto state = std::make_unique<State>(*start.game, spec.seed);
  SetupRun(spec, *start.game, *state).run();
  start.state = std::move(state);
  return start;
}

SpecResult run_spec_file(const std::string& path, const std::string& name,
                         const SpecRunOptions& options) {
  try {
    SpecFile spec = load_spec(path);
    SpecResult r = run_spec(spec, options);
    r.name = name;
    return r;
  } catch (const InputError& e) {
    SpecResult r;
    r.path = path;
    r.name = name;
    r.outcome = SpecOutcome::Error;
    r.error = e.what();
    return r;
  }
}

namespace {

// The text a --matrix run selects for value `name` of switch `key`: the parameter the spec
// itself gives that value (`variant board-bounds=table-edge:3x1`), else the engine's example.
std::string matrix_value(const SpecFile& spec, const std::string& key, const std::string& name) {
  auto own = [&](const VariantBinding& b) {
    return b.key == key && b.value.substr(0, b.value.find(':')) == name &&
           b.value.find(':') != std::string::npos;
  };
  for (const VariantBinding& b : spec.variants)
    if (own(b)) return b.value;
  for (const SpecStep& st : spec.steps)
    for (const VariantBinding& b : st.under)
      if (own(b)) return b.value;
  return runnable_value(key, name);
}

}  // namespace

std::vector<std::string> matrix_runs(const SpecFile& spec, const SpecRunOptions& options) {
  const Library& lib = options.library ? *options.library : Library::shipped();
  std::vector<std::string> keys;
  auto add = [&](const std::string& k) {
    for (const std::string& f : options.forced)
      if (key_of(f) == k) return;
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  };
  for (const VariantBinding& v : spec.variants) add(v.key);
  for (const SpecStep& s : spec.steps)
    for (const VariantBinding& v : s.under) add(v.key);
  std::vector<std::string> runs;
  try {
    RuleSet rules = find_rule_set(lib.rule_sets, rule_set_name(spec));
    for (const std::string& k : keys)
      if (const VariantSwitch* sw = find_switch(rules, k))
        for (const std::string& v : sw->values)
          if (sw->implemented(v))  // the others cannot be selected
            runs.push_back(k + "=" + matrix_value(spec, k, v));
  } catch (const std::exception&) {
    // The run reports the problem.
  }
  if (runs.empty()) runs.push_back("");
  return runs;
}

void check_forced_variant(const Library& lib, const std::string& kv) {
  size_t eq = kv.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == kv.size())
    throw std::invalid_argument("--variant takes key=value, such as coop-scoring=majority, not '" +
                                kv + "'");
  std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
  std::vector<std::string> ids;
  for (const RuleSet& r : lib.rule_sets)
    for (const VariantSwitch& v : r.variants) {
      if (std::find(ids.begin(), ids.end(), v.id) == ids.end()) ids.push_back(v.id);
      if (v.id != key) continue;
      if (v.index_of(value) < 0)
        throw std::invalid_argument("variant '" + key + "' has no value '" + value +
                                    "' (its values: " + joined(v.values) + ")");
      if (!v.implemented(value))
        throw std::invalid_argument("variant " + kv +
                                    " is not implemented in the engine yet (levels.yaml marks it "
                                    "'not-implemented')");
      if (auto why = switch_value_problem(key, value))
        throw std::invalid_argument("variant " + *why);
      return;
    }
  std::string near = closest_name(key, ids);
  throw std::invalid_argument("no rule set has a variant '" + key + "'" +
                              (near.empty() ? "" : " (did you mean '" + near + "'?)"));
}

}  // namespace carcheck
