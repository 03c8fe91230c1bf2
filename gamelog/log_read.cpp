// Reading one line of a game log (gamelog/game_log.h). Strict: an unknown field, a missing
// one or a wrong type is refused with its JSON path, never defaulted. The JSON is read by
// gamelog/json_in.h (every fuzzed game's log is read back, so no tree of maps is built).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "gamelog/game_log.h"
#include "gamelog/json_in.h"

namespace carcheck {

std::string LogError::text() const {
  return path.empty() ? fmt::format("line {}: {}", line, reason)
                      : fmt::format("line {}: {}: {}", line, path, reason);
}

namespace {

using json = jsonin::Value;
using jsonin::Type;

struct Bad {
  std::string path, reason;
};

std::string kind_of(const json& v) {
  if (v.type == Type::Null) return "null";
  if (v.type == Type::Boolean) return "a boolean";
  if (v.is_number()) return "a number";
  if (v.type == Type::String) return "a string";
  if (v.type == Type::Array) return "an array";
  return "an object";
}

inline constexpr size_t kMaxPrefetched = 16;  // keys Fields::prefetch looks up at once

// The fields of an object, each read once; whatever is left over is unknown.
class Fields {
 public:
  Fields(const jsonin::Document& d, const json& obj, std::string path)
      : d_(d), obj_(obj), path_(std::move(path)) {
    if (obj.type != Type::Object) throw Bad{path_, "expected an object, found " + kind_of(obj)};
  }
  std::string at(std::string_view key) const {
    return path_.empty() ? std::string(key) : fmt::format("{}.{}", path_, key);
  }
  const jsonin::Document& doc() const { return d_; }
  // Finds every key of `names` in one pass over the members (a turn is read per turn of every
  // fuzzed game's log); get(k) then reads the member of names[k] without a search.
  void prefetch(std::span<const std::string_view> names) {
    names_ = names;
    for (size_t i = 0; i < d_.written_size(obj_); ++i) {
      const json& m = d_.written_member(obj_, i);
      for (size_t k = 0; k < names.size(); ++k)
        if (names[k].size() == m.key.size() && names[k] == m.key) {
          slots_.at(k) = &m;  // a repeated key: the last one written
          break;
        }
    }
  }
  const json* get(std::string_view key) {
    ask(key);
    const json* v = d_.find(obj_, key);
    if (v) ++found_;
    return v;
  }
  const json* get(size_t k) {  // the key names_[k] of prefetch()
    ask(names_[k]);
    const json* v = slots_.at(k);
    if (v) ++found_;
    return v;
  }
  const json& need(size_t k) {
    const json* v = get(k);
    if (!v) throw Bad{at(names_[k]), "missing"};
    return *v;
  }
  int need_int(size_t k) { return integer(need(k), names_[k]); }
  std::string need_text(size_t k) { return text(need(k), names_[k]); }
  const json& need(std::string_view key) {
    const json* v = get(key);
    if (!v) throw Bad{at(key), "missing"};
    return *v;
  }
  int integer(const json& v, std::string_view key) const {
    if (!v.is_number_integer()) throw Bad{at(key), "expected an integer, found " + kind_of(v)};
    const int64_t n = v.as_int64();
    if (n < -1000000 || n > 1000000) throw Bad{at(key), "out of range"};
    return static_cast<int>(n);
  }
  int need_int(std::string_view key) { return integer(need(key), key); }
  std::string text(const json& v, std::string_view key) const {
    if (v.type != Type::String) throw Bad{at(key), "expected a string, found " + kind_of(v)};
    return std::string(v.text);
  }
  std::string need_text(std::string_view key) { return text(need(key), key); }
  bool flag(const json& v, std::string_view key) const {
    if (v.type != Type::Boolean) throw Bad{at(key), "expected true or false, found " + kind_of(v)};
    return v.boolean;
  }
  // Every field was asked for: none is unknown (counted, so the usual case compares nothing).
  void done() const {
    // Every member found by a distinct key asked for: none is unknown (and, as written, no key
    // repeats), so the members need no walk in key order.
    if (found_ == d_.written_size(obj_)) return;
    for (size_t i = 0; i < d_.size(obj_); ++i) {
      const std::string_view key = d_.child(obj_, i).key;
      auto is_key = [&](std::string_view a) { return key == a; };
      if (std::none_of(asked_.begin(), asked_.begin() + static_cast<std::ptrdiff_t>(n_asked_),
                       is_key) &&
          std::none_of(more_asked_.begin(), more_asked_.end(), is_key))
        throw Bad{at(key), "unknown field"};
    }
  }

 private:
  const jsonin::Document& d_;
  const json& obj_;
  std::string path_;
  // The keys asked for (literals, or keys of the document): a log's objects have few fields,
  // so the first ones need no allocation.
  std::array<std::string_view, 20> asked_{};
  size_t n_asked_ = 0;
  void ask(std::string_view key) {
    if (n_asked_ < asked_.size())
      asked_[n_asked_++] = key;
    else
      more_asked_.push_back(key);
  }

  std::vector<std::string_view> more_asked_;
  std::span<const std::string_view> names_;          // prefetch(): the keys looked up in one pass
  std::array<const json*, kMaxPrefetched> slots_{};  // their members, or nullptr
  size_t found_ = 0;
};

// `path()` names the list, built only for a message.
template <class Path>
std::vector<int> int_list(const jsonin::Document& d, const json& v, const Path& path) {
  if (v.type != Type::Array)
    throw Bad{path(), "expected an array of integers, found " + kind_of(v)};
  std::vector<int> out;
  out.reserve(d.size(v));
  for (size_t i = 0; i < d.size(v); ++i) {
    const json& item = d.child(v, i);
    if (!item.is_number_integer())
      throw Bad{fmt::format("{}[{}]", path(), i), "expected an integer"};
    out.push_back(static_cast<int>(item.as_int64()));  // as nlohmann's get<int>()
  }
  return out;
}

// Item i of an array of strings; the path is built only for the message.
std::string string_item(const Fields& f, const json& array, size_t i, const char* key) {
  const json& v = f.doc().child(array, i);
  if (v.type != Type::String)
    throw Bad{fmt::format("{}[{}]", f.at(key), i), "expected a string, found " + kind_of(v)};
  return std::string(v.text);
}

// A turn's fields, found in one pass (Fields::prefetch) and asked for by their slot.
enum TurnField : size_t {
  kPlayer,
  kTile,
  kDiscard,
  kBazaar,
  kX,
  kY,
  kRotation,
  kBridge,
  kFollower,
  kActions,
  kScores,
  kLegalPlacements,
  kLegalFollowers,
  kLegal,
  kLegalBids,
  kTurnFieldCount
};
constexpr std::array<std::string_view, kTurnFieldCount> kTurnFields = {
    "player",          "tile",   "discard",   "bazaar",  "x",      "y",
    "rotation",        "bridge", "follower",  "actions", "scores", "legal_placements",
    "legal_followers", "legal",  "legal_bids"};
static_assert(kTurnFields.size() <= kMaxPrefetched);

// A bridge: {"x", "y", "axis": "N-S" | "W-E"}.
void read_bridge(Fields& bf, std::optional<std::array<int, 2>>& at, std::string& axis) {
  at = std::array<int, 2>{bf.need_int("x"), bf.need_int("y")};
  axis = bf.need_text("axis");
  if (axis != "N-S" && axis != "W-E") throw Bad{bf.at("axis"), "expected \"N-S\" or \"W-E\""};
  bf.done();
}

// Version 2's `legal`: [{x, y, rotation, bridge?, followers?}].
std::vector<LogMove> read_moves(Fields& f, const json& v) {
  const jsonin::Document& d = f.doc();
  if (v.type != Type::Array)
    throw Bad{f.at("legal"), "expected an array of {x, y, rotation, bridge, followers}"};
  std::vector<LogMove> out;
  for (size_t i = 0; i < d.size(v); ++i) {
    Fields mf(d, d.child(v, i), fmt::format("{}[{}]", f.at("legal"), i));
    LogMove m;
    m.x = mf.need_int("x");
    m.y = mf.need_int("y");
    m.rotation = mf.need_int("rotation");
    if (m.rotation < 0 || m.rotation > 3) throw Bad{mf.at("rotation"), "expected 0..3"};
    if (const json* b = mf.get("bridge")) {
      Fields bf(d, *b, mf.at("bridge"));
      read_bridge(bf, m.bridge_at, m.bridge_axis);
    }
    if (const json* fo = mf.get("followers")) {
      if (fo->type != Type::Array)
        throw Bad{mf.at("followers"), "expected an array of followers (\"none\" for none)"};
      m.followers.emplace();
      for (size_t k = 0; k < d.size(*fo); ++k)
        m.followers->push_back(string_item(mf, *fo, k, "followers"));
    }
    mf.done();
    out.push_back(std::move(m));
  }
  return out;
}

// Version 2's `legal_bids`: [{action, ranges: [{tile?, from, to?}]}].
std::vector<LogBids> read_bids(Fields& f, const json& v, size_t actions) {
  const jsonin::Document& d = f.doc();
  if (v.type != Type::Array) throw Bad{f.at("legal_bids"), "expected an array of {action, ranges}"};
  std::vector<LogBids> out;
  for (size_t i = 0; i < d.size(v); ++i) {
    Fields bf(d, d.child(v, i), fmt::format("{}[{}]", f.at("legal_bids"), i));
    LogBids b;
    b.action = bf.need_int("action");
    if (b.action < 0 || static_cast<size_t>(b.action) >= actions)
      throw Bad{bf.at("action"),
                fmt::format("expected the index of one of the turn's {} actions", actions)};
    const json* rs = bf.get("ranges");
    if (!rs || rs->type != Type::Array)
      throw Bad{bf.at("ranges"), "expected an array of {tile, from, to}"};
    for (size_t k = 0; k < d.size(*rs); ++k) {
      Fields rf(d, d.child(*rs, k), fmt::format("{}[{}]", bf.at("ranges"), k));
      LogBidRange r;
      if (const json* t = rf.get("tile")) r.tile = rf.text(*t, "tile");
      r.from = rf.need_int("from");
      if (const json* to = rf.get("to")) {
        r.to = rf.integer(*to, "to");
        if (*r.to < r.from) throw Bad{rf.at("to"), "expected a bid no lower than from"};
      }
      rf.done();
      b.ranges.push_back(std::move(r));
    }
    bf.done();
    out.push_back(std::move(b));
  }
  return out;
}

LogTurn read_turn(const jsonin::Document& d, const json& v, const std::string& path, int players,
                  int version) {
  Fields f(d, v, path);
  f.prefetch(kTurnFields);
  // A field a later version added, in a line of an earlier one.
  for (const LogFieldSince& since : kLogFieldsSince)
    if (version < since.version && d.find(v, since.field))
      throw Bad{f.at(since.field),
                fmt::format("a field of format version {} (this line is version {})", since.version,
                            version)};
  LogTurn t;
  t.path = path;
  t.player = f.need_int(kPlayer);
  if (t.player < 0 || t.player >= players)
    throw Bad{f.at("player"), fmt::format("seat {} is not one of 0..{}", t.player, players - 1)};
  t.tile = f.need_text(kTile);
  if (const json* d = f.get(kDiscard)) t.discard = f.flag(*d, "discard");
  if (const json* b = f.get(kBazaar)) t.bazaar = f.flag(*b, "bazaar");
  const json* x = f.get(kX);
  const json* y = f.get(kY);
  const json* r = f.get(kRotation);
  if (t.discard && (x || y || r)) throw Bad{path, "a discarded tile has no x, y or rotation"};
  if ((x || y || r) && !(x && y && r)) throw Bad{path, "a placed tile needs x, y and rotation"};
  // Neither: the rules took the tile over after the draw (Mists: a face-down tile, the game
  // ending on the last draw); its decisions, if any, are in `actions`.
  t.placed = x != nullptr;
  if (t.placed) {
    t.x = f.integer(*x, "x");
    t.y = f.integer(*y, "y");
    t.rotation = f.integer(*r, "rotation");
    if (t.rotation < 0 || t.rotation > 3) throw Bad{f.at("rotation"), "expected 0..3"};
  }
  if (const json* b = f.get(kBridge)) {
    Fields bf(d, *b, f.at("bridge"));
    read_bridge(bf, t.bridge_at, t.bridge_axis);
    if (t.discard) throw Bad{f.at("bridge"), "a discarded tile comes with no bridge"};
  }
  if (const json* fo = f.get(kFollower)) {
    t.has_follower_step = true;
    if (fo->type != Type::Null) t.follower = LogFollower{f.text(*fo, "follower")};
  }
  if (const json* a = f.get(kActions)) {
    if (a->type != Type::Array) throw Bad{f.at("actions"), "expected an array of action texts"};
    for (size_t i = 0; i < d.size(*a); ++i) t.actions.push_back(string_item(f, *a, i, "actions"));
  }
  if (const json* s = f.get(kScores)) {
    t.scores = int_list(d, *s, [&] { return f.at("scores"); });
  }
  if (const json* lp = f.get(kLegalPlacements)) {
    if (lp->type != Type::Array)
      throw Bad{f.at("legal_placements"), "expected an array of [x, y, r]"};
    t.legal_placements.emplace();
    for (size_t i = 0; i < d.size(*lp); ++i) {
      const std::string p = fmt::format("{}[{}]", f.at("legal_placements"), i);
      std::vector<int> xyr = int_list(d, d.child(*lp, i), [&] { return p; });
      if (xyr.size() != 3 || xyr[2] < 0 || xyr[2] > 3)
        throw Bad{p, "expected [x, y, rotation 0..3]"};
      t.legal_placements->push_back({xyr[0], xyr[1], xyr[2]});
    }
  }
  if (const json* lf = f.get(kLegalFollowers)) {
    if (lf->type != Type::Array)
      throw Bad{f.at("legal_followers"), "expected an array of features"};
    t.legal_followers.emplace();
    for (size_t i = 0; i < d.size(*lf); ++i)
      t.legal_followers->push_back(string_item(f, *lf, i, "legal_followers"));
  }
  if (const json* l = f.get(kLegal)) t.legal = read_moves(f, *l);
  if (const json* lb = f.get(kLegalBids)) t.legal_bids = read_bids(f, *lb, t.actions.size());
  f.done();
  return t;
}

void read_header(Fields& f, GameLog& g) {
  const jsonin::Document& d = f.doc();
  const std::string format = f.need_text("format");
  if (format != kLogFormatName)
    throw Bad{f.at("format"), fmt::format("expected \"{}\"", kLogFormatName)};
  g.version = f.need_int("version");
  if (g.version < 1 || g.version > kLogFormatNewest)
    throw Bad{f.at("version"), fmt::format("format version {} is not known (this carcheck reads "
                                           "versions 1 to {})",
                                           g.version, kLogFormatNewest)};
  if (const json* w = f.get("writer")) g.writer = f.text(*w, "writer");
  g.game.rules = f.need_text("rules");
  if (const json* l = f.get("level")) g.game.level = f.integer(*l, "level");
  g.game.players = f.need_int("players");
  if (g.game.players < 1 || g.game.players > 6) throw Bad{f.at("players"), "expected 1..6"};
  if (const json* v = f.get("variants")) {
    if (v->type != Type::Object) throw Bad{f.at("variants"), "expected an object {switch: value}"};
    for (size_t i = 0; i < d.size(*v); ++i) {
      const json& value = d.child(*v, i);
      const std::string key(value.key);
      g.game.variants.push_back(fmt::format("{}={}", key, f.text(value, "variants." + key)));
    }
  }
  if (const json* s = f.get("seed")) {
    if (s->type != Type::Unsigned) throw Bad{f.at("seed"), "expected a whole number >= 0"};
    g.seed = s->unsigned_;
  }
  if (const json* fr = f.get("frame")) {
    Fields ff(d, *fr, f.at("frame"));
    const std::string y = ff.need_text("y"), r = ff.need_text("rotation");
    if (y != "down" && y != "up") throw Bad{ff.at("y"), "expected \"down\" or \"up\""};
    if (r != "clockwise" && r != "counterclockwise")
      throw Bad{ff.at("rotation"), "expected \"clockwise\" or \"counterclockwise\""};
    g.y_up = y == "up";
    g.counterclockwise = r == "counterclockwise";
    ff.done();
  }
  if (const json* st = f.get("start")) {
    Fields sf(d, *st, f.at("start"));
    g.start_x = sf.need_int("x");
    g.start_y = sf.need_int("y");
    if (sf.need_int("rotation") != 0)
      throw Bad{sf.at("rotation"),
                "the start tile lies in rotation 0 of the rule set's start tile; turn the log's "
                "frame so that it does (docs/game-log.md)"};
    sf.done();
  }
  if (const json* c = f.get("colours")) {
    if (c->type != Type::Array) throw Bad{f.at("colours"), "expected an array of colour names"};
    for (size_t i = 0; i < d.size(*c); ++i)
      g.colours.push_back(f.text(d.child(*c, i), fmt::format("colours[{}]", i)));
  }
  if (const json* tr = f.get("tile_rotations")) {
    if (tr->type != Type::Object)
      throw Bad{f.at("tile_rotations"), "expected an object {tile: quarter turns}"};
    for (size_t i = 0; i < d.size(*tr); ++i) {
      const json& value = d.child(*tr, i);
      const std::string key(value.key);
      const int turns = f.integer(value, "tile_rotations." + key);
      if (turns < 0 || turns > 3) throw Bad{"tile_rotations." + key, "expected 0..3"};
      g.tile_rotations.emplace_back(key, turns);
    }
  }
  for (const LogFieldSince& since : kLogHeaderFieldsSince)
    if (g.version < since.version && f.get(since.field))
      throw Bad{f.at(since.field),
                fmt::format("a field of format version {} (this line is version {})", since.version,
                            g.version)};
  if (const json* sm = f.get("scoring_meeples")) {
    if (sm->type != Type::Array)
      throw Bad{f.at("scoring_meeples"), "expected an array of colour names"};
    for (size_t i = 0; i < d.size(*sm); ++i)
      g.scoring_meeples.push_back(f.text(d.child(*sm, i), fmt::format("scoring_meeples[{}]", i)));
  }
  if (const json* p = f.get("partial")) g.partial = f.flag(*p, "partial");
  if (const json* ss = f.get("start_scores"))
    g.start_scores = int_list(d, *ss, [] { return std::string("start_scores"); });
}

void read_tiles(Fields& f, GameLog& g) {
  const jsonin::Document& d = f.doc();
  const json* t = f.get("tiles");
  if (!t) return;
  Fields tf(d, *t, f.at("tiles"));
  for (size_t k = 0; k < d.size(*t); ++k) {
    const json& tiles = d.child(*t, k);
    const std::string set(tiles.key);
    const std::string sp = tf.at(set);
    tf.get(tiles.key);  // a view into the document, which outlives `tf`
    if (tiles.type != Type::Array) throw Bad{sp, "expected an array of tiles"};
    for (size_t i = 0; i < d.size(tiles); ++i) {
      const std::string p = fmt::format("{}[{}]", sp, i);
      Fields df(d, d.child(tiles, i), p);
      LogTileDef def;
      def.set = set;
      def.tile.name = df.need_text("name");
      def.tile.shape = df.need_text("shape");
      def.tile.count = df.need_int("count");
      if (def.tile.count < 1 || def.tile.count > 100)  // tiles.yaml's range
        throw Bad{df.at("count"), "expected 1..100 copies"};
      if (const json* s = df.get("start")) def.tile.start = df.flag(*s, "start");
      df.done();
      g.tiles.push_back(def);
    }
  }
}

}  // namespace

std::optional<GameLog> read_game_log(const std::string& line_text, int line, LogError& error) {
  error = LogError{line, "", ""};
  // Kept from line to line (every fuzzed game reads one back): parse() starts it afresh but
  // keeps its arrays' capacity, so a line allocates no value array of its own.
  static thread_local jsonin::Document doc;
  if (!doc.parse(line_text)) {
    error.reason = "not JSON";
    return std::nullopt;
  }
  try {
    GameLog g;
    g.line = line;
    Fields f(doc, doc.root(), "");
    read_header(f, g);
    read_tiles(f, g);
    const json& turns = f.need("turns");
    if (turns.type != Type::Array) throw Bad{"turns", "expected an array"};
    g.turns.reserve(doc.size(turns));
    for (size_t i = 0; i < doc.size(turns); ++i)
      g.turns.push_back(read_turn(doc, doc.child(turns, i), fmt::format("turns[{}]", i),
                                  g.game.players, g.version));
    if (const json* fs = f.get("final_scores")) {
      g.final_scores = int_list(doc, *fs, [] { return std::string("final_scores"); });
    }
    f.done();
    return g;
  } catch (const Bad& b) {
    error.path = b.path;
    error.reason = b.reason;
    return std::nullopt;
  }
}

}  // namespace carcheck
