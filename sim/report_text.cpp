// The text table and the CSV of a simulation, drawn from its JSON document (sim/report.h).
#include <fmt/format.h>

#include "sim/report.h"

namespace carcheck {

namespace {

std::string pct(const SimJson& i) {
  return fmt::format("{:5.1f}% [{:4.1f}, {:4.1f}]", 100 * i["mean"].get<double>(),
                     100 * i["lo"].get<double>(), 100 * i["hi"].get<double>());
}

std::string signed_interval(const SimJson& i, double scale) {
  return fmt::format("{:+.1f} [{:+.1f}, {:+.1f}]", scale * i["mean"].get<double>(),
                     scale * i["lo"].get<double>(), scale * i["hi"].get<double>());
}

// The most frequent loss reason, or "-".
std::string top_loss(const SimJson& reasons) {
  std::string best = "-";
  int64_t n = 0;
  for (const auto& [name, count] : reasons.items())
    if (count.get<int64_t>() > n) n = count.get<int64_t>(), best = name;
  return best;
}

}  // namespace

void write_sim_text(std::ostream& out, const SimJson& doc) {
  const bool coop = doc["cooperative"].get<bool>();
  const bool compare = doc["readings"].size() > 1;
  out << fmt::format("carcheck simulate: {} games a cell, policy {}, seed {}{}\n",
                     doc["games"].get<int64_t>(), doc["policy"].get<std::string>(),
                     doc["seed"].get<uint64_t>(),
                     doc.contains("shard") ? ", shard " + doc["shard"].get<std::string>() : "");
  if (doc["reconstructed_geometry"].get<bool>())
    out << "note: the tile geometry is reconstructed (tiles.yaml): absolute rates are those of "
           "the\n"
           "      reconstruction; differences between readings are what the run measures\n";
  if (coop)
    out << fmt::format("{:<9} {:>2} {:<32} {:>6} {:<22} {:>6} {:>6}  {:<24}{}\n", "rule set", "p",
                       "reading", "games", "win rate [95%]", "score", "turns", "main loss",
                       compare ? "  win vs default [95%]" : "");
  else
    out << fmt::format("{:<9} {:>2} {:<32} {:>6} {:>6} {:>6} {:>6} {:>6}  {}{}\n", "rule set", "p",
                       "reading", "games", "top", "spread", "ties", "turns", "score per seat",
                       compare ? "  top vs default [95%]" : "");
  for (const SimJson& c : doc["cells"]) {
    const SimJson& s = c["stats"];
    std::string diff;
    if (s.contains("vs_default"))
      diff = coop ? "  " + signed_interval(s["vs_default"]["won"], 100) + " pt"
                  : "  " + signed_interval(s["vs_default"]["score"], 1);
    if (coop) {
      out << fmt::format("{:<9} {:>2} {:<32} {:>6} {:<22} {:>6.1f} {:>6.1f}  {:<24}{}\n",
                         c["rule_set"].get<std::string>(), c["players"].get<int>(),
                         c["reading"].get<std::string>(), c["games"].get<int64_t>(),
                         pct(s["win_rate"]), s["score"]["mean"].get<double>(),
                         s["turns"]["mean"].get<double>(), top_loss(s["loss_reasons"]), diff);
    } else {
      std::string seats;
      for (const SimJson& p : s["score_per_seat"])
        seats += fmt::format("{:.1f} ", p["mean"].get<double>());
      out << fmt::format("{:<9} {:>2} {:<32} {:>6} {:>6.1f} {:>6.1f} {:>5.1f}% {:>6.1f}  {}{}\n",
                         c["rule_set"].get<std::string>(), c["players"].get<int>(),
                         c["reading"].get<std::string>(), c["games"].get<int64_t>(),
                         s["top_score"]["mean"].get<double>(), s["spread"]["mean"].get<double>(),
                         100 * s["ties"]["rate"].get<double>(), s["turns"]["mean"].get<double>(),
                         seats, diff);
    }
  }
  if (doc.contains("partial")) out << "PARTIAL: the run was stopped before every game was played\n";
}

void write_sim_csv(std::ostream& out, const SimJson& doc) {
  const SimJson& cells = doc["cells"];
  if (cells.empty()) return;
  const bool coop = doc["cooperative"].get<bool>();
  std::vector<std::string> head{"rule_set", "level", "players", "reading", "games"};
  if (coop)
    for (const char* k : {"win_rate", "win_lo", "win_hi", "score_mean", "score_sd"})
      head.push_back(k);
  else
    for (const char* k : {"top_score_mean", "spread_mean", "tie_rate"}) head.push_back(k);
  head.push_back("turns_mean");
  const SimJson& first = cells[0]["stats"];
  if (coop)
    for (const auto& [name, v] : first["loss_reasons"].items()) head.push_back("loss:" + name);
  for (const auto& [name, v] : first["events_per_game"].items()) head.push_back("per_game:" + name);
  const bool compare = doc["readings"].size() > 1;
  const char* const diff_figures[] = {"won", "score", "turns"};
  if (compare)
    for (const char* f : diff_figures)
      if (coop || std::string(f) != "won")
        for (const char* part : {"mean", "lo", "hi"})
          head.push_back(fmt::format("vs_default:{}:{}", f, part));
  out << fmt::format("{}\n", fmt::join(head, ","));
  for (const SimJson& c : cells) {
    const SimJson& s = c["stats"];
    std::vector<std::string> row{
        c["rule_set"].get<std::string>(), std::to_string(c["level"].get<int>()),
        std::to_string(c["players"].get<int>()), c["reading"].get<std::string>(),
        std::to_string(c["games"].get<int64_t>())};
    auto num = [&](const SimJson& v) { row.push_back(fmt::format("{:.6g}", v.get<double>())); };
    if (coop) {
      num(s["win_rate"]["mean"]), num(s["win_rate"]["lo"]), num(s["win_rate"]["hi"]);
      num(s["score"]["mean"]), num(s["score"]["sd"]);
    } else {
      num(s["top_score"]["mean"]), num(s["spread"]["mean"]), num(s["ties"]["rate"]);
    }
    num(s["turns"]["mean"]);
    if (coop)
      for (const auto& [name, v] : s["loss_reasons"].items())
        row.push_back(std::to_string(v.get<int64_t>()));
    for (const auto& [name, v] : s["events_per_game"].items()) num(v);
    if (compare)
      for (const char* f : diff_figures) {
        if (!coop && std::string(f) == "won") continue;
        for (const char* part : {"mean", "lo", "hi"}) {
          if (s.contains("vs_default"))
            num(s["vs_default"][f][part]);
          else
            row.push_back("0");
        }
      }
    out << fmt::format("{}\n", fmt::join(row, ","));
  }
}

}  // namespace carcheck
