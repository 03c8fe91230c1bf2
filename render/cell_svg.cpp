#include "render/cell_svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace carcheck {

namespace {

constexpr double S = kSvgCell;
constexpr SvgPoint kCentre{S / 2, S / 2};

// A point on `side`'s edge at t in [0, 1], clockwise (ports run clockwise from the north-west
// corner: N west to east, E north to south, S east to west, W south to north).
SvgPoint edge(int side, double t) {
  switch (side) {
    case North:
      return {t * S, 0};
    case East:
      return {S, t * S};
    case South:
      return {S - t * S, S};
    default:
      return {0, S - t * S};
  }
}

SvgPoint lerp(SvgPoint a, SvgPoint b, double f) {
  return {a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f};
}

SvgPoint port_mid(int p) { return edge(side_of(p), (p % kPortsPerSide + 0.5) / kPortsPerSide); }

std::string pt(SvgPoint p) { return fmt::format("{},{}", svg_num(p.x), svg_num(p.y)); }

std::string polygon(const std::vector<SvgPoint>& ps, const char* cls) {
  std::string points;
  for (const SvgPoint& p : ps) {
    if (!points.empty()) points += ' ';
    points += pt(p);
  }
  return fmt::format("<polygon class=\"{}\" points=\"{}\"/>", cls, points);
}

SvgPoint anchor_of(PortMask ports) {
  double x = 0, y = 0;
  int n = 0;
  for (int p = 0; p < kPorts; ++p)
    if (ports & (1u << p)) x += port_mid(p).x, y += port_mid(p).y, ++n;
  if (n == 0) return kCentre;
  return lerp({x / n, y / n}, kCentre, 0.3);
}

std::vector<int> sides_of(PortMask ports) {
  std::vector<int> sides;
  for (int side = 0; side < kSides; ++side)
    if (ports & side_mask(side)) sides.push_back(side);
  return sides;
}

// A city over one side is a cap (a curve reaching a quarter into the cell), or a triangle
// for a BCB castle base; over several sides a wedge from each side to the centre.
void draw_city(std::string& o, const Segment& seg) {
  const std::vector<int> sides = sides_of(seg.ports);
  if (sides.size() == 1) {
    const int side = sides[0];
    const SvgPoint a = edge(side, 0), b = edge(side, 1), mid = edge(side, 0.5);
    if (seg.flags & kSegTriangle)
      o += polygon({a, b, lerp(mid, kCentre, 0.6)}, "city");
    else
      o += fmt::format("<path class=\"city\" d=\"M{} Q{} {} Z\"/>", pt(a), pt(kCentre), pt(b));
  } else {
    for (int side : sides) o += polygon({edge(side, 0), edge(side, 1), kCentre}, "city");
    // Two opposite sides meet only at the centre point: a disc joins them.
    if (sides.size() == 2 && sides[1] - sides[0] == 2)
      o += fmt::format("<circle class=\"city\" cx=\"{0}\" cy=\"{0}\" r=\"{1}\"/>", svg_num(S / 2),
                       svg_num(S * 0.2));
  }
  // A cathedral (Inns & Cathedrals): a small church, a cross over a nave, at the centre. Drawn
  // with attributes of its own so that the board's style sheet stays as it is.
  if (seg.flags & kSegCathedral)
    o += fmt::format(
        "<g class=\"cathedral\" fill=\"#f4f0e0\" stroke=\"#333\"><rect x=\"{0}\" y=\"{1}\" "
        "width=\"12\" height=\"10\"/><path d=\"M{2},{3} v-8 M{4},{5} h6\"/></g>",
        svg_num(S / 2 - 6), svg_num(S / 2 - 2), svg_num(S / 2), svg_num(S / 2 - 2),
        svg_num(S / 2 - 3), svg_num(S / 2 - 7));
  if (seg.shields > 0) {
    const SvgPoint at = lerp(kCentre, edge(sides.empty() ? 0 : sides[0], 0.5), 0.55);
    o += fmt::format("<path class=\"shield\" d=\"M{},{} h10 v5 q0,5 -5,7 q-5,-2 -5,-7 z\"/>",
                     svg_num(at.x - 5), svg_num(at.y - 6));
    if (seg.shields > 1)
      o += fmt::format("<text class=\"shield-count\" x=\"{}\" y=\"{}\">{}</text>", svg_num(at.x),
                       svg_num(at.y + 3), seg.shields);
  }
}

// A road through two sides runs from one side's centre to the other's (curving at a bend);
// a road leaving one side stops short of the middle at a dot (a road end or a junction).
void draw_road(std::string& o, const Segment& seg) {
  std::vector<int> sides;
  for (int side = 0; side < kSides; ++side)
    if (seg.ports & (1u << centre_port(side))) sides.push_back(side);
  std::string d;
  if (sides.size() == 2) {
    d = fmt::format("M{} Q{} {}", pt(edge(sides[0], 0.5)), pt(kCentre), pt(edge(sides[1], 0.5)));
  } else {
    for (int side : sides) {
      const SvgPoint end = lerp(edge(side, 0.5), kCentre, 0.7);
      d += fmt::format("M{} L{} ", pt(edge(side, 0.5)), pt(end));
    }
  }
  if (d.empty()) return;
  o += fmt::format("<path class=\"road-edge\" d=\"{0}\"/><path class=\"road\" d=\"{0}\"/>", d);
  if (sides.size() != 2)
    for (int side : sides) {
      const SvgPoint end = lerp(edge(side, 0.5), kCentre, 0.7);
      o += fmt::format("<circle class=\"road-end\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>", svg_num(end.x),
                       svg_num(end.y), svg_num(S * 0.045));
    }
  if (seg.flags & kSegInn) {
    const SvgPoint at = lerp(edge(sides.empty() ? 0 : sides[0], 0.5), kCentre, 0.35);
    o += fmt::format("<rect class=\"inn\" x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{2}\"/>",
                     svg_num(at.x + 4), svg_num(at.y + 4), svg_num(S * 0.1));
  }
}

// Mist covers a band along each of its ports; its printed ghost symbols are small rings.
void draw_mist(std::string& o, const CellFace& f, int area) {
  const MistArea& m = f.mist[static_cast<size_t>(area)];
  for (int p = 0; p < kPorts; ++p) {
    if (!(m.ports & (1u << p))) continue;
    const int side = side_of(p), k = p % kPortsPerSide;
    const SvgPoint a = edge(side, double(k) / kPortsPerSide);
    const SvgPoint b = edge(side, double(k + 1) / kPortsPerSide);
    o += polygon({a, b, lerp(b, kCentre, 0.45), lerp(a, kCentre, 0.45)}, "mist");
  }
  const SvgPoint at = mist_anchor(f, area);
  for (int g = 0; g < m.ghosts; ++g)
    o += fmt::format("<circle class=\"ghost-symbol\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                     svg_num(at.x - 6 + 6 * g), svg_num(at.y - 9), svg_num(S * 0.03));
}

void draw_centre(std::string& o, const CellFace& f) {
  const double h = S * 0.14;  // half the side of the centre square
  const std::string box = fmt::format("x=\"{0}\" y=\"{0}\" width=\"{1}\" height=\"{1}\"",
                                      svg_num(S / 2 - h), svg_num(2 * h));
  const std::string cross =
      fmt::format("<path class=\"cross\" d=\"M{0},{1} V{2} M{3},{4} H{5}\"/>", svg_num(S / 2),
                  svg_num(S / 2 - h * 0.7), svg_num(S / 2 + h * 0.7), svg_num(S / 2 - h * 0.5),
                  svg_num(S / 2 - h * 0.2), svg_num(S / 2 + h * 0.5));
  if (f.centre >= 0) {
    switch (f.segments[static_cast<size_t>(f.centre)].kind) {
      case SegmentKind::Monastery:
        o += "<rect class=\"monastery\" " + box + "/>" + cross;
        break;
      case SegmentKind::Castle:
        o += "<rect class=\"castle-tile\" " + box + "/>";
        break;
      case SegmentKind::Cemetery:
        o += "<rect class=\"cemetery\" " + box + "/>" + cross;
        break;
      default:
        break;
    }
  }
  std::string letters;
  if (f.marks & kMarkBazaar) letters += 'B';
  if (f.marks & kMarkRuins) letters += 'R';
  for (size_t i = 0; i < letters.size(); ++i)
    o += fmt::format("<text class=\"mark\" x=\"{}\" y=\"{}\">{}</text>",
                     svg_num(S * 0.25 + 12.0 * static_cast<double>(i)), svg_num(S * 0.8),
                     letters[i]);
}

}  // namespace

std::string svg_num(double v) {
  std::string s = fmt::format("{:.2f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

SvgPoint segment_anchor(const CellFace& face, int seg) {
  if (seg == face.centre) return kCentre;
  return anchor_of(face.segments[static_cast<size_t>(seg)].ports);
}

SvgPoint mist_anchor(const CellFace& face, int area) {
  return anchor_of(face.mist[static_cast<size_t>(area)].ports);
}

namespace {

// The River: a blue band from each river side's centre, through the middle (a curve at a
// bend), ending in a pool at the spring or the lake. Presentation attributes, not the board's
// style sheet, so boards without a river draw byte for byte as before.
void draw_river(std::string& o, const CellFace& f) {
  std::vector<int> sides;
  for (int side = 0; side < kSides; ++side)
    if (f.sides[side] == Terrain::River) sides.push_back(side);
  if (sides.empty()) return;
  std::string d;
  if (sides.size() == 2)
    d = fmt::format("M{} Q{} {}", pt(edge(sides[0], 0.5)), pt(kCentre), pt(edge(sides[1], 0.5)));
  else
    for (int side : sides) d += fmt::format("M{} L{} ", pt(edge(side, 0.5)), pt(kCentre));
  o += fmt::format(
      "<path class=\"river\" fill=\"none\" stroke=\"#3f7fc8\" stroke-width=\"{}\" "
      "d=\"{}\"/>",
      svg_num(S * 0.12), d);
  if (f.marks & (kMarkSpring | kMarkLake))
    o += fmt::format("<circle class=\"{}\" fill=\"#3f7fc8\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                     f.marks & kMarkSpring ? "spring" : "lake", svg_num(kCentre.x),
                     svg_num(kCentre.y), svg_num(S * (f.marks & kMarkSpring ? 0.1 : 0.2)));
}

}  // namespace

std::string cell_svg(const CellFace& f) {
  std::string o = fmt::format("<rect class=\"field\" width=\"{0}\" height=\"{0}\"/>", svg_num(S));
  for (int i = 0; i < f.n_segments; ++i)
    if (f.segments[static_cast<size_t>(i)].kind == SegmentKind::City)
      draw_city(o, f.segments[static_cast<size_t>(i)]);
  for (int a = 0; a < f.n_mist; ++a) draw_mist(o, f, a);
  draw_river(o, f);  // under the roads: a road crosses it on a bridge
  for (int i = 0; i < f.n_segments; ++i)
    if (f.segments[static_cast<size_t>(i)].kind == SegmentKind::Road)
      draw_road(o, f.segments[static_cast<size_t>(i)]);
  draw_centre(o, f);
  return o;
}

}  // namespace carcheck
