#!/usr/bin/env python3
"""Converts another engine's game transcripts into carcheck's game-log format.

The transcripts are those of tests/other-engine/ (README.md there): complete 2-player base
games written by an independent Go engine (YASP), y growing north, each tile with its own
shape and its own rotation origin, every legal placement with its follower options.

    python3 transcript_to_gamelog.py transcripts.jsonl > games.jsonl
    carcheck replay games.jsonl

The conversion, step by step (docs/game-log.md, "Writing a log from another engine"):
- frame: y grows north and rotations turn clockwise, so the header says
  {"y": "up", "rotation": "clockwise"}; coordinates are copied as they are.
- tiles: the transcript's tiles are shipped in the log's `tiles` (its shapes, as drawn,
  written in the tile language), so carcheck rotates them from the same origin as the
  engine did; the start tile's count includes the copy on the table.
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


def convert(game):
    counts = Counter(t["tile"]["type"] for t in game["turns"])
    shapes = {t["tile"]["type"]: shape(t["tile"]) for t in game["turns"]}
    start = game["start"]["tile"]
    counts[start["type"]] += 1  # the copy on the table counts too
    shapes[start["type"]] = shape(start)
    tiles = [{"name": name, "count": counts[name], "shape": shapes[name],
              **({"start": True} if name == start["type"] else {})}
             for name in sorted(counts)]
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
        if "legal" in t:
            # One rotation of each symmetric pair, as the engine lists them: carcheck
            # compares distinct placements and notes the twins it leaves out.
            turn["legal_placements"] = [[p["x"], p["y"], p["rotation"]] for p in t["legal"]]
            played = [p for p in t["legal"] if (p["x"], p["y"]) == (t["x"], t["y"])
                      and t["rotation"] in twins(tile, p["rotation"])]
            if played:
                turn["legal_followers"] = [follower(m) or "none" for m in played[0]["meeples"]]
        turns.append(turn)
    return {"format": "carcheck-game-log", "version": 1,
            "writer": "%s %s (transcript game %d)" % (game["engine"], game["engine_rev"][:7],
                                                     game["game"]),
            "rules": "base-c1", "players": game["players"],
            "frame": {"y": "up", "rotation": "clockwise"},
            "start": {"x": game["start"]["x"], "y": game["start"]["y"], "rotation": 0},
            "tiles": {"base-c1": tiles},
            "turns": turns, "final_scores": game["final"]["totals"]}


def main():
    source = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    for line in source:
        if line.strip():
            print(json.dumps(convert(json.loads(line))))


if __name__ == "__main__":
    main()
