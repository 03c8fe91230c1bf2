// Replaying a logged game (gamelog/replay.h): each logged turn is turned into carcheck's
// frame and its actions, applied, and compared.
#include "gamelog/replay.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "dsl/action_parser.h"
#include "engine/bcb.h"
#include "engine/notation.h"
#include "gamelog/log_write.h"
#include "render/board_art.h"

namespace carcheck {

const char* disagreement_name(Disagreement d) {
  static const char* names[kDisagreementKinds] = {
      "refused",          "score", "final-score", "legal-placements", "legal-followers", "order",
      "missing-decision", "end",   "legal-bids"};
  return names[static_cast<int>(d)];
}

const char* after_finding_name(AfterFinding a) {
  static const char* names[kAfterFindingModes] = {"stop", "rules", "as-logged"};
  return names[static_cast<int>(a)];
}

namespace {

// The log's frame against carcheck's: carcheck puts the start tile at 0,0, x east, y south,
// rotations clockwise.
struct Frame {
  int sx = 0, sy = 0;
  bool up = false, ccw = false;
  int x(int lx) const { return lx - sx; }
  int y(int ly) const { return up ? sy - ly : ly - sy; }
  int rot(int r) const { return ccw ? (4 - r) % 4 : r; }
  int log_x(int cx) const { return cx + sx; }
  int log_y(int cy) const { return up ? sy - cy : cy + sy; }
  int log_rot(int r) const { return rot(r); }  // its own inverse
};

bool has_coordinates(ActionKind k) {
  switch (k) {
    case ActionKind::Place:
    case ActionKind::RemoveGhosts:
    case ActionKind::ExtraGhost:
    case ActionKind::HoundClear:
    case ActionKind::FaceDown:
    case ActionKind::Bridge:
    case ActionKind::CastleScore:
    case ActionKind::ScoreFirst:
    case ActionKind::EmptySymbol:
    case ActionKind::HauntGhost:
      return true;
    default:
      return false;
  }
}

std::string xy(int x, int y) { return fmt::format("{},{}", x, y); }

std::string listed(const std::vector<std::string>& items) {
  std::string out;
  const size_t shown = std::min<size_t>(items.size(), 6);
  for (size_t i = 0; i < shown; ++i) out += (i ? ", " : "") + items[i];
  if (items.size() > shown) out += fmt::format(", ... ({} in all)", items.size());
  return out;
}

// A cell's face as a comparable value: segments and mist areas are sorted (two rotations
// of a symmetric tile may list them in another order), a field's bordering cities named by
// their ports rather than their index.
using FaceKey = std::vector<int>;

FaceKey face_key(const CellFace& f) {
  std::vector<std::array<int, 6>> segs;
  for (int i = 0; i < f.n_segments; ++i) {
    const Segment& g = f.segments[static_cast<size_t>(i)];
    int borders = 0;  // the union of the bordered cities' ports
    for (int c = 0; c < f.n_segments; ++c)
      if (g.borders & (1u << c)) borders |= f.segments[static_cast<size_t>(c)].ports;
    segs.push_back({static_cast<int>(g.kind), g.ports, g.links, g.shields, g.flags, borders});
  }
  std::sort(segs.begin(), segs.end());
  std::vector<std::array<int, 2>> mist;
  for (int i = 0; i < f.n_mist; ++i)
    mist.push_back({f.mist[static_cast<size_t>(i)].ports, f.mist[static_cast<size_t>(i)].ghosts});
  std::sort(mist.begin(), mist.end());
  FaceKey k = {f.dx, f.dy, f.marks, f.centre >= 0 ? 1 : 0};
  for (Terrain t : f.sides) k.push_back(static_cast<int>(t));
  for (const auto& s : segs) k.insert(k.end(), s.begin(), s.end());
  for (const auto& m : mist) k.insert(k.end(), m.begin(), m.end());
  return k;
}

std::vector<FaceKey> tile_key(const TileType& tile, int r) {
  std::vector<FaceKey> cells;
  for (const CellFace& f : tile.rot[static_cast<size_t>(r)]) cells.push_back(face_key(f));
  std::sort(cells.begin(), cells.end());
  return cells;
}

class Replayer {
 public:
  Replayer(const GameLog& g, const Game& game, const ReplayOptions& o)
      : g_(g), game_(game), o_(o), f_{g.start_x, g.start_y, g.y_up, g.counterclockwise} {
    res_.line = g.line;
    res_.writer = g.writer;
    res_.rules = game.rules().name;
    res_.players = game.players();
    s_ = std::make_unique<State>(game, g.seed.value_or(0));
    for (size_t t = 0; t < g.start_scores.size(); ++t)
      s_->setup_score(static_cast<int>(t), g.start_scores[t]);
    // Who began is a matter of seating, not of the rules: the log says it.
    if (!g.turns.empty()) s_->setup_active_player(g.turns.front().player);
  }

  // A tile's rotation: the log's (its own rotation 0, its rotation sense) to carcheck's, and
  // back. tile_rotations turns the writer's picture of the tile onto carcheck's.
  int crot(TileId tile, int r) const {
    return f_.rot((r + offset_[static_cast<size_t>(tile)]) % kRotations);
  }
  int lrot(TileId tile, int r) const {
    return (f_.log_rot(r) + kRotations - offset_[static_cast<size_t>(tile)]) % kRotations;
  }

  ReplayResult run(int upto, std::unique_ptr<State>* out) {
    offset_.assign(game_.tiles().size(), 0);
    for (const auto& [name, turns] : g_.tile_rotations) {
      const TileId id = game_.find_tile(name);
      if (id < 0) {
        found(Disagreement::Refused, 0,
              fmt::format("tile_rotations names '{}', which is no tile of this rule set", name));
        if (out) *out = std::move(s_);
        return std::move(res_);
      }
      offset_[static_cast<size_t>(id)] = turns;
    }
    if (!scoring_choice()) {
      if (out) *out = std::move(s_);
      return std::move(res_);
    }
    const int n = upto < 0 ? static_cast<int>(g_.turns.size())
                           : std::min(upto, static_cast<int>(g_.turns.size()));
    bool stopped = false;
    for (int i = 0; i < n && !stopped; ++i) {
      stopped = !entry(i);
      res_.turns = i + 1;
    }
    if (!stopped && upto < 0 && !g_.partial) ending();
    if (out) *out = std::move(s_);
    return std::move(res_);
  }

 private:
  // Mists Level 6: the team's choice of scoring colours before the first draw (the header's
  // scoring_meeples). With 3 colours in play there is one way, taken by the rules: a header
  // naming it is checked. false: the replay cannot go on.
  bool scoring_choice() {
    const std::vector<std::string>& named = g_.scoring_meeples;
    if (s_->phase() != Phase::ScoringMeeples) {
      if (named.empty()) return true;
      std::vector<std::string> have;
      for (int c : s_->mists().scorers) have.emplace_back(s_->game().colour_name(c));
      std::vector<std::string> want = named;
      std::sort(want.begin(), want.end());
      std::sort(have.begin(), have.end());
      if (want == have) return true;
      return refused(0, "scoring-meeples", "no choice of scoring colours is open",
                     have.empty() ? fmt::format("scoring_meeples: {} has no scoring meeples to "
                                                "choose (Level 6 only)",
                                                game_.rules().name)
                                  : "scoring_meeples: with these colours in play the scoring "
                                    "meeples are the rules' own, not a choice");
    }
    if (named.empty()) {
      pending_.reason = s_->waiting_for();
      found(Disagreement::Missing, 0,
            "the rules wait for the team's choice of scoring colours (Level 6): the header "
            "needs scoring_meeples (docs/game-log.md)");
      return false;
    }
    ActionSyntax a;
    a.kind = ActionKind::ScoringMeeples;
    a.colours = named;
    std::string error;
    std::optional<Action> act = resolve_action(*s_, a, error);
    std::string text = "scoring-meeples";
    for (const std::string& c : named) text += " " + c;
    std::optional<std::string> why = act ? apply(*act) : error;
    if (!why) return true;
    refused(0, text, *why, "scoring_meeples: " + *why);
    return false;  // the rest needs the tracks
  }

  // false: the replay of this game cannot go on.
  // The finding's typed fields come from `pending_`, filled just before.
  bool found(Disagreement k, int turn, const std::string& detail, bool board = false) {
    Finding f = std::move(pending_);
    pending_ = Finding{};
    f.kind = k;
    f.turn = turn;
    f.detail = detail;
    if (board) f.board = draw_board(*s_);
    res_.findings.push_back(std::move(f));
    return o_.after_finding != AfterFinding::Stop;
  }

  bool refused(int turn, const std::string& action, const std::string& reason,
               const std::string& detail, bool board = false) {
    pending_.action = action;
    pending_.reason = reason;
    return found(Disagreement::Refused, turn, detail, board);
  }

  FindingEvent typed(const Event& e) const {
    const EventFields& f = event_fields(e.kind);
    FindingEvent out;
    out.event = f.name;
    if (e.feature != FeatureClass::None) out.feature = feature_class_name(e.feature);
    if (f.who) out.who_is = f.who, out.who = e.who;
    if (f.at) out.at = true, out.x = f_.log_x(e.x), out.y = f_.log_y(e.y);
    if (f.value) out.value_is = f.value, out.value = e.value;
    if (f.extra) out.extra_is = f.extra, out.extra = e.extra;
    return out;
  }

  std::optional<std::string> apply(const Action& a) {
    if (o_.on_step) return apply_traced(a);
    std::optional<std::string> why = s_->apply(a);
    if (!why)
      for (const Event& e : s_->events()) turn_events_.push_back(e);
    return why;
  }

  // apply(), telling on_step what was applied or refused.
  std::optional<std::string> apply_traced(const Action& a) {
    ReplayStep step;
    step.turn = turn_;
    step.action = action_text(*s_, a);
    step.kind = a.kind;
    std::optional<std::string> why = s_->apply(a);
    if (!why)
      for (const Event& e : s_->events()) turn_events_.push_back(e);
    step.state = s_.get();
    step.refused = why.has_value();
    step.reason = why.value_or("");
    o_.on_step(step);
    return why;
  }

  bool entry(int i) {
    const LogTurn& t = g_.turns[static_cast<size_t>(i)];
    const int turn = i + 1;
    turn_ = turn;
    turn_events_.clear();
    if (s_->is_terminal())
      return found(
          Disagreement::End, turn,
          fmt::format("the game is over by the rules ({}), but the log goes on with {} more "
                      "turn(s)",
                      end_reason_text(s_->end_reason()), g_.turns.size() - static_cast<size_t>(i)));
    const Phase want = t.bazaar ? Phase::Place : Phase::Draw;
    if (s_->phase() != want)
      return found(Disagreement::Missing, turn,
                   fmt::format("the log starts a {}turn while the rules wait for {}",
                               t.bazaar ? "bazaar tile's " : "", s_->waiting_for()));
    if (s_->active_player() != t.player) {
      pending_.log_seat = t.player;
      pending_.rules_seat = s_->active_player();
      return found(Disagreement::Order, turn,
                   fmt::format("the log's turn is seat {}'s, the rules say seat {}'s", t.player,
                               s_->active_player()));
    }
    Action draw;
    draw.kind = ActionKind::Draw;
    draw.tile = game_.find_tile(t.tile);
    if (draw.tile < 0)
      return refused(turn, "draw " + t.tile, "not in this rule set",
                     fmt::format("tile '{}' is not in this rule set", t.tile));
    if (t.bazaar) {  // BCB: the tile won in the bazaar is in hand already
      if (s_->drawn() != draw.tile)
        return found(Disagreement::Refused, turn,
                     fmt::format("the log places {} as a bazaar tile; the rules give seat {} {}",
                                 t.tile, s_->active_player(), game_.tile(s_->drawn()).name));
    } else if (auto why = apply(draw)) {
      return refused(turn, "draw " + t.tile, *why, fmt::format("draw {}: {}", t.tile, *why));
    }
    // The draw set this very tile aside (a bazaar tile's turn has no draw of its own: the
    // events then are the auction's, perhaps another player's unplaceable tile).
    bool set_aside = false;
    if (!t.bazaar)
      for (const Event& e : s_->events())
        set_aside = set_aside || (e.kind == EventKind::TileSetAside && e.value == draw.tile);
    if (t.discard) {
      // What follows a set-aside tile in its turn (BCB: a bazaar held anyway) is in `actions`.
      if (set_aside) return steps(t, turn) && scores(t, turn);
      Action d;
      d.kind = ActionKind::Discard;
      if (s_->phase() == Phase::Place && !apply(d)) return steps(t, turn) && scores(t, turn);
      return found(Disagreement::Refused, turn,
                   fmt::format("the log sets {} aside, but it fits (for example {})", t.tile,
                               first_placement()),
                   true);
    }
    if (set_aside)
      return found(
          Disagreement::Refused, turn,
          fmt::format("the rules set {} aside (it fits nowhere), the log places it at {} r{}",
                      t.tile, xy(t.x, t.y), t.rotation),
          true);
    if (t.legal_placements && !compare_placements(t, turn, draw.tile)) return false;
    if (t.legal && !compare_moves(t, turn, draw.tile)) return false;
    if (!t.placed) {  // the rules took the tile over (a face-down tile, the game's end)
      if (s_->phase() == Phase::Place)
        return found(
            Disagreement::Missing, turn,
            fmt::format("the log does not place {}, and the rules wait for its placement", t.tile));
      if (!steps(t, turn)) return false;
      return scores(t, turn);
    }
    Action place;
    place.kind = ActionKind::Place;
    place.tile = draw.tile;
    place.x = static_cast<int16_t>(f_.x(t.x));
    place.y = static_cast<int16_t>(f_.y(t.y));
    place.rot = static_cast<int8_t>(crot(draw.tile, t.rotation));
    if (t.bridge_at)
      place.count = static_cast<int8_t>(bridge_code(*t.bridge_at, t.bridge_axis, place));
    if (auto why = apply(place)) {
      const std::string placed =
          fmt::format("place {} at {} r{}", t.tile, xy(t.x, t.y), t.rotation);
      return refused(turn, placed, *why, placed + ": " + *why + fits_turned(t, place, turn), true);
    }
    if (!steps(t, turn)) return false;
    return scores(t, turn);
  }

  int bridge_code(const std::array<int, 2>& at, const std::string& axis_name,
                  const Action& place) const {
    const int bx = f_.x(at[0]), by = f_.y(at[1]);
    const int axis = axis_name == "N-S" ? 0 : 1;
    if (bx == place.x && by == place.y) return kPlaceBridgeSelf + axis;
    for (int side = 0; side < kSides; ++side)
      if (place.x + kDx[side] == bx && place.y + kDy[side] == by) return kPlaceBridgeBeside + side;
    return kPlaceBridgeCodes;  // refused by the engine with its reason
  }

  // same_placement_rotation, worked out once per tile of the game.
  int same_rotation(TileId tile, const TileType& type, int r) {
    if (same_.empty()) same_.assign(game_.tiles().size(), {-1, -1, -1, -1});
    std::array<int8_t, kRotations>& known = same_[static_cast<size_t>(tile)];
    if (known[0] < 0)
      for (int q = 0; q < kRotations; ++q)
        known[static_cast<size_t>(q)] = static_cast<int8_t>(same_placement_rotation(type, q));
    return known[static_cast<size_t>(r)];
  }

  // Rotations that look shifted: the writer's tile faces another way than carcheck's.
  static std::string rotation_hint(const std::string& tile, int turn, int k) {
    return fmt::format(
        "rotations at turn {0} look {1} quarter turn(s) off: does your tile {2} face another "
        "way than carcheck's? `carcheck tiles --json` prints carcheck's shapes; the header's "
        "tile_rotations {{\"{2}\": {1}}} declares the turn",
        turn, k, tile);
  }

  // A refused placement that fits at the same place in another rotation: the hint above.
  std::string fits_turned(const LogTurn& t, const Action& place, int turn) const {
    ActionList legal;
    s_->legal_actions(legal);
    for (int k = 1; k < kRotations; ++k)
      for (const Action& a : legal)
        if (a.kind == ActionKind::Place && a.count == place.count && a.x == place.x &&
            a.y == place.y && lrot(a.tile, a.rot) == (t.rotation + k) % kRotations)
          return fmt::format(" (it fits there in r{}; {})", (t.rotation + k) % kRotations,
                             rotation_hint(t.tile, turn, k));
    return "";
  }

  std::string first_placement() const {
    ActionList legal;
    s_->legal_actions(legal);
    for (const Action& a : legal)
      if (a.kind == ActionKind::Place)
        return fmt::format("{} r{}", xy(f_.log_x(a.x), f_.log_y(a.y)), lrot(a.tile, a.rot));
    return "?";
  }

  // Compared as distinct placements: two rotations of a symmetric tile that show the same
  // face are one placement (same_placement_rotation). A set that lists one of them and not
  // the other is a note, not a disagreement.
  bool compare_placements(const LogTurn& t, int turn, TileId tile) {
    ActionList legal;
    s_->legal_actions(legal);
    const TileType& type = game_.tile(tile);
    std::array<int, kRotations> same{};  // the log's rotation r is the same placement as same[r]
    for (int r = 0; r < kRotations; ++r)
      same[static_cast<size_t>(r)] = lrot(tile, same_rotation(tile, type, crot(tile, r)));
    const auto distinct = [&](const std::array<int, 3>& p) {
      return std::array<int, 3>{p[0], p[1], same[static_cast<size_t>(p[2] & 3)]};
    };
    const auto text = [](const std::array<int, 3>& p) {
      return fmt::format("{} r{}", xy(p[0], p[1]), p[2]);
    };
    std::set<std::array<int, 3>> rules_all,
        writer_all(t.legal_placements->begin(), t.legal_placements->end());
    for (const Action& a : legal)
      if (a.kind == ActionKind::Place && a.count == 0)
        rules_all.insert({f_.log_x(a.x), f_.log_y(a.y), lrot(tile, a.rot)});
    std::set<std::array<int, 3>> rules, writer;
    for (const auto& p : rules_all) rules.insert(distinct(p));
    for (const auto& p : writer_all) writer.insert(distinct(p));
    // The writer's own move generator and its move disagree, whatever the rules say.
    if (t.placed && !t.bridge_at && !writer.count(distinct({t.x, t.y, t.rotation})))
      return found(
          Disagreement::LegalPlacements, turn,
          fmt::format("the log places {} at {}, which its own legal_placements do not list", t.tile,
                      text({t.x, t.y, t.rotation})),
          true);
    std::vector<std::string> extra, missed, twins;
    for (const auto& p : writer_all)
      if (!rules.count(distinct(p))) extra.push_back(text(p));
    for (const auto& p : rules_all) {
      if (!writer.count(distinct(p)))
        missed.push_back(text(p));
      else if (!writer_all.count(p))
        twins.push_back(text(p));
    }
    if (!twins.empty())
      res_.notes.push_back({turn, fmt::format("legal placements of {}: the log lists another "
                                              "rotation of the same placement (a symmetric "
                                              "tile), not: {}",
                                              t.tile, listed(twins))});
    if (extra.empty() && missed.empty()) return true;
    for (const auto& p : writer_all)
      if (!rules.count(distinct(p))) pending_.placements_log_only.push_back(p);
    for (const auto& p : rules_all)
      if (!writer.count(distinct(p))) pending_.placements_rules_only.push_back(p);
    std::string detail = "legal placements of " + t.tile + ":";
    if (!extra.empty()) detail += " the log allows what the rules forbid: " + listed(extra) + ";";
    if (!missed.empty()) detail += " the rules allow what the log misses: " + listed(missed) + ";";
    detail.pop_back();
    // The writer's whole set, turned by k quarter turns, is the rules' set: its picture of the
    // tile faces another way than carcheck's.
    for (int k = 1; k < kRotations; ++k) {
      std::set<std::array<int, 3>> shifted;
      for (const auto& p : writer_all)
        shifted.insert({p[0], p[1], same[static_cast<size_t>((p[2] + k) % kRotations)]});
      if (shifted == rules) {
        detail += " (" + rotation_hint(t.tile, turn, k) + ")";
        break;
      }
    }
    return found(Disagreement::LegalPlacements, turn, detail, true);
  }

  // Version 2's legal_bids at the decision `actions[index]`: the writer's ranges against the
  // rules' (legal_bid_ranges), as sets of ranges.
  bool compare_bids(const LogTurn& t, int turn, size_t index) {
    const LogBids* logged = nullptr;
    for (const LogBids& b : *t.legal_bids)
      if (static_cast<size_t>(b.action) == index) logged = &b;
    if (!logged) return true;
    std::optional<std::vector<LogBidRange>> rules = legal_bid_ranges(*s_);
    if (!rules)
      return found(Disagreement::LegalBids, turn,
                   fmt::format("the log lists legal bids at '{}', but the rules wait for {}",
                               t.actions[index], s_->waiting_for()),
                   true);
    auto key = [](const LogBidRange& a, const LogBidRange& b) {
      return std::tie(a.tile, a.from, a.to) < std::tie(b.tile, b.from, b.to);
    };
    std::vector<LogBidRange> log = logged->ranges;
    std::sort(log.begin(), log.end(), key);
    std::sort(rules->begin(), rules->end(), key);
    if (log == *rules) return true;
    return found(Disagreement::LegalBids, turn,
                 fmt::format("legal bids at '{}': the log says {}; the rules say {}",
                             t.actions[index], bids_text(log), bids_text(*rules)),
                 true);
  }

  static std::string bids_text(const std::vector<LogBidRange>& v) {
    if (v.empty()) return "no bid";
    std::string s;
    for (const LogBidRange& r : v) {
      if (!s.empty()) s += ", ";
      s += r.tile.empty() ? fmt::format("bid {}", r.from)
                          : fmt::format("select {} {}", r.tile, r.from);
      if (!r.to)
        s += "+";
      else if (*r.to != r.from)
        s += fmt::format("-{}", *r.to);
    }
    return s;
  }

  // Compared as features, not as words: any port of a feature names it (road:W and road:E
  // are one straight road), as in `follower`.
  bool compare_followers(const LogTurn& t, int turn) {
    std::set<std::pair<int, int>> writer;
    std::vector<std::string> extra, missed;
    follower_diff(*s_, *t.legal_followers, writer, extra, missed);
    // The follower the log plays must be one of its own: a writer whose move generator and
    // player disagree is told so, whatever the rules say.
    if (!plays_own_follower(*s_, t, writer))
      return found(Disagreement::LegalFollowers, turn,
                   "the log plays " + (t.follower ? t.follower->feature : std::string("none")) +
                       ", which its own legal_followers do not list",
                   true);
    if (extra.empty() && missed.empty()) return true;
    pending_.followers_log_only = extra;
    pending_.followers_rules_only = missed;
    std::string detail = "legal followers:";
    if (!extra.empty()) detail += " the log allows what the rules forbid: " + listed(extra) + ";";
    if (!missed.empty()) detail += " the rules allow what the log misses: " + listed(missed) + ";";
    detail.pop_back();
    return found(Disagreement::LegalFollowers, turn, detail, true);
  }

  // The writer's follower options `listed` against the rules' in `s` (its follower step):
  // what it allows that the rules forbid, what the rules allow that it misses.
  static void follower_diff(const State& s, const std::vector<std::string>& listed,
                            std::set<std::pair<int, int>>& writer, std::vector<std::string>& extra,
                            std::vector<std::string>& missed) {
    ActionList legal;
    s.legal_actions(legal);
    std::map<std::pair<int, int>, std::string> rules;  // (segment, colour); Pass: (-1, -1)
    for (const Action& a : legal) {
      if (a.kind == ActionKind::Pass) rules[{-1, -1}] = "none";
      if (a.kind == ActionKind::Meeple) rules[{a.seg, a.colour}] = follower_text(s, a);
    }
    for (const std::string& f : listed) {
      if (f == "none") {
        writer.insert({-1, -1});
        continue;
      }
      std::string error;
      std::optional<Action> a = parse_action(s, "meeple " + f, error);
      if (!a) {
        extra.push_back(f + " (" + error + ")");
        continue;
      }
      writer.insert({a->seg, a->colour});
    }
    for (const auto& key : writer) {
      if (rules.count(key)) continue;
      Action m;
      m.kind = ActionKind::Meeple;
      m.seg = static_cast<int8_t>(key.first);
      m.colour = static_cast<int8_t>(key.second);
      extra.push_back(key.first < 0 ? "none" : follower_text(s, m));
    }
    for (const auto& [key, text] : rules)
      if (!writer.count(key)) missed.push_back(text);
  }

  // The turn's follower (none for null) is among the writer's options (a follower the rules
  // cannot even name is left to the follower step to refuse).
  static bool plays_own_follower(const State& s, const LogTurn& t,
                                 const std::set<std::pair<int, int>>& writer) {
    std::pair<int, int> played{-1, -1};
    if (t.follower) {
      std::string error;
      std::optional<Action> a = parse_action(s, "meeple " + t.follower->feature, error);
      if (!a) return true;
      played = {a->seg, a->colour};
    }
    return writer.count(played) > 0;
  }

  // Version 2's `legal`: the placements as legal_placements are compared (those with a
  // bridge, BCB, exactly, as placements with that bridge), then at every listed placement the
  // rules allow, its followers, on a copy of the game with that placement made.
  bool compare_moves(const LogTurn& t, int turn, TileId tile) {
    LogTurn plain = t;  // the placements without a bridge, as legal_placements
    plain.legal_placements.emplace();
    for (const LogMove& m : *t.legal)
      if (!m.bridge_at) plain.legal_placements->push_back({m.x, m.y, m.rotation});
    if (t.bridge_at) plain.placed = false;  // the turn's own placement is one with a bridge
    if (!compare_placements(plain, turn, tile)) return false;
    ActionList legal;
    s_->legal_actions(legal);
    std::set<std::array<int, 4>> rules_bridged, writer_bridged;  // x, y, rotation, bridge code
    for (const Action& a : legal)
      if (a.kind == ActionKind::Place && a.count != 0)
        rules_bridged.insert({f_.log_x(a.x), f_.log_y(a.y), lrot(tile, a.rot), a.count});
    std::vector<std::string> extra, missed;
    for (const LogMove& m : *t.legal) {
      if (!m.bridge_at) continue;
      Action place = placement(tile, m.x, m.y, m.rotation);
      place.count = static_cast<int8_t>(bridge_code(*m.bridge_at, m.bridge_axis, place));
      writer_bridged.insert({m.x, m.y, m.rotation, place.count});
      if (!rules_bridged.count({m.x, m.y, m.rotation, place.count})) extra.push_back(move_text(m));
    }
    for (const auto& b : rules_bridged)
      if (!writer_bridged.count(b))
        missed.push_back(fmt::format("{} r{} with a bridge", xy(b[0], b[1]), b[2]));
    if (!extra.empty() || !missed.empty()) {
      std::string detail = "legal placements of " + t.tile + " with a bridge:";
      if (!extra.empty()) detail += " the log allows what the rules forbid: " + listed(extra) + ";";
      if (!missed.empty())
        detail += " the rules allow what the log misses: " + listed(missed) + ";";
      detail.pop_back();
      return found(Disagreement::LegalPlacements, turn, detail, true);
    }
    // The followers of every placement: made on a copy of the game.
    for (const LogMove& m : *t.legal) {
      if (!m.followers) continue;
      Action place = placement(tile, m.x, m.y, m.rotation);
      if (m.bridge_at)
        place.count = static_cast<int8_t>(bridge_code(*m.bridge_at, m.bridge_axis, place));
      const bool own = t.placed && m.x == t.x && m.y == t.y && m.rotation == t.rotation &&
                       m.bridge_at == t.bridge_at &&
                       (!m.bridge_at || m.bridge_axis == t.bridge_axis);
      if (own && !t.actions.empty() && t.actions.front().rfind("bridge ", 0) == 0) {
        res_.notes.push_back(
            {turn, "legal followers at " + move_text(m) +
                       " not compared: the turn built a bridge in its bridge "
                       "step, and a placement's followers are listed without one"});
        continue;
      }
      State after = *s_;
      if (after.apply(place)) continue;
      if (!to_follower_step(after)) {
        res_.notes.push_back({turn, "legal followers at " + move_text(m) +
                                        " not compared: the rules ask first for " +
                                        after.waiting_for()});
        continue;
      }
      std::set<std::pair<int, int>> writer;
      std::vector<std::string> fx, fm;
      follower_diff(after, *m.followers, writer, fx, fm);
      if (own && t.has_follower_step && !plays_own_follower(after, t, writer))
        return found(Disagreement::LegalFollowers, turn,
                     "the log plays " + (t.follower ? t.follower->feature : std::string("none")) +
                         ", which its own followers at " + move_text(m) + " do not list",
                     true);
      if (fx.empty() && fm.empty()) continue;
      pending_.followers_log_only = fx;
      pending_.followers_rules_only = fm;
      std::string detail = "legal followers at " + move_text(m) + ":";
      if (!fx.empty()) detail += " the log allows what the rules forbid: " + listed(fx) + ";";
      if (!fm.empty()) detail += " the rules allow what the log misses: " + listed(fm) + ";";
      detail.pop_back();
      return found(Disagreement::LegalFollowers, turn, detail, true);
    }
    return true;
  }

  // From a placement made on a copy to its follower step, through the decisions that cannot
  // change which followers the tile allows: no bridge built in the bridge step (BCB: the
  // followers listed for a placement are those without a further bridge), and where ghosts
  // go (Mists: empty-symbol, haunt, extra-ghost). false: another decision comes first (a
  // burial may free a feature) or the turn has no follower step.
  static bool to_follower_step(State& s) {
    ActionList legal;
    for (int guard = 0; guard < 32 && s.phase() != Phase::Meeple; ++guard) {
      Action a;
      switch (s.phase()) {
        case Phase::Bridge:
          a.kind = ActionKind::Pass;
          break;
        case Phase::EmptySymbol:
        case Phase::HauntGhost:
        case Phase::ExtraGhost:
          s.legal_actions(legal);
          if (legal.size == 0) return false;
          a = legal.items[0];
          break;
        default:
          return false;
      }
      if (s.apply(a)) return false;
    }
    return s.phase() == Phase::Meeple;
  }

  Action placement(TileId tile, int x, int y, int rotation) const {
    Action place;
    place.kind = ActionKind::Place;
    place.tile = tile;
    place.x = static_cast<int16_t>(f_.x(x));
    place.y = static_cast<int16_t>(f_.y(y));
    place.rot = static_cast<int8_t>(crot(tile, rotation));
    return place;
  }

  static std::string move_text(const LogMove& m) {
    std::string s = fmt::format("{} r{}", xy(m.x, m.y), m.rotation);
    if (m.bridge_at)
      s += fmt::format(" bridge {} {}", xy((*m.bridge_at)[0], (*m.bridge_at)[1]), m.bridge_axis);
    return s;
  }

  // The follower step and every other decision, until the turn is over.
  bool steps(const LogTurn& t, int turn) {
    size_t next = 0;
    bool follower_done = !t.has_follower_step;
    while (!s_->is_terminal()) {
      if (s_->phase() == Phase::Meeple && !follower_done) {
        follower_done = true;
        if (t.legal_followers && !compare_followers(t, turn)) return false;
        const std::string text = t.follower ? "meeple " + t.follower->feature : "pass";
        if (!take(text, turn, false)) return false;
        // Skipped (after_finding): the follower step goes on without a follower.
        if (s_->phase() == Phase::Meeple && !take("pass", turn, false)) return false;
        continue;
      }
      if (next < t.actions.size()) {
        if (t.legal_bids && !compare_bids(t, turn, next)) return false;
        if (!take(t.actions[next++], turn, true)) return false;
        continue;
      }
      // The turn is over: the next draw, or (BCB) the next bazaar tile's turn, is the next
      // entry's.
      if (s_->phase() == Phase::Draw ||
          (s_->phase() == Phase::Place && s_->bcb().bazaar == BazaarStage::Place))
        break;
      return found(Disagreement::Missing, turn,
                   "the log's turn ends while the rules wait for " + s_->waiting_for());
    }
    if (next < t.actions.size())
      return found(Disagreement::Refused, turn,
                   fmt::format("the turn is over by the rules, but the log goes on with '{}'",
                               t.actions[next]));
    if (!follower_done && t.follower)
      return found(
          Disagreement::Refused, turn,
          fmt::format("the log places a follower ({}), but the rules offered no follower step",
                      t.follower->feature));
    return true;
  }

  // One action in the notation, coordinates in the log's frame. A refusal is a finding; when
  // the replay goes on after findings, the action is skipped.
  bool take(const std::string& text, int turn, bool in_frame) {
    std::string error;
    std::optional<ActionSyntax> syn = parse_action(text, error);
    if (!syn)
      return refused(turn, text, "not an action: " + error,
                     fmt::format("'{}' is not an action: {}", text, error));
    if (in_frame && has_coordinates(syn->kind)) {
      syn->x = f_.x(syn->x);
      syn->y = f_.y(syn->y);
    }
    // A second tile the action names: castle-score's `for x,y[:side]` (a side flips with y),
    // a removal's `and x,y`.
    if (in_frame && (syn->castle_for || (syn->from & kFromSeveralTiles))) {
      syn->bx = f_.x(syn->bx);
      syn->by = f_.y(syn->by);
      if (f_.up && (syn->castle_side == 0 || syn->castle_side == 2))
        syn->castle_side = 2 - syn->castle_side;
    }
    if (in_frame && !syn->meeple.supply && !syn->meeple.colour.empty()) {
      syn->meeple.x = f_.x(syn->meeple.x);
      syn->meeple.y = f_.y(syn->meeple.y);
    }
    std::optional<Action> a = resolve_action(*s_, *syn, error);
    if (!a && syn->kind == ActionKind::Meeple) error += tile_features();
    if (!a && o_.on_step) {
      ReplayStep step;
      step.turn = turn;
      step.state = s_.get();
      step.action = text;
      step.refused = true;
      step.reason = error;
      o_.on_step(step);
    }
    std::optional<std::string> why = a ? apply(*a) : std::optional<std::string>(error);
    if (!why) return true;
    const bool go_on = refused(turn, text, *why, fmt::format("'{}': {}", text, *why), true);
    return go_on && !s_->is_terminal();
  }

  // "; the tile's features: road:W, field:Nl, ...": what a follower of the tile just placed
  // may name (whether or not the rules allow a follower there), in the follower notation.
  std::string tile_features() const {
    int cell = -1;
    for (int i = s_->cells() - 1; i >= 0 && cell < 0; --i)
      if (!s_->hidden(i)) cell = i;
    if (s_->phase() != Phase::Meeple || cell < 0) return "";
    Action m;
    m.kind = ActionKind::Meeple;
    m.colour = static_cast<int8_t>(s_->current_player());
    ActionList legal;
    s_->legal_actions(legal);
    for (const Action& a : legal)
      if (a.kind == ActionKind::Meeple) m.colour = a.colour;
    std::vector<std::string> names;
    for (int seg = 0; seg < s_->face(cell).n_segments; ++seg) {
      m.seg = static_cast<int8_t>(seg);
      const std::string text = follower_text(*s_, m);
      names.push_back(text.substr(0, text.find(' ')));
    }
    std::string out = "; the tile's features: ";
    for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
    return out;
  }

  // carcheck's scores after the turn, before the final scoring the last turn's end triggers.
  // (Into `out`, whose capacity is kept: every turn of every fuzzed game's log is compared.)
  void turn_scores(std::vector<int>& out) const {
    out.clear();
    for (int k = 0; k < s_->score_count(); ++k) {
      int v = s_->score(k).total;
      for (const Event& e : s_->events())
        if (e.kind == EventKind::FinalScored && e.who == k) v -= e.value;
      out.push_back(v);
    }
  }

  bool scores(const LogTurn& t, int turn) {
    if (!t.scores) return true;
    std::vector<int>& mine = scores_;
    turn_scores(mine);
    if (mine == *t.scores) return true;
    std::ostringstream d;
    d << "scores after the turn: the log says";
    for (int v : *t.scores) d << ' ' << v;
    d << ", the rules say";
    for (int v : mine) d << ' ' << v;
    std::string why;
    for (const Event& e : turn_events_)
      if (e.kind == EventKind::Scored) why += (why.empty() ? "" : "; ") + describe(e);
    if (!why.empty()) d << " (" << why << ")";
    pending_.log_scores = *t.scores;
    pending_.rules_scores = mine;
    for (const Event& e : turn_events_)
      if (e.kind == EventKind::Scored) pending_.scorings.push_back(typed(e));
    const bool go_on = found(Disagreement::Score, turn, d.str());
    // As logged: the log's totals from here on (a Mists track keeps the rules' scores, as its
    // thresholds are crossed by scorings, not by a number set by hand).
    if (o_.after_finding == AfterFinding::AsLogged && !game_.cooperative() &&
        static_cast<int>(t.scores->size()) == s_->score_count())
      for (int k = 0; k < s_->score_count(); ++k) {
        int final_part = 0;
        for (const Event& e : s_->events())
          if (e.kind == EventKind::FinalScored && e.who == k) final_part += e.value;
        s_->setup_score(k, (*t.scores)[static_cast<size_t>(k)] + final_part);
      }
    return go_on;
  }

  void ending() {
    if (!s_->is_terminal()) {
      found(Disagreement::End, 0,
            fmt::format("the log ends, but the game goes on by the rules ({} tile(s) left; "
                        "waiting for {})",
                        s_->tiles_remaining(), s_->waiting_for()));
      return;
    }
    if (!g_.final_scores) return;
    std::vector<int> mine;
    for (int k = 0; k < s_->score_count(); ++k) mine.push_back(s_->score(k).total);
    if (mine == *g_.final_scores) return;
    std::ostringstream d;
    d << "final scores: the log says";
    for (int v : *g_.final_scores) d << ' ' << v;
    d << ", the rules say";
    for (int v : mine) d << ' ' << v;
    std::string why;
    for (const Event& e : s_->events())
      if (e.kind == EventKind::FinalScored) why += (why.empty() ? "" : "; ") + describe(e);
    if (!why.empty()) d << " (final scoring: " << why << ")";
    pending_.log_scores = *g_.final_scores;
    pending_.rules_scores = mine;
    for (const Event& e : s_->events())
      if (e.kind == EventKind::FinalScored) pending_.scorings.push_back(typed(e));
    found(Disagreement::FinalScore, 0, d.str());
  }

  const GameLog& g_;
  const Game& game_;
  ReplayOptions o_;
  Frame f_;
  std::unique_ptr<State> s_;
  ReplayResult res_;
  std::vector<Event> turn_events_;
  std::vector<int> scores_;                           // scores(): carcheck's scores after the turn
  int turn_ = 0;                                      // the entry being replayed (1-based)
  Finding pending_;                                   // the next finding's typed fields
  std::vector<int> offset_;                           // per tile: tile_rotations
  std::vector<std::array<int8_t, kRotations>> same_;  // per tile: same_rotation(), once known
};

}  // namespace

int same_placement_rotation(const TileType& tile, int r) {
  const std::vector<FaceKey> key = tile_key(tile, r);
  for (int q = 0; q < r; ++q)
    if (tile_key(tile, q) == key) return q;
  return r;
}

std::unique_ptr<Game> log_game(const GameLog& g) {
  const Library& lib = Library::shipped();
  if (g.tiles.empty()) return make_game(lib, g.game);
  std::map<std::string, std::vector<InlineTile>> sets;
  for (const LogTileDef& d : g.tiles) sets[d.set].push_back(d.tile);
  std::vector<TileSet> overrides;
  for (const auto& [name, tiles] : sets)
    overrides.push_back(
        inline_tile_set(name, tiles, fmt::format("game log line {} tiles", g.line)));
  return make_game(lib, g.game, overrides);
}

ReplayResult replay_log(const GameLog& g, const Game& game, const ReplayOptions& o,
                        std::unique_ptr<State>* out, int upto) {
  return Replayer(g, game, o).run(upto, out);
}

}  // namespace carcheck
