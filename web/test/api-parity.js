// The two bindings' function lists, compared completely (docs/web.md "The JS API"): the JS
// API's (web/src/carcheck-api.js: the module, a Game, a State) read from a live object, and the
// Python module's (python/src) read from `import carcheck` in python3. Every name in one and
// not the other must be in DIFFERENCES with its reason; a listed difference that no longer is
// one fails too, so the table stays true.
"use strict";
const fs = require("fs");
const { spawnSync } = require("child_process");

// The interpreter the module was built for (python/CMakeLists.txt prefers Debian's).
const PYTHON = process.env.PYTHON || (fs.existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3");

// [level, name, "js" | "python"]: where the name is, and why the other has none.
const DIFFERENCES = [
  ["module", "rule_sets", "js", "the page's rule-set menu with every switch's register text; Python: load_game(...).variants"],
  ["module", "shipped_specs", "js", "the embedded specs/ for the page's examples; Python reads the files"],
  ["module", "load_log", "js", "a log line to step through on the page; Python: `carcheck replay` or check()"],
  ["module", "replay_log", "js", "the page's replay verdict; Python: the command line's replay"],
  ["module", "setup_state", "js", "the page's set-up mode; Python writes a spec's setup block"],
  ["module", "spec_play", "js", "the page's stepping through a spec"],
  ["module", "dead", "js", "the abort's message once the WebAssembly module aborted (Python has no such state)"],
  ["module", "onDead", "js", "the page's handler of an abort (it reloads the module)"],
  ["module", "check", "python", "spec files on disk; the page has no file system (run_spec on text)"],
  ["module", "play_random", "python", "many games with the GIL released; the page plays by clicks"],
  ["module", "Rng", "python", "the seeded generator for random_action; the page draws by clicks"],
  ["module", "Error", "python", "Python's exception class; JS throws Error"],
  ["module", "Action", "python", "Python's action objects; JS actions are plain {kind, text, ...} objects"],
  ["module", "SpecResult", "python", "Python's result class; JS results are plain objects"],
  ["module", "Game", "python", "Python's class; JS Games come from load_game"],
  ["module", "State", "python", "Python's class; JS States come from new_state"],
  ["module", "PLAY_CHOOSER_SALT", "python", "the salt of `carcheck play`'s random choices, for random_action; the page plays by clicks"],
  ["module", "CHANCE_PLAYER", "python", "OpenSpiel's constant; the JS state's status().chance"],
  ["module", "TERMINAL_PLAYER", "python", "OpenSpiel's constant; the JS state's status().terminal"],
  ["game", "tiles", "js", "the set-up mode's tile choice, with pictures"],
  ["game", "info", "js", "the JS Game's options as one object; Python: rules, title, level, players..."],
  ["game", "rules", "python", "JS: game.info.rules"],
  ["game", "title", "python", "JS: game.info.title"],
  ["game", "level", "python", "JS: game.info.level"],
  ["game", "players", "python", "JS: game.info.players"],
  ["game", "num_players", "python", "OpenSpiel's name; JS: game.info.players"],
  ["game", "is_mists", "python", "JS: game.info.mists"],
  ["game", "variants", "python", "JS: game.info.variants"],
  ["game", "delete", "js", "frees the WebAssembly object (Python's garbage collector does it)"],
  ["state", "status", "js", "phase, turn, players, supplies, piles in one call (Python: one method each)"],
  ["state", "trace_game", "js", "the whole game's trace text for the page; Python: check --trace"],
  ["state", "board_text", "js", "the ASCII board; Python: str(state)"],
  ["state", "tile_svg", "js", "the drawn tile's picture in a rotation, for the placement preview"],
  ["state", "random_draw", "js", "the seed's draw; Python: apply_random_draw"],
  ["state", "cell_info", "js", "a tile's features for the set-up mode's meeple choice"],
  ["state", "delete", "js", "frees the WebAssembly object"],
  ["state", "random_action", "python", "random play's pick for scripts; the page plays by clicks"],
  ["state", "action_from_text", "python", "an Action object; JS apply() takes the text"],
  ["state", "apply_random_draw", "python", "JS: random_draw"],
  ["state", "is_chance_node", "python", "JS: status().chance"],
  ["state", "active_player", "python", "JS: status().active_player"],
  ["state", "turn", "python", "JS: status().turn"],
  ["state", "waiting_for", "python", "JS: status().waiting_for"],
  ["state", "scoring_colours", "python", "JS: score_breakdown()[i].owner"],
  ["state", "won", "python", "JS: status().won"],
  ["state", "end_reason", "python", "JS: status().end_reason"],
  ["state", "tiles_placed", "python", "JS: the board"],
  ["state", "tiles_remaining", "python", "JS: status().tiles_remaining"],
  ["state", "seed", "python", "JS: status().seed"],
  ["state", "game", "python", "JS: the Game the page holds"],
];

function jsNames(api) {
  // The prototype's functions and the object's own fields (a Game's `info`).
  const own = (o) => [...new Set([...Object.keys(Object.getPrototypeOf(o)), ...Object.keys(o)])]
    .filter((k) => !k.startsWith("_"));
  const g = api.load_game("base-c1", 0, 2, []);
  const s = g.new_state(1);
  const names = { module: own(api), game: own(g), state: own(s) };
  s.delete();
  g.delete();
  return names;
}

function pythonNames(pythonPath) {
  const script = [
    "import json, carcheck",
    "pub = lambda o: sorted(n for n in dir(o) if not n.startswith('_'))",
    "g = carcheck.load_game('base-c1', players=2)",
    "print(json.dumps({'module': pub(carcheck), 'game': pub(g), 'state': pub(g.new_state(1))}))",
  ].join("\n");
  const r = spawnSync(PYTHON, ["-c", script],
                      { encoding: "utf8", env: { ...process.env, PYTHONPATH: pythonPath } });
  if (r.status !== 0) return { error: (r.stderr || "").trim().split("\n").pop() };
  return JSON.parse(r.stdout);
}

// Compares; returns the number of failures (printing each) or -1 when Python's module is not
// there to compare with.
function compareApis(api, pythonPath) {
  const py = pythonNames(pythonPath);
  if (py.error) {
    console.log("API lists: no Python module under " + pythonPath + " (" + py.error + "): not compared");
    return -1;
  }
  const js = jsNames(api);
  let failures = 0;
  for (const level of ["module", "game", "state"]) {
    const onlyJs = js[level].filter((n) => !py[level].includes(n));
    const onlyPy = py[level].filter((n) => !js[level].includes(n));
    const listed = (side, n) => DIFFERENCES.some((d) => d[0] === level && d[1] === n && d[2] === side);
    for (const n of onlyJs) if (!listed("js", n)) { console.log("API lists: " + level + "." + n + " is in JS, not in Python"); failures++; }
    for (const n of onlyPy) if (!listed("python", n)) { console.log("API lists: " + level + "." + n + " is in Python, not in JS"); failures++; }
    const both = js[level].filter((n) => py[level].includes(n));
    console.log("API lists, " + level + ": in both: " + both.join(", "));
  }
  for (const [level, n, side, why] of DIFFERENCES) {
    const inJs = js[level].includes(n), inPy = py[level].includes(n);
    if (inJs === inPy || (side === "js") !== inJs) {
      console.log("API lists: the listed difference " + level + "." + n + " (" + side + " only: " + why + ") is not one");
      failures++;
    }
  }
  return failures;
}

module.exports = { compareApis };
if (require.main === module) console.log("used by node-specs.js");
