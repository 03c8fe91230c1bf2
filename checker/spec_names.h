// Resolving a spec's names against its game (docs/spec-language.md): colours, tiles, score
// tracks, features of placed tiles, and every name an action or an expectation uses. A name
// that names nothing is the spec's ERROR at its file:line:column, never a refusal that an
// `expect illegal` takes for an answer nor a filter that passes by matching nothing.
#pragma once

#include <optional>
#include <string>

#include "dsl/spec_parser.h"
#include "engine/state.h"

namespace carcheck {

// The colour `name` if it is in play, else an InputError at `at` listing the colours.
int colour_in_play(const SpecFile& spec, const Game& g, const std::string& name, SpecAt at);
// The tile `name` of the game, else an InputError at `at` (with the closest name).
TileId tile_in_play(const SpecFile& spec, const Game& g, const std::string& name, SpecAt at);
// The score a colour's points go to, for `score` and `expect score`: the shared track (0),
// a Level 6 track, a player; -1 for "every track" (Level 6 without a colour). `feature`: a
// score by feature is asked for. Level 6 tracks are the team's chosen colours' (`scorers`,
// from the game); without them (a check before the game) only the colour is checked, and 0
// returned.
int score_index(const SpecFile& spec, const Game& g, const std::string& colour, SpecAt at,
                bool feature, const ScoringColours* scorers = nullptr);
// The feature class a score expectation names (`expect score red road 4`): the engine's names.
FeatureClass score_feature(const std::string& word);

// A feature of the cell at (x, y): its segment, or (mist) its mist area.
struct FeatureAt {
  int cell = -1;
  int seg = -1;
  int mist = -1;
  std::string problem;  // why it cannot be found ("" when found)
};
FeatureAt find_feature(const State& s, const SpecCoord& c, const SpecFeature& f);
bool feature_finished(const State& s, const FeatureAt& f);
int feature_size(const State& s, const FeatureAt& f);

// Before play: every name the spec's turns and expectations use that needs the game but no
// state (tiles, colours, tracks, hounds, piles, events and their filters, phases).
void check_spec_names(const SpecFile& spec, const Game& g);

// When the action is played or tried: the places it names exist in `s` (a tile at its x,y,
// the meeple a reference names, the new tile's feature while a meeple may be placed).
// `at`: where the action starts in the spec. `resolved`: the engine's resolution of `a` in
// `s` (resolve_action), made once by the caller; `why` its reason when it failed.
void check_action_targets(const SpecFile& spec, const State& s, const ActionSyntax& a, SpecAt at,
                          const std::optional<Action>& resolved, const std::string& why);

// The filters an event can match (docs/spec-language.md "Events"): a filter an event never
// carries would make `expect no event` pass by matching nothing.
struct EventFilters {
  bool value = false, at = false, by = false;
  unsigned features = 0;  // bits of FeatureClass
};
constexpr unsigned bit(FeatureClass f) { return 1u << static_cast<unsigned>(f); }
EventFilters event_filters(EventKind k);

// Where the k-th word of an action (0: its verb) starts, the action starting at `at`.
SpecAt action_word_at(const ActionSyntax& a, SpecAt at, int k);

}  // namespace carcheck
