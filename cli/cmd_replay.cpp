// `carcheck replay` and `carcheck export-spec`: logged games (docs/game-log.md) played
// through the rules, and one of them turned into a spec.
#include <fmt/format.h>

#include <array>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include "checker/log_spec.h"
#include "checker/trace.h"
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
  std::string after_finding = "stop";
  bool trace = false;
};

struct GameOutcome {
  std::string file;
  int line = 0;
  std::optional<LogError> error;  // the line is not a game log, or its game cannot be built
  ReplayResult result;
  std::map<int, std::vector<TraceStep>> traces;  // --trace: the turns with a finding
};

// The turn a finding's trace shows: its own, or for the game as a whole (the final scores,
// the end) the last turn replayed, whose end triggered the final scoring.
int traced_turn(const ReplayResult& r, const Finding& f) { return f.turn ? f.turn : r.turns; }

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
std::vector<GameOutcome> replay_file(const std::string& file, const ReplayOptions& options,
                                     GameCache& cache, bool trace) {
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
        const Game& game = cache.get(*log);
        ReplayOptions o = options;
        std::map<int, std::vector<TraceStep>> steps;
        std::optional<Tracer> tracer;
        if (trace) {
          tracer.emplace(game, shipped_citations());
          o.on_step = [&](const ReplayStep& s) {
            steps[s.turn].push_back(s.refused ? tracer->refused(s.kind, s.action, s.reason)
                                              : tracer->accepted(*s.state, s.action));
          };
        }
        g.result = replay_log(*log, game, o);
        for (const Finding& f : g.result.findings) {
          const int turn = traced_turn(g.result, f);
          if (steps.count(turn)) g.traces[turn] = steps[turn];
        }
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
    // Notes are not disagreements: the first one, and how many turns have one.
    const auto notes = [&r] {
      if (r.notes.empty()) return;
      fmt::print("          note at turn {}: {}", r.notes.front().turn, r.notes.front().detail);
      if (r.notes.size() > 1) fmt::print(" (notes at {} turns, --json lists them)", r.notes.size());
      fmt::print("\n");
    };
    if (r.agrees()) {
      fmt::print("AGREE     {}:{}: {}, {} player(s), {} turn(s)\n", g.file, g.line, r.rules,
                 r.players, r.turns);
      notes();
      continue;
    }
    fmt::print("DISAGREE  {}:{}: {}, {} player(s)\n", g.file, g.line, r.rules, r.players);
    for (const Finding& f : r.findings) {
      fmt::print("          {} {}: {}\n", f.turn ? "turn " + std::to_string(f.turn) : "game",
                 disagreement_name(f.kind), f.detail);
      if (!f.board.empty()) fmt::print("{}\n", f.board);
      auto trace = g.traces.find(traced_turn(r, f));
      if (trace != g.traces.end())
        fmt::print("          trace of turn {}:\n{}", trace->first, trace_text(trace->second));
    }
    notes();
  }
  fmt::print("{}\n", summary(t));
}

// A finding as data (docs/game-log.md, "Findings as data"): the fields its kind names, in the
// log's frame and seat numbers.
Json finding_json(const Finding& f) {
  Json j = {{"turn", f.turn}, {"kind", disagreement_name(f.kind)}, {"detail", f.detail}};
  switch (f.kind) {
    case Disagreement::Refused:
      if (!f.action.empty()) j["action"] = f.action;
      if (!f.reason.empty()) j["reason"] = f.reason;
      break;
    case Disagreement::Order:
      j["log_seat"] = f.log_seat;
      j["rules_seat"] = f.rules_seat;
      break;
    case Disagreement::Score:
    case Disagreement::FinalScore: {
      j["log"] = f.log_scores;
      j["rules"] = f.rules_scores;
      Json scorings = Json::array();
      for (const FindingEvent& e : f.scorings) {
        // Fixed keys; what who, value and extra hold is named beside them (engine/names.cpp).
        Json s = {{"event", e.event}};
        if (!e.feature.empty()) s["feature"] = e.feature;
        if (!e.who_is.empty()) {
          s["who"] = e.who;
          s["who_is"] = e.who_is;
        }
        if (e.at) {
          s["x"] = e.x;
          s["y"] = e.y;
        }
        if (!e.value_is.empty()) {
          s["value"] = e.value;
          s["value_is"] = e.value_is;
        }
        if (!e.extra_is.empty()) {
          s["extra"] = e.extra;
          s["extra_is"] = e.extra_is;
        }
        scorings.push_back(s);
      }
      j["scorings"] = scorings;
      break;
    }
    case Disagreement::LegalPlacements:
      if (!f.placements_log_only.empty() || !f.placements_rules_only.empty()) {
        j["log_only"] = f.placements_log_only;
        j["rules_only"] = f.placements_rules_only;
      }
      break;
    case Disagreement::LegalFollowers:
      if (!f.followers_log_only.empty() || !f.followers_rules_only.empty()) {
        j["log_only"] = f.followers_log_only;
        j["rules_only"] = f.followers_rules_only;
      }
      break;
    default:
      break;
  }
  if (!f.board.empty()) j["board"] = f.board;
  return j;
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
      if (!g.result.writer.empty()) row["writer"] = g.result.writer;
      row["rules"] = g.result.rules;
      row["players"] = g.result.players;
      row["turns"] = g.result.turns;
      Json findings = Json::array();
      for (const Finding& f : g.result.findings) {
        Json finding = finding_json(f);
        auto trace = g.traces.find(traced_turn(g.result, f));
        if (trace != g.traces.end()) {
          finding["trace_turn"] = trace->first;
          finding["trace"] = trace_json(trace->second);
        }
        findings.push_back(finding);
      }
      row["findings"] = findings;
      Json notes = Json::array();
      for (const Note& n : g.result.notes)
        notes.push_back({{"turn", n.turn}, {"detail", n.detail}});
      row["notes"] = notes;
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
  for (int k = 0; k < kAfterFindingModes; ++k)
    if (c.after_finding == after_finding_name(static_cast<AfterFinding>(k)))
      o.after_finding = static_cast<AfterFinding>(k);
  GameCache cache;
  std::vector<GameOutcome> all;
  for (const std::string& f : c.files) {
    std::vector<GameOutcome> part = replay_file(f, o, cache, c.trace);
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

CommandRun add_replay_command(Command& carcheck) {
  auto c = std::make_shared<ReplayCommand>();
  Command cmd = carcheck.subcommand("replay", kReplayAbout);
  cmd.option("FILE", c->files, "game logs, one game a line (JSON Lines)")
      .required()
      .existing_file();
  add_json_flag(cmd, c->json, "one JSON document instead of text");
  cmd.option("--junit", c->junit, "also write a JUnit XML report, a test case per game")
      .type_name("FILE");
  cmd.flag("--trace", c->trace,
           "print, with each finding, its turn's actions, their events, the rule behind "
           "each and the readings in force, as `check --trace` does (--json: a \"trace\" "
           "array per finding)");
  cmd.option("--after-finding", c->after_finding,
             "after a game's first finding: stop (the default), rules (go on with the "
             "rules' correction: a refused action is skipped, carcheck's scores go on) or "
             "as-logged (as rules, but a differing score is taken from the log)")
      .type_name("MODE")
      .one_of({"stop", "rules", "as-logged"});
  // The former name: it went on after every kind of finding, not only a refusal.
  cmd.flag_callback(
      "--continue-after-refusal", [c] { c->after_finding = "rules"; },
      "the same as --after-finding rules (its former name)");
  cmd.footer(
      "Exit status: 0 every game agrees, 1 a game disagrees, 2 an unreadable line or "
      "bad usage.");
  return [c] { return replay(*c); };
}

CommandRun add_export_spec_command(Command& carcheck) {
  auto c = std::make_shared<ExportCommand>();
  Command cmd = carcheck.subcommand("export-spec", kExportAbout);
  cmd.option("FILE", c->file, "a game log").required().existing_file();
  add_int_option(cmd, "--line", c->line, 1, 100000000, "N",
                 "the game: its line in FILE (default 1)");
  add_int_option(cmd, "--turns", c->turns, 0, 100000, "K",
                 "replay only the first K turns (default: the whole game)");
  cmd.option("-o,--out", c->out, "write the spec to FILE (default: standard output)")
      .type_name("FILE");
  cmd.footer("Exit status: 0 the spec was written, 2 bad input or usage.");
  return [c] { return export_spec_command(*c); };
}

}  // namespace carcheck
