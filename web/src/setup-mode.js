// The set-up mode's words (docs/web.md): what a user can put on the board before play, the
// setup statement of the spec language each choice writes (docs/spec-language.md, "Setup"),
// and a sentence for each statement. No rule is here: the statements go to the engine through
// the spec runner's setup path (api.setup_state), which accepts them or says why not.
/* exported CarcheckSetup */
var CarcheckSetup = (function () {
  "use strict";

  // ctx: {mists, level, piles (how many), colours (in play)}. `fields`: what the form asks.
  var KINDS = [
    { id: "place", label: "Put a tile on the board", fields: ["tile", "rotation", "cell"] },
    { id: "meeple", label: "Stand a meeple on a feature of a tile", fields: ["colour", "cell", "feature"] },
    { id: "score", label: "Set a score", fields: ["scorer", "number"] },
    { id: "meeple-supply", label: "How many meeples a colour keeps in its supply", fields: ["colour", "number"] },
    { id: "player", label: "Whose turn it is", fields: ["player"] },
    { id: "pile", label: "What a pile holds (its tiles, the next drawn first)", fields: ["pile", "tiles"] },
    { id: "active-pile", label: "Which pile the tiles are drawn from", fields: ["pile"], when: function (c) { return c.piles > 1; } },
    { id: "ghosts", label: "Ghosts on a tile", fields: ["number", "cell", "slot"], when: function (c) { return c.mists; } },
    { id: "ghost-supply", label: "Ghosts in the general supply", fields: ["number"], when: function (c) { return c.mists; } },
    { id: "buried", label: "A meeple buried in a cemetery", fields: ["colour", "cell"], when: function (c) { return c.mists; } },
    { id: "face-down", label: "A face-down tile", fields: ["tile", "cell"], when: function (c) { return c.mists && c.level >= 5; } },
    { id: "hound", label: "A hound (Rufus, Ronja)", fields: ["hound", "hound-status", "colour", "cell"], when: function (c) { return c.mists && c.level >= 3; } },
    { id: "scoring-meeples", label: "The team's three scoring colours", fields: ["colours"], when: function (c) { return c.mists && c.level === 6; } },
  ];

  function kinds(ctx) { return KINDS.filter(function (k) { return !k.when || k.when(ctx); }); }
  function kind(id) { return KINDS.filter(function (k) { return k.id === id; })[0]; }

  // The setup statement for the values the form holds ({tile, rotation, x, y, colour, feature,
  // number, scorer, player, pile, tiles, slot, hound, status, colours}), or an Error saying what
  // the form still needs.
  function statement(id, v) {
    function need(cond, what) { if (!cond) throw new Error(what); }
    var at = function () {
      need(v.x !== null && v.y !== null && !isNaN(v.x) && !isNaN(v.y), "click a cell on the board first");
      return v.x + "," + v.y;
    };
    var count = function () {
      need(/^\d+$/.test(String(v.number)), "give a number (0 or more)");
      return String(Number(v.number));
    };
    switch (id) {
      case "place": need(v.tile, "choose a tile"); return "place " + v.tile + " at " + at() + " r" + (v.rotation | 0);
      case "face-down": need(v.tile, "choose a tile"); return "face-down " + v.tile + " at " + at();
      case "meeple":
        need(v.colour, "choose a colour");
        var where = at();
        need(v.feature, "choose the feature of the tile at " + where + " (click a tile)");
        return "meeple " + v.colour + " on " + v.feature + " at " + where;
      case "buried": need(v.colour, "choose a colour"); return "buried " + v.colour + " at " + at();
      case "ghosts": return "ghosts " + count() + " at " + at() + (v.slot ? " " + v.slot : "");
      case "ghost-supply": return "ghosts supply " + count();
      case "meeple-supply": need(v.colour, "choose a colour"); return "meeples supply " + v.colour + " " + count();
      case "score": return "score " + (v.scorer ? v.scorer + " " : "") + count();
      case "player": return "player " + (v.player | 0);
      case "pile":
        var tiles = String(v.tiles || "").trim().split(/[\s,]+/).filter(Boolean);
        return "pile " + (v.pile | 0) + ":" + (tiles.length ? " " + tiles.join(" ") : "");
      case "active-pile": return "active-pile " + (v.pile | 0);
      case "hound":
        if (v.status !== "placed") return "hound " + (v.hound | 0) + " " + v.status;
        need(v.colour, "choose the colour of the meeple the hound lies by");
        return "hound " + (v.hound | 0) + " by " + v.colour + "@" + at();
      case "scoring-meeples":
        need(v.colours && v.colours.length === 3, "tick three colours");
        return "scoring-meeples " + v.colours.join(" ");
    }
    throw new Error("unknown kind " + id);
  }

  var QUARTERS = ["not turned", "turned a quarter clockwise", "turned half round", "turned three quarters clockwise"];
  var SIDES = { N: "north", E: "east", S: "south", W: "west" };
  // Halves of a side, as the spec language names them (l: the first clockwise).
  var HALVES = { Nl: "west", Nr: "east", El: "north", Er: "south", Sl: "east", Sr: "west", Wl: "south", Wr: "north" };
  // road:W -> "the road leaving west", field:Nl -> "the field on the west half of the north side".
  function feature(f) {
    var m = /^(\w+)(?::(\w)(\w)?)?$/.exec(f);
    if (!m || !m[2]) return "the " + f;
    if (m[3]) return "the " + m[1] + " on the " + HALVES[m[2] + m[3]] + " half of the " + SIDES[m[2]] + " side";
    return "the " + m[1] + " on the " + SIDES[m[2]] + " side";
  }
  // A sentence for a statement (the spec's own words are shown beside it).
  function describe(line) {
    var d = sentence(line);
    return d.charAt(0).toUpperCase() + d.slice(1);
  }
  function sentence(line) {
    var w = line.split(/\s+/), m;
    if ((m = /^place (\S+) at (\S+) r(\d)$/.exec(line))) return "Tile " + m[1] + " at " + m[2] + ", " + QUARTERS[Number(m[3])] + ".";
    if ((m = /^face-down (\S+) at (\S+)$/.exec(line))) return "Tile " + m[1] + " face down at " + m[2] + ".";
    if ((m = /^meeple (\S+) on (\S+) at (\S+)$/.exec(line))) return "A " + m[1] + " meeple on " + feature(m[2]) + " of the tile at " + m[3] + ".";
    if ((m = /^buried (\S+) at (\S+)$/.exec(line))) return "A " + m[1] + " meeple buried in the cemetery at " + m[2] + ".";
    if ((m = /^ghosts supply (\d+)$/.exec(line))) return m[1] + " ghosts in the general supply.";
    if ((m = /^ghosts (\d+) at (\S+)(.*)$/.exec(line))) return m[1] + " ghost(s) on the tile at " + m[2] + (m[3] ? " (" + m[3].trim() + ")" : "") + ".";
    if ((m = /^meeples supply (\S+) (\d+)$/.exec(line))) return m[1] + " keeps " + m[2] + " meeple(s) in supply.";
    if ((m = /^score (\S+) (\d+)$/.exec(line))) return m[1] + " has " + m[2] + " points.";
    if ((m = /^score (\d+)$/.exec(line))) return "The score is " + m[1] + ".";
    if ((m = /^player (\d+)$/.exec(line))) return "Player " + m[1] + " takes the next turn.";
    if ((m = /^pile (\d+):(.*)$/.exec(line))) return "Pile " + m[1] + " holds " + (m[2].trim() ? m[2].trim().split(/\s+/).join(", ") + " (first drawn first)" : "nothing") + ".";
    if ((m = /^active-pile (\d+)$/.exec(line))) return "Tiles are drawn from pile " + m[1] + ".";
    if ((m = /^hound (\d) by (\S+)$/.exec(line))) return "Hound " + m[1] + " lies by the meeple " + m[2] + ".";
    if ((m = /^hound (\d) (\S+)$/.exec(line))) return "Hound " + m[1] + " is " + m[2] + ".";
    if (w[0] === "scoring-meeples") return "The team's scoring colours: " + w.slice(1).join(", ") + ".";
    return line;
  }

  return { kinds: kinds, kind: kind, statement: statement, describe: describe };
})();
if (typeof module !== "undefined" && module.exports) module.exports = CarcheckSetup;
