// The spec language (docs/spec-language.md): parsing a .spec file into a SpecFile. The parser
// checks everything that needs no rule set: syntax, event, phase and end-reason names,
// statement order, citations. What needs the rule set (tile names, colours in play, variant
// names and values) is checked by checker/spec_runner when the game is built. Every refusal
// is an InputError: `file:line:column: reason`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dsl/diagnostic.h"
#include "engine/notation.h"

namespace carcheck {

// A position in the spec file (1-based).
struct SpecAt {
  int line = 0;
  int column = 0;
};

// key=value: a `variant` line, or one binding of an `under` line.
struct VariantBinding {
  std::string key, value;
  SpecAt at, value_at;
  std::string text() const { return key + "=" + value; }
};

struct Citation {
  std::string text;  // as written after `cites`
  SpecAt at;
};

// `tile NAME = "shape" xN`, `start NAME = "shape"`, or `tile NAME = <tiles.yaml name>`.
struct SpecTile {
  std::string name;
  SpecAt at;  // the name
  bool start = false;
  std::string shape;    // tile-language text, the parts of a multi-line shape joined by ' '
  std::string shipped;  // or the name of a tile of the rule set whose shape is reused
  SpecAt shape_at;
  // Where each part of the shape starts: shape offset -> file position (for error messages).
  struct Part {
    size_t offset = 0;
    SpecAt at;
  };
  std::vector<Part> parts;
  int count = 1;
};

struct SpecCoord {
  int x = 0, y = 0;
  SpecAt at;
};

// A feature of a placed tile: road:W, city, field:Nl, castle, mist:Er.
struct SpecFeature {
  std::string kind;  // road, city, field, monastery, castle, cemetery, mist
  std::string port;  // "", or N/E/S/W with an optional l/c/r
  SpecAt at;
  std::string text() const { return port.empty() ? kind : kind + ":" + port; }
};

enum class SetupKind {
  Place,           // place T at x,y rN
  FaceDown,        // face-down T at x,y
  Meeple,          // meeple red on road:W at x,y
  Buried,          // buried red at x,y
  Ghosts,          // ghosts N at x,y [cemetery | mist K]
  GhostSupply,     // ghosts supply N
  MeepleSupply,    // meeples supply red N
  Score,           // score [colour] N
  Pile,            // pile K: T T T
  ActivePile,      // active-pile K
  Player,          // player N
  Hound,           // hound K by red@x,y | hound K waiting|lost|scored|removed
  ScoringMeeples,  // scoring-meeples red green blue (Level 6: the team's set-up choice)
};

struct SetupStep {
  SetupKind kind = SetupKind::Place;
  SpecAt at;
  std::string text;  // the statement as written
  std::string tile;  // place, face-down
  SpecAt tile_at;
  SpecCoord where;
  int rot = 0;
  std::string colour;  // "" when none
  SpecAt colour_at;
  bool large = false;                                   // meeple: the colour's large follower
  std::vector<std::pair<std::string, SpecAt>> colours;  // scoring-meeples
  SpecFeature feature;
  long value = 0;  // ghosts, supply, score; pile, player and hound numbers (1-based)
  SpecAt value_at;
  std::string slot;    // ghosts: "", "cemetery" or "mist"
  int slot_index = 0;  // mist K (1-based)
  SpecAt slot_at;
  std::vector<std::pair<std::string, SpecAt>> tiles;  // pile: the next drawn first
  MeepleRef meeple;                                   // hound: colour@x,y
  std::string status;  // hound: "placed" (by a meeple), waiting, lost, scored, removed
  SpecAt status_at;
};

enum class ExpectKind {
  Score,           // score [colour] [feature] N
  GhostsAt,        // ghosts N at x,y [cemetery | mist K]
  GhostsSupply,    // ghosts supply N
  GhostsBoard,     // ghosts board N
  GhostsBox,       // ghosts box N
  MeeplesSupply,   // meeples supply [colour] N
  MeeplesBoard,    // meeples board [colour] N
  MeeplesBuried,   // meeples buried [colour] N
  MeeplesAt,       // meeples N at x,y [colour]
  MeeplesBox,      // meeples box [colour] N (Mists: the guard meeples left in the box)
  Pile,            // pile N (the active pile holds N)
  PileHolds,       // pile K holds N
  PileContains,    // pile K contains T [N] (N copies of tile T; at least one without N)
  PileTop,         // pile K top T (T is drawn next from pile K)
  ActivePile,      // active-pile K
  TilesLeft,       // tiles-left N
  SetAside,        // set-aside N
  Finished,        // [not] finished <feature> at x,y
  Size,            // size N <feature> at x,y
  Event,           // [no] event NAME [N] [value V] [at x,y] [by colour] [feature]
  Illegal,         // illegal <action> [then <action>...] ["reason"]
  Legal,           // legal <action> [then <action>...]
  LegalCount,      // legal count N [depth D]: lines of play D actions deep (perft)
  LegalPlaces,     // legal placements { x,y rN; ... }: exactly these placements are open
  LegalMeeples,    // legal meeples { road:W [colour]; ...; none }: exactly these followers
  Won,             // won
  Lost,            // lost [reason]
  Over,            // over [reason]  /  not over
  Phase,           // phase NAME
  Player,          // player N
  Hound,           // hound K STATUS
  Bridges,         // bridges <colour> N: bridges in the colour's player's supply (BCB)
  BridgeAt,        // bridge at x,y N-S|W-E|none (BCB)
  CastleTokens,    // castle-tokens <colour> N (BCB)
  CastleAt,        // castle at x,y <colour>|none (BCB)
  Goal,            // goal N | goal reached | goal not reached
  Track,           // track <colour> [feature] N (Level 6: that scoring meeple's track)
  ScoringMeeples,  // scoring-meeples <colour>... [from supply|box] (Level 6)
  Room,            // <word> args...: a registered room's own (engine/room_words.h)
};
struct Expectation {
  ExpectKind kind = ExpectKind::Score;
  bool negated = false;  // not finished, no event, not over
  long value = 0;        // the expected number
  SpecAt value_at;
  std::string colour;  // "" when none
  SpecAt colour_at;
  std::string word;  // score feature, ghost slot, event, end reason, phase, hound status,
                     // a bridge's axis or none, a castle's owner or none
  SpecAt word_at;
  bool has_where = false;
  SpecCoord where;
  SpecFeature feature;
  int index = 0;              // pile, hound, mist area (1-based)
  long count = -1;            // events: how many (-1: at least one)
  std::string event_feature;  // events: road, city, ... ("" = any)
  bool has_event_value = false;
  long event_value = 0;
  ActionSyntax action;  // legal, illegal: the (first) action
  SpecAt action_at;
  // legal, illegal: the actions after `then`; legal placements / meeples: the set's entries,
  // each as its action (`place 1,0 r2`, `meeple road:W`, `pass` for none) and where the
  // action would start (the verb left out: the entry starts one word later).
  std::vector<std::pair<ActionSyntax, SpecAt>> more;
  int depth = 1;       // legal count: plies
  std::string reason;  // illegal: text the refusal must contain ("" = any)
  std::vector<std::pair<std::string, SpecAt>> colours;  // scoring-meeples: as written
  std::string tile;                                     // pile K contains: the tile's name
  SpecAt tile_at;
  std::vector<std::pair<std::string, SpecAt>> args;  // a room's expectation: its arguments
};

struct SpecStep {
  enum Kind { Action, Expect } kind = Action;
  SpecAt at;
  std::string text;                   // the statement as written (the action alone)
  std::vector<VariantBinding> under;  // run / checked only under these values
  ActionSyntax action;                // Action: as read by the action grammar
  Expectation expect;                 // Expect
  // Expect with `under`: index of the unbound expectation on the same value it replaces
  // under its variant (written just before it), or -1.
  int replaces = -1;
};

struct SpecFile {
  std::string file;  // the name errors carry
  std::string title;
  std::string rules;  // as written: base-c1, pnp-demo, bcb, mists (with level), mists-3
  SpecAt rules_at;
  int level = 0;
  SpecAt level_at;
  int players = 2;
  bool players_given = false;
  SpecAt players_at;
  uint64_t seed = 1;
  std::vector<VariantBinding> variants;
  std::vector<Citation> cites;
  std::vector<SpecTile> tiles;
  std::vector<SetupStep> setup;
  std::vector<SpecStep> steps;

  SourcePos pos(SpecAt at) const { return {file, at.line, at.column}; }
};

// Parses a spec; `file` is the name errors carry. Throws InputError.
SpecFile parse_spec(const std::string& text, const std::string& file);
// Reads and parses a file (errors carry `path` as given). Throws InputError.
SpecFile load_spec(const std::string& path);

// The value an expectation is about, without the expected value itself: two expectations
// with the same subject check the same thing ("score red", "ghosts at 1,0", "end").
std::string expectation_subject(const Expectation& e);

// Names the language accepts, for messages and docs.
std::vector<std::string> spec_event_names();
const std::vector<std::string>& spec_end_reasons();
std::vector<std::string> spec_phase_names();
const std::vector<std::string>& spec_hound_statuses();

// The closest of `known` to `word` when it is a likely typo, else "".
std::string closest_name(const std::string& word, const std::vector<std::string>& known);

}  // namespace carcheck
