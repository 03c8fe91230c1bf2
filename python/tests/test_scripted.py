"""A short base game with forced draws (chance nodes) whose scores are worked out by hand."""
import carcheck
import pytest


def forced(state, tile):
    """At a chance node, draw `tile` (one of the draws legal_actions lists)."""
    assert state.is_chance_node()
    assert state.current_player() == carcheck.CHANCE_PLAYER
    draws = [str(a) for a in state.legal_actions()]
    assert "draw " + tile in draws
    assert state.apply("draw " + tile) is None


def play(state, *texts):
    for text in texts:
        assert state.apply(text) is None, text


@pytest.mark.parametrize("small_city, city_points", [("modern", 4), ("old", 2)])
def test_a_road_and_a_small_city_close(small_city, city_points):
    game = carcheck.load_game("base-c1", players=2, variants={"small-city": small_city})
    assert game.variants["small-city"] == small_city
    s = game.new_state(5, chance=True)
    first = s.active_player()
    other = 1 - first

    # The start tile (city-cap-straight-road at 0,0) has its city on N and its road W-E.
    # First player: a T junction east of it ends the road there; a thief on its W road.
    forced(s, "t-junction")
    [drawn] = s.events()
    assert (drawn["kind"], drawn["tile"], drawn["player"]) == ("tile-drawn", "t-junction", first)
    assert s.current_player() == first
    play(s, "place 1,0 r0", "meeple road:W")
    assert s.scores() == [0, 0]

    # Second player: a monastery whose road (S, turned three quarters: E) ends the road in
    # the west. Seed 001, "Evaluează drumuri": a finished road scores 1 point per tile:
    # 3 tiles, 3 points for the thief's owner, who takes the thief back.
    forced(s, "monastery-road")
    assert s.current_player() == other
    play(s, "place -1,0 r3", "pass")
    scored = [e for e in s.events() if e["kind"] == "scored"]
    assert len(scored) == 1
    assert scored[0]["feature"] == "road"
    assert scored[0]["points"] == 3
    assert scored[0]["player"] == first
    expected = [0, 0]
    expected[first] = 3
    assert s.scores() == expected

    # First player again: a city cap turned south closes the start tile's city, 2 tiles; a
    # knight in it scores at once (seed 001 footnote 7: modern 2 a tile, old 1 a tile) and
    # comes back.
    forced(s, "city-cap")
    assert s.current_player() == first
    play(s, "place 0,-1 r2", "meeple city:S")
    kinds = [e["kind"] for e in s.events()]
    assert "meeple-returned" in kinds
    expected[first] += city_points
    assert s.scores() == expected
    assert s.score_breakdown(first)["city"] == city_points
    assert s.score_breakdown(first)["road"] == 3
    assert s.current_player() == carcheck.CHANCE_PLAYER  # the other player's draw comes next
    assert not s.is_terminal()


def test_default_draws_leave_only_choices():
    game = carcheck.load_game("base-c1")
    s = game.new_state(11)
    assert not s.is_chance_node()
    assert s.current_player() in (0, 1)
    drawn = [e for e in s.events() if e["kind"] == "tile-drawn"]
    assert len(drawn) == 1  # the first draw was made from the seed
    while not s.is_terminal():
        actions = s.legal_actions()
        assert actions and all(a.kind != "draw" for a in actions)
        assert s.apply(actions[0]) is None
    assert s.current_player() == carcheck.TERMINAL_PLAYER
    assert s.tiles_remaining() == 0


def test_clone_is_independent():
    s = carcheck.load_game("base-c1").new_state(3)
    c = s.clone()
    first = s.legal_actions()[0]
    assert s.apply(first) is None
    assert c.turn() == 0 and c.phase() == "place"
    assert str(c) != str(s)
    assert c.apply(first) is None
    assert str(c) == str(s)


def test_level6_the_team_chooses_the_scoring_colours():
    """Seed 004 Level 6: "Jullie bepalen de kleuren van die meeples". With 2 players (4 colours)
    the team chooses 3 of them before the first draw: C(4,3) = 4 ways, no draw before it; the
    tracks follow the chosen colours in ascending colour order."""
    game = carcheck.load_game("mists", level=6, players=2)
    s = game.new_state(3, chance=True)
    assert s.phase() == "scoring-meeples"
    assert s.scoring_colours() == []
    options = sorted(str(a) for a in s.legal_actions())
    assert options == sorted([
        "scoring-meeples red green blue",
        "scoring-meeples red green yellow",
        "scoring-meeples red blue yellow",
        "scoring-meeples green blue yellow",
    ])
    assert s.apply("scoring-meeples red green") is not None  # three, not two
    assert s.apply("scoring-meeples yellow green blue") is None
    assert s.scoring_colours() == ["green", "blue", "yellow"]
    assert s.scores() == [0, 0, 0]
    assert s.is_chance_node()
