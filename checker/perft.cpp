#include "checker/perft.h"

#include <fmt/format.h>

#include <memory>
#include <utility>

#include "engine/notation.h"

namespace carcheck {

namespace {

// One state and one action list per ply, reused: assigning a state keeps its buffers, so the
// walk allocates only while the tree deepens the first time.
class Walker {
 public:
  explicit Walker(int depth) {
    for (int d = 0; d < depth; ++d) lists_.push_back(std::make_unique<ActionList>());
  }

  uint64_t leaves(const State& s, int depth) {
    if (depth == 0) return 1;
    ActionList& legal = *lists_[static_cast<size_t>(depth - 1)];
    s.legal_actions(legal);
    for (const Action& a : legal)
      if (is_bid_range(a)) unbounded(s, a);
    if (depth == 1) {  // the last ply: counted, not made
      positions_ += static_cast<uint64_t>(legal.size);
      return static_cast<uint64_t>(legal.size);
    }
    if (states_.size() < static_cast<size_t>(depth)) states_.resize(static_cast<size_t>(depth));
    uint64_t n = 0;
    for (const Action& a : legal) {
      std::unique_ptr<State>& child = states_[static_cast<size_t>(depth - 1)];
      if (child)
        *child = s;
      else
        child = std::make_unique<State>(s);
      child->apply_legal(a);
      ++positions_;
      ++made_;
      path_.push_back({&s, a});
      n += leaves(*child, depth - 1);
      path_.pop_back();
    }
    return n;
  }

  uint64_t positions() const { return positions_; }
  uint64_t made() const { return made_; }

 private:
  [[noreturn]] void unbounded(const State& s, const Action& a) const {
    std::vector<std::string> line;
    for (const auto& [at, made] : path_) line.push_back(action_text(*at, made));
    throw PerftUnbounded(fmt::format(
        "the bids are unbounded {} ('{}' stands for every amount from {} up under "
        "negative-score={}); count under negative-score=forbidden, where a bid is at most the "
        "bidder's score and each amount is its own action",
        line.empty() ? "in the position counted from"
                     : fmt::format("after '{}'", fmt::join(line, "; ")),
        action_text(s, a), a.x, s.game().rules().variant("negative-score")));
  }

  std::vector<std::unique_ptr<ActionList>> lists_;
  std::vector<std::unique_ptr<State>> states_;
  std::vector<std::pair<const State*, Action>> path_;  // the line of play from the root
  uint64_t positions_ = 0;
  uint64_t made_ = 0;
};

}  // namespace

PerftCount perft(const State& s, int depth) {
  Walker w(depth);
  PerftCount c;
  c.leaves = w.leaves(s, depth);
  c.positions = w.positions();
  c.made = w.made();
  return c;
}

std::vector<PerftBranch> perft_divide(const State& s, int depth) {
  std::vector<PerftBranch> out;
  if (depth < 1) return out;
  auto legal = std::make_unique<ActionList>();
  s.legal_actions(*legal);
  for (const Action& a : *legal) {
    if (is_bid_range(a)) perft(s, 1);  // throws, naming the entry
    State child = s;
    child.apply_legal(a);
    PerftBranch b{a, action_text(s, a), perft(child, depth - 1)};
    ++b.count.positions;
    ++b.count.made;
    out.push_back(std::move(b));
  }
  return out;
}

}  // namespace carcheck
