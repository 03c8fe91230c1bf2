// The WebAssembly build against the native command, in Node: every shipped spec and every
// bad-input spec (tests/bad-input/specs) gets the same verdict from the page's module as from
// `carcheck check --json`, errors with the same `file:line:column: reason`; then bad input
// (every spec cut short at many points, 5 MB of random bytes, a truncated and a foreign game
// log) comes back as a located message, never an abort.
//
//   node node-specs.js SITE_DIR CARCHECK_BINARY
//
// Exit 0 all agree, 1 a difference or an abort, 77 the page is not built (skip).
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const [site, carcheck] = process.argv.slice(2);
require("./site-check").skipUnlessBuilt(site);
const moduleFile = path.resolve(site, "carcheck-wasm.js");
const root = path.resolve(__dirname, "../..");
global.createCarcheck = require(moduleFile);
const Carcheck = require(path.join(root, "web/src/carcheck-api.js"));

function specFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...specFiles(rel));
    else if (e.name.endsWith(".spec")) out.push(rel);
  }
  return out.sort();
}

(async () => {
  let api = await Carcheck.create((what) => { console.log("ABORT: " + what); process.exit(1); });
  const files = [...specFiles("specs"), ...specFiles("tests/bad-input/specs")];
  const t0 = Date.now();
  const native = spawnSync(carcheck, ["check", "--json", "specs", "tests/bad-input/specs"],
                           { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  const nativeMs = Date.now() - t0;
  const byFile = {};
  for (const r of JSON.parse(native.stdout).specs) byFile[r.file] = r;
  let failures = 0;
  const t1 = Date.now();
  const counts = { PASS: 0, FAIL: 0, ERROR: 0 };
  for (const f of files) {
    const r = api.run_spec(fs.readFileSync(path.join(root, f), "utf8"), f, "");
    counts[r.status]++;
    const n = byFile[f];
    if (!n) { console.log("no native result for " + f); failures++; continue; }
    const same = r.status.toLowerCase() === n.outcome &&
                 (r.status !== "ERROR" || r.message === n.error) &&
                 (r.status !== "FAIL" || r.failures.length === n.failures.length);
    if (!same) {
      failures++;
      console.log("DIFFERENT " + f + ": page " + r.status + " " + (r.message || "") + " | native " +
                  n.outcome + " " + (n.error || ""));
    }
  }
  const pageMs = Date.now() - t1;
  console.log(files.length + " specs: page " + JSON.stringify(counts) + " in " + pageMs + " ms, native " +
              nativeMs + " ms (one process)");

  // Bad input: never an abort, always a verdict (an ERROR with a place for broken text).
  let cuts = 0;
  for (const f of specFiles("specs").slice(0, 60)) {
    const text = fs.readFileSync(path.join(root, f), "utf8");
    for (let k = 1; k < 8; ++k) {
      const r = api.run_spec(text.slice(0, Math.floor((text.length * k) / 8)), "cut.spec", "");
      if (!["PASS", "FAIL", "ERROR"].includes(r.status)) { console.log("no verdict for a cut " + f); failures++; }
      cuts++;
    }
  }
  let seed = 12345;
  const bytes = Buffer.alloc(5 * 1024 * 1024);
  for (let i = 0; i < bytes.length; ++i) { seed = (seed * 1103515245 + 12345) >>> 0; bytes[i] = seed >>> 24; }
  const random = api.run_spec(bytes.toString("latin1"), "random.spec", "");
  if (random.status !== "ERROR" || !(random.line >= 1)) {
    console.log("5 MB of random bytes: " + random.status + " " + random.message); failures++;
  }
  const g = api.load_game("base-c1", 0, 2, []);
  const s = g.new_state(3);
  for (let i = 0; i < 12; ++i) s.apply(s.legal_actions()[0].text);
  const line = s.game_log();
  for (const [what, text] of [["truncated", line.slice(0, line.length / 2)],
                              ["another rule set", line.replace('"rules":"base-c1"', '"rules":"mists"')],
                              ["not JSON", "\u0000\u0001garbage"]]) {
    let r;
    try { r = api.replay_log(text); } catch (e) { r = { error: e.message }; }
    console.log("a game log, " + what + ": " + (r.error || (r.agrees ? "agrees" : JSON.stringify(r.findings[0]))));
  }
  // The game-log corpus (tests/gamelogs, the libFuzzer harness's seeds): every line is read
  // and replayed, or refused with a message; never an abort.
  let logLines = 0;
  for (const f of fs.readdirSync(path.join(root, "tests/gamelogs"))) {
    for (const l of fs.readFileSync(path.join(root, "tests/gamelogs", f), "utf8").split("\n")) {
      if (!l.trim()) continue;
      let r;
      try { r = api.replay_log(l); } catch (e) { r = { error: e.message }; }
      if (!r.error && typeof r.agrees !== "boolean") { console.log("no answer for a line of " + f); failures++; }
      for (let k = 1; k < 6; ++k) {
        try { api.load_log(l.slice(0, Math.floor((l.length * k) / 6))); } catch (e) { /* a message */ }
      }
      logLines++;
    }
  }
  console.log("game-log corpus: " + logLines + " lines of tests/gamelogs, each also cut 5 ways: no abort");
  if (api.replay_log(line).agrees !== true) { console.log("the page's own log does not replay"); failures++; }
  // The two bindings' function lists, compared completely (api-parity.js): the Python module
  // sits beside the carcheck binary (build/python).
  const parity = require("./api-parity").compareApis(api, path.join(path.dirname(path.resolve(carcheck)), "python"));
  if (parity > 0) failures += parity;
  console.log("bad input: " + cuts + " cut specs, 5 MB of random bytes (" + random.status + " at line " + random.line +
              "), 3 bad logs: no abort");
  process.exit(failures ? 1 : 0);
})();
