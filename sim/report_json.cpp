// The JSON document of a simulation, and the merge of shards (sim/report.h).
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "sim/report.h"

namespace carcheck {

namespace {

SimJson interval(const Interval& i) {
  return SimJson{{"mean", i.mean}, {"lo", i.lo}, {"hi", i.hi}};
}

template <typename Array>
SimJson array_of(const Array& a, size_t n) {
  SimJson out = SimJson::array();
  for (size_t i = 0; i < n; ++i) out.push_back(a[i]);
  return out;
}

template <typename Array>
void read_array(const SimJson& j, const char* key, Array& a) {
  const SimJson& v = j.at(key);
  if (!v.is_array() || v.size() != a.size())
    throw std::invalid_argument(
        fmt::format("totals.{} has {} numbers, not {}", key, v.size(), a.size()));
  for (size_t i = 0; i < a.size(); ++i) a[i] = v[i].get<int64_t>();
}

SimJson totals_json(const Totals& t, int players) {
  const size_t seats = static_cast<size_t>(players);
  return SimJson{{"games", t.games},
                 {"sum", array_of(t.sum, t.sum.size())},
                 {"sumsq", array_of(t.sumsq, t.sumsq.size())},
                 {"dsum", array_of(t.dsum, t.dsum.size())},
                 {"dsumsq", array_of(t.dsumsq, t.dsumsq.size())},
                 {"seat_sum", array_of(t.seat_sum, seats)},
                 {"seat_sumsq", array_of(t.seat_sumsq, seats)},
                 {"reasons", array_of(t.reasons, t.reasons.size())},
                 {"pairs", t.pairs},
                 {"pair_dsum", t.pair_dsum},
                 {"pair_dsumsq", t.pair_dsumsq},
                 {"side_sum", array_of(t.side_sum, t.side_sum.size())}};
}

Totals totals_from(const SimJson& j) {
  Totals t;
  t.games = j.at("games").get<int64_t>();
  read_array(j, "sum", t.sum);
  read_array(j, "sumsq", t.sumsq);
  read_array(j, "dsum", t.dsum);
  read_array(j, "dsumsq", t.dsumsq);
  const SimJson& seats = j.at("seat_sum");
  for (size_t p = 0; p < seats.size() && p < t.seat_sum.size(); ++p) {
    t.seat_sum[p] = seats[p].get<int64_t>();
    t.seat_sumsq[p] = j.at("seat_sumsq").at(p).get<int64_t>();
  }
  read_array(j, "reasons", t.reasons);
  t.pairs = j.at("pairs").get<int64_t>();
  t.pair_dsum = j.at("pair_dsum").get<int64_t>();
  t.pair_dsumsq = j.at("pair_dsumsq").get<int64_t>();
  read_array(j, "side_sum", t.side_sum);
  return t;
}

SimJson mean_sd(const Totals& t, int f) {
  const auto i = static_cast<size_t>(f);
  Interval m = mean_interval(t.sum[i], t.sumsq[i], t.games);
  return SimJson{
      {"mean", m.mean}, {"sd", std_dev(t.sum[i], t.sumsq[i], t.games)}, {"lo", m.lo}, {"hi", m.hi}};
}

// The score classes a cell's breakdown lists, from the labels of its points_per_game (merge).
std::vector<FeatureClass> classes_named(const SimJson& points) {
  std::vector<FeatureClass> out;
  for (const auto& [label, v] : points.items())
    for (int c = 0; c < kScoreClasses; ++c)
      if (label == score_class_label(static_cast<FeatureClass>(c)))
        out.push_back(static_cast<FeatureClass>(c));
  return out;
}

double per_game(const Totals& t, int f) {
  return t.games ? double(t.sum[static_cast<size_t>(f)]) / t.games : 0.0;
}

// Bridges, Castles and Bazaars per game: castles built and their points, bridges built,
// points paid in bazaars, bids and the mean bid.
SimJson bcb_json(const Totals& t) {
  const int castles = kFixedFigures + static_cast<int>(EventKind::CastleBuilt);
  const int bridges = kFixedFigures + static_cast<int>(EventKind::BridgeBuilt);
  const int bids = kFixedFigures + static_cast<int>(EventKind::BazaarBid);
  const int64_t n_bids = t.sum[static_cast<size_t>(bids)];
  return SimJson{{"castles", per_game(t, castles)},
                 {"castle_points", mean_sd(t, class_figure(FeatureClass::Castle))},
                 {"bridges", per_game(t, bridges)},
                 {"bazaar_paid", mean_sd(t, kBazaarPaid)},
                 {"bids", per_game(t, bids)},
                 {"mean_bid", n_bids ? double(t.sum[kBidPoints]) / n_bids : 0.0}};
}

// --versus: the paired difference per game index, per seat (D / players: each policy held
// every seat once over the two seatings), and each side's mean score per seat and game.
SimJson versus_json(const Totals& t, int players) {
  const double seats = std::max(1, players);  // seats each side holds over the two seatings
  Interval d = mean_interval(t.pair_dsum, t.pair_dsumsq, t.pairs);
  const double scale = 1.0 / seats;
  return SimJson{{"pairs", t.pairs},
                 {"difference", interval({d.mean * scale, d.lo * scale, d.hi * scale})},
                 {"policy_score", t.pairs ? double(t.side_sum[0]) / t.pairs / seats : 0.0},
                 {"versus_score", t.pairs ? double(t.side_sum[1]) / t.pairs / seats : 0.0}};
}

// The paired difference to the default reading (same game seeds) of each figure.
SimJson differences(const Totals& t, bool cooperative) {
  SimJson out;
  auto diff = [&](int f) {
    const auto i = static_cast<size_t>(f);
    return interval(mean_interval(t.dsum[i], t.dsumsq[i], t.games));
  };
  if (cooperative) out["won"] = diff(kWon);
  out["score"] = diff(kScore);
  out["turns"] = diff(kTurns);
  if (!cooperative) out["spread"] = diff(kSpread), out["tie"] = diff(kTie);
  SimJson events;
  for (int k = 0; k < kEventKindCount; ++k)
    events[event_name(static_cast<EventKind>(k))] = diff(kFixedFigures + k);
  out["events"] = std::move(events);
  return out;
}

// The figures a cell's totals give.
SimJson stats_json(const Totals& t, int players, bool cooperative, bool is_default,
                   const std::vector<FeatureClass>& classes, bool versus) {
  SimJson s;
  if (cooperative) {
    s["win_rate"] = interval(wilson(t.sum[kWon], t.games));
    SimJson reasons;
    for (int r = 1; r < kEndReasons; ++r)
      if (r != static_cast<int>(EndReason::GoalReached))
        reasons[end_reason_text(static_cast<EndReason>(r))] = t.reasons[static_cast<size_t>(r)];
    s["loss_reasons"] = std::move(reasons);
    s["score"] = mean_sd(t, kScore);
  } else {
    SimJson seats = SimJson::array();
    for (size_t p = 0; p < static_cast<size_t>(players); ++p) {
      Interval m = mean_interval(t.seat_sum[p], t.seat_sumsq[p], t.games);
      seats.push_back(
          SimJson{{"mean", m.mean}, {"sd", std_dev(t.seat_sum[p], t.seat_sumsq[p], t.games)}});
    }
    s["score_per_seat"] = std::move(seats);
    s["top_score"] = mean_sd(t, kScore);
    s["spread"] = mean_sd(t, kSpread);
    s["ties"] =
        SimJson{{"games", t.sum[kTie]}, {"rate", t.games ? double(t.sum[kTie]) / t.games : 0.0}};
  }
  s["turns"] = mean_sd(t, kTurns);
  SimJson events;
  for (int k = 0; k < kEventKindCount; ++k)
    events[event_name(static_cast<EventKind>(k))] =
        t.games ? double(t.sum[static_cast<size_t>(kFixedFigures + k)]) / t.games : 0.0;
  s["events_per_game"] = std::move(events);
  SimJson points = SimJson::object();
  for (FeatureClass c : classes) points[score_class_label(c)] = per_game(t, class_figure(c));
  s["points_per_game"] = std::move(points);
  if (std::find(classes.begin(), classes.end(), FeatureClass::Bazaar) != classes.end())
    s["bcb"] = bcb_json(t);
  if (versus) s["versus"] = versus_json(t, players);
  if (!is_default) s["vs_default"] = differences(t, cooperative);
  return s;
}

SimJson cell_json(const std::string& rule_set, int level, int players, const std::string& reading,
                  bool is_default, const Totals& t, bool cooperative,
                  const std::vector<FeatureClass>& classes, bool versus) {
  return SimJson{{"rule_set", rule_set},
                 {"level", level},
                 {"players", players},
                 {"reading", reading},
                 {"games", t.games},
                 {"stats", stats_json(t, players, cooperative, is_default, classes, versus)},
                 {"totals", totals_json(t, players)}};
}

SimJson header_json(const SimPlan& plan) {
  const SimOptions& o = plan.options;
  SimJson rule_sets = SimJson::array(), players = SimJson::array();
  for (const SimGroup& g : plan.groups) {
    if (std::find(rule_sets.begin(), rule_sets.end(), g.rule_set) == rule_sets.end())
      rule_sets.push_back(g.rule_set);
    if (std::find(players.begin(), players.end(), g.players) == players.end())
      players.push_back(g.players);
  }
  SimJson h{{"carcheck", "simulate"},         {"version", CARCHECK_VERSION}, {"rules", o.rules},
            {"rule_sets", rule_sets},         {"players", players},          {"games", o.games},
            {"policy", policy_name(o.policy)}};
  if (o.versus) h["versus"] = policy_name(*o.versus);
  if (o.policy.kind == PolicyKind::Mc)
    h["playouts"] = o.policy.playouts, h["width"] = o.policy.width;
  h["variants"] = o.variants;
  h["compare"] = o.compare;
  h["seed"] = o.seed;
  h["readings"] = plan.readings;
  h["cooperative"] = plan.cooperative;
  h["reconstructed_geometry"] = plan.reconstructed_geometry;
  return h;
}

}  // namespace

SimJson sim_json(const SimPlan& plan, const SimResult& result) {
  SimJson doc = header_json(plan);
  if (plan.options.shards > 1)
    doc["shard"] = fmt::format("{}/{}", plan.options.shard, plan.options.shards);
  if (result.partial) doc["partial"] = true;
  SimJson cells = SimJson::array();
  for (size_t g = 0; g < plan.groups.size(); ++g)
    for (size_t r = 0; r < plan.readings.size(); ++r) {
      const SimGroup& grp = plan.groups[g];
      cells.push_back(cell_json(grp.rule_set, grp.level, grp.players, plan.readings[r], r == 0,
                                result.totals[g][r], plan.cooperative,
                                grp.games[r]->score_classes(), plan.options.versus.has_value()));
    }
  doc["cells"] = std::move(cells);
  return doc;
}

void write_sim_json(std::ostream& out, const SimJson& doc) {
  out << doc.dump(-1, ' ', false, SimJson::error_handler_t::replace) << "\n";
}

SimJson merge_sim_json(const std::vector<SimJson>& shards, const std::vector<std::string>& names) {
  if (shards.empty()) throw std::invalid_argument("no shard to merge");
  auto header_of = [](SimJson d) {
    d.erase("shard");
    d.erase("partial");
    d.erase("cells");
    return d;
  };
  auto shard_of = [&](const SimJson& d, const std::string& name) -> std::pair<int, int> {
    if (!d.is_object() || d.value("carcheck", "") != "simulate")
      throw std::invalid_argument(name + ": not the JSON of carcheck simulate");
    if (d.contains("partial"))
      throw std::invalid_argument(name + ": a partial run (stopped early) cannot be merged");
    int k = 1, n = 1;
    if (d.contains("shard") &&
        std::sscanf(d["shard"].get<std::string>().c_str(), "%d/%d", &k, &n) != 2)
      throw std::invalid_argument(name + ": its shard is not K/N");
    return {k, n};
  };
  const SimJson head = header_of(shards[0]);
  const int n = shard_of(shards[0], names[0]).second;
  std::vector<bool> seen(static_cast<size_t>(n) + 1, false);
  for (size_t i = 0; i < shards.size(); ++i) {
    const auto [k, ni] = shard_of(shards[i], names[i]);
    if (ni != n)
      throw std::invalid_argument(
          fmt::format("{} is shard {}/{}, {} one of {}", names[i], k, ni, names[0], n));
    const SimJson h = header_of(shards[i]);
    for (const auto& [key, value] : head.items())
      if (!h.contains(key) || h[key] != value)
        throw std::invalid_argument(
            fmt::format("{} is another run than {}: {} differs ({} against {})", names[i], names[0],
                        key, h.contains(key) ? h[key].dump() : "missing", value.dump()));
    if (h.size() != head.size())
      throw std::invalid_argument(fmt::format("{} is another run than {}", names[i], names[0]));
    if (k < 1 || k > n || seen[static_cast<size_t>(k)])
      throw std::invalid_argument(
          fmt::format("{}: shard {}/{} is given twice or is out of range", names[i], k, n));
    seen[static_cast<size_t>(k)] = true;
  }
  for (int k = 1; k <= n; ++k)
    if (!seen[static_cast<size_t>(k)])
      throw std::invalid_argument(fmt::format("shard {}/{} is missing", k, n));

  const bool cooperative = head.at("cooperative").get<bool>();
  const std::string first_reading = head.at("readings").at(0).get<std::string>();
  SimJson doc = head;
  SimJson cells = SimJson::array();
  const SimJson& layout = shards[0].at("cells");
  for (size_t c = 0; c < layout.size(); ++c) {
    const SimJson& cell = layout[c];
    Totals sum;
    for (size_t i = 0; i < shards.size(); ++i) {
      const SimJson& other = shards[i].at("cells").at(c);
      for (const char* key : {"rule_set", "level", "players", "reading"})
        if (other.at(key) != cell.at(key))
          throw std::invalid_argument(
              fmt::format("{}: cell {} is another cell than in {}", names[i], c + 1, names[0]));
      sum.add(totals_from(other.at("totals")));
    }
    const bool versus = head.contains("versus");
    const int64_t expected = head.at("games").get<int64_t>() * (versus ? 2 : 1);
    if (sum.games != expected)
      throw std::invalid_argument(
          fmt::format("the shards hold {} games of cell {}, not {}", sum.games, c + 1, expected));
    const std::string reading = cell.at("reading").get<std::string>();
    cells.push_back(cell_json(cell.at("rule_set").get<std::string>(), cell.at("level").get<int>(),
                              cell.at("players").get<int>(), reading, reading == first_reading, sum,
                              cooperative, classes_named(cell.at("stats").at("points_per_game")),
                              versus));
  }
  for (size_t i = 1; i < shards.size(); ++i)
    if (shards[i].at("cells").size() != layout.size())
      throw std::invalid_argument(
          fmt::format("{} has another number of cells than {}", names[i], names[0]));
  doc["cells"] = std::move(cells);
  return doc;
}

}  // namespace carcheck
