"""run_spec, State.trace, State.board_svg and State.export_spec: the functions the page's JS
API has (docs/web.md), with the same answers as the command line."""
import re

import carcheck


def _faq5(source_dir):
    return (source_dir / "specs/mists/faq-0005-per-colour.spec").read_text()


def test_run_spec_pass_fail_error(source_dir, run_cli):
    text = _faq5(source_dir)
    r = carcheck.run_spec(text, "faq5.spec")
    assert r.status == "PASS" and r.checked > 0
    assert "FAQ.MoC" in r.trace, r.trace[:600]
    # One expected score edited: FAIL at that line, with the board there (text and SVG).
    lines = text.split("\n")
    k = next(i for i, l in enumerate(lines) if re.match(r"expect score \S+ \d+", l) or re.match(r"expect score \d+", l))
    lines[k] = re.sub(r"(\d+)$", lambda m: str(int(m.group(1)) + 7), lines[k])
    r = carcheck.run_spec("\n".join(lines), "faq5.spec")
    assert r.status == "FAIL" and r.line == k + 1
    assert r.board_svg.startswith("<svg") and r.board
    # A syntax error: ERROR with check's place, never raised.
    r = carcheck.run_spec("spec \"x\"\nrules base-c1\nexpect scroe red 1\n", "bad.spec")
    assert r.status == "ERROR" and r.line == 3 and r.message.startswith("bad.spec:3:")


def test_trace_board_svg_and_export_spec(tmp_path, run_cli):
    g = carcheck.load_game("base-c1", players=2)
    s = g.new_state(5)
    rng = carcheck.Rng(99)
    traced = cited = 0
    while s.turn() < 8 and not s.is_terminal():
        s.apply(s.random_action(rng))
        steps = s.trace()
        # The action and the draw after it, each with its events' rules.
        assert steps and steps[0]["action"] == s.history()[-len(steps)]
        traced += sum(len(st["events"]) for st in steps)
        cited += sum(1 for st in steps for e in st["events"] if e["rule"]["cites"])
    assert traced > 0 and cited > 0
    svg = s.board_svg()
    assert svg.startswith("<svg") and "</svg>" in svg
    # A cell far west of every tile is framed and labelled when asked for.
    assert ">x=-40</text>" not in svg and ">x=-40</text>" in s.board_svg(around=[(-40, 0)])
    spec = s.export_spec("a python game")
    assert "expect score red" in spec and "expect meeples supply red" in spec and "expect tiles-left" in spec
    f = tmp_path / "py.spec"
    f.write_text(spec)
    code, out, err = run_cli("check", str(f))
    assert code == 0, out + err + spec
    # An edited score fails there.
    f.write_text(re.sub(r"expect score red (\d+)", lambda m: "expect score red %d" % (int(m.group(1)) + 1), spec, count=1))
    code, out, err = run_cli("check", str(f))
    assert code == 1, out + err


def test_action_kinds_are_the_engines():
    kinds = carcheck.action_kinds()
    assert kinds[:4] == ["draw", "place", "meeple", "pass"]
    assert "haunt" in kinds and "castle-score" in kinds and len(kinds) == len(set(kinds))
