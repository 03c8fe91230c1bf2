// The JS API of the engine (docs/web.md), the same shape as the Python module: load_game,
// Game.new_state, State.legal_actions / apply / events / scores / score_breakdown / history /
// game_log / clone, plus run_spec, trace, board_svg and export_spec. A classic script: it
// defines the global `Carcheck`. Errors from the module ({"error": ...}) are thrown as Error.
/* global createCarcheck */
var Carcheck = (function () {
  "use strict";

  function parsed(text) {
    var v = JSON.parse(text);
    if (v && typeof v === "object" && !Array.isArray(v) && typeof v.error === "string")
      throw new Error(v.error);
    return v;
  }

  function State(api, raw) {
    this._api = api;
    this._raw = raw;
  }
  State.prototype = {
    _call: function (name, args) {
      return this._api._guard(() => this._raw[name].apply(this._raw, args || []));
    },
    legal_actions: function () { return parsed(this._call("legal_actions")); },
    // null when applied, else the reason the rules refuse it (the state is then unchanged).
    apply: function (text) {
      var r = parsed(this._call("apply", [String(text)]));
      return r.refused ? r.refused : null;
    },
    events: function () { return parsed(this._call("events")); },
    trace: function () { return parsed(this._call("trace")); },
    trace_game: function () { return parsed(this._call("trace_game")).text; },
    scores: function () { return parsed(this._call("scores")); },
    score_breakdown: function () { return parsed(this._call("score_breakdown")); },
    history: function () { return parsed(this._call("history")); },
    status: function () { return parsed(this._call("status")); },
    game_log: function () { return parsed(this._call("game_log")).log; },
    // cells: [[x, y], ...] the picture frames too (labelled, the summary below them).
    board_svg: function (cells) { return parsed(this._call("board_svg", [JSON.stringify(cells || [])])).svg; },
    board_text: function () { return this._call("board_text"); },
    tile_svg: function (rotation) { return parsed(this._call("tile_svg", [rotation | 0])).svg; },
    // ticks: [[after, event text], ...]: `expect event` lines after the after-th action.
    export_spec: function (title, ticks) {
      return parsed(this._call("export_spec", [title || "", JSON.stringify(ticks || [])])).spec;
    },
    random_draw: function () { return parsed(this._call("random_draw")).drawn; },
    // The tile at x,y for the set-up mode: {empty} or {tile, face_down, features, mists, cemetery}.
    cell_info: function (x, y) { return parsed(this._call("cell_info", [x | 0, y | 0])); },
    clone: function () { return new State(this._api, this._call("clone")); },
    is_terminal: function () { return this.status().terminal; },
    current_player: function () { return this.status().current_player; },
    phase: function () { return this.status().phase; },
    delete: function () { if (this._raw) { try { this._raw.delete(); } catch (e) { /* dead module */ } this._raw = null; } },
  };

  function Game(api, raw) {
    this._api = api;
    this._raw = raw;
    this.info = parsed(api._guard(() => raw.info()));
  }
  Game.prototype = {
    // chance: false (the seed draws every tile, as `carcheck play`) or true (a draw is an
    // action: at a chance node legal_actions() are the tiles left; random_draw() lets the
    // seed draw).
    new_state: function (seed, chance) {
      var m = this._api._module;
      var s = seed === undefined ? 1 : Number(seed), auto = !chance;
      parsed(this._api._guard(() => m.try_new_state(this._raw, s, auto)));
      return new State(this._api, this._api._guard(() => m.new_state(this._raw, s, auto)));
    },
    // The game's tiles: [{name, count, start, svg}] (svg: one cell at rotation 0).
    tiles: function () { return parsed(this._api._guard(() => this._raw.tiles())); },
    delete: function () { if (this._raw) { try { this._raw.delete(); } catch (e) { /* dead */ } this._raw = null; } },
  };

  function Api(module) {
    this._module = module;
    this.dead = null;  // the abort's message once the module aborted
  }
  Api.prototype = {
    _guard: function (f) {
      if (this.dead) throw new Error("the engine stopped (" + this.dead + "); reload it");
      try {
        return f();
      } catch (e) {
        if (e instanceof WebAssembly.RuntimeError || this.dead) {
          this.dead = String(e && e.message || e);
          if (this.onDead) this.onDead(this.dead);
        }
        throw e instanceof Error ? e : new Error("engine error " + String(e));
      }
    },
    rule_sets: function () { return parsed(this._guard(() => this._module.rule_sets())); },
    // rules as the command line takes them: "base-c1", "pnp-demo", "bcb", or "mists" with a
    // level 1-6; variants as ["key=value", ...] or {key: value}.
    load_game: function (rules, level, players, variants) {
      var kv = Array.isArray(variants) ? variants
        : Object.keys(variants || {}).map(function (k) { return k + "=" + variants[k]; });
      var m = this._module, args = [String(rules), level | 0, players | 0, JSON.stringify(kv)];
      parsed(this._guard(() => m.try_load_game.apply(m, args)));
      return new Game(this, this._guard(() => m.load_game.apply(m, args)));
    },
    // Spec text as `carcheck check --trace` runs it; variant "key=value" for one matrix run.
    run_spec: function (text, name, variant) {
      return parsed(this._guard(() => this._module.run_spec(String(text), name || "page.spec", variant || "")));
    },
    shipped_specs: function () { return parsed(this._guard(() => this._module.shipped_specs())); },
    // A game-log line: {rules, level, players, variants, seed, actions} to replay, or an Error.
    load_log: function (line) { return parsed(this._guard(() => this._module.load_log(String(line)))); },
    replay_log: function (line) { return parsed(this._guard(() => this._module.replay_log(String(line)))); },
    // Every action kind of the engine (engine/action.h), as its notation's verb.
    action_kinds: function () { return parsed(this._guard(() => this._module.action_kinds())); },
    // A position set up as a spec's `setup { }` block: the statements (spec text, one each) go
    // through the spec runner's setup path. Returns the State after them; a refused statement
    // throws an Error whose `statement` is its index (-1: the game's options).
    setup_state: function (rules, level, players, variants, seed, lines, chance) {
      var m = this._module;
      var args = [String(rules), level | 0, players | 0, JSON.stringify(variants || []), Number(seed) || 0,
        JSON.stringify(lines || [])];
      var r = JSON.parse(this._guard(() => m.try_setup_state.apply(m, args)));
      if (r.error !== undefined) {
        var e = new Error(r.error);
        e.statement = r.statement === undefined ? -1 : r.statement;
        throw e;
      }
      return new State(this, this._guard(() => m.setup_state.apply(m, args.concat([!chance]))));
    },
    // A spec to step through: {info: {title, rule_set, players, seed, variants, setup, steps},
    // state: the State after its setup (draws are the spec's own)}; an Error with line and
    // column when the spec does not get that far.
    spec_play: function (text, name) {
      var m = this._module, t = String(text), n = name || "page.spec";
      var r = JSON.parse(this._guard(() => m.try_spec_play(t, n)));
      if (r.error !== undefined) {
        var e = new Error(r.error);
        e.line = r.line; e.column = r.column;
        throw e;
      }
      return { info: r, state: new State(this, this._guard(() => m.spec_state(t, n))) };
    },
  };

  // Builds the module; resolves to an Api. `onDead(message)` hears of an abort.
  function create(onDead) {
    var api = null;
    return createCarcheck({
      onAbort: function (what) { if (api) { api.dead = String(what); if (onDead) onDead(api.dead); } },
      print: function () {},
      printErr: function (t) { if (typeof console !== "undefined") console.warn(t); },
    }).then(function (module) {
      api = new Api(module);
      api.onDead = onDead;
      return api;
    });
  }

  return { create: create };
})();
if (typeof module !== "undefined" && module.exports) module.exports = Carcheck;
