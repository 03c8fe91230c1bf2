"""Long calls let other Python threads run: the GIL is released while the games play."""
import threading
import time

import carcheck


def test_play_random_lets_other_threads_run():
    game = carcheck.load_game("base-c1")
    window = {}

    def worker():
        window["start"] = time.perf_counter()
        carcheck.play_random(game, range(1500))
        window["end"] = time.perf_counter()

    t = threading.Thread(target=worker)
    ticks = []
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    # Held, the GIL would stop this thread for the whole call, but for a switch interval
    # (5 ms) at either end: this thread ticking in the middle third shows it was free.
    third = (window["end"] - window["start"]) / 3
    assert third > 0.005
    assert any(window["start"] + third < x < window["end"] - third for x in ticks)


def test_games_in_two_threads_at_once_are_the_games_of_one():
    game = carcheck.load_game("mists", level=4, players=3)
    alone = carcheck.play_random(game, range(200))
    results = {}
    threads = [
        threading.Thread(target=lambda k=k: results.__setitem__(k, carcheck.play_random(game, range(200))))
        for k in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == alone and results[1] == alone
