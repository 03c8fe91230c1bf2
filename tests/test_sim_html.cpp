// `carcheck simulate --html`: the page rendered by a real browser, headless Chromium (Debian's
// `chromium`). The charts must be in the rendered DOM with one bar per cell (win rate) and one
// per event kind that happened and reading (events), and the browser must log no script error.
// A screenshot of the page stays in the build folder (sim-report.png). Skipped, saying so, only
// when chromium cannot start here.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "test_support.h"

namespace carcheck {
namespace {

namespace fs = std::filesystem;

using test_support::shell;

// The bars (class="bar") inside <svg id="ID" ...> ... </svg> of `dom`.
int bars_in(const std::string& dom, const std::string& id) {
  const size_t at = dom.find("<svg id=\"" + id + "\"");
  if (at == std::string::npos) return -1;
  const size_t end = dom.find("</svg>", at);
  int n = 0;
  for (size_t p = dom.find("class=\"bar\"", at); p != std::string::npos && p < end;
       p = dom.find("class=\"bar\"", p + 1))
    ++n;
  return n;
}

TEST(SimHtml, ChromiumRendersTheCharts) {
  const fs::path dir = fs::path(CARCHECK_BINARY).parent_path();  // the build folder
  const fs::path page = dir / "sim-report.html", json = dir / "sim-report.json";
  const fs::path dom = dir / "sim-report.dom", log = dir / "sim-report.log";
  const fs::path png = dir / "sim-report.png";
  ASSERT_EQ(shell(std::string(CARCHECK_BINARY) +
                  " simulate --rules mists --level 1,2 --players 2 --games 3 --compare "
                  "coop-scoring --jobs 2 --json --html " +
                  page.string() + " > " + json.string()),
            0);
  const auto doc = nlohmann::json::parse(test_support::read_text(json));
  // Expected bars, from the run itself: a win-rate bar per cell (2 levels x 2 readings), an
  // event bar per reading for each event kind that happened in some cell.
  const int cells = static_cast<int>(doc["cells"].size());
  ASSERT_EQ(cells, 4);
  int kinds = 0;
  for (const auto& [name, v] : doc["cells"][0]["stats"]["events_per_game"].items()) {
    bool any = false;
    for (const auto& c : doc["cells"])
      any = any || c["stats"]["events_per_game"][name].get<double>() > 0;
    kinds += any;
  }
  ASSERT_GT(kinds, 3);  // tiles drawn and placed, meeples, ... happen in every game

  const std::string chromium =
      "timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage "
      "--enable-logging=stderr --v=0 ";
  const int dumped = shell(chromium + "--dump-dom file://" + page.string() + " > " + dom.string() +
                           " 2> " + log.string());
  const std::string rendered = test_support::read_text(dom);
  if (dumped != 0 && rendered.empty())
    GTEST_SKIP() << "chromium cannot start here (exit " << dumped
                 << "): " << test_support::read_text(log).substr(0, 400);
  EXPECT_EQ(bars_in(rendered, "win-rate"), cells) << rendered.substr(0, 2000);
  EXPECT_EQ(bars_in(rendered, "events"), kinds * 2);
  EXPECT_NE(rendered.find("id=\"geometry-banner\""), std::string::npos);
  EXPECT_NE(rendered.find("id=\"parameters\""), std::string::npos);
  const std::string console = test_support::read_text(log);
  EXPECT_EQ(console.find("Uncaught"), std::string::npos) << console;
  // Self-contained: nothing is fetched (no script, image, style sheet or frame source).
  for (const char* fetch : {"src=", "<link", "@import", "<script"})
    EXPECT_EQ(rendered.find(fetch), std::string::npos) << fetch;
  fs::remove(png);
  shell(chromium + "--window-size=1200,1400 --screenshot=" + png.string() + " file://" +
        page.string() + " > /dev/null 2>&1");
  EXPECT_TRUE(fs::exists(png)) << "the screenshot is kept in the build folder";
}

}  // namespace
}  // namespace carcheck
