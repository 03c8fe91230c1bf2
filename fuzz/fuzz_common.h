// Shared by the libFuzzer harnesses: every refusal of bad input must be an InputError that
// names the input and a position inside it (`file:line:column: reason`); any other escape
// is a bug, reported by aborting so that libFuzzer keeps the input.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <typeinfo>

#include "dsl/diagnostic.h"

namespace carcheck::fuzzing {

[[noreturn]] inline void fail(const std::string& why) {
  std::fprintf(stderr, "fuzz: %s\n", why.c_str());
  std::abort();
}

// `e` comes from parsing `text` under the name `file`.
inline void check_refusal(const InputError& e, const std::string& text, const std::string& file) {
  const SourcePos& p = e.pos();
  int lines = 1;
  for (char c : text) lines += c == '\n';
  if (p.file != file)
    fail("the error names file '" + p.file + "', not '" + file + "': " + e.what());
  if (p.line < 1 || p.column < 1) fail(std::string("the error has no position: ") + e.what());
  if (p.line > lines + 1)
    fail("the error points past the end of the input (" + std::to_string(lines) +
         " lines): " + e.what());
  if (e.reason().empty()) fail(std::string("the error gives no reason: ") + e.what());
  std::string prefix = file + ":" + std::to_string(p.line) + ":" + std::to_string(p.column) + ": ";
  if (std::string(e.what()).rfind(prefix, 0) != 0)
    fail(std::string("the message does not start with file:line:column: ") + e.what());
}

// Runs `parse`; an InputError is checked, anything else escaping is a bug.
template <typename Parse>
void run(const std::string& text, const std::string& file, Parse&& parse) {
  try {
    parse();
  } catch (const InputError& e) {
    check_refusal(e, text, file);
  } catch (const std::exception& e) {
    fail(std::string("escaped: ") + typeid(e).name() + ": " + e.what());
  } catch (...) {
    fail("escaped: an exception that is not a std::exception");
  }
}

}  // namespace carcheck::fuzzing
