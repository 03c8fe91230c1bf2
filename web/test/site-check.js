// Whether the built page is there and up to date with its sources: the tests skip (exit 77)
// saying why otherwise, so that a plain `ctest` never runs them against a stale page (a page
// built before a change to the engine, the data or web/ would disagree with the new native
// `carcheck`). `bash scripts/run.sh web` builds the page, then runs them.
"use strict";
const fs = require("fs");
const path = require("path");

function newest(p) {
  let st;
  try { st = fs.statSync(p); } catch (e) { return 0; }
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of fs.readdirSync(p)) if (e !== "node_modules" && e !== "test") m = Math.max(m, newest(path.join(p, e)));
  return m;
}

function skipUnlessBuilt(site) {
  const root = path.resolve(__dirname, "../..");
  const module = path.join(site || "", "carcheck-wasm.js");
  if (!site || !fs.existsSync(module) || !fs.existsSync(path.join(site, "index.html"))) {
    console.log("SKIP: the page is not built at " + site + " (bash scripts/run.sh web builds it and runs these tests)");
    process.exit(77);
  }
  const built = fs.statSync(module).mtimeMs;
  const sources = ["engine", "dsl", "render", "gamelog", "checker", "specs", "web", "tiles.yaml", "levels.yaml", "citations.yaml"];
  const stale = sources.filter((s) => newest(path.join(root, s)) > built);
  if (stale.length) {
    console.log("SKIP: the page at " + site + " is older than " + stale.join(", ") +
                " (bash scripts/run.sh web rebuilds it and runs these tests)");
    process.exit(77);
  }
}

module.exports = { skipUnlessBuilt };
