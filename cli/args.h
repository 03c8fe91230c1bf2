// A small strict option parser: every unknown option or missing value is an error.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace carcheck {

class ArgParser {
 public:
  explicit ArgParser(const std::vector<std::string>& args) : args_(args) {}
  bool done() const { return i_ >= args_.size(); }
  const std::string& peek() const { return args_[i_]; }
  std::string next() { return args_[i_++]; }
  // The value after option `opt`; throws when there is none.
  std::string value(const std::string& opt) {
    if (done()) throw std::invalid_argument(opt + " needs a value");
    return next();
  }
  int integer(const std::string& opt, int lo, int hi) {
    std::string v = value(opt);
    size_t used = 0;
    long n = 0;
    try {
      n = std::stol(v, &used);
    } catch (...) {
      used = 0;
    }
    if (used == 0 || used != v.size() || n < lo || n > hi)
      throw std::invalid_argument(opt + " takes a whole number from " + std::to_string(lo) +
                                  " to " + std::to_string(hi) + ", not '" + v + "'");
    return static_cast<int>(n);
  }
  unsigned long long u64(const std::string& opt) {
    std::string v = value(opt);
    size_t used = 0;
    unsigned long long n = 0;
    try {
      n = std::stoull(v, &used);
    } catch (...) {
      used = 0;
    }
    if (used == 0 || used != v.size() || v[0] == '-')
      throw std::invalid_argument(opt + " takes a non-negative whole number, not '" + v + "'");
    return n;
  }

 private:
  const std::vector<std::string>& args_;
  size_t i_ = 0;
};

}  // namespace carcheck
