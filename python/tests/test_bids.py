"""Bids in the Python module (Bridges, Castles and Bazaars, seed 003 "Bazarul"): every legal bid
is in legal_actions(); where the rules bound none (negative-score=allowed, fn 7) one range entry
per tile stands for all of them, and a bid of it is made with with_amount()."""
import carcheck
import pytest


def to_first_bazaar_decision(variants):
    """A random game (random_action) up to its first bazaar selection with bids."""
    game = carcheck.load_game("bcb", players=3, variants=variants)
    for seed in range(1, 50):
        s = game.new_state(seed)
        rng = carcheck.Rng(seed)
        while not s.is_terminal():
            if s.phase() == "bazaar-select" and s.legal_actions()[0].amount is not None:
                return s  # (under forbidden with every score 0 nobody bids: fn 14)
            s.apply(s.random_action(rng))
    raise AssertionError("no bazaar in 49 games")


def test_a_range_entry_stands_for_every_bid_from_its_lowest():
    s = to_first_bazaar_decision({"negative-score": "allowed"})
    legal = s.legal_actions()
    assert legal and all(a.kind == "select" and a.is_range and a.amount == 0 for a in legal)
    entry = legal[0]
    assert str(entry).endswith(" 0+")
    # The entry itself is no action: the rules refuse it, the state unchanged.
    assert "range entry" in s.apply(entry)
    assert s.phase() == "bazaar-select"
    with pytest.raises(carcheck.Error, match="does not stand for a bid of -1"):
        entry.with_amount(-1)
    # 500: far above any window the list once stopped at (0 + 10, or the score).
    bid = entry.with_amount(500)
    assert not bid.is_range and bid.amount == 500 and str(bid) == str(entry)[:-2] + "500"
    assert entry.offers(bid) and not bid.offers(entry)
    assert s.apply(bid) is None
    assert s.phase() == "bazaar-bid"
    raise_entry = [a for a in s.legal_actions() if a.kind == "bid"]
    assert len(raise_entry) == 1 and raise_entry[0].is_range and raise_entry[0].amount == 501


def test_bounded_bids_are_each_listed_up_to_the_score():
    s = to_first_bazaar_decision({"negative-score": "forbidden"})
    score = s.scores()[s.current_player()]
    by_tile = {}
    for a in s.legal_actions():
        assert a.kind == "select" and not a.is_range
        by_tile.setdefault(str(a).rsplit(" ", 1)[0], []).append(a.amount)
    # fn 8 (ZMG): no bid above the bidder's score; an opening bid of 0 always.
    for amounts in by_tile.values():
        assert amounts == list(range(0, max(0, score) + 1))
