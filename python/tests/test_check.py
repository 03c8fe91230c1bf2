"""carcheck.check(): specs run as `carcheck check` runs them."""
import carcheck
import pytest

ROAD = """spec "A finished road of 3 tiles scores 3 for its thief"
rules base-c1 players 2
cites seed 001 "Un drum finalizat"
setup {
  player 1
}
draw t-junction
place 1,0 r0
meeple road:W
draw monastery-road
place -1,0 r3
pass
expect finished road at 0,0
expect score red %d
"""


@pytest.fixture
def specs(tmp_path):
    (tmp_path / "good.spec").write_text(ROAD % 3)  # seed 001: 1 point per tile, 3 tiles
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "wrong.spec").write_text(ROAD % 4)
    return tmp_path


def test_a_pass_and_a_failure(specs):
    results = carcheck.check(str(specs))
    assert [r.name for r in results] == ["good", "sub/wrong"]  # sorted by name
    good, wrong = results
    assert good.status == "PASS" and good.passed and good.line is None
    assert good.checked == 2 and good.message == ""
    assert wrong.status == "FAIL" and not wrong.passed
    assert wrong.line == 14  # `expect score red 4`
    [failure] = wrong.failures
    assert failure["expected"] == "4" and failure["actual"] == "3"
    assert wrong.message.startswith(f"{specs / 'sub' / 'wrong.spec'}:14:")
    assert wrong.rules == "base-c1"


def test_a_syntax_error_raises_with_its_place(specs, run_cli):
    bad = specs / "bad.spec"
    bad.write_text('spec "broken"\nrules base-c1 players 2\ncites seed 001 "x"\nexpect score red lots\n')
    status, out, _ = run_cli("check", str(bad))
    assert status == 2
    with pytest.raises(carcheck.Error) as caught:
        carcheck.check(specs)
    e = caught.value
    assert (e.file, e.line) == (str(bad), 4)
    assert str(e) == f"{bad}:{e.line}:{e.column}: {e.reason}"
    assert str(e) in out  # the same file:line:column: reason as the command line
    # Every spec's result comes with it; errors="report" returns them instead.
    assert [r.status for r in e.results] == ["ERROR", "PASS", "FAIL"]
    report = carcheck.check(specs, errors="report")
    assert [r.name for r in report] == ["bad", "good", "sub/wrong"]
    assert report[0].status == "ERROR" and report[0].line == 4
    assert report[0].message == str(e)


def test_forced_variants_and_matrix(specs):
    [r] = carcheck.check(specs / "good.spec", variants={"small-city": "old"})
    assert r.status == "PASS"
    with pytest.raises(carcheck.Error, match="variant 'small-city' has no value 'tiny'"):
        carcheck.check(specs / "good.spec", variants=["small-city=tiny"])
    with pytest.raises(carcheck.Error, match="no such file or folder"):
        carcheck.check(specs / "missing.spec")
    assert len(carcheck.check(specs / "good.spec", matrix=True)) == 1  # names no switch


def test_the_shipped_specs_pass(source_dir):
    results = carcheck.check()
    assert len(results) > 100
    assert [r.name for r in results if r.status != "PASS"] == []
