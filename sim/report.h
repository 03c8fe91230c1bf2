// A simulation's results as one JSON document (nlohmann ordered_json, so the bytes are stable):
// the run's parameters, then per cell its whole-number totals and the figures read from them.
// The text table, the CSV and the HTML page are all drawn from this document, and `carcheck
// merge` rebuilds it from shards' totals with the same code, so a merged run is byte-equal.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "sim/plan.h"
#include "sim/runner.h"

namespace carcheck {

using SimJson = nlohmann::ordered_json;

// The whole document of a run (a shard's names its shard; a partial run says so).
SimJson sim_json(const SimPlan& plan, const SimResult& result);
// One compact line and a newline.
void write_sim_json(std::ostream& out, const SimJson& doc);

// Shards' documents (in any order) into the document of the unsharded run. Throws
// std::invalid_argument when they do not belong together (another run, a shard twice or
// missing, a partial shard), naming the first difference.
SimJson merge_sim_json(const std::vector<SimJson>& shards, const std::vector<std::string>& names);

// The text table (one row a cell) and the CSV (one row a cell, a header row first).
void write_sim_text(std::ostream& out, const SimJson& doc);
void write_sim_csv(std::ostream& out, const SimJson& doc);
// One self-contained HTML page with inline SVG charts (sim/report_html.cpp).
void write_sim_html(std::ostream& out, const SimJson& doc);

}  // namespace carcheck
