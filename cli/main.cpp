// carcheck: check Carcassonne rules by execution. See README.md.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/usage.h"
#include "dsl/diagnostic.h"
#include "dsl/tile_loader.h"

namespace {

using namespace carcheck;

constexpr const char* kAbout =
    "carcheck: check Carcassonne rule systems by execution (Mists over Carcassonne Levels\n"
    "1-6, the base game first edition, the Print-and-Play demo, Bridges, Castles and\n"
    "Bazaars).\n";
constexpr const char* kFooter =
    "Run `carcheck <command> --help` for a command's options.\n"
    "Exit status: 0 success, 1 a check or property failed, 2 bad input or usage.";

// "carcheck" or "carcheck fuzz": the command a message is about.
std::string command_name(CLI::App& app) {
  std::vector<CLI::App*> chosen = app.get_subcommands();
  return chosen.empty() ? "carcheck" : "carcheck " + chosen.front()->get_name();
}

// The command list shows each command's first line; `carcheck <command> --help` shows all.
class Formatter : public CLI::Formatter {
 public:
  std::string make_subcommand(const CLI::App* sub) const override {
    std::stringstream out;
    const std::string about = sub->get_description();
    CLI::detail::format_help(out, sub->get_display_name(true), about.substr(0, about.find('\n')),
                             column_width_);
    return out.str();
  }
};

int usage_error(const std::string& command, const std::string& why) {
  fmt::print(stderr, "{}: {}\nRun `{} --help` for the options.\n", command, why, command);
  return 2;
}

// Bad data: `file:line:column: reason`, or `file: reason` when the file cannot be read.
int input_error(const InputError& e) {
  if (e.pos().line <= 0)
    fmt::print(stderr, "{}: {}\n", e.pos().file, e.reason());
  else
    fmt::print(stderr, "{}\n", e.what());
  return 2;
}

// A missing or unknown first word is named as a command, not as an unexpected argument.
std::optional<std::string> bad_command(CLI::App& app, int argc, char** argv) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (argc >= 2 && sub->get_name() == argv[1]) return std::nullopt;
    names.push_back(sub->get_name());
  }
  if (argc < 2) return fmt::format("a command is required ({})", fmt::join(names, ", "));
  if (argv[1][0] == '-') return std::nullopt;  // --help, or an option CLI11 refuses
  return fmt::format("unknown command '{}' (commands: {})", argv[1], fmt::join(names, ", "));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{kAbout, "carcheck"};
  app.footer(kFooter);
  app.require_subcommand(1);
  auto formatter = std::make_shared<Formatter>();
  formatter->column_width(18);
  app.formatter(formatter);  // before the commands are added: they share it
  std::map<const CLI::App*, CommandRun> runs;
  for (auto add : {add_check_command, add_play_command, add_fuzz_command, add_tiles_command,
                   add_replay_command, add_export_spec_command, add_simulate_command,
                   add_merge_command, add_perft_command}) {
    CommandRun run = add(app);
    runs[app.get_subcommands({}).back()] = std::move(run);
  }
  std::string data;  // --data DIR, before the command or among its options
  add_data_option(app, data);
  for (CLI::App* sub : app.get_subcommands({})) add_data_option(*sub, data);
  if (std::optional<std::string> why = bad_command(app, argc, argv))
    return usage_error("carcheck", *why);
  try {
    app.parse(argc, argv);
    if (!data.empty()) set_data_dir(data);
    return runs.at(app.get_subcommands().front())();
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);  // prints the help of the command asked about, exit status 0
  } catch (const CLI::ParseError& e) {
    return usage_error(command_name(app), e.what());
  } catch (const UsageError& e) {
    return usage_error(command_name(app), e.what());
  } catch (const InputError& e) {
    return input_error(e);
  } catch (const std::exception& e) {
    fmt::print(stderr, "{}: {}\n", command_name(app), e.what());
    return 2;
  }
}
