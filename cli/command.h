// The command line's own small interface to its option parser. CLI11 is header-only in Debian
// and heavy: included by each command's file, it was compiled again in each (15-20 s of CPU a
// file). Behind this interface it is compiled once, in cli/app.cpp; the commands describe
// their options here and never include it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace carcheck {

// A check of an option's text: "" when it is good, else the reason.
using OptionCheck = std::function<std::string(const std::string& text)>;

// One option of a command, as registered; each setter returns the option for chaining.
class Option {
 public:
  explicit Option(CLI::Option* o) : o_(o) {}
  Option& required();
  Option& type_name(const std::string& name);
  Option& disable_flag_override();       // a flag that takes no value (--json=yes refused)
  Option& allow_extra_args(bool allow);  // false: each occurrence takes one value
  Option& excludes(Option other);
  Option& needs(Option other);
  Option& existing_file();  // the path names a file that exists
  Option& one_of(std::vector<std::string> values);
  Option& check(OptionCheck check, const std::string& name);

 private:
  CLI::Option* o_;
};

// A command (or the program itself): where its options are registered.
class Command {
 public:
  explicit Command(CLI::App* app) : app_(app) {}
  Option option(const std::string& name, std::string& value, const std::string& help);
  Option option(const std::string& name, std::optional<std::string>& value,
                const std::string& help);
  Option option(const std::string& name, std::vector<std::string>& value, const std::string& help);
  Option option(const std::string& name, int& value, const std::string& help);
  Option option(const std::string& name, int64_t& value, const std::string& help);
  Option option(const std::string& name, uint64_t& value, const std::string& help);
  Option flag(const std::string& name, bool& value, const std::string& help);
  Option flag_callback(const std::string& name, std::function<void()> on, const std::string& help);
  void footer(const std::string& text);
  Command subcommand(const std::string& name, const std::string& about);
  CLI::App* app() const { return app_; }

 private:
  CLI::App* app_;
};

}  // namespace carcheck
