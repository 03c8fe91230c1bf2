// The HTML page of a simulation: one self-contained file, inline SVG, no script and nothing
// fetched (sim/report.h). Drawn from the JSON document, like the table.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "render/markup.h"
#include "sim/report.h"

namespace carcheck {

namespace {

std::string escape(const std::string& s) { return markup_text(s); }

constexpr const char* kColours[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759",
                                    "#76b7b2", "#edc948", "#b07aa1", "#9c755f"};
const char* colour(size_t i) { return kColours[i % std::size(kColours)]; }

// One value a bar shows, with its interval when it has one.
struct Bar {
  double value = 0, lo = 0, hi = 0;
  bool interval = false;
  std::string title;
};

// Grouped vertical bars: groups along x, one bar per series in each, a legend of the series.
std::string bar_chart(const std::string& id, const std::string& title, const std::string& unit,
                      const std::vector<std::string>& groups,
                      const std::vector<std::string>& series,
                      const std::vector<std::vector<Bar>>& bars, double top) {
  const double bar_w = 18, gap = 14, left = 56, chart_h = 220, base = 30 + chart_h;
  const double group_w = bar_w * static_cast<double>(series.size()) + gap;
  size_t longest = 0;  // the legend's longest name sets the least width
  for (const std::string& name : series) longest = std::max(longest, name.size());
  const double width = std::max(left + group_w * static_cast<double>(groups.size()) + 20,
                                left + 40 + 7.0 * static_cast<double>(longest));
  const double height = base + 90 + 16 * static_cast<double>(series.size());
  if (top <= 0) top = 1;
  auto y = [&](double v) { return base - chart_h * std::clamp(v / top, 0.0, 1.0); };
  size_t count = 0;
  std::string svg;
  for (size_t g = 0; g < groups.size(); ++g) {
    const double x0 = left + group_w * static_cast<double>(g) + gap / 2;
    for (size_t s = 0; s < series.size(); ++s) {
      const Bar& b = bars[g][s];
      const double x = x0 + bar_w * static_cast<double>(s);
      svg += fmt::format(
          "<rect class=\"bar\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
          "fill=\"{}\">"
          "<title>{}</title></rect>\n",
          x, y(b.value), bar_w - 2, base - y(b.value), colour(s), escape(b.title));
      if (b.interval)
        svg += fmt::format(
            "<path class=\"ci\" d=\"M{0:.1f} {1:.1f}V{2:.1f}M{3:.1f} {1:.1f}H{4:.1f}M{3:.1f} "
            "{2:.1f}H{4:.1f}\" "
            "stroke=\"#222\" fill=\"none\"/>\n",
            x + bar_w / 2 - 1, y(b.lo), y(b.hi), x + 3, x + bar_w - 5);
      ++count;
    }
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" transform=\"rotate(40 {:.1f} "
        "{:.1f})\">{}</text>\n",
        x0, base + 14, x0, base + 14, escape(groups[g]));
  }
  std::string axis;
  for (int t = 0; t <= 4; ++t) {
    const double v = top * t / 4;
    axis += fmt::format(
        "<line x1=\"{0}\" x2=\"{1:.1f}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"#ddd\"/>"
        "<text x=\"{3}\" y=\"{4:.1f}\" font-size=\"11\" text-anchor=\"end\">{5}</text>\n",
        left, width - 20, y(v), left - 4, y(v) + 4, fmt::format("{:.3g}{}", v, unit));
  }
  std::string legend;
  for (size_t s = 0; s < series.size(); ++s)
    legend += fmt::format(
        "<rect x=\"{0}\" y=\"{1:.1f}\" width=\"10\" height=\"10\" fill=\"{2}\"/>"
        "<text x=\"{3}\" y=\"{4:.1f}\" font-size=\"12\">{5}</text>\n",
        left, base + 70 + 16 * static_cast<double>(s), colour(s), left + 14,
        base + 79 + 16 * static_cast<double>(s), escape(series[s]));
  return fmt::format(
      "<h2>{}</h2>\n<svg id=\"{}\" class=\"chart\" data-bars=\"{}\" "
      "xmlns=\"http://www.w3.org/2000/svg\" "
      "width=\"{:.0f}\" height=\"{:.0f}\" viewBox=\"0 0 {:.0f} {:.0f}\">\n{}{}{}</svg>\n",
      escape(title), id, count, width, height, width, height, axis, svg, legend);
}

std::string group_label(const SimJson& c) {
  return fmt::format("{} p{}", c["rule_set"].get<std::string>(), c["players"].get<int>());
}

std::string cell_head(const SimJson& c) {
  return fmt::format("<td>{}</td><td>{}</td><td>{}</td>", escape(c["rule_set"].get<std::string>()),
                     c["players"].get<int>(), escape(c["reading"].get<std::string>()));
}

// Bridges, Castles and Bazaars: castles built and their points, bridges, bazaar payments and
// bids, per game.
void write_bcb_table(std::ostream& out, const SimJson& cells) {
  bool any = false;
  for (const SimJson& c : cells) any = any || c["stats"].contains("bcb");
  if (!any) return;
  out << "<h2>Bridges, Castles and Bazaars per game</h2>\n<table id=\"bcb\">\n"
         "<tr><th>rule set</th><th>players</th><th>reading</th><th>castles</th><th>castle "
         "points</th><th>bridges</th><th>bazaar points paid</th><th>bids</th><th>mean "
         "bid</th></tr>\n";
  for (const SimJson& c : cells) {
    if (!c["stats"].contains("bcb")) continue;
    const SimJson& b = c["stats"]["bcb"];
    out << fmt::format(
        "<tr>{}<td>{:.2f}</td><td>{:.2f}</td><td>{:.2f}</td><td>{:.2f}</td><td>{:.2f}</td><td>{:."
        "2f}</td></tr>\n",
        cell_head(c), b["castles"].get<double>(), b["castle_points"]["mean"].get<double>(),
        b["bridges"].get<double>(), b["bazaar_paid"]["mean"].get<double>(), b["bids"].get<double>(),
        b["mean_bid"].get<double>());
  }
  out << "</table>\n";
}

// --versus: the paired score difference per seat and game with its 95% interval.
void write_versus_table(std::ostream& out, const SimJson& doc) {
  if (!doc.contains("versus")) return;
  out << fmt::format(
      "<h2>{} against {} (paired: each game in both seatings; per seat and game)</h2>\n"
      "<table id=\"versus\">\n<tr><th>rule set</th><th>players</th><th>reading</th>"
      "<th>pairs</th><th>{}</th><th>{}</th><th>difference [95%]</th></tr>\n",
      escape(doc["policy"].get<std::string>()), escape(doc["versus"].get<std::string>()),
      escape(doc["policy"].get<std::string>()), escape(doc["versus"].get<std::string>()));
  for (const SimJson& c : doc["cells"]) {
    const SimJson& v = c["stats"]["versus"];
    const SimJson& d = v["difference"];
    out << fmt::format(
        "<tr>{}<td>{}</td><td>{:.2f}</td><td>{:.2f}</td><td>{:+.2f} [{:+.2f}, {:+.2f}]</td></tr>\n",
        cell_head(c), v["pairs"].get<int64_t>(), v["policy_score"].get<double>(),
        v["versus_score"].get<double>(), d["mean"].get<double>(), d["lo"].get<double>(),
        d["hi"].get<double>());
  }
  out << "</table>\n";
}

}  // namespace

void write_sim_html(std::ostream& out, const SimJson& doc) {
  const bool coop = doc["cooperative"].get<bool>();
  std::vector<std::string> readings;
  for (const SimJson& r : doc["readings"]) readings.push_back(r.get<std::string>());
  const size_t nr = readings.size();
  std::vector<std::string> groups;
  std::vector<std::vector<Bar>> main_bars;
  double top = 1.0;
  const SimJson& cells = doc["cells"];
  for (size_t c = 0; c < cells.size(); ++c) {
    const SimJson& cell = cells[c];
    if (c % nr == 0) groups.push_back(group_label(cell)), main_bars.emplace_back();
    const SimJson& s = cell["stats"];
    const SimJson& i = coop ? s["win_rate"] : s["top_score"];
    Bar b{i["mean"].get<double>(), i["lo"].get<double>(), i["hi"].get<double>(), true, ""};
    b.title = coop ? fmt::format("{} {}: win rate {:.1f}% [{:.1f}, {:.1f}]", group_label(cell),
                                 cell["reading"].get<std::string>(), 100 * b.value, 100 * b.lo,
                                 100 * b.hi)
                   : fmt::format("{} {}: top score {:.1f} [{:.1f}, {:.1f}]", group_label(cell),
                                 cell["reading"].get<std::string>(), b.value, b.lo, b.hi);
    if (coop) b.value *= 100, b.lo *= 100, b.hi *= 100;
    top = std::max(top, b.hi);
    main_bars.back().push_back(b);
  }
  if (coop) top = 100;  // rates on the whole scale

  // Events per game, each kind that happened at all, averaged over the groups of a reading.
  std::vector<std::string> kinds;
  std::vector<std::vector<Bar>> event_bars;
  double event_top = 0;
  for (const auto& [name, v] : cells[0]["stats"]["events_per_game"].items()) {
    std::vector<Bar> per_reading(nr);
    bool any = false;
    for (size_t c = 0; c < cells.size(); ++c) {
      const double f = cells[c]["stats"]["events_per_game"][name].get<double>();
      per_reading[c % nr].value += f / static_cast<double>(cells.size() / nr);
      any = any || f > 0;
    }
    if (!any) continue;
    for (size_t r = 0; r < nr; ++r) {
      per_reading[r].title =
          fmt::format("{} {}: {:.2f} per game", name, readings[r], per_reading[r].value);
      event_top = std::max(event_top, per_reading[r].value);
    }
    kinds.push_back(name);
    event_bars.push_back(std::move(per_reading));
  }

  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
         "<title>carcheck "
         "simulate</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:80em}"
         "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px "
         "8px;text-align:left}"
         ".banner{background:#fff3cd;border:1px solid #e0c060;padding:.6em 1em;margin:1em 0}"
         ".partial{background:#f8d7da;border:1px solid #d08080;padding:.6em "
         "1em}</style></head><body>\n";
  out << "<h1>carcheck simulate</h1>\n";
  if (doc.value("reconstructed_geometry", false))
    out << "<div class=\"banner\" id=\"geometry-banner\"><b>Reconstructed tile geometry.</b> The "
           "sources show "
           "these tiles only as pictures; their edges and features in tiles.yaml are a "
           "reconstruction. "
           "Absolute win rates are those of the reconstruction; the differences between readings "
           "on "
           "the same games are what this run measures best.</div>\n";
  if (doc.contains("partial"))
    out << "<div class=\"partial\">Partial: the run was stopped early.</div>\n";
  out << "<h2>Parameters</h2>\n<table id=\"parameters\">\n";
  for (const auto& [key, value] : doc.items())
    if (key != "cells")
      out << fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", escape(key),
                         escape(value.is_string() ? value.get<std::string>() : value.dump()));
  out << "</table>\n";
  out << bar_chart("win-rate",
                   coop ? "Win rate per level and reading (95% Wilson interval)"
                        : "Top score per cell and reading (95% interval)",
                   coop ? "%" : "", groups, readings, main_bars, coop ? top : top * 1.1);
  out << bar_chart("events", "Events per game (mean over the cells of a reading)", "", kinds,
                   readings, event_bars, event_top * 1.1);
  write_bcb_table(out, cells);
  write_versus_table(out, doc);
  out << "</body></html>\n";
}

}  // namespace carcheck
