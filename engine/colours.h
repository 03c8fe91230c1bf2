// The colour words the languages know (a meeple's colour in the action, spec and log
// languages) and the fill each is drawn with. A rule set names which word each of its six
// colour slots is (RuleSet::colour_words, levels.yaml `colour-names`): the sixth player's set
// is grey in the first edition's Inns & Cathedrals (2002) and pink in later printings, so the
// same slot reads differently by edition while the engine counts slots only.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace carcheck {

inline constexpr int kMaxColours = 6;

struct ColourWord {
  const char* word;
  const char* fill;  // render/: the meeple's fill
  char letter;       // render/board_art: the meeple's mark (g is green, so grey is e)
};

inline constexpr std::array<ColourWord, 7> kColourWords = {{{"red", "#d62728", 'r'},
                                                            {"green", "#2ca02c", 'g'},
                                                            {"blue", "#1f5fd6", 'b'},
                                                            {"yellow", "#f2c80f", 'y'},
                                                            {"black", "#202020", 'k'},
                                                            {"pink", "#f29ac0", 'p'},
                                                            {"grey", "#9a9a9a", 'e'}}};

// A rule set's slots when it names none: the six of the RGG Big Box and the later printings.
using ColourSlots = std::array<uint8_t, kMaxColours>;
inline constexpr ColourSlots kDefaultColourSlots = {0, 1, 2, 3, 4, 5};

// The index of `word` in kColourWords, -1 when the languages know no such colour.
inline int colour_word_index(std::string_view word) {
  for (size_t k = 0; k < kColourWords.size(); ++k)
    if (word == kColourWords[k].word) return static_cast<int>(k);
  return -1;
}

}  // namespace carcheck
