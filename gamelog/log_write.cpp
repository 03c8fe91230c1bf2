// Writing a game carcheck played as one game-log line (gamelog/log_write.h): the recorded
// actions are walked on a fresh replay of the game, so that each is written with the words
// and the turn it had when it was taken. The line is appended as text (gamelog/json_out.h):
// every fuzzed game writes one, and a document tree cost more than the game itself.
#include "gamelog/log_write.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>

#include "engine/bcb.h"
#include "engine/notation.h"
#include "gamelog/json_out.h"

namespace carcheck {

namespace {

// A turn's fields, written in the order each was first set (as an insertion-ordered JSON
// object would keep them: a set-aside tile's "discard" may come before or after its "x").
enum class Key : uint8_t {
  Player,
  Tile,
  Bazaar,
  X,
  Y,
  Rotation,
  Bridge,
  Discard,
  LegalFollowers,
  Follower,
  Actions,
  LegalPlacements,
  LegalBids,
  Scores,
  Count
};
inline constexpr size_t kKeys = static_cast<size_t>(Key::Count);
// Each key as written, quotes and colon included: appended whole (the keys are plain words).
inline constexpr std::array<std::string_view, kKeys> kKeyTexts = {
    R"("player":)",     R"("tile":)",    R"("bazaar":)",
    R"("x":)",          R"("y":)",       R"("rotation":)",
    R"("bridge":)",     R"("discard":)", R"("legal_followers":)",
    R"("follower":)",   R"("actions":)", R"("legal_placements":)",
    R"("legal_bids":)", R"("scores":)"};

struct TurnOut {
  bool open = false;
  std::array<bool, kKeys> has{};
  std::array<Key, kKeys> order{};
  size_t n = 0;
  int player = 0, x = 0, y = 0, rotation = 0, bridge_x = 0, bridge_y = 0;
  std::string tile;
  const char* bridge_axis = "";
  std::optional<std::string> follower;  // none: null
  std::vector<std::string> actions, legal_followers;
  std::vector<std::array<int, 3>> legal_placements;
  std::vector<LogBids> legal_bids;
  std::vector<int> scores;

  bool contains(Key k) const { return nth(has, static_cast<int>(k)); }
  void set(Key k) {
    if (contains(k)) return;
    nth(has, static_cast<int>(k)) = true;
    nth(order, static_cast<int>(n++)) = k;
  }
  // A new turn: every field as a fresh TurnOut has it, the lists keeping their capacity (a
  // turn is written per turn of every fuzzed game).
  void start(int who, const std::string& name) {
    has = {};
    order = {};
    n = 0;
    x = y = rotation = bridge_x = bridge_y = 0;
    bridge_axis = "";
    follower.reset();
    actions.clear();
    legal_followers.clear();
    legal_placements.clear();
    legal_bids.clear();
    scores.clear();
    open = true;
    set(Key::Player);
    player = who;
    set(Key::Tile);
    tile = name;
  }
};

void int_array(std::string& out, const std::vector<int>& v) {
  out += '[';
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    jsonout::integer(out, v[i]);
  }
  out += ']';
}

void string_array(std::string& out, const std::vector<std::string>& v) {
  out += '[';
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    jsonout::string(out, v[i]);
  }
  out += ']';
}

void write_turn(std::string& out, const TurnOut& t) {
  out += '{';
  bool first = true;
  for (size_t i = 0; i < t.n; ++i) {
    const Key k = nth(t.order, static_cast<int>(i));
    if (!first) out += ',';
    first = false;
    out += nth(kKeyTexts, static_cast<int>(k));
    switch (k) {
      case Key::Player:
        jsonout::integer(out, t.player);
        break;
      case Key::Tile:
        jsonout::string(out, t.tile);
        break;
      case Key::Bazaar:
      case Key::Discard:
        out += "true";
        break;
      case Key::X:
        jsonout::integer(out, t.x);
        break;
      case Key::Y:
        jsonout::integer(out, t.y);
        break;
      case Key::Rotation:
        jsonout::integer(out, t.rotation);
        break;
      case Key::Bridge: {
        out += '{';
        bool f = true;
        jsonout::key(out, f, "x");
        jsonout::integer(out, t.bridge_x);
        jsonout::key(out, f, "y");
        jsonout::integer(out, t.bridge_y);
        jsonout::key(out, f, "axis");
        jsonout::string(out, t.bridge_axis);
        out += '}';
        break;
      }
      case Key::LegalFollowers:
        string_array(out, t.legal_followers);
        break;
      case Key::Follower:
        if (t.follower)
          jsonout::string(out, *t.follower);
        else
          out += "null";
        break;
      case Key::Actions:
        string_array(out, t.actions);
        break;
      case Key::LegalPlacements:
        out += '[';
        for (size_t j = 0; j < t.legal_placements.size(); ++j) {
          const std::array<int, 3>& p = t.legal_placements[j];
          out += j ? ",[" : "[";
          jsonout::integer(out, p[0]);
          out += ',';
          jsonout::integer(out, p[1]);
          out += ',';
          jsonout::integer(out, p[2]);
          out += ']';
        }
        out += ']';
        break;
      case Key::LegalBids:
        out += '[';
        for (size_t j = 0; j < t.legal_bids.size(); ++j) {
          const LogBids& b = t.legal_bids[j];
          out += j ? ",{" : "{";
          bool f = true;
          jsonout::key(out, f, "action");
          jsonout::integer(out, b.action);
          jsonout::key(out, f, "ranges");
          out += '[';
          for (size_t k = 0; k < b.ranges.size(); ++k) {
            const LogBidRange& r = b.ranges[k];
            out += k ? ",{" : "{";
            bool rf = true;
            if (!r.tile.empty()) {
              jsonout::key(out, rf, "tile");
              jsonout::string(out, r.tile);
            }
            jsonout::key(out, rf, "from");
            jsonout::integer(out, r.from);
            if (r.to) {
              jsonout::key(out, rf, "to");
              jsonout::integer(out, *r.to);
            }
            out += '}';
          }
          out += "]}";
        }
        out += ']';
        break;
      case Key::Scores:
        int_array(out, t.scores);
        break;
      case Key::Count:
        break;
    }
  }
  out += '}';
}

// The scores of every seat or track into `out` (its capacity kept).
void scores_of(const State& s, const std::vector<Event>* minus_final, std::vector<int>& out) {
  out.clear();
  for (int t = 0; t < s.score_count(); ++t) {
    int v = s.score(t).total;
    // A turn's scores are read before the final scoring that the last turn's end triggers.
    if (minus_final)
      for (const Event& e : *minus_final)
        if (e.kind == EventKind::FinalScored && e.who == t) v -= e.value;
    out.push_back(v);
  }
}

}  // namespace

namespace {

// The follower of a meeple action's text "meeple road:W red [large]" (follower_text): the colour
// is left out where each player has one; `large` (the large follower) stays.
std::string follower_of(const State& s, const std::string& action) {
  std::string text = action.substr(action.find(' ') + 1);
  if (s.game().colours() > s.game().players()) return text;
  const size_t space = text.find(' ');
  if (space == std::string::npos) return text;
  const bool large = text.size() > 6 && text.compare(text.size() - 6, 6, " large") == 0;
  return text.substr(0, space) + (large ? " large" : "");
}

}  // namespace

std::string follower_text(const State& s, const Action& a) {
  return follower_of(s, action_text(s, a));  // "meeple road:W red"
}

namespace {

void legal_placements(const State& s, TurnOut& turn) {
  ActionList legal;
  s.legal_actions(legal);
  turn.set(Key::LegalPlacements);
  turn.legal_placements.clear();
  for (const Action& a : legal)
    if (a.kind == ActionKind::Place && a.count == 0)
      turn.legal_placements.push_back({a.x, a.y, a.rot});
}

void legal_followers(const State& s, TurnOut& turn) {
  ActionList legal;
  s.legal_actions(legal);
  turn.set(Key::LegalFollowers);
  std::vector<std::string>& out = turn.legal_followers;
  out.clear();
  for (const Action& a : legal) {
    if (a.kind != ActionKind::Meeple && a.kind != ActionKind::Pass) continue;
    const std::string f = a.kind == ActionKind::Pass ? "none" : follower_text(s, a);
    if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  }
}

}  // namespace

struct GameLogWriter::Impl {
  const Game& g;
  LogWriteOptions o;
  std::string out;
  size_t version_at = 0, turns_at = 0;  // where the header's version and "turns" stand
  bool first = true;                    // the header's first member
  bool first_turn = true;
  bool failed = false;
  TurnOut turn;
  // Per action, between before() and after().
  bool starts = false, reveal = false;
  std::vector<Event> last_events;

  Impl(const Game& game, uint64_t seed, LogWriteOptions opt);
  void close(const State& at);
};

GameLogWriter::Impl::Impl(const Game& game, uint64_t seed, LogWriteOptions opt)
    : g(game), o(std::move(opt)), out(1, '{') {
  const RuleSet& r = g.rules();
  jsonout::key(out, first, "format");
  jsonout::string(out, kLogFormatName);
  jsonout::key(out, first, "version");
  version_at = out.size();
  jsonout::integer(out, kLogFormatVersion);
  jsonout::key(out, first, "writer");
  jsonout::string(out, "carcheck");
  jsonout::key(out, first, "rules");
  jsonout::string(out, r.name);
  jsonout::key(out, first, "players");
  jsonout::integer(out, g.players());
  // Variants: each chosen switch once (a repeated id keeps its first place, its last value).
  std::vector<std::pair<std::string, std::string>> variants;
  for (const VariantSwitch& v : r.variants) {
    if (v.chosen == 0) continue;
    auto it = std::find_if(variants.begin(), variants.end(),
                           [&](const auto& kv) { return kv.first == v.id; });
    if (it == variants.end())
      variants.emplace_back(v.id, v.value());
    else
      it->second = v.value();
  }
  if (!variants.empty()) {
    jsonout::key(out, first, "variants");
    out += '{';
    bool f = true;
    for (const auto& [id, value] : variants) {
      jsonout::key(out, f, id);
      jsonout::string(out, value);
    }
    out += '}';
  }
  jsonout::key(out, first, "seed");
  jsonout::unsigned_integer(out, seed);
  jsonout::key(out, first, "frame");
  out += R"({"y":"down","rotation":"clockwise"})";
  jsonout::key(out, first, "start");
  out += R"({"x":0,"y":0,"rotation":0})";
  jsonout::key(out, first, "colours");
  out += '[';
  for (int c = 0; c < g.colours(); ++c) {
    if (c) out += ',';
    jsonout::string(out, g.colour_name(c));
  }
  out += ']';
  if (!o.start_scores.empty()) {
    jsonout::key(out, first, "start_scores");
    int_array(out, o.start_scores);
  }
  turns_at = out.size() + 1;  // after the comma key() writes
  jsonout::key(out, first, "turns");
  out += '[';
}

// The open turn, with the scores at `at` (after its last action).
void GameLogWriter::Impl::close(const State& at) {
  if (!turn.open) return;
  if (o.scores) {
    turn.set(Key::Scores);
    scores_of(at, &last_events, turn.scores);
  }
  if (!first_turn) out += ',';
  first_turn = false;
  write_turn(out, turn);
  turn.open = false;
}

GameLogWriter::GameLogWriter(const Game& g, uint64_t seed, LogWriteOptions o)
    : impl_(std::make_unique<Impl>(g, seed, std::move(o))) {}
GameLogWriter::~GameLogWriter() = default;
GameLogWriter::GameLogWriter(GameLogWriter&&) noexcept = default;
GameLogWriter& GameLogWriter::operator=(GameLogWriter&&) noexcept = default;

void GameLogWriter::fail() { impl_->failed = true; }

bool GameLogWriter::before(const State& at, const Action& a, const std::string* text) {
  Impl& w = *impl_;
  if (w.failed) return false;
  TurnOut& turn = w.turn;
  const Phase phase = at.phase();
  // Level 6's set-up choice, before the first turn: the header's scoring_meeples (version 2).
  if (a.kind == ActionKind::ScoringMeeples) {
    if (turn.open || !w.first_turn || phase != Phase::ScoringMeeples) {
      w.failed = true;
      return false;
    }
    std::string field = "\"scoring_meeples\":[";
    bool first_colour = true;
    for (int c = 0; c < kMaxColours; ++c) {
      if (!(a.from & (1u << c))) continue;
      if (!first_colour) field += ',';
      first_colour = false;
      jsonout::string(field, at.game().colour_name(c));
    }
    field += "],";
    static_assert(kLogFormatVersion == 1 && kLogFormatNewest >= 2, "one digit is replaced");
    w.out.insert(w.turns_at, field);
    w.out[w.version_at] = '2';
    return true;
  }
  // BCB: a bazaar's reveals are draws of the host's turn; each tile won is placed in a
  // turn of its own, with no draw ("bazaar": true).
  w.reveal = at.bcb().bazaar == BazaarStage::Reveal;
  const bool bazaar_turn = at.bcb().bazaar == BazaarStage::Place && phase == Phase::Place &&
                           turn.open && (turn.contains(Key::X) || turn.contains(Key::Discard));
  w.starts = a.kind == ActionKind::Draw && phase == Phase::Draw && !w.reveal;
  if (w.starts) {
    w.close(at);
    turn.start(at.active_player(), w.g.tile(a.tile).name);
  } else if (bazaar_turn) {
    w.close(at);
    turn.start(at.active_player(), w.g.tile(at.drawn()).name);
    turn.set(Key::Bazaar);
  }
  if (!turn.open) {
    w.failed = true;  // the history does not start with a draw: not a game this format holds
    return false;
  }
  if (w.starts) {
    // the turn's draw: its tile is the turn's
  } else if (a.kind == ActionKind::Place) {
    turn.set(Key::X);
    turn.x = a.x;
    turn.set(Key::Y);
    turn.y = a.y;
    turn.set(Key::Rotation);
    turn.rotation = a.rot;
    if (a.count >= kPlaceBridgeSelf && a.count < kPlaceBridgeBeside) {
      turn.set(Key::Bridge);
      turn.bridge_x = a.x;
      turn.bridge_y = a.y;
      turn.bridge_axis = bridge_axis_name(static_cast<BridgeAxis>(a.count - 1));
    } else if (a.count >= kPlaceBridgeBeside && a.count < kPlaceBridgeCodes) {
      const int side = a.count - kPlaceBridgeBeside;
      turn.set(Key::Bridge);
      turn.bridge_x = a.x + kDx[side];
      turn.bridge_y = a.y + kDy[side];
      turn.bridge_axis = bridge_axis_name(axis_of_side(side));
    }
  } else if (a.kind == ActionKind::Discard) {
    turn.set(Key::Discard);
  } else if (phase == Phase::Meeple &&
             (a.kind == ActionKind::Meeple || a.kind == ActionKind::Pass)) {
    if (w.o.legal) legal_followers(at, turn);
    turn.set(Key::Follower);
    turn.follower.reset();
    if (a.kind != ActionKind::Pass)
      turn.follower = text ? follower_of(at, *text) : follower_text(at, a);
  } else {
    if (w.o.legal)
      if (std::optional<std::vector<LogBidRange>> bids = legal_bid_ranges(at)) {
        turn.set(Key::LegalBids);
        turn.legal_bids.push_back({static_cast<int>(turn.actions.size()), std::move(*bids)});
        static_assert(kLogFormatVersion == 1 && kLogFormatNewest >= 2, "one digit is replaced");
        w.out[w.version_at] = '2';  // legal_bids: a field of version 2
      }
    turn.set(Key::Actions);
    turn.actions.push_back(text ? *text : action_text(at, a));
  }
  return true;
}

std::optional<std::vector<LogBidRange>> legal_bid_ranges(const State& s) {
  const bool selection = s.phase() == Phase::BazaarSelect && !s.bcb().bazaar_no_bids;
  if (!selection && s.phase() != Phase::BazaarBid) return std::nullopt;
  ActionList legal;
  s.legal_actions(legal);
  std::vector<LogBidRange> out;
  for (int i = 0; i < legal.size; ++i) {
    const Action& a = legal.items[i];
    if (a.kind != ActionKind::Bid && a.kind != ActionKind::Select) continue;
    LogBidRange r;
    if (a.kind == ActionKind::Select) r.tile = s.game().tile(a.tile).name;
    r.from = a.x;
    if (!is_bid_range(a)) {
      int j = i;
      while (j + 1 < legal.size && legal.items[j + 1] == with_amount(a, legal.items[j].x + 1)) ++j;
      r.to = legal.items[j].x;
      i = j;
    }
    out.push_back(std::move(r));
  }
  return out;
}

void GameLogWriter::after(const State& now, const Action& a) {
  Impl& w = *impl_;
  if (w.failed) return;
  // After the draw: where the tile may go (the placements without a bridge).
  if (w.o.legal && a.kind == ActionKind::Draw && w.starts && now.phase() == Phase::Place)
    legal_placements(now, w.turn);
  for (const Event& e : now.events())
    if (e.kind == EventKind::TileSetAside && w.starts && e.value == a.tile)
      w.turn.set(Key::Discard);
  w.last_events.assign(now.events().begin(), now.events().end());  // keeps its capacity
}

std::string GameLogWriter::finish(const State& at, const State& game) {
  Impl& w = *impl_;
  if (w.failed) return "";
  w.close(at);
  std::string out = std::move(w.out);
  w.failed = true;  // the line is handed over once
  out += ']';
  bool first = false;
  if (game.is_terminal()) {
    jsonout::key(out, first, "final_scores");
    std::vector<int> final_scores;
    scores_of(game, nullptr, final_scores);
    int_array(out, final_scores);
  } else {
    jsonout::key(out, first, "partial");
    out += "true";
  }
  out += '}';
  return out;
}

std::string write_game_log(const State& s, const LogWriteOptions& o) {
  const Game& g = s.game();
  State replay(g, s.seed());
  for (size_t t = 0; t < o.start_scores.size(); ++t)
    replay.setup_score(static_cast<int>(t), o.start_scores[t]);
  GameLogWriter w(g, s.seed(), o);
  for (const Action& a : s.history()) {
    if (!w.before(replay, a) || replay.apply(a)) return "";
    w.after(replay, a);
  }
  return w.finish(replay, s);
}

}  // namespace carcheck
