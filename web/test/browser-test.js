// The page in a real browser: Debian's headless chromium driven by puppeteer-core (no browser
// download). Every choice is a click on what the page shows (highlighted cells, rotation and
// confirm buttons, decision buttons); what the page saves is checked by the native command.
//
//   node browser-test.js SITE_DIR CARCHECK_BINARY OUT_DIR [test ...]
//
// Tests: base15 (15 turns of base-c1, 2 players; the saved spec passes `carcheck check`, the
// saved log passes `carcheck replay`), spec (faq-0005: PASS with its trace, FAIL when a score is
// edited, ERROR at the line and column `carcheck check` names), bcb3 (a whole bcb game of 3
// players by random clicks; `carcheck replay` agrees with its log and its final scores), mists6
// (the same for a Mists Level 6 game), link (a spec in the URL's fragment, the matrix, a
// malformed fragment), setup (a position built in the set-up mode, two turns, the saved spec
// passes `carcheck check`), stepspec (a spec stepped through in Play; a FAIL at its board),
// kinds (every action kind of the engine offered as a control, over shipped specs stepped).
// Screenshots: OUT_DIR/web-*.png. Exit 0 all pass, 1 a failure, 77 no browser here (skip).
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync, spawnSync } = require("child_process");

const [site, carcheck, outDir, ...only] = process.argv.slice(2);
if (!site || !carcheck || !outDir) {
  console.error("usage: node browser-test.js SITE_DIR CARCHECK_BINARY OUT_DIR [test ...]");
  process.exit(2);
}
require("./site-check").skipUnlessBuilt(site);
let puppeteer;
try {
  puppeteer = require("puppeteer-core");
} catch (e) {
  console.log("SKIP: puppeteer-core is not installed (npm ci in web/test)");
  process.exit(77);
}
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.log("SKIP: no chromium at " + chromium);
  process.exit(77);
}
fs.mkdirSync(outDir, { recursive: true });
const pageUrl = "file://" + path.resolve(site, "index.html");
const work = fs.mkdtempSync(path.join(require("os").tmpdir(), "carcheck-web-"));

// A small seeded generator (the test's own choices, reproducible from the seed it prints).
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return Math.floor((s / 4294967296) * n);
  };
}

function assert(cond, message) {
  if (!cond) throw new Error("assertion failed: " + message);
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  return { status: r.status, out: (r.stdout || "") + (r.stderr || "") };
}

async function openPage(browser) {
  const page = await browser.newPage();
  page.setDefaultTimeout(120000);  // generous: CI's 2 cores run two browsers at once
  await page.setViewport({ width: 1400, height: 950 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(pageUrl, { waitUntil: "load", timeout: 120000 });
  await page.waitForSelector("body[data-ready='1']", { timeout: 120000 });
  await page.waitForSelector("#board svg", { timeout: 60000 });
  page.errors = errors;
  return page;
}

async function newGame(page, rules, players, seed) {
  await page.select("#ruleset", rules);
  await page.$eval("#players", (e, v) => (e.value = v), String(players));
  await page.$eval("#seed", (e, v) => (e.value = v), String(seed));
  await page.click("#new-game");
  await page.waitForFunction((r) => document.querySelector("#status b") !== null, {}, rules);
}

async function status(page) {
  return page.$eval("#status", (e) => ({
    phase: e.dataset.phase,
    terminal: e.dataset.terminal === "1",
    text: e.textContent,
  }));
}

async function turnNumber(page) {
  return page.$eval("#status", (e) => Number(/turn (\d+)/.exec(e.textContent)[1]));
}

// One decision by clicks: a highlighted cell, maybe another rotation, a confirm button; or one
// of the decision buttons. Returns what was clicked.
const offered = new Set();  // every action kind the page offered as a control, over all tests
async function clickOneChoice(page, pick) {
  const before = await page.$eval("body", (b) => b.dataset.turn);
  const cells = await page.$$("#board rect.fit");
  if (cells.length) offered.add("place");
  for (const k of await page.$$eval("#decisions button.action", (b) => b.map((x) => x.dataset.kind))) offered.add(k);
  if (await page.$("#board circle.meeple-option")) offered.add("meeple (on the board)");
  clickOneChoice.markers = 0;
  let clicked;
  if (cells.length) {
    const cell = cells[pick(cells.length)];
    await cell.click();
    await page.waitForSelector("#place-choices button.confirm");
    const rots = await page.$$("#rotations button.rot:not([disabled])");
    if (rots.length && pick(2) === 1) {
      await rots[pick(rots.length)].click();
      await page.waitForSelector("#place-choices button.confirm");
    }
    const confirms = await page.$$("#place-choices button.confirm");
    const c = confirms[pick(confirms.length)];
    clicked = await c.evaluate((e) => e.dataset.text);
    await c.click();
  } else if ((await page.$$("#board circle.meeple-option")).length && pick(2) === 0) {
    const markers = await page.$$("#board circle.meeple-option");  // on the tile just placed
    const m = markers[pick(markers.length)];
    clicked = await m.evaluate((e) => e.dataset.text);
    await m.click();
    clickOneChoice.markers = 1;
  } else {
    const buttons = await page.$$("#decisions button.action");
    assert(buttons.length > 0, "the page offers no decision and no cell: " + (await status(page)).text);
    const b = buttons[pick(buttons.length)];
    clicked = await b.evaluate((e) => e.dataset.text);
    await b.click();
  }
  await page.waitForFunction((t) => document.body.dataset.turn !== t, { timeout: 120000 }, before);
  const message = await page.$eval("#message", (e) => e.textContent);
  assert(!message, "the page says: " + message + " (after " + clicked + ")");
  return clicked;
}

async function saved(page, button) {
  await page.$eval("#saved", (e) => (e.value = ""));
  await page.$eval("#message", (e) => (e.textContent = ""));
  await page.click(button);
  await page.waitForFunction(() => document.querySelector("#saved").value.length > 0 ||
                                   document.querySelector("#message").textContent.length > 0);
  const message = await page.$eval("#message", (e) => e.textContent);
  if (message) throw new Error("the page says: " + message);
  return page.$eval("#saved", (e) => e.value);
}

// The cells the page highlights (`cells`, a selector) leave the coordinates and the summary
// line readable: no cell's box meets a label's or the summary's (in the board's own units).
async function assertTextUncovered(page, cells) {
  const covered = await page.$eval("#board svg", (svg, sel) => {
    const meets = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const texts = [...svg.querySelectorAll("text.label, text.summary")];
    const out = [];
    for (const r of svg.querySelectorAll(sel))
      for (const t of texts) if (meets(r.getBBox(), t.getBBox())) out.push(r.dataset.x + "," + r.dataset.y + " covers " + t.textContent);
    return out;
  }, cells);
  assert(covered.length === 0, cells + " covers the board's text: " + covered.join("; "));
}

async function pageScores(page) {
  return page.$$eval("#scores td.total", (tds) => tds.map((t) => Number(t.textContent)));
}

const tests = {
  // Set-up mode: a position built by clicks (a tile, a meeple, a score), a step the rules
  // refuse shown with the engine's reason, two turns played from it, the spec saved: it holds
  // the setup block and passes `carcheck check` (and fails it with a score edited).
  async setup(browser) {
    const page = await openPage(browser);
    await page.select("#ruleset", "base-c1");
    await page.$eval("#players", (e) => (e.value = "2"));
    await page.$eval("#seed", (e) => (e.value = "7"));
    await page.click("#setup-mode");
    await page.waitForSelector("#setup-panel:not([hidden]) #setup-kind");
    const addStep = async () => {
      await page.$eval("#setup-message", (e) => (e.textContent = ""));
      const before = await page.$$eval("#setup-list li[data-statement]", (l) => l.length);
      await page.click("#setup-add");
      await page.waitForFunction((n) => document.querySelectorAll("#setup-list li[data-statement]").length !== n ||
        document.querySelector("#setup-message").textContent.length > 0, {}, before);
      return page.$eval("#setup-message", (e) => ({ text: e.textContent, refused: e.className !== "info" }));
    };
    const clickCell = async (x, y) => {
      await page.click(`#board rect.setup-cell[data-x="${x}"][data-y="${y}"]`);
      await page.waitForSelector(`#board rect.setup-cell.selected[data-x="${x}"][data-y="${y}"]`);
    };
    // A tile on a cell that touches nothing: refused, with the engine's reason on the page.
    await page.select("#setup-kind", "place");
    await page.select("#setup-tile", "straight");
    await clickCell(1, 1);  // beside the start tile only at a corner
    let m = await addStep();
    assert(m.refused && /refuse/.test(m.text), "a tile touching only a corner is refused: " + m.text);
    console.log("setup: refused as the engine says: " + m.text);
    // The straight road east of the start tile (road W-E): the rotation that fits is accepted.
    await clickCell(1, 0);
    let accepted = null, refusedRot = null;
    for (const r of [1, 0, 3, 2]) {  // r1 puts the road N-S against the start tile's road: refused
      await page.click(`#setup-rotations button[data-rotation="${r}"]`).catch(() => {});
      m = await addStep();
      if (m.refused) refusedRot = r; else { accepted = r; break; }
    }
    assert(accepted !== null && refusedRot !== null, "one rotation of the straight road is refused, one accepted at 1,0");
    // A meeple on that road: the feature list is the tile's own (from the engine).
    await page.select("#setup-kind", "meeple");
    await page.select("#setup-colour", "red");
    await clickCell(1, 0);
    const features = await page.$$eval("#setup-feature option", (o) => o.map((x) => x.value));
    assert(features.some((f) => f.startsWith("road")), "the tile's features include its road: " + features);
    await page.select("#setup-feature", features.find((f) => f.startsWith("road")));
    m = await addStep();
    assert(!m.refused, "red's meeple on the road: " + m.text);
    await page.select("#setup-kind", "score");
    await page.select("#setup-scorer", "green");
    await page.$eval("#setup-number", (e) => { e.value = "12"; e.dispatchEvent(new Event("input")); });
    m = await addStep();
    assert(!m.refused, "green's score 12: " + m.text);
    const steps = await page.$$eval("#setup-list li[data-statement]", (l) => l.map((x) => [x.dataset.statement, x.firstChild.textContent]));
    console.log("setup: the position: " + JSON.stringify(steps));
    assert(steps.length === 3, "three steps listed");
    const scores = await pageScores(page);
    assert(scores[1] === 12, "green's score is 12 on the page: " + scores);
    await assertTextUncovered(page, "rect.setup-cell");
    await page.screenshot({ path: path.join(outDir, "web-setup.png") });
    // Play two turns from it by clicks.
    await page.click("#setup-play");
    await page.waitForFunction(() => document.querySelector("#setup-panel").hidden);
    const pick = rng(77);
    const turn0 = await turnNumber(page);
    while ((await turnNumber(page)) < turn0 + 2) await clickOneChoice(page, pick);
    await page.screenshot({ path: path.join(outDir, "web-setup-played.png") });
    const spec = await saved(page, "#save-spec");
    for (const [line] of steps) assert(spec.includes("  " + line + "\n"), "the saved spec's setup block holds '" + line + "':\n" + spec);
    assert(/^setup \{$/m.test(spec) && /expect meeples supply red \d+/.test(spec) && /expect tiles-left \d+/.test(spec),
      "setup block, supply and pile expectations:\n" + spec);
    const specFile = path.join(work, "page-setup.spec");
    fs.writeFileSync(specFile, spec);
    let r = run(carcheck, ["check", specFile]);
    assert(r.status === 0, "carcheck check passes the set-up game's spec:\n" + r.out + "\n" + spec);
    fs.writeFileSync(specFile, spec.replace(/expect score green (\d+)\n/, (x, n) => "expect score green " + (Number(n) + 1) + "\n"));
    r = run(carcheck, ["check", specFile]);
    assert(r.status === 1, "an edited score fails (exit " + r.status + "):\n" + r.out);
    // The log cannot hold a set-up position: the page says so.
    await page.$eval("#message", (e) => (e.textContent = ""));
    await page.click("#save-log");
    await page.waitForFunction(() => document.querySelector("#message").textContent.length > 0);
    assert(/set up/.test(await page.$eval("#message", (e) => e.textContent)), "no log for a set-up game, said why");
    console.log("setup: saved spec passes check:\n" + spec.split("\n").filter((l) => /^(setup|  |\}|expect)/.test(l)).join("\n"));
    assert(page.errors.length === 0, "no page errors: " + page.errors.join("\n"));
    await page.close();
  },

  // A spec loaded into Play and stepped through: the board at every step; a FAIL shows the
  // board at the failing expectation (the same SVG as check's report of it).
  async stepspec(browser) {
    const page = await openPage(browser);
    const name = "specs/mists/faq-0005-per-colour.spec";
    await page.click("#tab-specs");
    await page.select("#examples", name);
    await page.click("#spec-to-play");
    await page.waitForSelector("#spec-steps-panel:not([hidden]) #spec-steps-verdict[data-status]");
    assert((await page.$eval("#spec-steps-verdict", (e) => e.dataset.status)) === "PASS", "the spec passes when stepped");
    const max = await page.$eval("#turn-slider", (e) => Number(e.max));
    const actions = await page.$$eval("#spec-steps li.action", (l) => l.length);
    assert(max > 0 && actions >= max, max + " steps, " + actions + " action lines");
    // Every step shows its board: each differs from the one before when a tile was placed.
    const boards = new Set();
    for (let k = 0; k <= max; ++k) {
      await page.$eval("#turn-slider", (e, v) => { e.value = String(v); e.dispatchEvent(new Event("input")); }, k);
      boards.add(await page.evaluate(() => window.carcheckBoardSvg));
    }
    assert(boards.size > 2, "the board changes as the spec is stepped: " + boards.size + " boards");
    // Click a step in the list: the slider goes there.
    const lis = await page.$$("#spec-steps li.action");
    await lis[1].click();
    assert((await page.$eval("#spec-steps li.current", (e) => e.dataset.line)) !== null, "a step is current");
    // An edited score: FAIL, the board at the failing line is check's.
    const text = await page.$eval("#spec-editor", (e) => e.value);
    const edited = text.replace(/^expect score (\d+)$/m, (x, n) => "expect score " + (Number(n) + 5));
    assert(edited !== text, "a score to edit");
    await page.click("#tab-specs");
    await page.$eval("#spec-editor", (e, t) => (e.value = t), edited);
    await page.$eval("#spec-steps-verdict", (e) => e.removeAttribute("data-status"));
    await page.click("#spec-to-play");
    await page.waitForSelector("#spec-steps-verdict[data-status]");
    assert((await page.$eval("#spec-steps-verdict", (e) => e.dataset.status)) === "FAIL", "the edited spec fails");
    const want = await page.evaluate((t, n) => window.carcheckApi.run_spec(t, n, "").board_svg, edited, name);
    assert((await page.evaluate(() => window.carcheckBoardSvg)) === want, "the board shown is the one at the failing expectation");
    assert((await page.$$("#spec-steps li.failed")).length === 1, "the failing line is marked");
    await page.screenshot({ path: path.join(outDir, "web-spec-step-fail.png") });
    assert(page.errors.length === 0, "no page errors: " + page.errors.join("\n"));
    await page.close();
  },

  // Every action kind of the engine (read from the module) offered as a control: 17 shipped
  // specs whose histories reach the rarer decisions, loaded into Play and stepped through (each state
  // drawn with its controls). Prints each kind with where it was offered.
  async kinds(browser) {
    const page = await openPage(browser);
    const specs = [
      "specs/bcb/decline-bridge-discard.spec", "specs/bcb/castle-owner-picks.spec",
      "specs/bcb/castle-non-active-occupant.spec", "specs/bcb/bridge-supply-one-a-turn.spec",
      "specs/bcb/bazaar-full-auction.spec", "specs/bcb/bazaar-sell-next-selector.spec",
      "specs/mists/examples/example-cemetery-bury.spec", "specs/mists/faq-0007-hound-scores-for-its-colour.spec",
      "specs/mists/dized-0024-hound-clears-own-tile.spec", "specs/mists/dized-0016-one-face-down-per-turn.spec",
      "specs/mists/dized-0025-one-extra-ghost.spec", "specs/mists/haunt-ghost-mist-area.spec",
      "specs/mists/score-order-picked.spec", "specs/mists/empty-symbol-new-bank.spec",
      "specs/mists/faq-0003-remove-from-cemetery.spec", "specs/mists/hound-beside-which-meeple.spec",
      "specs/mists/level6-team-chooses-scoring-colours.spec",
    ];
    for (const name of specs) {
      await page.click("#tab-specs");
      await page.select("#examples", name);
      await page.$eval("#spec-steps-verdict", (e) => e.removeAttribute("data-status"));
      await page.click("#spec-to-play");
      await page.waitForSelector("#spec-steps-verdict[data-status]");
      const st = await page.$eval("#spec-steps-verdict", (e) => e.dataset.status);
      assert(st === "PASS", name + " passes in the page: " + st);
      await page.evaluate(() => {  // every state of the spec drawn, with its controls
        const s = document.querySelector("#turn-slider");
        for (let k = 0; k <= Number(s.max); ++k) { s.value = String(k); s.dispatchEvent(new Event("input")); }
      });
    }
    const kinds = await page.evaluate(() => window.carcheckApi.action_kinds());
    const offeredKinds = await page.evaluate(() => window.carcheckOffered);
    for (const k of kinds) console.log("kinds: " + k + ": " + (offeredKinds[k] ? offeredKinds[k].join("; ") : "NOT OFFERED"));
    const missing = kinds.filter((k) => !offeredKinds[k]);
    assert(missing.length === 0, "action kinds never offered as a control: " + missing.join(", "));
    assert(page.errors.length === 0, "no page errors: " + page.errors.join("\n"));
    await page.close();
  },
  async base15(browser) {
    const page = await openPage(browser);
    await newGame(page, "base-c1", 2, 11);
    const pick = rng(1511);
    const kinds = {};
    let onBoard = 0;
    while ((await turnNumber(page)) <= 15 && !(await status(page)).terminal) {
      const t = await clickOneChoice(page, pick);
      onBoard += clickOneChoice.markers;
      const k = t.split(" ")[0];
      kinds[k] = (kinds[k] || 0) + 1;
    }
    assert(kinds.place >= 15, "15 tiles placed by clicks: " + JSON.stringify(kinds));
    assert(kinds.meeple > 0, "meeple options clicked: " + JSON.stringify(kinds));
    assert(onBoard > 0, "meeple options clicked on the board");
    console.log("base15: clicked " + JSON.stringify(kinds));
    // An event with its rule (one click away).
    const why = await page.$$eval("#events .event .cite", (e) => e.map((x) => x.textContent));
    assert(why.length > 0, "the last action's events carry their rule");
    // Tick every event shown: each becomes an `expect event` line of the saved spec.
    const ticked = await page.$$eval("#events input.tick", (boxes) => boxes.map((b) => { b.click(); return b.parentElement.textContent.trim(); }));
    assert(ticked.length > 0, "events to tick");
    await page.screenshot({ path: path.join(outDir, "web-play.png") });
    // Time travel: 10 steps back and forward again, the board's SVG is byte-identical.
    const boardNow = await page.$eval("#board svg", (e) => e.outerHTML);
    const steps = await page.$eval("#turn-slider", (e) => Number(e.value));
    const slide = (v) => page.$eval("#turn-slider", (e, x) => {
      e.value = String(x);
      e.dispatchEvent(new Event("input"));
    }, v);
    await slide(steps - 10);
    const boardBack = await page.$eval("#board svg", (e) => e.outerHTML);
    assert(boardBack !== boardNow, "10 steps back shows another board");
    await slide(steps);
    assert((await page.$eval("#board svg", (e) => e.outerHTML)) === boardNow, "forward again: the same SVG");
    const spec = await saved(page, "#save-spec");
    const specFile = path.join(work, "page-base.spec");
    fs.writeFileSync(specFile, spec);
    assert(/expect score red \d+/.test(spec) && /expect score green \d+/.test(spec), "expect score lines:\n" + spec);
    const events = spec.split("\n").filter((l) => l.startsWith("expect event "));
    assert(events.length === ticked.length, ticked.length + " ticked events, " + events.length + " expect event lines:\n" + spec);
    let r = run(carcheck, ["check", specFile]);
    assert(r.status === 0, "carcheck check passes the saved spec:\n" + r.out + "\n" + spec);
    // Edited, the same spec fails there.
    const edited = spec.replace(/expect score red (\d+)\n/, (m, n) => "expect score red " + (Number(n) + 1) + "\n");
    fs.writeFileSync(specFile, edited);
    r = run(carcheck, ["check", specFile]);
    assert(r.status === 1, "carcheck check fails the edited spec (exit " + r.status + "):\n" + r.out);
    const log = await saved(page, "#save-log");
    const logFile = path.join(work, "page-base.jsonl");
    fs.writeFileSync(logFile, log);
    r = run(carcheck, ["replay", logFile]);
    assert(r.status === 0, "carcheck replay agrees with the saved log:\n" + r.out);
    // Compare a reading: the same game under each value of farm-scoring; the value in play
    // changes nothing, and the answers are those of `carcheck check --variant` on the saved spec.
    await page.$eval("#compare", (e) => (e.open = true));
    fs.writeFileSync(specFile, spec);
    for (const sw of ["farm-scoring", "small-city"]) {
      await page.select("#compare-switch", sw);
      await page.$eval("#compare-result", (e) => (e.innerHTML = ""));
      await page.click("#compare-run");
      await page.waitForSelector("#compare-table");
      const rows = await page.$$eval("#compare-table tr[data-value]", (r) => r.map((x) => [x.dataset.value, x.dataset.status]));
      assert(rows.length >= 2, "one row per " + sw + " value: " + JSON.stringify(rows));
      for (const [value, st] of rows) {
        const n = run(carcheck, ["check", "--variant", sw + "=" + value, specFile]);
        assert((n.status === 0) === (st === "PASS"), sw + "=" + value + ": page " + st + ", check exit " + n.status);
      }
      assert(rows[0][1] === "PASS", "the reading in play changes nothing");
      console.log("base15: compare " + sw + ": " + JSON.stringify(rows));
    }
    // The picture for the README: a cell chosen, the tile previewed on it, a rule opened.
    await (await page.$$("#board rect.fit"))[0].click();
    await page.waitForSelector("#place-choices button.confirm");
    await page.$$eval("#events details", (d) => d.slice(0, 2).forEach((x) => (x.open = true)));
    await page.screenshot({ path: path.join(outDir, "web-play-choose.png") });
    await assertTextUncovered(page, "rect.fit");
    assert(page.errors.length === 0, "no page errors: " + page.errors.join("\n"));
    await page.close();
  },

  async spec(browser) {
    const page = await openPage(browser);
    await page.click("#tab-specs");
    const name = "specs/mists/faq-0005-per-colour.spec";
    await page.select("#examples", name);
    const text = await page.$eval("#spec-editor", (e) => e.value);
    assert(text.includes("expect score 10"), "the example is loaded");
    const runIt = async () => {
      await page.$eval("#spec-verdict", (e) => e.removeAttribute("data-status"));
      await page.click("#run-spec");
      await page.waitForSelector("#spec-verdict[data-status]");
      return page.$eval("#spec-verdict", (e) => e.dataset.status);
    };
    assert((await runIt()) === "PASS", "the shipped spec passes");
    const trace = await page.$eval("#spec-trace", (e) => e.textContent);
    assert(trace.includes("FAQ.MoC.0005") || trace.includes("rule:"), "its trace is shown:\n" + trace.slice(0, 500));
    await page.screenshot({ path: path.join(outDir, "web-spec-pass.png") });
    const setText = (t) => page.$eval("#spec-editor", (e, v) => (e.value = v), t);
    await setText(text.replace("expect score 10\n", "expect score 11\n"));
    assert((await runIt()) === "FAIL", "an edited score fails");
    const failLine = await page.$eval(".failure", (e) => Number(e.dataset.line));
    const expectedLine = text.split("\n").findIndex((l) => l === "expect score 10") + 1;
    assert(failLine === expectedLine, "the FAIL names line " + expectedLine + ", not " + failLine);
    assert((await page.$$(".fail-board svg")).length === 1, "the board at the failing line is shown");
    // A syntax error: the page's line and column are those `carcheck check` reports.
    const broken = text.replace("expect size 5 road at -3,0", "expect size 5 road at -3,,0");
    await setText(broken);
    assert((await runIt()) === "ERROR", "broken syntax is an ERROR");
    const at = await page.$eval("#spec-error", (e) => [Number(e.dataset.line), Number(e.dataset.column)]);
    const file = path.join(work, "broken.spec");
    fs.writeFileSync(file, broken);
    const r = run(carcheck, ["check", file]);
    const m = new RegExp(file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&") + ":(\\d+):(\\d+)").exec(r.out);
    assert(m, "carcheck check names a place:\n" + r.out);
    assert(at[0] === Number(m[1]) && at[1] === Number(m[2]),
      "ERROR at " + at + " on the page, at " + m[1] + "," + m[2] + " on the command line");
    const selection = await page.$eval("#spec-editor", (e) => [e.selectionStart, Number(e.dataset.errorOffset)]);
    assert(selection[0] === selection[1], "the editor's cursor is at the error");
    await page.screenshot({ path: path.join(outDir, "web-spec-error.png") });
    // A module that aborts is dead: the page says so and builds a new one. (A real abort is a
    // bug with no known trigger; the page's handler is driven as the module's abort drives it.)
    await page.evaluate(() => {
      try { window.carcheckApi._guard(() => { throw new WebAssembly.RuntimeError("simulated abort"); }); } catch (e) { /* expected */ }
    });
    await page.waitForFunction(() => /was reloaded/.test(document.querySelector("#message").textContent), { timeout: 120000 });
    const told = await page.$eval("#message", (e) => e.textContent);
    assert(/simulated abort/.test(told), "the page says the engine stopped and why: " + told);
    await page.waitForSelector("body[data-ready='1']", { timeout: 120000 });
    assert((await page.$$("#board rect.fit")).length > 0, "a new engine, a new game");
    assert(page.errors.length === 0, "no page errors: " + page.errors.join("\n"));
    await page.close();
  },

  // A spec in the URL's fragment loads and runs; the matrix runs it under each reading it names;
  // a malformed fragment gets a message, not a blank page.
  async link(browser) {
    const text = fs.readFileSync(path.join(__dirname, "../../specs/mists/faq-0005-per-colour.spec"), "utf8");
    const page = await browser.newPage();
    page.setDefaultTimeout(120000);
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(pageUrl + "#spec=" + encodeURIComponent(text), { waitUntil: "load", timeout: 120000 });
    await page.waitForSelector("#spec-verdict[data-status]", { timeout: 120000 });
    assert((await page.$eval("#spec-verdict", (e) => e.dataset.status)) === "PASS", "the linked spec passes");
    await page.click("#run-matrix");
    await page.waitForSelector("#matrix");
    const rows = await page.$$eval("#matrix tr[data-variant]", (r) => r.map((x) => x.dataset.variant + "=" + x.dataset.status));
    const cli = run(carcheck, ["check", "--matrix", path.join(__dirname, "../../specs/mists/faq-0005-per-colour.spec")]);
    assert(cli.status === 0, "check --matrix passes it:\n" + cli.out);
    assert(rows.length === 2 && rows.every((r) => r.endsWith("=PASS")), "one PASS per coop-scoring value: " + rows);
    await page.close();
    const bad = await browser.newPage();
    bad.setDefaultTimeout(120000);
    await bad.goto(pageUrl + "#spec=%E0%A4%A", { waitUntil: "load", timeout: 120000 });
    await bad.waitForSelector("body[data-ready='1']", { timeout: 120000 });
    await bad.waitForFunction(() => document.querySelector("#message").textContent.length > 0);
    const msg = await bad.$eval("#message", (e) => e.textContent);
    assert(/malformed/.test(msg), "a malformed fragment is reported: " + msg);
    assert((await bad.$$("#board svg")).length === 1, "the page still shows a board");
    await bad.close();
    assert(errors.length === 0, "no page errors: " + errors.join("\n"));
  },

  // A `carcheck play --log` line loaded on the page: the same final scores and the board's SVG
  // byte-equal to `carcheck play --svg`; a truncated log gets a message; a game with the draws
  // chosen on the page (a draw button, then the seed's draw) saves a spec that `check` passes.
  async log(browser) {
    const logFile = path.join(work, "play.jsonl"), svgFile = path.join(work, "play.svg");
    const p = run(carcheck, ["play", "--rules", "bcb", "--players", "3", "--seed", "4", "--log", logFile,
                             "--svg", svgFile, "--no-board"]);
    assert(p.status === 0, "carcheck play: " + p.out);
    const line = fs.readFileSync(logFile, "utf8").trim();
    const page = await openPage(browser);
    const load = async (text) => {
      await page.$eval("#message", (e) => (e.textContent = ""));
      await page.$eval("#load", (e) => (e.open = true));
      await page.$eval("#load-text", (e, t) => (e.value = t), text);
      await page.click("#load-log");
      await page.waitForFunction(() => document.querySelector("#message").textContent.length > 0);
      return page.$eval("#message", (e) => e.textContent);
    };
    const bad = await load(line.slice(0, 300));
    assert(/cannot be loaded/.test(bad), "a truncated log is reported: " + bad);
    const ok = await load(line);
    assert(/loaded a game log/.test(ok), "the log loads: " + ok);
    assert((await status(page)).terminal, "stepped to the end, the game is over");
    const scores = await pageScores(page);
    assert(JSON.stringify(scores) === JSON.stringify(JSON.parse(line).final_scores),
      "final scores " + scores + " are the log's " + JSON.parse(line).final_scores);
    const svg = await page.evaluate(() => window.carcheckBoardSvg);
    assert(svg === fs.readFileSync(svgFile, "utf8").replace(/\n$/, ""), "the board's SVG is play --svg's, byte for byte");
    await page.screenshot({ path: path.join(outDir, "web-log.png") });
    // Draws chosen on the page.
    await page.$eval("#draws-chosen", (e) => (e.checked = true));
    await newGame(page, "base-c1", 2, 8);
    const draws = await page.$$("#decisions button.action[data-kind='draw']");
    assert(draws.length > 1, "the tiles left are offered as draws: " + draws.length);
    const pick = rng(42);
    const chosen = await draws[pick(draws.length)].evaluate((e) => e.dataset.text);
    await draws[0].evaluate((e) => e);  // (keeps the handle alive)
    await (await page.$("#decisions button.action[data-text='" + chosen + "']")).click();
    await page.waitForSelector("#board rect.fit");
    for (let i = 0; i < 6; ++i) {
      if (await page.$("#random-draw")) {
        const before = await page.$eval("body", (b) => b.dataset.turn);
        await page.click("#random-draw");
        await page.waitForFunction((t) => document.body.dataset.turn !== t, {}, before);
      } else await clickOneChoice(page, pick);
    }
    const spec = await saved(page, "#save-spec");
    assert(spec.includes(chosen + "\n"), "the chosen draw is in the spec: " + chosen);
    const specFile = path.join(work, "draws.spec");
    fs.writeFileSync(specFile, spec);
    const c = run(carcheck, ["check", specFile]);
    assert(c.status === 0, "carcheck check passes the spec with chosen draws:\n" + c.out + spec);
    assert(page.errors.length === 0, "no page errors: " + page.errors.join("\n"));
    await page.close();
  },

  // A whole Mists Level 6 game of 2 players by random clicks (the team's scoring colours, score
  // or remove ghosts, burials, hounds, face-down tiles...): `carcheck check` passes its spec.
  async mists6(browser) {
    const page = await openPage(browser);
    await newGame(page, "mists-6", 2, 9);
    const pick = rng(6006);
    const kinds = {};
    let steps = 0;
    while (!(await status(page)).terminal) {
      const t = await clickOneChoice(page, pick);
      const k = t.split(" ")[0];
      kinds[k] = (kinds[k] || 0) + 1;
      assert(++steps < 5000, "the game ends");
    }
    console.log("mists6: " + steps + " clicks, kinds " + JSON.stringify(kinds));
    const scores = await pageScores(page);
    await page.screenshot({ path: path.join(outDir, "web-mists6.png") });
    // The game log: `carcheck replay` agrees with it, or (the writer before it held a Level 6
    // history, which opens with the team's scoring-meeples choice) the page says why there is
    // none. Either way the spec carries the game: its `expect score` lines are the page's final
    // scores, and `carcheck check` replays the same choices natively.
    let log = "", logError = "";
    try { log = await saved(page, "#save-log"); } catch (e) { logError = e.message; }
    if (log) {
      const logFile = path.join(work, "page-mists6.jsonl");
      fs.writeFileSync(logFile, log);
      assert(JSON.stringify(JSON.parse(log).final_scores) === JSON.stringify(scores),
        "the log's final scores " + JSON.stringify(JSON.parse(log).final_scores) + " are the page's " + JSON.stringify(scores));
      const r = run(carcheck, ["replay", logFile]);
      assert(r.status === 0, "carcheck replay agrees with the page's Level 6 game:\n" + r.out.slice(0, 2000));
      console.log("mists6: the log replays");
    } else {
      assert(/not one the game log holds/.test(logError), "the page says why there is no log: " + logError);
      console.log("mists6: no game log for Level 6 yet: " + logError);
    }
    const spec = await saved(page, "#save-spec");
    const expected = scores.map(String);
    const inSpec = [...spec.matchAll(/^expect score (?:[a-z]+ )?(\d+)$/gm)].map((m) => m[1]);
    assert(JSON.stringify(inSpec) === JSON.stringify(expected), "the spec's scores " + inSpec + " are the page's " + expected);
    assert(/^expect over$/m.test(spec), "the spec expects the game's end");
    const specFile = path.join(work, "page-mists6.spec");
    fs.writeFileSync(specFile, spec);
    const c = run(carcheck, ["check", specFile]);
    assert(c.status === 0, "carcheck check passes the Mists game's spec:\n" + c.out.slice(0, 2000) + "\n" + spec.slice(-600));
    assert(page.errors.length === 0, "no page errors: " + page.errors.join("\n"));
    await page.close();
  },

  // Figures for the README (not a test: `node browser-test.js ... bench`): load to interactive,
  // a click to the redrawn board mid-game, the shipped specs in the page against the command.
  async bench(browser) {
    const t0 = Date.now();
    const page = await openPage(browser);
    const load = Date.now() - t0;
    await newGame(page, "base-c1", 2, 11);
    const pick = rng(77);
    for (let i = 0; i < 40; ++i) await clickOneChoice(page, pick);
    const clicks = [];
    for (let i = 0; i < 20; ++i) {
      const b = await page.$("#decisions button.action") || await page.$("#board rect.fit");
      const before = await page.$eval("body", (x) => x.dataset.turn + "/" + x.dataset.render);
      const t = await page.evaluate((el) => {
        const s = performance.now();
        el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        return performance.now() - s;  // the handler applies, renders the board synchronously
      }, b);
      clicks.push(t);
      if (await page.$("#place-choices button.confirm")) await (await page.$("#place-choices button.confirm")).click();
    }
    clicks.sort((a, b) => a - b);
    // The shipped suite in the page and natively, alternately 5 times in this sitting (the
    // machine is shared): each side's best and median.
    const pageRuns = [], nativeRuns = [];
    let suite, native;
    for (let rep = 0; rep < 5; ++rep) {
      suite = await page.evaluate(() => {
        const api = window.carcheckApi, specs = api.shipped_specs();
        const s = performance.now();
        const out = { PASS: 0, FAIL: 0, ERROR: 0 };
        for (const f of specs) out[api.run_spec(f.text, f.name, "").status]++;
        out.ms = performance.now() - s;
        out.n = specs.length;
        return out;
      });
      pageRuns.push(suite.ms);
      const n0 = Date.now();
      native = run(carcheck, ["check", "--trace", path.join(__dirname, "../../specs")]);
      nativeRuns.push(Date.now() - n0);
    }
    const best = (v) => Math.min(...v), median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    suite.ms_best = best(pageRuns);
    suite.ms_median = median(pageRuns);
    const nativeMs = { best: best(nativeRuns), median: median(nativeRuns),
      ratio_best: +(best(pageRuns) / best(nativeRuns)).toFixed(2), ratio_median: +(median(pageRuns) / median(nativeRuns)).toFixed(2) };
    const size = fs.statSync(path.join(site, "carcheck-wasm.js")).size;
    const gz = require("zlib").gzipSync(fs.readFileSync(path.join(site, "carcheck-wasm.js"))).length;
    console.log(JSON.stringify({ load_ms: load, click_ms_median: clicks[10], click_ms_max: clicks[19],
      module_bytes: size, module_gzip_bytes: gz, page_suite: suite, native_suite_ms: nativeMs,
      native_exit: native.status }));
    await page.close();
  },

  async bcb3(browser) {
    const page = await openPage(browser);
    const seed = 5;
    await newGame(page, "bcb", 3, seed);
    const pick = rng(3003);
    const kinds = {};
    let steps = 0;
    while (!(await status(page)).terminal) {
      const t = await clickOneChoice(page, pick);
      const k = t.split(" ")[0];
      kinds[k] = (kinds[k] || 0) + 1;
      assert(++steps < 5000, "the game ends");
    }
    console.log("bcb3: " + steps + " clicks, kinds " + JSON.stringify(kinds));
    const scores = await pageScores(page);
    await page.screenshot({ path: path.join(outDir, "web-bcb.png") });
    const log = await saved(page, "#save-log");
    const logFile = path.join(work, "page-bcb.jsonl");
    fs.writeFileSync(logFile, log);
    const parsed = JSON.parse(log);
    assert(JSON.stringify(parsed.final_scores) === JSON.stringify(scores),
      "the log's final scores " + JSON.stringify(parsed.final_scores) + " are the page's " + JSON.stringify(scores));
    const r = run(carcheck, ["replay", "--json", logFile]);
    assert(r.status === 0, "carcheck replay agrees with the page's game:\n" + r.out.slice(0, 2000));
    // The saved spec of the whole game passes `check` too.
    const spec = await saved(page, "#save-spec");
    const specFile = path.join(work, "page-bcb.spec");
    fs.writeFileSync(specFile, spec);
    const c = run(carcheck, ["check", specFile]);
    assert(c.status === 0, "carcheck check passes the bcb game's spec:\n" + c.out.slice(0, 2000));
    assert(page.errors.length === 0, "no page errors: " + page.errors.join("\n"));
    await page.close();
  },

  // Issue 30: a whole base + River + Inns & Cathedrals game of 6 players by random clicks. The
  // river comes first (the first decisions place river tiles), the sixth seat plays grey (the
  // first edition's set), large followers are offered; `carcheck replay` agrees with the
  // page's log, and the saved spec passes `check`.
  async riverinns6(browser) {
    const page = await openPage(browser);
    await newGame(page, "base-river-inns", 6, 7);
    const supplies = await page.$eval("#supplies", (e) => e.textContent);
    assert(supplies === "Meeples in supply: red 8, green 8, blue 8, yellow 8, black 8, grey 8",
      "the six colours of the first edition, 7 followers and a large one each: " + supplies);
    const firstDrawn = await page.$eval("#drawn b", (e) => e.textContent);
    assert(/^river-/.test(firstDrawn), "a river tile is drawn first: " + firstDrawn);
    const pick = rng(3030);
    const kinds = {};
    let steps = 0, large = 0;
    while (!(await status(page)).terminal) {
      const drawn = await page.$$eval("#decisions button.action[data-kind='meeple']", (bs) => bs.map((b) => b.dataset.text));
      large += drawn.filter((t) => / large$/.test(t)).length > 0 ? 1 : 0;
      const t = await clickOneChoice(page, pick);
      const k = t.split(" ")[0];
      kinds[k] = (kinds[k] || 0) + 1;
      assert(++steps < 5000, "the game ends");
    }
    console.log("riverinns6: " + steps + " clicks, kinds " + JSON.stringify(kinds));
    assert(large > 0, "large followers are offered");
    const scores = await pageScores(page);
    assert(scores.length === 6, "six scores: " + scores);
    await page.screenshot({ path: path.join(outDir, "web-river-inns.png") });
    const log = await saved(page, "#save-log");
    const logFile = path.join(work, "page-river-inns.jsonl");
    fs.writeFileSync(logFile, log);
    assert(JSON.stringify(JSON.parse(log).final_scores) === JSON.stringify(scores), "the log's final scores are the page's");
    const r = run(carcheck, ["replay", "--json", logFile]);
    assert(r.status === 0, "carcheck replay agrees with the page's game:\n" + r.out.slice(0, 2000));
    const spec = await saved(page, "#save-spec");
    const specFile = path.join(work, "page-river-inns.spec");
    fs.writeFileSync(specFile, spec);
    const c = run(carcheck, ["check", specFile]);
    assert(c.status === 0, "carcheck check passes the game's spec:\n" + c.out.slice(0, 2000));
    assert(page.errors.length === 0, "no page errors: " + page.errors.join("\n"));
    await page.close();
  },
};

(async () => {
  let browser;
  try {
    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--allow-file-access-from-files"],
      protocolTimeout: 300000,
      timeout: 120000,
    });
  } catch (e) {
    console.log("SKIP: chromium does not start here: " + e.message);
    process.exit(77);
  }
  let failed = 0;
  for (const name of only.length ? only : Object.keys(tests).filter((t) => t !== "bench")) {
    const t0 = Date.now();
    try {
      await tests[name](browser);
      console.log("PASS " + name + " (" + ((Date.now() - t0) / 1000).toFixed(1) + " s)");
    } catch (e) {
      failed++;
      console.log("FAIL " + name + ": " + (e.stack || e));
    }
  }
  if (offered.size) console.log("action kinds offered as controls: " + [...offered].sort().join(", "));
  await browser.close();
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
})();
