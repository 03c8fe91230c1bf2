// `carcheck tiles`: list the tile sets with their counts, or draw one tile.
#include <algorithm>
#include <array>
#include <bit>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.h"
#include "cli/json.h"
#include "dsl/diagnostic.h"
#include "dsl/tile_loader.h"
#include "engine/tile.h"
#include "render/tile_art.h"

namespace carcheck {
namespace {

std::string usage() {
  return "usage: carcheck tiles [--set NAME] [--json] [--file PATH]\n"
         "       carcheck tiles --show SET:TILE [--rot R] [--file PATH]\n"
         "\n"
         "Lists every tile set: physical tiles, tile types, features over physical copies,\n"
         "ghost symbols, the start tile, whether the geometry is reconstructed, and the\n"
         "tile-set alternatives (variants). Or draws one tile as ASCII art with its segments.\n"
         "\n"
         "Options:\n"
         "  --set NAME       list only this tile set\n"
         "  --json           print the listing as one JSON object\n"
         "  --file PATH      the tiles file (default: " +
         default_tiles_path() +
         ")\n"
         "  --show SET:TILE  draw one tile, e.g. base-c1:city-cap (a Mists tile may be named\n"
         "                   by its image number, e.g. mists:58)\n"
         "  --rot R          with --show: the rotation, 0 to 3 quarter turns clockwise (default "
         "0)\n"
         "  -h, --help       print this help\n"
         "\n"
         "Exit status: 0 success, 2 bad input or usage.\n";
}

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Options {
  std::string file;
  std::optional<std::string> set;
  bool json = false;
  std::optional<std::string> show;
  std::optional<int> rotation;
};

Options parse_options(const Args& args) {
  Options o;
  std::vector<std::string> seen;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0) throw UsageError("unexpected argument '" + a + "'");
    std::string name = a, value;
    bool has_value = false;
    if (size_t eq = a.find('='); eq != std::string::npos) {
      name = a.substr(0, eq);
      value = a.substr(eq + 1);
      has_value = true;
    }
    bool takes_value = name == "--set" || name == "--file" || name == "--show" || name == "--rot";
    if (name != "--json" && !takes_value) throw UsageError("unknown option '" + name + "'");
    if (std::find(seen.begin(), seen.end(), name) != seen.end())
      throw UsageError("option " + name + " is given twice");
    seen.push_back(name);
    if (!takes_value) {
      if (has_value) throw UsageError("option --json takes no value");
      o.json = true;
      continue;
    }
    if (!has_value) {
      if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0)
        throw UsageError("option " + name + " needs a value");
      value = args[++i];
    }
    if (value.empty()) throw UsageError("option " + name + " needs a value");
    if (name == "--set") o.set = value;
    if (name == "--file") o.file = value;
    if (name == "--show") o.show = value;
    if (name == "--rot") {
      if (value.size() != 1 || value[0] < '0' || value[0] > '3')
        throw UsageError("bad rotation '" + value +
                         "': give 0, 1, 2 or 3 (quarter turns clockwise)");
      o.rotation = value[0] - '0';
    }
  }
  if (o.rotation && !o.show) throw UsageError("--rot applies only with --show SET:TILE");
  if (o.show && o.json) throw UsageError("--json applies to the listing, not to --show");
  if (o.show && o.set) throw UsageError("--show names its set itself (SET:TILE); drop --set");
  if (o.file.empty()) o.file = default_tiles_path();
  return o;
}

// The parts, appended one after another (GCC 12 at -O3 warns, wrongly, about some
// "literal" + std::string temporaries).
template <typename... Parts>
std::string cat(const Parts&... parts) {
  std::string s;
  ((s += parts), ...);
  return s;
}

// Appends `item` to the list `list`, with `sep` between items.
void append(std::string& list, const char* sep, const std::string& item) {
  if (!list.empty()) list += sep;
  list += item;
}

// ---- Counting -------------------------------------------------------------------------------

struct Features {
  int road = 0, city = 0, field = 0, monastery = 0, castle = 0, cemetery = 0, bazaar = 0, inn = 0,
      ruins = 0, shields = 0;
};

struct FeatureField {
  const char* label;  // for the text listing
  const char* key;    // for --json
  int Features::*member;
};
constexpr FeatureField kFeatureFields[] = {
    {"road segments", "road_segments", &Features::road},
    {"city segments", "city_segments", &Features::city},
    {"fields", "fields", &Features::field},
    {"monasteries", "monasteries", &Features::monastery},
    {"castles", "castles", &Features::castle},
    {"cemeteries", "cemeteries", &Features::cemetery},
    {"bazaars", "bazaars", &Features::bazaar},
    {"inns", "inns", &Features::inn},
    {"ruins", "ruins", &Features::ruins},
    {"coats of arms", "coats_of_arms", &Features::shields},
};

// The features of one copy of a tile, over all its cells.
Features features_of(const TileType& t) {
  Features n;
  for (const CellFace& c : t.rot[0]) {
    for (int i = 0; i < c.n_segments; ++i) {
      const Segment& s = c.segments[i];
      switch (s.kind) {
        case SegmentKind::Road:
          ++n.road;
          if (s.flags & kSegInn) ++n.inn;
          break;
        case SegmentKind::City:
          ++n.city;
          n.shields += s.shields;
          break;
        case SegmentKind::Field:
          ++n.field;
          break;
        case SegmentKind::Monastery:
          ++n.monastery;
          break;
        case SegmentKind::Castle:
          ++n.castle;
          break;
        case SegmentKind::Cemetery:
          ++n.cemetery;
          break;
      }
    }
    if (c.marks & kMarkBazaar) ++n.bazaar;
    if (c.marks & kMarkRuins) ++n.ruins;
  }
  return n;
}

struct SetStats {
  int tiles = 0;  // physical, the start tile once
  int tile_types = 0;
  Features features;           // over physical copies
  int other_tiles = 0;         // physical tiles besides the start tile
  int ghost_symbols = 0;       // on those
  std::array<int, 4> split{};  // how many of those show 0, 1, 2, 3 symbols
  int split_over_3 = 0;        // ... and more than 3
  const TileType* start = nullptr;
  int start_ghost_symbols = 0;
};

SetStats stats_of(const std::vector<const TileType*>& tiles) {
  SetStats st;
  st.tile_types = static_cast<int>(tiles.size());
  for (const TileType* t : tiles) {
    st.tiles += t->count;
    Features f = features_of(*t);
    for (const FeatureField& ff : kFeatureFields) st.features.*ff.member += t->count * f.*ff.member;
    int others = t->count - (t->start ? 1 : 0);
    int g = t->ghost_symbols();
    if (t->start) {
      st.start = t;
      st.start_ghost_symbols = g;
    }
    st.other_tiles += others;
    st.ghost_symbols += others * g;
    if (g <= 3)
      st.split[g] += others;
    else
      st.split_over_3 += others;
  }
  return st;
}

std::vector<const TileType*> tiles_of(const TileSet& set) {
  std::vector<const TileType*> out;
  for (const TileType& t : set.tiles) out.push_back(&t);
  return out;
}

// The alternatives of a set grouped by variant value (one switch may replace several tiles).
struct AlternativeGroup {
  std::string variant, value;
  std::vector<const TileAlternative*> alts;
  SetStats stats;  // of the set with these replacements
};

std::vector<AlternativeGroup> alternative_groups(const TileSet& set) {
  std::vector<AlternativeGroup> groups;
  for (const TileAlternative& a : set.alternatives) {
    auto g = std::find_if(groups.begin(), groups.end(), [&](const AlternativeGroup& x) {
      return x.variant == a.variant && x.value == a.value;
    });
    if (g == groups.end()) {
      groups.push_back({a.variant, a.value, {}, {}});
      g = groups.end() - 1;
    }
    g->alts.push_back(&a);
  }
  for (AlternativeGroup& g : groups) {
    std::vector<const TileType*> tiles = tiles_of(set);
    for (const TileType*& t : tiles)
      for (const TileAlternative* a : g.alts)
        if (a->tile == t->name) t = &a->replacement;
    g.stats = stats_of(tiles);
  }
  return groups;
}

// ---- Text -----------------------------------------------------------------------------------

constexpr size_t kWidth = 100;

// `first`, then the chunks, wrapped between chunks; continuation lines start with `indent`.
std::string wrap_chunks(const std::string& first, const std::vector<std::string>& chunks,
                        const std::string& indent) {
  std::string out = first;
  size_t line = first.size();
  bool line_empty = first.empty() || first.back() == ' ';
  for (const std::string& c : chunks) {
    if (!line_empty && line + 1 + c.size() > kWidth) {
      out += '\n';
      out += indent;
      line = indent.size();
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++line;
    }
    out += c;
    line += c.size();
    line_empty = false;
  }
  return out + "\n";
}

// `text` after `first`, wrapped at spaces.
std::string wrap(const std::string& first, const std::string& text, const std::string& indent) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return wrap_chunks(first, words, indent);
}

std::string split_text(const SetStats& st) {
  std::string s = std::to_string(st.split[0]) + "/" + std::to_string(st.split[1]) + "/" +
                  std::to_string(st.split[2]) + "/" + std::to_string(st.split[3]);
  if (st.split_over_3 > 0)
    s += cat(" (and ", std::to_string(st.split_over_3), " with more than 3)");
  return s;
}

std::string ghost_text(const SetStats& st) {
  if (st.ghost_symbols == 0 && st.start_ghost_symbols == 0) return "none";
  std::string s = std::to_string(st.ghost_symbols) + " on the " + std::to_string(st.other_tiles) +
                  (st.start ? " tiles besides the start tile" : " tiles") +
                  "; tiles showing 0/1/2/3 symbols: " + split_text(st);
  if (st.start) s += cat("; ", std::to_string(st.start_ghost_symbols), " on the start tile");
  return s;
}

std::vector<std::string> features_chunks(const Features& f) {
  std::vector<std::string> out;
  for (const FeatureField& ff : kFeatureFields)
    out.push_back(std::string(ff.label) + " " + std::to_string(f.*ff.member) + ",");
  out.back().pop_back();
  return out;
}

std::string start_text(const SetStats& st) {
  if (!st.start) return "none (this set is added to another set's start)";
  const TileType& t = *st.start;
  std::string s = t.name;
  if (t.n_cells > 1) {
    int w = 1, h = 1;
    for (const CellFace& c : t.rot[0]) w = std::max(w, c.dx + 1), h = std::max(h, c.dy + 1);
    s += cat(" (", std::to_string(w), "x", std::to_string(h), ", ", std::to_string(t.n_cells),
             " cells: counts as ", std::to_string(t.n_cells), " tiles)");
  } else if (t.count > 1) {
    s += cat(" (one of its ", std::to_string(t.count), " copies)");
  }
  return s;
}

void print_set(std::ostream& out, const TileSet& set) {
  SetStats st = stats_of(tiles_of(set));
  out << set.name << (set.title.empty() ? "" : " - " + set.title) << "\n";
  out << "  tiles: " << st.tiles << " physical (start tile counted once), " << st.tile_types
      << " tile types\n";
  out << "  start tile: " << start_text(st) << "\n";
  if (set.reconstructed)
    out << wrap("  geometry RECONSTRUCTED:",
                set.note.empty() ? "(no note given in the tiles file)" : set.note, "    ");
  else
    out << "  geometry: from the sources\n";
  if (!set.source.empty()) out << wrap("  source:", set.source, "    ");
  out << wrap_chunks("  features over physical copies:", features_chunks(st.features), "    ");
  out << wrap("  ghost symbols:", ghost_text(st), "    ");
  std::vector<AlternativeGroup> groups = alternative_groups(set);
  if (groups.empty())
    out << "  alternatives: none\n";
  else
    out << "  alternatives:\n";
  for (const AlternativeGroup& g : groups) {
    std::string tiles;
    for (const TileAlternative* a : g.alts) append(tiles, ", ", a->tile);
    std::string text = "replaces tile " + tiles;
    if (g.stats.ghost_symbols != st.ghost_symbols || g.stats.split != st.split ||
        g.stats.start_ghost_symbols != st.start_ghost_symbols)
      text += cat("; ghost symbols: ", ghost_text(g.stats));
    for (const FeatureField& ff : kFeatureFields)
      if (g.stats.features.*ff.member != st.features.*ff.member)
        text += cat("; ", ff.label, " ", std::to_string(g.stats.features.*ff.member));
    if (g.stats.tiles != st.tiles) text += cat("; tiles ", std::to_string(g.stats.tiles));
    out << wrap("    " + g.variant + "=" + g.value + ":", text, "      ");
  }
}

// ---- JSON -----------------------------------------------------------------------------------

void json_stats(json::Writer& w, const SetStats& st) {
  w.member("tiles", st.tiles).member("tile_types", st.tile_types);
  w.key("features").begin_object();
  for (const FeatureField& ff : kFeatureFields) w.member(ff.key, st.features.*ff.member);
  w.end_object();
  w.member("tiles_besides_start", st.other_tiles).member("ghost_symbols", st.ghost_symbols);
  w.key("ghost_symbol_split").begin_array();
  for (int n : st.split) w.value(n);
  w.end_array();
  w.member("ghost_symbol_split_over_3", st.split_over_3);
  w.member("start_tile_ghost_symbols", st.start_ghost_symbols);
}

void json_set(json::Writer& w, const TileSet& set) {
  SetStats st = stats_of(tiles_of(set));
  w.begin_object();
  w.member("name", set.name).member("title", set.title).member("reconstructed", set.reconstructed);
  w.member("note", set.note).member("source", set.source);
  json_stats(w, st);
  w.key("start_tile");
  if (st.start) {
    w.begin_object().member("name", st.start->name).member("cells", st.start->n_cells);
    w.member("copies", st.start->count).end_object();
  } else {
    w.null();
  }
  w.key("alternatives").begin_array();
  for (const AlternativeGroup& g : alternative_groups(set)) {
    w.begin_object().member("variant", g.variant).member("value", g.value);
    w.key("replaces").begin_array();
    for (const TileAlternative* a : g.alts)
      w.begin_object().member("tile", a->tile).member("shape", a->replacement.shape).end_object();
    w.end_array();
    json_stats(w, g.stats);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

// ---- --show ---------------------------------------------------------------------------------

std::string port_name(int p) {
  return std::string(1, kSideNames[side_of(p)]) + "lcr"[p % kPortsPerSide];
}

std::string ports_text(PortMask m) {
  std::string s;
  for (int p = 0; p < kPorts; ++p)
    if (m & (1u << p)) append(s, " ", port_name(p));
  return s;
}

const char* terrain_name(Terrain t) {
  switch (t) {
    case Terrain::Field:
      return "field";
    case Terrain::Road:
      return "road";
    case Terrain::City:
      return "city";
  }
  return "?";
}

void print_cell_listing(std::ostream& out, const CellFace& f, bool multi) {
  std::string head =
      multi ? "cell " + std::to_string(f.dx) + "," + std::to_string(f.dy) + ":" : "sides:";
  for (int s = 0; s < kSides; ++s)
    head += std::string(s ? "," : "") + " " + kSideNames[s] + " " + terrain_name(f.sides[s]);
  out << head << "\n";
  for (int i = 0; i < f.n_segments; ++i) {
    const Segment& s = f.segments[i];
    std::string line = "  ";
    line += std::to_string(i);
    line += ' ';
    line += segment_kind_name(s.kind);
    if (s.ports) {
      line.resize(std::max<size_t>(line.size(), 13), ' ');
      line += cat(" ", ports_text(s.ports));
    }
    if (s.kind == SegmentKind::Road && std::popcount(static_cast<unsigned>(s.ports)) == 1)
      line += "  (ends on this cell)";
    if (s.shields) line += cat("  coats of arms ", std::to_string(s.shields));
    if (s.flags & kSegTriangle) line += "  (triangle, not a cap)";
    if (s.flags & kSegInn) line += "  inn";
    if (s.borders) {
      std::string b;
      for (int j = 0; j < f.n_segments; ++j)
        if (s.borders & (1u << j)) append(b, ", ", std::to_string(j));
      line += cat("  borders city ", b);
    }
    if (static_cast<int>(i) == f.centre) line += "  (centre feature)";
    out << line << "\n";
  }
  for (int i = 0; i < f.n_mist; ++i) {
    std::string line = "  mist ";
    line += std::to_string(i);
    line.resize(std::max<size_t>(line.size(), 13), ' ');
    out << line << " " << ports_text(f.mist[i].ports) << "  ghost symbols "
        << static_cast<int>(f.mist[i].ghosts) << "\n";
  }
  std::string marks;
  if (f.marks & kMarkBazaar) marks += " bazaar";
  if (f.marks & kMarkRuins) marks += " ruins";
  if (!marks.empty()) out << "  marks:" << marks << "\n";
}

const TileType& find_tile(const TileSet& set, const std::string& name) {
  if (const TileType* t = set.find(name)) return *t;
  bool digits = !name.empty() &&
                std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (digits && name.size() <= 3) {
    std::vector<const TileType*> hits;
    for (const TileType& t : set.tiles)
      if (t.number == std::stoi(name)) hits.push_back(&t);
    if (hits.size() == 1) return *hits[0];
    if (hits.size() > 1) {
      std::string names;
      for (const TileType* t : hits) append(names, ", ", t->name);
      throw UsageError("tile number " + name + " of set '" + set.name + "' is several tiles (" +
                       names + "): name one");
    }
  }
  std::string names;
  for (const TileType& t : set.tiles) append(names, " ", t.name);
  throw UsageError("tile set '" + set.name + "' has no tile '" + name + "'; its tiles: " + names);
}

std::string set_names(const std::vector<TileSet>& sets) {
  std::string s;
  for (const TileSet& t : sets) append(s, ", ", t.name);
  return s.empty() ? "none" : s;
}

const TileSet& find_set(const std::vector<TileSet>& sets, const std::string& name,
                        const std::string& where) {
  for (const TileSet& s : sets)
    if (s.name == name) return s;
  throw UsageError("unknown tile set '" + name + "'" + where + " (sets: " + set_names(sets) + ")");
}

void show_tile(std::ostream& out, const std::vector<TileSet>& sets, const std::string& spec,
               int rotation) {
  size_t colon = spec.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size())
    throw UsageError("--show takes SET:TILE, e.g. base-c1:city-cap, not '" + spec + "'");
  const TileSet& set = find_set(sets, spec.substr(0, colon), " in --show");
  const TileType& t = find_tile(set, spec.substr(colon + 1));

  out << set.name << ":" << t.name;
  if (t.number) out << " (image " << t.number << ")";
  out << ", rotation " << rotation << " (quarter turns clockwise)\n";
  out << "  copies: " << t.count
      << (t.start ? (t.count > 1 ? ", one of them the start tile" : ", the start tile") : "");
  if (t.n_cells > 1) out << "; " << t.n_cells << " cells, placed together";
  out << "\n";
  out << wrap("  shape:", t.shape, "    ");
  out << "  defined at " << t.file << ":" << t.line << ":" << t.column << "\n";
  if (set.reconstructed)
    out << "  geometry RECONSTRUCTED: the sources do not show this set's geometry; see "
           "`carcheck tiles --set "
        << set.name << "`\n";
  out << "\n";
  for (const std::string& line : draw_tile(t, rotation)) {
    std::string l = line;
    l.erase(l.find_last_not_of(' ') + 1);
    out << "    " << l << "\n";
  }
  out << "\nlegend:\n";
  for (const std::string& line : art_legend()) out << "  " << line << "\n";
  out << "\n";
  const std::vector<CellFace>& cells = t.rot[rotation];
  for (const CellFace& c : cells) print_cell_listing(out, c, cells.size() > 1);
  for (const TileAlternative& a : set.alternatives) {
    if (a.tile != t.name) continue;
    out << wrap("\nalternative under " + a.variant + "=" + a.value + ":", a.replacement.shape,
                "    ");
    out << "  ghost symbols " << a.replacement.ghost_symbols() << " instead of "
        << t.ghost_symbols() << "\n";
  }
}

}  // namespace

int cmd_tiles(const Args& args) {
  if (std::find(args.begin(), args.end(), "--help") != args.end() ||
      std::find(args.begin(), args.end(), "-h") != args.end()) {
    std::cout << usage();
    return 0;
  }
  Options o;
  try {
    o = parse_options(args);
  } catch (const UsageError& e) {
    std::cerr << "carcheck tiles: " << e.what() << "\n"
              << "Run `carcheck tiles --help` for the options.\n";
    return 2;
  }
  std::vector<TileSet> sets;
  try {
    sets = load_tile_sets(o.file);
  } catch (const InputError& e) {
    if (e.pos().line <= 0)
      std::cerr << e.pos().file << ": " << e.reason() << "\n";
    else
      std::cerr << e.what() << "\n";
    return 2;
  }
  try {
    if (o.show) {
      std::ostringstream out;
      show_tile(out, sets, *o.show, o.rotation.value_or(0));
      std::cout << out.str();
      return 0;
    }
    std::vector<const TileSet*> chosen;
    for (const TileSet& s : sets)
      if (!o.set || s.name == *o.set) chosen.push_back(&s);
    if (o.set && chosen.empty()) find_set(sets, *o.set, " in --set");  // throws
    if (o.json) {
      json::Writer w(std::cout);
      w.begin_object().member("file", o.file).key("sets").begin_array();
      for (const TileSet* s : chosen) json_set(w, *s);
      w.end_array().end_object();
      std::cout << "\n";
      return 0;
    }
    std::cout << "tiles file: " << o.file << "\n";
    for (const TileSet* s : chosen) {
      std::cout << "\n";
      print_set(std::cout, *s);
    }
  } catch (const UsageError& e) {
    std::cerr << "carcheck tiles: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace carcheck
