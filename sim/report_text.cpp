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

// Bridges, Castles and Bazaars: what the expansion's parts did, per game.
void write_bcb_text(std::ostream& out, const SimJson& doc) {
  bool any = false;
  for (const SimJson& c : doc["cells"]) any = any || c["stats"].contains("bcb");
  if (!any) return;
  out << fmt::format("\nper game: {:<9} {:>2} {:<32} {:>7} {:>10} {:>7} {:>11} {:>6} {:>8}\n",
                     "rule set", "p", "reading", "castles", "castle pts", "bridges", "bazaar paid",
                     "bids", "mean bid");
  for (const SimJson& c : doc["cells"]) {
    if (!c["stats"].contains("bcb")) continue;
    const SimJson& b = c["stats"]["bcb"];
    out << fmt::format(
        "          {:<9} {:>2} {:<32} {:>7.2f} {:>10.2f} {:>7.2f} {:>11.2f} {:>6.2f} {:>8.2f}\n",
        c["rule_set"].get<std::string>(), c["players"].get<int>(), c["reading"].get<std::string>(),
        b["castles"].get<double>(), b["castle_points"]["mean"].get<double>(),
        b["bridges"].get<double>(), b["bazaar_paid"]["mean"].get<double>(), b["bids"].get<double>(),
        b["mean_bid"].get<double>());
  }
}

// --versus: the paired difference, per seat and game.
void write_versus_text(std::ostream& out, const SimJson& doc) {
  if (!doc.contains("versus")) return;
  const std::string mine = doc["policy"].get<std::string>();
  const std::string theirs = doc["versus"].get<std::string>();
  out << fmt::format(
      "\n{} against {}: each game played in both seatings, scores per seat and game\n", mine,
      theirs);
  out << fmt::format("{:<9} {:>2} {:<32} {:>6} {:>8} {:>8}  {}\n", "rule set", "p", "reading",
                     "pairs", "policy", "versus", "difference [95%]");
  for (const SimJson& c : doc["cells"]) {
    const SimJson& v = c["stats"]["versus"];
    out << fmt::format("{:<9} {:>2} {:<32} {:>6} {:>8.2f} {:>8.2f}  {}\n",
                       c["rule_set"].get<std::string>(), c["players"].get<int>(),
                       c["reading"].get<std::string>(), v["pairs"].get<int64_t>(),
                       v["policy_score"].get<double>(), v["versus_score"].get<double>(),
                       signed_interval(v["difference"], 1));
  }
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
  write_bcb_text(out, doc);
  write_versus_text(out, doc);
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
  for (const auto& [name, v] : first["points_per_game"].items()) head.push_back("points:" + name);
  const bool bcb = first.contains("bcb"), versus = first.contains("versus");
  const char* const bcb_figures[] = {"castles",     "castle_points", "bridges",
                                     "bazaar_paid", "bids",          "mean_bid"};
  if (bcb)
    for (const char* f : bcb_figures) head.push_back(std::string("bcb:") + f);
  if (versus)
    for (const char* f :
         {"difference:mean", "difference:lo", "difference:hi", "policy_score", "versus_score"})
      head.push_back(std::string("versus:") + f);
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
    for (const auto& [name, v] : s["points_per_game"].items()) num(v);
    if (bcb)
      for (const char* f : bcb_figures) {
        const SimJson& v = s["bcb"][f];
        num(v.is_object() ? v["mean"] : v);
      }
    if (versus) {
      const SimJson& v = s["versus"];
      num(v["difference"]["mean"]), num(v["difference"]["lo"]), num(v["difference"]["hi"]);
      num(v["policy_score"]), num(v["versus_score"]);
    }
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
