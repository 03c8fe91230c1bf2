#!/usr/bin/env python3
"""Converts another engine's game transcripts into carcheck's game-log format.

The transcripts are those of tests/other-engine/ (README.md there): complete 2-player base
games written by an independent Go engine (YASP), y growing north, each tile with its own
shape and its own rotation origin, every legal placement with its follower options.

    python3 transcript_to_gamelog.py transcripts.jsonl > games.jsonl
    carcheck replay games.jsonl

or, with every placement's follower options (format version 2; version 1 carries the
played placement's only):

    python3 transcript_to_gamelog.py --version 2 transcripts.jsonl > games.jsonl

or, naming carcheck's own tiles instead of shipping the engine's:

    carcheck tiles --set base-c1 --json > carcheck-tiles.json
    python3 transcript_to_gamelog.py --carcheck-tiles carcheck-tiles.json transcripts.jsonl

The conversion, step by step (docs/game-log.md, "Writing a log from another engine"):
- frame: y grows north and rotations turn clockwise, so the header says
  {"y": "up", "rotation": "clockwise"}; coordinates are copied as they are.
- tiles: the transcript's tiles are shipped in the log's `tiles` (its shapes, as drawn,
  written in the tile language), so carcheck rotates them from the same origin as the
  engine did; the start tile's count includes the copy on the table.
  With --carcheck-tiles, each of the engine's tiles is matched instead to the carcheck
  tile of the same shape (`carcheck tiles --json` prints them), and where the engine draws
  it turned, the header's `tile_rotations` says by how many quarter turns.
- followers: a feature of the placed tile, named by one of its ports in board directions.
- legal sets: copied as they are. The engine lists one rotation of each symmetric pair
  (a straight road in 0 or 2, not both); carcheck compares distinct placements and only
  notes the twin the log leaves out. The played rotation is matched to its listed twin to
  find its follower options.
- scores: the engine reports each turn's points; the log wants the totals after the turn,
  and the final totals in `final_scores`.

Python 3 standard library only.
"""

import json
import sys
from collections import Counter

SIDES = ["N", "E", "S", "W"]
HALVES = ["Nl", "Nr", "El", "Er", "Sl", "Sr", "Wl", "Wr"]
# The corner a field half touches, as the other side at that corner: Nl is the west half of
# N, at the north-west corner, so a field with Nl borders a city on W (README "Half-edges").
CORNER_SIDE = {"Nl": "W", "Nr": "E", "El": "N", "Er": "S",
               "Sl": "E", "Sr": "W", "Wl": "S", "Wr": "N"}


def turn_side(s, r):
    return SIDES[(SIDES.index(s) + r) % 4]


def turn_half(h, r):
    return turn_side(h[0], r) + h[1]


def shape(tile):
    """The tile in carcheck's tile language (docs/tile-language.md)."""
    items = []
    for c in tile["cities"]:
        items.append("city " + "+".join(c["sides"]) + (" shield" if c["shield"] else ""))
    for road in tile["roads"]:
        s = road["sides"]
        items.append("road " + ("-".join(s) if len(s) == 2 else s[0] + "*"))
    if tile["monastery"]:
        items.append("monastery")
    for f in tile["fields"]:
        borders = []
        for c in tile["cities"]:
            if any(CORNER_SIDE[h] in c["sides"] for h in f["halves"]):
                borders.append("@" + c["sides"][0])
        items.append(" ".join(["field"] + f["halves"] + borders))
    return "; ".join(items)


def turned(tile, r):
    """The tile's features after r quarter turns clockwise, as a comparable set."""
    out = set()
    for c in tile["cities"]:
        out.add(("city", frozenset(turn_side(s, r) for s in c["sides"]), c["shield"]))
    for road in tile["roads"]:
        out.add(("road", frozenset(turn_side(s, r) for s in road["sides"])))
    for f in tile["fields"]:
        out.add(("field", frozenset(turn_half(h, r) for h in f["halves"])))
    if tile["monastery"]:
        out.add(("monastery",))
    return frozenset(out)


def twins(tile, r):
    """Every rotation that shows the same tile as rotation r (r itself included)."""
    return [q for q in range(4) if turned(tile, q) == turned(tile, r)]


def follower(feature):
    """A follower as the game log names it: a feature of the placed tile by one port."""
    if feature is None:
        return None
    kind = feature["feature"]
    if kind == "monastery":
        return "monastery"
    port = feature["halves"][0] if kind == "field" else feature["sides"][0]
    return kind + ":" + port


def carcheck_shape(tile):
    """A tile of `carcheck tiles --json` (rotation 0) as turned() describes tiles."""
    out = set()
    for f in tile["cells"][0]["features"]:
        ports = f["ports"]
        if f["kind"] == "city":
            out.add(("city", frozenset(p[0] for p in ports), f.get("shields", 0) > 0))
        elif f["kind"] == "road":
            out.add(("road", frozenset(p[0] for p in ports)))
        elif f["kind"] == "field":
            out.add(("field", frozenset(p for p in ports if p[1] != "c")))
        elif f["kind"] == "monastery":
            out.add(("monastery",))
    return out


def turn_shape(shape, r):
    out = set()
    for f in shape:
        if f[0] == "city":
            out.add(("city", frozenset(turn_side(s, r) for s in f[1]), f[2]))
        elif f[0] == "road":
            out.add(("road", frozenset(turn_side(s, r) for s in f[1])))
        elif f[0] == "field":
            out.add(("field", frozenset(turn_half(h, r) for h in f[1])))
        else:
            out.add(f)
    return frozenset(out)


def carcheck_names(tiles_json, tiles):
    """Each of the engine's tiles as carcheck's tile and the quarter turns k that bring
    carcheck's picture onto the engine's (the header's tile_rotations)."""
    shipped = [t for s in tiles_json["sets"] for t in s["tile_names"] if len(t["cells"]) == 1]
    found = {}
    for name, tile in tiles.items():
        for c in shipped:
            ks = [k for k in range(4) if turn_shape(carcheck_shape(c), k) == turned(tile, 0)]
            if ks:
                found[name] = (c["name"], ks[0])
                break
        else:
            sys.exit("no carcheck tile has the shape of " + name)
    return found


def convert(game, names=None, version=1):
    counts = Counter(t["tile"]["type"] for t in game["turns"])
    shapes = {t["tile"]["type"]: shape(t["tile"]) for t in game["turns"]}
    start = game["start"]["tile"]
    counts[start["type"]] += 1  # the copy on the table counts too
    shapes[start["type"]] = shape(start)
    tiles = [{"name": name, "count": counts[name], "shape": shapes[name],
              **({"start": True} if name == start["type"] else {})}
             for name in sorted(counts)]
    if names:  # carcheck's tiles, turned as the engine draws them
        drawn = {t["tile"]["type"]: t["tile"] for t in game["turns"]}
        drawn[start["type"]] = start
        names = carcheck_names(names, drawn)
    totals = [0] * game["players"]
    turns = []
    for t in game["turns"]:
        tile = t["tile"]
        if t["kind"] == "discard":
            turns.append({"player": t["player"], "tile": tile["type"], "discard": True})
            continue
        totals = [a + b for a, b in zip(totals, t["points"])]
        turn = {"player": t["player"], "tile": tile["type"],
                "x": t["x"], "y": t["y"], "rotation": t["rotation"],
                "follower": follower(t["meeple"]), "scores": totals}
        if "legal" in t and version >= 2:
            # Version 2: every placement with the followers the engine allows there.
            turn["legal"] = [{"x": p["x"], "y": p["y"], "rotation": p["rotation"],
                              "followers": [follower(m) or "none" for m in p["meeples"]]}
                             for p in t["legal"]]
        elif "legal" in t:
            # One rotation of each symmetric pair, as the engine lists them: carcheck
            # compares distinct placements and notes the twins it leaves out.
            turn["legal_placements"] = [[p["x"], p["y"], p["rotation"]] for p in t["legal"]]
            played = [p for p in t["legal"] if (p["x"], p["y"]) == (t["x"], t["y"])
                      and t["rotation"] in twins(tile, p["rotation"])]
            if played:
                turn["legal_followers"] = [follower(m) or "none" for m in played[0]["meeples"]]
        turns.append(turn)
    header = {"tiles": {"base-c1": tiles}}
    if names:
        for turn in turns:
            turn["tile"] = names[turn["tile"]][0]
        header = {"tile_rotations": {c: k for c, k in sorted(names.values()) if k}}
    return {"format": "carcheck-game-log", "version": version,
            "writer": "%s %s (transcript game %d)" % (game["engine"], game["engine_rev"][:7],
                                                     game["game"]),
            "rules": "base-c1", "players": game["players"],
            "frame": {"y": "up", "rotation": "clockwise"},
            "start": {"x": game["start"]["x"], "y": game["start"]["y"], "rotation": 0},
            **header,
            "turns": turns, "final_scores": game["final"]["totals"]}


def main():
    args = sys.argv[1:]
    names = None
    version = 1
    while args[:1] in (["--carcheck-tiles"], ["--version"]):
        if args[0] == "--version":
            version = int(args[1])
        else:
            with open(args[1]) as f:
                names = json.load(f)
        args = args[2:]
    source = open(args[0]) if args else sys.stdin
    for line in source:
        if line.strip():
            print(json.dumps(convert(json.loads(line), names, version)))


if __name__ == "__main__":
    main()
