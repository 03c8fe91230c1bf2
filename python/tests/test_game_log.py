"""A game played from Python as a game-log line: the line `carcheck play --log` writes for the
same seed, which `carcheck replay` plays back through the rules."""
import carcheck
import pytest


@pytest.mark.parametrize("rules, level, seed", [("mists", 2, 4), ("base-c1", 0, 9)])
def test_a_python_game_logs_and_replays_as_the_commands(run_cli, tmp_path, rules, level, seed):
    game = carcheck.load_game(rules, level=level)
    s = game.new_state(seed)
    rng = carcheck.Rng(seed ^ carcheck.PLAY_CHOOSER_SALT)
    while not s.is_terminal():
        assert s.apply(s.random_action(rng)) is None
    cli_log = tmp_path / "cli.log"
    args = ["play", "--rules", rules, "--seed", str(seed), "--log", str(cli_log)]
    status, _, err = run_cli(*args + (["--level", str(level)] if level else []))
    assert status == 0, err
    assert s.game_log() == cli_log.read_text().strip()
    py_log = tmp_path / "python.log"
    py_log.write_text(s.game_log() + "\n")
    status, out, err = run_cli("replay", str(py_log))
    assert status == 0, out + err
    assert "1 agree, 0 disagree" in out


def test_history_reads_as_the_actions_applied():
    s = carcheck.load_game("base-c1").new_state(6, chance=True)
    colour = ["red", "green"][s.active_player()]  # the written action names the colour played
    assert s.apply("draw city-cap") is None
    assert s.apply("place 0,-1 r2") is None
    assert s.apply("meeple city:S") is None
    drawn = s.apply_random_draw()
    assert s.history() == ["draw city-cap", "place 0,-1 r2", f"meeple city:S {colour}", str(drawn)]
    assert s.apply("place 40,40 r0") is not None  # refused: not in the history
    assert len(s.history()) == 4
