// The input of the engine harness (fuzz/fuzz_engine.cpp), read front to back; seed_corpus.cpp
// writes seeds in the same layout:
//   word  configuration (index into the targets, modulo their count)
//   word  seed (GameStart::for_seed: the pile order and any head start)
//   then per step a byte `how`: unless how % kBuiltEvery == 0, a word picks a legal action
//   (modulo their count); otherwise nine bytes build an action that may be illegal.
// A word is two bytes, low byte first. Reading past the end gives zeros; the game stops there.
#pragma once

#include <cstddef>
#include <cstdint>

namespace carcheck::fuzzing {

inline constexpr int kMaxSteps = 4000;  // more than any game takes
inline constexpr int kBuiltEvery = 8;   // about one step in 8 tries a built action

class EngineInput {
 public:
  EngineInput(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return at_ >= size_; }
  uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  uint32_t word() {
    uint32_t lo = byte();
    return lo | static_cast<uint32_t>(byte()) << 8;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t at_ = 0;
};

}  // namespace carcheck::fuzzing
