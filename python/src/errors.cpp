// Bad input raises carcheck.Error (a ValueError) with the command line's text: a data error
// as `file:line:column: reason` (with .file, .line, .column and .reason set), an option
// error (unknown rule set, bad variant) as its reason.
#include <pybind11/pybind11.h>

#include <stdexcept>
#include <string>

#include "bindings.h"
#include "dsl/diagnostic.h"

namespace carcheck::py {

namespace pyb = pybind11;

void bind_errors(pyb::module_& m) {
  static pyb::exception<InputError> error(m, "Error", PyExc_ValueError);
  error.doc() =
      "Bad input: an unknown rule set, a bad variant, action text that does not parse, a data\n"
      "or spec file with an error. str() is the command line's message; a file error also\n"
      "has .file, .line, .column and .reason (line and column 0 when the file is unreadable).";
  pyb::register_exception_translator([](std::exception_ptr p) {
    if (!p) return;
    try {
      std::rethrow_exception(p);
    } catch (const InputError& e) {
      // The command line's form: `file: reason` when the file could not be read at all.
      const std::string text =
          e.pos().line <= 0 ? e.pos().file + ": " + e.reason() : std::string(e.what());
      pyb::object exc = pyb::handle(error.ptr())(text);
      exc.attr("file") = e.pos().file;
      exc.attr("line") = e.pos().line;
      exc.attr("column") = e.pos().column;
      exc.attr("reason") = e.reason();
      PyErr_SetObject(error.ptr(), exc.ptr());
    } catch (const std::invalid_argument& e) {
      pyb::object exc = pyb::handle(error.ptr())(e.what());
      exc.attr("file") = pyb::none();
      exc.attr("line") = 0;
      exc.attr("column") = 0;
      exc.attr("reason") = e.what();
      PyErr_SetObject(error.ptr(), exc.ptr());
    }
  });
}

}  // namespace carcheck::py
