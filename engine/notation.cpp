#include "engine/notation.h"

#include <sstream>
#include <vector>

namespace carcheck {

namespace {

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> w;
  for (std::string t; in >> t;) w.push_back(t);
  return w;
}

bool parse_int(const std::string& t, int& v) {
  size_t used = 0;
  try {
    v = std::stoi(t, &used);
  } catch (...) {
    return false;
  }
  return used == t.size();
}

bool parse_xy(const std::string& t, int& x, int& y) {
  size_t comma = t.find(',');
  return comma != std::string::npos && parse_int(t.substr(0, comma), x) &&
         parse_int(t.substr(comma + 1), y);
}

std::string xy(int x, int y) { return std::to_string(x) + "," + std::to_string(y); }

// The name of segment `seg` of `f` as <kind>:<port>, using its first linking port.
std::string segment_text(const CellFace& f, int seg) {
  const Segment& g = f.segments[seg];
  if (g.kind == SegmentKind::Monastery || g.kind == SegmentKind::Castle ||
      g.kind == SegmentKind::Cemetery)
    return segment_kind_name(g.kind);
  for (int p = 0; p < kPorts; ++p)
    if (g.links & (1u << p)) {
      std::string port(1, kSideNames[side_of(p)]);
      if (g.kind == SegmentKind::Field) port += "lcr"[p % kPortsPerSide];
      return std::string(segment_kind_name(g.kind)) + ":" + port;
    }
  return std::string(segment_kind_name(g.kind)) + ":?";  // a road that ends where it starts
}

int segment_by_text(const CellFace& f, const std::string& t) {
  for (int i = 0; i < f.n_segments; ++i)
    if (segment_text(f, i) == t) return i;
  // Any port of the segment names it too (city:E for a city over N+E).
  size_t colon = t.find(':');
  if (colon == std::string::npos) return -1;
  std::string kind = t.substr(0, colon), port = t.substr(colon + 1);
  if (port.empty()) return -1;
  int side = static_cast<int>(std::string("NESW").find(port[0]));
  if (side < 0 || side >= kSides) return -1;
  int k = port.size() == 1 ? 1 : port[1] == 'l' ? 0 : port[1] == 'c' ? 1 : port[1] == 'r' ? 2 : -1;
  if (k < 0 || port.size() > 2) return -1;
  int seg = f.port_segment[port_of(side, k)];
  if (seg < 0 || kind != segment_kind_name(f.segments[seg].kind)) return -1;
  return seg;
}

std::string meeple_ref(const State& s, int m) {
  const Meeple& mp = s.meeples()[static_cast<size_t>(m)];
  std::string c = kColourNames[mp.colour];
  if (mp.cell < 0) return c + "@supply";
  return c + "@" + xy(s.cell(mp.cell).x, s.cell(mp.cell).y);
}

int meeple_by_ref(const State& s, const std::string& t, bool want_board) {
  size_t at = t.find('@');
  if (at == std::string::npos) return -1;
  int colour = colour_by_name(t.substr(0, at));
  if (colour < 0) return -1;
  std::string where = t.substr(at + 1);
  int x = 0, y = 0;
  bool supply = where == "supply";
  if (!supply && !parse_xy(where, x, y)) return -1;
  if (want_board && supply) return -1;
  for (size_t i = 0; i < s.meeples().size(); ++i) {
    const Meeple& m = s.meeples()[i];
    if (m.colour != colour || m.buried || !m.in_play) continue;
    if (supply ? m.cell < 0 : (m.cell >= 0 && s.cell(m.cell).x == x && s.cell(m.cell).y == y))
      return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

std::string action_text(const State& s, const Action& a) {
  switch (a.kind) {
    case ActionKind::Draw:
      return "draw " + (a.tile >= 0 ? s.game().tile(a.tile).name : std::string("?"));
    case ActionKind::Place:
      return "place " + xy(a.x, a.y) + " r" + std::to_string(a.rot);
    case ActionKind::Meeple: {
      int cell = -1;
      for (int i = s.cells() - 1; i >= 0 && cell < 0; --i)
        if (!s.cell(i).face_down) cell = i;
      std::string seg = cell >= 0 && a.seg >= 0 && a.seg < s.face(cell).n_segments
                            ? segment_text(s.face(cell), a.seg)
                            : "?";
      return "meeple " + seg + (a.colour >= 0 ? std::string(" ") + kColourNames[a.colour] : "");
    }
    case ActionKind::Pass:
      return "pass";
    case ActionKind::TakePoints:
      return "points";
    case ActionKind::RemoveGhosts:
      return "remove-ghosts " + xy(a.x, a.y) + " " + std::to_string(a.count);
    case ActionKind::ExtraGhost:
      return "extra-ghost " + xy(a.x, a.y);
    case ActionKind::Bury:
      return "bury " + (a.meeple >= 0 ? meeple_ref(s, a.meeple) : "?");
    case ActionKind::HoundPlace:
      return "hound " + (a.meeple >= 0 ? meeple_ref(s, a.meeple) : "?");
    case ActionKind::HoundClear:
      return a.count == 0 ? "clear stop" : "clear " + xy(a.x, a.y) + " " + std::to_string(a.count);
    case ActionKind::FaceDown:
      return "face-down " + xy(a.x, a.y);
    case ActionKind::Track:
      return std::string("track ") + (a.colour >= 0 ? kColourNames[a.colour] : "?");
  }
  return "?";
}

std::optional<Action> parse_action(const State& s, const std::string& text, std::string& error) {
  std::vector<std::string> w = words(text);
  Action a;
  auto fail = [&](const std::string& why) -> std::optional<Action> {
    error = why;
    return std::nullopt;
  };
  if (w.empty()) return fail("expected an action");
  const std::string& verb = w[0];
  auto need = [&](size_t n, const char* form) {
    return w.size() == n ? std::string() : std::string("expected '") + form + "'";
  };
  int x = 0, y = 0, n = 0;
  if (verb == "draw") {
    if (auto e = need(2, "draw <tile>"); !e.empty()) return fail(e);
    a.kind = ActionKind::Draw;
    a.tile = s.game().find_tile(w[1]);
    if (a.tile < 0) return fail("unknown tile '" + w[1] + "' (not in this rule set's tiles)");
    return a;
  }
  if (verb == "place") {
    if (w.size() != 3 || !parse_xy(w[1], x, y) || w[2].size() != 2 || w[2][0] != 'r' ||
        w[2][1] < '0' || w[2][1] > '3')
      return fail("expected 'place <x>,<y> r<0-3>'");
    a.kind = ActionKind::Place;
    a.x = static_cast<int16_t>(x);
    a.y = static_cast<int16_t>(y);
    a.rot = static_cast<int8_t>(w[2][1] - '0');
    a.tile = s.drawn();
    return a;
  }
  if (verb == "pass") {
    if (auto e = need(1, "pass"); !e.empty()) return fail(e);
    a.kind = ActionKind::Pass;
    return a;
  }
  if (verb == "meeple") {
    if (w.size() < 2 || w.size() > 3) return fail("expected 'meeple <kind>:<port> [colour]'");
    int cell = -1;
    for (int i = s.cells() - 1; i >= 0 && cell < 0; --i)
      if (!s.cell(i).face_down) cell = i;
    if (s.phase() != Phase::Meeple || cell < 0)
      return fail(std::string("no meeple can be placed now (") + phase_name(s.phase()) + ")");
    int seg = segment_by_text(s.face(cell), w[1]);
    if (seg < 0)
      return fail("the new tile has no feature '" + w[1] +
                  "' (name one as road:W, city:N, field:Nl, castle, monastery)");
    a.kind = ActionKind::Meeple;
    a.seg = static_cast<int8_t>(seg);
    if (w.size() == 3) {
      a.colour = static_cast<int8_t>(colour_by_name(w[2]));
      if (a.colour < 0)
        return fail("unknown colour '" + w[2] + "' (red, green, blue, yellow, black, pink)");
    } else {
      int found = -1, count = 0;
      for (int c = 0; c < s.game().colours(); ++c)
        if (s.game().owner(c) == s.current_player() && s.meeples_in_supply(c) > 0)
          found = c, ++count;
      if (count > 1)
        return fail("the active player has several colours: name one (meeple " + w[1] +
                    " <colour>)");
      a.colour = static_cast<int8_t>(found >= 0 ? found : s.current_player());
    }
    return a;
  }
  if (verb == "points") {
    if (auto e = need(1, "points"); !e.empty()) return fail(e);
    a.kind = ActionKind::TakePoints;
    return a;
  }
  if (verb == "remove-ghosts" || verb == "clear") {
    a.kind = verb == "clear" ? ActionKind::HoundClear : ActionKind::RemoveGhosts;
    if (verb == "clear" && w.size() == 2 && w[1] == "stop") {
      a.count = 0;
      return a;
    }
    // Counts above 3 parse, so that a spec can show the engine refusing them.
    if (w.size() != 3 || !parse_xy(w[1], x, y) || !parse_int(w[2], n) || n < 0 || n > 15)
      return fail("expected '" + verb + " <x>,<y> <count>' (a count of ghosts, 0-15)");
    a.x = static_cast<int16_t>(x);
    a.y = static_cast<int16_t>(y);
    a.count = static_cast<int8_t>(n);
    return a;
  }
  if (verb == "extra-ghost" || verb == "face-down") {
    if (w.size() != 2 || !parse_xy(w[1], x, y)) return fail("expected '" + verb + " <x>,<y>'");
    a.kind = verb == "face-down" ? ActionKind::FaceDown : ActionKind::ExtraGhost;
    a.x = static_cast<int16_t>(x);
    a.y = static_cast<int16_t>(y);
    return a;
  }
  if (verb == "bury" || verb == "hound") {
    if (w.size() != 2)
      return fail("expected '" + verb + " <colour>@<x>,<y>'" +
                  (verb == "bury" ? " or 'bury <colour>@supply'" : ""));
    a.kind = verb == "bury" ? ActionKind::Bury : ActionKind::HoundPlace;
    int m = meeple_by_ref(s, w[1], verb == "hound");
    if (m < 0)
      return fail("no unburied meeple '" + w[1] + "' (write <colour>@<x>,<y>" +
                  (verb == "bury" ? " or <colour>@supply)" : ")"));
    a.meeple = static_cast<int16_t>(m);
    return a;
  }
  if (verb == "track") {
    if (w.size() != 2) return fail("expected 'track <colour>'");
    a.kind = ActionKind::Track;
    a.colour = static_cast<int8_t>(colour_by_name(w[1]));
    if (a.colour < 0) return fail("unknown colour '" + w[1] + "'");
    return a;
  }
  return fail("unknown action '" + verb +
              "' (draw, place, meeple, pass, points, remove-ghosts, extra-ghost, bury, hound, "
              "clear, face-down, track)");
}

std::string to_text(const State& s) {
  std::ostringstream o;
  const RuleSet& r = s.game().rules();
  o << "carcheck-game 1\nrules " << r.name << "\nplayers " << s.game().players() << "\nseed "
    << s.seed() << "\n";
  for (const VariantSwitch& v : r.variants)
    if (v.chosen != 0) o << "variant " << v.id << "=" << v.value() << "\n";
  for (const Action& a : s.history())
    o << "action " << static_cast<int>(a.kind) << ' ' << a.x << ' ' << a.y << ' ' << int(a.rot)
      << ' ' << int(a.seg) << ' ' << int(a.colour) << ' ' << int(a.count) << ' ' << a.meeple << ' '
      << a.tile << "\n";
  return o.str();
}

std::optional<GameHeader> read_header(const std::string& text, std::string& error) {
  std::istringstream in(text);
  std::string line;
  GameHeader h;
  bool magic = false;
  while (std::getline(in, line)) {
    std::istringstream l(line);
    std::string key;
    l >> key;
    if (key == "carcheck-game")
      magic = true;
    else if (key == "rules")
      l >> h.rules;
    else if (key == "players")
      l >> h.players;
    else if (key == "seed")
      l >> h.seed;
    else if (key == "variant") {
      std::string v;
      l >> v;
      h.variants.push_back(v);
    }
  }
  if (!magic || h.rules.empty() || h.players <= 0) {
    error = "not a serialised carcheck game (expected 'carcheck-game 1', rules, players, seed)";
    return std::nullopt;
  }
  return h;
}

std::optional<std::string> replay_into(State& s, const std::string& text) {
  std::istringstream in(text);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.rfind("action ", 0) != 0) continue;
    std::istringstream l(line.substr(7));
    int kind, x, y, rot, seg, colour, count, meeple, tile;
    if (!(l >> kind >> x >> y >> rot >> seg >> colour >> count >> meeple >> tile) || kind < 0 ||
        kind >= kActionKinds)
      return "line " + std::to_string(n) + ": malformed action";
    Action a;
    a.kind = static_cast<ActionKind>(kind);
    a.x = static_cast<int16_t>(x);
    a.y = static_cast<int16_t>(y);
    a.rot = static_cast<int8_t>(rot);
    a.seg = static_cast<int8_t>(seg);
    a.colour = static_cast<int8_t>(colour);
    a.count = static_cast<int8_t>(count);
    a.meeple = static_cast<int16_t>(meeple);
    a.tile = static_cast<TileId>(tile);
    if (auto why = s.apply(a)) return "line " + std::to_string(n) + ": " + *why;
  }
  return std::nullopt;
}

}  // namespace carcheck
