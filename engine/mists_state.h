// The state only Mists over Carcassonne has (engine/mists.cpp plays it): the ghosts' supply
// and box, the hounds, the queues of a scoring under way. State holds one inline, as it holds
// BcbState; its vectors stay empty in other games, so a copy of one costs them nothing more.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "engine/action.h"
#include "engine/game.h"
#include "engine/meeple.h"

namespace carcheck {

inline constexpr int kMaxHounds = 2;
inline constexpr int kGhostSlots = kMaxMist + 1;  // mist areas, then the cemetery
inline constexpr int kCemeterySlot = kMaxMist;

// A cell's own Mists marks: a row of MistsState's per-cell table, indexed like State's cells.
struct MistsCell {
  std::array<uint8_t, kGhostSlots> ghosts{};
  uint8_t fd8 = 0;  // face-down tiles (PlacedCell::hidden) among the 8 around
  int ghost_total() const {
    int n = 0;
    for (uint8_t g : ghosts) n += g;
    return n;
  }
  friend bool operator==(const MistsCell&, const MistsCell&) = default;
};
inline constexpr MistsCell kNoMistsCell{};  // what a cell of another game holds

// The places `n` ghosts come off `c` when an action names none (Action::from): its mist
// areas in order, then its cemetery.
inline uint16_t listed_from(const MistsCell& c, int n) {
  uint16_t from = 0;
  for (int slot = 0; slot < kGhostSlots && n > 0; ++slot) {
    const int t = std::min<int>(c.ghosts[static_cast<size_t>(slot)], n);
    from = from_with(from, slot, std::min<int>(t, kFromSlotMask));
    n -= t;
  }
  return from;
}

// A buried meeple lies on its cemetery's cell on no feature (Dized.MoC.0026): the only meeple
// on a cell without a segment.
inline bool is_buried(const Meeple& m) { return m.cell >= 0 && m.seg < 0; }

struct Hound {
  enum Status : uint8_t { Waiting, Placed, Lost, Scored, Removed } status = Waiting;
  int16_t meeple = -1;
  // Its ghost removal (2 tiles, up to 3 each) has happened or is under way. Under
  // hound-trigger=when-surrounded it waits until the hound's tile has all 8 neighbours.
  bool cleared = false;
  friend bool operator==(const Hound&, const Hound&) = default;
};

// Level 6: the colours with a scoring meeple, in track order (ascending colours), as the team
// chose them at set-up (empty until then, and in Levels 1-5). Inline: copying a state stays
// one copy.
struct ScoringColours {
  std::array<int8_t, kMaxColours> colour{};
  int8_t n = 0;
  int size() const { return n; }
  bool empty() const { return n == 0; }
  int operator[](size_t k) const { return colour[k]; }
  const int8_t* begin() const { return colour.data(); }
  const int8_t* end() const { return colour.data() + n; }
  int track_of(int c) const {  // -1: no scoring meeple of that colour
    for (int k = 0; k < n; ++k)
      if (colour[static_cast<size_t>(k)] == c) return k;
    return -1;
  }
  friend bool operator==(const ScoringColours&, const ScoringColours&) = default;
};

struct MistsState {
  // The per-cell table: a row per placed cell in Mists games (the room's set-up starts it, a
  // placement grows it), none elsewhere, so that other games copy an empty vector.
  std::vector<MistsCell> cells;
  const MistsCell& cell(int c) const {
    return static_cast<size_t>(c) < cells.size() ? cells[static_cast<size_t>(c)] : kNoMistsCell;
  }
  void cells_added(size_t n) {  // the board holds n cells now
    if (!cells.empty()) cells.resize(n);
  }

  // Ghosts: neither made nor lost. What is on the tiles follows from the two counters and the
  // rule set's total (copied here at set-up; the invariant checker sums the tiles).
  int ghost_supply = 0, ghost_box = 0;
  int ghosts_total = 0;  // derived from the rule set: not compared, not in the snapshot
  int ghosts_on_board() const { return ghosts_total - ghost_box - ghost_supply; }

  // Levels 3+: the hounds, and the pile thresholds passed.
  std::vector<Hound> hounds;
  int thresholds_passed = 0;
  std::vector<int16_t> bury_queue;  // cemeteries waiting to bury
  int hound_clears_left = 0;
  int16_t hound_first_clear = -1;
  bool bank_finished_this_turn = false;
  bool extended_bank = false;
  int score_sub = 0;          // 0: next scoring; 1: its tracks and thresholds
  bool order_chosen = false;  // score-first chose the scoring under decision
  // Level 6: unowned colours' points awaiting a track, 4 entries each: points, their class,
  // the feature scored and its node (PendingScore), for the event.
  std::vector<int16_t> track_queue;
  int hound_active = -1;              // the hound being placed or clearing
  bool hound_surround_clear = false;  // its clearing is the when-surrounded one (no pile switch)
  ScoringColours scorers;             // Level 6: chosen at set-up
  int ghosts_placed = 0;  // 2a: ghosts the new tile's symbols took (the extra ghost needs some)
  int haunt_next = 0;     // 2a, Levels 5-6: the next of the new cemetery's 9 spaces to haunt
  int haunt_cell = -1;    // ... the neighbour whose mist area the team chooses (haunt)

  // Derived, kept by the placement hook (cells never change once placed): the face-up cells
  // whose centre is a cemetery, in cell order, so that the steps that look for cemeteries read
  // a few cells, not the board. Copies carry it; State::first_difference() need not (the
  // cells decide it); the invariant checker lists them afresh.
  std::vector<int16_t> cemeteries;
  // Derived likewise: a face-down tile is on the board (none in most games), so that a face-up
  // cell counts its face-down neighbours (MistsCell::fd8) only once there may be some.
  bool any_face_down = false;
};

}  // namespace carcheck
