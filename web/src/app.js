// The page (docs/web.md): set up a game, play it by clicking, see every event with its rule,
// save it as a spec or a game-log line, run specs. Every rule, legal action, event and score
// comes from the engine (carcheck-api.js); this file only draws and forwards clicks.
/* global Carcheck */
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var api = null, ruleSets = [], game = null;
  var past = [], future = [];  // undo / redo: states before and after the current one
  var state = null;
  var selected = null;  // {x, y} of the cell chosen for the drawn tile
  var rotation = 0;
  var lastEvents = [], lastTrace = [];
  var setup = null;      // the set-up mode: {o (the game's options), lines, cell, rotation, tiles, ctx}
  var specTrack = null;  // a spec stepped through in Play: {name, info, stateLine, stopped, verdict}

  // Every action kind the page offered as a control, with where (the first few places): the
  // browser tests check that every kind of the engine (api.action_kinds()) was offered.
  var offered = {}, offeredWhere = "";
  window.carcheckOffered = offered;
  function noteOffered(kind) {
    var l = offered[kind] = offered[kind] || [];
    if (l.length < 4 && l.indexOf(offeredWhere) < 0) l.push(offeredWhere);
  }

  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
    });
  }
  function say(text, info) { $("message").textContent = text || ""; $("message").className = info ? "info" : ""; }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // ---- the engine: created at load, recreated when it aborted -------------------------------
  function start() {
    $("engine-status").textContent = "loading the engine…";
    var t0 = performance.now();
    return Carcheck.create(onDead).then(function (a) {
      api = a;
      window.carcheckApi = a;  // for the browser tests and the console
      $("engine-status").textContent = "engine ready (" + Math.round(performance.now() - t0) + " ms)";
      document.body.setAttribute("data-ready", "1");
    }).catch(function (e) {
      $("engine-status").textContent = "the engine did not load: " + e;
    });
  }
  function onDead(what) {
    say("The engine stopped (" + what + "): it is being reloaded; the game on the page is lost. Please report this as a bug.");
    document.body.removeAttribute("data-ready");
    api = null; game = null; state = null; past = []; future = [];
    start().then(function () {
      if (!api) return;
      newGame();
      say("The engine stopped (" + what + ") and was reloaded: the game on the page was lost, a new one has started. Please report this as a bug.");
    });
  }

  // ---- set up ------------------------------------------------------------------------------
  function fillRuleSets() {
    ruleSets = api.rule_sets();
    var sel = $("ruleset");
    sel.innerHTML = "";
    ruleSets.forEach(function (r) { sel.appendChild(el("option", { value: r.name }, r.name + ": " + r.title)); });
    sel.value = "base-c1";
    fillVariants();
  }
  function currentRuleSet() {
    var name = $("ruleset").value;
    return ruleSets.filter(function (r) { return r.name === name; })[0];
  }
  function fillVariants() {
    var r = currentRuleSet(), box = $("variants");
    box.innerHTML = "";
    $("players").min = r.min_players;
    $("players").max = r.max_players;
    r.variants.forEach(function (v) {
      var d = el("div", { class: "variant" });
      var label = el("label", {}, v.id + " ");
      var s = el("select", { "data-switch": v.id });
      v.values.forEach(function (value, i) {
        var off = v.not_implemented.indexOf(value) >= 0;
        var o = el("option", { value: value }, value + (i === 0 ? " (default)" : "") + (off ? " (not implemented)" : ""));
        if (off) o.disabled = true;
        if (v.meanings[i]) o.title = v.meanings[i];
        s.appendChild(o);
      });
      s.value = v.value;
      label.appendChild(s);
      d.appendChild(label);
      d.appendChild(el("div", { class: "q" }, v.question + (v.source ? " (" + v.source + ")" : "")));
      var means = el("div", { class: "q" });
      means.textContent = v.values.map(function (val, i) { return val + ": " + (v.meanings[i] || ""); }).join(" | ");
      d.appendChild(means);
      box.appendChild(d);
    });
    fillCompare();
  }
  // The game so far replayed under each value of one switch (its spec, run as one matrix run
  // per value): which actions the other reading refuses, which scores change.
  function fillCompare() {
    var sel = $("compare-switch");
    sel.innerHTML = "";
    currentRuleSet().variants.forEach(function (v) {
      if (v.values.length > 1) sel.appendChild(el("option", { value: v.id }, v.id));
    });
  }
  function compareReading() {
    var id = $("compare-switch").value, out = $("compare-result");
    var v = currentRuleSet().variants.filter(function (x) { return x.id === id; })[0];
    if (!v || !state) return;
    var text;
    try { text = state.export_spec("compared readings"); } catch (e) { out.textContent = String(e.message || e); return; }
    var h = '<table id="compare-table"><tr><th>' + esc(id) + "</th><th>this game</th><th>what changes</th></tr>";
    v.values.forEach(function (value) {
      if (v.not_implemented.indexOf(value) >= 0) return;
      var r = api.run_spec(text, "this-game.spec", id + "=" + value);
      var what = r.status === "PASS" ? "nothing: every action legal, every score the same" :
        r.status === "ERROR" ? r.reason || r.message :
        r.failures.map(function (f) {
          return f.statement + ": " + f.expected + " here, " + f.actual + " under " + value + (f.after ? " (after " + f.after + ")" : "");
        }).join("; ");
      h += '<tr data-value="' + esc(value) + '" data-status="' + r.status + '"><td>' + esc(value) +
        (value === (document.querySelector('#variants select[data-switch="' + id + '"]') || {}).value ? " (in play)" : "") +
        '</td><td class="verdict-' + r.status + '">' + (r.status === "PASS" ? "same" : r.status === "FAIL" ? "differs" : "ERROR") +
        "</td><td>" + esc(what) + "</td></tr>";
    });
    out.innerHTML = h + "</table>";
  }

  function chosenVariants() {
    var r = currentRuleSet(), out = [];
    Array.prototype.forEach.call(document.querySelectorAll("#variants select"), function (s) {
      var v = r.variants.filter(function (x) { return x.id === s.dataset.switch; })[0];
      if (v && s.value !== v.values[0]) out.push(v.id + "=" + s.value);
    });
    return out;
  }
  function newGame() {
    say("");
    leaveModes();
    var r = currentRuleSet();
    var rules = r.mists ? "mists" : r.name, level = r.mists ? r.level : 0;
    try {
      var g = api.load_game(rules, level, Number($("players").value), chosenVariants());
      var s = g.new_state(Number($("seed").value), $("draws-chosen").checked);
      if (game) game.delete();
      clearStates();
      game = g; state = s; ticks = [];
    } catch (e) {
      say(String(e.message || e));
      return;
    }
    lastEvents = state.events(); lastTrace = state.trace();
    render();
  }
  function clearStates() {
    past.concat(future).forEach(function (s) { s.delete(); });
    if (state) state.delete();
    past = []; future = []; state = null;
  }

  // ---- playing -----------------------------------------------------------------------------
  function act(text) {
    if (specTrack) leaveModes();  // playing on from a spec's step: the spec's steps no longer apply
    var before = state.clone();
    var why;
    try { why = state.apply(text); } catch (e) { before.delete(); say(String(e.message || e)); return; }
    if (why) { before.delete(); say("refused: " + why); return; }
    past.push(before);
    future.forEach(function (s) { s.delete(); });
    future = [];
    selected = null; rotation = 0;
    lastEvents = state.events(); lastTrace = state.trace();
    say("");
    render();
  }
  function randomDraw() {
    var before = state.clone();
    try { state.random_draw(); } catch (e) { before.delete(); say(String(e.message || e)); return; }
    past.push(before);
    future.forEach(function (s) { s.delete(); });
    future = [];
    lastEvents = state.events(); lastTrace = state.trace();
    render();
  }

  // The set-up controls show a loaded game's rule set, players, seed and readings (a log's or
  // a spec's), its draws as choices.
  function showGameOf(info) {
    leaveModes();
    $("ruleset").value = info.rule_set;
    fillVariants();
    $("players").value = info.players;
    $("seed").value = info.seed;
    $("draws-chosen").checked = true;
    info.variants.forEach(function (kv) {
      var k = kv.split("=")[0], sel = document.querySelector('#variants select[data-switch="' + k + '"]');
      if (sel) sel.value = kv.slice(k.length + 1);
    });
  }

  // A game-log line: the rules replay it (`carcheck replay`); the page then holds every state
  // of the game, draws as choices, and the slider steps through it.
  function loadLog(text) {
    var line = String(text).split("\n").filter(function (l) { return l.trim(); })[0] || "";
    var info;
    try { info = api.load_log(line); } catch (e) { say("the game log cannot be loaded: " + (e.message || e)); return false; }
    showGameOf(info);
    try {
      var g = api.load_game(info.rules, info.level, info.players, info.variants);
      var s = g.new_state(Number(info.seed), true);
      if (game) game.delete();
      clearStates();
      game = g; state = s;
      for (var i = 0; i < info.actions.length; ++i) {
        var before = state.clone();
        var why = state.apply(info.actions[i]);
        if (why) { before.delete(); throw new Error("action " + (i + 1) + " (" + info.actions[i] + ") refused: " + why); }
        past.push(before);
      }
    } catch (e) {
      say("the game log cannot be loaded: " + (e.message || e));
      return false;
    }
    lastEvents = state.events(); lastTrace = state.trace();
    say("loaded a game log: " + info.actions.length + " actions; step through it with the slider", true);
    render();
    return true;
  }
  function loadText(text, name) {
    var t = String(text);
    if (/^\s*\{/.test(t)) { $("tab-play").click(); loadLog(t); return; }
    $("tab-specs").click();
    $("spec-editor").value = t;
    $("spec-editor").dataset.name = name || "dropped.spec";
    runSpec();
  }

  function undo() {
    if (!past.length) return;
    future.push(state); state = past.pop();
    selected = null; lastEvents = state.events(); lastTrace = state.trace();  // kept with each state
    render();
  }
  function redo() {
    if (!future.length) return;
    past.push(state); state = future.pop();
    selected = null; lastEvents = state.events(); lastTrace = state.trace();  // kept with each state
    render();
  }

  // The turn slider: every state of the game is kept, so stepping back and forth is instant.
  function travel(to) {
    while (past.length > to && past.length) { future.push(state); state = past.pop(); }
    while (past.length < to && future.length) { past.push(state); state = future.pop(); }
    selected = null; lastEvents = state.events(); lastTrace = state.trace();  // kept with each state
    render();
  }

  function placeActions(legal) { return legal.filter(function (a) { return a.kind === "place"; }); }

  function render() {
    if (!state) return;
    var st = state.status(), legal = setup ? [] : state.legal_actions();
    var places = placeActions(legal);
    offeredWhere = specTrack ? specTrack.name + " step " + past.length
      : (game ? game.info.rules + " " + game.info.players + "p" : "") + " turn " + (st.turn + 1);
    renderStatus(st);
    renderBoard(places, legal);
    renderPlacement(places, st);
    renderDecisions(legal);
    renderScores(st);
    renderEvents();
    if (setup) renderSetupBoard();
    renderSpecSteps();
    var slider = $("turn-slider");
    slider.max = String(past.length + future.length);
    slider.value = String(past.length);
    $("turn-at").textContent = past.length + " / " + (past.length + future.length);
    $("undo").disabled = !past.length;
    $("redo").disabled = !future.length;
    document.body.setAttribute("data-turn", String(past.length));
  }

  function renderStatus(st) {
    var who = setup ? "setting up (the game starts from this position)" : st.terminal ? "game over" + (st.end_reason ? " (" + st.end_reason + ")" : "")
      : "player " + (st.current_player + 1) + (st.current_colour ? " (" + st.current_colour + ")" : "") + " decides";
    $("status").innerHTML = "<b>" + esc(game.info.title) + "</b>, turn " + (st.turn + 1) + ", phase <code>" +
      esc(st.phase) + "</code>: " + esc(who) + (st.waiting_for && !setup ? "<br>" + esc(st.waiting_for) : "") +
      "<br>tiles left: " + st.tiles_remaining +
      (st.piles.length > 1 ? ", piles " + esc(st.piles.join("/")) + " (active " + (st.active_pile + 1) + ")" : "") +
      (st.mists ? ", ghosts: supply " + st.ghosts_supply + ", board " + st.ghosts_board : "");
    $("status").setAttribute("data-phase", st.phase);
    $("status").setAttribute("data-terminal", st.terminal ? "1" : "0");
  }

  // The board: the engine's SVG; over it the cells where the drawn tile fits.
  function renderBoard(places, legal) {
    var box = $("board");
    // The engine frames the cells where the tile fits too: they get their x=/y= labels, and
    // the summary line stays below them.
    var fits = {};
    places.forEach(function (a) { fits[a.x + "," + a.y] = [a.x, a.y]; });
    var raw = state.board_svg(Object.keys(fits).map(function (k) { return fits[k]; }));
    box.innerHTML = raw;
    window.carcheckBoardSvg = raw;  // the engine's SVG as drawn, before the page's overlays
    var svg = box.querySelector("svg");
    var options = legal.filter(function (a) { return a.anchor; });
    if (places.length) noteOffered("place");
    if (!svg || (!places.length && !options.length)) return;
    var ref = svg.querySelector("g.tile");
    var m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(ref.getAttribute("transform"));
    var rx = Number(ref.dataset.x), ry = Number(ref.dataset.y), tx = Number(m[1]), ty = Number(m[2]);
    var px = function (x) { return tx + (x - rx) * 80; }, py = function (y) { return ty + (y - ry) * 80; };
    var cells = {};
    places.forEach(function (a) { cells[a.x + "," + a.y] = a; });
    var ns = "http://www.w3.org/2000/svg";
    Object.keys(cells).forEach(function (k) {
      var a = cells[k], X = px(a.x), Y = py(a.y);
      var r = document.createElementNS(ns, "rect");
      r.setAttribute("class", "fit" + (selected && selected.x === a.x && selected.y === a.y ? " selected" : ""));
      r.setAttribute("x", X); r.setAttribute("y", Y); r.setAttribute("width", 80); r.setAttribute("height", 80);
      r.setAttribute("data-x", a.x); r.setAttribute("data-y", a.y);
      var title = document.createElementNS(ns, "title");
      title.textContent = "the drawn tile fits at " + a.x + "," + a.y;
      r.appendChild(title);
      r.addEventListener("click", function () { chooseCell(a.x, a.y); });
      svg.appendChild(r);
    });
    if (selected) {
      try {
        var g = document.createElementNS(ns, "g");
        g.setAttribute("class", "preview");
        g.setAttribute("transform", "translate(" + px(selected.x) + "," + py(selected.y) + ")");
        g.innerHTML = state.tile_svg(rotation);
        svg.appendChild(g);
      } catch (e) { /* no preview */ }
    }
    // Meeple options on the tile just placed: one marker per option, at its feature (several
    // colours on one feature side by side), each a click away.
    var seen = {};
    options.forEach(function (a) {
      var k = a.anchor.x + "," + a.anchor.y + "," + a.anchor.ax + "," + a.anchor.ay;
      var n = seen[k] = (seen[k] || 0) + 1;
      var c = document.createElementNS(ns, "circle");
      c.setAttribute("class", "meeple-option");
      c.setAttribute("cx", px(a.anchor.x) + a.anchor.ax + (n - 1) * 11);
      c.setAttribute("cy", py(a.anchor.y) + a.anchor.ay);
      c.setAttribute("r", 6);
      c.setAttribute("fill", a.anchor.fill || "#fff");
      c.setAttribute("data-text", a.text);
      var title = document.createElementNS(ns, "title");
      title.textContent = a.text;
      c.appendChild(title);
      c.addEventListener("click", function () { act(a.text); });
      svg.appendChild(c);
    });
  }

  function rotationsAt(places, x, y) {
    var rs = [];
    places.forEach(function (a) { if (a.x === x && a.y === y && rs.indexOf(a.rotation) < 0) rs.push(a.rotation); });
    return rs.sort();
  }
  function chooseCell(x, y) {
    var places = placeActions(state.legal_actions());
    var rs = rotationsAt(places, x, y);
    if (!rs.length) return;
    selected = { x: x, y: y };
    if (rs.indexOf(rotation) < 0) rotation = rs[0];
    render();
  }
  function rotate(step) {
    if (!selected) return;
    var rs = rotationsAt(placeActions(state.legal_actions()), selected.x, selected.y);
    if (!rs.length) return;
    var i = rs.indexOf(rotation);
    rotation = rs[((i < 0 ? 0 : i + step) % rs.length + rs.length) % rs.length];
    render();
  }

  function renderPlacement(places, st) {
    var drawn = $("drawn"), rots = $("rotations"), choices = $("place-choices");
    drawn.innerHTML = ""; rots.innerHTML = ""; choices.innerHTML = "";
    if (!places.length) return;
    drawn.innerHTML = "Drawn tile: <b>" + esc(st.drawn || "") + "</b> " +
      '<svg class="carcheck-board" width="80" height="80" viewBox="0 0 80 80">' + state.tile_svg(rotation) + "</svg>";
    if (!selected) {
      rots.textContent = "Click a highlighted cell (" + Object.keys(places.reduce(function (o, a) { o[a.x + "," + a.y] = 1; return o; }, {})).length + " fit).";
      return;
    }
    var rs = rotationsAt(places, selected.x, selected.y);
    rots.appendChild(el("span", {}, "At " + selected.x + "," + selected.y + ", rotation: "));
    rs.forEach(function (r) {
      var b = el("button", { type: "button", class: "rot" + (r === rotation ? " active" : ""), "data-rotation": r }, "r" + r);
      b.disabled = r === rotation;
      b.addEventListener("click", function () { rotation = r; render(); });
      rots.appendChild(b);
    });
    var rb = el("button", { type: "button", id: "rotate" }, "Rotate (R)");
    rb.addEventListener("click", function () { rotate(1); });
    rots.appendChild(rb);
    places.filter(function (a) { return a.x === selected.x && a.y === selected.y && a.rotation === rotation; })
      .forEach(function (a, i) {
        var b = el("button", { type: "button", class: "confirm", "data-text": a.text }, "Confirm: " + a.text);
        if (i === 0) b.id = "confirm";
        b.addEventListener("click", function () { act(a.text); });
        choices.appendChild(b);
      });
  }

  // Every other decision the engine offers now, one button each (meeples, passes, Mists and
  // BCB decisions): nothing is hidden, nothing the engine refuses is offered.
  function renderDecisions(legal) {
    var box = $("decisions");
    box.innerHTML = "";
    var others = legal.filter(function (a) { return a.kind !== "place"; });
    if (!others.length) return;
    box.appendChild(el("div", {}, state.status().chance ? "Draw the next tile (or let the seed draw):" : "Decisions:"));
    if (state.status().chance) {
      var rd = el("button", { type: "button", id: "random-draw" }, "Random draw (the seed)");
      rd.addEventListener("click", function () { randomDraw(); });
      box.appendChild(rd);
    }
    others.forEach(function (a) {
      noteOffered(a.kind);
      if (a.range) return box.appendChild(rangeControl(a));
      var b = el("button", { type: "button", class: "action", "data-kind": a.kind, "data-text": a.text }, a.text);
      b.addEventListener("click", function () { act(a.text); });
      box.appendChild(b);
    });
  }

  // A range entry of bids (`select A 0+`, `bid 6+`): the engine lists one entry for every
  // amount from its lowest up (no upper bound under negative-score=allowed); the page asks for
  // the amount and plays `select A N` / `bid N`, the lowest by default.
  function rangeControl(a) {
    var low = a.range.amount, stem = a.text.replace(/\d+\+$/, "");
    var wrap = el("span", { class: "range" });
    var input = el("input", { type: "number", min: String(low), step: "1", value: String(low), class: "amount", title: low + " or more" });
    var b = el("button", { type: "button", class: "action", "data-kind": a.kind, "data-text": stem + low }, stem + "…");
    input.addEventListener("input", function () {
      var n = parseInt(input.value, 10);
      b.dataset.text = stem + (isNaN(n) ? low : n);
    });
    b.addEventListener("click", function () { act(b.dataset.text); });
    wrap.appendChild(b);
    wrap.appendChild(input);
    wrap.appendChild(el("span", { class: "hint" }, " (" + low + " or more)"));
    return wrap;
  }

  function renderScores(st) {
    var rows = state.score_breakdown(), t = $("scores");
    if (!rows.length) { t.innerHTML = ""; return; }
    // One column per player (or track), one row per score class: the classes sum to the total.
    var classes = Object.keys(rows[0].classes);
    var who = rows.map(function (r, i) { return r.owner || (st.mists ? (rows.length > 1 ? "track " + (i + 1) : "team") : "player " + (i + 1)); });
    var h = "<tr><th></th>" + who.map(function (w) { return "<th>" + esc(w) + "</th>"; }).join("") + "</tr>";
    h += '<tr class="total-row"><td><b>total</b></td>' + rows.map(function (r, i) {
      return '<td class="total" data-score="' + i + '"><b>' + r.total + "</b></td>";
    }).join("") + "</tr>";
    classes.forEach(function (c) {
      h += "<tr><td>" + esc(c) + "</td>" + rows.map(function (r) { return "<td>" + r.classes[c] + "</td>"; }).join("") + "</tr>";
    });
    t.innerHTML = h;
    $("supplies").textContent = "Meeples in supply: " + st.supplies.map(function (s) { return s.colour + " " + s.supply; }).join(", ");
  }

  // Events ticked to go into the saved spec as `expect event` lines: {after, text}, `after`
  // the number of actions played when the event happened.
  var ticks = [];
  function renderEvents() {
    var box = $("events");
    box.innerHTML = "";
    var played = state.history().length;
    lastTrace.forEach(function (step, j) {
      var after = played - lastTrace.length + j + 1;
      var d = el("div", { class: "step" });
      d.appendChild(el("b", {}, step.action));
      step.events.forEach(function (e) {
        var ev = el("div", { class: "event" });
        var tick = el("input", { type: "checkbox", class: "tick", title: "keep as `expect event` in the saved spec" });
        tick.checked = ticks.some(function (t) { return t.after === after && t.text === e.text; });
        tick.addEventListener("change", function () {
          ticks = ticks.filter(function (t) { return !(t.after === after && t.text === e.text); });
          if (tick.checked) ticks.push({ after: after, text: e.text });
        });
        ev.appendChild(tick);
        ev.appendChild(document.createTextNode(" " + e.text + " "));
        var why = el("details", {});
        why.appendChild(el("summary", {}, "why"));
        why.appendChild(el("div", { class: "cite" }, e.rule.cites.length ? "rule: " + e.rule.cites.join("; ") : "rule: (no row in citations.yaml)"));
        if (e.rule.readings.length) why.appendChild(el("div", { class: "reading" }, "readings: " + e.rule.readings.join(", ")));
        ev.appendChild(why);
        d.appendChild(ev);
      });
      box.appendChild(d);
    });
  }

  function offer(text, name) {
    $("saved").value = text;
    var a = $("download");
    a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    a.download = name;
    a.hidden = false;
    a.textContent = "download " + name;
  }

  // ---- set-up mode: a position built as a spec's setup { } block --------------------------
  // Each step is a setup statement (web/src/setup-mode.js writes it from the form); the whole
  // list goes through the engine's setup path (api.setup_state) on every change, so a step is
  // accepted or refused exactly as `carcheck check` would, with its reason.
  function gameOptions() {
    var r = currentRuleSet();
    return { rules: r.mists ? "mists" : r.name, level: r.mists ? r.level : 0, players: Number($("players").value),
      variants: chosenVariants(), seed: Number($("seed").value), chance: $("draws-chosen").checked, mists: r.mists };
  }
  function setupStateFor(o, lines, chance) {
    return api.setup_state(o.rules, o.level, o.players, o.variants, o.seed, lines, chance);
  }
  function enterSetup() {
    say("");
    leaveModes();
    var o = gameOptions(), g, s;
    try {
      g = api.load_game(o.rules, o.level, o.players, o.variants);
      s = setupStateFor(o, [], true);
    } catch (e) { if (g) g.delete(); say(String(e.message || e)); return; }
    if (game) game.delete();
    clearStates();
    game = g; state = s; ticks = [];
    var st = s.status();
    setup = { o: o, lines: [], cell: null, rotation: 0, tiles: g.tiles(),
      ctx: { mists: o.mists, level: o.level, piles: st.piles.length,
        colours: st.supplies.filter(function (x) { return x.player >= 0; }).map(function (x) { return x.colour; }),
        players: o.players } };
    var sel = $("setup-kind");
    sel.innerHTML = "";
    CarcheckSetup.kinds(setup.ctx).forEach(function (k) { sel.appendChild(el("option", { value: k.id }, k.label)); });
    $("setup-panel").hidden = false;
    $("setup-message").textContent = "";
    lastEvents = []; lastTrace = [];
    renderSetupFields();
    renderSetupList();
    render();
  }
  function leaveModes() {
    setup = null;
    specTrack = null;
    $("setup-panel").hidden = true;
    $("spec-steps-panel").hidden = true;
  }
  function setupSay(text, info) { $("setup-message").textContent = text || ""; $("setup-message").className = info ? "info" : ""; }

  // The form for the chosen kind of step.
  function renderSetupFields() {
    var box = $("setup-fields"), k = CarcheckSetup.kind($("setup-kind").value), ctx = setup.ctx;
    // What the form held, kept across a redraw (a click on the board, another kind of step).
    var kept = {}, ticked = [];
    Array.prototype.forEach.call(box.querySelectorAll("select, input"), function (e) {
      if (e.type === "checkbox") { if (e.checked) ticked.push(e.value); } else if (e.id) kept[e.id] = e.value;
    });
    box.innerHTML = "";
    var colourSelect = function (id) {
      var s = el("select", { id: id });
      ctx.colours.forEach(function (c) { s.appendChild(el("option", { value: c }, c)); });
      return s;
    };
    var label = function (text, input) { var l = el("label", {}, text + " "); l.appendChild(input); box.appendChild(l); return input; };
    k.fields.forEach(function (f) {
      if (f === "tile") {
        var s = el("select", { id: "setup-tile" });
        setup.tiles.forEach(function (t) { s.appendChild(el("option", { value: t.name }, t.name + " (" + t.count + " in the game)")); });
        var l = label("Tile", s);
        l.parentNode.appendChild(el("span", { class: "tile-pick", id: "setup-tile-pic" }));
      } else if (f === "rotation") {
        var r = el("span", { id: "setup-rotations" });
        r.appendChild(document.createTextNode("Turn: "));
        [0, 1, 2, 3].forEach(function (q) {
          var b = el("button", { type: "button", class: "rot" + (q === setup.rotation ? " active" : ""), "data-rotation": q }, "r" + q);
          b.disabled = q === setup.rotation;
          b.addEventListener("click", function () { setup.rotation = q; renderSetupFields(); render(); });
          r.appendChild(b);
        });
        box.appendChild(r);
      } else if (f === "cell") {
        box.appendChild(el("div", { id: "setup-cell-text" }, setup.cell ? "Cell " + setup.cell.x + "," + setup.cell.y + " (click another to change)"
          : "Click a cell on the board (dashed squares)."));
      } else if (f === "colour") {
        label("Colour", colourSelect("setup-colour"));
      } else if (f === "colours") {
        var c = el("span", { id: "setup-colours" });
        c.appendChild(document.createTextNode("Colours: "));
        ctx.colours.forEach(function (col) {
          var l2 = el("label", {}, " " + col);
          var cb = el("input", { type: "checkbox", value: col });
          l2.insertBefore(cb, l2.firstChild);
          c.appendChild(l2);
        });
        box.appendChild(c);
      } else if (f === "feature") {
        var fs = el("select", { id: "setup-feature" });
        var info = setup.cell ? state.cell_info(setup.cell.x, setup.cell.y) : { empty: true };
        (info.features || []).forEach(function (x) { fs.appendChild(el("option", { value: x }, x)); });
        label("Feature", fs).title = info.empty ? "click a tile first" : "the features of " + info.tile;
      } else if (f === "slot") {
        var ss = el("select", { id: "setup-slot" });
        var ci = setup.cell ? state.cell_info(setup.cell.x, setup.cell.y) : { mists: 0, cemetery: false };
        ss.appendChild(el("option", { value: "" }, "its first mist area (or its cemetery)"));
        if (ci.cemetery) ss.appendChild(el("option", { value: "cemetery" }, "its cemetery"));
        for (var i = 1; i <= (ci.mists || 0); ++i) ss.appendChild(el("option", { value: "mist " + i }, "mist area " + i));
        label("On", ss);
      } else if (f === "number") {
        label("Number", el("input", { id: "setup-number", type: "number", min: "0", value: "0" }));
      } else if (f === "scorer") {
        if (ctx.mists && ctx.level !== 6) return;  // one shared score
        var sc = colourSelect("setup-scorer");
        if (ctx.mists) sc.insertBefore(el("option", { value: "" }, "every track"), sc.firstChild);
        label(ctx.mists ? "Track" : "Player's colour", sc);
      } else if (f === "player") {
        var ps = el("select", { id: "setup-player" });
        for (var p = 1; p <= ctx.players; ++p) ps.appendChild(el("option", { value: String(p) }, "player " + p));
        label("Next turn", ps);
      } else if (f === "pile") {
        var pl = el("select", { id: "setup-pile" });
        for (var q = 1; q <= Math.max(1, ctx.piles); ++q) pl.appendChild(el("option", { value: String(q) }, "pile " + q));
        label("Pile", pl);
      } else if (f === "tiles") {
        label("Tiles (the next drawn first)", el("input", { id: "setup-tiles", type: "text", size: "30", placeholder: "e.g. " + (setup.tiles[0] || {}).name }));
        var ts = el("select", { id: "setup-pile-tile" });
        setup.tiles.forEach(function (t) { ts.appendChild(el("option", { value: t.name }, t.name)); });
        var add = el("button", { type: "button", id: "setup-pile-add" }, "add this tile");
        add.addEventListener("click", function () { $("setup-tiles").value = ($("setup-tiles").value + " " + ts.value).trim(); setupPreview(); });
        box.appendChild(ts); box.appendChild(add);
      } else if (f === "hound") {
        var hs = el("select", { id: "setup-hound" });
        hs.appendChild(el("option", { value: "1" }, "hound 1 (Rufus)"));
        hs.appendChild(el("option", { value: "2" }, "hound 2 (Ronja)"));
        label("Hound", hs);
      } else if (f === "hound-status") {
        var st = el("select", { id: "setup-hound-status" });
        [["placed", "lies by a meeple (choose it)"], ["waiting", "waiting"], ["lost", "lost"], ["scored", "scored"], ["removed", "removed"]]
          .forEach(function (x) { st.appendChild(el("option", { value: x[0] }, x[1])); });
        label("Status", st);
      }
    });
    Array.prototype.forEach.call(box.querySelectorAll("select, input"), function (e) {
      if (e.type === "checkbox") e.checked = ticked.indexOf(e.value) >= 0;
      else if (e.id in kept && (e.tagName !== "SELECT" || e.querySelector('option[value="' + kept[e.id] + '"]'))) e.value = kept[e.id];
    });
    Array.prototype.forEach.call(box.querySelectorAll("select, input"), function (e) {
      e.addEventListener("input", function () { if (e.id === "setup-tile") render(); setupPreview(); });
      e.addEventListener("change", function () { if (e.id === "setup-tile") render(); setupPreview(); });
    });
    setupPreview();
  }
  function setupValues() {
    var v = function (id) { var e = $(id); return e ? e.value : ""; };
    var colours = Array.prototype.filter.call(document.querySelectorAll("#setup-colours input"), function (c) { return c.checked; })
      .map(function (c) { return c.value; });
    return { tile: v("setup-tile"), rotation: setup.rotation, x: setup.cell ? setup.cell.x : null, y: setup.cell ? setup.cell.y : null,
      colour: v("setup-colour"), feature: v("setup-feature"), number: v("setup-number"), scorer: v("setup-scorer"),
      player: v("setup-player"), pile: v("setup-pile"), tiles: v("setup-tiles"), slot: v("setup-slot"), hound: v("setup-hound"),
      status: v("setup-hound-status"), colours: colours };
  }
  function setupPreview() {
    var pic = $("setup-tile-pic");
    if (pic) {
      var t = setup.tiles.filter(function (x) { return x.name === $("setup-tile").value; })[0];
      var rot = CarcheckSetup.kind($("setup-kind").value).fields.indexOf("rotation") >= 0 ? setup.rotation : 0;
      pic.innerHTML = t && t.svg.length ? '<svg width="48" height="48" viewBox="0 0 80 80">' + t.svg[rot] + "</svg>" : "";
    }
    var text;
    try { text = CarcheckSetup.statement($("setup-kind").value, setupValues()); } catch (e) { text = ""; }
    $("setup-preview").textContent = text;
  }
  function addSetupStep() {
    var line;
    try { line = CarcheckSetup.statement($("setup-kind").value, setupValues()); } catch (e) { setupSay(e.message); return; }
    if (trySetup(setup.lines.concat([line]))) setupSay("Added: " + CarcheckSetup.describe(line), true);
  }
  // Runs the statements through the engine; true when it accepts them all.
  function trySetup(lines) {
    var s;
    try { s = setupStateFor(setup.o, lines, true); } catch (e) {
      var which = e.statement >= 0 && e.statement < lines.length ? lines[e.statement] : "";
      var why = String(e.message || e).replace(/^setup '.*?' is refused: /, "");
      setupSay("The rules refuse this" + (which ? " (" + CarcheckSetup.describe(which).replace(/\.$/, "") + ")" : "") + ": " + why);
      return false;
    }
    state.delete();
    state = s;
    setup.lines = lines;
    renderSetupList();
    renderSetupFields();
    render();
    return true;
  }
  function renderSetupList() {
    var ol = $("setup-list");
    ol.innerHTML = "";
    setup.lines.forEach(function (line, i) {
      var li = el("li", { "data-statement": line }, CarcheckSetup.describe(line));
      li.appendChild(el("code", {}, line));
      var rm = el("button", { type: "button", class: "remove", title: "take this step out" }, "remove");
      rm.addEventListener("click", function () {
        if (trySetup(setup.lines.filter(function (_, j) { return j !== i; }))) setupSay("Removed: " + CarcheckSetup.describe(line), true);
      });
      li.appendChild(rm);
      ol.appendChild(li);
    });
    if (!setup.lines.length) ol.appendChild(el("li", { class: "empty" }, "Nothing yet: the game's own start (the start tile)."));
  }
  function startFromSetup() {
    var s;
    try { s = setupStateFor(setup.o, setup.lines, setup.o.chance); } catch (e) { setupSay(String(e.message || e)); return; }
    var n = setup.lines.length;
    clearStates();
    state = s;
    setup = null;
    $("setup-panel").hidden = true;
    lastEvents = state.events(); lastTrace = state.trace();
    say("Playing from the position you set up (" + n + " step" + (n === 1 ? "" : "s") + "); Save as spec writes them as its setup block.", true);
    render();
  }
  // The board while setting up: every tile and every empty cell beside one is a click away.
  function renderSetupBoard() {
    var svg = $("board").querySelector("svg");
    if (!svg) return;
    var tiles = svg.querySelectorAll("g.tile");
    if (!tiles.length) return;
    var cells = {};
    Array.prototype.forEach.call(tiles, function (t) {
      var x = Number(t.dataset.x), y = Number(t.dataset.y);
      [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]].forEach(function (d) { cells[(x + d[0]) + "," + (y + d[1])] = [x + d[0], y + d[1]]; });
    });
    // Drawn again with the ring of empty cells framed: each gets its labels, none covers them.
    $("board").innerHTML = state.board_svg(Object.keys(cells).map(function (k) { return cells[k]; }));
    svg = $("board").querySelector("svg");
    var ref = svg.querySelector("g.tile");
    var m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(ref.getAttribute("transform"));
    var rx = Number(ref.dataset.x), ry = Number(ref.dataset.y), tx = Number(m[1]), ty = Number(m[2]);
    var px = function (x) { return tx + (x - rx) * 80; }, py = function (y) { return ty + (y - ry) * 80; };
    var ns = "http://www.w3.org/2000/svg";
    Object.keys(cells).forEach(function (k) {
      var c = cells[k], X = px(c[0]), Y = py(c[1]);
      var r = document.createElementNS(ns, "rect");
      var sel = setup.cell && setup.cell.x === c[0] && setup.cell.y === c[1];
      r.setAttribute("class", "setup-cell" + (sel ? " selected" : ""));
      r.setAttribute("x", X); r.setAttribute("y", Y); r.setAttribute("width", 80); r.setAttribute("height", 80);
      r.setAttribute("data-x", c[0]); r.setAttribute("data-y", c[1]);
      var title = document.createElementNS(ns, "title");
      title.textContent = "cell " + c[0] + "," + c[1];
      r.appendChild(title);
      r.addEventListener("click", function () { setup.cell = { x: c[0], y: c[1] }; renderSetupFields(); render(); });
      svg.appendChild(r);
    });
    // The chosen tile previewed on the chosen cell.
    var kindNow = CarcheckSetup.kind($("setup-kind").value);
    if (setup.cell && $("setup-tile") && kindNow.fields.indexOf("rotation") >= 0) {
      var t = setup.tiles.filter(function (x) { return x.name === $("setup-tile").value; })[0];
      if (t && t.svg.length) {
        var g = document.createElementNS(ns, "g");
        g.setAttribute("class", "preview");
        g.setAttribute("transform", "translate(" + px(setup.cell.x) + "," + py(setup.cell.y) + ")");
        g.innerHTML = t.svg[setup.rotation];
        svg.appendChild(g);
      }
    }
  }

  // ---- a spec stepped through in Play ------------------------------------------------------
  // The spec's game after its setup block, then its actions one by one (every state kept, so
  // the slider and the step list move through it); its verdict from api.run_spec, a FAIL shown
  // at the state of the failing expectation.
  function playSpec(text, name) {
    var r;
    try { r = api.spec_play(text, name); } catch (e) {
      say("the spec cannot be stepped through: " + (e.line ? "line " + e.line + ", column " + e.column + ": " : "") + (e.message || e));
      return false;
    }
    var info = r.info;
    $("tab-play").click();
    showGameOf(info);
    if (game) game.delete();
    clearStates();
    game = { info: { title: info.title, rules: info.rule_set, players: info.players }, delete: function () {} };
    state = r.state; ticks = [];
    var stateLine = [0], stopped = null;
    offeredWhere = name + " step 0";
    info.steps.forEach(function (step) {
      if (stopped || step.kind !== "action" || !step.holds) return;
      var before = state.clone(), why;
      try { why = state.apply(step.text); } catch (e) { why = String(e.message || e); }
      if (why) { before.delete(); stopped = { line: step.line, why: why }; return; }
      past.push(before);
      stateLine.push(step.line);
    });
    var verdict;
    try { verdict = api.run_spec(text, name, ""); } catch (e) { verdict = { status: "ERROR", failures: [], reason: String(e.message || e) }; }
    specTrack = { name: name, info: info, stateLine: stateLine, stopped: stopped, verdict: verdict };
    $("spec-steps-panel").hidden = false;
    $("spec-steps-title").textContent = name + ": " + info.title;
    var f = verdict.failures[0];
    var v = $("spec-steps-verdict");
    v.className = "verdict-" + verdict.status;
    v.setAttribute("data-status", verdict.status);
    v.textContent = verdict.status + (f ? ": line " + f.line + ": " + f.statement + ": expected " + f.expected + ", actual " + f.actual +
      " (the board as it stood there)" : verdict.status === "ERROR" ? ": " + (verdict.reason || verdict.message) : "");
    lastEvents = state.events(); lastTrace = state.trace();
    if (f) {
      var at = 0;
      for (var k = 0; k < stateLine.length; ++k) if (stateLine[k] < f.line) at = k;
      travel(at);
    } else {
      render();
    }
    say("stepping through " + name + ": " + (past.length + future.length) + " actions; click a step or use the slider", true);
    return true;
  }
  function renderSpecSteps() {
    if (!specTrack) return;
    var ol = $("spec-steps"), t = specTrack, now = past.length;
    var failLines = t.verdict.failures.map(function (f) { return f.line; });
    ol.innerHTML = "";
    if (t.info.setup.length) {
      var s0 = el("li", { class: "action" + (now === 0 ? " current" : ""), value: "0" }, "setup { " + t.info.setup.length + " statements }");
      s0.addEventListener("click", function () { travel(0); });
      ol.appendChild(s0);
    }
    t.info.steps.forEach(function (step) {
      var idx = step.kind === "action" ? t.stateLine.indexOf(step.line) : -1;
      var cls = step.kind + (!step.holds ? " skipped" : "") + (idx >= 0 && idx === now ? " current" : "") +
        (failLines.indexOf(step.line) >= 0 || (t.stopped && t.stopped.line === step.line) ? " failed" : "");
      var li = el("li", { class: cls, value: String(step.line), "data-line": String(step.line) },
        step.text);
      if (idx >= 0) li.addEventListener("click", function () { travel(idx); });
      ol.appendChild(li);
    });
    [ol.querySelector("li.current"), ol.querySelector("li.failed")].forEach(function (li) {
      if (li && li.scrollIntoView) li.scrollIntoView({ block: "nearest" });
    });
  }

  // ---- specs -------------------------------------------------------------------------------
  var shipped = [];
  function fillExamples() {
    shipped = api.shipped_specs();
    var sel = $("examples"), groups = {};
    shipped.forEach(function (s) {
      var g = s.name.split("/")[1];
      if (!groups[g]) { groups[g] = el("optgroup", { label: g }); sel.appendChild(groups[g]); }
      groups[g].appendChild(el("option", { value: s.name }, s.name));
    });
  }
  function loadExample(name) {
    var s = shipped.filter(function (x) { return x.name === name; })[0];
    if (s) { $("spec-editor").value = s.text; $("spec-editor").dataset.name = name; }
  }
  function runSpec() {
    var text = $("spec-editor").value, name = $("spec-editor").dataset.name || "page.spec";
    var out = $("spec-result"), verdict = $("spec-verdict");
    out.innerHTML = "";
    var r;
    try { r = api.run_spec(text, name, ""); } catch (e) { verdict.textContent = "ERROR"; out.textContent = String(e.message || e); return; }
    verdict.textContent = r.status;
    verdict.className = "verdict-" + r.status;
    verdict.setAttribute("data-status", r.status);
    var h = r.status === "ERROR" ? "" :
      "<p><b>" + esc(r.title) + "</b> (" + esc(r.rules) + "): " + r.checked + " expectations checked" +
      (r.skipped ? ", " + r.skipped + " skipped (another reading)" : "") + "</p>";
    if (r.status === "ERROR") {
      h += '<p id="spec-error" data-line="' + r.line + '" data-column="' + r.column + '">line ' + r.line + ", column " +
        r.column + ": " + esc(r.reason) + "</p>";
      markError(r.line, r.column);
    }
    r.failures.forEach(function (f) {
      h += '<p class="failure" data-line="' + f.line + '">line ' + f.line + ":" + f.column + ": <code>" + esc(f.statement) +
        "</code>: expected " + esc(f.expected) + ", actual " + esc(f.actual) + (f.after ? " (after " + esc(f.after) + ")" : "") + "</p>";
    });
    if (r.board_svg) h += "<div class=\"fail-board\">" + r.board_svg + "</div>";
    if (r.matrix.length > 1) h += "<p>Readings this spec names: " + esc(r.matrix.join(", ")) + " (Run matrix runs each)</p>";
    h += "<details open><summary>Rule trace</summary><pre id=\"spec-trace\">" + esc(r.trace_text) + "</pre></details>";
    out.innerHTML = h;
  }
  // The spec under every value of the switches it names, side by side (`check --matrix`).
  function runMatrix() {
    var text = $("spec-editor").value, name = $("spec-editor").dataset.name || "page.spec";
    var out = $("spec-result");
    var first;
    try { first = api.run_spec(text, name, ""); } catch (e) { out.textContent = String(e.message || e); return; }
    var runs = first.matrix.length ? first.matrix : [""];
    var h = '<table id="matrix"><tr><th>reading</th><th>verdict</th><th>failures</th></tr>';
    runs.forEach(function (v) {
      var r = api.run_spec(text, name, v);
      h += '<tr data-variant="' + esc(v) + '" data-status="' + r.status + '"><td>' + esc(v || "(as written)") +
        '</td><td class="verdict-' + r.status + '">' + r.status + "</td><td>" +
        esc(r.status === "ERROR" ? r.message : r.failures.map(function (f) {
          return "line " + f.line + ": " + f.statement + ": expected " + f.expected + ", actual " + f.actual;
        }).join("; ")) + "</td></tr>";
    });
    out.innerHTML = h + "</table>";
    $("spec-verdict").textContent = "matrix: " + runs.length + " run(s)";
    $("spec-verdict").className = "";
  }
  // A link that carries the spec in the URL's fragment (nothing leaves the page).
  function specLink() {
    var url = location.href.split("#")[0] + "#spec=" + encodeURIComponent($("spec-editor").value);
    history.replaceState(null, "", url);
    $("spec-link").value = url;
    $("spec-link").hidden = false;
  }
  function openFragment() {
    var h = location.hash;
    if (h.indexOf("#spec=") !== 0) return false;
    var text;
    try { text = decodeURIComponent(h.slice(6)); } catch (e) {
      say("the link's spec cannot be read (a malformed URL fragment): " + e.message);
      return false;
    }
    $("tab-specs").click();
    $("spec-editor").value = text;
    $("spec-editor").dataset.name = "link.spec";
    runSpec();
    return true;
  }

  // Selects the place of an ERROR in the editor.
  function markError(line, column) {
    var ta = $("spec-editor"), lines = ta.value.split("\n"), pos = 0;
    if (line < 1) return;
    for (var i = 0; i < line - 1 && i < lines.length; ++i) pos += lines[i].length + 1;
    pos += Math.max(0, column - 1);
    ta.focus();
    ta.setSelectionRange(pos, Math.min(ta.value.length, pos + 1));
    ta.dataset.errorOffset = String(pos);
  }

  // ---- wiring ------------------------------------------------------------------------------
  function tabs() {
    Array.prototype.forEach.call(document.querySelectorAll(".tab"), function (b) {
      b.addEventListener("click", function () {
        Array.prototype.forEach.call(document.querySelectorAll(".tab"), function (x) { x.classList.toggle("active", x === b); });
        $("page-play").hidden = b.dataset.tab !== "play";
        $("page-specs").hidden = b.dataset.tab !== "specs";
      });
    });
  }
  function wire() {
    tabs();
    $("ruleset").addEventListener("change", function () {
      var r = currentRuleSet();
      var p = Number($("players").value);
      if (p < r.min_players) $("players").value = r.min_players;
      if (p > r.max_players) $("players").value = r.max_players;
      fillVariants();
    });
    $("new-game").addEventListener("click", newGame);
    $("setup-mode").addEventListener("click", enterSetup);
    $("setup-kind").addEventListener("change", function () { setupSay(""); renderSetupFields(); render(); });
    $("setup-add").addEventListener("click", addSetupStep);
    $("setup-play").addEventListener("click", startFromSetup);
    $("setup-leave").addEventListener("click", newGame);
    $("spec-to-play").addEventListener("click", function () {
      playSpec($("spec-editor").value, $("spec-editor").dataset.name || "page.spec");
    });
    $("undo").addEventListener("click", undo);
    $("redo").addEventListener("click", redo);
    $("save-spec").addEventListener("click", function () {
      var played = state.history().length;
      var kept = ticks.filter(function (t) { return t.after <= played; }).map(function (t) { return [t.after, t.text]; });
      try { offer(state.export_spec("", kept), "page-game.spec"); } catch (e) { say(String(e.message || e)); }
    });
    $("save-log").addEventListener("click", function () {
      try { offer(state.game_log() + "\n", "page-game.jsonl"); } catch (e) { say(String(e.message || e)); }
    });
    $("compare-run").addEventListener("click", compareReading);
    $("load-log").addEventListener("click", function () { loadLog($("load-text").value); });
    $("load-file").addEventListener("change", function () {
      var f = $("load-file").files[0];
      if (!f) return;
      if (f.size > 64 * 1024 * 1024) { say(f.name + " is too large (" + f.size + " bytes)"); return; }
      f.text().then(function (t) { loadText(t, f.name); });
    });
    document.addEventListener("dragover", function (e) { e.preventDefault(); });
    document.addEventListener("drop", function (e) {
      e.preventDefault();
      var f = e.dataTransfer && e.dataTransfer.files[0];
      if (f) f.text().then(function (t) { loadText(t, f.name); });
    });
    $("examples").addEventListener("change", function () { loadExample($("examples").value); });
    $("run-spec").addEventListener("click", runSpec);
    $("run-matrix").addEventListener("click", runMatrix);
    $("make-link").addEventListener("click", specLink);
    $("turn-slider").addEventListener("input", function () { travel(Number($("turn-slider").value)); });
    document.addEventListener("keydown", function (e) {
      if ((e.key === "r" || e.key === "R") && e.target.tagName !== "TEXTAREA" && e.target.tagName !== "INPUT") rotate(1);
    });
  }

  wire();
  start().then(function () {
    if (!api) return;
    fillRuleSets();
    fillExamples();
    newGame();
    openFragment();
  });
})();
