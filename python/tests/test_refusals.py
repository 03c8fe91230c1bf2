"""Refusals by the rules (a reason, the state unchanged) and bad input (carcheck.Error with
the command line's text), never a crash."""
import carcheck
import pytest


def test_a_refused_placement_gives_its_reason_and_changes_nothing():
    game = carcheck.load_game("base-c1")
    s = game.new_state(4, chance=True)
    assert s.apply("draw city-cap") is None
    before = str(s)
    # The start tile is at 0,0: a space two tiles away touches no tile (base rules: a new
    # tile must touch a placed one), and the start tile's own space is taken.
    why = s.apply("place 5,5 r0")
    assert isinstance(why, str) and why
    assert str(s) == before and s.phase() == "place"
    why_taken = s.apply("place 0,0 r0")
    assert isinstance(why_taken, str) and why_taken
    assert s.apply("place 0,-1 r2") is None  # its city on S meets the start tile's city


def test_action_text_both_ways():
    s = carcheck.load_game("base-c1").new_state(8)
    for a in s.legal_actions():
        assert s.action_from_text(str(a)) == a
    legal = s.legal_actions()
    assert len(set(legal)) == len(legal)  # distinct choices, hashed as compared
    assert legal[0] != str(legal[0])  # an Action is not its text


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(rules="nope"), "nope"),
        (dict(rules="mists"), "Mists over Carcassonne has levels 1 to 6; give --level 1..6"),
        (dict(rules="mists", level=9), "level: takes a whole number from 1 to 6, not '9'"),
        (dict(rules="base-c1", players=9), "players: takes a whole number from 1 to 6, not '9'"),
        (dict(rules="base-c1", players=6), "base-c1 is for 2-5 players, not 6"),
        (dict(rules="base-c1", level=2), "--level applies to --rules mists only"),
        (dict(rules="mists", level=3, variants={"coop-scoring": "sometimes"}), "sometimes"),
        (dict(rules="mists", level=3, variants={"no-such-switch": "x"}), "no-such-switch"),
    ],
)
def test_bad_game_options_raise_with_the_command_lines_reason(run_cli, kwargs, message):
    with pytest.raises(carcheck.Error) as caught:
        carcheck.load_game(**kwargs)
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)
    args = ["play", "--rules", kwargs["rules"]]
    if kwargs.get("level"):
        args += ["--level", str(kwargs["level"])]
    if kwargs.get("players"):
        args += ["--players", str(kwargs["players"])]
    for k, v in kwargs.get("variants", {}).items():
        args += ["--variant", f"{k}={v}"]
    status, _, err = run_cli(*args)
    assert status == 2
    assert str(caught.value) in err


def test_bad_action_text_raises():
    s = carcheck.load_game("base-c1").new_state(1)
    with pytest.raises(carcheck.Error, match="column 1: unknown action 'jump'"):
        s.apply("jump 0,1")
    with pytest.raises(carcheck.Error, match="unknown tile 'dragon'"):
        s.action_from_text("draw dragon")
    with pytest.raises(carcheck.Error):
        s.apply_random_draw()  # not a chance node: draws were resolved


def test_bad_data_folder(tmp_path):
    with pytest.raises(carcheck.Error, match="no such data folder"):
        carcheck.load_game("base-c1", data=str(tmp_path / "missing"))
    (tmp_path / "tiles.yaml").write_text("sets:\n  - name: [broken\n")
    (tmp_path / "levels.yaml").write_text("rule-sets: []\n")
    with pytest.raises(carcheck.Error) as caught:
        carcheck.load_game("base-c1", data=str(tmp_path))
    assert caught.value.file == str(tmp_path / "tiles.yaml")
    assert caught.value.line >= 1
    assert str(caught.value).startswith(f"{tmp_path / 'tiles.yaml'}:{caught.value.line}:")


def test_a_data_folder_of_ones_own(source_dir):
    game = carcheck.load_game("pnp-demo", players=3, data=str(source_dir))
    assert (game.rules, game.players) == ("pnp-demo", 3)
    results = carcheck.check(source_dir / "specs" / "pnp", data=str(source_dir))
    assert results and all(r.passed for r in results)
