// `carcheck merge`: shards' JSON of `carcheck simulate --shard K/N` into the JSON of the
// unsharded run, byte for byte; shards of different runs are refused with the reason.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/fuzz_report.h"
#include "cli/json.h"
#include "cli/usage.h"
#include "sim/report.h"

namespace carcheck {

namespace {

constexpr const char* kAbout =
    "merge the JSON of simulate's (or fuzz's) shards into the result of the whole run\n"
    "\n"
    "For `carcheck fuzz --json --shard K/N` summaries: their counts added up to the whole run's\n"
    "(games, actions, failures, events, failed games), the wall time the longest shard's.\n"
    "Reads the JSON documents of `carcheck simulate --json --shard K/N`, every K of one N, and\n"
    "prints the JSON of the unsharded run (byte-equal to it), or with --text its table. Shards\n"
    "of different runs (rules, levels, players, readings, policy, seed, games, version) are\n"
    "refused with the first difference.\n";

struct MergeOptions {
  std::vector<std::string> files;
  bool text = false;
};

int merge(const MergeOptions& o) {
  std::vector<SimJson> docs;
  for (const std::string& f : o.files) {
    std::ifstream in(f, std::ios::binary);
    if (!in) throw UsageError(fmt::format("cannot read {}", f));
    try {
      docs.push_back(SimJson::parse(in));
    } catch (const SimJson::exception&) {
      throw UsageError(fmt::format("{}: not a JSON document", f));
    }
  }
  // carcheck fuzz --json summaries carry their failed games; simulate's documents do not.
  if (!docs.empty() && docs.front().contains("failed_games")) {
    std::vector<Json> fuzz;
    for (const SimJson& d : docs) fuzz.push_back(Json::parse(d.dump()));
    try {
      print_json(std::cout, merge_fuzz_json(fuzz, o.files));
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    } catch (const Json::exception&) {
      throw UsageError("a shard lacks what carcheck fuzz --json writes");
    }
    return 0;
  }
  SimJson doc;
  try {
    doc = merge_sim_json(docs, o.files);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  } catch (const SimJson::exception&) {
    throw UsageError("a shard lacks what carcheck simulate --json writes");
  }
  if (o.text)
    write_sim_text(std::cout, doc);
  else
    write_sim_json(std::cout, doc);
  return 0;
}

}  // namespace

CommandRun add_merge_command(Command& carcheck) {
  auto o = std::make_shared<MergeOptions>();
  Command cmd = carcheck.subcommand("merge", kAbout);
  cmd.option("files", o->files, "the shards' JSON files").required().type_name("FILE");
  cmd.flag("--text", o->text, "the table instead of the JSON").disable_flag_override();
  cmd.footer("Exit status: 0 merged, 2 shards that do not belong together or bad usage.");
  return [o] { return merge(*o); };
}

}  // namespace carcheck
