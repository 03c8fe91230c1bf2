// Which rule sets show the words of the competitive room (engine/base.cpp) that others lack.
#include <span>

#include "engine/vocabulary.h"

namespace carcheck {

namespace {

std::string farmers(const RuleSet& r) {
  return r.farmers ? "" : r.name + " has no farmers: fields never score";
}

constexpr WordRule kRules[] = {
    {WordKind::Feature, static_cast<int>(FeatureClass::Field), nullptr, farmers},
};

}  // namespace

std::span<const WordRule> competitive_word_rules() { return kRules; }

}  // namespace carcheck
