#include "checker/spec_names.h"

#include <algorithm>
#include <cctype>

#include "dsl/text_list.h"
#include "engine/bcb.h"
#include "engine/room_words.h"
#include "engine/vocabulary.h"

namespace carcheck {

namespace {

std::string xy(int x, int y) { return std::to_string(x) + "," + std::to_string(y); }

}  // namespace

int colour_in_play(const SpecFile& spec, const Game& g, const std::string& name, SpecAt at) {
  const int c = g.colour_by_name(name);
  if (c >= 0 && c < g.colours()) return c;
  std::vector<std::string> in_play;
  for (int k = 0; k < g.colours(); ++k)
    in_play.push_back(std::string(g.colour_name(k)) + " (player " + std::to_string(g.owner(k) + 1) +
                      ")");
  throw InputError(spec.pos(at), name + " is not in play in " + g.rules().name + " with " +
                                     std::to_string(g.players()) + " player(s): the colours are " +
                                     joined(in_play));
}

TileId tile_in_play(const SpecFile& spec, const Game& g, const std::string& name, SpecAt at) {
  TileId t = g.find_tile(name);
  if (t >= 0) return t;
  std::vector<std::string> names;
  for (const TileType& tt : g.tiles()) names.push_back(tt.name);
  std::string near = closest_name(name, names);
  std::string where =
      spec.tiles.empty() ? "the tiles of " + g.rules().name : "the tiles this spec declares";
  std::string list = names.size() <= 30 ? "; the tiles are: " + joined(names) : "";
  throw InputError(spec.pos(at), "unknown tile '" + name + "': not in " + where +
                                     (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                                     list);
}

int score_index(const SpecFile& spec, const Game& g, const std::string& colour, SpecAt at,
                bool feature, const ScoringColours* scorers) {
  const RuleSet& r = g.rules();
  if (r.scoring == ScoringTracks::Shared) {
    if (!colour.empty())
      throw InputError(spec.pos(at),
                       r.name + " has one shared score: write 'score N' without a colour");
    return 0;
  }
  if (r.scoring == ScoringTracks::PerColour) {
    if (colour.empty()) {
      if (feature)
        throw InputError(spec.pos(at),
                         "name the scoring meeple's colour for a score by feature in Level 6");
      return -1;  // every track (setup) or the lowest (expect)
    }
    int c = colour_in_play(spec, g, colour, at);
    if (!scorers) return 0;
    if (scorers->empty())
      throw InputError(spec.pos(at),
                       "the team has not chosen the colours with a scoring meeple yet (Level 6): "
                       "'scoring-meeples <colour> <colour> <colour>' first, in the setup block or "
                       "as the first action");
    const int track = scorers->track_of(c);
    if (track < 0) {
      std::vector<std::string> names;
      for (int k : *scorers) names.push_back(g.colour_name(k));
      throw InputError(
          spec.pos(at),
          colour + " has no scoring meeple in Level 6; the scoring colours are " + joined(names));
    }
    return track;
  }
  if (colour.empty())
    throw InputError(
        spec.pos(at),
        r.name + " has one score per player: name the player's colour, as in 'score red 3'");
  return g.owner(colour_in_play(spec, g, colour, at));
}

FeatureClass score_feature(const std::string& w) {
  return score_class_by_word(w).value_or(FeatureClass::None);  // registered rooms' too
}

FeatureAt find_feature(const State& s, const SpecCoord& c, const SpecFeature& f) {
  FeatureAt r;
  r.cell = s.cell_at(c.x, c.y);
  const std::string at = " at " + xy(c.x, c.y);
  if (r.cell < 0) return r.problem = "no tile" + at, r;
  if (s.hidden(r.cell)) return r.problem = "the tile" + at + " is face down", r;
  const CellFace& face = s.face(r.cell);
  if (f.kind == "bridge") {  // BCB: the tile's bridge, a road segment of its own
    if (s.cell(r.cell).added)
      r.seg = kBridgeSeg;
    else
      r.problem = "no bridge on the tile" + at;
    return r;
  }
  if (f.kind == "monastery" || f.kind == "castle" || f.kind == "cemetery") {
    if (face.centre >= 0 && segment_kind_name(face.segments[face.centre].kind) == f.kind)
      r.seg = face.centre;
    else
      r.problem = "no " + f.kind + " on the tile" + at;
    return r;
  }
  int port = -1;
  if (!f.port.empty()) {
    int side = static_cast<int>(std::string("NESW").find(f.port[0]));
    int k = f.port.size() == 1 ? 1 : f.port[1] == 'l' ? 0 : f.port[1] == 'c' ? 1 : 2;
    port = port_of(side, k);
  }
  if (f.kind == "mist") {
    if (port >= 0) {
      r.mist = face.port_mist[port];
      if (r.mist < 0) r.problem = "no mist on port " + f.port + " of the tile" + at;
    } else if (face.n_mist == 1) {
      r.mist = 0;
    } else {
      r.problem = face.n_mist == 0 ? "no mist on the tile" + at
                                   : "the tile" + at + " has " + std::to_string(face.n_mist) +
                                         " mist areas: name one by a port, as in mist:Nl";
    }
    return r;
  }
  if (port >= 0) {
    int seg = face.port_segment[port];
    if (seg >= 0 && segment_kind_name(face.segments[seg].kind) == f.kind)
      r.seg = seg;
    else
      r.problem = "port " + f.port + " of the tile" + at + " belongs to a " +
                  (seg >= 0 ? segment_kind_name(face.segments[seg].kind) : "?") + ", not a " +
                  f.kind +
                  (f.kind == "field" && f.port.size() == 1
                       ? " (name a field half, as in field:" + f.port + "l)"
                       : "");
    return r;
  }
  int n = 0;
  for (int i = 0; i < face.n_segments; ++i)
    if (segment_kind_name(face.segments[i].kind) == f.kind) r.seg = i, ++n;
  if (n == 0) r.problem = "no " + f.kind + " on the tile" + at;
  if (n > 1) {
    r.seg = -1;
    r.problem = "the tile" + at + " has " + std::to_string(n) + " " + f.kind +
                " segments: name one by a port, as in " + f.kind +
                (f.kind == "field" ? ":Nl" : ":W");
  }
  return r;
}

bool feature_finished(const State& s, const FeatureAt& f) {
  if (f.mist >= 0)
    return s.region_finished(s.region_root(f.cell * kNodesPerCell + kMaxSegments + f.mist));
  if (f.seg == kBridgeSeg) return s.region_finished(s.region_root(segment_node(f.cell, f.seg)));
  const CellFace& face = s.face(f.cell);
  switch (face.segments[f.seg].kind) {
    case SegmentKind::Monastery:
    case SegmentKind::Castle:
    case SegmentKind::Cemetery:
      return s.centre_finished(f.cell);
    default:
      return s.region_finished(s.region_root(f.cell * kNodesPerCell + f.seg));
  }
}

int feature_size(const State& s, const FeatureAt& f) {
  if (f.mist >= 0)
    return s.region_tiles(s.region_root(f.cell * kNodesPerCell + kMaxSegments + f.mist));
  if (f.seg == kBridgeSeg) return s.region_tiles(s.region_root(segment_node(f.cell, f.seg)));
  SegmentKind k = s.face(f.cell).segments[f.seg].kind;
  if (k == SegmentKind::Monastery || k == SegmentKind::Castle || k == SegmentKind::Cemetery)
    return 1 + s.cell(f.cell).n8;
  return s.region_tiles(s.region_root(f.cell * kNodesPerCell + f.seg));
}

SpecAt action_word_at(const ActionSyntax& a, SpecAt at, int k) {
  const std::string& t = a.text;
  auto blank = [&](size_t i) { return t[i] == ' ' || t[i] == '\t'; };
  size_t i = 0;
  for (int n = 0; i < t.size(); ++n) {
    while (i < t.size() && blank(i)) ++i;
    if (n == k) break;
    while (i < t.size() && !blank(i)) ++i;
  }
  return {at.line, at.column + static_cast<int>(i)};
}

namespace {

constexpr unsigned kScoredFeatures = bit(FeatureClass::Road) | bit(FeatureClass::City) |
                                     bit(FeatureClass::Monastery) | bit(FeatureClass::Field) |
                                     bit(FeatureClass::Castle);
constexpr unsigned kGhostPlaces = bit(FeatureClass::MistBank) | bit(FeatureClass::Cemetery);

}  // namespace

EventFilters event_filters(EventKind k) {
  switch (k) {
    case EventKind::TileDrawn:
    case EventKind::TileSetAside:
      return {true, false, false, 0};  // value: the tile's number (declaration order)
    case EventKind::TilePlaced:
    case EventKind::FaceDownPlaced:
      return {true, true, false, 0};
    case EventKind::MeeplePlaced:
    case EventKind::HoundPlaced:
      return {false, true, true, 0};
    case EventKind::FeatureFinished:
      return {false, false, false, kScoredFeatures & ~bit(FeatureClass::Field)};
    case EventKind::Scored:
    case EventKind::FinalScored:
      return {true, true, true, kScoredFeatures};
    case EventKind::MeepleReturned:
      return {false, true, true, kScoredFeatures};
    case EventKind::GhostsPlaced:
    case EventKind::GhostsRemoved:
      return {true, true, false, kGhostPlaces};
    case EventKind::BankFinished:
      return {true, true, false, bit(FeatureClass::MistBank)};
    case EventKind::CemeteryClosed:
      return {false, true, false, bit(FeatureClass::Cemetery)};
    case EventKind::MeepleBuried:
      return {false, true, true, bit(FeatureClass::Cemetery)};
    case EventKind::HoundScored:
      return {true, false, true, 0};
    case EventKind::HoundRemoved:
      return {false, false, true, 0};
    case EventKind::PileSwitched:
      return {true, false, false, 0};
    case EventKind::BridgeBuilt:  // value: the axis (0 N-S, 1 W-E); a bridge is a road
      return {true, true, true, bit(FeatureClass::Road)};
    case EventKind::CastleBuilt:  // who: the owner; at: the castle's north or west cell
      return {false, true, true, 0};
    // Bazaars (engine/names.cpp says each field): by the player; value the tiles, the bid,
    // the tile taken, the points paid (signed).
    case EventKind::BazaarOpened:
    case EventKind::BazaarIgnored:
    case EventKind::BazaarBid:
    case EventKind::BazaarTileTaken:
      return {true, false, true, 0};
    case EventKind::BazaarPaid:
      return {true, false, true, bit(FeatureClass::Bazaar)};
    default:
      break;
  }
  // A room registered outside the engine: the fields its EventFields names (engine/room_words.h).
  if (const EventFields* f = registered_event(k))
    return {f->value != nullptr, f->at, f->who != nullptr, 0};
  return {};
}

namespace {

// What a rule set can show (phases, events, features, actions, expectations) is the rooms'
// word (engine/vocabulary.h word_absent).

FeatureClass feature_class_named(const std::string& name) {
  return score_class_by_word(name).value_or(FeatureClass::None);
}

EventKind event_named(const std::string& name) {
  return event_by_word(name).value_or(EventKind::TileDrawn);  // the parser has checked the name
}

// The positions of an event expectation's filters: after the event's name, in the order
// written; found again in the statement's text.
SpecAt filter_at(const SpecStep& step, const std::string& word) {
  size_t name = step.text.find(step.expect.word);
  size_t i = step.text.find(word, name == std::string::npos ? 0 : name + step.expect.word.size());
  if (i == std::string::npos) return step.at;
  return {step.at.line, step.at.column + static_cast<int>(i)};
}

void check_event(const SpecFile& spec, const RuleSet& r, const SpecStep& step) {
  const Expectation& e = step.expect;
  const EventKind k = event_named(e.word);
  if (std::string why = word_absent(r, k); !why.empty())
    throw InputError(spec.pos(e.word_at), "event '" + e.word + "' never happens: " + why);
  const EventFilters f = event_filters(k);
  auto refuse = [&](SpecAt at, const std::string& filter, const std::string& what) {
    throw InputError(spec.pos(at), "event '" + e.word + "' carries no " + what + ": the filter '" +
                                       filter + "' would match nothing");
  };
  if (e.has_event_value && !f.value) refuse(filter_at(step, "value"), "value", "value");
  if (e.has_where && !f.at) refuse(e.where.at, "at " + xy(e.where.x, e.where.y), "place");
  if (!e.colour.empty() && !f.by) refuse(e.colour_at, "by " + e.colour, "colour");
  if (!e.event_feature.empty()) {
    const FeatureClass fc = feature_class_named(e.event_feature);
    SpecAt at = filter_at(step, e.event_feature);
    if (!(f.features & bit(fc))) refuse(at, e.event_feature, e.event_feature + " feature");
    if (std::string why = word_absent(r, fc); !why.empty())
      throw InputError(spec.pos(at),
                       "the filter '" + e.event_feature + "' would match nothing: " + why);
  }
}

void check_score_feature(const SpecFile& spec, const RuleSet& r, const Expectation& e) {
  if (e.word.empty()) return;
  if (std::string why = word_absent(r, feature_class_named(e.word)); !why.empty())
    throw InputError(spec.pos(e.word_at), "no points ever come from " + e.word + ": " + why);
}

// Why `a` is never played in rule set `r`, "" when it may be: its verb's room says, and a
// placement's bridge or a follower on a bridge are the bridge action's words.
std::string action_absent(const RuleSet& r, const ActionSyntax& a) {
  if ((a.kind == ActionKind::Place && a.bridge != 0) ||
      (a.kind == ActionKind::Meeple && a.feature == "bridge"))
    return word_absent(r, ActionKind::Bridge);
  return word_absent(r, a.kind);
}

// The names an action uses that need no state: its tile, its colours, its track.
void check_action_names(const SpecFile& spec, const Game& g, const ActionSyntax& a, SpecAt at) {
  // Elsewhere the engine refuses it for a reason that is not the rule a spec means to show.
  if (std::string why = action_absent(g.rules(), a); !why.empty())
    throw InputError(spec.pos(at), why + ": '" + a.text + "' is never played in it");
  switch (a.kind) {
    case ActionKind::Draw:
      tile_in_play(spec, g, a.tile, action_word_at(a, at, 1));
      break;
    case ActionKind::Meeple:
      if (!a.colour.empty()) colour_in_play(spec, g, a.colour, action_word_at(a, at, 2));
      break;
    case ActionKind::Bury:
    case ActionKind::HoundPlace:
      colour_in_play(spec, g, a.meeple.colour, action_word_at(a, at, 1));
      break;
    case ActionKind::TakePoints:
    case ActionKind::RemoveGhosts:
      if (!a.colour.empty())
        colour_in_play(spec, g, a.colour,
                       action_word_at(a, at, a.kind == ActionKind::TakePoints ? 1 : 3));
      break;
    case ActionKind::Track:
      if (g.rules().scoring != ScoringTracks::PerColour)
        throw InputError(spec.pos(at), g.rules().name +
                                           " has no scoring meeples' tracks to choose: 'track' "
                                           "is Mists Level 6's");
      score_index(spec, g, a.colour, action_word_at(a, at, 1), false);
      break;
    case ActionKind::Select:
      tile_in_play(spec, g, a.tile, action_word_at(a, at, 1));
      break;
    default:
      break;
  }
}

}  // namespace

void check_spec_names(const SpecFile& spec, const Game& g) {
  const RuleSet& r = g.rules();
  // A cooperative game's one track (Mists Levels 1-5), not a player's score.
  const bool shared_track = r.scoring == ScoringTracks::Shared;
  for (const SpecStep& step : spec.steps) {
    if (step.kind == SpecStep::Action) {
      check_action_names(spec, g, step.action, step.at);
      continue;
    }
    const Expectation& e = step.expect;
    if (!e.colour.empty() && e.kind != ExpectKind::Score)
      colour_in_play(spec, g, e.colour, e.colour_at);
    auto absent = [&](const std::string& why) { throw InputError(spec.pos(step.at), why); };
    switch (e.kind) {
      case ExpectKind::Score:
        score_index(spec, g, e.colour,
                    e.colour.empty() ? (e.word.empty() ? e.value_at : e.word_at) : e.colour_at,
                    !e.word.empty());
        check_score_feature(spec, r, e);
        break;
      case ExpectKind::Hound:
        if (!r.hounds) absent(r.name + " has no hounds (Levels 3-6)");
        break;
      case ExpectKind::Track:  // Level 6's name for `score <colour>`
        if (r.scoring != ScoringTracks::PerColour)
          absent(shared_track ? r.name +
                                    " has one shared scoring track, no track per colour (Level 6 "
                                    "only): expect score N"
                              : r.name +
                                    " has no scoring meeples' tracks (Mists Level 6 only): a "
                                    "player's points are expect score <colour> N");
        score_index(spec, g, e.colour, e.colour_at, !e.word.empty());
        check_score_feature(spec, r, e);
        break;
      case ExpectKind::ScoringMeeples:
        if (r.scoring != ScoringTracks::PerColour)
          absent(shared_track ? r.name +
                                    " has one shared scoring meeple, of a colour not in play "
                                    "(FAQ.MoC.0006): only Level 6 gives colours their own"
                              : r.name + " has no scoring meeples to choose (Mists Level 6 only)");
        for (const auto& [c, at] : e.colours) colour_in_play(spec, g, c, at);
        break;
      case ExpectKind::MeeplesBox:
        if (r.meeple_colours == 0)
          absent(r.name +
                 " has no box of guard meeples to count (Mists only): its players' "
                 "meeples are their own");
        break;
      case ExpectKind::PileContains:
      case ExpectKind::PileTop:
        if (r.rooms.empty() &&
            e.index > std::max(1, r.piles))  // a room may add piles (the run checks)
          absent(r.name + " has " + std::to_string(std::max(1, r.piles)) +
                 " pile(s), numbered from 1");
        tile_in_play(spec, g, e.tile, e.tile_at);
        break;
      case ExpectKind::Bridges:
      case ExpectKind::BridgeAt:
        if (std::string why = expectation_absent(r, "bridges"); !why.empty()) absent(why);
        break;
      case ExpectKind::CastleTokens:
      case ExpectKind::CastleAt:
        if (std::string why = expectation_absent(r, "castle-tokens"); !why.empty()) absent(why);
        break;
      case ExpectKind::GhostsAt:
      case ExpectKind::GhostsSupply:
      case ExpectKind::GhostsBoard:
      case ExpectKind::GhostsBox:
        if (std::string why = expectation_absent(r, "ghosts"); !why.empty()) absent(why);
        if (e.word == "cemetery" && r.cemetery == CemeteryMode::None)
          throw InputError(spec.pos(e.word_at), r.name + " has no cemeteries");
        break;
      case ExpectKind::MeeplesBuried:
        if (r.cemetery == CemeteryMode::None)
          absent(r.name + " has no cemeteries: no meeple is ever buried");
        break;
      case ExpectKind::PileHolds:
        if (r.rooms.empty() &&
            e.index > std::max(1, r.piles))  // a room may add piles (the run checks)
          absent(r.name + " has " + std::to_string(std::max(1, r.piles)) +
                 " pile(s), numbered from 1");
        break;
      case ExpectKind::Won:
      case ExpectKind::Lost:
        if (std::string why = expectation_absent(r, e.kind == ExpectKind::Won ? "won" : "lost");
            !why.empty())
          absent(why);
        break;
      case ExpectKind::Phase: {
        const Phase p = phase_by_word(e.word).value_or(Phase::Over);
        if (!word_absent(r, p).empty())
          throw InputError(spec.pos(e.word_at), "phase '" + e.word + "' never comes in " + r.name);
        break;
      }
      case ExpectKind::Event:
        check_event(spec, r, step);
        break;
      case ExpectKind::Room:  // a registered room's word rules (engine/vocabulary.h)
        if (std::string why = expectation_absent(r, e.word); !why.empty()) absent(why);
        break;
      case ExpectKind::Legal:
      case ExpectKind::Illegal:
        check_action_names(spec, g, e.action, e.action_at);
        for (const auto& [a, at] : e.more) check_action_names(spec, g, a, at);
        break;
      case ExpectKind::LegalPlaces:
      case ExpectKind::LegalMeeples:
        for (const auto& [a, at] : e.more) check_action_names(spec, g, a, at);
        break;
      default:
        break;
    }
  }
}

void check_action_targets(const SpecFile& spec, const State& s, const ActionSyntax& a, SpecAt at,
                          const std::optional<Action>& resolved, const std::string& why) {
  auto tile_at = [&](int x, int y, SpecAt where) {
    if (s.cell_at(x, y) < 0) throw InputError(spec.pos(where), "no tile at " + xy(x, y));
  };
  switch (a.kind) {
    case ActionKind::RemoveGhosts:
    case ActionKind::ExtraGhost:
      tile_at(a.x, a.y, action_word_at(a, at, 1));
      break;
    case ActionKind::HoundClear:
      if (a.count > 0) tile_at(a.x, a.y, action_word_at(a, at, 1));
      break;
    case ActionKind::Bridge:
      tile_at(a.x, a.y, action_word_at(a, at, 1));
      break;
    case ActionKind::CastleScore:  // the feature must be on the tile at x,y
      tile_at(a.x, a.y, action_word_at(a, at, 1));
      if (!resolved) throw InputError(spec.pos(action_word_at(a, at, 2)), why);
      break;
    case ActionKind::Place:  // a bridge written on a neighbour names a tile there
      if (a.bridge >= kPlaceBridgeBeside) tile_at(a.bx, a.by, action_word_at(a, at, 4));
      break;
    case ActionKind::Bury:
    case ActionKind::HoundPlace: {
      // The engine found the meeple (find_meeple: unburied, in play), or a buried one lies
      // there: the engine refuses that with its reason.
      if (resolved) break;
      const MeepleRef& ref = a.meeple;
      SpecAt where = action_word_at(a, at, 1);
      const int colour = s.game().colour_by_name(ref.colour);
      bool found = false;
      for (const Meeple& m : s.meeples()) {
        if (m.colour != colour || !m.in_play) continue;
        found = found || (ref.supply ? m.cell < 0  // a hound's: refused
                                     : is_buried(m) && s.cell(m.cell).x == ref.x &&
                                           s.cell(m.cell).y == ref.y);
      }
      if (found) break;
      if (ref.supply)
        throw InputError(spec.pos(where), ref.colour + " has no meeple in its supply");
      where.column += static_cast<int>(ref.colour.size()) + 1;
      tile_at(ref.x, ref.y, where);
      throw InputError(spec.pos(where),
                       "no " + ref.colour + " meeple (buried or not) at " + xy(ref.x, ref.y));
    }
    case ActionKind::Meeple: {
      // While a meeple may be placed, the feature and the colour must name something on the
      // new tile; in another phase the engine's refusal (not now) is the answer.
      if (s.phase() != Phase::Meeple) break;
      if (!resolved) throw InputError(spec.pos(action_word_at(a, at, 1)), why);
      break;
    }
    default:
      break;
  }
}

}  // namespace carcheck
