// Shared by tests/test_mists_*.cpp: a Mists game on HAND-BUILT boards with INLINE tiles (a set
// named `mists` that replaces the shipped, reconstructed geometry), and small helpers to put
// tiles, meeples and ghosts down, play actions in the text notation and read the events.
//
// The inline set mirrors the box where it matters: 60 land tiles of which 5 castles and 5
// cemeteries (so Level 1 plays with 50), and a 2x2 start tile with 3 ghost symbols.
//
// The start tile sits at (0,0) .. (1,1):
//
//        N: field, mist Nl Nr (1)      N: field, mist Nr El (1)
//   W road === (0,0) ====== road ====== (1,0) === road E        the road crosses 2 quarters
//              (0,1) plain field        (1,1) field, mist El Er Sl Sr (1)
//
// so the road's open ends are W of (0,0) and E of (1,0); the three misty quarters each carry
// one ghost at setup.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "dsl/action_parser.h"
#include "dsl/library.h"
#include "engine/mists_setup.h"

namespace carcheck::mists_test {

inline const std::vector<InlineTile>& inline_tiles() {
  static const std::vector<InlineTile> tiles = {
      {"start", 1,
       "cell 0,0 { road W-E; field Wr Nl Nr El; field Er Sl Sr Wl; mist Nl Nr ghosts 1 } "
       "cell 1,0 { road W-E; field Wr Nl Nr El; field Er Sl Sr Wl; mist Nr El ghosts 1 } "
       "cell 0,1 { field Nl Nr El Er Sl Sr Wl Wr } "
       "cell 1,1 { field Nl Nr El Er Sl Sr Wl Wr; mist El Er Sl Sr ghosts 1 }",
       true},
      // Fields.
      {"F", 8, "field Nl Nr El Er Sl Sr Wl Wr"},
      {"M1", 4, "field Nl Nr El Er Sl Sr Wl Wr; mist Nl Nr El Er Sl Sr Wl Wr ghosts 1"},
      {"MS1", 4, "field Nl Nr El Er Sl Sr Wl Wr; mist Sl Sr ghosts 1"},  // mist on S only
      {"MS2", 3, "field Nl Nr El Er Sl Sr Wl Wr; mist Sl Sr ghosts 2"},
      {"MS3", 2, "field Nl Nr El Er Sl Sr Wl Wr; mist Sl Sr ghosts 3"},
      {"MES2", 2, "field Nl Nr El Er Sl Sr Wl Wr; mist El Er Sl Sr ghosts 2"},  // E and S
      {"MNS", 2, "field Nl Nr El Er Sl Sr Wl Wr; mist Nl Nr ghosts 1; mist Sl Sr ghosts 1"},
      // Roads.
      {"R", 6, "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl"},
      {"RE", 7, "road W*; field Wr Nl Nr El Er Sl Sr Wl"},  // a road from W ending here
      {"RM", 2, "road W-E; field Wr Nl Nr El; field Er Sl Sr Wl; mist Wc Ec ghosts 1"},
      // Cities.
      {"C", 5, "city N; field El Er Sl Sr Wl Wr @N"},
      {"CS", 1, "city N shield; field El Er Sl Sr Wl Wr @N"},
      {"CC", 2, "city N+S; field El Er @N; field Wl Wr @N"},
      {"CRM", 2,
       "city N; road W-E; field Wr El @N; field Er Sl Sr Wl; mist Wc Ec Er Sl Sr Wl ghosts 1"},
      // 5 castles (always misty).
      {"K", 3, "castle; field Nl Nr El Er Sl Sr Wl Wr; mist Nl Nr ghosts 1"},
      {"KR", 2, "castle; road S*; field Nl Nr El Er Sl Sr Wl Wr; mist Nl Nr ghosts 1"},
      // 5 cemeteries.
      {"G", 3, "cemetery; field Nl Nr El Er Sl Sr Wl Wr"},
      {"GRC", 2,
       "cemetery; city N; road W-E; field Wr El @N; field Er Sl Sr Wl; mist Er Sl Sr Wl ghosts 1"},
  };
  return tiles;
}

inline const TileSet& inline_set() {
  static const TileSet set = inline_tile_set("mists", inline_tiles(), "tests/test_mists_table.h");
  return set;
}

enum Colour { kRed = 0, kGreen = 1, kBlue = 2, kYellow = 3, kBlack = 4, kPink = 5 };

// One game: rule set mists-<level>, the inline tiles, a seed; the events of every action
// played through it are kept in `log`. Level 6: where the team has a choice of scoring
// colours (every player count but 3), the table chooses red, green and blue, unless
// `choose_scorers` is false (a test of the choice itself).
struct Table {
  std::unique_ptr<Game> game;
  std::unique_ptr<State> st;
  std::vector<Event> log;

  Table(int level, int players, const std::vector<std::string>& variants = {}, uint64_t seed = 7,
        bool choose_scorers = true) {
    GameOptions o;
    o.rules = "mists";
    o.level = level;
    o.players = players;
    o.variants = variants;
    game = make_game(Library::shipped(), o, {inline_set()});
    st = std::make_unique<State>(*game, seed);
    if (choose_scorers && st->phase() == Phase::ScoringMeeples) {
      Action a;
      a.kind = ActionKind::ScoringMeeples;
      a.from = (1u << kRed) | (1u << kGreen) | (1u << kBlue);
      if (auto why = st->apply(a)) throw std::runtime_error("scoring-meeples: " + *why);
    }
  }
  State& s() { return *st; }

  TileId id(const std::string& name) const {
    TileId t = game->find_tile(name);
    if (t < 0) throw std::runtime_error("no tile " + name + " in play");
    return t;
  }
  int cell(int x, int y) const {
    int c = st->cell_at(x, y);
    if (c < 0)
      throw std::runtime_error("no tile at " + std::to_string(x) + "," + std::to_string(y));
    return c;
  }
  // A tile put on the board outside the turn order (no ghosts, no scoring).
  int put(const std::string& name, int x, int y, int rot = 0) {
    if (auto why = st->setup_place(id(name), x, y, rot))
      throw std::runtime_error("setup_place " + name + " at " + std::to_string(x) + "," +
                               std::to_string(y) + ": " + *why);
    return cell(x, y);
  }
  // The segment of `kind` on the cell at (x, y) that touches `side` (any side when -1).
  int seg(int x, int y, SegmentKind kind, int side = -1) const {
    const CellFace& f = st->face(cell(x, y));
    for (int i = 0; i < f.n_segments; ++i)
      if (f.segments[i].kind == kind && (side < 0 || (f.segments[i].ports & side_mask(side))))
        return i;
    throw std::runtime_error("no such segment");
  }
  // The segment owning port `port` (0..11, Nl Nc Nr El ... Wr) of the cell at (x, y).
  int seg_at(int x, int y, int port) const {
    return st->face(cell(x, y)).port_segment[static_cast<size_t>(port)];
  }
  // A meeple put on a feature outside the turn order; returns its index.
  int meeple(int colour, int x, int y, SegmentKind kind, int side = -1) {
    int c = cell(x, y), sg = seg(x, y, kind, side);
    if (auto why = st->setup_meeple(colour, c, sg))
      throw std::runtime_error("setup_meeple: " + *why);
    for (size_t i = 0; i < st->meeples().size(); ++i)
      if (st->meeples()[i].cell == c && st->meeples()[i].seg == sg &&
          st->meeples()[i].colour == colour)
        return static_cast<int>(i);
    throw std::runtime_error("meeple not found");
  }
  void ghosts(int x, int y, int count, int slot = 0) {
    if (auto why = setup_ghosts(*st, cell(x, y), slot, count))
      throw std::runtime_error("setup_ghosts: " + *why);
  }
  int ghosts_at(int x, int y) const { return st->mists().cell(cell(x, y)).ghost_total(); }
  void pile(int p, const std::vector<std::string>& names) {
    std::vector<TileId> ids;
    for (const std::string& n : names) ids.push_back(id(n));
    if (auto why = st->setup_pile(p, ids)) throw std::runtime_error("setup_pile: " + *why);
  }

  // Plays one action in the text notation; throws with the refusal when it is refused.
  void act(const std::string& text) {
    std::string err;
    auto a = parse_action(*st, text, err);
    if (!a) throw std::runtime_error("'" + text + "' does not parse: " + err);
    if (auto why = st->apply(*a)) throw std::runtime_error("'" + text + "' refused: " + *why);
    log.insert(log.end(), st->events().begin(), st->events().end());
  }
  // The refusal of an action (empty when it parses and is accepted, which the caller flags).
  std::string refusal(const std::string& text) {
    std::string err;
    auto a = parse_action(*st, text, err);
    if (!a) return "parse: " + err;
    auto why = st->apply(*a);
    if (!why) {
      log.insert(log.end(), st->events().begin(), st->events().end());
      return "";
    }
    return *why;
  }
  // Draw `tile` (forced) and place it.
  void play(const std::string& tile, int x, int y, int rot) {
    act("draw " + tile);
    act("place " + std::to_string(x) + "," + std::to_string(y) + " r" + std::to_string(rot));
  }
  int count(EventKind k) const {
    int n = 0;
    for (const Event& e : log) n += e.kind == k;
    return n;
  }
  int sum(EventKind k) const {
    int n = 0;
    for (const Event& e : log) n += e.kind == k ? e.value : 0;
    return n;
  }
  const Event* first(EventKind k) const {
    for (const Event& e : log)
      if (e.kind == k) return &e;
    return nullptr;
  }
  bool legal(ActionKind k) const {
    ActionList l;
    st->legal_actions(l);
    for (const Action& a : l)
      if (a.kind == k) return true;
    return false;
  }
  int legal_count(ActionKind k) const {
    ActionList l;
    st->legal_actions(l);
    int n = 0;
    for (const Action& a : l) n += a.kind == k;
    return n;
  }
  int in_supply(int colour) const { return st->meeples_in_supply(colour); }
  int score() const { return st->shared_score(); }
};

}  // namespace carcheck::mists_test
