"""Random games from Python against `carcheck play --seed S --json`: the same seed plays the
same game, whether C++ (play_random) or Python (a loop over legal_actions) chooses."""
import json

import carcheck
import pytest

RULE_SETS = [
    ("base-c1", 0, 2, []),
    ("pnp-demo", 0, 3, []),
    ("bcb", 0, 2, []),
    ("mists", 3, 2, []),
    ("mists", 6, 2, ["coop-scoring=majority"]),
]
SEEDS = [1, 2, 7, 1234567890123]


def cli_game(run_cli, rules, level, players, variants, seed):
    args = ["play", "--rules", rules, "--players", str(players), "--seed", str(seed), "--json"]
    if level:
        args += ["--level", str(level)]
    for v in variants:
        args += ["--variant", v]
    status, out, err = run_cli(*args)
    assert status == 0, err
    doc = json.loads(out)
    if "scores" in doc:  # competitive: one row per player
        scores = [row["total"] for row in doc["scores"]]
    else:  # Mists: one track, or one per scoring meeple
        scores = doc["score"] if isinstance(doc["score"], list) else [doc["score"]]
    return doc, scores


def python_loop(game, seed):
    """The command's choices, made from Python: random_action(Rng(seed ^ salt))."""
    s = game.new_state(seed)
    rng = carcheck.Rng(seed ^ carcheck.PLAY_CHOOSER_SALT)
    while not s.is_terminal():
        a = s.random_action(rng)
        assert not a.is_range
        assert any(e.offers(a) for e in s.legal_actions())
        assert s.apply(a) is None
    return s


@pytest.mark.parametrize("rules, level, players, variants", RULE_SETS)
def test_same_seed_same_game(run_cli, rules, level, players, variants):
    game = carcheck.load_game(rules, level=level, players=players, variants=variants)
    batch = carcheck.play_random(game, SEEDS)
    assert [g["seed"] for g in batch] == SEEDS
    for seed, result in zip(SEEDS, batch):
        doc, scores = cli_game(run_cli, rules, level, players, variants, seed)
        assert result["scores"] == scores, seed
        assert result["turns"] == doc["turns"], seed
        assert result["tiles_placed"] == doc["tiles_placed"], seed
        if game.is_mists:
            assert result["won"] == (doc["result"] == "won")
            assert result["end_reason"] == doc["reason"]
        s = python_loop(game, seed)
        assert s.scores() == scores, seed
        assert s.turn() == doc["turns"], seed


@pytest.mark.parametrize(
    "rules, level, chance_phases",
    [("mists", 2, {"draw"}), ("mists", 5, {"draw", "face-down-draw"}), ("bcb", 0, {"draw"})],
)
def test_chance_nodes_drawn_by_the_engine_play_the_same_game(rules, level, chance_phases):
    game = carcheck.load_game(rules, level=level, players=2)
    seed = 1  # at Level 5 its game reaches the face-down tiles' draws
    auto = game.new_state(seed)
    chance = game.new_state(seed, chance=True)
    pick = carcheck.Rng(5)
    seen = set()

    def draw_until_a_choice():
        while chance.is_chance_node():
            seen.add(chance.phase())
            assert all(a.kind == "draw" for a in chance.legal_actions())
            assert chance.apply_random_draw().kind == "draw"

    while not auto.is_terminal():
        draw_until_a_choice()
        legal = auto.legal_actions()
        assert [str(a) for a in legal] == [str(a) for a in chance.legal_actions()]
        a = legal[pick.below(len(legal))]
        if a.is_range:  # a bid of it: the lowest or a little above
            a = a.with_amount(a.amount + pick.below(3))
        assert auto.apply(a) is None and chance.apply(a) is None
    draw_until_a_choice()
    assert chance.is_terminal()
    assert seen == chance_phases
    assert chance.scores() == auto.scores()
    assert str(chance) == str(auto)


def test_other_policies_end_their_games():
    game = carcheck.load_game("base-c1")
    for g in carcheck.play_random(game, range(3), policy="first"):
        assert g["tiles_placed"] + 0 > 1 and len(g["scores"]) == 2
    with pytest.raises(carcheck.Error, match="unknown policy 'best'"):
        carcheck.play_random(game, [1], policy="best")


# Issue 28: every score class of the rule system, everywhere a score is shown. The classes
# come from the rules: the base game's roads, cities, monasteries and farms (seed 001; the demo
# has no farmers, seed 002); Bridges, Castles and Bazaars adds castles and the bazaars' points
# (seed 003, signed); Mists scores roads, cities, castles (FAQ.MoC.0002) and, from Level 3,
# hounds (the RULE_SETS here play Levels 3 and 6).
SCORE_CLASSES = {
    "base-c1": ["road", "city", "monastery", "field"],
    "pnp-demo": ["road", "city", "monastery"],
    "bcb": ["road", "city", "monastery", "field", "castle", "bazaar"],
    "mists": ["road", "city", "castle", "hound"],  # Levels 3-6: castles and hounds in play
}
PLURAL = {"road": "roads", "city": "cities", "monastery": "monasteries", "field": "farms",
          "castle": "castles", "bazaar": "bazaars", "hound": "hounds"}


@pytest.mark.parametrize("rules, level, players, variants", RULE_SETS + [("bcb", 0, 3, [])])
def test_score_breakdown_lists_every_class_and_sums(run_cli, rules, level, players, variants):
    game = carcheck.load_game(rules, level=level, players=players, variants=variants)
    for seed in SEEDS:
        s = python_loop(game, seed)
        doc, scores = cli_game(run_cli, rules, level, players, variants, seed)
        rows = doc["scores"] if "scores" in doc else doc["breakdown"]
        for who, total in enumerate(scores):
            parts = s.score_breakdown(who)
            assert sorted(parts) == sorted(SCORE_CLASSES[rules] + ["total"]), parts
            assert parts["total"] == total
            assert sum(parts[c] for c in SCORE_CLASSES[rules]) == total, (seed, parts)
            for c in SCORE_CLASSES[rules]:
                assert rows[who][PLURAL[c]] == parts[c], (seed, who, c)
