#include "dsl/tile_compiler.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string_view>
#include <type_traits>

#include "dsl/grammar_errors.h"
#include "dsl/tile_grammar.h"

namespace carcheck {
namespace {

namespace pg = tao::pegtl;
using namespace tilelang;

// ---- Parse result ---------------------------------------------------------------------------

struct Where {
  int line = 1, column = 1;  // within the shape text
};

struct ParsedItem {
  enum Kind { City, Road, Field, Mist, River, Centre } kind = City;
  Where at;
  std::vector<int> sides;    // city sides; road, river: from, then to (-1: it ends here)
  std::vector<int> ports;    // field halves, mist ports
  std::vector<int> borders;  // field borders (sides)
  int count = 0;             // shields, ghost symbols
  // Where each of the above was written, so errors point at the offending word.
  std::vector<Where> sides_at, ports_at, borders_at;
  Where count_at;
  bool triangle = false, inn = false;
  int cathedrals = 0;  // a city segment holds one at most
  Where cathedral_at;
  std::string word;  // centre feature
};

struct ParsedCell {
  int x = 0, y = 0;
  Where at;
  std::vector<ParsedItem> items;
};

std::string cell_name(const ParsedCell& c) { return fmt::format("{},{}", c.x, c.y); }

struct ParseState {
  std::vector<ParsedCell> cells;
  ParsedItem& item() { return cells.back().items.back(); }
  void begin(ParsedItem::Kind k, Where at) {
    if (cells.empty()) cells.push_back({});
    ParsedItem it;
    it.kind = k;
    it.at = at;
    cells.back().items.push_back(std::move(it));
  }
};

int side_index(char c) { return static_cast<int>(std::string_view("NESW").find(c)); }
int port_index(std::string_view s) {
  int k = s[1] == 'l' ? 0 : s[1] == 'c' ? 1 : 2;
  return port_of(side_index(s[0]), k);
}
std::string port_name(int p) {
  return std::string(1, kSideNames[side_of(p)]) + "lcr"[p % kPortsPerSide];
}
std::string side_name(int s) { return std::string(1, kSideNames[s]); }
const char* terrain_word(Terrain t) {
  return t == Terrain::City    ? "a city"
         : t == Terrain::Road  ? "a road"
         : t == Terrain::River ? "a river"
                               : "a field";
}

// A cell offset; anything longer than a few digits is out of range (checked in compile()).
int offset_value(const std::string& s) { return s.size() > 4 ? 9999 : std::stoi(s); }
inline constexpr int kMaxOffset = 8;

template <typename Input>
Where where(const Input& in) {
  auto p = in.position();
  return {static_cast<int>(p.line), static_cast<int>(p.column)};
}

// ---- Actions: build the parse result; the grammar stays pure -------------------------------

template <typename Rule>
struct action : pg::nothing<Rule> {};

#define CARCHECK_KEYWORD_ACTION(RULE, KIND)              \
  template <>                                            \
  struct action<RULE> {                                  \
    template <typename Input>                            \
    static void apply(const Input& in, ParseState& st) { \
      st.begin(ParsedItem::KIND, where(in));             \
    }                                                    \
  };
CARCHECK_KEYWORD_ACTION(kw_city, City)
CARCHECK_KEYWORD_ACTION(kw_road, Road)
CARCHECK_KEYWORD_ACTION(kw_field, Field)
CARCHECK_KEYWORD_ACTION(kw_mist, Mist)
CARCHECK_KEYWORD_ACTION(kw_river, River)
#undef CARCHECK_KEYWORD_ACTION

template <>
struct action<centre_word> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.begin(ParsedItem::Centre, where(in));
    st.item().word = in.string();
  }
};
template <>
struct action<kw_cell> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.cells.push_back({});
    st.cells.back().at = where(in);
  }
};
template <>
struct action<cell_x> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.cells.back().x = offset_value(in.string());
  }
};
template <>
struct action<cell_y> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.cells.back().y = offset_value(in.string());
  }
};
template <>
struct action<city_side> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.item().sides.push_back(side_index(in.peek_char()));
    st.item().sides_at.push_back(where(in));
  }
};
template <>
struct action<attr_shield> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    st.item().count += 1;
  }
};
template <>
struct action<shield_count> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.item().count += in.size() > 2 ? 100 : std::stoi(in.string());
    st.item().count_at = where(in);
  }
};
template <>
struct action<attr_triangle> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    st.item().triangle = true;
  }
};
template <>
struct action<attr_cathedral> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    if (++st.item().cathedrals == 2) st.item().cathedral_at = where(in);
  }
};
template <>
struct action<road_from> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.item().sides.push_back(side_index(in.peek_char()));
    st.item().sides_at.push_back(where(in));
  }
};
template <>
struct action<road_to> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.item().sides.push_back(side_index(in.peek_char()));
    st.item().sides_at.push_back(where(in));
  }
};
template <>
struct action<river_from> : action<road_from> {};
template <>
struct action<river_to> : action<road_to> {};
template <>
struct action<river_end> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.item().sides.push_back(-1);
    st.item().sides_at.push_back(where(in));
  }
};
template <>
struct action<road_end> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.item().sides.push_back(-1);
    st.item().sides_at.push_back(where(in));
  }
};
template <>
struct action<attr_inn> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    st.item().inn = true;
  }
};
template <>
struct action<field_half> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.item().ports.push_back(port_index(in.string_view()));
    st.item().ports_at.push_back(where(in));
  }
};
template <>
struct action<border_side> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.item().borders.push_back(side_index(in.peek_char()));
    st.item().borders_at.push_back(where(in));
  }
};
template <>
struct action<mist_port> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.item().ports.push_back(port_index(in.string_view()));
    st.item().ports_at.push_back(where(in));
  }
};
template <>
struct action<ghost_count> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.item().count = in.size() > 2 ? 100 : std::stoi(in.string());
    st.item().count_at = where(in);
  }
};

// ---- Syntax errors: the grammar's message, sharpened by what was found ---------------------

bool is_side_letter(char c) { return std::string_view("NESW").find(c) != std::string_view::npos; }

// A sharper reason for the usual slips after an item, from the word found and the item
// it follows; "" when there is none.
std::string hint_after_item(const std::string& w, const ParseState& st) {
  if (st.cells.empty() || st.cells.back().items.empty()) return "";
  ParsedItem::Kind last = st.cells.back().items.back().kind;
  bool in_ports = last == ParsedItem::Field || last == ParsedItem::Mist;
  if (w.size() == 2 && is_side_letter(w[0]) && in_ports) {
    if (std::string_view("lcr").find(w[1]) == std::string_view::npos)
      return fmt::format("'{}' is not a port: the ports are Nl Nc Nr, El Ec Er, Sl Sc Sr, Wl Wc Wr",
                         w);
    if (last == ParsedItem::Field && w[1] == 'c')
      return fmt::format(
          "'{}' is a side centre, not a field half: a field lists halves (l, r) only; "
          "the centre of a side without a road joins that side's field by itself",
          w);
  }
  if (last == ParsedItem::City && w.size() == 1 && is_side_letter(w[0]))
    return "join a city segment's sides with '+', as in N+E; separate segments are separate "
           "items, as in 'city N; city S'";
  if (last == ParsedItem::City && !w.empty() && std::isalpha(static_cast<unsigned char>(w[0])))
    return fmt::format(
        "'{}' is not a city attribute (shield, shields N, triangle, cathedral); expected ';' "
        "between items, or the end of the shape",
        w);
  if (last == ParsedItem::Road && !w.empty() && std::isalpha(static_cast<unsigned char>(w[0])))
    return fmt::format(
        "'{}' is not a road attribute (inn); expected ';' between items, or the end "
        "of the shape",
        w);
  return "";
}

template <typename Rule>
bool is(std::string_view message) {
  return message == tilelang::errors::message<Rule>;
}

// The reason of a syntax error: the message of the rule that failed, or a sharper one from the
// word found there and the items read so far.
std::string syntax_reason(std::string_view message, const std::string& shape, const ErrorSpot& at,
                          const ParseState& st) {
  const std::string& word = at.word;
  if (is<item>(message) && !word.empty() && std::isalpha(static_cast<unsigned char>(word[0])))
    return fmt::format(
        "unknown item '{}': expected city, road, field, mist, river, monastery, castle, "
        "cemetery, bazaar, ruins, spring or lake",
        word);
  if (is<mist_ghosts>(message) && std::string_view(shape).substr(0, at.byte).ends_with("ghosts"))
    return tilelang::errors::message<ghost_count> +
           found_text(word, "shape");  // its number is missing
  if (is<end_of_shape>(message) || is<cell_close>(message) || is<mist_ghosts>(message)) {
    std::string h = hint_after_item(word, st);
    if (!h.empty()) return h;
  }
  return std::string(message) + found_text(word, "shape");
}

// ---- Checks and compilation -----------------------------------------------------------------

class Compiler {
 public:
  Compiler(const ShapeOrigin& origin, const std::string& shape, TileType& tile)
      : origin_(origin), shape_(shape), tile_(tile) {}

  // Where `at` lies in the file. The parser sees the shape with its line breaks turned into
  // spaces (one line), so `at.column - 1` is an offset into the shape as written.
  SourcePos pos(Where at) const {
    int line = 1, column = at.column;
    for (int k = 0; k < at.column - 1 && k < static_cast<int>(shape_.size()); ++k)
      if (shape_[k] == '\n') ++line, column = at.column - k - 1;
    return {origin_.file, origin_.line + line - 1,
            line == 1 ? origin_.column + column - 1 : column};
  }
  [[noreturn]] void fail(Where at, const std::string& reason) const {
    throw InputError(pos(at), reason);
  }

  void compile(const std::vector<ParsedCell>& cells) {
    std::vector<CellFace> base;
    for (size_t i = 0; i < cells.size(); ++i) {
      if (cells[i].x > kMaxOffset || cells[i].y > kMaxOffset)
        fail(cells[i].at, fmt::format("a cell offset must lie between 0 and {}", kMaxOffset));
      // A tile placed at x,y has its north-west cell there: an offset west or north of it
      // would be moved silently, so it is refused (docs/tile-language.md).
      if (cells[i].x < 0 || cells[i].y < 0)
        fail(cells[i].at,
             fmt::format("cell offsets count east and south from the tile's north-west corner, "
                         "0,0: {} lies outside it (shift every cell so that the smallest x and "
                         "y are 0)",
                         cell_name(cells[i])));
      for (size_t j = 0; j < i; ++j)
        if (cells[i].x == cells[j].x && cells[i].y == cells[j].y)
          fail(cells[i].at, fmt::format("cell {} is given twice", cell_name(cells[i])));
      base.push_back(compile_cell(cells[i]));
      base.back().dx = static_cast<int8_t>(cells[i].x);
      base.back().dy = static_cast<int8_t>(cells[i].y);
    }
    auto min_of = [&](int ParsedCell::*axis) {
      int m = kMaxOffset;
      for (const ParsedCell& c : cells) m = std::min(m, c.*axis);
      return m;
    };
    if (min_of(&ParsedCell::x) != 0 || min_of(&ParsedCell::y) != 0)
      fail(cells.front().at,
           "the cells leave the tile's north-west corner empty: shift them so "
           "that the smallest x and the smallest y are 0");
    check_inner_sides(cells, base);
    tile_.n_cells = static_cast<int>(base.size());
    for (int r = 0; r < kRotations; ++r) tile_.rot[r] = rotate(base, r);
  }

 private:
  // One cell's face, built item by item: cities and roads first (they fix each side's
  // terrain), then fields over the remaining halves, then the sides' centres and the mist.
  class CellBuilder {
   public:
    explicit CellBuilder(const Compiler& c) : c_(c) {
      f_.port_segment.fill(-1);
      f_.port_mist.fill(-1);
    }

    CellFace build(const ParsedCell& cell) {
      for (const ParsedItem& it : cell.items) {
        if (it.kind == ParsedItem::City) add_city(it);
        if (it.kind == ParsedItem::Road) add_road(it);
        if (it.kind == ParsedItem::Centre) add_centre(it);
      }
      for (const ParsedItem& it : cell.items)
        if (it.kind == ParsedItem::River) add_river(it);
      check_river_ends();
      for (const ParsedItem& it : cell.items)
        if (it.kind == ParsedItem::Field) add_field(it);
      close_sides(cell);
      set_links();
      for (const ParsedItem& it : cell.items)
        if (it.kind == ParsedItem::Mist) add_mist(it);
      return f_;
    }

   private:
    int add_segment(const ParsedItem& it, SegmentKind kind) {
      if (f_.n_segments >= kMaxSegments) c_.fail(it.at, "too many features on one cell");
      f_.segments[f_.n_segments].kind = kind;
      return f_.n_segments++;
    }

    // Gives `port` to segment `seg` of item `it`; `at` is where the port (or its side) is named.
    void claim(const ParsedItem& it, Where at, int port, int seg) {
      if (f_.port_segment[port] >= 0)
        c_.fail(at,
                fmt::format("port {} is already claimed by the {} at column {}", port_name(port),
                            segment_kind_name(f_.segments[f_.port_segment[port]].kind),
                            c_.pos(claimed_at_[port]).column));
      f_.port_segment[port] = static_cast<int8_t>(seg);
      f_.segments[seg].ports |= static_cast<PortMask>(1u << port);
      claimed_at_[port] = it.at;
    }

    void add_city(const ParsedItem& it) {
      int seg = add_segment(it, SegmentKind::City);
      if (it.count > 9) c_.fail(it.count_at, "a city segment shows at most 9 coats of arms");
      f_.segments[seg].shields = static_cast<uint8_t>(it.count);
      if (it.triangle) f_.segments[seg].flags |= kSegTriangle;
      if (it.cathedrals > 1) c_.fail(it.cathedral_at, "a city segment holds one cathedral at most");
      if (it.cathedrals) {
        f_.segments[seg].flags |= kSegCathedral;
        f_.marks |= kMarkCathedral;
      }
      for (size_t i = 0; i < it.sides.size(); ++i) {
        int s = it.sides[i];
        for (int k = 0; k < kPortsPerSide; ++k) claim(it, it.sides_at[i], port_of(s, k), seg);
        f_.sides[s] = Terrain::City;
      }
    }

    void add_road(const ParsedItem& it) {
      int seg = add_segment(it, SegmentKind::Road);
      if (it.inn) {
        f_.segments[seg].flags |= kSegInn;
        f_.marks |= kMarkInn;
      }
      if (it.sides.size() == 2 && it.sides[0] == it.sides[1])
        c_.fail(it.sides_at[1], fmt::format("a road cannot run from side {} back to itself",
                                            side_name(it.sides[0])));
      for (size_t i = 0; i < it.sides.size(); ++i) {
        int s = it.sides[i];
        if (s < 0) continue;
        if (f_.sides[s] == Terrain::City)
          c_.fail(
              it.sides_at[i],
              fmt::format("side {} is a city side; a road cannot leave through it", side_name(s)));
        claim(it, it.sides_at[i], centre_port(s), seg);
        f_.sides[s] = Terrain::Road;
      }
    }

    // A river over the centre ports of its sides: no segment (never a feature, never
    // occupied); its sides' halves stay field halves, which it divides (add_field).
    void add_river(const ParsedItem& it) {
      if (river_.n_sides)
        c_.fail(it.at, fmt::format("a cell holds one river at most; this one already has a "
                                   "river at column {}",
                                   c_.pos(river_.at).column));
      if (it.sides.size() == 2 && it.sides[0] == it.sides[1])
        c_.fail(it.sides_at[1], fmt::format("a river cannot run from side {} back to itself",
                                            side_name(it.sides[0])));
      river_.at = it.at;
      for (size_t i = 0; i < it.sides.size(); ++i) {
        int s = it.sides[i];
        if (s < 0) continue;
        if (f_.sides[s] == Terrain::City)
          c_.fail(it.sides_at[i], fmt::format("side {} is a city side; a river cannot flow "
                                              "through it",
                                              side_name(s)));
        int p = centre_port(s);
        if (f_.port_segment[p] >= 0)
          c_.fail(it.sides_at[i],
                  fmt::format("port {} is already claimed by the {} at column {}", port_name(p),
                              segment_kind_name(f_.segments[f_.port_segment[p]].kind),
                              c_.pos(claimed_at_[p]).column));
        f_.sides[s] = Terrain::River;
        claimed_at_[p] = it.at;
        river_.side[river_.n_sides++] = s;
      }
      river_.ends = it.sides.back() < 0;
    }

    // A river end (`river E*`) belongs to a spring or a lake, and each of those to one river end.
    void check_river_ends() const {
      const bool source = f_.marks & (kMarkSpring | kMarkLake);
      if (river_.n_sides && river_.ends && !source)
        c_.fail(river_.at, "a river that ends on the cell (E*) needs a spring or a lake there");
      if (river_.n_sides && !river_.ends && source)
        c_.fail(river_.at,
                fmt::format("the river of a {} ends on the cell: write it as {}*",
                            f_.marks & kMarkSpring ? "spring" : "lake", side_name(river_.side[0])));
      if (source && !river_.n_sides)
        c_.fail(source_at_, fmt::format("a {} needs its river's side, as in 'river E*'",
                                        f_.marks & kMarkSpring ? "spring" : "lake"));
    }

    // The side of the river's line (from its first side's centre clockwise to its second's) a
    // port lies on, for a river through the cell; -1 off the line's sides or with no such river.
    int river_bank(int p) const {
      if (river_.n_sides != 2) return -1;
      const int a = centre_port(river_.side[0]), b = centre_port(river_.side[1]);
      if (p == a || p == b) return -1;
      return (p - a + kPorts) % kPorts < (b - a + kPorts) % kPorts ? 0 : 1;
    }

    void add_centre(const ParsedItem& it) {
      if (it.word == "spring" || it.word == "lake") {
        if (f_.marks & (kMarkSpring | kMarkLake))
          c_.fail(it.at, "a cell holds one spring or lake at most");
        f_.marks |= it.word == "spring" ? kMarkSpring : kMarkLake;
        source_at_ = it.at;
        return;
      }
      if (it.word == "bazaar" || it.word == "ruins") {
        uint8_t mark = it.word == "bazaar" ? kMarkBazaar : kMarkRuins;
        if (f_.marks & mark) c_.fail(it.at, fmt::format("a cell holds at most one {}", it.word));
        f_.marks |= mark;
        return;
      }
      if (f_.centre >= 0)
        c_.fail(
            it.at,
            fmt::format("a cell holds one monastery, castle or cemetery at most; this one already "
                        "has a {}",
                        segment_kind_name(f_.segments[f_.centre].kind)));
      SegmentKind k = it.word == "monastery" ? SegmentKind::Monastery
                      : it.word == "castle"  ? SegmentKind::Castle
                                             : SegmentKind::Cemetery;
      f_.centre = static_cast<int8_t>(add_segment(it, k));
    }

    // A field over the halves of road and field sides, bordering the cities it names.
    void add_field(const ParsedItem& it) {
      // A field with no edge halves links to no neighbour; the meeple notation names it by its
      // kind alone (`field`), so a cell holds one at most.
      if (it.ports.empty()) {
        if (inner_field_) c_.fail(it.at, "a cell holds at most one field with no edge halves");
        inner_field_ = true;
      }
      int seg = add_segment(it, SegmentKind::Field);
      for (size_t i = 0; i < it.ports.size(); ++i) {
        int p = it.ports[i];
        if (f_.sides[side_of(p)] == Terrain::City)
          c_.fail(it.ports_at[i], fmt::format("field half {} lies on side {}, which is a city side",
                                              port_name(p), side_name(side_of(p))));
        claim(it, it.ports_at[i], p, seg);
        // No field crosses the river (S2 fn 6): every half on one bank.
        if (river_bank(p) >= 0 && river_bank(p) != river_bank(it.ports[0]))
          c_.fail(it.ports_at[i],
                  fmt::format("field half {} lies across the river from {}: the river divides "
                              "fields, so they are separate items",
                              port_name(p), port_name(it.ports[0])));
      }
      for (size_t i = 0; i < it.borders.size(); ++i) {
        int b = it.borders[i];
        if (f_.sides[b] != Terrain::City)
          c_.fail(it.borders_at[i],
                  fmt::format("@{0}: side {0} holds no city segment to border", side_name(b)));
        int city = f_.port_segment[centre_port(b)];
        if (f_.segments[seg].borders & (1u << city))
          c_.fail(it.borders_at[i],
                  fmt::format("@{} names a city segment this field already borders", side_name(b)));
        f_.segments[seg].borders |= static_cast<uint16_t>(1u << city);
      }
    }

    // Every side's halves claimed; a field side's centre belongs to its field.
    void close_sides(const ParsedCell& cell) {
      for (int s = 0; s < kSides; ++s) {
        if (f_.sides[s] == Terrain::City) continue;
        int l = port_of(s, 0), c = port_of(s, 1), r = port_of(s, 2);
        for (int p : {l, r})
          if (f_.port_segment[p] < 0)
            c_.fail(cell.at,
                    fmt::format(
                        "port {} is claimed by no feature (every field half must be in a field)",
                        port_name(p)));
        if (f_.sides[s] == Terrain::River) continue;  // its centre is the river's
        if (f_.port_segment[c] < 0) {
          // A spring or lake cell may split the side opposite its river end between the two
          // banks' fields (river-spring-field=split); its centre goes with the l half's.
          const bool river_end = f_.marks & (kMarkSpring | kMarkLake);
          if (f_.port_segment[l] != f_.port_segment[r] && !river_end)
            c_.fail(claimed_at_[r],
                    fmt::format("side {} has no road, so {} and {} must lie in the same field",
                                side_name(s), port_name(l), port_name(r)));
          f_.port_segment[c] = f_.port_segment[l];
          f_.segments[f_.port_segment[l]].ports |= static_cast<PortMask>(1u << c);
        }
      }
    }

    // The ports that link to the neighbour: a road's or city's centre, a field's halves.
    void set_links() {
      for (int i = 0; i < f_.n_segments; ++i) {
        Segment& seg = f_.segments[i];
        for (int p = 0; p < kPorts; ++p) {
          if (!(seg.ports & (1u << p))) continue;
          bool centre = p % kPortsPerSide == 1;
          bool links = seg.kind == SegmentKind::Field ? !centre : centre;
          if (links) seg.links |= static_cast<PortMask>(1u << p);
        }
      }
    }

    // Mist over field halves and road centres.
    void add_mist(const ParsedItem& it) {
      if (f_.n_mist >= kMaxMist) c_.fail(it.at, "too many mist areas on one cell");
      if (it.count < 1 || it.count > 3)
        c_.fail(it.count_at,
                fmt::format("a mist area shows 1 to 3 ghost symbols, not {}",
                            it.count > 99 ? std::string("that many") : std::to_string(it.count)));
      MistArea& m = f_.mist[f_.n_mist];
      for (size_t i = 0; i < it.ports.size(); ++i) {
        int p = it.ports[i], s = side_of(p);
        if (f_.sides[s] == Terrain::City)
          c_.fail(it.ports_at[i], fmt::format("mist never covers a city: {} is on city side {}",
                                              port_name(p), side_name(s)));
        if (p % kPortsPerSide == 1 && f_.sides[s] != Terrain::Road)
          c_.fail(it.ports_at[i],
                  fmt::format("mist port {} is a side centre without a road; mist covers field "
                              "halves (l, r) and road centres",
                              port_name(p)));
        if (f_.port_mist[p] >= 0)
          c_.fail(it.ports_at[i],
                  fmt::format("port {} is already covered by mist area {} of this cell",
                              port_name(p), f_.port_mist[p] + 1));
        f_.port_mist[p] = static_cast<int8_t>(f_.n_mist);
        m.ports |= static_cast<PortMask>(1u << p);
      }
      m.ghosts = static_cast<uint8_t>(it.count);
      f_.mist_ports |= m.ports;
      f_.ghost_symbols = static_cast<uint8_t>(f_.ghost_symbols + it.count);
      ++f_.n_mist;
    }

    const Compiler& c_;
    CellFace f_;
    std::array<Where, kPorts> claimed_at_{};
    bool inner_field_ = false;
    struct {
      int n_sides = 0;
      std::array<int, 2> side{};
      bool ends = false;
      Where at;
    } river_;
    Where source_at_;
  };

  CellFace compile_cell(const ParsedCell& cell) const { return CellBuilder(*this).build(cell); }

  void check_inner_sides(const std::vector<ParsedCell>& cells, const std::vector<CellFace>& faces) {
    for (size_t i = 0; i < cells.size(); ++i)
      for (size_t j = 0; j < cells.size(); ++j)
        for (int s = 0; s < kSides; ++s)
          if (cells[j].x == cells[i].x + kDx[s] && cells[j].y == cells[i].y + kDy[s] &&
              faces[i].sides[s] != faces[j].sides[opposite_side(s)])
            fail(cells[i].at,
                 fmt::format(
                     "inner side {} of cell {} is {} but side {} of its neighbour cell {} is "
                     "{}; inner sides must match",
                     side_name(s), cell_name(cells[i]), terrain_word(faces[i].sides[s]),
                     side_name(opposite_side(s)), cell_name(cells[j]),
                     terrain_word(faces[j].sides[opposite_side(s)])));
    if (cells.size() > 1) {  // the cells must form one connected piece
      std::vector<int> seen{0};
      for (size_t k = 0; k < seen.size(); ++k)
        for (size_t j = 0; j < cells.size(); ++j)
          if (std::find(seen.begin(), seen.end(), static_cast<int>(j)) == seen.end() &&
              std::abs(cells[j].x - cells[seen[k]].x) + std::abs(cells[j].y - cells[seen[k]].y) ==
                  1)
            seen.push_back(static_cast<int>(j));
      for (size_t j = 0; j < cells.size(); ++j)
        if (std::find(seen.begin(), seen.end(), static_cast<int>(j)) == seen.end())
          fail(cells[j].at,
               fmt::format("cell {} is cut off from cell {}: the cells of a tile must touch side "
                           "to side",
                           cell_name(cells[j]), cell_name(cells[0])));
    }
  }

  static std::vector<CellFace> rotate(const std::vector<CellFace>& base, int r) {
    std::vector<CellFace> out;
    for (const CellFace& b : base) {
      CellFace f = b;
      for (int s = 0; s < kSides; ++s) f.sides[(s + r) % kSides] = b.sides[s];
      for (int p = 0; p < kPorts; ++p) {
        f.port_segment[rotate_port(p, r)] = b.port_segment[p];
        f.port_mist[rotate_port(p, r)] = b.port_mist[p];
      }
      f.mist_ports = rotate_mask(b.mist_ports, r);
      for (int i = 0; i < b.n_segments; ++i) {
        f.segments[i].ports = rotate_mask(b.segments[i].ports, r);
        f.segments[i].links = rotate_mask(b.segments[i].links, r);
      }
      for (int i = 0; i < b.n_mist; ++i) f.mist[i].ports = rotate_mask(b.mist[i].ports, r);
      int x = b.dx, y = b.dy;
      for (int t = 0; t < r; ++t) {  // a quarter turn clockwise: (x, y) -> (-y, x)
        int nx = -y;
        y = x;
        x = nx;
      }
      f.dx = static_cast<int8_t>(x);
      f.dy = static_cast<int8_t>(y);
      out.push_back(f);
    }
    int minx = 0, miny = 0;
    for (const CellFace& f : out)
      minx = std::min<int>(minx, f.dx), miny = std::min<int>(miny, f.dy);
    for (CellFace& f : out)
      f.dx = static_cast<int8_t>(f.dx - minx), f.dy = static_cast<int8_t>(f.dy - miny);
    return out;
  }

  const ShapeOrigin& origin_;
  const std::string& shape_;
  TileType& tile_;
};

}  // namespace

void compile_shape(const std::string& shape, const ShapeOrigin& origin, TileType& tile) {
  ParseState st;
  Compiler compiler(origin, shape, tile);
  // Line breaks are blanks like spaces (a shape may be a YAML block over several lines); the
  // grammar's blanks are spaces and tabs, so the parser gets one line of the same length.
  std::string flat = shape;
  for (char& c : flat)
    if (c == '\n' || c == '\r') c = ' ';
  try {
    pg::memory_input in(flat, origin.file);
    if (!pg::parse<tilelang::shape, action, must_control<tilelang::errors>::type>(in, st))
      compiler.fail({1, 1}, "expected a tile shape");
  } catch (const pg::parse_error& e) {
    ErrorSpot at = error_spot(flat, e, false, ";{}");
    compiler.fail({at.line, at.column}, syntax_reason(e.message(), flat, at, st));
  }
  compiler.compile(st.cells);
}

}  // namespace carcheck
