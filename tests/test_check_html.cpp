// `carcheck check --html FILE` rendered by a real browser, headless Chromium (Debian's
// `chromium --dump-dom`): a run of one spec that passes and one made to fail. The page lists
// both with their outcome and position, and the FAIL shows the board at the failing
// expectation as inline SVG, found in the rendered DOM with its 3 tiles and red's meeple.
// Skipped, saying so, only when chromium cannot start here. An unwritable --html path is
// refused before any spec runs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "test_support.h"

namespace carcheck {
namespace {

namespace fs = std::filesystem;
using test_support::read_text;
using test_support::shell;

// Three city corners make a ring of three segments with red on it (seed 001's example without
// its last tile). `expect_size` is the size the spec claims: 3 holds, 4 fails.
std::string ring_spec(int expect_size) {
  return "spec \"a city of three corners\"\n"
         "rules base-c1 players 2\n"
         "cites seed 001 \"Un oraș finalizat\"\n"
         "start C0 = city-corner\n"
         "tile C = city-corner x3\n"
         "setup {\n"
         "  player 1\n"
         "  place C at -1,0 r1\n"
         "  place C at -1,-1 r2\n"
         "  meeple red on city at 0,0\n"
         "}\n"
         "expect size " +
         std::to_string(expect_size) + " city at 0,0\n";
}

int count_of(const std::string& text, const std::string& what, size_t from = 0,
             size_t to = std::string::npos) {
  int n = 0;
  for (size_t p = text.find(what, from); p != std::string::npos && p < to;
       p = text.find(what, p + 1))
    ++n;
  return n;
}

TEST(CheckHtml, ChromiumShowsTheBoardOfAFailure) {
  const fs::path dir = fs::path(CARCHECK_BINARY).parent_path() / "check-html";
  fs::remove_all(dir);
  fs::create_directories(dir / "specs");
  std::ofstream(dir / "specs" / "holds.spec") << ring_spec(3);
  std::ofstream(dir / "specs" / "fails.spec") << ring_spec(4);
  const fs::path page = dir / "check-report.html", dom = dir / "check-report.dom";
  const fs::path log = dir / "check-report.log";
  ASSERT_EQ(shell(std::string(CARCHECK_BINARY) + " check " + (dir / "specs").string() + " --html " +
                  page.string() + " > /dev/null"),
            1);  // a spec failed
  ASSERT_TRUE(fs::exists(page));

  const std::string chromium =
      "timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage "
      "--enable-logging=stderr --v=0 ";
  const int dumped = shell(chromium + "--dump-dom file://" + page.string() + " > " + dom.string() +
                           " 2> " + log.string());
  const std::string rendered = read_text(dom);
  if (dumped != 0 && rendered.empty())
    GTEST_SKIP() << "chromium cannot start here (exit " << dumped
                 << "): " << read_text(log).substr(0, 400);
  // The table: a row per spec, its outcome; the failure's position (line 12 of fails.spec).
  EXPECT_EQ(count_of(rendered, "<tr class=\"pass\">"), 1) << rendered.substr(0, 3000);
  EXPECT_EQ(count_of(rendered, "<tr class=\"fail\">"), 1);
  EXPECT_NE(rendered.find((dir / "specs" / "fails.spec").string() + ":12:1"), std::string::npos);
  // The FAIL's section holds exactly one board: 3 tile groups, one red meeple.
  const size_t section = rendered.find("<section class=\"result fail\"");
  ASSERT_NE(section, std::string::npos);
  const size_t end = rendered.find("</section>", section);
  const size_t svg = rendered.find("<svg", section);
  ASSERT_LT(svg, end);
  EXPECT_NE(rendered.substr(svg, 200).find("class=\"carcheck-board\""), std::string::npos);
  const size_t svg_end = rendered.find("</svg>", svg);
  EXPECT_EQ(count_of(rendered, "<g class=\"tile\"", svg, svg_end), 3);
  EXPECT_EQ(count_of(rendered, "class=\"meeple\" data-colour=\"red\"", svg, svg_end), 1);
  EXPECT_EQ(count_of(rendered, "expected: 4", section, end), 1);
  EXPECT_EQ(count_of(rendered, "actual: 3", section, end), 1);
  EXPECT_EQ(read_text(log).find("Uncaught"), std::string::npos);
  for (const char* fetch : {"src=", "<link", "@import", "<script"})
    EXPECT_EQ(rendered.find(fetch), std::string::npos) << fetch;
  // A screenshot for the CI's artifacts (.ci/run copies it).
  const fs::path png = fs::path(CARCHECK_BINARY).parent_path() / "check-report.png";
  fs::remove(png);
  shell(chromium + "--window-size=1200,900 --screenshot=" + png.string() + " file://" +
        page.string() + " > /dev/null 2>&1");
  EXPECT_TRUE(fs::exists(png));
}

TEST(CheckHtml, RefusesAnUnwritablePath) {
  const fs::path err = fs::temp_directory_path() / "carcheck-check-html.err";
  const std::string bad = "/nonexistent-folder/report.html";
  EXPECT_EQ(shell(std::string(CARCHECK_BINARY) + " check " + CARCHECK_TEST_DIR +
                  "/../specs/base/city-four-segments.spec --html " + bad + " > /dev/null 2> " +
                  err.string()),
            2);
  const std::string e = read_text(err);
  EXPECT_EQ(e.substr(0, e.find('\n')), "carcheck check: --html: cannot write " + bad);
  EXPECT_FALSE(fs::exists(bad));
}

}  // namespace
}  // namespace carcheck
