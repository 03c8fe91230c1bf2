// Every refusal of bad input carries its place: `file:line:column: reason`.
#pragma once

#include <stdexcept>
#include <string>

namespace carcheck {

struct SourcePos {
  std::string file;
  int line = 0;    // 1-based
  int column = 0;  // 1-based
};

class InputError : public std::runtime_error {
 public:
  InputError(SourcePos pos, const std::string& reason)
      : std::runtime_error(pos.file + ":" + std::to_string(pos.line) + ":" +
                           std::to_string(pos.column) + ": " + reason),
        pos_(std::move(pos)),
        reason_(reason) {}
  const SourcePos& pos() const { return pos_; }
  const std::string& reason() const { return reason_; }

 private:
  SourcePos pos_;
  std::string reason_;
};

}  // namespace carcheck
