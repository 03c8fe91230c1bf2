#include "render/board_svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "render/cell_svg.h"
#include "render/markup.h"

namespace carcheck {

namespace {

constexpr double S = kSvgCell;
constexpr double kLeft = 44, kTop = 22, kBottom = 30;  // margins: labels, the summary line

constexpr const char* kStyle =
    "svg.carcheck-board{font-family:sans-serif;background:#f7f5ef}"
    ".carcheck-board .field{fill:#9cc26b}"
    ".carcheck-board .city{fill:#c9955c;stroke:#c9955c;stroke-width:.6}"
    ".carcheck-board .road-edge{fill:none;stroke:#6b6b6b;stroke-width:8}"
    ".carcheck-board .road{fill:none;stroke:#f3efe2;stroke-width:5}"
    ".carcheck-board .road-end{fill:#555}"
    ".carcheck-board .inn{fill:#e0b000;stroke:#555}"
    ".carcheck-board .mist{fill:#e4e9f0;fill-opacity:.85}"
    ".carcheck-board .ghost-symbol{fill:none;stroke:#6d7b8a}"
    ".carcheck-board .monastery{fill:#b5522e}"
    ".carcheck-board .castle-tile{fill:#8d8d8d;stroke:#444}"
    ".carcheck-board .cemetery{fill:#4b4b4b}"
    ".carcheck-board .cross{stroke:#fff;stroke-width:2}"
    ".carcheck-board .shield{fill:#2c5bc4;stroke:#fff}"
    ".carcheck-board .shield-count{font-size:8px;text-anchor:middle;fill:#fff}"
    ".carcheck-board .mark{font-size:11px;font-weight:bold;text-anchor:middle;fill:#222}"
    ".carcheck-board .face-down{fill:#5b5b5b}"
    ".carcheck-board .hatch{stroke:#8a8a8a;stroke-width:2}"
    ".carcheck-board .cell-border{fill:none;stroke:#333;stroke-width:.6}"
    ".carcheck-board .bridge{stroke:#8b5a2b;stroke-width:9}"
    ".carcheck-board .castle{stroke:#000;stroke-width:1.5}"
    ".carcheck-board .ghost circle{fill:#fff;stroke:#333}"
    ".carcheck-board .ghost text{font-size:9px;font-weight:bold;text-anchor:middle;fill:#333}"
    ".carcheck-board .meeple{stroke:#000;stroke-width:1.5}"
    ".carcheck-board .meeple.buried{stroke-dasharray:2 2;fill-opacity:.5}"
    ".carcheck-board .hound path{fill:#222}"
    ".carcheck-board .hound text{font-size:8px;fill:#fff;text-anchor:middle}"
    ".carcheck-board .label{font-size:11px;fill:#333}"
    ".carcheck-board .summary{font-size:12px;fill:#222}";

struct Frame {
  int minx = 0, miny = 0, w = 1, h = 1;
  double ox(int x) const { return kLeft + (x - minx) * S; }
  double oy(int y) const { return kTop + (y - miny) * S; }
};

Frame frame_of(const State& s, const std::vector<Pos>& also) {
  int minx = 0, maxx = 0, miny = 0, maxy = 0;
  for (int i = 0; i < s.cells(); ++i) {
    minx = std::min<int>(minx, s.cell(i).x), maxx = std::max<int>(maxx, s.cell(i).x);
    miny = std::min<int>(miny, s.cell(i).y), maxy = std::max<int>(maxy, s.cell(i).y);
  }
  for (Pos p : also) {
    minx = std::min(minx, p.x), maxx = std::max(maxx, p.x);
    miny = std::min(miny, p.y), maxy = std::max(maxy, p.y);
  }
  return {minx, miny, maxx - minx + 1, maxy - miny + 1};
}

std::string translate(double x, double y) {
  return fmt::format("transform=\"translate({},{})\"", svg_num(x), svg_num(y));
}

void draw_tile(std::string& o, const State& s, const Frame& f, int i) {
  const PlacedCell& c = s.cell(i);
  const std::string name = markup_text(s.game().tile(c.tile).name);
  o += fmt::format("<g class=\"tile\" data-x=\"{}\" data-y=\"{}\" data-tile=\"{}\" {}>", c.x, c.y,
                   name, translate(f.ox(c.x), f.oy(c.y)));
  if (c.hidden) {
    o += fmt::format("<title>a face-down tile at {},{}</title>", c.x, c.y);
    o += fmt::format("<rect class=\"face-down\" width=\"{0}\" height=\"{0}\"/>", svg_num(S));
    for (int k = 1; k < 4; ++k)
      o += fmt::format("<line class=\"hatch\" x1=\"0\" y1=\"{0}\" x2=\"{0}\" y2=\"0\"/>",
                       svg_num(S * k / 2));
  } else {
    o += fmt::format("<title>{} at {},{}, rotation {}</title>", name, c.x, c.y, int{c.rot});
    o += cell_svg(s.face(i));
  }
  o += fmt::format("<rect class=\"cell-border\" width=\"{0}\" height=\"{0}\"/></g>", svg_num(S));
}

void draw_bridge(std::string& o, const Frame& f, const PlacedCell& c) {
  if (c.added == 0) return;
  const bool north_south = c.added == 1;  // 1 + BridgeAxis::NorthSouth
  const double x = f.ox(c.x), y = f.oy(c.y);
  o += fmt::format("<line class=\"bridge\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                   svg_num(north_south ? x + S / 2 : x), svg_num(north_south ? y : y + S / 2),
                   svg_num(north_south ? x + S / 2 : x + S),
                   svg_num(north_south ? y + S : y + S / 2));
}

int colour_of_player(const State& s, int player) {
  for (int c = 0; c < s.game().colours(); ++c)
    if (s.game().owner(c) == player) return c;
  return -1;
}

// BCB: a castle lies across the edge between its two cells.
void draw_castles(std::string& o, const State& s, const Frame& f) {
  const BcbState& b = s.bcb();
  for (int k = 0; k < b.castle_count; ++k) {
    const CastleRecord& r = b.castles[static_cast<size_t>(k)];
    if (r.cells[0] < 0 || r.cells[1] < 0) continue;
    const PlacedCell& a = s.cell(r.cells[0]);
    const PlacedCell& z = s.cell(r.cells[1]);
    const double x0 = std::min(f.ox(a.x), f.ox(z.x)) + S / 2 - 12;
    const double y0 = std::min(f.oy(a.y), f.oy(z.y)) + S / 2 - 12;
    const int colour = colour_of_player(s, r.owner);
    o += fmt::format(
        "<rect class=\"castle\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\">"
        "<title>castle of player {}{}</title></rect>",
        svg_num(x0), svg_num(y0), svg_num(std::abs(a.x - z.x) * S + 24),
        svg_num(std::abs(a.y - z.y) * S + 24),
        colour >= 0 ? s.game().colour_word(colour).fill : "#999", r.owner + 1,
        r.scored ? ", scored" : "");
  }
}

// The ghosts on each mist area and on the cemetery, as a white disc with their number.
void draw_ghosts(std::string& o, const State& s, const Frame& f, int i) {
  const PlacedCell& c = s.cell(i);
  if (c.hidden) return;
  const CellFace& face = s.face(i);
  for (int slot = 0; slot < kGhostSlots; ++slot) {
    const int n = s.mists().cell(i).ghosts[static_cast<size_t>(slot)];
    if (n == 0) continue;
    const SvgPoint at = slot < face.n_mist ? mist_anchor(face, slot) : SvgPoint{S / 2, S / 2};
    const double x = f.ox(c.x) + at.x + 9, y = f.oy(c.y) + at.y + 9;
    o += fmt::format(
        "<g class=\"ghost\" data-count=\"{0}\" data-x=\"{4}\" data-y=\"{5}\"><title>{0} "
        "ghost(s)</title>"
        "<circle cx=\"{1}\" cy=\"{2}\" r=\"7\"/><text x=\"{1}\" y=\"{3}\">{0}</text></g>",
        n, svg_num(x), svg_num(y), svg_num(y + 3), c.x, c.y);
  }
}

SvgPoint meeple_at(const State& s, const Frame& f, const Meeple& m, int stacked) {
  const PlacedCell& c = s.cell(m.cell);
  SvgPoint at{S / 2, S / 2};
  if (!c.hidden && m.seg >= 0 && m.seg < s.face(m.cell).n_segments)
    at = segment_anchor(s.face(m.cell), m.seg);
  return {f.ox(c.x) + at.x + 7.0 * stacked, f.oy(c.y) + at.y - 5.0 * stacked};
}

void draw_meeples(std::string& o, const State& s, const Frame& f) {
  const std::vector<Meeple>& ms = s.meeples();
  for (size_t i = 0; i < ms.size(); ++i) {
    const Meeple& m = ms[i];
    if (m.cell < 0 || !m.in_play) continue;
    int stacked = 0;
    for (size_t j = 0; j < i; ++j) stacked += ms[j].cell == m.cell && ms[j].in_play;
    const SvgPoint p = meeple_at(s, f, m, stacked);
    const char* colour = s.game().colour_name(m.colour);
    const CellFace* face = s.hidden(m.cell) ? nullptr : &s.face(m.cell);
    const std::string feature =
        face && m.seg >= 0 && m.seg < face->n_segments
            ? segment_kind_name(face->segments[static_cast<size_t>(m.seg)].kind)
            : "tile";
    const PlacedCell& c = s.cell(m.cell);
    o += fmt::format(
        "<circle class=\"meeple{}\" data-colour=\"{}\" data-x=\"{}\" data-y=\"{}\" cx=\"{}\" "
        "cy=\"{}\" r=\"{}\" fill=\"{}\"><title>{} {}meeple{} on the {} at {},{}</title></circle>",
        is_buried(m) ? " buried" : "", colour, c.x, c.y, svg_num(p.x), svg_num(p.y),
        m.weight == 2 ? 10 : 7,  // a large follower (Inns & Cathedrals) is drawn larger
        s.game().colour_word(m.colour).fill, colour, m.weight == 2 ? "large " : "",
        is_buried(m) ? " (buried)" : "", feature, c.x, c.y);
  }
  // Mists hounds lie by a meeple: a dark tag beside it, numbered I or II.
  for (size_t h = 0; h < s.mists().hounds.size(); ++h) {
    const Hound& hd = s.mists().hounds[h];
    if (hd.status != Hound::Placed || hd.meeple < 0 || hd.meeple >= static_cast<int>(ms.size()))
      continue;
    const Meeple& m = ms[static_cast<size_t>(hd.meeple)];
    if (m.cell < 0) continue;
    const SvgPoint p = meeple_at(s, f, m, 0);
    const char* name = h == 0 ? "I" : "II";
    o += fmt::format(
        "<g class=\"hound\"><title>hound {0}</title><path d=\"M{1},{2} h16 l-8,-13 z\"/>"
        "<text x=\"{3}\" y=\"{4}\">{0}</text></g>",
        name, svg_num(p.x + 6), svg_num(p.y + 12), svg_num(p.x + 14), svg_num(p.y + 10));
  }
}

std::string summary(const State& s) {
  const Game& g = s.game();
  std::string text =
      fmt::format("{}, {} player(s), turn {}", g.rules().name, g.players(), s.turn());
  if (g.cooperative()) {
    text +=
        fmt::format(", score {}, ghosts in supply {}", s.shared_score(), s.mists().ghost_supply);
    if (s.piles() > 1)
      text += fmt::format(", pile {} of {} ({} tiles)", s.active_pile() + 1, s.piles(),
                          s.pile_size(s.active_pile()));
    static constexpr const char* kHoundStatus[] = {"waiting", "placed", "lost", "scored",
                                                   "removed"};
    for (size_t h = 0; h < s.mists().hounds.size(); ++h)
      text += fmt::format(", hound {} {}", h == 0 ? "I" : "II",
                          kHoundStatus[static_cast<size_t>(s.mists().hounds[h].status)]);
    if (s.is_terminal()) text += s.won() ? ", won" : ", lost";
  } else {
    for (int p = 0; p < s.score_count(); ++p)
      text += fmt::format(", {} {}", s.game().colour_name(std::max(0, colour_of_player(s, p))),
                          s.score(p).total);
  }
  return markup_text(text);
}

}  // namespace

std::string draw_board_svg(const State& s, const std::vector<Pos>& also_frame) {
  const Frame f = frame_of(s, also_frame);
  const std::string line = summary(s);
  // Wide enough for the summary line too (about 6.6 units a character at 12px).
  const double width = std::max(kLeft + f.w * S + 10, 8 + 6.6 * static_cast<double>(line.size()));
  const double height = kTop + f.h * S + kBottom;
  std::string o = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"carcheck-board\" width=\"{0}\" "
      "height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\"><title>{2}</title><style>{3}</style>",
      svg_num(width), svg_num(height), line, kStyle);
  for (int x = f.minx; x < f.minx + f.w; ++x)
    o += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\">x={}</text>",
                     svg_num(f.ox(x) + S / 2 - 12), svg_num(kTop - 7), x);
  for (int y = f.miny; y < f.miny + f.h; ++y)
    o += fmt::format("<text class=\"label\" x=\"4\" y=\"{}\">y={}</text>",
                     svg_num(f.oy(y) + S / 2 + 4), y);
  for (int i = 0; i < s.cells(); ++i) draw_tile(o, s, f, i);
  for (int i = 0; i < s.cells(); ++i) draw_bridge(o, f, s.cell(i));
  draw_castles(o, s, f);
  for (int i = 0; i < s.cells(); ++i) draw_ghosts(o, s, f, i);
  draw_meeples(o, s, f);
  o += fmt::format("<text class=\"summary\" x=\"4\" y=\"{}\">{}</text></svg>", svg_num(height - 10),
                   summary(s));
  return o;
}

}  // namespace carcheck
