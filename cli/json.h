// --json output: nlohmann's ordered_json keeps members in the order written, so the output
// reads (and compares) the same as the text it replaces.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace carcheck {

using Json = nlohmann::ordered_json;

// One compact JSON document and a newline. Bytes that are not UTF-8 (a spec's title in
// another encoding) become U+FFFD instead of an exception.
inline void print_json(std::ostream& out, const Json& doc) {
  out << doc.dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace carcheck
