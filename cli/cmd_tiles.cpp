// `carcheck tiles`: list the tile sets with their counts, or draw one tile.
#include <fmt/format.h>

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
#include "cli/options.h"
#include "cli/usage.h"
#include "dsl/diagnostic.h"
#include "dsl/tile_loader.h"
#include "engine/tile.h"
#include "render/tile_art.h"

namespace carcheck {
namespace {

constexpr const char* kAbout =
    "list the tile sets, or draw one tile\n"
    "\n"
    "Lists every tile set: physical tiles, tile types, features over physical copies,\n"
    "ghost symbols, the start tile, whether the geometry is reconstructed, and the\n"
    "tile-set alternatives (variants). Or draws one tile as ASCII art with its segments\n"
    "(--show).\n";

struct TilesOptions {
  std::string file;
  std::optional<std::string> set;
  bool json = false;
  std::optional<std::string> show;
  int rotation = 0;
};

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

// The tile names (as actions, specs and game logs write them) with their copies: `--set` only.
void print_tile_names(std::ostream& out, const TileSet& set) {
  out << "  tile names:\n";
  for (const TileType& t : set.tiles)
    out << "    " << t.name << " x" << t.count << (t.start ? " (one is the start tile)" : "")
        << "\n";
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

Json stats_json(const SetStats& st) {
  Json j = {{"tiles", st.tiles}, {"tile_types", st.tile_types}};
  Json features = Json::object();
  for (const FeatureField& ff : kFeatureFields) features[ff.key] = st.features.*ff.member;
  j["features"] = features;
  j["tiles_besides_start"] = st.other_tiles;
  j["ghost_symbols"] = st.ghost_symbols;
  j["ghost_symbol_split"] = st.split;
  j["ghost_symbol_split_over_3"] = st.split_over_3;
  j["start_tile_ghost_symbols"] = st.start_ghost_symbols;
  return j;
}

Json alternative_json(const AlternativeGroup& g) {
  Json j = {{"variant", g.variant}, {"value", g.value}, {"replaces", Json::array()}};
  for (const TileAlternative* a : g.alts)
    j["replaces"].push_back({{"tile", a->tile}, {"shape", a->replacement.shape}});
  j.update(stats_json(g.stats));
  return j;
}

Json tile_shape_json(const TileType& t);

Json set_json(const TileSet& set) {
  const SetStats st = stats_of(tiles_of(set));
  Json j = {{"name", set.name},
            {"title", set.title},
            {"reconstructed", set.reconstructed},
            {"note", set.note},
            {"source", set.source}};
  j.update(stats_json(st));
  j["start_tile"] = st.start ? Json{{"name", st.start->name},
                                    {"cells", st.start->n_cells},
                                    {"copies", st.start->count}}
                             : Json(nullptr);
  j["alternatives"] = Json::array();
  for (const AlternativeGroup& g : alternative_groups(set))
    j["alternatives"].push_back(alternative_json(g));
  // The names actions, specs and game logs use for the tiles.
  j["tile_names"] = Json::array();
  // Each tile's shape, for another engine to match its own tiles against (docs/game-log.md):
  // the tile language text, and in rotation 0 (as a game log's rotation 0 places it) every
  // cell's sides and features over their ports.
  for (const TileType& t : set.tiles) {
    Json tile = {{"name", t.name}, {"copies", t.count}, {"start", t.start}};
    tile.update(tile_shape_json(t));
    j["tile_names"].push_back(tile);
  }
  return j;
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
    case Terrain::River:
      return "river";
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
    if (s.flags & kSegCathedral) line += "  cathedral";
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
  if (f.marks & kMarkSpring) marks += " spring";
  if (f.marks & kMarkLake) marks += " lake";
  if (!marks.empty()) out << "  marks:" << marks << "\n";
}

Json ports_json(PortMask m) {
  Json out = Json::array();
  for (int p = 0; p < kPorts; ++p)
    if (m & (1u << p)) out.push_back(port_name(p));
  return out;
}

// A cell in rotation 0 as data: its sides' terrain and its features (segments), each over its
// ports (Nl Nc Nr ...: docs/tile-language.md), a field with the cities it borders (indices
// into the same list).
Json cell_json(const CellFace& f) {
  Json sides = Json::object();
  for (int s = 0; s < kSides; ++s) sides[std::string(1, kSideNames[s])] = terrain_name(f.sides[s]);
  Json features = Json::array();
  for (int i = 0; i < f.n_segments; ++i) {
    const Segment& g = f.segments[i];
    Json feature = {{"kind", segment_kind_name(g.kind)}, {"ports", ports_json(g.ports)}};
    if (g.shields) feature["shields"] = g.shields;
    if (g.flags & kSegTriangle) feature["triangle"] = true;
    if (g.flags & kSegInn) feature["inn"] = true;
    if (g.flags & kSegCathedral) feature["cathedral"] = true;
    if (g.kind == SegmentKind::Field) {
      Json borders = Json::array();
      for (int c = 0; c < f.n_segments; ++c)
        if (g.borders & (1u << c)) borders.push_back(c);
      feature["borders"] = borders;
    }
    features.push_back(feature);
  }
  Json cell = {{"x", f.dx}, {"y", f.dy}, {"sides", sides}, {"features", features}};
  if (f.n_mist) {
    Json mist = Json::array();
    for (int i = 0; i < f.n_mist; ++i)
      mist.push_back({{"ports", ports_json(f.mist[i].ports)}, {"ghosts", f.mist[i].ghosts}});
    cell["mist"] = mist;
  }
  Json marks = Json::array();
  if (f.marks & kMarkBazaar) marks.push_back("bazaar");
  if (f.marks & kMarkRuins) marks.push_back("ruins");
  if (f.marks & kMarkSpring) marks.push_back("spring");
  if (f.marks & kMarkLake) marks.push_back("lake");
  if (!marks.empty()) cell["marks"] = marks;
  return cell;
}

Json tile_shape_json(const TileType& t) {
  Json cells = Json::array();
  for (const CellFace& f : t.rot[0]) cells.push_back(cell_json(f));
  return {{"shape", t.shape}, {"cells", cells}};
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

// The listing of every set, or of the one --set names.
int list_sets(const std::vector<TileSet>& sets, const TilesOptions& o) {
  std::vector<const TileSet*> chosen;
  for (const TileSet& s : sets)
    if (!o.set || s.name == *o.set) chosen.push_back(&s);
  if (o.set && chosen.empty()) find_set(sets, *o.set, " in --set");  // throws
  if (o.json) {
    Json doc = {{"file", o.file}, {"sets", Json::array()}};
    for (const TileSet* s : chosen) doc["sets"].push_back(set_json(*s));
    print_json(std::cout, doc);
    return 0;
  }
  std::cout << "tiles file: " << o.file << "\n";
  for (const TileSet* s : chosen) {
    std::cout << "\n";
    print_set(std::cout, *s);
    if (o.set) print_tile_names(std::cout, *s);
  }
  return 0;
}

int tiles(const TilesOptions& o) {
  const std::vector<TileSet> sets = load_tile_sets(o.file);  // InputError: exit 2
  if (!o.show) return list_sets(sets, o);
  std::ostringstream out;  // nothing printed when the tile is not found
  show_tile(out, sets, *o.show, o.rotation);
  std::cout << out.str();
  return 0;
}

std::string rotation_problem(const std::string& text) {
  if (text.size() == 1 && text[0] >= '0' && text[0] <= '3') return "";
  return fmt::format("bad rotation '{}': give 0, 1, 2 or 3 (quarter turns clockwise)", text);
}

}  // namespace

CommandRun add_tiles_command(Command& carcheck) {
  auto o = std::make_shared<TilesOptions>();
  Command cmd = carcheck.subcommand("tiles", kAbout);
  Option set = cmd.option("--set", o->set, "list only this tile set").type_name("NAME");
  Option json = add_json_flag(cmd, o->json, "print the listing as one JSON object");
  cmd.option("--file", o->file, "the tiles file (default: tiles.yaml of the data folder, --data)")
      .type_name("PATH");
  Option show = cmd.option("--show", o->show,
                           "draw one tile, e.g. base-c1:city-cap (a Mists tile may be\n"
                           "named by its image number, e.g. mists:58)")
                    .type_name("SET:TILE")
                    .excludes(set)
                    .excludes(json);
  cmd.option("--rot", o->rotation,
             "with --show: the rotation, 0 to 3 quarter turns clockwise (default 0)")
      .check(rotation_problem, "rotation")
      .type_name("R")
      .needs(show);
  cmd.footer("Exit status: 0 success, 2 bad input or usage.");
  return [o] {
    if (o->file.empty()) o->file = default_tiles_path();  // after parsing: --data counts
    return tiles(*o);
  };
}

}  // namespace carcheck
