// `carcheck replay` and `carcheck export-spec`: logged games (docs/game-log.md) played
// through the rules, and one of them turned into a spec.
#include <fmt/format.h>

#include <array>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include "cli/check_report.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/options.h"
#include "dsl/diagnostic.h"
#include "gamelog/replay.h"

namespace carcheck {

namespace {

constexpr const char* kReplayAbout =
    "replay logged games through the rules and report where they disagree\n"
    "\n"
    "Each line of each FILE is one game in the game-log format (docs/game-log.md), written\n"
    "by carcheck (`play --log`, `fuzz --out`) or by another engine. Every turn is played on\n"
    "carcheck's engine; the first point of disagreement is reported: an action the rules\n"
    "refuse, a score, a legal set the writer logged, the end of the game.\n";

constexpr const char* kExportAbout =
    "turn one logged game (or its first turns) into a spec\n"
    "\n"
    "Writes the spec (docs/spec-language.md) that replays the game of line --line of FILE up\n"
    "to --turns turns and expects the scores the rules give there, the log's own numbers in\n"
    "comments where they differ: a disagreement becomes a regression spec.\n";

struct ReplayCommand {
  std::vector<std::string> files;
  bool json = false;
  std::string junit;
  bool go_on = false;
};

struct GameOutcome {
  std::string file;
  int line = 0;
  std::optional<LogError> error;  // the line is not a game log, or its game cannot be built
  ReplayResult result;
};

// Games are built once per distinct header: a file of logs shares a handful.
class GameCache {
 public:
  const Game& get(const GameLog& g) {
    if (!g.tiles.empty()) {
      custom_ = log_game(g);
      return *custom_;
    }
    std::string key =
        g.game.rules + "/" + std::to_string(g.game.level) + "/" + std::to_string(g.game.players);
    for (const std::string& v : g.game.variants) key += "/" + v;
    auto it = games_.find(key);
    if (it == games_.end()) it = games_.emplace(key, log_game(g)).first;
    return *it->second;
  }

 private:
  std::map<std::string, std::unique_ptr<Game>> games_;
  std::unique_ptr<Game> custom_;
};

// Reads a log's lines; a line's reason when it is no game log or its game cannot be built.
std::vector<GameOutcome> replay_file(const std::string& file, const ReplayOptions& o,
                                     GameCache& cache) {
  std::ifstream in(file);
  if (!in) throw InputError({file, 0, 0}, "cannot read the file");
  std::vector<GameOutcome> out;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    GameOutcome g;
    g.file = file;
    g.line = line;
    LogError error;
    std::optional<GameLog> log = read_game_log(text, line, error);
    if (!log) {
      g.error = error;
    } else {
      try {
        g.result = replay_log(*log, cache.get(*log), o);
      } catch (const std::exception& e) {
        g.error = LogError{line, "", e.what()};
      }
    }
    out.push_back(std::move(g));
  }
  return out;
}

struct Tally {
  int games = 0, agree = 0, disagree = 0, unreadable = 0;
  std::array<int, kDisagreementKinds> by_kind{};
};

Tally tally(const std::vector<GameOutcome>& all) {
  Tally t;
  for (const GameOutcome& g : all) {
    ++t.games;
    if (g.error) {
      ++t.unreadable;
    } else if (g.result.agrees()) {
      ++t.agree;
    } else {
      ++t.disagree;
      ++t.by_kind[static_cast<size_t>(g.result.findings.front().kind)];
    }
  }
  return t;
}

std::string summary(const Tally& t) {
  std::string s =
      fmt::format("replay: {} game(s), {} agree, {} disagree", t.games, t.agree, t.disagree);
  std::string kinds;
  for (int k = 0; k < kDisagreementKinds; ++k)
    if (t.by_kind[static_cast<size_t>(k)] > 0)
      kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ",
                           disagreement_name(static_cast<Disagreement>(k)),
                           t.by_kind[static_cast<size_t>(k)]);
  if (!kinds.empty()) s += " (" + kinds + ")";
  return s + fmt::format(", {} unreadable", t.unreadable);
}

void print_text(const std::vector<GameOutcome>& all, const Tally& t) {
  for (const GameOutcome& g : all) {
    if (g.error) {
      fmt::print("ERROR     {}:{}: {}\n", g.file, g.line,
                 (g.error->path.empty() ? "" : g.error->path + ": ") + g.error->reason);
      continue;
    }
    const ReplayResult& r = g.result;
    if (r.agrees()) {
      fmt::print("AGREE     {}:{}: {}, {} player(s), {} turn(s)\n", g.file, g.line, r.rules,
                 r.players, r.turns);
      continue;
    }
    fmt::print("DISAGREE  {}:{}: {}, {} player(s)\n", g.file, g.line, r.rules, r.players);
    for (const Finding& f : r.findings) {
      fmt::print("          {} {}: {}\n", f.turn ? "turn " + std::to_string(f.turn) : "game",
                 disagreement_name(f.kind), f.detail);
      if (!f.board.empty()) fmt::print("{}\n", f.board);
    }
  }
  fmt::print("{}\n", summary(t));
}

Json replay_json(const std::vector<GameOutcome>& all, const Tally& t) {
  Json games = Json::array();
  for (const GameOutcome& g : all) {
    Json row = {{"file", g.file}, {"line", g.line}};
    if (g.error) {
      row["status"] = "error";
      row["path"] = g.error->path;
      row["reason"] = g.error->reason;
    } else {
      row["status"] = g.result.agrees() ? "agree" : "disagree";
      row["rules"] = g.result.rules;
      row["players"] = g.result.players;
      row["turns"] = g.result.turns;
      Json findings = Json::array();
      for (const Finding& f : g.result.findings)
        findings.push_back(
            {{"turn", f.turn}, {"kind", disagreement_name(f.kind)}, {"detail", f.detail}});
      row["findings"] = findings;
    }
    games.push_back(row);
  }
  Json kinds = Json::object();
  for (int k = 0; k < kDisagreementKinds; ++k)
    kinds[disagreement_name(static_cast<Disagreement>(k))] = t.by_kind[static_cast<size_t>(k)];
  return {{"games", games},
          {"summary",
           {{"games", t.games},
            {"agree", t.agree},
            {"disagree", t.disagree},
            {"unreadable", t.unreadable},
            {"by_kind", kinds}}}};
}

void write_junit(const std::string& path, const std::vector<GameOutcome>& all, const Tally& t) {
  std::ofstream o(path);
  if (!o) throw InputError({path, 0, 0}, "cannot write the JUnit report");
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  o << fmt::format(
      "<testsuites name=\"carcheck replay\" tests=\"{}\" failures=\"{}\" errors=\"{}\">\n", t.games,
      t.disagree, t.unreadable);
  o << fmt::format(
      "  <testsuite name=\"carcheck replay\" tests=\"{}\" failures=\"{}\" errors=\"{}\" "
      "skipped=\"0\">\n",
      t.games, t.disagree, t.unreadable);
  for (const GameOutcome& g : all) {
    o << fmt::format("    <testcase classname=\"{}\" name=\"line {}\">", xml(g.file), g.line);
    if (g.error) {
      o << fmt::format("<error message=\"{}\"/>",
                       xml((g.error->path.empty() ? "" : g.error->path + ": ") + g.error->reason));
    } else if (!g.result.agrees()) {
      const Finding& f = g.result.findings.front();
      o << fmt::format("<failure message=\"turn {} {}: {}\">{}</failure>", f.turn,
                       disagreement_name(f.kind), xml(f.detail), xml(f.board));
    }
    o << "</testcase>\n";
  }
  o << "  </testsuite>\n</testsuites>\n";
}

int replay(const ReplayCommand& c) {
  ReplayOptions o;
  o.continue_after_refusal = c.go_on;
  GameCache cache;
  std::vector<GameOutcome> all;
  for (const std::string& f : c.files) {
    std::vector<GameOutcome> part = replay_file(f, o, cache);
    all.insert(all.end(), std::make_move_iterator(part.begin()),
               std::make_move_iterator(part.end()));
  }
  const Tally t = tally(all);
  if (c.json)
    print_json(std::cout, replay_json(all, t));
  else
    print_text(all, t);
  if (!c.junit.empty()) write_junit(c.junit, all, t);
  return t.unreadable > 0 ? 2 : t.disagree > 0 ? 1 : 0;
}

struct ExportCommand {
  std::string file;
  int line = 1;
  int turns = -1;
  std::string out;
};

int export_spec_command(const ExportCommand& c) {
  std::ifstream in(c.file);
  if (!in) throw InputError({c.file, 0, 0}, "cannot read the file");
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (line != c.line) continue;
    LogError error;
    std::optional<GameLog> log = read_game_log(text, line, error);
    if (!log)
      throw InputError({c.file, line, 1},
                       (error.path.empty() ? "" : error.path + ": ") + error.reason);
    std::unique_ptr<Game> game = log_game(*log);
    const std::string spec = export_spec(*log, *game, c.turns, c.file);
    if (c.out.empty()) {
      std::cout << spec;
      return 0;
    }
    std::ofstream o(c.out);
    if (!o || !(o << spec)) throw InputError({c.out, 0, 0}, "cannot write the spec");
    return 0;
  }
  throw InputError({c.file, 0, 0}, "has no line " + std::to_string(c.line));
}

}  // namespace

CommandRun add_replay_command(CLI::App& carcheck) {
  auto c = std::make_shared<ReplayCommand>();
  CLI::App* cmd = carcheck.add_subcommand("replay", kReplayAbout);
  cmd->add_option("FILE", c->files, "game logs, one game a line (JSON Lines)")
      ->required()
      ->check(CLI::ExistingFile);
  add_json_flag(*cmd, c->json, "one JSON document instead of text");
  cmd->add_option("--junit", c->junit, "also write a JUnit XML report, a test case per game")
      ->type_name("FILE");
  cmd->add_flag("--continue-after-refusal", c->go_on,
                "skip an action the rules refuse and go on, to report later differences too");
  cmd->footer(
      "Exit status: 0 every game agrees, 1 a game disagrees, 2 an unreadable line or "
      "bad usage.");
  return [c] { return replay(*c); };
}

CommandRun add_export_spec_command(CLI::App& carcheck) {
  auto c = std::make_shared<ExportCommand>();
  CLI::App* cmd = carcheck.add_subcommand("export-spec", kExportAbout);
  cmd->add_option("FILE", c->file, "a game log")->required()->check(CLI::ExistingFile);
  add_int_option(*cmd, "--line", c->line, 1, 100000000, "N",
                 "the game: its line in FILE (default 1)");
  add_int_option(*cmd, "--turns", c->turns, 0, 100000, "K",
                 "replay only the first K turns (default: the whole game)");
  cmd->add_option("-o,--out", c->out, "write the spec to FILE (default: standard output)")
      ->type_name("FILE");
  cmd->footer("Exit status: 0 the spec was written, 2 bad input or usage.");
  return [c] { return export_spec_command(*c); };
}

}  // namespace carcheck
