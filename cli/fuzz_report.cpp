// What `carcheck fuzz` counts and prints (cli/fuzz_report.h).
#include "cli/fuzz_report.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace carcheck {

namespace {

double per_second(int64_t n, double seconds) {
  return seconds > 0 ? static_cast<double>(n) / seconds : 0.0;
}

int64_t event_count(const FuzzTotals& t, EventKind k) { return t.events[static_cast<size_t>(k)]; }

Json events_json(const FuzzTotals& t) {
  Json events = Json::object();
  for (int k = 0; k < kEventKinds; ++k)
    events[event_name(static_cast<EventKind>(k))] = t.events[static_cast<size_t>(k)];
  return events;
}

Json rule_set_json(const std::string& name, const FuzzTotals& t) {
  return {{"rules", name},
          {"games", t.games},
          {"actions", t.actions},
          {"games_per_second", static_cast<int64_t>(per_second(t.games, t.seconds))},
          {"failures", t.failures},
          {"events", events_json(t)}};
}

Json failure_json(const FuzzFailure& f) {
  Json j = {{"target", f.target}, {"seed", f.seed}, {"message", f.message}};
  j["spec"] = f.spec_file.empty() ? Json(nullptr) : Json(f.spec_file);
  return j;
}

}  // namespace

void FuzzTotals::add(const CheckedGame& g, double game_seconds) {
  ++games;
  actions += g.actions;
  seconds += game_seconds;
  failures += g.failure.has_value();
  for (size_t k = 0; k < events.size(); ++k) events[k] += g.events[k];
}

FuzzProgress::FuzzProgress() : tty_(isatty(STDERR_FILENO)), start_(Clock::now()), last_(start_) {}

double FuzzProgress::elapsed() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

void FuzzProgress::maybe_show(const FuzzTotals& all) {
  const double since = std::chrono::duration<double>(Clock::now() - last_).count();
  if (since < (tty_ ? 0.2 : 5.0)) return;
  show(all, false);
  last_ = Clock::now();
}

void FuzzProgress::show(const FuzzTotals& all, bool final_line) {
  const double t = elapsed();
  const std::string line =
      fmt::format("fuzz: {} games, {} actions, {:.0f} games/s, {} failure(s), {:.1f} s", all.games,
                  all.actions, per_second(all.games, t), all.failures, t);
  if (tty_)
    fmt::print(stderr, "\r{}\033[K{}", line, final_line ? "\n" : "");
  else
    fmt::print(stderr, "{}\n", line);
  std::fflush(stderr);
}

void FuzzProgress::clear_line() const {
  if (tty_) fmt::print(stderr, "\r\033[K");
}

void print_fuzz_summary(const FuzzResults& r, const std::string& out_dir, size_t max_written) {
  fmt::print("fuzz: {} games, {} actions in {:.1f} s ({:.0f} games/s), {} failure(s)\n",
             r.all.games, r.all.actions, r.seconds, per_second(r.all.games, r.seconds),
             r.all.failures);
  for (const auto& [name, t] : r.per_rule_set) {
    fmt::print("  {:<9}{:>8} games {:>10} actions {:>7.0f} games/s", name, t.games, t.actions,
               per_second(t.games, t.seconds));
    if (t.cooperative)
      fmt::print("  won {}, hounds placed {}", event_count(t, EventKind::GameWon),
                 event_count(t, EventKind::HoundPlaced));
    if (t.failures) fmt::print("  FAILURES {}", t.failures);
    fmt::print("\n");
  }
  if (!r.failures.empty())
    fmt::print(
        "failing games written to {}/ (a .spec each that replays it, the first {} at most)\n",
        out_dir, max_written);
}

Json fuzz_json(const FuzzResults& r) {
  Json doc = {{"games", r.all.games},
              {"actions", r.all.actions},
              {"milliseconds", static_cast<int64_t>(r.seconds * 1000)},
              {"games_per_second", static_cast<int64_t>(per_second(r.all.games, r.seconds))},
              {"failures", r.all.failures},
              {"events", events_json(r.all)}};
  doc["rule_sets"] = Json::array();
  for (const auto& [name, t] : r.per_rule_set) doc["rule_sets"].push_back(rule_set_json(name, t));
  doc["failed_games"] = Json::array();
  for (const FuzzFailure& f : r.failures) doc["failed_games"].push_back(failure_json(f));
  doc["run"] = {{"rules", r.run.rules},       {"level", r.run.level}, {"players", r.run.players},
                {"variants", r.run.variants}, {"seed", r.run.seed},   {"games", r.run.games},
                {"seconds", r.run.seconds}};
  doc["shard"] = r.run.shard;
  return doc;
}

namespace {

void add_events(Json& into, const Json& from) {
  for (auto it = from.begin(); it != from.end(); ++it)
    into[it.key()] = into.value(it.key(), int64_t{0}) + it.value().get<int64_t>();
}

}  // namespace

Json merge_fuzz_json(const std::vector<Json>& shards, const std::vector<std::string>& names) {
  if (shards.empty()) throw std::invalid_argument("no shard to merge");
  const Json& run = shards.front().at("run");
  int n = 0;
  std::vector<bool> seen;
  for (size_t i = 0; i < shards.size(); ++i) {
    const Json& s = shards[i];
    if (s.at("run") != run)
      throw std::invalid_argument(names[i] + " is a shard of another run (" + s.at("run").dump() +
                                  ", not " + run.dump() + ")");
    int k = 0, of = 0;
    if (std::sscanf(s.at("shard").get<std::string>().c_str(), "%d/%d", &k, &of) != 2 || k < 1 ||
        k > of)
      throw std::invalid_argument(names[i] + ": no shard K/N");
    if (n == 0) {
      n = of;
      seen.assign(static_cast<size_t>(n), false);
    }
    if (of != n)
      throw std::invalid_argument(names[i] + " is a shard of " + std::to_string(of) +
                                  ", the others of " + std::to_string(n));
    if (seen[static_cast<size_t>(k - 1)])
      throw std::invalid_argument(names[i] + ": shard " + std::to_string(k) + " twice");
    seen[static_cast<size_t>(k - 1)] = true;
  }
  for (int k = 0; k < n; ++k)
    if (!seen[static_cast<size_t>(k)])
      throw std::invalid_argument("shard " + std::to_string(k + 1) + "/" + std::to_string(n) +
                                  " is missing");
  int64_t games = 0, actions = 0, failures = 0, ms = 0;
  Json events = Json::object();
  std::map<std::string, Json> per;
  std::vector<Json> failed;
  for (const Json& s : shards) {
    games += s.at("games").get<int64_t>();
    actions += s.at("actions").get<int64_t>();
    failures += s.at("failures").get<int64_t>();
    ms = std::max(ms, s.at("milliseconds").get<int64_t>());
    add_events(events, s.at("events"));
    for (const Json& r : s.at("rule_sets")) {
      Json& m = per[r.at("rules").get<std::string>()];
      if (m.is_null())
        m = {{"rules", r.at("rules")}, {"games", 0},    {"actions", 0},
             {"games_per_second", 0},  {"failures", 0}, {"events", Json::object()}};
      for (const char* k : {"games", "actions", "games_per_second", "failures"})
        m[k] = m[k].get<int64_t>() + r.at(k).get<int64_t>();  // rates of parallel shards add
      add_events(m["events"], r.at("events"));
    }
    for (const Json& f : s.at("failed_games")) failed.push_back(f);
  }
  std::stable_sort(failed.begin(), failed.end(), [](const Json& a, const Json& b) {
    return a.at("seed").get<uint64_t>() < b.at("seed").get<uint64_t>();
  });
  Json doc = {{"games", games},       {"actions", actions},
              {"milliseconds", ms},   {"games_per_second", ms > 0 ? games * 1000 / ms : 0},
              {"failures", failures}, {"events", events}};
  doc["rule_sets"] = Json::array();
  for (auto& [name, r] : per) doc["rule_sets"].push_back(r);
  doc["failed_games"] = failed;
  doc["run"] = run;
  doc["shard"] = "1/1";
  return doc;
}

}  // namespace carcheck
