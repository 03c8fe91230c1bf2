// Output files (--svg, --html): checked before the work starts, and written next to their
// path then renamed over it, so a failed write leaves nothing that looks complete.
#pragma once

#include <string>

namespace carcheck {

// Throws UsageError("OPTION: cannot write PATH") when PATH cannot be created.
void check_writable(const std::string& option, const std::string& path);

// Writes `text` to PATH.part and renames it to PATH; on failure removes the part file and
// throws std::runtime_error("cannot write PATH").
void write_file_whole(const std::string& path, const std::string& text);

}  // namespace carcheck
