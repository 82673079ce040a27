"""`python -m bench`: speed of every registered game, through the same contract the bot uses.

For each game: random-playout engine moves per second, board render time (ms, public view of mid-game
positions), and the table service's `act` latency p50/p95 against a SQLite file that already holds
1,000 stored games. Options: `python -m bench [GAME[:NAME=VALUE,...] ...] [--seconds S] [--stored N]`;
by default every game with its default options, plus the variants in VARIANTS.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import engines
import render
from engines.core import Rng, resolve_options
from engines.players import RandomPlayer

TARGETS = {"forestfire": {"moves_per_s": 20_000, "render_ms": 40, "act_p95_ms": 60}}
# Variants that play differently enough to be measured apart.
VARIANTS = ["rescue:mode=advanced"]


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`rescue:mode=advanced,level=heroic` -> ("rescue", {"mode": "advanced", "level": "heroic"})."""
    game, _, rest = spec.partition(":")
    options = dict(pair.split("=", 1) for pair in rest.split(",") if "=" in pair)
    return game, options


def engine_speed(engine, options: dict, seconds: float) -> tuple[float, int]:
    """Random playouts for about `seconds`; returns (moves per second, games finished)."""
    player, moves, games = RandomPlayer(), 0, 0
    seats = min(engine.seats)
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        seed += 1
        state, rng = engine.setup(seats, options, seed), Rng(seed)
        while engine.outcome(state) is None:
            seat = engine.to_move(state)[0]
            engine.play(state, seat, player.choose(engine, state, seat, rng))
            moves += 1
        games += 1
    return moves / (time.perf_counter() - start), games


def positions(engine, options: dict, count: int) -> list:
    """Public views of positions spread through a few random games."""
    player, views = RandomPlayer(), []
    seed = 100
    while len(views) < count:
        seed += 1
        state, rng, n = engine.setup(min(engine.seats), options, seed), Rng(seed), 0
        while engine.outcome(state) is None and len(views) < count:
            seat = engine.to_move(state)[0]
            engine.play(state, seat, player.choose(engine, state, seat, rng))
            n += 1
            if n % 7 == 0:
                views.append(engine.view(state, None))
        views.append(engine.view(state, None))
    return views[:count]


def render_ms(engine, options: dict, count: int = 20) -> float:
    views = positions(engine, options, count)
    render.board(engine.id, views[0])  # warm the font cache
    start = time.perf_counter()
    for view in views:
        render.board(engine.id, view)
    return (time.perf_counter() - start) * 1000 / len(views)


async def act_latency(engine, options: dict, stored: int, samples: int) -> tuple[float, float]:
    from bot.service import TableService
    from db import open_store

    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(f"sqlite:///{Path(folder) / 'bench.db'}")
        service = TableService(store)
        seats = min(engine.seats)

        async def new_table(seed: int) -> int:
            table = (await service.create(engine.id, 1, "P1", options, seed=seed)).table_id
            for user in range(2, seats + 1):
                await service.join(table, user, f"P{user}")
            await service.start(table, 1)
            return table

        for seed in range(stored):
            await new_table(seed)
        rng, player, timings = Rng(1), RandomPlayer(), []
        table = await new_table(stored)
        while len(timings) < samples:
            row = await store.get_table(table)
            state = engine.load(row.state)
            if engine.outcome(state) is not None:
                table = await new_table(stored + len(timings) + 1)
                continue
            seat = engine.to_move(state)[0]
            move = player.choose(engine, state, seat, rng)
            start = time.perf_counter()
            await service.act(table, seat + 1, move)
            timings.append((time.perf_counter() - start) * 1000)
        await store.close()
    timings.sort()
    return statistics.median(timings), timings[int(len(timings) * 0.95) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("games", nargs="*", help="games to measure, GAME or GAME:NAME=VALUE,... (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="engine playout time per game")
    parser.add_argument("--stored", type=int, default=1000, help="games stored before measuring act")
    parser.add_argument("--samples", type=int, default=200, help="act calls measured")
    args = parser.parse_args()
    chosen = args.games or [*engines.ALL, *(v for v in VARIANTS if parse_spec(v)[0] in engines.ALL)]
    print(f"{'game':<22} {'moves/s':>10} {'render ms':>10} {'act p50 ms':>11} {'act p95 ms':>11}  targets")
    for spec in chosen:
        game_id, given = parse_spec(spec)
        engine = engines.get(game_id)
        options = resolve_options(engine, given)
        speed, _ = engine_speed(engine, options, args.seconds)
        ms = render_ms(engine, options)
        p50, p95 = asyncio.run(act_latency(engine, given, args.stored, args.samples))
        target = TARGETS.get(spec)
        verdict = ""
        if target:
            ok = speed >= target["moves_per_s"] and ms <= target["render_ms"] and p95 <= target["act_p95_ms"]
            verdict = ("met" if ok else "MISSED") + (
                f" (>= {target['moves_per_s']} moves/s, <= {target['render_ms']} ms, p95 <= {target['act_p95_ms']} ms)")
        print(f"{spec:<22} {speed:>10,.0f} {ms:>10.1f} {p50:>11.1f} {p95:>11.1f}  {verdict}", flush=True)


if __name__ == "__main__":
    main()
