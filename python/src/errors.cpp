// Bad input raises carcheck.Error (a ValueError) with the command line's text: a data error
// as `file:line:column: reason` (with .file, .line, .column and .reason set), an option
// error (unknown rule set, bad variant) as its reason.
#include "errors.h"

#include <stdexcept>

#include "bindings.h"
#include "dsl/diagnostic.h"

namespace carcheck::py {

namespace pyb = pybind11;

namespace {

PyObject* error_type = nullptr;  // carcheck.Error, owned by the module

// Sets carcheck.Error with its attributes as the pending Python exception.
void set_error(const std::string& text, const pyb::object& file, int line, int column,
               const std::string& reason, const pyb::dict& extra) {
  pyb::object exc = pyb::handle(error_type)(text);
  exc.attr("file") = file;
  exc.attr("line") = line;
  exc.attr("column") = column;
  exc.attr("reason") = reason;
  for (auto [k, v] : extra) exc.attr(k) = v;
  PyErr_SetObject(error_type, exc.ptr());
}

}  // namespace

void raise_error(const std::string& text, const std::string& file, int line, int column,
                 const std::string& reason, const pyb::dict& extra) {
  set_error(text, pyb::str(file), line, column, reason, extra);
  throw pyb::error_already_set();
}

void bind_errors(pyb::module_& m) {
  static pyb::exception<InputError> error(m, "Error", PyExc_ValueError);
  error_type = error.ptr();
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
      set_error(text, pyb::str(e.pos().file), e.pos().line, e.pos().column, e.reason(), {});
    } catch (const std::invalid_argument& e) {
      set_error(e.what(), pyb::none(), 0, 0, e.what(), {});
    }
  });
}

}  // namespace carcheck::py
