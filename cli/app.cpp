// The one file that compiles CLI11 (cli/command.h): the Option and Command wrappers, and the
// program's parse, dispatch and error reporting.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/usage.h"
#include "dsl/diagnostic.h"
#include "dsl/tile_loader.h"

namespace carcheck {

Option& Option::required() {
  o_->required();
  return *this;
}
Option& Option::type_name(const std::string& name) {
  o_->type_name(name);
  return *this;
}
Option& Option::disable_flag_override() {
  o_->disable_flag_override();
  return *this;
}
Option& Option::allow_extra_args(bool allow) {
  o_->allow_extra_args(allow);
  return *this;
}
Option& Option::excludes(Option other) {
  o_->excludes(other.o_);
  return *this;
}
Option& Option::needs(Option other) {
  o_->needs(other.o_);
  return *this;
}
Option& Option::existing_file() {
  o_->check(CLI::ExistingFile);
  return *this;
}
Option& Option::one_of(std::vector<std::string> values) {
  o_->check(CLI::IsMember(std::move(values)));
  return *this;
}
Option& Option::check(OptionCheck check, const std::string& name) {
  o_->check(CLI::Validator([check](std::string& text) { return check(text); }, "", name));
  return *this;
}

Option Command::option(const std::string& name, std::string& value, const std::string& help) {
  return Option(app_->add_option(name, value, help));
}
Option Command::option(const std::string& name, std::optional<std::string>& value,
                       const std::string& help) {
  return Option(app_->add_option(name, value, help));
}
Option Command::option(const std::string& name, std::vector<std::string>& value,
                       const std::string& help) {
  return Option(app_->add_option(name, value, help));
}
Option Command::option(const std::string& name, int& value, const std::string& help) {
  return Option(app_->add_option(name, value, help));
}
Option Command::option(const std::string& name, int64_t& value, const std::string& help) {
  return Option(app_->add_option(name, value, help));
}
Option Command::option(const std::string& name, uint64_t& value, const std::string& help) {
  return Option(app_->add_option(name, value, help));
}
Option Command::flag(const std::string& name, bool& value, const std::string& help) {
  return Option(app_->add_flag(name, value, help));
}
Option Command::flag_callback(const std::string& name, std::function<void()> on,
                              const std::string& help) {
  return Option(app_->add_flag_callback(name, std::move(on), help));
}
void Command::footer(const std::string& text) { app_->footer(text); }
Command Command::subcommand(const std::string& name, const std::string& about) {
  return Command(app_->add_subcommand(name, about));
}

namespace {

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

int run_command_line(int argc, char** argv) {
  CLI::App app{kAbout, "carcheck"};
  app.footer(kFooter);
  app.require_subcommand(1);
  auto formatter = std::make_shared<Formatter>();
  formatter->column_width(18);
  app.formatter(formatter);  // before the commands are added: they share it
  Command program(&app);
  std::map<const CLI::App*, CommandRun> runs;
  for (auto add : {add_check_command, add_play_command, add_fuzz_command, add_tiles_command,
                   add_replay_command, add_export_spec_command, add_simulate_command,
                   add_merge_command, add_perft_command}) {
    CommandRun run = add(program);
    runs[app.get_subcommands({}).back()] = std::move(run);
  }
  std::string data;  // --data DIR, before the command or among its options
  add_data_option(program, data);
  for (CLI::App* sub : app.get_subcommands({})) {
    Command command(sub);
    add_data_option(command, data);
  }
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

}  // namespace carcheck
