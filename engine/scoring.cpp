// Feature values, majority scoring (competitive games), final and farm scoring.
// A cooperative room's scoring builds on the same values in its own files.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <vector>

#include "engine/rules_impl.h"
#include "engine/testing_hooks.h"

namespace carcheck {

namespace {

// Stamps mark cells already counted while walking a region, without allocating.
struct Stamp {
  std::vector<uint32_t> mark;
  uint32_t now = 0;
  void begin(size_t cells) {
    if (mark.size() < cells) mark.resize(cells, 0);
    ++now;
  }
  bool first(int cell) {
    if (nth(mark, cell) == now) return false;
    nth(mark, cell) = now;
    return true;
  }
};
thread_local Stamp stamp;

bool is_centre(FeatureClass f) { return f == FeatureClass::Monastery || f == FeatureClass::Castle; }

}  // namespace

// Distinct cells of a region: two segments of one city on one tile count once, and each
// cell of a start tile of several cells counts as a tile of its own.
int Rules::region_tiles(const State& s, int root) {
  stamp.begin(s.cells_.size());
  int n = 0, node = root;
  do {
    n += stamp.first(node_cell(node));
    node = nth(s.nodes_, node).next;
  } while (node != root);
  return n;
}

int State::region_tiles(int root) const { return Rules::region_tiles(*this, root); }

bool State::region_finished(int root) const {
  const RegionNode& n = nth(nodes_, root);
  return n.open == 0 && !n.sealed;
}

int Rules::region_shields(const State& s, int root) {
  int n = 0, node = root;
  do {
    int cell = node_cell(node), k = node_part(node);
    if (k < kMaxSegments) n += s.face(cell).segments[k].shields;
    node = nth(s.nodes_, node).next;
  } while (node != root);
  return n;
}

uint8_t Rules::region_flags(const State& s, int root) {
  uint8_t flags = 0;
  int node = root;
  do {
    int cell = node_cell(node), k = node_part(node);
    if (k < kMaxSegments) flags |= s.face(cell).segments[k].flags;
    node = nth(s.nodes_, node).next;
  } while (node != root);
  return flags;
}

int Rules::printed_value(const State& s, const PendingScore& p, bool final_scoring) {
  switch (p.feature) {
    case FeatureClass::Road:
      return region_tiles(s, p.node);  // 1 per tile (Dized.MoC.0049; seed 001)
    case FeatureClass::City: {
      int tiles = region_tiles(s, p.node), shields = region_shields(s, p.node);
      if (final_scoring) return tiles + shields;  // unfinished city: 1 + 1 (seed 001)
      return 2 * tiles + 2 * shields;             // Dized.MoC.0045, 0046, 0048; seed 001
    }
    case FeatureClass::Monastery:
      return 1 + nth(s.cells_, p.node).n8;  // 9 when surrounded
    default:  // a room's own features (a castle) are the room's to value (feature_value)
      return 0;
  }
}

void Rules::meeple_roots(State& s, std::vector<int16_t>& out) {
  out.resize(s.meeples_.size());
  for (size_t i = 0; i < s.meeples_.size(); ++i) {
    const Meeple& m = s.meeples_[i];
    out[i] =
        !m.on_feature() ? int16_t{-1} : static_cast<int16_t>(find(s, segment_node(m.cell, m.seg)));
  }
}

void Rules::meeples_on(const State& s, const PendingScore& p,
                       std::array<int, kMaxColours>& per_colour, const int16_t* roots) {
  per_colour.fill(0);
  for (size_t i = 0; i < s.meeples_.size(); ++i) {
    const Meeple& m = s.meeples_[i];
    if (!m.on_feature()) continue;
    if (is_centre(p.feature)) {
      if (m.cell == p.node && m.seg == s.face(m.cell).centre) nth(per_colour, m.colour) += m.weight;
    } else if ((roots ? roots[i] : find_const(s, segment_node(m.cell, m.seg))) == p.node) {
      nth(per_colour, m.colour) += m.weight;
    }
  }
}

void Rules::return_meeples(State& s, const PendingScore& p, const int16_t* roots) {
  const bool centre = is_centre(p.feature);
  for (size_t i = 0; i < s.meeples_.size(); ++i) {
    Meeple& m = s.meeples_[i];
    if (!m.on_feature()) continue;
    const int root = centre ? -1 : roots ? roots[i] : find(s, segment_node(m.cell, m.seg));
    const bool on = centre ? (m.cell == p.node && m.seg == s.face(m.cell).centre) : root == p.node;
    if (!on) continue;
    emit(s, EventKind::MeepleReturned, p.feature, m.colour, nth(s.cells_, m.cell).x,
         nth(s.cells_, m.cell).y);
    if (root >= 0) --nth(s.nodes_, root).meeples;
    m.cell = -1;
    m.seg = -1;
    if (testing::break_rule != testing::BrokenRule::SupplyMiscounted)  // tests only
      ++nth(s.supply_, m.colour);
  }
}

// Every road and city the tile at `first_cell` finished, then every monastery (and, when
// `castles`, castle the room does not seal: RuleSystem::centre_sealed) around it that is now
// surrounded. Order: the new tile's features by
// segment, then centres by position, so that a replay scores in the same order.
void Rules::collect_finished(State& s, int first_cell, bool castles) {
  s.pending_.clear();
  s.pending_index_ = 0;
  const PlacedCell& pc = nth(s.cells_, first_cell);
  const CellFace& f = s.face(first_cell);
  for (int i = 0; i < f.n_segments; ++i) {
    SegmentKind k = f.segments[i].kind;
    if (k != SegmentKind::Road && k != SegmentKind::City) continue;
    int root = find(s, segment_node(first_cell, i));
    if (!s.region_finished(root)) continue;
    bool seen = false;
    for (const PendingScore& q : s.pending_) seen = seen || q.node == root;
    if (!seen)
      s.pending_.push_back({k == SegmentKind::Road ? FeatureClass::Road : FeatureClass::City,
                            static_cast<int16_t>(root)});
  }
  // The surrounded cells around it, in board order: occupy() noted them when it placed this
  // cell (most turns none); after a larger tile, whose other cells came later, they are read
  // from the grid (the band holds the rows around a placed cell, none on the rim).
  unsigned surrounded = s.surrounded_;
  const size_t at = s.grid_index(pc.x, pc.y);
  if (s.surround_cell_ != first_cell) {
    surrounded = 0;
    for (int k = 0; k < 9; ++k) {
      const int c = s.grid_[static_cast<size_t>(static_cast<ptrdiff_t>(at) +
                                                (k / 3 - 1) * s.grid_dim_ + k % 3 - 1)];
      surrounded |= static_cast<unsigned>(c >= 0 && nth(s.cells_, c).n8 == 8) << k;
    }
  }
  for (; surrounded; surrounded &= surrounded - 1) {
    const int k = std::countr_zero(surrounded);
    const int c = s.grid_[static_cast<size_t>(static_cast<ptrdiff_t>(at) +
                                              (k / 3 - 1) * s.grid_dim_ + k % 3 - 1)];
    if (nth(s.cells_, c).hidden) continue;
    const CellFace& cf = s.face(c);
    if (cf.centre < 0) continue;
    const SegmentKind kind = cf.segments[cf.centre].kind;
    if (kind == SegmentKind::Monastery) {
      s.pending_.push_back({FeatureClass::Monastery, static_cast<int16_t>(c)});
    } else if (kind == SegmentKind::Castle && castles &&
               !s.game_->rule_system().centre_sealed(s, c)) {
      s.pending_.push_back({FeatureClass::Castle, static_cast<int16_t>(c)});
    }
  }
}

bool State::centre_finished(int cell) const {
  if (nth(cells_, cell).hidden) return false;
  const CellFace& f = face(cell);
  if (f.centre < 0) return false;
  switch (f.segments[f.centre].kind) {
    case SegmentKind::Monastery:
      return nth(cells_, cell).n8 == 8;
    case SegmentKind::Castle:
      return nth(cells_, cell).n8 == 8 && !game_->rule_system().centre_sealed(*this, cell);
    default:  // a centre of the room's own (a cemetery)
      return game_->rule_system().own_centre_finished(*this, cell);
  }
}

void Rules::award(State& s, int who, FeatureClass f, int points) {
  Score& sc = nth(s.scores_, who);
  sc.total += points;
  if (f == FeatureClass::Field && testing::break_rule == testing::BrokenRule::FarmPointsMisfiled)
    f = FeatureClass::Cemetery;  // tests only
  nth(sc.by_feature, f) += points;
}

void Rules::award(State& s, EventKind k, int who, FeatureClass f, int points,
                  const PendingScore& where, int extra) {
  award(s, who, f, points);
  const bool centre = is_centre(where.feature);
  const int cell = centre ? where.node : node_cell(where.node);
  const PlacedCell& c = nth(s.cells_, cell);
  emit(s, k, f, who, c.x, c.y, points, extra);
  if (!centre) s.events_.back().seg = static_cast<int8_t>(where.node - segment_node(cell, 0));
}

// Majority: the player(s) with most followers score the full value; ties all score
// (seed 001, the note after the score track). Followers then go home.
void Rules::score_competitive(State& s, const PendingScore& p, bool final_scoring,
                              const int16_t* roots) {
  // A road or city nobody stands on scores nothing: its root counts the meeples on it, so
  // most finished features need no walk of the meeples.
  if ((p.feature == FeatureClass::Road || p.feature == FeatureClass::City) &&
      nth(s.nodes_, find(s, p.node)).meeples == 0)
    return;
  std::array<int, kMaxColours> per{};
  meeples_on(s, p, per, roots);
  int most = *std::max_element(per.begin(), per.end());
  if (most == 0) return;
  int value = feature_value(s, p, final_scoring);
  for (int c = 0; c < s.game_->colours(); ++c) {
    if (nth(per, c) != most) continue;
    award(s, final_scoring ? EventKind::FinalScored : EventKind::Scored, s.game_->owner(c),
          p.feature, value, p, c);
  }
  return_meeples(s, p, roots);
}

namespace {

// The features final scoring looks at, as nodes in the order it scores them (ascending): the
// root of each road or city and the centre node of each monastery a follower stands on.
// `nodes` is scratch kept between games (once per game, so no allocation per action).
void follower_features(const State& s, const std::vector<int16_t>& roots, std::vector<int>& nodes) {
  nodes.clear();
  for (size_t i = 0; i < s.meeples().size(); ++i) {
    const Meeple& m = s.meeples()[i];
    if (!m.on_feature()) continue;
    const SegmentKind k = Rules::segment_kind(s, m.cell, m.seg);
    if (k == SegmentKind::Road || k == SegmentKind::City)
      nodes.push_back(roots[i]);
    else if (k == SegmentKind::Monastery)
      nodes.push_back(segment_node(m.cell, m.seg));
  }
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
}
thread_local std::vector<int> final_nodes;
thread_local std::vector<int16_t> final_roots;

}  // namespace

// What final scoring makes of segment `seg` of `cell`: the road or city whose root it is, when
// followers stand on it; a monastery; nothing otherwise.
std::optional<PendingScore> Rules::final_feature(State& s, int cell, int seg) {
  const SegmentKind k = segment_kind(s, cell, seg);
  if (k == SegmentKind::Road || k == SegmentKind::City) {
    const int root = find(s, segment_node(cell, seg));
    if (root != segment_node(cell, seg) || nth(s.nodes_, root).meeples == 0) return std::nullopt;
    return PendingScore{k == SegmentKind::Road ? FeatureClass::Road : FeatureClass::City,
                        static_cast<int16_t>(root)};
  }
  if (k == SegmentKind::Monastery)
    return PendingScore{FeatureClass::Monastery, static_cast<int16_t>(cell)};
  return std::nullopt;
}

// Competitive games (a cooperative room scores the end its own way).
void Rules::final_scoring(State& s) {
  // Final scoring joins no regions: each meeple's root is found once for every scoring.
  meeple_roots(s, final_roots);
  if (!(s.game_->switches().unfinished_final == UnfinishedFinal::Nothing)) {
    // Unfinished roads, cities and monasteries that still hold followers, in board order:
    // by cell, then segment (a bridge, BCB, last), which is the order of their nodes. A
    // feature no follower stands on scores nothing, so only the followers' are visited.
    follower_features(s, final_roots, final_nodes);
    for (int node : final_nodes)
      if (auto p = final_feature(s, node_cell(node), node_part(node)))
        score_competitive(s, *p, true, final_roots.data());
  }
  if (s.game_->rules().farmers) farm_scoring(s, final_roots.data());
}

// Farms (seed 001 footnotes 15, 16; farm-scoring): third edition per farm, 3 per finished
// city it borders; first edition per city, 4 to the player(s) with most farmers on all the
// farms that border it; second edition per farm, but a player collects a city once.
void Rules::farm_scoring(State& s, const int16_t* roots) {
  const int colours = s.game_->colours();
  // Each farm (a field root holding farmers, ascending) with its farmers per colour and the
  // finished cities it borders (ascending), worked out once: first edition asks about every
  // farm for every city.
  struct Farm {
    int root = -1;
    std::vector<int> cities;
    std::array<int, kMaxColours> farmers{};
  };
  std::vector<Farm> farms;
  for (size_t i = 0; i < s.meeples_.size(); ++i)
    if (const Meeple& m = s.meeples_[i];
        m.on_feature() && segment_kind(s, m.cell, m.seg) == SegmentKind::Field) {
      const int r = roots[i];
      auto farm =
          std::find_if(farms.begin(), farms.end(), [r](const Farm& f) { return f.root == r; });
      if (farm == farms.end()) farm = farms.insert(farms.end(), Farm{r, {}, {}});
      nth(farm->farmers, m.colour) += m.weight;  // a large follower counts 2
    }
  std::sort(farms.begin(), farms.end(),
            [](const Farm& a, const Farm& b) { return a.root < b.root; });
  for (Farm& farm : farms) {
    int node = farm.root;
    do {
      int cell = node_cell(node), k = node_part(node);
      const CellFace& f = s.face(cell);
      for (unsigned b = f.segments[k].borders; b; b &= b - 1) {  // the cities it borders
        const int city = find(s, segment_node(cell, std::countr_zero(b)));
        if (s.region_finished(city) &&
            std::find(farm.cities.begin(), farm.cities.end(), city) == farm.cities.end())
          farm.cities.push_back(city);
      }
      node = nth(s.nodes_, node).next;
    } while (node != farm.root);
    std::sort(farm.cities.begin(), farm.cities.end());
  }
  auto most_of = [colours](const std::array<int, kMaxColours>& per) {
    return *std::max_element(per.begin(), per.begin() + colours);
  };
  auto award_farm = [&](int colour, int value, int at_node) {  // a farm, or a city supplied
    award(s, EventKind::FinalScored, s.game_->owner(colour), FeatureClass::Field, value,
          {FeatureClass::Field, static_cast<int16_t>(at_node)}, colour);
  };
  const FarmScoring mode = s.game_->switches().farm_scoring;
  const RuleSystem& room = s.game_->rule_system();
  if (mode == FarmScoring::FirstEdition) {  // per city
    std::vector<int> all_cities;
    for (const Farm& farm : farms)
      for (int c : farm.cities)
        if (std::find(all_cities.begin(), all_cities.end(), c) == all_cities.end())
          all_cities.push_back(c);
    std::sort(all_cities.begin(), all_cities.end());
    for (int city : all_cities) {
      std::array<int, kMaxColours> per{};
      for (const Farm& farm : farms)
        if (std::binary_search(farm.cities.begin(), farm.cities.end(), city))
          for (int c = 0; c < colours; ++c) nth(per, c) += nth(farm.farmers, c);
      const int most = most_of(per);
      for (int c = 0; c < colours && most > 0; ++c)
        if (nth(per, c) == most) award_farm(c, 4, city);
    }
  } else {
    std::vector<std::vector<int>> collected(static_cast<size_t>(colours));
    for (const Farm& farm : farms) {
      const int most = most_of(farm.farmers);
      for (int c = 0; c < colours; ++c) {
        if (nth(farm.farmers, c) != most) continue;
        int value = 0;
        for (int city : farm.cities) {
          auto& got = nth(collected, c);
          if (mode == FarmScoring::SecondEdition &&
              std::find(got.begin(), got.end(), city) != got.end())
            continue;
          got.push_back(city);
          value += room.city_farm_value(s, city);
        }
        if (value > 0) award_farm(c, value, farm.root);
      }
    }
  }
}

}  // namespace carcheck
