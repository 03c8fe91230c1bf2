// A small, fast, seedable generator (SplitMix64): the same seed gives the same game on
// every platform, which std::mt19937's distributions do not promise.
#pragma once

#include <cstdint>

namespace carcheck {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) : s_(seed) {}
  uint64_t next() {
    uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) by rejection, so no value is favoured. The limit is at least
  // 2^64 - 2^32, so it is worked out (a second division) only for the rare v above that.
  uint32_t below(uint32_t n) {
    constexpr uint64_t kSurelyBelowLimit = UINT64_MAX - UINT32_MAX;
    uint64_t v = next();
    while (v >= kSurelyBelowLimit && v >= UINT64_MAX - UINT64_MAX % n) v = next();
    return static_cast<uint32_t>(v % n);
  }
  uint64_t state() const { return s_; }

 private:
  uint64_t s_;
};

}  // namespace carcheck
